import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest
@testable import Plan
@testable import Raster
@testable import Manifest

/// The shipped store classes and device wells, the well picked from a capture's size,
/// `wells identify`, and this tool's own output refused as a capture.
final class StoreCatalogTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    private func merged() throws -> WellsCatalog {
        var d = DiagnosticCollector()
        let catalog = WellsListing.loadMerged(file: nil, storeFile: nil, into: &d)
        XCTAssertEqual(lines(d), [])
        return try XCTUnwrap(catalog)
    }

    private func sizes(_ catalog: WellsCatalog, _ target: String) throws -> [String] {
        let t = try XCTUnwrap(catalog.target(named: target), target)
        return catalog.wells.filter { $0.storeWell?.store == t.store && $0.storeWell?.storeClass == t.storeClass }.map { "\($0.width)x\($0.height)" }
    }

    func testEveryStoreClassIsATargetWithCitedSizes() throws {
        let catalog = try merged()
        XCTAssertEqual(catalog.targets.map(\.name), [
            "app-store:iphone-6.9", "app-store:iphone-6.5", "app-store:iphone-6.3", "app-store:iphone-6.1", "app-store:iphone-5.5",
            "app-store:iphone-4.7", "app-store:ipad-13", "app-store:ipad-12.9", "app-store:ipad-11", "app-store:ipad-10.5",
            "app-store:ipad-9.7", "app-store:mac", "app-store:apple-tv", "app-store:vision-pro", "app-store:watch",
            "google-play:phone", "google-play:tablet-7", "google-play:tablet-10", "google-play:chromebook", "google-play:wear",
            "google-play:tv", "google-play:feature-graphic",
        ])
        XCTAssertEqual(try sizes(catalog, "app-store:ipad-13"), ["2064x2752", "2048x2732", "2752x2064", "2732x2048"])
        XCTAssertEqual(try sizes(catalog, "app-store:mac"), ["2880x1800", "2560x1600", "1440x900", "1280x800"])
        XCTAssertEqual(try sizes(catalog, "app-store:watch"), ["422x514", "416x496", "410x502", "396x484", "368x448", "312x390"])
        XCTAssertEqual(try sizes(catalog, "google-play:feature-graphic"), ["1024x500"])
        // The accepted-size rules say the same, and Mac and Watch are never turned 90°.
        // A class may cite its sizes in several rules (iPad 9.7 in: those without the status bar
        // in a second, unverified one).
        let accepted = Dictionary(catalog.storeRules.compactMap { rule -> (String, String)? in
            guard case .acceptedSizes(let c, let sizes, let swapped) = rule.kind else { return nil }
            return ("\(rule.store) \(c)", sizes.map { "\($0.width)x\($0.height)" }.joined(separator: ",") + (swapped ? " swapped" : "") + (rule.enforced ? "" : " unverified"))
        }, uniquingKeysWith: { "\($0); \($1)" })
        XCTAssertEqual(accepted["app-store iPad 13 in"], "2064x2752,2048x2732 swapped")
        XCTAssertEqual(accepted["app-store Mac"], "2880x1800,2560x1600,1440x900,1280x800")
        XCTAssertEqual(accepted["app-store Apple Watch"], "422x514,416x496,410x502,396x484,368x448,312x390")
        XCTAssertEqual(accepted["app-store iPad 9.7 in"], "1536x2048,768x1024 swapped; 1536x2008,768x1004,2048x1496,1024x748 unverified")
        XCTAssertEqual(accepted["app-store Apple Vision Pro"], "3840x2160")
        XCTAssertEqual(accepted["google-play feature graphic"], "1024x500")
        // Every slot and every rule cites its source, with the date it was read.
        for well in catalog.wells where well.storeWell?.store != nil {
            let citation = try XCTUnwrap(well.storeWell?.citation)
            XCTAssertNotNil(citation.url, well.id)
            XCTAssertEqual(citation.retrieved, "2026-12-01", well.id)
            XCTAssertFalse(citation.note?.isEmpty ?? true, well.id)
        }
        XCTAssertTrue(catalog.storeRules.allSatisfy { $0.citation?.url != nil })
        // Google Play's upload folders are fastlane supply's.
        XCTAssertEqual(catalog.targets.filter { $0.store == "google-play" }.map { $0.uploadFolder ?? "-" },
                       ["phoneScreenshots", "sevenInchScreenshots", "tenInchScreenshots", "-", "wearScreenshots", "tvScreenshots", "featureGraphic"])
    }

    func testStoreSidesAndAspectDoNotApplyToTheFeatureGraphic() throws {
        let catalog = try merged()
        let graphic = try XCTUnwrap(catalog.well(id: "google-play-feature-graphic-landscape-1024x500"))
        let claim = try XCTUnwrap(graphic.storeWell)
        XCTAssertEqual(StoreRuleChecker.checkCanvas(graphic, claim: claim, store: "google-play", rules: catalog.storeRules), [])
        let tall = Well(id: "t", device: "d", width: 1000, height: 2500, storeWell: StoreWellClaim(store: "google-play", storeClass: "phone", citation: claim.citation), source: "s")
        XCTAssertEqual(StoreRuleChecker.checkCanvas(tall, claim: try XCTUnwrap(tall.storeWell), store: "google-play", rules: catalog.storeRules).map(\.message),
                       ["google-play aspect limit: expected the long side at most 2× the short side, found 1000×2500 (2.5×)"])
    }

    func testCitationsOlderThanAYearAreFlagged() throws {
        let catalog = try merged()
        XCTAssertEqual(WellsListing.staleCitations(catalog, file: "builtin:store-wells.json", today: "2027-12-01"), [])
        let stale = WellsListing.staleCitations(catalog, file: "builtin:store-wells.json", today: "2027-12-02")
        XCTAssertEqual(stale.map(\.line), [
            "warning: builtin:store-wells.json: wells app-store-iphone-6.9-portrait-1320x2868: citation retrieved 2026-12-01, 366 days ago: expected a citation read within 365 days (store rules drift), found https://developer.apple.com/help/app-store-connect/reference/screenshot-specifications; read the page again and update the catalog",
            "warning: builtin:store-wells.json: wells google-play-phone-portrait-1080x1920: citation retrieved 2026-12-01, 366 days ago: expected a citation read within 365 days (store rules drift), found https://support.google.com/googleplay/android-developer/answer/1078870; read the page again and update the catalog",
        ])
        let (code, _, err) = try runTool(["wells", "--store"], environment: ["SOURCE_DATE_EPOCH": "1827878400"])  // 2027-12-04
        XCTAssertEqual(code, 0)
        XCTAssertTrue(withoutPositions(err).hasPrefix("warning: builtin:store-wells.json: wells app-store-iphone-6.9-portrait-1320x2868: citation retrieved 2026-12-01, 368 days ago"), err)
    }

    // MARK: the well from the capture's size

    private func job(_ scratch: Scratch, sizes: [(String, Int, Int)], wells: String? = nil) throws -> String {
        var captures: [[String: Any]] = []
        var headlines: [String: String] = [:]
        for (id, w, h) in sizes {
            try scratch.write("\(id).png", try Fixtures.png(width: w, height: h))
            captures.append(["id": id, "path": "\(id).png"])
            headlines[id] = "Everything at a glance"
        }
        var job: [String: Any] = ["schemaVersion": 1, "output": "out", "captures": captures, "headlines": ["en-US": headlines]]
        if let wells { job["wells"] = wells }
        return try scratch.writeJob(job)
    }

    func testACaptureWithoutWellTakesTheOneWellOfItsSizeAndItsExactSlot() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch, sizes: [("pro-max", 1320, 2868), ("se", 750, 1334)])
        var d = DiagnosticCollector()
        let job = try XCTUnwrap(JobLoader.load(file: jobFile, into: &d))
        let plan = try XCTUnwrap(Planner.plan(job, inputs: Ingest.read(job, options: epoch), options: epoch, into: &d))
        XCTAssertEqual(lines(d), [])
        XCTAssertEqual(plan.captures.map(\.well.id), ["ios-simulator-1320x2868", "ios-simulator-750x1334"])
        // Exactly an App Store size: the canvas is that slot, so the store's rules apply.
        XCTAssertEqual(plan.captures.map(\.canvas.id), ["app-store-iphone-6.9-portrait-1320x2868", "app-store-iphone-4.7-portrait-750x1334"])
    }

    func testNoWellOrTwoWellsOfTheSizeAreRefusedAndFixturesAreNeverPicked() throws {
        let scratch = try Scratch()
        var wells = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.wells)) as? [String: Any])
        var list = try XCTUnwrap(wells["wells"] as? [[String: Any]])
        list.append(["id": "our-ci-pixel", "devices": ["CI emulator"], "family": "phone", "width": 1080, "height": 2400, "storeWell": NSNull(), "source": "ci/emulator.ini"])
        wells["wells"] = list
        try scratch.write("wells.json", try JSONSerialization.data(withJSONObject: wells))
        let jobFile = try job(scratch, sizes: [("odd", 333, 777), ("pixel", 1080, 2400), ("web", 390, 844)], wells: "wells.json")
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [
            "error: \(scratch.path("odd.png")): captures[0].well: capture odd has no \"well\": no device well has this size: expected a device the wells catalog knows, the nearest being 828×1792 (iPhone 11, well ios-simulator-828x1792) or 1080×2424 (Pixel 10, well android-1080x2424), found 333×777; to compose it, add a well of this size to a copy of wells.json and name the copy in the job's \"wells\" (docs/reference.md, Wells catalog)",
            "error: \(scratch.path("pixel.png")): captures[1].well: capture pixel has no \"well\": 2 wells have this size 1080×2400 and nothing names the device: expected one, found android-emulator-1080x2400 (Pixel 8, phone), our-ci-pixel (CI emulator, phone); name the device (a snapshot file's device name, \"devices\" for a screengrab folder) or the well (\"well\")",
            "error: \(scratch.path("web.png")): captures[2].well: capture web has no \"well\": no device well has this size: expected a device the wells catalog knows, the nearest being 828×1792 (iPhone 11, well ios-simulator-828x1792) or 1080×2340 (Pixel 5, well android-emulator-1080x2340), found 390×844; to compose it, add a well of this size to a copy of wells.json and name the copy in the job's \"wells\" (docs/reference.md, Wells catalog)",
        ])
    }

    func testWellsIdentifyNamesTheWellAndTheSlotsACaptureFits() throws {
        let scratch = try Scratch()
        let ipad = try scratch.write("ipad.png", try Fixtures.png(width: 2064, height: 2752))
        let pixel = try scratch.write("pixel.png", try Fixtures.png(width: 1080, height: 2400))
        let (code, out, err) = try runTool(["wells", "identify", ipad, pixel])
        XCTAssertEqual(err, "")
        XCTAssertEqual(code, 0)
        XCTAssertEqual(out, """
        \(ipad)  2064×2752
          well: ios-simulator-2064x2752  tablet  iPad Pro 13-inch (M5), iPad Pro 13-inch (M4)
          exactly: app-store-ipad-13-portrait-2064x2752
          composed without enlargement: app-store:ipad-13 (2064×2752), app-store:ipad-12.9 (2048×2732), app-store:ipad-11 (1668×2420), app-store:ipad-10.5 (1668×2224), app-store:ipad-9.7 (1536×2048), google-play:tablet-7 (1080×1920), google-play:tablet-10 (1440×2560)
        \(pixel)  1080×2400
          well: android-emulator-1080x2400  phone  Pixel 8, Pixel 8a, Pixel 7, Pixel 7a, Pixel 6, Pixel 6a
          exactly: no store slot
          composed without enlargement: app-store:iphone-6.9 (1320×2868), app-store:iphone-6.5 (1284×2778), app-store:iphone-6.3 (1206×2622), app-store:iphone-6.1 (1170×2532), app-store:iphone-5.5 (1242×2208), app-store:iphone-4.7 (750×1334), google-play:phone (1080×1920)

        """)
        let (badCode, _, badErr) = try runTool(["wells", "identify", scratch.path("missing.png")])
        XCTAssertEqual(badCode, 1)
        XCTAssertTrue(badErr.hasPrefix("error: \(scratch.path("missing.png")): (file): cannot read the capture: "), badErr)
    }

    // MARK: never a composed image as a capture

    func testTheToolsOwnOutputIsRefusedAsACapture() throws {
        let scratch = try Scratch()
        let first = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(errorLines(ScreenshotComposer().render(jobFile: first, options: epoch)), [])
        let composedPNG = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png")))
        let composedSVG = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")))
        try scratch.write("again/phone.png", composedPNG)
        try scratch.write("again/vector.png", composedSVG)
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out2",
            "captures": [["id": "phone", "path": "again/phone.png", "well": "tuck-browser-mobile"],
                         ["id": "vector", "path": "again/vector.png", "well": "tuck-browser-mobile"]],
            "headlines": ["en-US": ["phone": "A phone in a phone", "vector": "Again"]],
        ], name: "again.json")
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(scratch.path("again/phone.png")): captures[0].path: capture refused: expected a capture from a simulator, emulator, device or browser, found an image this tool composed (PNG text chunk tEXt \"not-capture-evidence\"): a composed image is marketing, never capture evidence",
            "error: \(scratch.path("again/vector.png")): captures[1].path: capture refused: expected a capture from a simulator, emulator, device or browser, found an image this tool composed (SVG attribute data-not-capture-evidence): a composed image is marketing, never capture evidence",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out2")))
        // A plain capture with other text chunks is not mistaken for one.
        XCTAssertNil(ComposedImageMarker.mark(in: try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png"))))
    }
}
