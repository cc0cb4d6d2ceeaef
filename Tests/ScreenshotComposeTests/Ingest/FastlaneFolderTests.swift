import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Plan
@testable import Raster

/// Captures read from fastlane snapshot and screengrab folders.
final class FastlaneFolderTests: XCTestCase {
    static let languages = ["de-DE", "en-US", "ja"]
    static let headlines: [String: [String: String]] = [
        "en-US": ["01Home": "Everything at a glance", "02Search": "Find it fast"],
        "de-DE": ["01Home": "Alles auf einen Blick", "02Search": "Schnell gefunden"],
        "ja": ["01Home": "すべてを一目で", "02Search": "すぐに見つかる"],
    ]

    /// fastlane snapshot's folder: two devices (iPhone 6.9 in and iPad 13 in sizes) × three
    /// languages × two screens, each file different. Returns file path → SHA-256.
    @discardableResult
    static func writeSnapshotFolder(_ scratch: Scratch, languages: [String] = languages) throws -> [String: String] {
        var hashes: [String: String] = [:]
        var n = 0
        for language in languages {
            for (device, size) in [("iPhone 16 Pro Max", (1320, 2868)), ("iPad Pro 13-inch (M4)", (2064, 2752))] {
                for screen in ["01Home", "02Search"] {
                    n += 1
                    let png = try Fixtures.pngVariant(width: size.0, height: size.1, variant: "\(language) \(device) \(screen)")
                    let path = try scratch.write("screenshots/\(language)/\(device)-\(screen).png", png)
                    hashes[path] = SHA256.hex(png)
                }
            }
        }
        try scratch.write("screenshots/screenshots.html", "<html></html>")
        return hashes
    }

    /// A release's fastlane folder: snapshot's `screenshots/` (iPhone; en-US, ja) and
    /// screengrab's `metadata/android/` (Pixel; en-US, ja-JP). Returns path (relative) → SHA-256.
    @discardableResult
    static func writeReleaseFolder(_ scratch: Scratch) throws -> [String: String] {
        var hashes: [String: String] = [:]
        for screen in ["01Home", "02Search"] {
            for language in ["en-US", "ja"] {
                let png = try Fixtures.pngVariant(width: 1320, height: 2868, variant: "ios \(language) \(screen)")
                let path = "fastlane/screenshots/\(language)/iPhone 16 Pro Max-\(screen).png"
                try scratch.write(path, png)
                hashes[path] = SHA256.hex(png)
            }
            for locale in ["en-US", "ja-JP"] {
                let png = try Fixtures.pngVariant(width: 1080, height: 2400, variant: "android \(locale) \(screen)")
                let path = "fastlane/metadata/android/\(locale)/images/phoneScreenshots/\(screen)_1700000000000.png"
                try scratch.write(path, png)
                hashes[path] = SHA256.hex(png)
                try scratch.write("fastlane/metadata/android/\(locale)/title.txt", "Tuck")
            }
        }
        return hashes
    }

