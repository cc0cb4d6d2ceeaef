import Foundation
import XCTest
@testable import ScreenshotCompose

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
        let wells = try XCTUnwrap(catalog).wells
        XCTAssertEqual(wells.map(\.id), ["tuck-ios-simulator-portrait", "tuck-browser-desktop", "tuck-browser-mobile"])
        XCTAssertEqual(wells.map { "\($0.width)x\($0.height)" }, ["1206x2622", "1440x1000", "390x844"])
        XCTAssertEqual(wells.map(\.storeWell), [nil, nil, nil])
        XCTAssertEqual(Set(wells.map(\.source)), ["examples/tuck/showcase/manifest.json"])
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
            "error: wells.json: wells[0].width: expected a positive integer, found 0",
            "error: wells.json: wells[1].id: duplicate well id: expected each id once, found \"a\" again",
            "error: wells.json: wells[1].width: expected a positive integer, found 10.5",
            "error: wells.json: wells[1].height: expected a positive integer, found -3",
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
            "error: wells.json: wells[0].storeWell.citation: \(message), found \" \"",
            "error: wells.json: wells[1].storeWell.citation: \(message), found none",
        ])
    }

    func testClaimBelowTheCitedMinimumIsRefused() {
        let (catalog, problems) = load(catalog(wells: """
        [{"id": "small", "device": "d", "width": 1206, "height": 2622, "storeWell": {"class": "iPhone 6.9 in", "citation": "page"}, "source": "s"}]
        """))
        XCTAssertNil(catalog)
        XCTAssertEqual(problems, [
            "error: wells.json: wells[0].storeWell.class: well small claims store class \"iPhone 6.9 in\": expected width at least 1242 px (cited minimum native width, knowledge/store/apple-signing-release.md), found 1206 px",
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
            "error: wells.json: wells[0].storeWell.class: well w claims store class \"Watch Ultra\", which has no cited minimum native width: expected one of \"iPhone 6.9 in\", found \"Watch Ultra\"",
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
            "error: wells.json: wells[0].width: expected 200 to 8192 pixels, found 16",
            "error: wells.json: wells[1].width: expected 200 to 8192 pixels, found 16384",
            "error: wells.json: wells[1].height: expected 200 to 8192 pixels, found 16384",
        ])
    }

    func testNotJSONIsRefusedWithTheFile() {
        let (catalog, problems) = load("{ nope")
        XCTAssertNil(catalog)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("error: wells.json: (document): not valid JSON: "), problems[0])
    }
}
