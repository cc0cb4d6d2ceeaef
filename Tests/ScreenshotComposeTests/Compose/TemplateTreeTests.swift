import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest

/// Issue 24 item 1: every template is read once, by libxml2, into one normalized tree, and
/// checked there. Each case the adversarial pass found accepted (and rendered with exit 0) is
/// refused at `check`, before anything is drawn, naming the file, line and column, the element
/// or rule and what is allowed; variants of each too.
final class TemplateTreeTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// The designer's template of `SlotTemplateTests` (390 × 844, dark background) with `markup`
    /// put before its closing tag, or `edit` applied.
    private func template(adding markup: String = "", edit: (String) -> String = { $0 }) -> String {
        edit(SlotTemplateTests.designerTemplate.replacingOccurrences(of: "</svg>", with: markup + "</svg>"))
    }

    /// `check` of the mobile job with `text` as its template: the error lines, with positions.
    private func check(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> (scratch: Scratch, errors: [String]) {
        let scratch = try Scratch()
        try scratch.write("designer.svg", text)
        let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "designer.svg"])
        let report = ScreenshotComposer().check(jobFile: job, options: epoch)
        return (scratch, report.diagnostics.filter { $0.severity == .error }.map(\.line))
    }

    /// The error lines without the file name (`<line>:<column>: <field>: <message>`).
    private func refusals(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let (scratch, errors) = try check(text, file: file, line: line)
        let prefix = "error: " + scratch.path("designer.svg")
        return errors.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
    }

    // MARK: Remote loads from the shipped SVG

    func testCSSEscapesSpellingImportAndURLAreDecodedBeforeTheCheck() throws {
        let text = template(adding: "<style>@\\69mport \"http://example.com/x.css\"; rect{fill:u\\72l(http://example.com/p.svg#g)}</style>\n")
        XCTAssertEqual(try refusals(text), [
            #":12:8: <style>: link to a file outside the template: expected a same-document #fragment or a data: URI, found "@import "http://example.com/x.css";" in <style>"#,
            ":12:51: <style> fill: link to a file outside the template: expected a same-document #fragment or a data: URI, found url(http://example.com/p.svg#g)",
        ])
        // In a presentation attribute and in style="" (librsvg and browsers read both as CSS).
        XCTAssertEqual(try refusals(template(adding: #"<rect width="9" height="9" fill="u\72l(http://example.com/p.svg#g)"/><rect width="9" height="9" style="stroke:url('http://example.com/q.svg#g')"/>"#)), [
            #":12:1: <rect> fill: link to a file outside the template: expected a same-document #fragment or a data: URI, found fill="u\72l(http://example.com/p.svg#g)""#,
            ":12:70: <rect> style stroke: link to a file outside the template: expected a same-document #fragment or a data: URI, found url(http://example.com/q.svg#g)",
        ])
        // Other at-rules, functions a renderer evaluates, properties no renderer of SVG knows.
        XCTAssertEqual(try refusals(template(adding: "<style>\n@font-face{font-family:x;src:url(http://example.com/f.woff)}\nrect{fill:var(--x)}\ng{behavior:url(x.htc)}</style>")), [
            ":13:1: <style> @font-face: CSS at-rule in a template: expected rules of simple selectors (type, .class, #id) and declarations, found @font-face",
            ":14:6: <style> fill: CSS function a renderer may evaluate differently: expected colours (rgb(), hsl()) and url(#id) only, found var() in fill: var(--x)",
            ":15:3: <style> behavior: unknown CSS property in a template: expected an SVG presentation property (fill, stroke, opacity, font-family, …), found behavior",
        ])
    }

    /// One answer to "is this a layer" (issue 38 item 2), read by the cost estimate and the
    /// layer split: opacity below 1 as a number or a percentage, or not readable; a mask, filter,
    /// blend mode or isolation. A clip is not a layer (the split adds it on its own).
    func testWhatDrawsIntoALayer() {
        func layer(_ attributes: [(String, String)]) -> Bool {
            TemplateTree.Element(name: "g", attributes: attributes.map { TemplateTree.Attribute($0.0, $0.1) }).drawsIntoLayer
        }
        XCTAssertEqual([" 0.5", "50%", "abc", "1", "1.5", "100%"].map { layer([("opacity", $0)]) }, [true, true, true, false, false, false])
        XCTAssertEqual([("mask", "url(#m)"), ("filter", " none "), ("style", "mix-blend-mode: multiply"), ("style", "mix-blend-mode:normal"),
                        ("style", "isolation:isolate"), ("clip-path", "url(#c)")].map { layer([$0]) }, [true, false, true, false, true, false])
    }

    func testAnimationThatSetsALinkIsRefused() throws {
        XCTAssertEqual(try refusals(template(adding: ##"<image href="#none" width="1" height="1"><set attributeName="href" to="http://example.com/x.png"/></image>"##)), [
            ":12:42: <set>: animation in a template: expected a still picture, found <set>",
        ])
        XCTAssertEqual(try refusals(template(adding: #"<rect width="9" height="9"><animate attributeName="fill" to="red"/></rect><feImage href="http://example.com/x.png"/>"#)), [
            ":12:28: <animate>: animation in a template: expected a still picture, found <animate>",
            ":12:75: <feImage> href: link to a file outside the template: expected a same-document #fragment or a data: URI, found href=\"http://example.com/x.png\"",
        ])
    }

    func testXIncludeHTMLAndScriptsAreRefusedWhereverTheyAre() throws {
        XCTAssertEqual(try refusals(template(adding: #"<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="data:text/xml,%3Cfilter%20id%3D%22f%22%3E%3CfeTurbulence%20numOctaves%3D%221000%22/%3E%3C/filter%3E" parse="xml"/>"#)), [
            ":12:1: <xi:include>: XInclude in a template: expected the template's own content, found <xi:include>",
        ])
        XCTAssertEqual(try refusals(template(adding: #"<html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(1)</html:script><image width="9" height="9" href="data:image/svg+xml;base64,PHN2Zz4="/>"#)), [
            ":12:1: <html:script>: active content in a template: expected artwork only, found <html:script> (HTML)",
            ":12:78: <image> href: script link in a template: expected none, found href=\"data:image/svg+xml;b\"",
        ])
    }

    // MARK: Slots checked where they land

    func testAHeadlineMovedOffTheCanvasThroughAGroupAndANestedSVGIsRefused() throws {
        let moved = template { $0
            .replacingOccurrences(of: #"<g id="headline">"#, with: #"<g transform="translate(2000,0)"><svg width="390" height="844"><g id="headline">"#)
            .replacingOccurrences(of: "Sample headline</text>\n  </g>", with: "Sample headline</text>\n  </g></svg></g>")
        }
        XCTAssertEqual(try refusals(moved), [
            ":4:5: #headline: slot outside the canvas: expected its box inside the 390×844 canvas, found 330×110 at 2030,40 (after the transforms and viewports around it)",
        ])
    }

    func testACaptureScaledOrCroppedByANestedViewportIsRefused() throws {
        // The slot's own attributes say 100 × 217; the viewport draws it 3.9 × as large, past the canvas.
        let scaled = template { $0.replacingOccurrences(of: ##"<rect id="capture" x="45" y="180" width="300" height="649" rx="24" fill="#cccccc"/>"##,
                                                           with: #"<svg viewBox="0 0 100 217"><rect id="capture" x="12" y="46" width="100" height="217"/></svg>"#) }
        XCTAssertEqual(try refusals(scaled), [
            ":7:30: #capture: slot outside the canvas: expected its box inside the 390×844 canvas, found 388.94×844 at 47.2,178.91 (after the transforms and viewports around it)",
        ])
        // Inside the canvas but outside the nested viewport that clips it.
        let cropped = template { $0.replacingOccurrences(of: ##"<rect id="capture" x="45" y="180" width="300" height="649" rx="24" fill="#cccccc"/>"##,
                                                            with: #"<svg width="200" height="500"><rect id="capture" x="45" y="180" width="300" height="649"/></svg>"#) }
        XCTAssertEqual(try refusals(cropped), [
            ":7:33: #capture: slot cropped by a nested <svg> viewport: expected its box inside the viewport's 200×500 at 0,0, found 300×649 at 45,180",
        ])
        // Scaled differently across and down: the capture would be stretched.
        let stretched = template { $0.replacingOccurrences(of: ##"<rect id="capture" x="45" y="180" width="300" height="649" rx="24" fill="#cccccc"/>"##,
                                                              with: #"<g transform="scale(1 0.5)"><rect id="capture" x="45" y="360" width="300" height="649"/></g>"#) }
        XCTAssertEqual(try refusals(stretched), [
            ":7:31: #capture: the capture would be stretched: expected its slot scaled alike across and down (within 1 %), found 1× across and 0.5× down (transforms or a viewport's preserveAspectRatio around it)",
        ])
    }

    func testASlotInAScaledGroupIsLaidOutOnTheCanvasAndDrawsTheSamePicture() throws {
        // The slot is 600 × 1298 in a group scaled by a half: on the canvas it is the plain
        // template's 300 × 649, so the capture is laid out and drawn the same (not enlarged,
        // not refused).
        func render(_ text: String) throws -> DecodedPNG {
            let scratch = try Scratch()
            try scratch.write("designer.svg", text)
            let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "designer.svg"])
            let report = ScreenshotComposer().render(jobFile: job, options: epoch)
            XCTAssertEqual(lines(report), [])
            return try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png"))))
        }
        let plain = try render(template())
        let scaled = try render(template { $0.replacingOccurrences(of: ##"<rect id="capture" x="45" y="180" width="300" height="649" rx="24" fill="#cccccc"/>"##,
                                                                  with: ##"<g transform="scale(0.5)"><rect id="capture" x="90" y="360" width="600" height="1298" rx="48" fill="#cccccc"/></g>"##) })
        var worst = 0
        for i in 0..<plain.rgba.count { worst = max(worst, abs(Int(plain.rgba[i]) - Int(scaled.rgba[i]))) }
        XCTAssertLessThanOrEqual(worst, 2, "the capture drawn through the group's scale")
    }

    func testAnotherSlotTransformedWithinTheCanvasRendersWhereItLands() throws {
        // An Inkscape layer's translation: folded into the slot's coordinates when the template is
        // read (TransformFold), so the slot's box is where it lands and the capture is drawn there.
        let layered = template { $0.replacingOccurrences(of: ##"<rect id="capture" x="45" y="180" width="300" height="649" rx="24" fill="#cccccc"/>"##,
                                                            with: ##"<g transform="translate(40 160)"><rect id="capture" x="5" y="20" width="300" height="649" rx="24" fill="#cccccc"/></g>"##) }
        let scratch = try Scratch()
        try scratch.write("designer.svg", layered)
        let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "designer.svg"])
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [])
        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")), encoding: .utf8)
        XCTAssertTrue(svg.contains(#"<image clip-path="url(#capture-clip)" height="649" href="captures/shot.png" id="capture" preserveAspectRatio="none" width="299" x="46" y="180"/>"#), svg)
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png"))))
        // The capture's red channel (200) in the slot, the mock-up grey nowhere.
        XCTAssertEqual(Int(png.pixel(x: 195, y: 500).r), 200, accuracy: 2)
        XCTAssertNotEqual([png.pixel(x: 50, y: 400).r, png.pixel(x: 50, y: 400).g], [0xcc, 0xcc])
    }

    func testTheHeadlinesEffectiveFillAfterCSSIsWhatTheContrastCheckReads() throws {
        // A descendant selector is not resolved: refused naming the rule's line.
        XCTAssertEqual(try refusals(template(adding: "<style>#headline text{fill:#203040}</style>")), [
            ":12:8: <style> #headline text: CSS selector the tool does not resolve: expected a type, .class or #id, alone, compound (rect.cls-1) or in a list, found \"#headline text\"",
        ])
        // A type selector is resolved onto the text: dark on the dark background is refused.
        let (scratch, errors) = try check(template(adding: "<style>text{fill:#203040}</style>"))
        XCTAssertEqual(errors, [
            "error: \(scratch.path("designer.svg")): #headline fill: headline text colour #203040 on background #203040 has a contrast ratio of 1.00:1: expected at least 3:1 (WCAG 2, large text), found 1.00:1",
        ])
    }

    /// A `{{PLACEHOLDER}}` template's own colours (the design card's ignores the theme) are what
    /// its headline is drawn in: the contrast check reads them from its tree.
    func testAPlaceholderTemplatesOwnHeadlineColourIsWhatTheContrastCheckReads() throws {
        let card = try String(contentsOf: DesignCardTemplateTests.cardTemplate, encoding: .utf8)
        let scratch = try Scratch()
        try scratch.write("card.svg.tmpl", card.replacingOccurrences(of: ##"font-weight="600" fill="#1d1b17""##, with: ##"font-weight="600" fill="#e6e1d6""##))
        let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "card.svg.tmpl"])
        XCTAssertEqual(ScreenshotComposer().check(jobFile: job, options: epoch).diagnostics.map(\.lineWithoutPosition), [
            "error: \(scratch.path("card.svg.tmpl")): <text> fill: headline colour #e6e1d6 on background #f4f1ea has a contrast ratio of 1.15:1: expected at least 3:1 (WCAG 2, large text), found 1.15:1",
        ])
    }

    func testAUseOfASlotIsRefused() throws {
        XCTAssertEqual(try refusals(template { $0.replacingOccurrences(of: #"<g id="headline">"#, with: "<use href=\"#headline\" y=\"300\"/>\n  <g id=\"headline\">") }), [
            ":3:3: <use>: a <use> of the slot #headline: expected each slot drawn once, where it stands, found <use href=\"#headline\">",
        ])
    }

    // MARK: Bounds counted on the expanded tree

    func testAFilterThroughACSSClassOrThroughUsesCountsEveryElementItFilters() throws {
        let rects = String(repeating: #"<rect class="f" width="9" height="9"/>"#, count: 400)
        XCTAssertEqual(try refusals(template(adding: #"<filter id="flt"><feFlood/></filter><style>.f{filter:url(#flt)}</style>"# + rects)), [
            ":12:680: <rect> filter: too many filtered elements to render in bounded time: expected at most 16, found more",
        ])
        let uses = String(repeating: ##"<use href="#one"/>"##, count: 1_000)
        XCTAssertEqual(try refusals(template(adding: #"<filter id="flt"><feFlood/></filter><defs><rect id="one" width="9" height="9" filter="url(#flt)"/></defs>"# + uses)), [
            ":12:376: <rect> filter: too many filtered elements to render in bounded time: expected at most 16, found more",
        ])
    }

    func testEmbeddedImagesAndPatternTilesAreBoundedBeforeAnythingIsDrawn() throws {
        // A PNG whose header says 30000 × 30000 (146 KB would hold its pixels compressed).
        let huge = "data:image/png;base64," + PNGHeaderBytes.claiming(width: 30_000, height: 30_000).base64EncodedString()
        XCTAssertEqual(try refusals(template(adding: "<image width=\"9\" height=\"9\" href=\"\(huge)\"/>")), [
            ":12:1: <image> href: embedded image too large to decode in bounded memory: expected at most 16384 pixels a side, found 30000×30000",
        ])
        let large = "data:image/png;base64," + PNGHeaderBytes.claiming(width: 7_000, height: 7_000).base64EncodedString()
        XCTAssertEqual(try refusals(template(adding: "<image width=\"9\" height=\"9\" href=\"\(large)\"/>")), [
            ":12:1: <image> href: embedded images too large to decode in bounded memory: expected at most 36000000 pixels in all, found 7000×7000 after 0 pixels",
        ])
        // A JPEG's header, read by the loader librsvg draws it with.
        let jpeg = "data:image/jpeg;base64," + Data([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x4E, 0x20, 0x4E, 0x20, 0x01, 0x01, 0x11, 0x00,
                                                     0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0xFF, 0xD9]).base64EncodedString()
        XCTAssertEqual(try refusals(template(adding: "<image width=\"9\" height=\"9\" href=\"\(jpeg)\"/>")), [
            ":12:1: <image> href: embedded image too large to decode in bounded memory: expected at most 16384 pixels a side, found 20000×20000",
        ])
        XCTAssertEqual(try refusals(template(adding: #"<image width="9" height="9" href="data:image/png;base64,/9j/4AAQSkZJRgABAQ=="/>"#)), [
            ":12:1: <image> href: embedded image is not what its data: URL says: expected image/png bytes, found another kind",
        ])
        // A 696-byte template's 30000 × 30000 pattern tile (3.5 GB).
        XCTAssertEqual(try refusals(template(adding: #"<pattern id="p" width="30000" height="30000" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern><rect id="bg2" width="390" height="844" fill="url(#p)"/>"#)), [
            ":12:114: #bg2 fill: pattern tile too large to render in bounded memory: expected a tile of at most the canvas's 390×844 pixels, found 30000×30000 pixels (#p)",
        ])
    }

    func testFiltersAndLayersAreBoundedByTheirCost() throws {
        // One morphology of radius 16 over the whole canvas took 63 s in librsvg.
        XCTAssertEqual(try refusals(template(adding: #"<filter id="m" x="0" y="0" width="1" height="1"><feMorphology radius="16"/></filter><rect id="slow" width="390" height="844" filter="url(#m)"/>"#)), [
            ":12:85: #slow: too costly to render in bounded time: expected an estimated drawing time of at most 5 s per output (librsvg's cost of the canvas area painted, layers and filter primitives, measured on the build machine), found about 5.38 s, 5.38 s of it for this element",
        ])
        // Nine groups with opacity inside each other: nine canvas-sized layers at once.
        let nested = String(repeating: #"<g opacity="0.9">"#, count: 9) + #"<rect width="9" height="9"/>"# + String(repeating: "</g>", count: 9)
        XCTAssertEqual(try refusals(template(adding: nested)), [
            ":12:137: <g>: groups with opacity, a mask, a filter or a blend mode nested too deep to render in bounded memory (each holds a canvas-sized layer while it draws): expected at most 8 inside each other, found more",
        ])
    }

    /// Work librsvg repeats is counted each time: a stroke's reach, a marker at every vertex, a
    /// mask's content for every element it masks.
    func testRepeatedWorkIsCountedEachTimeItIsDrawn() throws {
        func refusals(_ body: String) -> [String] {
            var d = DiagnosticCollector()
            _ = TemplateTree.read(text: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2064\" height=\"2752\">\n\(body)</svg>", file: "t.svg", into: &d)
            return d.diagnostics.map(\.line)
        }
        // 4,000 one-pixel lines whose 3,000-pixel strokes cover a 2064 × 2752 canvas each.
        let strokes = refusals("<defs><line id=\"l\" x2=\"1\" stroke=\"#000\" stroke-width=\"3000\"/></defs>" + String(repeating: "<use href=\"#l\"/>", count: 4_000))
        XCTAssertEqual(strokes.count, 1)
        XCTAssertTrue(strokes[0].hasPrefix("error: t.svg:2:"), strokes[0])
        XCTAssertTrue(strokes[0].contains("too costly to render in bounded time"), strokes[0])
        // A marker holding a canvas-sized rect, at each of 3,000 vertices.
        let points = (0..<3_000).map { "\($0),\($0 % 7)" }.joined(separator: " ")
        let markers = refusals(#"<marker id="m" markerUnits="userSpaceOnUse" markerWidth="2064" markerHeight="2752"><rect width="2064" height="2752"/></marker>"# + "\n<polyline points=\"\(points)\" fill=\"none\" marker-mid=\"url(#m)\"/>")
        XCTAssertEqual(markers.count, 1)
        XCTAssertTrue(markers[0].hasPrefix("error: t.svg:2:"), markers[0])
        XCTAssertTrue(markers[0].contains("too costly to render in bounded time"), markers[0])
        // One filtered element in a mask that 20 elements use: 20 filtered drawings.
        let masked = refusals(#"<filter id="f"><feFlood/></filter><mask id="k"><rect width="9" height="9" filter="url(#f)"/></mask>"#
                              + String(repeating: #"<rect width="9" height="9" mask="url(#k)"/>"#, count: 20))
        XCTAssertEqual(masked, ["error: t.svg:2:48: <rect> filter: too many filtered elements to render in bounded time: expected at most 16, found more"])
    }

    func testNestingPastTheLimitIsOneLocatedRefusalNotAPartialFile() throws {
        // libxml2 stops at 256 levels, printed its own line and dropped the rest of the file.
        let deep = String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300)
        XCTAssertEqual(try refusals(template(adding: deep)), [
            ":12:190: (template): elements nested too deep to render in bounded time: expected at most 64 levels, found more",
        ])
        let scratch = try Scratch()
        try scratch.write("designer.svg", template(adding: deep))
        let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "designer.svg"])
        let (code, _, err) = try runTool(["render", job])
        XCTAssertEqual(code, 1)
        XCTAssertFalse(err.contains("Excessive depth"), err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/en-US/shot.png")))
    }

    func testEntitiesAndConditionsThatResolveDifferentlyAreRefused() throws {
        let laughs = template().replacingOccurrences(of: "<svg xmlns", with: "<!DOCTYPE svg [<!ENTITY a \"ha\"><!ENTITY b \"&a;&a;\">]>\n<svg xmlns")
        XCTAssertEqual(try refusals(laughs), [
            ":1:1: <!DOCTYPE>: templates may declare only plain-text internal entities (an external, parameter or nested entity would be resolved differently by librsvg and browsers, or expand without bound): expected none or plain text, found entity b holds markup or references",
        ])
        XCTAssertEqual(try refusals(template(adding: #"<text systemLanguage="de" x="1" y="20">Nur Deutsch</text>"#)), [
            ":12:1: <text> systemLanguage: drawn or not depending on the viewer's language: expected no systemLanguage (compose each locale from its job instead), found systemLanguage=\"de\"",
        ])
    }

    // MARK: What the tree is

    func testTheNormalizedTreeKeepsNoStyleNoClassNoUseAndIsWrittenDeterministically() throws {
        let text = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">
          <style>.a { fill: #ff0000 } rect.a { stroke: blue } #b { fill: rgb(0, 128, 0) !important }</style>
          <defs><rect id="r" class="a" width="10" height="10"/></defs>
          <rect id="b" class="a" style="fill:#000000;stroke-width:2;mix-blend-mode:multiply" width="5" height="5"/>
          <use id="u" xlink:href="#r" x="20" y="30"/>
          <switch><foreignObject requiredExtensions="http://ns.adobe.com/AdobeIllustrator/10.0/"/><g id="art"/></switch>
        </svg>
        """
        var d = DiagnosticCollector()
        let tree = try XCTUnwrap(TemplateTree.read(text: text, file: "t.svg", into: &d))
        XCTAssertEqual(d.diagnostics.map(\.line), [
            "warning: t.svg: (template): left out what design tools write for themselves and what no renderer draws: <switch> branches for other renderers (requiredExtensions) (1); the composed SVG does not hold them",
        ])
        XCTAssertEqual(tree.svgText(), """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
          \("")
          <defs><rect id="r" width="10" height="10" fill="#ff0000" stroke="blue"/></defs>
          <rect id="b" fill="rgb(0, 128, 0)" stroke="blue" stroke-width="2" style="mix-blend-mode:multiply" width="5" height="5"/>
          <g id="u"><rect width="10" height="10" fill="#ff0000" stroke="blue" x="20" y="30"/></g>
          <g><g id="art"/></g>
        </svg>
        """)
        var e = DiagnosticCollector()
        XCTAssertEqual(TemplateTree.read(text: text, file: "t.svg", into: &e)?.svgData(), tree.svgData())
    }
}

/// A PNG signature and header chunk claiming a size, with a token image chunk: what an image's
/// size check reads (its pixels are never decoded).
enum PNGHeaderBytes {
    static func claiming(width: Int, height: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func chunk(_ type: String, _ body: [UInt8]) {
            var length = UInt32(body.count).bigEndian
            data.append(Data(bytes: &length, count: 4))
            let typed = Array(type.utf8) + body
            data.append(contentsOf: typed)
            var crc = crc32(typed).bigEndian
            data.append(Data(bytes: &crc, count: 4))
        }
        func be(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        chunk("IHDR", be(width) + be(height) + [8, 2, 0, 0, 0])
        chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        chunk("IEND", [])
        return data
    }

    /// CRC-32 (ISO 3309) of a test fixture's chunk.
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
