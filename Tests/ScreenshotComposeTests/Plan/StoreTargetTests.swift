import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Plan

/// `"targets"`: every screen into every target of its family, per-target folders, both
/// stores' upload layouts, `"localeMap"`.
final class StoreTargetTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// An iPhone 16 Pro Max, an iPad Pro 13-inch and a Pixel capture with no `"well"`, headlines
    /// from a String Catalog in Xcode's default source language `en`.
    private func releaseJob(_ scratch: Scratch, targets: [String], extra: [String: Any] = [:]) throws -> String {
        try scratch.write("shots/phone.png", try Fixtures.png(width: 1320, height: 2868))
        try scratch.write("shots/tablet.png", try Fixtures.png(width: 2064, height: 2752))
        try scratch.write("shots/pixel.png", try Fixtures.png(width: 1080, height: 2400))
        func unit(_ text: String) -> [String: Any] { ["localizations": ["en": ["stringUnit": ["state": "translated", "value": text]]]] }
        let catalog: [String: Any] = ["sourceLanguage": "en", "version": "1.0",
                                      "strings": ["phone": unit("Plan your day"), "tablet": unit("Room to think"), "pixel": unit("On every phone")]]
        try scratch.write("Localizable.xcstrings", try JSONSerialization.data(withJSONObject: catalog, options: [.sortedKeys]))
        var job: [String: Any] = [
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "phone", "path": "shots/phone.png"], ["id": "tablet", "path": "shots/tablet.png"],
                         ["id": "pixel", "path": "shots/pixel.png"]],
            "headlines": "Localizable.xcstrings", "localeMap": ["en": "en-US"], "targets": targets,
        ]
        for (k, v) in extra { job[k] = v }
        return try scratch.writeJob(job)
    }

    private func size(_ path: String) throws -> String {
        let header = try PNGCodec.readHeader(try Data(contentsOf: URL(fileURLWithPath: path)))
        return "\(header.width)x\(header.height)"
    }

    func testARealReleaseRendersIntoBothStoresUploadLayouts() throws {
        let scratch = try Scratch()
        let targets = ["app-store:iphone-6.9", "app-store:ipad-13", "google-play:phone"]
        var options = epoch
        options.fastlaneLayout = true
        // Leftovers of an earlier run in the folders the upload tools read are removed: a run with
        // a fourth screen wrote 02_old.png into supply's folder (numbered within the folder) (an image no run of the tool wrote
        // is refused instead: FolderOwnershipTests).
        let earlier = try releaseJob(scratch, targets: targets, extra: ["captures": [
            ["id": "phone", "path": "shots/phone.png"], ["id": "tablet", "path": "shots/tablet.png"],
            ["id": "pixel", "path": "shots/pixel.png"], ["id": "old", "path": "shots/pixel.png"]],
            "headlines": ["en": ["phone": "Plan your day", "tablet": "Room to think", "pixel": "On every phone", "old": "Gone next time"]]])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: earlier, options: options)), [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/fastlane/metadata/android/en-US/images/phoneScreenshots/02_old.png")))
        let jobFile = try releaseJob(scratch, targets: targets)
        let report = ScreenshotComposer().render(jobFile: jobFile, options: options)
        XCTAssertEqual(lines(report), [])
        // Each screen in every target of its family, in the target's folder, at its slot's size.
        XCTAssertEqual(try size(scratch.path("out/en-US/app-store-iphone-6.9/phone.png")), "1320x2868")
        XCTAssertEqual(try size(scratch.path("out/en-US/app-store-ipad-13/tablet.png")), "2064x2752")
        XCTAssertEqual(try size(scratch.path("out/en-US/google-play-phone/pixel.png")), "1080x1920")
        // App Store targets take the iOS screens, Google Play the Android one.
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/en-US/app-store-iphone-6.9/pixel.png")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/en-US/google-play-phone/phone.png")))
        // The SVG links the capture copy beside it.
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/en-US/app-store-ipad-13/captures/tablet.png")))
        // fastlane deliver's and supply's folders, with the store's language codes.
        let fastlane = try FileManager.default.subpathsOfDirectory(atPath: scratch.path("out/fastlane")).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(fastlane, [
            "metadata/android/en-US/images/phoneScreenshots/01_pixel.png",
            "screenshots/en-US/01_phone_app-store-iphone-6.9.png",
            "screenshots/en-US/02_tablet_app-store-ipad-13_APP_IPAD_PRO_3GEN_129.png",
        ])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/fastlane/metadata/android/en-US/images/phoneScreenshots/01_pixel.png"))),
                       try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/google-play-phone/pixel.png"))))
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.outputs.map { "\($0.locale) \($0.target ?? "-") \($0.captureId) \($0.storeWell?.id ?? "-")" }, [
            "en-US app-store:iphone-6.9 phone app-store-iphone-6.9-portrait-1320x2868",
            "en-US app-store:ipad-13 tablet app-store-ipad-13-portrait-2064x2752",
            "en-US google-play:phone pixel google-play-phone-portrait-1080x1920",
        ])
        XCTAssertEqual(manifest.inputs.captures.map { "\($0.id) \($0.well)" },
                       ["phone ios-simulator-1320x2868", "tablet ios-simulator-2064x2752", "pixel android-emulator-1080x2400"])
        XCTAssertEqual(lines(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json"))), [])
    }

    /// The feature graphic goes to supply's `images/featureGraphic.png` of each Play language,
    /// byte for byte the graphic's PNG, listed in the manifest; a later run without it removes
    /// it like a stale screenshot, and leaves other files of `images/` alone.
    func testTheFeatureGraphicIsCopiedToSuppliesFeatureGraphicFile() throws {
        let scratch = try Scratch()
        try scratch.write("shots/pixel.png", try Fixtures.png(width: 1080, height: 2400))
        try scratch.write("icon.png", try Fixtures.png(width: 256, height: 256))
        let graphic: [String: Any] = ["id": "feature", "target": "google-play:feature-graphic", "template": "feature-graphic",
                                      "icon": "icon.png", "title": ["en-US": "Tuck"]]
        var job: [String: Any] = ["schemaVersion": 1, "output": "out", "captures": [["id": "pixel", "path": "shots/pixel.png"]],
                                  "headlines": ["en-US": ["pixel": "On every phone"]], "targets": ["google-play:phone"],
                                  "graphics": [graphic]]
        let jobFile = try scratch.writeJob(job)
        try scratch.write("out/fastlane/metadata/android/en-US/images/icon.png", try Fixtures.png(width: 16, height: 16))
        var options = epoch
        options.fastlaneLayout = true
        let report = ScreenshotComposer().render(jobFile: jobFile, options: options)
        XCTAssertEqual(lines(report), [])
        let images = "out/fastlane/metadata/android/en-US/images"
        let fastlane = try FileManager.default.subpathsOfDirectory(atPath: scratch.path(images)).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(fastlane, ["featureGraphic.png", "icon.png", "phoneScreenshots/01_pixel.png"])
        let copy = try Data(contentsOf: URL(fileURLWithPath: scratch.path("\(images)/featureGraphic.png")))
        let png = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/feature.png")))
        XCTAssertEqual(SHA256.hex(copy), SHA256.hex(png))
        let feature = try XCTUnwrap(report.manifest?.outputs.first { $0.captureId == "feature" })
        XCTAssertEqual(feature.fastlane?.path, "fastlane/metadata/android/en-US/images/featureGraphic.png")
        XCTAssertEqual(feature.fastlane?.sha256, SHA256.hex(png))
        XCTAssertEqual(feature.png?.sha256, SHA256.hex(png))
        XCTAssertEqual(lines(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json"))), [])

        job["graphics"] = nil
        try scratch.writeJob(job)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: options)), [])
        let after = try FileManager.default.subpathsOfDirectory(atPath: scratch.path(images)).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(after, ["icon.png", "phoneScreenshots/01_pixel.png"])
    }

    func testTwoFeatureGraphicsForOneSupplyFileAreRefused() throws {
        let scratch = try Scratch()
        try scratch.write("shots/pixel.png", try Fixtures.png(width: 1080, height: 2400))
        try scratch.write("icon.png", try Fixtures.png(width: 256, height: 256))
        func graphic(_ id: String) -> [String: Any] {
            ["id": id, "target": "google-play:feature-graphic", "icon": "icon.png", "title": ["en-US": "Tuck"]]
        }
        let jobFile = try scratch.writeJob(["schemaVersion": 1, "output": "out", "captures": [["id": "pixel", "path": "shots/pixel.png"]],
                                            "headlines": ["en-US": ["pixel": "On every phone"]], "targets": ["google-play:phone"],
                                            "graphics": [graphic("feature"), graphic("second")]])
        var options = epoch
        options.fastlaneLayout = true
        // Both would be supply's one featureGraphic.png: the store's count rule refuses them, once.
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: options)), [
            "error: \(jobFile): captures: google-play allows at most 1 screenshots per feature graphic and locale: expected at most 1, found 2 (feature-icon, second-icon) in each of en-US [https://support.google.com/googleplay/android-developer/answer/1078870]",
        ])
    }

    func testWithoutTheLocaleMapTheSourceLanguageIsRefusedForBothStores() throws {
        let scratch = try Scratch()
        let jobFile = try releaseJob(scratch, targets: ["app-store:iphone-6.9", "google-play:phone"],
                                     extra: ["leaveOut": [["well": "ios-simulator-2064x2752", "why": "no iPad release yet"]]])
        var job = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jobFile))) as? [String: Any])
        job["localeMap"] = nil
        try scratch.writeJob(job)
        var options = epoch
        options.fastlaneLayout = true
        let problems = errorLines(ScreenshotComposer().check(jobFile: jobFile, options: options))
        XCTAssertEqual(problems.count, 2, "\(problems)")
        XCTAssertTrue(problems[0].hasPrefix("error: \(jobFile): headlines.en: --layout fastlane: App Store Connect has no language for en: expected one of en-AU, en-CA, en-GB, en-US, found en (a \"localeMap\" in the job renames a locale"), problems[0])
        XCTAssertTrue(problems[1].hasPrefix("error: \(jobFile): headlines.en: --layout fastlane: Google Play has no language for en: expected one of en-AU, en-CA, en-GB, en-IN, en-SG, en-US, en-ZA, found en"), problems[1])
    }

    func testBadTargetsAreRefusedNamingWhatIsValid() throws {
        let scratch = try Scratch()
        let jobFile = try releaseJob(scratch, targets: ["app-store:ipad-14", "google-play:feature-graphic", "app-store:watch", "app-store:mac"])
        let problems = lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch))
        XCTAssertEqual(problems.count, 4, problems.joined(separator: "\n"))
        // A misspelt target has its own error; the captures it may have been meant for are not also
        // refused as filling no target (LeaveOutTests hold that refusal).
        XCTAssertTrue(problems[0].hasPrefix("error: \(jobFile): targets[0]: unknown target: expected one of app-store:iphone-6.9, app-store:iphone-6.5, "), problems[0])
        XCTAssertTrue(problems[0].hasSuffix(", google-play:tv (or a slot id, see `wells --store`), found \"app-store:ipad-14\""), problems[0])
        XCTAssertEqual(Array(problems[1...]), [
            "error: \(jobFile): targets[1]: google-play:feature-graphic is composed from an icon and text, not from a capture: expected a screenshot target, found google-play:feature-graphic",
            "error: \(jobFile): targets[2]: no capture can fill target app-store:watch: expected a capture recorded in a watch well, found captures of phone, tablet only",
            "error: \(jobFile): targets[3]: no capture can fill target app-store:mac: expected a capture recorded in a desktop well, found captures of phone, tablet only",
        ])
    }

    /// Each refusal names the job's own element: a target named twice, one that is no name and
    /// an unknown one after them are targets[1], [2] and [3] (breaker run: after a duplicate the
    /// unknown target was reported at targets[1]).
    func testTargetRefusalsNameTheirOwnElement() throws {
        let scratch = try Scratch()
        let jobFile = try releaseJob(scratch, targets: [], extra: ["targets": ["app-store:iphone-6.9", "app-store:iphone-6.9", 7, "bogus"]])
        let problems = errorLines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)).map { $0.replacingOccurrences(of: jobFile, with: "job.json") }
        XCTAssertEqual(problems.map { $0.split(separator: " ").prefix(3).joined(separator: " ") }.sorted(), [
            "error: job.json: targets[1]:", "error: job.json: targets[2]:", "error: job.json: targets[3]:"], "\(problems)")
        XCTAssertEqual(problems.sorted().first, "error: job.json: targets[1]: target app-store:iphone-6.9 named twice: expected each store class once (its outputs share one folder), found \"app-store:iphone-6.9\"")
    }

    /// A capture refused for its own reason (here an unknown well) is one error: the target it
    /// would have filled is not also blamed ("no capture can fill …, found captures of no family").
    func testARefusedCaptureIsNotReportedAgainAsATargetWithoutCaptures() throws {
        let scratch = try Scratch()
        let jobFile = try releaseJob(scratch, targets: ["app-store:iphone-6.9"], extra: [
            "captures": [["id": "phone", "path": "shots/phone.png", "well": "ios-simulator-1320x2869"]],
        ])
        let problems = lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch))
        XCTAssertEqual(problems.count, 1, problems.joined(separator: "\n"))
        XCTAssertTrue(problems[0].hasPrefix("error: \(jobFile): captures[0].well: unknown well: expected one of "), problems[0])
    }

    func testACaptureTheTargetWouldEnlargeIsRefusedWithBothWidths() throws {
        let scratch = try Scratch()
        try scratch.write("mini.png", try Fixtures.png(width: 750, height: 1334))
        let jobFile = try scratch.writeJob(["schemaVersion": 1, "captures": [["id": "se", "path": "mini.png"]],
                                            "headlines": ["en-US": ["se": "Small but mighty"]], "targets": ["app-store:iphone-6.9"]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [
            "error: \(jobFile): targets[0]: capture se would be enlarged on target app-store:iphone-6.9 (1320×2868): expected a capture at least 1096 px wide (the width it is placed at), found 750 px",
        ])
    }

    func testALocaleMapMappingTwoTagsToOneIsRefused() throws {
        let scratch = try Scratch()
        let jobFile = try Fixtures.mobileJob(in: scratch, headlines: ["en": ["shot": "Hi"], "en-GB": ["shot": "Hi"]],
                                             extra: ["localeMap": ["en": "en-US", "en-gb": "en-US"]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [
            "error: \(jobFile): localeMap.en-gb: two entries map to one locale: expected each rendered locale once, found localeMap.en and localeMap.en-gb both mapped to en-US",
        ])
        let collide = try Fixtures.mobileJob(in: scratch, headlines: ["en": ["shot": "Hi"], "en-US": ["shot": "Hi"]],
                                             extra: ["localeMap": ["en": "en-US"]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: collide, options: epoch)), [
            "error: \(collide): localeMap.en: maps onto a locale the headlines already have: expected a rendered locale the headlines do not have, found localeMap.en → en-US and the headlines' own en-US, which no entry renames",
        ])
    }

    /// A swap (`en-US → de-DE`, `de-DE → en-US`) gave each locale the other's headlines with
    /// exit 0 (adversarial pass, issue 36): every entry of a cycle is named, once.
    func testALocaleMapCycleOrChainOntoTheSourcesLocalesIsRefused() throws {
        let scratch = try Scratch()
        let swap = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Hello"], "de-DE": ["shot": "Hallo"]],
                                          extra: ["localeMap": ["en-US": "de-DE", "de-DE": "en-US"]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: swap, options: epoch)), [
            "error: \(swap): localeMap.de-DE: the renames form a cycle: expected each rendered locale to be one no other entry renames, found localeMap.de-DE → en-US and localeMap.en-US → de-DE",
        ])
        let three = try Fixtures.mobileJob(in: scratch, headlines: ["de-DE": ["shot": "Hallo"], "fr-FR": ["shot": "Salut"], "it-IT": ["shot": "Ciao"]],
                                           extra: ["localeMap": ["de-DE": "fr-FR", "fr-FR": "it-IT", "it-IT": "de-DE"]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: three, options: epoch)), [
            "error: \(three): localeMap.de-DE: the renames form a cycle: expected each rendered locale to be one no other entry renames, found localeMap.de-DE → fr-FR and localeMap.fr-FR → it-IT and localeMap.it-IT → de-DE",
        ])
        let chain = try Fixtures.mobileJob(in: scratch, headlines: ["en": ["shot": "Hi"], "en-US": ["shot": "Hello"]],
                                           extra: ["localeMap": ["en": "en-US", "en-US": "en-GB"]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: chain, options: epoch)), [
            "error: \(chain): localeMap.en: maps onto a locale the headlines already have: expected a rendered locale the headlines do not have, found localeMap.en → en-US and localeMap.en-US renaming it to en-GB",
        ])
        // A rename onto a new locale, and one onto itself, still pass.
        let fine = try Fixtures.mobileJob(in: scratch, headlines: ["en": ["shot": "Hi"], "de": ["shot": "Hallo"]],
                                          extra: ["localeMap": ["en": "en-US", "de": "de"]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: fine, options: epoch)), [])
    }

    func testGooglePlayLanguageCodes() throws {
        let play = try XCTUnwrap(GooglePlayLanguages.shipped())
        func code(_ tag: String) -> String {
            switch play.code(for: tag) { case .success(let c): return c; case .failure(let e): return "refused: \(e.message.prefix(40))" }
        }
        XCTAssertEqual(code("en-US"), "en-US")
        XCTAssertEqual(code("de-DE"), "de-DE")
        XCTAssertEqual(code("ja"), "ja-JP")
        XCTAssertEqual(code("he-IL"), "iw-IL")
        XCTAssertEqual(code("zh-Hans"), "zh-CN")
        XCTAssertEqual(code("zh-Hant"), "zh-TW")
        XCTAssertEqual(code("es-419"), "es-419")
        XCTAssertEqual(code("fil"), "fil")
        XCTAssertEqual(code("en"), "refused: Google Play has no language for en: expe")
        XCTAssertEqual(code("de-AT"), "refused: Google Play has no language for de-AT: e")
    }
}
