import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Raster
@testable import Manifest

/// `init [FOLDER]`: a starter job for a folder of captures, which renders once its headlines
/// are written.
final class StarterJobTests: XCTestCase {
    /// What a user does next: a headline in every unit, marked translated.
    static func fillHeadlines(_ path: String) throws {
        let url = URL(fileURLWithPath: path)
        var catalog = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var strings = try XCTUnwrap(catalog["strings"] as? [String: [String: Any]])
        for (key, entry) in strings {
            let localizations = try XCTUnwrap(entry["localizations"] as? [String: Any])
            var filled: [String: Any] = [:]
            for locale in localizations.keys { filled[locale] = ["stringUnit": ["state": "translated", "value": "\(key) in \(locale)"]] }
            strings[key] = ["localizations": filled]
        }
        catalog["strings"] = strings
        try JSONSerialization.data(withJSONObject: catalog).write(to: url)
    }

    func testSnapshotFolderWithTwoDevicesAndThreeLanguagesGivesAJobThatRendersOnceHeadlinesAreWritten() throws {
        let scratch = try Scratch()
        let hashes = try FastlaneFolderTests.writeSnapshotFolder(scratch)
        let result = StarterJob.run(folder: "screenshots", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), [])
        XCTAssertEqual(result.text, """
            screenshots: fastlane snapshot folder, 4 capture(s) (a screen on a device, one file per locale), 2 screen(s), locale(s) en-US, de-DE, ja
              iPad Pro 13-inch (M4) 01Home: well ios-simulator-2064x2752 (2064×2752)
              iPad Pro 13-inch (M4) 02Search: well ios-simulator-2064x2752 (2064×2752)
              iPhone 16 Pro Max 01Home: well ios-simulator-1320x2868 (1320×2868)
              iPhone 16 Pro Max 02Search: well ios-simulator-1320x2868 (1320×2868)
            targets: app-store:iphone-6.9, app-store:ipad-13 (for each device, the largest store slot it fills without enlargement)
            wrote job.json
            wrote job.schema.json
            wrote headlines.xcstrings
            next: write a headline per screen and locale in headlines.xcstrings (Xcode, or any editor; set each unit's state to "translated"), then run
              store-screenshot-compose render job.json

            """)
        XCTAssertEqual(try String(contentsOfFile: scratch.path("job.json"), encoding: .utf8), """
            {
              "$schema": "./job.schema.json",
              "schemaVersion": 1,
              "captures": { "fastlane": "screenshots" },
              "targets": ["app-store:iphone-6.9", "app-store:ipad-13"],
              "template": "classic",
              "headlines": "headlines.xcstrings",
              "output": "out"
            }

            """)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: scratch.path("job.schema.json"))), try JSONSchemas.document("job"))
        // Every screen id in every locale, empty and new; the source language from the folder.
        let catalog = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path("headlines.xcstrings")))) as? [String: Any])
        XCTAssertEqual(catalog["sourceLanguage"] as? String, "en-US")
        let strings = try XCTUnwrap(catalog["strings"] as? [String: [String: Any]])
        XCTAssertEqual(strings.keys.sorted(), ["01Home", "02Search"])
        for entry in strings.values {
            let units = try XCTUnwrap(entry["localizations"] as? [String: [String: [String: String]]])
            XCTAssertEqual(units.keys.sorted(), ["de-DE", "en-US", "ja"])
            XCTAssertEqual(Set(units.values.map { $0["stringUnit"] ?? [:] }), [["state": "new", "value": ""]])
        }

        // As written, the untranslated units are refused; written, the job renders every
        // locale's own capture for both devices.
        let job = scratch.path("job.json")
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: PlanOptions())).count, 6)
        try Self.fillHeadlines(scratch.path("headlines.xcstrings"))
        let report = ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "0"), rendering: RenderOptions(svgOnly: true))
        XCTAssertEqual(lines(report), [])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.outputs.count, 12)
        for output in manifest.outputs {
            let device = output.well == "ios-simulator-1320x2868" ? "iPhone 16 Pro Max" : "iPad Pro 13-inch (M4)"
            let screen = output.captureId.hasSuffix("01Home") ? "01Home" : "02Search"
            XCTAssertEqual(output.captureSource?.sha256, hashes[scratch.path("screenshots/\(output.locale)/\(device)-\(screen).png")], output.svg.path)
            let svg = try String(contentsOfFile: scratch.path("out/\(output.svg.path)"), encoding: .utf8)
            XCTAssertTrue(svg.contains("\(screen) in \(output.locale)"), output.svg.path)
        }
    }

    /// fastlane's own folder (snapshot's screenshots/, screengrab's metadata/android/): one job
    /// for both stores, the list form of "fastlane"; it renders once headlines are written.
    func testAFastlaneFolderGivesOneJobForBothStores() throws {
        let scratch = try Scratch()
        let hashes = try FastlaneFolderTests.writeReleaseFolder(scratch)
        let result = StarterJob.run(folder: "fastlane", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), [])
        XCTAssertEqual(result.text.components(separatedBy: "\n").prefix(5), [
            // One locale per language: deliver's ja and supply's ja-JP are one catalog entry.
            "fastlane: fastlane folder, 4 capture(s) (a screen on a device, one file per locale), 2 screen(s), locale(s) en-US, ja (deliver ja, supply ja-JP)",
            "  iPhone 16 Pro Max 01Home: well ios-simulator-1320x2868 (1320×2868)",
            "  iPhone 16 Pro Max 02Search: well ios-simulator-1320x2868 (1320×2868)",
            "  phoneScreenshots 01Home: well android-emulator-1080x2400 (1080×2400)",
            "  phoneScreenshots 02Search: well android-emulator-1080x2400 (1080×2400)",
        ])
        XCTAssertEqual(try String(contentsOfFile: scratch.path("job.json"), encoding: .utf8).components(separatedBy: "\n")[3],
                       "  \"captures\": { \"fastlane\": [\"fastlane/screenshots\", \"fastlane/metadata/android\"] },")
        try Self.fillHeadlines(scratch.path("headlines.xcstrings"))
        let report = ScreenshotComposer().render(jobFile: scratch.path("job.json"), options: PlanOptions(sourceDateEpoch: "0"),
                                                 rendering: RenderOptions(svgOnly: true))
        XCTAssertEqual(lines(report), [])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.outputs.map { "\($0.locale)/\($0.captureId)" }, [
            "en-US/ios-simulator-1320x2868-01Home", "en-US/ios-simulator-1320x2868-02Search", "en-US/phoneScreenshots-01Home", "en-US/phoneScreenshots-02Search",
            "ja/ios-simulator-1320x2868-01Home", "ja/ios-simulator-1320x2868-02Search", "ja/phoneScreenshots-01Home", "ja/phoneScreenshots-02Search",
        ])
        for output in manifest.outputs {
            let source = String(try XCTUnwrap(output.captureSource?.path).dropFirst(3))
            XCTAssertEqual(output.capture.sourceSHA256, try XCTUnwrap(hashes[source]), source)
            // Each store's folder of the language: deliver's ja, supply's ja-JP.
            let folder = output.locale == "ja" ? (source.contains("/android/") ? "ja-JP" : "ja") : output.locale
            XCTAssertTrue(source.contains("/\(folder)/"), source)
        }

        // supply's metadata/android with text only: the job lists the snapshot folder alone.
        let textOnly = try Scratch()
        try FastlaneFolderTests.writeReleaseFolder(textOnly)
        try FileManager.default.removeItem(atPath: textOnly.path("fastlane/metadata/android/en-US/images"))
        try FileManager.default.removeItem(atPath: textOnly.path("fastlane/metadata/android/ja-JP/images"))
        XCTAssertEqual(StarterJob.run(folder: "fastlane", into: textOnly.url).diagnostics.map(\.line), [])
        XCTAssertEqual(try String(contentsOfFile: textOnly.path("job.json"), encoding: .utf8).components(separatedBy: "\n")[3],
                       "  \"captures\": { \"fastlane\": [\"fastlane/screenshots\"] },")
    }

    func testScreengrabFolderGivesAJobThatRendersOnceHeadlinesAreWritten() throws {
        let scratch = try Scratch()
        for locale in ["de-DE", "en-US", "fr-FR"] {
            for screen in ["01Home", "02Search"] {
                let png = try Fixtures.pngVariant(width: 1080, height: 2400, variant: "\(locale) \(screen)")
                try scratch.write("fastlane/metadata/android/\(locale)/images/phoneScreenshots/\(screen)_1700000000123.png", png)
            }
            try scratch.write("fastlane/metadata/android/\(locale)/title.txt", "Tuck")
        }
        let result = StarterJob.run(folder: "fastlane/metadata/android", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), [])
        XCTAssertEqual(result.text.components(separatedBy: "\n").prefix(3), [
            "fastlane/metadata/android: fastlane screengrab folder, 2 capture(s) (a screen on a device, one file per locale), 2 screen(s), locale(s) en-US, de-DE, fr-FR",
            "  phoneScreenshots 01Home: well android-emulator-1080x2400 (1080×2400)",
            "  phoneScreenshots 02Search: well android-emulator-1080x2400 (1080×2400)",
        ])
        try Self.fillHeadlines(scratch.path("headlines.xcstrings"))
        let report = ScreenshotComposer().render(jobFile: scratch.path("job.json"), options: PlanOptions(sourceDateEpoch: "0"),
                                                 rendering: RenderOptions(svgOnly: true))
        XCTAssertEqual(lines(report), [])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.outputs.map { "\($0.locale)/\($0.captureId)" }.sorted(),
                       ["de-DE/01Home", "de-DE/02Search", "en-US/01Home", "en-US/02Search", "fr-FR/01Home", "fr-FR/02Search"])
        for output in manifest.outputs {
            XCTAssertEqual(output.captureSource?.path,
                           "../fastlane/metadata/android/\(output.locale)/images/phoneScreenshots/\(output.captureId)_1700000000123.png")
        }
    }

    func testPlainFolderNamesEachCapturesWellAndUnknownSizesAreRefusedNamingTheFileAndTheKnownSizes() throws {
        let scratch = try Scratch()
        try scratch.write("captures/home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        let written = StarterJob.run(folder: "captures", into: scratch.url)
        XCTAssertEqual(written.diagnostics.map(\.line), [])
        XCTAssertTrue(try String(contentsOfFile: scratch.path("job.json"), encoding: .utf8).contains("""
              "captures": [
                { "id": "home", "path": "captures/home.png", "well": "ios-simulator-1206x2622" }
              ],
            """))

        let other = try Scratch()
        try other.write("captures/web.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("rust-book-mobile.png")))
        let refused = StarterJob.run(folder: "captures", into: other.url)
        XCTAssertEqual(refused.diagnostics.map(\.line), [
            "error: \(other.path("captures/web.png")): (size): no device well has this size: expected a device the wells catalog knows, the nearest being 828×1792 (iPhone 11, well ios-simulator-828x1792) or 1080×2340 (Pixel 5, well android-emulator-1080x2340), found 390×844; to compose it, add a well of this size to a copy of wells.json and name the copy in the job's \"wells\" (docs/reference.md, Wells catalog)",
        ])
        XCTAssertEqual(refused.written, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: other.path("job.json")))

        try FileManager.default.createDirectory(atPath: other.path("empty/en-US"), withIntermediateDirectories: true)
        XCTAssertEqual(StarterJob.run(folder: "empty", into: other.url).diagnostics.map(\.line), [
            "error: \(other.path("empty")): (folder): init found no captures: expected PNGs (<folder>/<name>.png or <folder>/<locale>/<name>.png), a fastlane snapshot folder (<language>/<Device Name>-<name>.png) or a screengrab folder (<locale>/images/phoneScreenshots/<name>.png), found none",
        ])
    }

    func testInitNeverOverwritesAFileAndWritesNothingThen() throws {
        let scratch = try Scratch()
        try scratch.write("captures/home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        try scratch.write("headlines.xcstrings", "mine")
        let (code, out, err) = try runTool(["init", "captures"], cwd: scratch.url)
        XCTAssertEqual(code, 1)
        XCTAssertEqual(out, "")
        XCTAssertEqual(err, """
            error: \(scratch.url.resolvingSymlinksInPath().path)/headlines.xcstrings: (file): init never overwrites a file: expected no file here, found one (move it away, or run init in another folder)
            1 error(s)

            """)
        XCTAssertEqual(try String(contentsOfFile: scratch.path("headlines.xcstrings"), encoding: .utf8), "mine")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("job.json")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("job.schema.json")))
        // Without the file, the same command writes the three files and says what is next.
        try FileManager.default.removeItem(atPath: scratch.path("headlines.xcstrings"))
        let (again, text, _) = try runTool(["init", "captures"], cwd: scratch.url)
        XCTAssertEqual(again, 0)
        XCTAssertTrue(text.hasSuffix("store-screenshot-compose render job.json\n"), text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("job.json")))
    }

    /// A file that cannot be created (here: its folder is missing) undoes those created before
    /// it, and the run says nothing is next: a failed init leaves no job.json without its catalog.
    func testAFailedWriteRemovesTheFilesInitCreatedAndPrintsNoNextStep() throws {
        let scratch = try Scratch()
        var d = DiagnosticCollector()
        let written = StarterJob.createAll([(scratch.url.appendingPathComponent("job.json"), Data("{}".utf8)),
                                            (scratch.url.appendingPathComponent("missing/headlines.xcstrings"), Data("{}".utf8))], &d)
        XCTAssertEqual(written, [])
        XCTAssertEqual(d.diagnostics.map(\.line), ["error: \(scratch.path("missing/headlines.xcstrings")): (file): cannot create: No such file or directory"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("job.json")))

        try scratch.write("captures/home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        let result = StarterJob.run(folder: scratch.path("captures"), into: scratch.url.appendingPathComponent("not-there"))
        XCTAssertEqual(result.diagnostics.map(\.line), ["error: \(scratch.path("not-there/job.json")): (file): cannot create: No such file or directory"])
        XCTAssertEqual(result.text, "")
    }

    /// Two folders of one locale (en-US and en-us) are refused naming both: init picked one of
    /// them silently before.
    func testTwoFoldersOfOneLocaleAreRefused() throws {
        let scratch = try Scratch()
        let png = try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png"))
        for tag in ["en-US", "en-us", "de"] { try scratch.write("shots/\(tag)/home.png", png) }
        let result = StarterJob.run(folder: "shots", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), ["error: \(scratch.path("shots/en-us")): (folder): two folders for one locale en-US: expected one folder per locale (tags are compared ignoring case and _ for -), found en-US and en-us"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("job.json")))
    }

    /// A folder named with {locale} gave a job whose capture path had two of them, both replaced:
    /// render then looked for en-US/en-US/home.png. Refused instead, nothing written.
    func testAFolderPathHoldingTheLocalePlaceholderIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("{locale}/en-US/home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        let result = StarterJob.run(folder: "{locale}", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), [#"error: \#(scratch.path("{locale}")): (folder): capture paths stand for each locale's file with {locale}: expected a folder path without it, found "{locale}" (rename the folder)"#])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("job.json")))
    }

    /// `<folder>/<locale>/<name>.png` (app-preview's `screenshots/{locale}/home.png`): one
    /// `{locale}` capture per name, `captureLocales` for a folder whose tag is not canonical.
    func testPerLocaleFolderGivesLocaleCapturesThatRenderEachLocalesOwnFile() throws {
        let scratch = try Scratch()
        let home = try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png"))
        let chat = try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-chat.png"))
        try scratch.write("shots/en-us/home.png", home)
        try scratch.write("shots/en-us/chat.png", chat)
        try scratch.write("shots/de/home.png", chat)
        try scratch.write("shots/de/chat.png", home)
        let result = StarterJob.run(folder: "shots", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), [])
        XCTAssertEqual(result.text.components(separatedBy: "\n").prefix(3), [
            "shots: per-locale PNG folder, 2 capture(s) (one file per locale), 2 screen(s), locale(s) en-US, de",
            "  chat: well ios-simulator-1206x2622 (1206×2622)",
            "  home: well ios-simulator-1206x2622 (1206×2622)",
        ])
        XCTAssertEqual(try String(contentsOfFile: scratch.path("job.json"), encoding: .utf8), """
            {
              "$schema": "./job.schema.json",
              "schemaVersion": 1,
              "captures": [
                { "id": "chat", "path": "shots/{locale}/chat.png", "well": "ios-simulator-1206x2622" },
                { "id": "home", "path": "shots/{locale}/home.png", "well": "ios-simulator-1206x2622" }
              ],
              "captureLocales": { "en-US": "en-us" },
              "targets": ["app-store:iphone-6.3"],
              "template": "classic",
              "headlines": "headlines.xcstrings",
              "output": "out"
            }

            """)
        try Self.fillHeadlines(scratch.path("headlines.xcstrings"))
        let report = ScreenshotComposer().render(jobFile: scratch.path("job.json"), options: PlanOptions(sourceDateEpoch: "0"),
                                                 rendering: RenderOptions(svgOnly: true))
        XCTAssertEqual(lines(report), [])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.outputs.map { "\($0.locale)/\($0.captureId) \($0.captureSource?.sha256 == SHA256.hex($0.captureId == "home" ? ($0.locale == "de" ? chat : home) : ($0.locale == "de" ? home : chat)))" }.sorted(),
                       ["de/chat true", "de/home true", "en-US/chat true", "en-US/home true"])
    }

    func testPerLocaleFilesOfDifferentSizesAreRefusedAndAMissingOneIsWarned() throws {
        let scratch = try Scratch()
        try scratch.write("shots/en-US/home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        try scratch.write("shots/en-US/chat.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-chat.png")))
        let small = Fixtures.repository.appendingPathComponent("fixtures/localized/screenshots/de-DE/iPhone SE (3rd generation)-01Inbox.png")
        try scratch.write("shots/de-DE/home.png", try Data(contentsOf: small))
        let result = StarterJob.run(folder: "shots", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), [
            "warning: \(scratch.path("shots")): (folder): chat.png is missing in 1 locale folder(s): expected it in every locale folder, found none in de-DE (render refuses it unless --fallback-locale names a locale that has it)",
            "error: \(scratch.path("shots/en-US/home.png")): (size): every locale's file of a screen is one well's size: expected 750×1334 (ios-simulator-750x1334, as \(scratch.path("shots/de-DE/home.png"))), found 1206×2622 (ios-simulator-1206x2622)",
        ])
        XCTAssertEqual(result.written, [])
    }

    /// A size two wells of the catalog have is refused naming both (the job must name one).
    func testASizeOfTwoWellsIsRefusedNamingBoth() throws {
        let scratch = try Scratch()
        try scratch.write("captures/shot.png", try Fixtures.png(width: 300, height: 400))
        let wells = try scratch.write("wells.json", #"{"schemaVersion": 1, "kind": "device-wells", "wells": [{"id": "a", "device": "A", "width": 300, "height": 400, "storeWell": null, "source": "s"}, {"id": "b", "device": "B", "width": 300, "height": 400, "storeWell": null, "source": "s"}], "citedMinimumNativeWidths": [{"class": "c", "minimumNativeWidth": 1, "source": "s"}]}"#)
        let result = StarterJob.run(folder: "captures", into: scratch.url, wells: wells)
        XCTAssertEqual(result.diagnostics.map(\.line), [
            "error: \(scratch.path("captures/shot.png")): (size): 2 wells have this size 300×400 and nothing names the device: expected one, found a (A, ?), b (B, ?); name the device (a snapshot file's device name, \"devices\" for a screengrab folder) or the well (\"well\")",
        ])
        XCTAssertEqual(result.written, [])
    }
}
