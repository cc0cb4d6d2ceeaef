import Foundation
import XCTest
@testable import Diagnostics
@testable import Ingest

final class ScreenShapeTests: XCTestCase {
    private func load(well: String) -> (WellsCatalog?, [String]) {
        let json = #"{"schemaVersion": 1, "kind": "device-wells", "note": "n", "wells": [\#(well)], "citedMinimumNativeWidths": [{"class": "iPhone 6.9 in", "minimumNativeWidth": 1242, "source": "s"}]}"#
        var d = DiagnosticCollector()
        let catalog = WellsCatalogLoader.load(data: Data(json.utf8), file: "wells.json", into: &d)
        return (catalog, lines(d))
    }

    func testAWellWithoutAShapeClipsNothingAndHasItsOrientation() throws {
        let (catalog, problems) = load(well: #"{"id": "w", "device": "d", "width": 2000, "height": 1000, "storeWell": null, "source": "s"}"#)
        XCTAssertEqual(problems, [])
        let well = try XCTUnwrap(catalog?.wells.first)
        XCTAssertEqual(well.shape, .clipNothing)
        XCTAssertEqual(well.shape.cornerRadius, 0)
        XCTAssertNil(well.shape.cutout)
        XCTAssertFalse(well.shape.verified)
        XCTAssertEqual(well.orientation, "landscape")
    }

    func testAShapeIsReadWithItsCutoutBarsAndCitations() throws {
        let (catalog, problems) = load(well: """
        {"id": "w", "device": "d", "width": 1000, "height": 2000, "storeWell": null, "source": "s",
         "shape": {"cornerRadius": 120, "cutout": {"kind": "punch-hole", "x": 470, "y": 30, "width": 60, "height": 60},
                   "homeButton": false, "statusBarHeight": 110, "navigationBarHeight": 63,
                   "citations": [{"url": "https://example.org/a", "retrieved": "2026-12-05", "statement": "radius 120", "note": "read"}]}}
        """)
        XCTAssertEqual(problems, [])
        let shape = try XCTUnwrap(catalog?.wells.first?.shape)
        XCTAssertEqual(shape.cornerRadius, 120)
        XCTAssertEqual(shape.cutout, ScreenShape.Cutout(kind: .punchHole, x: 470, y: 30, width: 60, height: 60))
        XCTAssertEqual(shape.statusBarHeight, 110)
        XCTAssertEqual(shape.navigationBarHeight, 63)
        XCTAssertFalse(shape.homeButton)
        XCTAssertEqual(shape.citations.map(\.summary), ["https://example.org/a (retrieved 2026-12-05): radius 120"])
        XCTAssertTrue(shape.verified)
        XCTAssertEqual(catalog?.wells.first?.orientation, "portrait")
    }

    func testABadShapeIsRefusedFieldByField() {
        let (catalog, problems) = load(well: """
        {"id": "w", "device": "d", "width": 1000, "height": 2000, "storeWell": null, "source": "s",
         "shape": {"cornerRadius": 600, "cutout": {"kind": "hole", "x": 980, "y": 0, "width": 40, "height": 10},
                   "homeButton": "yes", "statusBarHeight": -1, "citations": [{"url": "u"}], "radius": 3}}
        """)
        XCTAssertNil(catalog)
        XCTAssertEqual(problems, [
            "error: wells.json: wells[0] (w).shape.cornerRadius: expected at most 500 pixels (half the well's shorter side), found 600",
            "error: wells.json: wells[0] (w).shape.homeButton: expected true or false, found \"yes\"",
            "error: wells.json: wells[0] (w).shape.statusBarHeight: expected a number of pixels, 0 or more, found -1",
            "error: wells.json: wells[0] (w).shape.cutout.kind: expected one of \"notch\", \"dynamic-island\", \"punch-hole\", found \"hole\"",
            "error: wells.json: wells[0] (w).shape.citations[0].retrieved: store slot citation incomplete: expected url, retrieved and statement, each non-empty, found none",
            "error: wells.json: wells[0] (w).shape.citations[0].statement: store slot citation incomplete: expected url, retrieved and statement, each non-empty, found none",
            "error: wells.json: wells[0] (w).shape.radius: unknown field: expected one of citations, cornerRadius, cutout, homeButton, navigationBarHeight, statusBarHeight, found \"radius\"",
        ])
    }

    func testACutoutOutsideTheWellIsRefused() {
        let (catalog, problems) = load(well: """
        {"id": "w", "device": "d", "width": 1000, "height": 2000, "storeWell": null, "source": "s",
         "shape": {"cornerRadius": 0, "cutout": {"kind": "notch", "x": 980, "y": 0, "width": 40, "height": 10}}}
        """)
        XCTAssertNil(catalog)
        XCTAssertEqual(problems, [
            "error: wells.json: wells[0] (w).shape.cutout.width: the cutout ends outside the well: expected x + width at most 1000, found 1020",
        ])
    }
}