    /// `Café Phone-01Home.png` with é as U+00E9 and as e + U+0301 were one capture (Swift
    /// compares strings by canonical equivalence): `check` said ok and dropped one. Names are
    /// NFC once where they are read and compared as bytes; the two are refused naming both.
    func testTwoFileNamesThatAreOneInNFCAreRefusedNamingBoth() throws {
        let scratch = try Scratch()
        let png = try Fixtures.pngVariant(width: 1320, height: 2868, variant: "precomposed")
        try scratch.write("screenshots/en-US/Caf\u{E9} Phone-01Home.png", png)
        try scratch.write("screenshots/en-US/Cafe\u{301} Phone-01Home.png", try Fixtures.pngVariant(width: 1320, height: 2868, variant: "decomposed"))
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "screenshots"], "headlines": ["en-US": ["01Home": "Everything at a glance"]]])
        let folder = URL(fileURLWithPath: scratch.path("screenshots/en-US")).path
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: PlanOptions(sourceDateEpoch: "0"))), [
            "error: \(folder)/Caf\u{E9} Phone-01Home.png: captures.fastlane: two files with one name after Unicode NFC normalization: expected names that differ, found \"Cafe\\u{301} Phone-01Home.png\" and \"Caf\\u{E9} Phone-01Home.png\"",
        ])
        // One file named in NFD is read from its name on disk, and its screen is named in NFC.
        let alone = try Scratch()
        try alone.write("screenshots/en-US/Cafe\u{301} Phone-01Home.png", png)
        var d = DiagnosticCollector()
        let scanned = try XCTUnwrap(FastlaneCaptureFolder.scan(URL(fileURLWithPath: alone.path("screenshots")), file: "job.json", field: "captures.fastlane", devices: [], into: &d))
        XCTAssertEqual(lines(d), [])
        XCTAssertEqual(scanned.screens.map { Array($0.device.utf8) }, [Array("Caf\u{E9} Phone".utf8)])
        XCTAssertEqual(scanned.screens.map { Array(($0.files["en-US"] ?? "").utf8) }, [Array("en-US/Cafe\u{301} Phone-01Home.png".utf8)])
    }

    /// Every path the tool writes is NFC (issue 36 item 4), whatever spelling a name reached
    /// `OutputPaths` in: the manifest, the record and the contact sheet's links name the file
    /// as the file system holds it.
    func testOutputPathsAreWrittenInNFC() {
        let names = OutputPaths.destinations(locale: "en-US", name: "01Home", captureId: "01Home", order: 1,
                                             device: .init(folder: "Cafe\u{301} Phone", screen: "01Home"), upload: .appStore(language: "en-US"))
        XCTAssertEqual([names.svg, names.png, names.captureCopy, names.fastlane ?? ""].map { Array($0.utf8) }, [
            "en-US/Caf\u{E9} Phone/01Home.svg", "en-US/Caf\u{E9} Phone/01Home.png", "en-US/Caf\u{E9} Phone/captures/01Home.png",
            "fastlane/screenshots/en-US/01_01Home_Caf\u{E9} Phone.png",
        ].map { Array($0.utf8) })
    }

    /// `"fastlane": [snapshot folder, screengrab folder]`: both stores in one manifest, each
    /// locale its own capture. One locale per language: iOS `ja` and Android `ja-JP` are the
    /// locale `ja`, which composes each folder's own captures and uploads to each store's own
    /// code (`ReleaseLocales`). The same folder twice would write one output twice: refused.
    func testSnapshotAndScreengrabFoldersComposeInOneJob() throws {
        let scratch = try Scratch()
        let hashes = try Self.writeReleaseFolder(scratch)
        let headlines = Self.headlines.filter { $0.key != "de-DE" }
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": ["fastlane/screenshots", "fastlane/metadata/android"]],
                                        "headlines": headlines])
        let report = ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "0"), rendering: RenderOptions(svgOnly: true))
        XCTAssertEqual(lines(report), [])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.outputs.map { "\($0.svg.path) \($0.well)" }, [
            "en-US/ios-simulator-1320x2868/01Home.svg ios-simulator-1320x2868", "en-US/ios-simulator-1320x2868/02Search.svg ios-simulator-1320x2868",
            "en-US/phoneScreenshots/01Home.svg android-emulator-1080x2400", "en-US/phoneScreenshots/02Search.svg android-emulator-1080x2400",
            "ja/ios-simulator-1320x2868/01Home.svg ios-simulator-1320x2868", "ja/ios-simulator-1320x2868/02Search.svg ios-simulator-1320x2868",
            "ja/phoneScreenshots/01Home.svg android-emulator-1080x2400", "ja/phoneScreenshots/02Search.svg android-emulator-1080x2400",
        ])
        XCTAssertEqual(Set(manifest.outputs.map { "\($0.locale) \($0.headlineKey ?? "-")" }), ["en-US en-US", "ja ja"])
        for output in manifest.outputs {
            let screen = output.captureId.hasSuffix("01Home") ? "01Home" : "02Search"
            let source = output.well.hasPrefix("ios")
                ? "fastlane/screenshots/\(output.locale)/iPhone 16 Pro Max-\(screen).png"
                : "fastlane/metadata/android/\(output.locale == "ja" ? "ja-JP" : output.locale)/images/phoneScreenshots/\(screen)_1700000000000.png"
            XCTAssertEqual(output.captureSource?.path, "../\(source)")
            XCTAssertEqual(output.capture.sourceSHA256, try XCTUnwrap(hashes[source]), output.svg.path)
        }
        // --layout fastlane: iOS to deliver's folder, Android to supply's (with its Play target).
        var d = DiagnosticCollector()
        _ = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": ["fastlane/screenshots", "fastlane/metadata/android"]],
                                  "headlines": headlines, "targets": ["app-store:iphone-6.9", "google-play:phone"]])
        let loaded = try XCTUnwrap(JobLoader.load(file: job, into: &d))
        let options = PlanOptions(sourceDateEpoch: "0", fastlaneLayout: true)
        let plan = try XCTUnwrap(Planner.plan(loaded, inputs: Ingest.read(loaded, options: options), options: options, into: &d))
        XCTAssertEqual(lines(d), [])
        XCTAssertEqual(plan.outputs.map { $0.destination.fastlane ?? "-" }, [
            "fastlane/screenshots/en-US/01_ios-simulator-1320x2868-01Home_app-store-iphone-6.9.png",
            "fastlane/screenshots/en-US/02_ios-simulator-1320x2868-02Search_app-store-iphone-6.9.png",
            "fastlane/metadata/android/en-US/images/phoneScreenshots/01_phoneScreenshots-01Home.png",
            "fastlane/metadata/android/en-US/images/phoneScreenshots/02_phoneScreenshots-02Search.png",
            // The locale ja: deliver's folder ja, supply's ja-JP (each store's own code).
            "fastlane/screenshots/ja/01_ios-simulator-1320x2868-01Home_app-store-iphone-6.9.png",
            "fastlane/screenshots/ja/02_ios-simulator-1320x2868-02Search_app-store-iphone-6.9.png",
            "fastlane/metadata/android/ja-JP/images/phoneScreenshots/01_phoneScreenshots-01Home.png",
            "fastlane/metadata/android/ja-JP/images/phoneScreenshots/02_phoneScreenshots-02Search.png",
        ])

        // The same folder twice (spelt two ways): every capture id twice, both files named.
        _ = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": ["fastlane/screenshots", "./fastlane/screenshots"]],
                                  "headlines": headlines])
        let twice = ScreenshotComposer().check(jobFile: job, options: PlanOptions())
        XCTAssertEqual(errorLines(twice), ["01Home", "02Search"].map { screen in
            "error: \(scratch.path("fastlane/screenshots/en-US/iPhone 16 Pro Max-\(screen).png")): captures.fastlane: two screenshots become capture \(screen): expected one file name per device and screen, found fastlane/screenshots/en-US/iPhone 16 Pro Max-\(screen).png and ./fastlane/screenshots/en-US/iPhone 16 Pro Max-\(screen).png; rename one device, or list each folder once"
        })
    }

    func testSnapshotFolderWithTwoDevicesAndThreeLanguagesComposesEachLocalesOwnCapture() throws {
        let scratch = try Scratch()
        let hashes = try Self.writeSnapshotFolder(scratch)
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "screenshots"], "headlines": Self.headlines])
        let report = ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "0"), rendering: RenderOptions(svgOnly: true))
        XCTAssertEqual(lines(report), [])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.outputs.count, 12)
        XCTAssertEqual(Set(manifest.outputs.map(\.well)), ["ios-simulator-1320x2868", "ios-simulator-2064x2752"])
        for output in manifest.outputs {
            let device = output.well == "ios-simulator-1320x2868" ? "iPhone 16 Pro Max" : "iPad Pro 13-inch (M4)"
            let screen = output.captureId.hasSuffix("01Home") ? "01Home" : "02Search"
            let source = scratch.path("screenshots/\(output.locale)/\(device)-\(screen).png")
            XCTAssertEqual(output.captureSource?.sha256, hashes[source], "\(output.locale) \(output.captureId)")
            XCTAssertEqual(output.capture.sourceSHA256, hashes[source])
            let copy = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/\(output.capture.path)")))
            XCTAssertEqual(copy, try PNGCodec.drawnChunksCopy(try Data(contentsOf: URL(fileURLWithPath: source))))
            let svg = try String(contentsOfFile: scratch.path("out/\(output.svg.path)"), encoding: .utf8)
            XCTAssertTrue(svg.contains(Self.headlines[output.locale]?[screen]?.components(separatedBy: " ").first ?? "?"), output.svg.path)
        }
        // Outputs of the two devices never share a file: a folder per device well.
        XCTAssertEqual(manifest.outputs.filter { $0.locale == "en-US" }.map(\.svg.path), [
            "en-US/ios-simulator-2064x2752/01Home.svg", "en-US/ios-simulator-2064x2752/02Search.svg",
            "en-US/ios-simulator-1320x2868/01Home.svg", "en-US/ios-simulator-1320x2868/02Search.svg",
        ])
        XCTAssertEqual(Set(manifest.outputs.map(\.svg.path)).count, 12)
        XCTAssertEqual(Set(manifest.outputs.map(\.capture.path)).count, 12)
    }

    func testScreengrabFolderComposesEachLocalesOwnCapture() throws {
        let scratch = try Scratch()
        var hashes: [String: String] = [:]
        for (n, locale) in ["de-DE", "en-US"].enumerated() {
            for (m, screen) in ["01Home", "02Search"].enumerated() {
                let png = try Fixtures.pngVariant(width: 1080, height: 2400, variant: "\(locale) \(screen) \(n)\(m)")
                hashes["\(locale)/\(screen)"] = SHA256.hex(png)
                try scratch.write("fastlane/metadata/android/\(locale)/images/phoneScreenshots/\(screen)_17000000000\(n)\(m).png", png)
            }
            try scratch.write("fastlane/metadata/android/\(locale)/title.txt", "Tuck")
        }
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "fastlane/metadata/android"],
                                        "headlines": Self.headlines.filter { $0.key != "ja" }])
        let report = ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "0"), rendering: RenderOptions(svgOnly: true))
        XCTAssertEqual(lines(report), [])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.outputs.map { "\($0.locale)/\($0.captureId) \($0.well)" }, [
            "de-DE/01Home android-emulator-1080x2400", "de-DE/02Search android-emulator-1080x2400",
            "en-US/01Home android-emulator-1080x2400", "en-US/02Search android-emulator-1080x2400",
        ])
        for output in manifest.outputs {
            XCTAssertEqual(output.capture.sourceSHA256, hashes["\(output.locale)/\(output.captureId)"])
            XCTAssertTrue(output.captureSource?.path.hasPrefix("../fastlane/metadata/android/\(output.locale)/images/phoneScreenshots/\(output.captureId)_") == true)
        }
    }

    /// One locale's file of a screen at another known size is refused by render as by init
    /// (new-user run: pt-BR's 1080×2400 02Search filled no target, silently, and pt-BR's Play
    /// listing had one screenshot). The size most locales have is expected; nothing is written.
    func testALocalesFileOfAnotherSizeIsRefused() throws {
        let scratch = try Scratch()
        for locale in ["de-DE", "en-US", "pt-BR"] {
            for screen in ["01Home", "02Search"] {
                let tall = locale == "de-DE" && screen == "02Search"
                try scratch.write("fastlane/metadata/android/\(locale)/images/phoneScreenshots/\(screen)_1700000000000.png",
                                  try Fixtures.pngVariant(width: 1080, height: tall ? 2400 : 1920, variant: "\(locale) \(screen)"))
            }
        }
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "fastlane/metadata/android"], "targets": ["google-play:phone"],
                                        "headlines": ["de-DE": ["01Home": "Start", "02Search": "Suche"], "en-US": ["01Home": "Home", "02Search": "Search"],
                                                      "pt-BR": ["01Home": "Início", "02Search": "Busca"]]])
        let report = ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "0"), rendering: RenderOptions(svgOnly: true))
        let file = { (locale: String) in scratch.path("fastlane/metadata/android/\(locale)/images/phoneScreenshots/02Search_1700000000000.png") }
        XCTAssertEqual(lines(report), [
            "error: \(file("de-DE")): (size): every locale's file of a screen is one well's size: expected 1080×1920 (android-emulator-1080x1920, as \(file("en-US"))), found 1080×2400 (android-emulator-1080x2400)",
        ])
        XCTAssertNil(report.manifest)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    /// A headline too long on every canvas is refused once, at the worst canvas, naming the
    /// others (new-user run: one line per canvas, 7 for one headline), not advising a soft
    /// hyphen where the text needs more lines than allowed however it breaks.
    func testAnOverlongHeadlineIsRefusedOnceNamingItsCanvases() throws {
        let scratch = try Scratch()
        try Self.writeSnapshotFolder(scratch, languages: ["en-US"])
        let long = "Everything you need to know about your day, your week, your month and your year, in one single place"
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "screenshots"],
                                        "headlines": ["en-US": ["01Home": long, "02Search": "Find it fast"]]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: PlanOptions(sourceDateEpoch: "0"))), [
            "error: \(job): headlines.en-US.01Home: headline does not fit its band on the 2064×2752 canvas (app-store-ipad-13-portrait-2064x2752), refused rather than clipped: overflows by 98.06 px: needs 3 lines (294.19 px) at the floor size 72 px: expected at most 2 lines (196.13 px; the band is 360 px high and headlineMaxLines is 2); shorten it or raise headlineMaxLines (refused on 1 more canvas too, by as much or less: 1320×2868 canvas (app-store-iphone-6.9-portrait-1320x2868))",
        ])
    }

    /// A screengrab folder under --layout fastlane is uploaded by supply, never by deliver: without
    /// a target its 1080×2400 outputs (no Play slot) are not copied, with one warning each; with
    /// google-play:phone they go to supply's phoneScreenshots. They were copied into deliver's
    /// screenshots/<language>/ (App Store Connect), warned as "not an App Store slot".
    func testScreengrabOutputsNeverGoToDeliversFolder() throws {
        let scratch = try Scratch()
        try scratch.write("fastlane/metadata/android/en-US/images/phoneScreenshots/01Home_1700000000000.png",
                          try Fixtures.pngVariant(width: 1080, height: 2400, variant: "en-US 01Home"))
        var job: [String: Any] = ["schemaVersion": 1, "captures": ["fastlane": "fastlane/metadata/android"],
                                  "headlines": ["en-US": ["01Home": "Everything at a glance"]]]
        var options = PlanOptions(sourceDateEpoch: "0")
        options.fastlaneLayout = true
        let jobFile = try scratch.writeJob(job)
        let report = ScreenshotComposer().render(jobFile: jobFile, options: options)
        XCTAssertEqual(lines(report), [
            // The fastlane folder's capture by its files, at the job's folder list (was captures[0]).
            "warning: \(jobFile): captures.fastlane: capture 01Home (fastlane/metadata/android/{locale}/images/phoneScreenshots/01Home_*.png): --layout fastlane: 1080×2400 (android-emulator-1080x2400) is no Google Play slot: expected a target such as \"targets\": [\"google-play:phone\"], found none; its PNGs are not copied to the upload layout",
        ])
        XCTAssertEqual(try XCTUnwrap(report.manifest).outputs.map { $0.fastlane?.path ?? "-" }, ["-"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/fastlane/screenshots")))

        job["targets"] = ["google-play:phone"]
        _ = try scratch.writeJob(job)
        let targeted = ScreenshotComposer().render(jobFile: jobFile, options: options)
        XCTAssertEqual(lines(targeted), [])
        XCTAssertEqual(try XCTUnwrap(targeted.manifest).outputs.map { $0.fastlane?.path ?? "-" },
                       ["fastlane/metadata/android/en-US/images/phoneScreenshots/01_01Home.png"])
    }

    func testMissingLocalesAndUnknownDevicesAreRefusedNamingTheFiles() throws {
        let scratch = try Scratch()
        try Self.writeSnapshotFolder(scratch, languages: ["en-US"])
        try scratch.write("screenshots/en-US/Pixel Phone-01Home.png", try Fixtures.png(width: 500, height: 900))
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "screenshots"], "headlines": Self.headlines])
        let report = ScreenshotComposer().check(jobFile: job, options: PlanOptions())
        XCTAssertEqual(errorLines(report), [
            // A device the catalog does not know, at a size no well has: the file and the sizes known.
            "error: \(job): captures.fastlane: capture Pixel-Phone-01Home missing for 2 locale(s): expected a file for every locale, found none for de-DE (screenshots/de-DE/Pixel Phone-01Home.png), ja (screenshots/ja/Pixel Phone-01Home.png) (--fallback-locale TAG composes TAG's capture instead)",
            "error: \(scratch.path("screenshots/en-US/Pixel Phone-01Home.png")): captures.fastlane.well: capture Pixel-Phone-01Home has no \"well\": no device well has this size: expected a device the wells catalog knows, the nearest being 640×1136 (iPhone SE (1st generation), well ios-simulator-640x1136) or 750×1334 (iPhone SE (3rd generation), well ios-simulator-750x1334), found 500×900; to compose it, add a well of this size to a copy of wells.json and name the copy in the job's \"wells\" (docs/reference.md, Wells catalog)",
        ] + ["iPad Pro 13-inch (M4)", "iPhone 16 Pro Max"].flatMap { device in
            ["01Home", "02Search"].map { screen in
                let well = device.hasPrefix("iPad") ? "ios-simulator-2064x2752" : "ios-simulator-1320x2868"
                return "error: \(job): captures.fastlane: capture \(well)-\(screen) missing for 2 locale(s): expected a file for every locale, found none for de-DE (screenshots/de-DE/\(device)-\(screen).png), ja (screenshots/ja/\(device)-\(screen).png) (--fallback-locale TAG composes TAG's capture instead)"
            }
        })
    }

    /// Two folders of one locale (en-US and en-us): refused naming both (one was composed, the
    /// other silently ignored, whichever the folder listing gave last).
    func testTwoFoldersOfOneLocaleAreRefused() throws {
        let scratch = try Scratch()
        try Self.writeSnapshotFolder(scratch, languages: ["en-US"])
        try scratch.write("screenshots/en-us/iPhone 16 Pro Max-01Home.png", try Fixtures.pngVariant(width: 1320, height: 2868, variant: "lower"))
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "screenshots"], "headlines": ["en-US": Self.headlines["en-US"] ?? [:]]])
        let report = ScreenshotComposer().check(jobFile: job, options: PlanOptions())
        XCTAssertEqual(errorLines(report), ["error: \(scratch.path("screenshots/en-us")): captures.fastlane: two folders for one locale en-US: expected one folder per locale (tags are compared ignoring case and _ for -), found en-US and en-us"])
    }

    /// `make demo`'s localized fixture: a snapshot folder whose captures show each language's
    /// own UI; every output composes its own language's file, and `init` reads the folder alike.
    func testLocalizedDemoComposesEachLanguagesOwnCapture() throws {
        let scratch = try Scratch()
        let folder = Fixtures.repository.appendingPathComponent("fixtures/localized/screenshots")
        let report = ScreenshotComposer().render(jobFile: Fixtures.repository.appendingPathComponent("fixtures/localized-job.json").path,
                                                 options: PlanOptions(output: scratch.path("out"), sourceDateEpoch: "0"),
                                                 rendering: RenderOptions(svgOnly: true))
        XCTAssertEqual(lines(report), [])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.outputs.map { "\($0.locale)/\($0.captureId) \($0.well)" }, [
            "de-DE/01Inbox ios-simulator-750x1334", "de-DE/02Today ios-simulator-750x1334",
            "en-US/01Inbox ios-simulator-750x1334", "en-US/02Today ios-simulator-750x1334",
            "ja/01Inbox ios-simulator-750x1334", "ja/02Today ios-simulator-750x1334",
        ])
        for output in manifest.outputs {
            let file = folder.appendingPathComponent("\(output.locale)/iPhone SE (3rd generation)-\(output.captureId).png")
            XCTAssertEqual(output.captureSource?.sha256, SHA256.hex(try Data(contentsOf: file)), "\(output.locale) \(output.captureId)")
        }
        XCTAssertEqual(Set(manifest.outputs.compactMap { $0.captureSource?.sha256 }).count, 6)

        var d = DiagnosticCollector()
        var catalog = DiagnosticCollector()
        let found = try XCTUnwrap(StarterJob.read(folder, catalog: try XCTUnwrap(WellsListing.loadMerged(file: nil, storeFile: nil, into: &catalog)), &d))
        XCTAssertEqual(lines(d), [])
        XCTAssertEqual(found.locales, ["en-US", "de-DE", "ja"])
        XCTAssertEqual(found.captures.map { "\($0.screen) \($0.well.id)" }, ["01Inbox ios-simulator-750x1334", "02Today ios-simulator-750x1334"])
    }

    /// `--layout fastlane` with two devices: deliver reads every PNG of a language folder and
    /// tells devices apart by pixel size only, so each copy's name carries its device well and
    /// the two `01Home`s stay two files, in screen order per device. The 13-inch iPad's copies
    /// carry deliver's name for the class (`APP_IPAD_PRO_3GEN_129`), without which deliver
    /// files a 2048 × 2732 copy as the 12.9-inch 2nd generation (DeliverRuleTests).
    func testTwoDevicesGetAFolderEachAndDistinctDeliverNames() throws {
        let scratch = try Scratch()
        try Self.writeSnapshotFolder(scratch, languages: ["en-US"])
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "screenshots"],
                                        "headlines": Self.headlines.filter { $0.key == "en-US" }])
        var d = DiagnosticCollector()
        let loaded = try XCTUnwrap(JobLoader.load(file: job, into: &d))
        let options = PlanOptions(sourceDateEpoch: "0", fastlaneLayout: true)
        let plan = try XCTUnwrap(Planner.plan(loaded, inputs: Ingest.read(loaded, options: options), options: options, into: &d))
        XCTAssertEqual(lines(d).filter { $0.hasPrefix("error") }, [])
        XCTAssertEqual(plan.outputs.map { "\($0.destination.png) \($0.destination.captureCopy) \($0.destination.fastlane ?? "-")" }, [
            "en-US/ios-simulator-2064x2752/01Home.png en-US/ios-simulator-2064x2752/captures/ios-simulator-2064x2752-01Home.png fastlane/screenshots/en-US/01_01Home_ios-simulator-2064x2752_APP_IPAD_PRO_3GEN_129.png",
            "en-US/ios-simulator-2064x2752/02Search.png en-US/ios-simulator-2064x2752/captures/ios-simulator-2064x2752-02Search.png fastlane/screenshots/en-US/02_02Search_ios-simulator-2064x2752_APP_IPAD_PRO_3GEN_129.png",
            "en-US/ios-simulator-1320x2868/01Home.png en-US/ios-simulator-1320x2868/captures/ios-simulator-1320x2868-01Home.png fastlane/screenshots/en-US/03_01Home_ios-simulator-1320x2868.png",
            "en-US/ios-simulator-1320x2868/02Search.png en-US/ios-simulator-1320x2868/captures/ios-simulator-1320x2868-02Search.png fastlane/screenshots/en-US/04_02Search_ios-simulator-1320x2868.png",
        ])
        // One device: no device folder, deliver's plain <NN>_<screen>.png.
        XCTAssertEqual(OutputPaths.destinations(locale: "en-US", name: "01Home", captureId: "01Home", order: 1, upload: .appStore(language: "en-US")).fastlane,
                       "fastlane/screenshots/en-US/01_01Home.png")
    }

    /// A locale folder without headlines is reported, but not when the job chooses its
    /// "locales" on purpose, nor when the headlines could not be read (their errors say why).
    /// A language whose folders no headline locale serves is one error at the headline source
    /// naming the folders and the key to add (it was a warning and exit 0, the screenshots left
    /// out); none when the job's "locales" chooses the locales, or the headlines were not read.
    func testALanguageWithoutHeadlinesIsRefusedUnlessTheJobChoosesItsLocales() throws {
        let scratch = try Scratch()
        let folder = Fixtures.repository.appendingPathComponent("fixtures/localized/screenshots").path
        let english = ["en-US": ["01Inbox": "Every note", "02Today": "Due today"]]
        func warnings(_ job: [String: Any]) throws -> [String] {
            let file = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": folder]].merging(job) { a, _ in a })
            return lines(ScreenshotComposer().check(jobFile: file, options: PlanOptions())).map { $0.replacingOccurrences(of: file, with: "job.json") }
        }
        XCTAssertEqual(try warnings(["headlines": english]), [
            "error: job.json: headlines: no headlines for the language of \(folder)/de-DE (deliver): expected a locale such as \"de-DE\" in the headlines, found none (list the job's \"locales\" to leave the language out)",
            "error: job.json: headlines: no headlines for the language of \(folder)/ja (deliver): expected a locale such as \"ja\" in the headlines, found none (list the job's \"locales\" to leave the language out)",
        ])
        XCTAssertEqual(try warnings(["headlines": english, "locales": ["en-US"]]), [])
        try scratch.write("new.xcstrings", #"{"sourceLanguage": "en-US", "version": "1.0", "strings": {"01Inbox": {"localizations": {"en-US": {"stringUnit": {"state": "new", "value": "x"}}}}, "02Today": {"localizations": {"en-US": {"stringUnit": {"state": "translated", "value": "y"}}}}}}"#)
        XCTAssertEqual(try warnings(["headlines": "new.xcstrings"]), [
            "error: \(scratch.path("new.xcstrings")): strings.01Inbox.localizations.en-US.stringUnit.state: string unit is \"new\", not translated: expected state \"translated\", found \"new\" (--allow-untranslated accepts it)",
        ])
    }

    /// Two device names of one well (iPhone SE 2nd and 3rd generation are both 750×1334) get a
    /// folder each, by device name; names that become one file name are refused naming both.
    func testDevicesOfOneWellGetAFolderEachAndNamesThatCollideAreRefused() throws {
        let scratch = try Scratch()
        let source = Fixtures.repository.appendingPathComponent("fixtures/localized/screenshots/en-US")
        for device in ["iPhone SE (2nd generation)", "iPhone SE (3rd generation)"] {
            for screen in ["01Inbox", "02Today"] {
                try scratch.write("shots/en-US/\(device)-\(screen).png", try Data(contentsOf: source.appendingPathComponent("iPhone SE (3rd generation)-\(screen).png")))
            }
        }
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "shots"], "headlines": ["en-US": ["01Inbox": "a", "02Today": "b"]]])
        var d = DiagnosticCollector()
        let loaded = try XCTUnwrap(JobLoader.load(file: job, into: &d))
        let plan = try XCTUnwrap(Planner.plan(loaded, inputs: Ingest.read(loaded, options: PlanOptions()), options: PlanOptions(sourceDateEpoch: "0"), into: &d))
        XCTAssertEqual(lines(d).filter { $0.hasPrefix("error") }, [])
        XCTAssertEqual(plan.outputs.map { "\($0.destination.svg) \($0.capture.well.id)" }, [
            "en-US/iPhone-SE-2nd-generation/01Inbox.svg ios-simulator-750x1334", "en-US/iPhone-SE-2nd-generation/02Today.svg ios-simulator-750x1334",
            "en-US/iPhone-SE-3rd-generation/01Inbox.svg ios-simulator-750x1334", "en-US/iPhone-SE-3rd-generation/02Today.svg ios-simulator-750x1334",
        ])

        try scratch.write("shots/en-US/iPhone SE 2nd generation-01Inbox.png", try Data(contentsOf: source.appendingPathComponent("iPhone SE (3rd generation)-01Inbox.png")))
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: PlanOptions())), [
            "error: \(scratch.path("shots/en-US/iPhone SE 2nd generation-01Inbox.png")): captures.fastlane: two screenshots become capture iPhone-SE-2nd-generation-01Inbox: expected one file name per device and screen, found shots/en-US/iPhone SE (2nd generation)-01Inbox.png and shots/en-US/iPhone SE 2nd generation-01Inbox.png; rename one device",
        ])
    }
}
