import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest

/// Ids that become file names must differ in more than case (adversarial pass, defect 3):
/// `home` and `HOME` name one file on macOS, where fastlane runs.
final class CaseFoldedIdTests: XCTestCase {
    private func decode(_ json: String) -> [String] {
        var d = DiagnosticCollector()
        _ = JobLoader.decode(data: Data(json.utf8), file: "job.json", directory: URL(fileURLWithPath: "/jobs"), into: &d)
        return lines(d).filter { $0.contains("ignoring case") || $0.contains("again") }
    }

    func testCaptureIdsDifferingOnlyInCaseAreRefusedNamingBothFields() {
        XCTAssertEqual(decode("""
        {"schemaVersion": 1,
         "captures": [{"id": "home", "path": "a.png", "well": "w"}, {"id": "HOME", "path": "b.png", "well": "w"},
                      {"id": "home", "path": "c.png", "well": "w"}],
         "headlines": {"en-US": {"home": "x", "HOME": "y"}}}
        """), [
            "error: job.json: captures[1].id: capture id \"HOME\" equals captures[0].id \"home\" ignoring case: on a case-insensitive file system (macOS) one output would overwrite the other: expected ids that differ in more than case, found \"home\" and \"HOME\"",
            "error: job.json: captures[2].id: duplicate capture id: expected each id once, found \"home\" again",
        ])
    }

    func testScreenAndGraphicIdsDifferingOnlyInCaseAreRefused() {
        XCTAssertEqual(decode("""
        {"schemaVersion": 1,
         "captures": [{"id": "a", "path": "a.png", "well": "w"}],
         "screens": [{"id": "duo", "captures": ["a"]}, {"id": "Duo", "captures": ["a"]}],
         "graphics": [{"id": "feature", "target": "google-play:feature-graphic", "icon": "i.png", "title": {"en-US": "T"}},
                      {"id": "FEATURE", "target": "google-play:feature-graphic", "icon": "i.png", "title": {"en-US": "T"}}],
         "headlines": {"en-US": {"duo": "x", "Duo": "y"}}}
        """), [
            "error: job.json: screens[1].id: screen id \"Duo\" equals screens[0].id \"duo\" ignoring case: on a case-insensitive file system (macOS) one output would overwrite the other: expected ids that differ in more than case, found \"duo\" and \"Duo\"",
            "error: job.json: graphics[1].id: graphic id \"FEATURE\" equals graphics[0].id \"feature\" ignoring case: on a case-insensitive file system (macOS) one output would overwrite the other: expected ids that differ in more than case, found \"feature\" and \"FEATURE\"",
        ])
    }
}
