import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest
@testable import Raster

final class WellsCatalogTests: XCTestCase {
    private func load(_ json: String) -> (WellsCatalog?, [String]) {
        var d = DiagnosticCollector()
        let catalog = WellsCatalogLoader.load(data: Data(json.utf8), file: "wells.json", into: &d)
        return (catalog, lines(d))
    }

    private func catalog(wells: String, minimums: String = #"[{"class": "iPhone 6.9 in", "minimumNativeWidth": 1242, "source": "knowledge/store/apple-signing-release.md"}]"#) -> String {
        #"{"schemaVersion": 1, "kind": "device-wells", "note": "n", "wells": \#(wells), "citedMinimumNativeWidths": \#(minimums)}"#
    }

    func testShippedCatalogHoldsTheRecordedWellsAndCitedMinimums() throws {
        let (catalog, problems) = load(try String(contentsOf: Fixtures.wells, encoding: .utf8))
        XCTAssertEqual(problems, [])
        let all = try XCTUnwrap(catalog).wells
        // The three fixture wells stay, marked, and record the demo captures.
        let fixtures = all.filter(\.fixture)
        XCTAssertEqual(fixtures.map(\.id), ["tuck-ios-simulator-portrait", "tuck-browser-desktop", "tuck-browser-mobile"])
        XCTAssertEqual(fixtures.map { "\($0.width)x\($0.height)" }, ["1206x2622", "1440x1000", "390x844"])
        XCTAssertEqual(fixtures.map(\.family), ["phone", "browser", "browser"])
        XCTAssertEqual(Set(fixtures.map(\.source)), ["examples/tuck/showcase/manifest.json"])
        XCTAssertEqual(all.map(\.storeWell), Array(repeating: nil, count: all.count))
        // One well per screen geometry: no two wells share size, family and platform.
        let geometries = all.filter { !$0.fixture }.map { "\($0.width)x\($0.height) \($0.family ?? "") \($0.platform ?? "")" }
        XCTAssertEqual(geometries.count, Set(geometries).count)
        // The iPhone 16 Pro Max and 17 Pro Max share the 1320×2868 well.
        let proMax = try XCTUnwrap(all.first { $0.devices.contains("iPhone 16 Pro Max") })
        XCTAssertEqual(proMax.id, "ios-simulator-1320x2868")
        XCTAssertEqual(proMax.devices, ["iPhone 17 Pro Max", "iPhone 16 Pro Max"])
        XCTAssertEqual("\(proMax.width)x\(proMax.height) \(proMax.family ?? "")", "1320x2868 phone")
        XCTAssertEqual(all.first { $0.devices.contains("iPhone SE (3rd generation)") }.map { "\($0.width)x\($0.height)" }, "750x1334")
        XCTAssertEqual(all.first { $0.devices.contains("iPhone Air") }.map { "\($0.width)x\($0.height)" }, "1260x2736")
        XCTAssertEqual(all.first { $0.devices.contains("iPad Pro 13-inch (M4)") }.map { "\($0.width)x\($0.height) \($0.family ?? "")" }, "2064x2752 tablet")
        XCTAssertEqual(all.first { $0.devices.contains("Pixel 8") }.map { "\($0.width)x\($0.height) \($0.family ?? "")" }, "1080x2400 phone")
        XCTAssertEqual(all.filter { $0.devices.contains("Pixel Tablet") }.map { "\($0.id) \($0.width)x\($0.height)" },
                       ["android-emulator-1600x2560 1600x2560", "android-emulator-2560x1600 2560x1600"])
        // Every device well of a device that turns is there in both orientations.
        XCTAssertEqual(all.filter { !$0.fixture }.count, 116)
        XCTAssertEqual(all.filter { $0.devices.contains("iPhone 8 Plus") }.map { "\($0.width)x\($0.height) \($0.orientation)" },
                       ["1242x2208 portrait", "2208x1242 landscape"])
        XCTAssertEqual(all.first { $0.devices.contains("iPad Pro (12.9-inch) (6th generation)") }?.id, "ios-simulator-2048x2732")
        XCTAssertTrue(all.allSatisfy { !$0.source.isEmpty })
        let minimums = try XCTUnwrap(catalog).citedMinimumNativeWidths
        XCTAssertEqual(minimums.map { "\($0.storeClass)=\($0.minimumNativeWidth)" },
                       ["iPhone 6.9 in=1242", "iPhone 6.7 in=1242", "iPhone 6.5 in=1242", "iPhone 5.5 in=1242",
                        "iPad Pro 13 in=2048", "iPad Pro 11 in=1668"])
        XCTAssertEqual(Set(minimums.map(\.source)), ["knowledge/store/apple-signing-release.md"])
    }

