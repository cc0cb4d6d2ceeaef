import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Plan
@testable import Raster
@testable import Manifest

/// `init` writes only jobs `check` accepts: folder names such as `pt_BR` are read as their BCP 47
/// locale (they were ignored without a word, or warned about and left out), and what `check`
/// would refuse (ids equal ignoring case, more captures or outputs than a job may have) is
/// refused by init itself, naming the files, with nothing written.
final class StarterJobRefusalTests: XCTestCase {
    private func written(_ scratch: Scratch) -> [String] {
        [StarterJob.jobName, StarterJob.schemaName, StarterJob.catalogName].filter { FileManager.default.fileExists(atPath: scratch.path($0)) }
    }

    func testPerLocaleFoldersWithUnderscoresAreTheirLocales() throws {
        let scratch = try Scratch()
        let home = try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png"))
        let chat = try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-chat.png"))
        try scratch.write("shots/en-US/home.png", home)
        try scratch.write("shots/pt_BR/home.png", chat)
        let traditional = try Fixtures.pngVariant(width: 1206, height: 2622, variant: "zh-Hant-TW")
        try scratch.write("shots/zh_Hant_TW/home.png", traditional)
        let result = StarterJob.run(folder: "shots", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), [])
        XCTAssertEqual(result.text.components(separatedBy: "\n").first,
                       "shots: per-locale PNG folder, 1 capture(s) (one file per locale), 1 screen(s), locale(s) en-US, pt-BR, zh-Hant-TW")
        let job = try String(contentsOfFile: scratch.path("job.json"), encoding: .utf8)
        XCTAssertTrue(job.contains("\"captureLocales\": { \"pt-BR\": \"pt_BR\", \"zh-Hant-TW\": \"zh_Hant_TW\" },"), job)
        let catalog = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path("headlines.xcstrings")))) as? [String: Any])
        let units = try XCTUnwrap(((catalog["strings"] as? [String: Any])?["home"] as? [String: Any])?["localizations"] as? [String: Any])
        XCTAssertEqual(units.keys.sorted(), ["en-US", "pt-BR", "zh-Hant-TW"])

        try StarterJobTests.fillHeadlines(scratch.path("headlines.xcstrings"))
        let report = ScreenshotComposer().render(jobFile: scratch.path("job.json"), options: PlanOptions(sourceDateEpoch: "0"),
                                                 rendering: RenderOptions(svgOnly: true))
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(try XCTUnwrap(report.manifest).outputs.map { "\($0.locale) \($0.captureSource?.path ?? "") \($0.captureSource?.sha256 == SHA256.hex(["pt-BR": chat, "zh-Hant-TW": traditional][$0.locale] ?? home))" }, [
            "en-US ../shots/en-US/home.png true", "pt-BR ../shots/pt_BR/home.png true", "zh-Hant-TW ../shots/zh_Hant_TW/home.png true",
        ])
        // pt_BR beside pt-BR is one locale twice.
        try scratch.write("shots/pt-BR/home.png", chat)
        let twice = try Scratch()
        XCTAssertEqual(StarterJob.run(folder: scratch.path("shots"), into: twice.url).diagnostics.map(\.line), [
            "error: \(scratch.path("shots/pt_BR")): (folder): two folders for one locale pt-BR: expected one folder per locale (tags are compared ignoring case and _ for -), found pt-BR and pt_BR",
        ])
    }

    /// A snapshot folder's `pt_BR` was warned about and left out by init, and by check.
    func testASnapshotFolderNamedPtBRIsItsLocale() throws {
        let scratch = try Scratch()
        for language in ["en-US", "pt_BR"] {
            try scratch.write("screenshots/\(language)/iPhone 16 Pro Max-01Home.png",
                              try Fixtures.pngVariant(width: 1320, height: 2868, variant: language))
        }
        let result = StarterJob.run(folder: "screenshots", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), [])
        XCTAssertEqual(result.found?.locales, ["en-US", "pt-BR"])
        try StarterJobTests.fillHeadlines(scratch.path("headlines.xcstrings"))
        let report = ScreenshotComposer().render(jobFile: scratch.path("job.json"), options: PlanOptions(sourceDateEpoch: "0"),
                                                 rendering: RenderOptions(svgOnly: true))
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(try XCTUnwrap(report.manifest).outputs.map { "\($0.locale) \($0.captureSource?.path ?? "")" }, [
            "en-US ../screenshots/en-US/iPhone 16 Pro Max-01Home.png", "pt-BR ../screenshots/pt_BR/iPhone 16 Pro Max-01Home.png",
        ])
    }

    /// deliver's pt-BR and a screengrab pt_BR folder are one locale, pt-BR, in both stores.
    func testAPtBRScreengrabFolderIsTheLocaleOfDeliversPtBR() throws {
        let scratch = try Scratch()
        for language in ["en-US", "pt-BR"] {
            try scratch.write("fastlane/screenshots/\(language)/iPhone 16 Pro Max-01Home.png",
                              try Fixtures.pngVariant(width: 1320, height: 2868, variant: "ios \(language)"))
        }
        for locale in ["en-US", "pt_BR"] {
            try scratch.write("fastlane/metadata/android/\(locale)/images/phoneScreenshots/01Home_1700000000000.png",
                              try Fixtures.pngVariant(width: 1080, height: 2400, variant: "android \(locale)"))
        }
        let result = StarterJob.run(folder: "fastlane", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), [])
        XCTAssertEqual(result.found?.locales, ["en-US", "pt-BR"])
        try StarterJobTests.fillHeadlines(scratch.path("headlines.xcstrings"))
        var options = PlanOptions(sourceDateEpoch: "0")
        options.fastlaneLayout = true
        let report = ScreenshotComposer().render(jobFile: scratch.path("job.json"), options: options)
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(try XCTUnwrap(report.manifest).outputs.filter { $0.locale == "pt-BR" }.map { "\($0.captureSource?.path ?? "") \($0.fastlane?.path ?? "-")" }, [
            "../fastlane/screenshots/pt-BR/iPhone 16 Pro Max-01Home.png fastlane/screenshots/pt-BR/01_ios-simulator-1320x2868-01Home_app-store-iphone-6.9.png",
            // supply's own code for the language, not the capture folder's spelling.
            "../fastlane/metadata/android/pt_BR/images/phoneScreenshots/01Home_1700000000000.png fastlane/metadata/android/pt-BR/images/phoneScreenshots/01_phoneScreenshots-01Home.png",
        ])
    }

    func testCaptureNamesEqualIgnoringCaseAreRefusedNamingBothFiles() throws {
        let scratch = try Scratch()
        let png = try Fixtures.png(width: 1320, height: 2868)
        try scratch.write("shots/Home.png", png)
        try scratch.write("shots/home.png", try Fixtures.pngVariant(width: 1320, height: 2868, variant: "b"))
        try scratch.write("shots/search.png", png)
        let result = StarterJob.run(folder: "shots", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), [
            "error: \(scratch.path("shots/home.png")): (file name): capture home equals Home ignoring case: expected names that differ in more than case (on macOS, case-insensitive APFS where fastlane runs, their outputs would be one file), found \(scratch.path("shots/Home.png")) and \(scratch.path("shots/home.png")); rename one file",
        ])
        XCTAssertEqual(written(scratch), [])
        XCTAssertEqual(result.text, "")

        // A snapshot device's screens: the screen is what to rename.
        let snapshot = try Scratch()
        try snapshot.write("screenshots/en-US/iPhone 16 Pro Max-01Home.png", png)
        try snapshot.write("screenshots/en-US/iPhone 16 Pro Max-01home.png", png)
        XCTAssertEqual(StarterJob.run(folder: "screenshots", into: snapshot.url).diagnostics.map(\.line), [
            "error: \(snapshot.path("screenshots/en-US/iPhone 16 Pro Max-01home.png")): (file name): capture 01home equals 01Home ignoring case: expected names that differ in more than case (on macOS, case-insensitive APFS where fastlane runs, their outputs would be one file), found \(snapshot.path("screenshots/en-US/iPhone 16 Pro Max-01Home.png")) and \(snapshot.path("screenshots/en-US/iPhone 16 Pro Max-01home.png")); rename one screen (01Home or 01home)",
        ])
        XCTAssertEqual(written(snapshot), [])
    }

    /// 600 PNGs against the 500 captures a job may have: check refused the job init wrote.
    func testMoreCapturesThanAJobMayHaveAreRefused() throws {
        let scratch = try Scratch()
        let png = try Fixtures.png(width: 1320, height: 2868)
        let first = try scratch.write("shots/shot-000.png", png)
        for index in 1..<600 {
            try FileManager.default.linkItem(atPath: first, toPath: scratch.path(String(format: "shots/shot-%03d.png", index)))
        }
        let result = StarterJob.run(folder: "shots", into: scratch.url)
        XCTAssertEqual(result.diagnostics.map(\.line), [
            "error: \(scratch.path("shots")): (folder): too many captures for one job: expected at most 500, found 600 (the first over the limit: \(scratch.path("shots/shot-500.png"))); split the folder into several jobs",
        ])
        XCTAssertEqual(written(scratch), [])
    }

    /// Locales × captures over the planned-output limit (as check counts them).
    func testMoreOutputsThanAJobMayHaveAreRefused() throws {
        var ignored = DiagnosticCollector()
        let well = try XCTUnwrap(WellsListing.loadMerged(file: nil, storeFile: nil, into: &ignored)?.well(id: "ios-simulator-1320x2868"))
        let captures = (0..<200).map { StarterJob.Found.Capture(screen: "s\($0)", device: "s\($0).png", well: well, file: "/f/s\($0).png") }
        let locales = (0..<51).map { "x-l\($0)" }
        var d = DiagnosticCollector()
        XCTAssertFalse(StarterJob.acceptable(StarterJob.Found(kind: .perLocale, locales: locales, captures: captures), folder: URL(fileURLWithPath: "/f"), &d))
        XCTAssertEqual(d.diagnostics.map(\.line), [
            "error: /f: (folder): too many outputs for one job: expected at most 10000 (locales × captures), found 10200 (51 locales × 200 captures); split the locales or the captures into several jobs",
        ])
        var fine = DiagnosticCollector()
        XCTAssertTrue(StarterJob.acceptable(StarterJob.Found(kind: .perLocale, locales: Array(locales.prefix(50)), captures: captures), folder: URL(fileURLWithPath: "/f"), &fine))
        XCTAssertEqual(fine.diagnostics, [])
    }
}
