import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest

/// screengrab keeps earlier runs' screenshots (`clear_previous_screenshots` is off by default)
/// and appends milliseconds to each name, so a re-run leaves two shots of one screen: the newest
/// is composed with a warning naming both; shots no timestamp orders are refused naming them.
/// One was taken silently (whichever the listing gave last).
final class ScreengrabDuplicateTests: XCTestCase {
    private let folder = "fastlane/metadata/android/en-US/images/phoneScreenshots"

    private func writeShots(_ scratch: Scratch, _ names: [String]) throws -> [String: String] {
        var hashes: [String: String] = [:]
        for name in names {
            let png = try Fixtures.pngVariant(width: 1080, height: 2400, variant: name)
            try scratch.write("\(folder)/\(name)", png)
            hashes[name] = SHA256.hex(png)
        }
        return hashes
    }

    private func job(_ scratch: Scratch) throws -> String {
        try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "fastlane/metadata/android"],
                              "headlines": ["en-US": ["home": "Everything at a glance", "search": "Find it fast"]]])
    }

    func testTheNewestShotIsComposedWithAWarningNamingBoth() throws {
        let scratch = try Scratch()
        // The newer shot sorts first by name (fewer digits would not; a later day would).
        let hashes = try writeShots(scratch, ["home_1700000005000.png", "home_1699999999999.png", "search_1700000000000.png"])
        let jobFile = try job(scratch)
        let warning = "warning: \(scratch.path("\(folder)/home_1700000005000.png")): captures.fastlane: two screenshots of screen home: expected one per screen and locale, found home_1699999999999.png and home_1700000005000.png; composing the newest by screengrab's timestamp, home_1700000005000.png (screengrab keeps earlier runs' screenshots unless clear_previous_screenshots is set)"
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: PlanOptions())), [warning])
        let report = ScreenshotComposer().render(jobFile: jobFile, options: PlanOptions(sourceDateEpoch: "0"), svgOnly: true)
        XCTAssertEqual(lines(report), [warning])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.outputs.map(\.captureId), ["home", "search"])
        XCTAssertEqual(manifest.outputs.first?.captureSource?.path, "../\(folder)/home_1700000005000.png")
        XCTAssertEqual(manifest.outputs.first?.capture.sourceSHA256, hashes["home_1700000005000.png"])
    }

    func testThreeShotsAreAllNamed() throws {
        let scratch = try Scratch()
        _ = try writeShots(scratch, ["home_1700000000000.png", "home_1700000002000.png", "home_1700000001000.png"])
        let jobFile = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "fastlane/metadata/android"],
                                            "headlines": ["en-US": ["home": "Everything at a glance"]]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: PlanOptions())), [
            "warning: \(scratch.path("\(folder)/home_1700000002000.png")): captures.fastlane: 3 screenshots of screen home: expected one per screen and locale, found home_1700000000000.png, home_1700000001000.png and home_1700000002000.png; composing the newest by screengrab's timestamp, home_1700000002000.png (screengrab keeps earlier runs' screenshots unless clear_previous_screenshots is set)",
        ])
    }

    /// A shot without screengrab's timestamp (use_timestamp_suffix off in one run) beside one
    /// with it: which is newer is unknown, so both are named and the run refused.
    func testShotsNoTimestampOrdersAreRefusedNamingBoth() throws {
        let scratch = try Scratch()
        _ = try writeShots(scratch, ["home.png", "home_1700000005000.png", "search_1700000000000.png"])
        let jobFile = try job(scratch)
        let report = ScreenshotComposer().check(jobFile: jobFile, options: PlanOptions())
        XCTAssertEqual(lines(report), [
            "error: \(scratch.path("\(folder)/home.png")): captures.fastlane: two screenshots of screen home: expected one per screen and locale, found home.png and home_1700000005000.png, and no timestamp tells which is newest; remove the others (screengrab's clear_previous_screenshots removes earlier runs' screenshots)",
        ])
        let (code, _, stderr) = try runTool(["render", jobFile, "--svg-only"], cwd: scratch.url)
        XCTAssertEqual(code, 1)
        XCTAssertTrue(stderr.contains("no timestamp tells which is newest"), stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/manifest.json")))
    }

    /// init says the same, and writes a job whose check gives that warning only.
    func testInitWarnsTooAndItsJobIsAccepted() throws {
        let scratch = try Scratch()
        _ = try writeShots(scratch, ["home_1700000000000.png", "home_1700000005000.png"])
        let result = StarterJob.run(folder: "fastlane/metadata/android", into: scratch.url)
        let warning = "warning: \(scratch.path("\(folder)/home_1700000005000.png")): (folder): two screenshots of screen home: expected one per screen and locale, found home_1700000000000.png and home_1700000005000.png; composing the newest by screengrab's timestamp, home_1700000005000.png (screengrab keeps earlier runs' screenshots unless clear_previous_screenshots is set)"
        XCTAssertEqual(result.diagnostics.map(\.line), [warning])
        XCTAssertEqual(result.written.count, 3)
        try StarterJobTests.fillHeadlines(scratch.path("headlines.xcstrings"))
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: scratch.path("job.json"), options: PlanOptions())).filter { !$0.hasPrefix("warning") }, [])
    }
}