    func testDuplicateIdsAndBadSizesAreAllReported() {
        let (catalog, problems) = load(catalog(wells: """
        [{"id": "a", "device": "d", "width": 0, "height": 300, "storeWell": null, "source": "s"},
         {"id": "a", "device": "d", "width": 10.5, "height": -3, "storeWell": null, "source": "s"}]
        """))
        XCTAssertNil(catalog)
        XCTAssertEqual(problems, [
            "error: wells.json: wells[0] (a).width: expected a positive integer, found 0",
            "error: wells.json: wells[1] (a).id: duplicate well id: expected each id once, found \"a\" again",
            "error: wells.json: wells[1] (a).width: expected a positive integer, found 10.5",
            "error: wells.json: wells[1] (a).height: expected a positive integer, found -3",
        ])
    }

    func testStoreWellClaimWithoutCitationIsRefused() {
        let (catalog, problems) = load(catalog(wells: """
        [{"id": "p", "device": "d", "width": 1320, "height": 2868, "storeWell": {"class": "iPhone 6.9 in", "citation": " "}, "source": "s"},
         {"id": "q", "device": "d", "width": 1320, "height": 2868, "storeWell": {"class": "iPhone 6.9 in"}, "source": "s"}]
        """))
        XCTAssertNil(catalog)
        let message = "store-well claim without a citation: expected a non-empty \"citation\" saying where the claim is stated"
        XCTAssertEqual(problems, [
            "error: wells.json: wells[0] (p).storeWell.citation: \(message), found \" \"",
            "error: wells.json: wells[1] (q).storeWell.citation: \(message), found none",
        ])
    }

    func testClaimBelowTheCitedMinimumIsRefused() {
        let (catalog, problems) = load(catalog(wells: """
        [{"id": "small", "device": "d", "width": 1206, "height": 2622, "storeWell": {"class": "iPhone 6.9 in", "citation": "page"}, "source": "s"}]
        """))
        XCTAssertNil(catalog)
        XCTAssertEqual(problems, [
            "error: wells.json: wells[0] (small).storeWell.class: well small claims store class \"iPhone 6.9 in\": expected width at least 1242 px (cited minimum native width, knowledge/store/apple-signing-release.md), found 1206 px",
        ])
    }

    func testClaimAtTheCitedMinimumIsAccepted() throws {
        let (catalog, problems) = load(catalog(wells: """
        [{"id": "ok", "device": "d", "width": 1242, "height": 2688, "storeWell": {"class": "iPhone 6.9 in", "citation": "page"}, "source": "s"}]
        """))
        XCTAssertEqual(problems, [])
        XCTAssertEqual(try XCTUnwrap(catalog).wells[0].storeWell, StoreWellClaim(storeClass: "iPhone 6.9 in", citation: StoreCitation(statement: "page")))
    }

    func testClaimForAClassWithoutCitedMinimumIsRefused() {
        let (catalog, problems) = load(catalog(wells: """
        [{"id": "w", "device": "d", "width": 2000, "height": 2000, "storeWell": {"class": "Watch Ultra", "citation": "page"}, "source": "s"}]
        """))
        XCTAssertNil(catalog)
        XCTAssertEqual(problems, [
            "error: wells.json: wells[0] (w).storeWell.class: well w claims store class \"Watch Ultra\", which has no cited minimum native width: expected one of \"iPhone 6.9 in\", found \"Watch Ultra\"",
        ])
    }

    func testCitedMinimumWithoutSourceIsRefused() {
        let (catalog, problems) = load(catalog(wells: #"[{"id": "a", "device": "d", "width": 300, "height": 300, "storeWell": null, "source": "s"}]"#, minimums: #"[{"class": "iPad Pro 13 in", "minimumNativeWidth": 2048}]"#))
        XCTAssertNil(catalog)
        XCTAssertEqual(problems, [
            "error: wells.json: citedMinimumNativeWidths[0].source: cited minimum without a source: expected a non-empty \"source\" naming where the minimum is stated, found none",
        ])
    }

    func testCanvasSidesOutsideWhatCanBeLaidOutOrHeldAreRefused() {
        let (catalog, problems) = load(catalog(wells: """
        [{"id": "tiny", "device": "d", "width": 16, "height": 844, "storeWell": null, "source": "s"},
         {"id": "huge", "device": "d", "width": 16384, "height": 16384, "storeWell": null, "source": "s"}]
        """))
        XCTAssertNil(catalog)
        XCTAssertEqual(problems, [
            "error: wells.json: wells[0] (tiny).width: expected 200 to 8192 pixels, found 16",
            "error: wells.json: wells[1] (huge).width: expected 200 to 8192 pixels, found 16384",
            "error: wells.json: wells[1] (huge).height: expected 200 to 8192 pixels, found 16384",
        ])
    }

    func testNotJSONIsRefusedWithTheFile() {
        let (catalog, problems) = load("{ nope")
        XCTAssertNil(catalog)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("error: wells.json: (document): not valid JSON: "), problems[0])
    }
}
