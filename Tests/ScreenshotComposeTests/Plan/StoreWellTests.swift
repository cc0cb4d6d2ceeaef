import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Plan
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Composing to cited store slots and checking the stores' rules.
final class StoreWellTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")
    private let slot = "app-store-iphone-6.9-portrait-1320x2868"

    private func job(_ scratch: Scratch, capture: String = "dnschat-home.png", well: String = "tuck-ios-simulator-portrait",
                     storeWell: String, extra: [String: Any] = [:]) throws -> String {
        try scratch.write("shot.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent(capture)))
        var job: [String: Any] = ["schemaVersion": 1, "output": "out",
                                  "captures": [["id": "shot", "path": "shot.png", "well": well, "storeWell": storeWell]],
                                  "headlines": ["en-US": ["shot": "Ask anything over DNS"]]]
        for (k, v) in extra { job[k] = v }
        return try scratch.writeJob(job)
    }

    func testSimulatorCaptureComposesToTheSixPointNineInchSlotWithItsCitation() throws {
        let scratch = try Scratch()
        let report = ScreenshotComposer().render(jobFile: try job(scratch, storeWell: slot), options: epoch)
        XCTAssertEqual(lines(report), [])
        let png = try PNGCodec.readHeader(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png"))))
        XCTAssertEqual("\(png.width)x\(png.height)", "1320x2868")
        XCTAssertEqual(png.colorType, .rgb)
        let svg = try XMLDocument(data: try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg"))), options: [])
        let root = try XCTUnwrap(svg.rootElement())
        func attribute(_ name: String) -> String? { root.attributes?.first { $0.name == name }?.stringValue }
        XCTAssertEqual(attribute("width"), "1320")
        XCTAssertEqual(attribute("data-store-well"), slot)
        XCTAssertTrue(attribute("data-store-citation")?.hasPrefix("https://developer.apple.com/help/app-store-connect/reference/screenshot-specifications (retrieved 2026-12-01): iPhone 6.9\" display: 1260 x 2736, 1290 x 2796, 1320 x 2868 pixels portrait") == true)
        let entry = try XCTUnwrap(report.manifest?.outputs.first?.storeWell)
        XCTAssertEqual(entry.id, slot)
        XCTAssertEqual(entry.store, "app-store")
        XCTAssertEqual(entry.storeClass, "iPhone 6.9 in")
        XCTAssertEqual(entry.citation.url, "https://developer.apple.com/help/app-store-connect/reference/screenshot-specifications")
        XCTAssertEqual(report.manifest?.outputs.first?.well, "tuck-ios-simulator-portrait")
        let manifestText = try String(contentsOfFile: scratch.path("out/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifestText.contains("\"class\" : \"iPhone 6.9 in\""))
    }

    func testACaptureSmallerThanItsPlaceInTheSlotIsRefusedNamingBothNumbers() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch, capture: "rust-book-mobile.png", well: "tuck-browser-mobile", storeWell: slot)
        let problems = lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch))
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("error: \(jobFile): captures[0].storeWell: capture shot would be enlarged on the 1320×2868 canvas (\(slot)): expected a capture at least "), problems[0])
        XCTAssertTrue(problems[0].hasSuffix(" px wide (the width it is placed at), found 390 px"), problems[0])
    }

    func testNotAStoreSlotIsRefused() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch, storeWell: "tuck-browser-desktop")
        let problems = lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch))
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("error: \(jobFile): captures[0].storeWell: not a store slot: expected one of app-store-iphone-6.9-portrait-1320x2868, "), problems[0])
    }

    /// A target name or a mistyped slot id gets the slots of that target, not all 67 slots of
    /// every store (found in a first-user release walkthrough: one error line of 5,000 characters).
    func testATargetNameOrAMistypedSlotListsOnlyThatTargetsSlots() throws {
        let scratch = try Scratch()
        let target = try job(scratch, storeWell: "app-store:iphone-6.9")
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: target, options: epoch)), [
            "error: \(target): captures[0].storeWell: app-store:iphone-6.9 is a target, not a store slot: expected one of its slots app-store-iphone-6.9-portrait-1320x2868, app-store-iphone-6.9-portrait-1290x2796, app-store-iphone-6.9-portrait-1260x2736, app-store-iphone-6.9-landscape-2868x1320, app-store-iphone-6.9-landscape-2796x1290, app-store-iphone-6.9-landscape-2736x1260 (`wells --store` lists every slot), found \"app-store:iphone-6.9\""])
        let typo = try job(scratch, storeWell: "google-play-phone-portrait-1080x1921")
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: typo, options: epoch)), [
            "error: \(typo): captures[0].storeWell: not a store slot: expected one of google-play-phone-portrait-1080x1920, google-play-phone-landscape-1920x1080 (`wells --store` lists every slot), found \"google-play-phone-portrait-1080x1921\""])
    }

    private func storeCatalog(_ scratch: Scratch, wells: [[String: Any]], rules: [[String: Any]]? = nil) throws -> String {
        let shipped = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.repository.appendingPathComponent("store-wells.json"))) as? [String: Any]
        var doc = try XCTUnwrap(shipped)
        doc["wells"] = wells
        // The shipped targets name the shipped slots, which these catalogs replace.
        doc.removeValue(forKey: "targets")
        if let rules { doc["storeRules"] = rules }
        return try scratch.write("store.json", try JSONSerialization.data(withJSONObject: doc, options: [.sortedKeys]))
    }

    private let citation: [String: Any] = ["url": "https://example.invalid/spec", "retrieved": "2026-11-30", "statement": "sizes"]

    func testUncitedStoreSlotIsRefused() throws {
        let scratch = try Scratch()
        let store = try storeCatalog(scratch, wells: [
            ["id": "slot", "device": "d", "width": 1320, "height": 2868, "source": "s",
             "storeWell": ["store": "app-store", "class": "iPhone 6.9 in", "citation": ["url": "https://example.invalid", "statement": "x"]]],
            ["id": "bare", "device": "d", "width": 1320, "height": 2868, "source": "s",
             "storeWell": ["store": "app-store", "class": "iPhone 6.9 in"]],
        ])
        let jobFile = try job(scratch, storeWell: "slot", extra: ["storeWells": "store.json"])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [
            "error: \(store): wells[0] (slot).storeWell.citation.retrieved: store slot citation incomplete: expected url, retrieved and statement, each non-empty, found none",
            "error: \(store): wells[1] (bare).storeWell.citation: store slot without a citation: expected {\"url\", \"retrieved\", \"statement\"}, found none",
        ])
    }

    func testASlotSizeTheClassDoesNotAcceptIsCaughtBeforeRendering() throws {
        let scratch = try Scratch()
        let store = try storeCatalog(scratch, wells: [
            ["id": "odd", "device": "d", "width": 1300, "height": 2800, "source": "s",
             "storeWell": ["store": "app-store", "class": "iPhone 6.9 in", "citation": citation]],
        ])
        let jobFile = try job(scratch, storeWell: "odd", extra: ["storeWells": "store.json"])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: epoch)), [
            "error: \(jobFile): wells odd: size not accepted for iPhone 6.9 in: expected one of 1320×2868, 1290×2796, 1260×2736 (or swapped for landscape), found 1300×2800 [https://developer.apple.com/help/app-store-connect/reference/screenshot-specifications]",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
        _ = store
    }

    func testAnOutputWithAlphaBreaksTheNoAlphaRule() throws {
        var d = DiagnosticCollector()
        let base = try XCTUnwrap(WellsListing.load(file: nil, into: &d))
        let catalog = try XCTUnwrap(WellsListing.loadStore(file: nil, base: base, into: &d))
        let canvas = try XCTUnwrap(catalog.well(id: slot))
        // A real simulator capture is RGBA: as an upload it would break the rule.
        let rgba = try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png"))
        let findings = StoreRuleChecker.checkFile(rgba, canvas: canvas, rules: catalog.storeRules)
        XCTAssertEqual(findings.map(\.message), ["app-store refuses transparency: expected 8-bit RGB without alpha, found RGBA"])
        XCTAssertEqual(findings.map(\.enforced), [true])
        // The tool's own output passes.
        let rgb = try Fixtures.png(width: 16, height: 16)
        XCTAssertEqual(StoreRuleChecker.checkFile(rgb, canvas: canvas, rules: catalog.storeRules), [])
    }

    func testGooglePlaySideAndAspectRulesAreCheckedAndReportedAsUnverified() throws {
        let scratch = try Scratch()
        let gp: [String: Any] = ["store": "google-play", "class": "phone", "citation": citation]
        var unverifiedCitation = citation
        unverifiedCitation["unverified"] = true
        _ = try storeCatalog(scratch, wells: [
            ["id": "tall", "device": "d", "width": 1000, "height": 2500, "source": "s", "storeWell": gp],
            ["id": "huge", "device": "d", "width": 2200, "height": 4000, "source": "s", "storeWell": gp],
        ], rules: [
            ["store": "google-play", "rule": "sideRange", "min": 320, "max": 3840, "citation": unverifiedCitation],
            ["store": "google-play", "rule": "maximumAspect", "ratio": 2, "citation": unverifiedCitation],
        ])
        let jobFile = try job(scratch, storeWell: "tall", extra: ["storeWells": "store.json"])
        let report = ScreenshotComposer().check(jobFile: jobFile, options: epoch)
        XCTAssertEqual(lines(report), [
            "warning: \(jobFile): wells tall: google-play aspect limit: expected the long side at most 2× the short side, found 1000×2500 (2.5×) (not enforced: rule's citation is unverified)",
        ])
        XCTAssertTrue(report.succeeded)
        // The same rules with a verified citation are enforced.
        let verified: [[String: Any]] = [
            ["store": "google-play", "rule": "sideRange", "min": 320, "max": 3840, "citation": citation],
            ["store": "google-play", "rule": "maximumAspect", "ratio": 2, "citation": citation],
        ]
        _ = try storeCatalog(scratch, wells: [
            ["id": "huge", "device": "d", "width": 2200, "height": 4000, "source": "s", "storeWell": gp],
        ], rules: verified)
        let hugeJob = try job(scratch, storeWell: "huge", extra: ["storeWells": "store.json"])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: hugeJob, options: epoch)), [
            "error: \(hugeJob): wells huge: google-play side limits: expected each side 320–3840 px, found 2200×4000 [https://example.invalid/spec]",
            "error: \(hugeJob): captures[0].storeWell: capture shot would be enlarged on the 2200×4000 canvas (huge): expected a capture at least 1460 px wide (the width it is placed at), found 1206 px",
        ])
    }

    func testTooManyScreenshotsForAClassAreCaught() throws {
        let scratch = try Scratch()
        let data = try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png"))
        var captures: [[String: Any]] = []
        var headlines: [String: String] = [:]
        for i in 1...11 {
            try scratch.write("s\(i).png", data)
            captures.append(["id": "s\(i)", "path": "s\(i).png", "well": "tuck-ios-simulator-portrait", "storeWell": slot])
            headlines["s\(i)"] = "Shot \(i)"
        }
        let jobFile = try scratch.writeJob(["schemaVersion": 1, "captures": captures, "headlines": ["en-US": headlines]])
        let problems = lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch))
        XCTAssertEqual(problems, [
            "error: \(jobFile): captures: app-store allows at most 10 screenshots per iPhone 6.9 in and locale: expected at most 10, found 11 (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11) in each of en-US [https://developer.apple.com/help/app-store-connect/reference/screenshot-specifications]",
        ])
    }

    func testWellsStoreListsSlotsAndRulesWithTheirStatus() throws {
        let (code, out, _) = try runTool(["wells", "--store"])
        XCTAssertEqual(code, 0)
        XCTAssertTrue(out.contains("  app-store:iphone-6.9  app-store \"iPhone 6.9 in\"  family phone, folder app-store-iphone-6.9\n    app-store-iphone-6.9-portrait-1320x2868  1320×2868  (preferred)\n"), out)
        XCTAssertTrue(out.contains("  google-play maximumAspect 2.0 for phone, 7-inch tablet, 10-inch tablet, Chromebook, Wear OS, TV  [enforced]"), out)
        XCTAssertTrue(out.contains("  app-store acceptedSizes Apple Vision Pro: 3840x2160  [enforced]"), out)
        XCTAssertTrue(out.contains("  app-store acceptedSizes iPad 9.7 in: 1536x2008,768x1004,2048x1496,1024x748  [not enforced: unverified]"), out)
        XCTAssertTrue(out.contains("  app-store:ipad-13  app-store \"iPad 13 in\"  family tablet, folder app-store-ipad-13, fastlane deliver copies named *_APP_IPAD_PRO_3GEN_129.png\n"), out)
        XCTAssertTrue(out.contains("  app-store noAlpha   [enforced]"), out)
    }
}
