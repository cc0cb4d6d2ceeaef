import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Plan
@testable import Layout

/// What a run refuses or survives: a subtitle over the limit refused before measuring, an output
/// failing while rendering under --keep-going, a short pixel buffer, font keys differing in
/// case, a slow progress callback. Each test failed before its fix.
final class RenderRefusalTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testASubtitleOverTheHeadlineLimitIsRefusedBeforeMeasuring() throws {
        let scratch = try Scratch()
        let long = String(repeating: "a", count: Planner.maximumHeadlineLength + 1)
        let job = try Fixtures.mobileJob(in: scratch, extra: ["subtitles": ["en-US": ["shot": long]]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(job): subtitles.en-US.shot: subtitle too long: expected at most 1000 characters, found 1001",
        ])
    }

    /// An output that fails while rendering (here: its encoded PNG breaks a verified store
    /// rule) fails only its own capture under --keep-going; its diagnostic used to carry no
    /// capture, so one bad output stopped the whole run.
    func testKeepGoingCoversAnOutputThatFailsWhileRendering() throws {
        let scratch = try Scratch()
        try scratch.write("home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        try scratch.write("shot.png", try Fixtures.png(width: 390, height: 844))
        var store = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.repository.appendingPathComponent("store-wells.json"))) as? [String: Any])
        store["storeRules"] = [["store": "app-store", "rule": "maximumBytes", "bytes": 1000,
                                "citation": ["url": "https://example.invalid", "retrieved": "2026-11-30", "statement": "tiny"]]]
        try scratch.write("tight.json", try JSONSerialization.data(withJSONObject: store))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "storeWells": "tight.json",
                                        "captures": [["id": "home", "path": "home.png", "well": "tuck-ios-simulator-portrait",
                                                      "storeWell": "app-store-iphone-6.9-portrait-1320x2868"],
                                                     ["id": "shot", "path": "shot.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["home": "Home", "shot": "Shot"]]])
        var options = epoch
        options.keepGoing = true
        let report = ScreenshotComposer().render(jobFile: job, options: options)
        let errors = report.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first?.subject, DiagnosticSubject(locale: "en-US", captureId: "home", target: "app-store-iphone-6.9-portrait-1320x2868"))
        XCTAssertTrue(errors.first?.line.hasPrefix("error: \(scratch.path("out/en-US/home.png")): (output): app-store file size limit: expected at most 1000 bytes, found ") == true)
        let manifest = try XCTUnwrap(report.manifest, "--keep-going published nothing")
        XCTAssertEqual(manifest.outputs.map(\.captureId), ["shot"])
        XCTAssertEqual(manifest.failures?.map(\.captureId), ["home"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/en-US/shot.png")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/en-US/home.png")))
    }

    func testPNGEncodingRefusesABufferShorterThanTheImage() throws {
        XCTAssertThrowsError(try PNGCodec.encodeRGBA([0, 0, 0, 255], width: 100, height: 100)) { error in
            XCTAssertEqual((error as? PNGError)?.message, "pixel buffer too short for 100×100 RGBA: expected 40000 bytes, found 4")
        }
        XCTAssertThrowsError(try PNGCodec.encodeRGB(RasterImage(width: 64, height: 64, stride: 256, pixels: [UInt8](repeating: 0, count: 256 * 63)), texts: [])) { error in
            XCTAssertEqual((error as? PNGError)?.message, "pixel buffer too short for 64×64 xRGB: expected 16384 bytes, found 16128")
        }
        XCTAssertThrowsError(try PNGCodec.encodeRGB(RasterImage(width: 64, height: 1, stride: 16, pixels: [UInt8](repeating: 0, count: 256)), texts: [])) { error in
            XCTAssertEqual((error as? PNGError)?.message, "row stride too short: expected at least 256 bytes per row (4 per pixel), found 16")
        }
        // Exactly the right size still encodes.
        XCTAssertNoThrow(try PNGCodec.encodeRGBA([UInt8](repeating: 255, count: 16), width: 2, height: 2))
    }

    func testFontKeysDifferingOnlyInCaseAreRefused() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, extra: ["fonts": ["de": "DejaVu Sans", "DE": "Noto Sans"]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(job): fonts.de: font key given twice: expected each locale once (keys are matched ignoring case), found \"DE\" and \"de\"",
        ])
        // The stack is found by key in sorted order, never by dictionary order.
        var options = TypesettingOptions()
        options.fonts = ["de-DE": "DejaVu Sans", "de": "Noto Sans", "default": "Symbola"]
        XCTAssertEqual(FontStack.families(for: "de-de", options: options), "DejaVu Sans")
        XCTAssertEqual(FontStack.families(for: "de-AT", options: options), "Noto Sans")
        XCTAssertEqual(FontStack.families(for: "fr", options: options), "Symbola")
    }

    /// The first output's progress event waits until a third output has been rendered. A
    /// second thread can only take that output if the callback does not hold the lock the
    /// threads share (it used to, so the run stalled until the wait gave up).
    func testASlowProgressCallbackDoesNotHoldUpTheOtherThreads() {
        final class Seen: @unchecked Sendable {
            let condition = NSCondition()
            var done: Set<Int> = []
            var waitedFor2 = false
            var callbackBegan = false
            func insert(_ i: Int) { condition.lock(); done.insert(i); condition.broadcast(); condition.unlock() }
            func beginCallback() { condition.lock(); callbackBegan = true; condition.broadcast(); condition.unlock() }
            /// Items 1 and 2 start once the first event's callback runs, so item 0 is the first
            /// done whatever the scheduler does (one CPU or many).
            func waitForCallback() {
                condition.lock(); defer { condition.unlock() }
                let deadline = Date().addingTimeInterval(5)
                while !callbackBegan { if !condition.wait(until: deadline) { return } }
            }
            func wait(for i: Int) -> Bool {
                condition.lock(); defer { condition.unlock() }
                let deadline = Date().addingTimeInterval(5)
                while !done.contains(i) { if !condition.wait(until: deadline) { return false } }
                return true
            }
        }
        let seen = Seen()
        let results = ParallelRender.run([0, 1, 2], jobs: 2, progress: { event in
            if event.done == 1 { seen.beginCallback(); seen.waitedFor2 = seen.wait(for: 2) }
        }, describe: { _ in ("en-US", "shot") }, succeeded: { _ in true }) { (i: Int) -> Int in
            if i > 0 { seen.waitForCallback() }
            seen.insert(i)
            return i * 10
        }
        XCTAssertEqual(results, [0, 10, 20])
        XCTAssertTrue(seen.waitedFor2, "the other thread could not go on while the progress callback ran")
    }
}
