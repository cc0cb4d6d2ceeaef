import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Manifest

/// Issue 33 item 6: a capture that fills none of the job's targets is an error at check and
/// render (exit 1, nothing written), naming the capture, its size and the targets that would
/// take it, unless `"leaveOut"` names its device (well) with why; then the run says so, and the
/// manifest's plan records it.
final class LeaveOutTests: XCTestCase {
    private let seRefusal = "error: job.json: captures[1]: capture se (750×1334, well ios-simulator-750x1334) fills none of the job's targets: expected a target that takes 750×1334 (app-store:iphone-4.7), or the device left out on purpose ({\"well\": \"ios-simulator-750x1334\", \"why\": \"…\"} in \"leaveOut\"), found app-store:iphone-6.9, which takes the captures of a device that fits it better"

    private func job(_ scratch: Scratch, extra: [String: Any] = [:]) throws -> String {
        try scratch.write("big.png", try Fixtures.png(width: 1320, height: 2868))
        try scratch.write("se.png", try Fixtures.png(width: 750, height: 1334))
        var job: [String: Any] = ["schemaVersion": 1, "output": "out",
                                  "captures": [["id": "big", "path": "big.png"], ["id": "se", "path": "se.png"]],
                                  "headlines": ["en-US": ["big": "Plan your day", "se": "Small but mighty"]],
                                  "targets": ["app-store:iphone-6.9"]]
        for (key, value) in extra { job[key] = value is NSNull ? nil : value }
        return try scratch.writeJob(job)
    }

