import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Ingest

/// A fastlane screen shown on several devices has one headline, written once in the String
/// Catalog under the screen's name; each device's capture has an id of its own. A problem with
/// the headline is reported at the catalog's key, not at `job.json`'s `headlines.<locale>.<capture id>`,
/// a field no file holds (a new user's annotations landed on job.json).
final class FastlaneHeadlineOriginTests: XCTestCase {
    func testAHeadlineProblemOfADevicesCaptureIsReportedAtTheCatalogKey() throws {
        let scratch = try Scratch()
        try ReleaseCaptures.write(scratch)
        var strings: [String: Any] = [:]
        for (index, screen) in ReleaseCaptures.screens.enumerated() {
            var units: [String: Any] = [:]
            for (locale, texts) in TwoStoreRelease.headlines {
                // A private-use character no installed font draws, in one headline.
                let text = locale == "de-DE" && screen == "02Search" ? "Jeden Ort \u{E000} finden" : texts[index]
                units[locale] = ["stringUnit": ["state": "translated", "value": text]]
            }
            strings[screen] = ["extractionState": "manual", "localizations": units]
        }
        let catalog: [String: Any] = ["sourceLanguage": "en-US", "version": "1.0", "strings": strings]
        try scratch.write("headlines.xcstrings", try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys]))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "headlines": "headlines.xcstrings", "locales": ["de-DE"],
                                        "captures": ["fastlane": ["fastlane/screenshots", "fastlane/metadata/android"]],
                                        "targets": ["app-store:iphone-6.9", "app-store:ipad-13", "google-play:phone"]])
        let report = ScreenshotComposer().check(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))
        let errors = report.diagnostics.filter { $0.severity == .error }
        XCTAssertFalse(errors.isEmpty)
        for error in errors {
            XCTAssertEqual(error.file, scratch.path("headlines.xcstrings"), error.line)
            XCTAssertEqual(error.field, "strings.02Search.localizations.de-DE.stringUnit.value", error.line)
            XCTAssertEqual(error.subject?.locale, "de-DE", error.line)
        }
    }
}
