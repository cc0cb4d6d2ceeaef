import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Manifest

/// The whole path a release engineer takes for two stores: a fastlane folder with snapshot's
/// screenshots (iPhone and iPad) and screengrab's (a phone), in four languages the stores name
/// differently; `init` → one catalog of four languages, filled → `render --layout fastlane` →
/// `verify`. One locale per language: deliver's `ja` and supply's `ja-JP` are `<out>/ja/`, each
/// store's upload folder keeps its own code, and deliver files the 13-inch iPad copies under the
/// 13-inch class by its own rule (recorded facts, `DeliverRules`).
final class TwoStoreReleaseTests: XCTestCase {
    /// The headlines the translator wrote into the catalog, per locale and screen.
    static let headlines = TwoStoreRelease.headlines

    func testAFastlaneFolderForBothStoresBecomesAVerifiedReleaseOfOneLocalePerLanguage() throws {
        // Made once per test process (TwoStoreRelease): the matrix test merges against it.
        let release = try TwoStoreRelease.shared()
        let scratch = release.scratch, hashes = release.hashes

        // init: one catalog entry per language, both stores' targets.
        let (initCode, initOut, initErr) = release.initRun
        XCTAssertEqual(initErr, "")
        XCTAssertEqual(initCode, 0)
        let summary = initOut.components(separatedBy: "\n")
        XCTAssertEqual(summary[0], "fastlane: fastlane folder, 9 capture(s) (a screen on a device, one file per locale), 3 screen(s), locale(s) en-US, ar (deliver ar-SA, supply ar), de-DE, ja (deliver ja, supply ja-JP)")
        XCTAssertTrue(summary.contains("targets: app-store:iphone-6.9, app-store:ipad-13, google-play:phone (for each device, the largest store slot it fills without enlargement)"), initOut)
        XCTAssertEqual(release.initJob, """
            {
              "$schema": "./job.schema.json",
              "schemaVersion": 1,
              "captures": { "fastlane": ["fastlane/screenshots", "fastlane/metadata/android"] },
              "targets": ["app-store:iphone-6.9", "app-store:ipad-13", "google-play:phone"],
              "template": "classic",
              "headlines": "headlines.xcstrings",
              "output": "out"
            }

            """)
        XCTAssertEqual(release.initCatalog.keys.sorted(), ReleaseCaptures.screens)
        for locales in release.initCatalog.values {
            XCTAssertEqual(locales, ["ar", "de-DE", "en-US", "ja"])
        }

        // render --layout fastlane (the translator's catalog filled in), then verify.
        let (code, _, err) = release.renderRun
        XCTAssertEqual(err, "")
        XCTAssertEqual(code, 0)
        let (verifyCode, verifyOut, verifyErr) = try runTool(["verify", "out/manifest.json"], cwd: scratch.url)
        XCTAssertEqual(verifyErr, "")
        XCTAssertEqual(verifyCode, 0, verifyOut)

        // SSC_KEEP_RELEASE=<folder> keeps a copy of the whole release (captures, job, catalog,
        // out/) to look at, or to render again with another build.
        if let keep = ProcessInfo.processInfo.environment["SSC_KEEP_RELEASE"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(atPath: scratch.url.path, toPath: keep)
        }
        var d = DiagnosticCollector()
        let manifest = try XCTUnwrap(ManifestReader.read(scratch.path("out/manifest.json"), into: &d))
        XCTAssertEqual(lines(d), [])
        XCTAssertEqual(manifest.outputs.count, 36)
        XCTAssertEqual(Set(manifest.outputs.map(\.locale)), ["ar", "de-DE", "en-US", "ja"])
        // The catalog key each output's headline was read under is recorded with it.
        XCTAssertTrue(manifest.outputs.allSatisfy { $0.headlineKey == $0.locale })
        // Each locale composes each store folder's own capture.
        let deliverOf = Dictionary(uniqueKeysWithValues: zip(["en-US", "de-DE", "ja", "ar"], ReleaseCaptures.deliver))
        let supplyOf = Dictionary(uniqueKeysWithValues: zip(["en-US", "de-DE", "ja", "ar"], ReleaseCaptures.supply))
        for output in manifest.outputs {
            let source = String(try XCTUnwrap(output.captureSource?.path).dropFirst(3))
            XCTAssertEqual(output.capture.sourceSHA256, hashes[source], source)
            let folder = output.captureId.hasPrefix("phoneScreenshots")
                ? "fastlane/metadata/android/\(supplyOf[output.locale] ?? "?")/" : "fastlane/screenshots/\(deliverOf[output.locale] ?? "?")/"
            XCTAssertTrue(source.hasPrefix(folder), "\(output.locale): \(source)")
        }

        // Each store's upload folders, as the store names them.
        let fm = FileManager.default
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: scratch.path("out/fastlane/screenshots")).sorted(), ["ar-SA", "de-DE", "en-US", "ja"])
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: scratch.path("out/fastlane/metadata/android")).sorted(), ["ar", "de-DE", "en-US", "ja-JP"])
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: scratch.path("out")).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".json") && !$0.hasPrefix("index.") }.sorted(),
                       ["ar", "de-DE", "en-US", "fastlane", "ja"])
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: scratch.path("out/fastlane/screenshots/ja")).sorted(), [
            "01_ios-simulator-2064x2752-01Trips_app-store-ipad-13_APP_IPAD_PRO_3GEN_129.png",
            "02_ios-simulator-2064x2752-02Search_app-store-ipad-13_APP_IPAD_PRO_3GEN_129.png",
            "03_ios-simulator-2064x2752-03Profile_app-store-ipad-13_APP_IPAD_PRO_3GEN_129.png",
            "04_ios-simulator-1320x2868-01Trips_app-store-iphone-6.9.png", "05_ios-simulator-1320x2868-02Search_app-store-iphone-6.9.png",
            "06_ios-simulator-1320x2868-03Profile_app-store-iphone-6.9.png",
        ])
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: scratch.path("out/fastlane/metadata/android/ja-JP/images/phoneScreenshots")).sorted(),
                       ["01_phoneScreenshots-01Trips.png", "02_phoneScreenshots-02Search.png", "03_phoneScreenshots-03Profile.png"])

        // deliver files every copy by its rule: the iPads under the 13-inch class in every version.
        let rules = try DeliverRules.load()
        for language in ReleaseCaptures.deliver {
            for name in try fm.contentsOfDirectory(atPath: scratch.path("out/fastlane/screenshots/\(language)")) {
                let path = scratch.path("out/fastlane/screenshots/\(language)/\(name)")
                let header = try PNGCodec.readHeader(Data(contentsOf: URL(fileURLWithPath: path)))
                let expected = name.contains("ipad") ? "APP_IPAD_PRO_3GEN_129" : "APP_IPHONE_67"
                XCTAssertEqual(rules.versions[0].classify(path: path, width: header.width, height: header.height), expected, path)
                if name.contains("ipad") {
                    XCTAssertEqual(header.width * 10_000 + header.height, 2064 * 10_000 + 2752)
                    XCTAssertEqual(rules.versions[2].classify(path: path, width: header.width, height: header.height), expected, path)
                }
            }
        }
    }
}
