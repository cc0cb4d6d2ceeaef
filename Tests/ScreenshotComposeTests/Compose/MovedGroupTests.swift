import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Raster

/// Issue 34 item 6: a slot group a designer moved in an editor (Inkscape writes the move as
/// `transform="translate(0,40)"` on the layer) is drawn where it was moved, at the template's own
/// size and fitted to a store size: the reader folds translations and uniform scales into the
/// coordinates (`TransformFold`), so slots, fit and composer see one geometry.
final class MovedGroupTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// The repository's Inkscape 1.2 export with its text layer moved 40 px down, as Inkscape
    /// writes it when the layer is dragged (`transform` on the layer's `<g>`).
    private func movedTemplate(_ transform: String = "translate(0,40)") throws -> String {
        let export = try String(contentsOf: Fixtures.repository.appendingPathComponent("fixtures/templates/inkscape-1.2-export.svg"), encoding: .utf8)
        let layer = "     id=\"layer-text\"\n     inkscape:label=\"Text\">"
        XCTAssertTrue(export.contains(layer))
        return export.replacingOccurrences(of: layer, with: "     id=\"layer-text\"\n     inkscape:label=\"Text\"\n     transform=\"\(transform)\">")
    }

    /// One output at the template's size (390×844, the browser capture) and one on the App
    /// Store's 6.3 in slot (1206×2622, a simulator capture): the template fitted ×3.09.
    private func render(_ template: String) throws -> (Scratch, RunReport) {
        let scratch = try Scratch()
        try scratch.write("template.svg", template)
        try scratch.write("book.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("rust-book-mobile.png")))
        try scratch.write("home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out", "template": "template.svg",
            "captures": [["id": "book", "path": "book.png", "well": "tuck-browser-mobile"],
                         ["id": "home", "path": "home.png", "well": "ios-simulator-1206x2622", "storeWell": "app-store-iphone-6.3-portrait-1206x2622"]],
            "headlines": ["en-US": ["book": "Read it anywhere", "home": "Read it anywhere"]],
        ])
        return (scratch, ScreenshotComposer().render(jobFile: job, options: epoch))
    }

    /// The rows holding the headline's near-white ink between `top` and `bottom` (above the device).
    private func inkRows(_ png: DecodedPNG, x: Range<Int>, y: Range<Int>) -> [Int] {
        y.filter { row in x.contains { let p = png.pixel(x: $0, y: row); return p.r > 0xd8 && p.g > 0xd8 && p.b > 0xd8 } }
    }

    func testAnInkscapeMovedHeadlineLayerIsDrawnWhereItWasMovedAtItsOwnSizeAndFitted() throws {
        let (scratch, report) = try render(try movedTemplate())
        XCTAssertEqual(errorLines(report), [])
        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/book.svg")), encoding: .utf8)
        XCTAssertFalse(svg.contains("translate"), svg)
        // The headline's box, 28,36 334×104 moved 40 down, in the written SVG.
        XCTAssertTrue(svg.contains(#"<rect x="28" y="76" width="334" height="104" fill="none" stroke="none" id="rect12"/>"#), svg)

        // Own size: the box is 76…180; above the device (y < 156) the ink lies within it.
        let own = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/book.png"))))
        XCTAssertEqual([own.header.width, own.header.height], [390, 844])
        let ownRows = inkRows(own, x: 28..<362, y: 0..<156)
        XCTAssertGreaterThan(ownRows.count, 15, "the headline's ink")
        XCTAssertGreaterThanOrEqual(ownRows.min() ?? 0, 76, "no ink above the moved box")
        XCTAssertLessThan(ownRows.max() ?? 999, 180)
        // The box as drawn is 36…140: its middle (88) would hold the unmoved line.
        XCTAssertEqual(Double(ownRows.reduce(0, +)) / Double(ownRows.count), 128, accuracy: 12, "the line is centred in the moved box")

        // Fitted: ×1206/390, the box 235…557; above the device (y < 482).
        let fitted = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/home.png"))))
        XCTAssertEqual([fitted.header.width, fitted.header.height], [1206, 2622])
        let fittedRows = inkRows(fitted, x: 87..<1119, y: 0..<482)
        XCTAssertGreaterThan(fittedRows.count, 45, "the headline's ink")
        XCTAssertGreaterThanOrEqual(fittedRows.min() ?? 0, 235, "no ink above the moved box")
        XCTAssertEqual(Double(fittedRows.reduce(0, +)) / Double(fittedRows.count), 396, accuracy: 36, "the line is centred in the moved box")
    }

    /// What the fold leaves (a rotation) is refused where a slot must be upright, naming the group.
    func testARotatedHeadlineLayerIsRefusedNamingTheGroup() throws {
        let (scratch, report) = try render(try movedTemplate("rotate(2)"))
        XCTAssertEqual(errorLines(report), [
            "error: \(scratch.path("template.svg")): #headline transform: a slot is an upright box: expected translations and scales only on the slot and its groups, found transform=\"rotate(2)\" on <g>",
        ])
    }

    /// The fold moves what a moved group draws with in user space (a gradient, a clip path) when
    /// only the group uses it, and leaves a transform it cannot fold in place.
    func testTheFoldMovesUserSpaceGradientsAndClipsAndLeavesWhatItCannotFold() throws {
        var d = DiagnosticCollector()
        let tree = try XCTUnwrap(TemplateTree.read(text: """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <defs><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="10"><stop offset="0" stop-color="#000"/></linearGradient>
        <clipPath id="c"><rect width="10" height="10"/></clipPath>
        <linearGradient id="shared" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="10"><stop offset="0" stop-color="#000"/></linearGradient></defs>
        <g id="moved" transform="translate(5,40) scale(2)"><rect id="r" x="1" y="2" width="3" height="4" fill="url(#g)" clip-path="url(#c)"/>
        <path id="p" d="M0 0 l 10 10 A 5 5 0 0 1 20 20"/><text id="t" x="1" y="2" font-size="8">A</text></g>
        <g id="kept" transform="translate(0,10)"><rect width="1" height="1" fill="url(#shared)"/></g>
        <rect width="1" height="1" fill="url(#shared)"/>
        <g id="turned" transform="rotate(3)"><rect id="inner" x="1" y="1" width="1" height="1" transform="translate(1,1)"/></g>
        </svg>
        """, file: "t.svg", into: &d))
        XCTAssertEqual(lines(d), [])
        func attributes(_ id: String) -> [String] { tree[tree.element(id: id)!].attributes.map { "\($0.name)=\($0.value)" } }
        // The stroke's width it inherits (here the initial 1 px) is written on it and scaled.
        XCTAssertEqual(attributes("moved"), ["id=moved", "stroke-width=2"])
        XCTAssertEqual(attributes("r"), ["id=r", "x=7", "y=44", "width=6", "height=8", "fill=url(#g)", "clip-path=url(#c)"])
        XCTAssertEqual(attributes("p"), ["id=p", "d=M5 40L25 60A10 10 0 0 1 45 80"])
        XCTAssertEqual(attributes("t"), ["id=t", "x=7", "y=44", "font-size=16"])
        XCTAssertEqual(attributes("g"), ["id=g", "gradientUnits=userSpaceOnUse", "x1=5", "y1=40", "x2=5", "y2=60"])
        XCTAssertEqual(tree[tree[tree.element(id: "c")!].elementChildren[0]].attributes.map { "\($0.name)=\($0.value)" }, ["width=20", "height=20", "x=5", "y=40"])
        // A user-space gradient also used outside the group: the group keeps its translation.
        XCTAssertEqual(attributes("kept"), ["id=kept", "transform=translate(0,10)"])
        // A rotation stays; the translation inside it is folded.
        XCTAssertEqual(attributes("turned"), ["id=turned", "transform=rotate(3)"])
        XCTAssertEqual(attributes("inner"), ["id=inner", "x=2", "y=2", "width=1", "height=1"])
    }

    /// A scale folded below a group that sets a stroke width or text size: the subtree keeps
    /// drawing them scaled; a dash pattern (not moved by the fit) keeps the transform.
    func testAFoldedScaleCarriesTheLengthsItsSubtreeInherits() throws {
        var d = DiagnosticCollector()
        let tree = try XCTUnwrap(TemplateTree.read(text: """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <g stroke-width="3" font-size="10"><g id="scaled" transform="scale(2)"><rect stroke="#000" width="4" height="4"/><text>A</text></g>
        <g id="dashed" transform="scale(2)"><line stroke="#000" stroke-dasharray="2 1" x2="5"/></g></g>
        </svg>
        """, file: "t.svg", into: &d))
        XCTAssertEqual(lines(d), [])
        func attributes(_ id: String) -> [String] { tree[tree.element(id: id)!].attributes.map { "\($0.name)=\($0.value)" } }
        XCTAssertEqual(attributes("scaled"), ["id=scaled", "stroke-width=6", "font-size=20"])
        XCTAssertEqual(attributes("dashed"), ["id=dashed", "transform=scale(2)"])
    }
}
