import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest
@testable import Plan

/// Issue 33 item 8: store rules of the new targets. Google Play shows Wear OS screenshots as the
/// app alone (store rule appAlone, cited): composing them with a frame or a headline is refused
/// naming the rule and its source. A size two device classes share (Apple TV and Vision Pro at
/// 3840×2160) is chosen by the job (its targets or the capture's "well"), never guessed.
final class SharedSizeAndAppAloneTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")
    private let wearSource = "[https://android-developers.googleblog.com/2021/09/wear-os-3-update.html]"

    private func plan(_ scratch: Scratch, _ job: [String: Any]) throws -> (outputs: [String], lines: [String]) {
        let file = try scratch.writeJob(job)
        var d = DiagnosticCollector()
        let loaded = try XCTUnwrap(JobLoader.load(file: file, into: &d))
        let plan = Planner.plan(loaded, inputs: Ingest.read(loaded, options: epoch), options: epoch, into: &d)
        return ((plan?.outputs ?? []).map { "\($0.capture.id) \($0.canvas.id)" },
                lines(d).map { $0.replacingOccurrences(of: scratch.url.path + "/", with: "") })
    }

    func testWearOSComposedWithAFrameAndAHeadlineIsRefusedNamingTheRule() throws {
        let scratch = try Scratch()
        try scratch.write("wear.png", try Fixtures.png(width: 454, height: 454))
        let job: [String: Any] = ["schemaVersion": 1, "captures": [["id": "steps", "path": "wear.png"]],
                                  "headlines": ["en-US": ["steps": "Every step"]], "targets": ["google-play:wear"], "template": "classic"]
        let refused = try plan(scratch, job)
        XCTAssertEqual(refused.lines, [
            "error: job.json: targets[0]: google-play shows Wear OS screenshots as the app alone (store rule appAlone): expected capture steps on google-play-wear-square-384x384 with no device frame and no text, found a headline (every template sets one) and the device frame template classic draws around the capture; remove google-play:wear from \"targets\" and leave the device out (\"leaveOut\"), uploading its captures as they are \(wearSource)",
        ])
        // A designer's template with no frame art still sets a headline: refused for that alone.
        try scratch.write("square.svg", """
        <svg xmlns="http://www.w3.org/2000/svg" width="384" height="384" viewBox="0 0 384 384">
          <rect id="background" width="384" height="384" fill="#203040"/>
          <g id="headline"><rect x="24" y="12" width="336" height="60" fill="none"/><text x="192" y="50" font-family="DejaVu Sans" font-size="28" fill="#ffffff" text-anchor="middle">Headline</text></g>
          <rect id="capture" x="72" y="80" width="240" height="240"/>
        </svg>
        """)
        var plain = job
        plain["template"] = ["watch": "square.svg"]
        XCTAssertEqual(try plan(scratch, plain).lines, [
            "error: job.json: targets[0]: google-play shows Wear OS screenshots as the app alone (store rule appAlone): expected capture steps on google-play-wear-square-384x384 with no device frame and no text, found a headline (every template sets one); remove google-play:wear from \"targets\" and leave the device out (\"leaveOut\"), uploading its captures as they are \(wearSource)",
        ])
        // What the refusal says to do: the watch left out, the phone composed.
        try scratch.write("phone.png", try Fixtures.png(width: 1080, height: 1920))
        let release = try plan(scratch, ["schemaVersion": 1, "captures": [["id": "steps", "path": "wear.png"], ["id": "home", "path": "phone.png"]],
                                         "headlines": ["en-US": ["steps": "Every step", "home": "Plan your day"]], "targets": ["google-play:phone"],
                                         "leaveOut": [["well": "wear-os-emulator-454x454", "why": "Play shows Wear OS screenshots as captured"]]])
        XCTAssertEqual(release.lines, [])
        XCTAssertEqual(release.outputs, ["home google-play-phone-portrait-1080x1920"])
    }

    func testTheRuleIsCitedInTheShippedCatalog() throws {
        var d = DiagnosticCollector()
        let wells = try XCTUnwrap(WellsListing.loadMerged(file: nil, storeFile: nil, into: &d))
        let rule = try XCTUnwrap(wells.storeRules.first { $0.kind == .appAlone })
        XCTAssertEqual(rule.store, "google-play")
        XCTAssertEqual(rule.classes, ["Wear OS"])
        XCTAssertTrue(rule.enforced)
        XCTAssertEqual(rule.citation?.retrieved, "2026-12-05")
        XCTAssertTrue(rule.citation?.statement.contains("do not frame screenshots in a Wear OS watch") == true)
        XCTAssertTrue(rule.citation?.note?.contains("could be read there") == true, "the note says how it was verified")
    }

    func testA3840By2160CaptureIsChosenByTheJobNeverGuessed() throws {
        let scratch = try Scratch()
        try scratch.write("big.png", try Fixtures.png(width: 3840, height: 2160))
        func job(_ targets: [String], well: String? = nil) -> [String: Any] {
            var capture: [String: Any] = ["id": "show", "path": "big.png"]
            capture["well"] = well
            return ["schemaVersion": 1, "captures": [capture], "headlines": ["en-US": ["show": "Watch together"]], "targets": targets]
        }
        // Both classes targeted and nothing names the device: refused naming both candidates.
        XCTAssertEqual(try plan(scratch, job(["app-store:apple-tv", "app-store:vision-pro"])).lines, [
            "error: big.png: captures[0].well: capture show has no \"well\": 2 wells have this size 3840×2160 and nothing names the device: expected one, found tvos-simulator-3840x2160 (Apple TV, tv), visionos-simulator-3840x2160 (Apple Vision Pro, headset); name the device (a snapshot file's device name, \"devices\" for a screengrab folder) or the well (\"well\"), or let the job's \"targets\" choose: one of app-store:apple-tv, app-store:vision-pro without the others",
        ])
        // The job's one target chooses.
        XCTAssertEqual(try plan(scratch, job(["app-store:vision-pro"])).outputs, ["show app-store-vision-pro-landscape-3840x2160"])
        XCTAssertEqual(try plan(scratch, job(["app-store:apple-tv"])).outputs, ["show app-store-apple-tv-landscape-3840x2160"])
        // The capture's well chooses; the other class's target then has no capture.
        let named = try plan(scratch, job(["app-store:apple-tv"], well: "visionos-simulator-3840x2160"))
        XCTAssertEqual(named.lines, [
            "error: job.json: targets[0]: no capture can fill target app-store:apple-tv: expected a capture recorded in a tv well, found captures of headset only",
            "error: job.json: captures[0]: capture show (3840×2160, well visionos-simulator-3840x2160) fills none of the job's targets: expected a target that takes 3840×2160 (app-store:vision-pro), or the device left out on purpose ({\"well\": \"visionos-simulator-3840x2160\", \"why\": \"…\"} in \"leaveOut\"), found targets app-store:apple-tv, none of them for a headset capture",
        ])
        XCTAssertEqual(try plan(scratch, job(["app-store:vision-pro"], well: "visionos-simulator-3840x2160")).outputs,
                       ["show app-store-vision-pro-landscape-3840x2160"])
    }
}
