import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Ingest
@testable import Plan

/// Headlines whose grapheme count hides their size (adversarial pass, defect 1): one letter
/// with 50,000 accents was "1 character" and check ran for minutes. Each input here is small;
/// the limits are checked in one linear pass before anything segments or measures.
final class HostileTextTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testAHeadlineOverTheScalarLimitIsRefusedThoughItIsOneCharacter() throws {
        let scratch = try Scratch()
        let zalgo = "a" + String(repeating: "\u{301}", count: Planner.maximumHeadlineScalars)
        XCTAssertEqual(zalgo.count, 1)
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": zalgo]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(job): headlines.en-US.shot: headline too long: expected at most 4000 Unicode scalars, found 4001",
        ])
    }

    func testStackedMarksOverTheLimitAreRefusedInHeadlineAndSubtitle() throws {
        let scratch = try Scratch()
        let stacked = "Re" + String(repeating: "\u{301}", count: 17) + "ad"
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": stacked]],
                                         extra: ["subtitles": ["en-US": ["shot": "x" + String(repeating: "\u{20DD}\u{0903}", count: 10)]]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(job): headlines.en-US.shot: headline stacks too many combining marks on one character: expected at most 16 stacked marks, found 17",
            "error: \(job): subtitles.en-US.shot: subtitle stacks too many combining marks on one character: expected at most 16 stacked marks, found 20",
        ])
    }

    func testStackedMarksWithinTheLimitAreCounted() {
        XCTAssertEqual(Planner.longestMarkRun("Vie\u{323}\u{302}t"), 2)
        XCTAssertEqual(Planner.longestMarkRun("e" + String(repeating: "\u{301}", count: 16) + " o\u{308}"), 16)
        XCTAssertEqual(Planner.longestMarkRun("plain"), 0)
    }

    func testAStringCatalogHeadlineOverTheScalarLimitIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("captures/shot.png", try Fixtures.png(width: 390, height: 844))
        let value = "a" + String(repeating: "\u{301}", count: 5000)
        let catalog: [String: Any] = ["sourceLanguage": "en", "version": "1.0", "strings": [
            "shot": ["localizations": ["en": ["stringUnit": ["state": "translated", "value": value]]]]]]
        try scratch.write("L.xcstrings", try JSONSerialization.data(withJSONObject: catalog))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "headlines": "L.xcstrings",
                                        "captures": [["id": "shot", "path": "captures/shot.png", "well": "tuck-browser-mobile"]]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            // At the catalog's unit, where the headline is written (was the job's headlines.en.shot).
            "error: \(scratch.path("L.xcstrings")): strings.shot.localizations.en.stringUnit.value: headline too long: expected at most 4000 Unicode scalars, found 5001",
        ])
    }
}