    func testACaptureNoTargetTakesIsRefusedAtCheckAndRenderWithNothingWritten() throws {
        let scratch = try Scratch()
        _ = try job(scratch)
        for command in ["check", "render"] {
            let (code, out, err) = try runTool([command, "job.json"], environment: ["SOURCE_DATE_EPOCH": "1767225600"], cwd: scratch.url)
            XCTAssertEqual(code, 1, command)
            XCTAssertEqual(out, "", command)
            XCTAssertEqual(withoutPositions(err), seRefusal + "\n1 error(s)\n", command)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    func testADeviceLeftOutOnPurposeIsRenderedWithoutItAndRecorded() throws {
        let scratch = try Scratch()
        _ = try job(scratch, extra: ["leaveOut": [["well": "ios-simulator-750x1334", "why": "the 4.7 in class is not uploaded"]]])
        let env = ["SOURCE_DATE_EPOCH": "1767225600"]
        let left = "left out on purpose: capture se (well ios-simulator-750x1334): the 4.7 in class is not uploaded\n"
        let check = try runTool(["check", "job.json"], environment: env, cwd: scratch.url)
        XCTAssertEqual(check.0, 0, check.2)
        XCTAssertEqual(check.1, "ok: 1 output(s) would be rendered\n" + left)
        XCTAssertEqual(check.2, "")
        let json = try runTool(["check", "job.json", "--json"], environment: env, cwd: scratch.url)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.1.utf8)) as? [String: Any])
        XCTAssertEqual(report["leftOut"] as? [[String: String]], [["capture": "se", "well": "ios-simulator-750x1334", "why": "the 4.7 in class is not uploaded"]])
        let render = try runTool(["render", "job.json"], environment: env, cwd: scratch.url)
        XCTAssertEqual(render.0, 0, render.2)
        XCTAssertEqual(render.1, "rendered 1 output(s); manifest \(scratch.path("out/manifest.json"))\n" + left)
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: scratch.path("out/manifest.json"))))
        XCTAssertEqual(manifest.outputs.map { $0.png?.path }, ["en-US/app-store-iphone-6.9/big.png"])
        XCTAssertEqual(manifest.plan.leftOut?.map { "\($0.capture) \($0.well) \($0.why)" }, ["se ios-simulator-750x1334 the 4.7 in class is not uploaded"])
        XCTAssertEqual(try runTool(["verify", "out/manifest.json"], cwd: scratch.url).0, 0)
    }

    /// An entry that no longer says anything true is refused: a well the targets take, a well
    /// no capture was recorded in, an unknown well, one named twice, one without why.
    func testLeaveOutEntriesThatDoNotHoldAreRefused() throws {
        let scratch = try Scratch()
        let file = try job(scratch, extra: ["leaveOut": [
            ["well": "ios-simulator-750x1334", "why": "not uploaded"], ["well": "ios-simulator-1320x2868", "why": "y"],
            ["well": "ios-simulator-13x13", "why": "z"], ["well": "ios-simulator-1242x2208", "why": "w"],
            ["well": "ios-simulator-750x1334", "why": "again"], ["well": "ios-simulator-1242x2208", "why": " "],
        ]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: file, options: PlanOptions(sourceDateEpoch: "1767225600"))), [
            "error: \(file): leaveOut[4].well: well ios-simulator-750x1334 left out twice: expected each well once, found it in leaveOut[0] and leaveOut[4]",
            "error: \(file): leaveOut[5].why: a device left out on purpose says why: expected a reason such as \"the 4.7 in class is not uploaded\", found \" \"",
            "error: \(file): leaveOut[1].well: well ios-simulator-1320x2868 is left out, yet its captures fill app-store:iphone-6.9: expected a device no target takes, found one the targets take; remove the entry or the target",
            "error: \(file): leaveOut[2].well: unknown well: expected a device well (`wells` lists them; a capture's refusal names its own), found \"ios-simulator-13x13\"",
            "error: \(file): leaveOut[3].well: well ios-simulator-1242x2208 is left out, yet no capture of the job was recorded in it: expected the well of a capture no target takes, found none",
        ])
        let noTargets = try job(scratch, extra: ["targets": NSNull(), "leaveOut": [["well": "ios-simulator-750x1334", "why": "not uploaded"]]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: noTargets, options: PlanOptions(sourceDateEpoch: "1767225600"))), [
            "error: \(noTargets): leaveOut[0]: a device is left out of the job's targets: expected \"targets\" (without them every capture is composed at its well's size), found none",
        ])
    }

    /// init leaves a Wear OS device out of the targets on purpose (Google Play shows its
    /// screenshots as captured, store rule appAlone) and writes why, so init → check passes with
    /// the phone composed and the watch recorded as left out.
    func testInitLeavesAWearOSDeviceOutOnPurpose() throws {
        let scratch = try Scratch()
        for locale in ["en-US", "de-DE"] {
            let images = "fastlane/metadata/android/\(locale)/images"
            try scratch.write("\(images)/phoneScreenshots/01Home_1700000000000.png", try Fixtures.pngVariant(width: 1080, height: 1920, variant: locale))
            try scratch.write("\(images)/wearScreenshots/01Home_1700000000000.png", try Fixtures.pngVariant(width: 384, height: 384, variant: locale))
        }
        let result = StarterJob.run(folder: "fastlane/metadata/android", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), [])
        let why = "google-play:wear: Google Play shows Wear OS screenshots as captured (store rule appAlone); upload them as they are"
        XCTAssertTrue(result.text.contains("targets: google-play:phone (for each device"), result.text)
        XCTAssertTrue(result.text.contains("left out on purpose: well wear-os-emulator-384x384: \(why)\n"), result.text)
        let written = try String(contentsOfFile: scratch.path("job.json"), encoding: .utf8)
        XCTAssertTrue(written.contains("""
          "targets": ["google-play:phone"],
          "leaveOut": [
            { "well": "wear-os-emulator-384x384", "why": "\(why)" }
          ],
        """), written)
        // With headlines written, check plans the phone and records the watch as left out.
        var job = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
        job["headlines"] = ["en-US": ["01Home": "Plan your day"], "de-DE": ["01Home": "Plane deinen Tag"]]
        let file = try scratch.writeJob(job)
        let report = ScreenshotComposer().check(jobFile: file, options: PlanOptions(sourceDateEpoch: "1767225600"))
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(report.outputCount, 2)
        XCTAssertEqual(report.leftOut.map { "\($0.capture) \($0.well)" }, ["wearScreenshots-01Home wear-os-emulator-384x384"])
    }
}
