import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest
@testable import Plan

/// The locale model and the diagnostics of a job read from files: a language with two headline
/// locales, each device in its own target, and problems reported where they are (the String
/// Catalog's line and key, a fastlane folder's files, each fact once).
final class ReleaseLocaleJobTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// A catalog of `locales` keyed by `keys`, each unit translated.
    private func catalog(_ scratch: Scratch, keys: [String], locales: [String], text: (String, String) -> String = { "\($1) \($0)" }) throws {
        var strings: [String: Any] = [:]
        for key in keys {
            var units: [String: Any] = [:]
            for locale in locales { units[locale] = ["stringUnit": ["state": "translated", "value": text(key, locale)]] }
            strings[key] = ["localizations": units]
        }
        let data = try JSONSerialization.data(withJSONObject: ["sourceLanguage": locales[0], "version": "1.0", "strings": strings],
                                              options: [.prettyPrinted, .sortedKeys])
        try scratch.write("headlines.xcstrings", data)
    }

    func testTwoHeadlineLocalesOfOneLanguageAreRefusedAtTheCatalogsLine() throws {
        let scratch = try Scratch()
        try FastlaneFolderTests.writeReleaseFolder(scratch)
        try catalog(scratch, keys: ["01Home", "02Search"], locales: ["en-US", "ja", "ja-JP"])
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": ["fastlane/screenshots", "fastlane/metadata/android"]],
                                        "headlines": "headlines.xcstrings"])
        let report = ScreenshotComposer().check(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [
            "error: \(scratch.path("headlines.xcstrings")): strings.01Home.localizations.ja-JP.stringUnit.value: one language, two headline locales: expected one locale for fastlane/screenshots/ja (deliver) and fastlane/metadata/android/ja-JP (supply) (its headlines serve both stores' folders), found ja and ja-JP",
        ])
        // At the line of the second key's first headline in the catalog.
        let text = try String(contentsOfFile: scratch.path("headlines.xcstrings"), encoding: .utf8).components(separatedBy: "\n")
        let unit = try XCTUnwrap(text.firstIndex { $0.contains("\"ja-JP\"") })
        let line = try XCTUnwrap(report.diagnostics.first?.position?.line)
        XCTAssertTrue((unit + 1...unit + 4).contains(line), "line \(line), ja-JP unit at \(unit + 1)")
    }

    /// A headline a String Catalog holds is refused there, with its line and key (it was
    /// reported at the job's "headlines.<locale>.<id>").
    func testAHeadlineRefusedForItsCharactersIsReportedAtTheCatalogsUnit() throws {
        let scratch = try Scratch()
        try scratch.write("shot.png", try Fixtures.png(width: 390, height: 844))
        try catalog(scratch, keys: ["shot"], locales: ["en-US", "de-DE"]) { _, locale in locale == "de-DE" ? "Alles\u{1}klar" : "All clear" }
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": [["id": "shot", "path": "shot.png", "well": "tuck-browser-mobile"]],
                                        "headlines": "headlines.xcstrings"])
        let report = ScreenshotComposer().check(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [
            "error: \(scratch.path("headlines.xcstrings")): strings.shot.localizations.de-DE.stringUnit.value: headline holds U+0001, a character XML cannot carry: expected text, found U+0001",
        ])
        XCTAssertNotNil(report.diagnostics.first?.position)
    }

    /// Two devices of one family, each in its own target: the iPhone 16 Pro Max fills the 6.9 in
    /// slot, the iPhone SE the 4.7 in slot (was: both devices' screens in both targets, the SE
    /// enlarged on the 6.9 in slot). A device no target fits best is refused once (issue 33 item 6),
    /// however many locale files it has.
    func testEachDeviceFillsTheTargetThatFitsItBest() throws {
        let scratch = try Scratch()
        for locale in ["en-US", "de-DE", "fr-FR", "it-IT"] {
            for (device, size) in [("iPhone 16 Pro Max", (1320, 2868)), ("iPhone SE (3rd generation)", (750, 1334))] {
                try scratch.write("screenshots/\(locale)/\(device)-01Home.png", try Fixtures.pngVariant(width: size.0, height: size.1, variant: "\(locale) \(device)"))
            }
        }
        let headlines = Dictionary(uniqueKeysWithValues: ["en-US", "de-DE", "fr-FR", "it-IT"].map { ($0, ["01Home": "Home \($0)"]) })
        func plan(_ targets: [String]) throws -> (outputs: [String], lines: [String]) {
            let file = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "screenshots"], "headlines": headlines, "targets": targets])
            var d = DiagnosticCollector()
            let job = try XCTUnwrap(JobLoader.load(file: file, into: &d))
            let plan = Planner.plan(job, inputs: Ingest.read(job, options: epoch), options: epoch, into: &d)
            return ((plan?.outputs ?? []).filter { $0.locale == "en-US" }.map { "\($0.capture.id) \($0.canvas.id)" }, lines(d))
        }
        let both = try plan(["app-store:iphone-6.9", "app-store:iphone-4.7"])
        XCTAssertEqual(both.lines, [])
        XCTAssertEqual(both.outputs, [
            "ios-simulator-1320x2868-01Home app-store-iphone-6.9-portrait-1320x2868",
            "ios-simulator-750x1334-01Home app-store-iphone-4.7-portrait-750x1334",
        ])
        // init names those two targets for this folder.
        var catalogProblems = DiagnosticCollector()
        let wells = try XCTUnwrap(WellsListing.loadMerged(file: nil, storeFile: nil, into: &catalogProblems))
        XCTAssertEqual(StarterJob.targets(for: ["ios-simulator-1320x2868", "ios-simulator-750x1334"].compactMap(wells.well(id:))
                                            .map { StarterJob.Found.Capture(screen: "01Home", device: nil, well: $0) }, catalog: wells).targets,
                       ["app-store:iphone-6.9", "app-store:iphone-4.7"])
        let one = try plan(["app-store:iphone-6.9"])
        XCTAssertEqual(one.outputs, ["ios-simulator-1320x2868-01Home app-store-iphone-6.9-portrait-1320x2868"])
        XCTAssertEqual(one.lines.map { $0.replacingOccurrences(of: scratch.path("job.json"), with: "job.json") }, [
            "error: job.json: captures.fastlane: capture ios-simulator-750x1334-01Home (750×1334, well ios-simulator-750x1334, screenshots/{locale}/iPhone SE (3rd generation)-01Home.png) fills none of the job's targets: expected a target that takes 750×1334 (app-store:iphone-4.7), or the device left out on purpose ({\"well\": \"ios-simulator-750x1334\", \"why\": \"…\"} in \"leaveOut\"), found app-store:iphone-6.9, which takes the captures of a device that fits it better",
        ])
    }

    /// A screen only the larger phone captured, in landscape, fills that phone's target alone:
    /// the 5.5 in target takes the iPhone 8 Plus's captures only (it took the iPhone 15 Pro Max's
    /// landscape screen scaled, first in deliver's order). A device is its wells both ways round.
    func testAScreenOnlyTheLargerPhoneCapturedInLandscapeStaysInItsTarget() throws {
        let scratch = try Scratch()
        for (file, size) in [("iPhone 15 Pro Max-01Home", (1290, 2796)), ("iPhone 15 Pro Max-02Map", (2796, 1290)), ("iPhone 8 Plus-01Home", (1242, 2208))] {
            try scratch.write("screenshots/en-US/\(file).png", try Fixtures.pngVariant(width: size.0, height: size.1, variant: file))
        }
        var catalogProblems = DiagnosticCollector()
        let wells = try XCTUnwrap(WellsListing.loadMerged(file: nil, storeFile: nil, into: &catalogProblems))
        let found = ["ios-simulator-1290x2796", "ios-simulator-2796x1290", "ios-simulator-1242x2208"].compactMap(wells.well(id:))
            .map { StarterJob.Found.Capture(screen: "01Home", device: nil, well: $0) }
        let targets = StarterJob.targets(for: found, catalog: wells).targets
        XCTAssertEqual(targets, ["app-store:iphone-6.9", "app-store:iphone-5.5"])
        let file = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "screenshots"], "targets": targets,
                                         "headlines": ["en-US": ["01Home": "Home", "02Map": "Map"]]])
        var d = DiagnosticCollector()
        let job = try XCTUnwrap(JobLoader.load(file: file, into: &d))
        let plan = Planner.plan(job, inputs: Ingest.read(job, options: epoch), options: epoch, into: &d)
        XCTAssertEqual(lines(d), [])
        XCTAssertEqual((plan?.outputs ?? []).map { "\($0.capture.id) \($0.canvas.id)" }, [
            "ios-simulator-1290x2796-01Home app-store-iphone-6.9-portrait-1320x2868",
            "ios-simulator-1290x2796-02Map app-store-iphone-6.9-landscape-2868x1320",
            "ios-simulator-1242x2208-01Home app-store-iphone-5.5-portrait-1242x2208",
        ])
    }
}
