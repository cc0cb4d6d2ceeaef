import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Publish

/// A designer's template marked only with slot ids (no placeholders): the capture goes into
/// its rect, the headline into its box, frame art drawn after the capture covers it.
final class SlotTemplateTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    static let designerTemplate = """
    <svg xmlns="http://www.w3.org/2000/svg" width="390" height="844" viewBox="0 0 390 844">
      <rect id="background" width="390" height="844" fill="#203040"/>
      <g id="headline">
        <rect x="30" y="40" width="330" height="110" fill="none"/>
        <text x="195" y="100" style="font-family:DejaVu Sans;font-size:34px;font-weight:700" fill="#ffffff" text-anchor="middle">Sample headline</text>
      </g>
      <rect id="capture" x="45" y="180" width="300" height="649" rx="24" fill="#cccccc"/>
      <g id="frame-art">
        <path d="M 37 172 H 353 V 837 H 37 Z M 45 180 V 829 H 345 V 180 Z" fill-rule="evenodd" fill="#e0e0e0"/>
        <rect x="155" y="190" width="80" height="22" rx="11" fill="#0a0a0a"/>
      </g>
    </svg>
    """

    private func render(template: String, headline: String = "Read it anywhere", extra: [String: Any] = [:]) throws -> (Scratch, RunReport) {
        let scratch = try Scratch()
        try scratch.write("designer.svg", template)
        var fields = extra
        fields["template"] = "designer.svg"
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": headline]], extra: fields)
        return (scratch, ScreenshotComposer().render(jobFile: job, options: epoch))
    }

    func testDesignerTemplateGetsTheCaptureTheHeadlineInItsBoxAndFrameArtOverTheCapture() throws {
        let (scratch, report) = try render(template: Self.designerTemplate)
        XCTAssertEqual(lines(report), [])
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png"))))
        XCTAssertEqual([png.header.width, png.header.height], [390, 844])
        func rgb(_ x: Int, _ y: Int) -> [UInt8] { let p = png.pixel(x: x, y: y); return [p.r, p.g, p.b] }
        // The capture fills its slot: 300 / 390 of the capture's pixels; the generated capture
        // has R = 200, G = 3y, B = 7x (mod 256) at capture pixel (x, y).
        let scale = 300.0 / 390.0
        for (x, y) in [(195, 500), (100, 400), (300, 700)] {
            let cx = Int((Double(x - 45) + 0.5) / scale), cy = Int((Double(y - 180) + 0.5) / scale)
            let p = rgb(x, y)
            XCTAssertEqual(Int(p[0]), 200, accuracy: 2, "capture at \(x),\(y)")
            XCTAssertEqual(Int(p[1]), (cy * 3) & 0xFF, accuracy: 6, "capture at \(x),\(y)")
            XCTAssertEqual(Int(p[2]), (cx * 7) & 0xFF, accuracy: 14, "capture at \(x),\(y)")
        }
        // Frame art after the capture draws over it: the camera island and the bezel.
        XCTAssertEqual(rgb(195, 200), [0x0a, 0x0a, 0x0a])
        XCTAssertEqual(rgb(41, 500), [0xe0, 0xe0, 0xe0])
        // Rounded corners: the slot's rx clips the capture (the mock-up grey never shows).
        XCTAssertEqual(rgb(46, 181), [0x20, 0x30, 0x40])
        // The headline's ink lies inside its box (30…360 × 40…150) and nowhere else above the capture.
        var inkInside = 0, inkOutside = 0
        for y in 0..<172 {
            for x in 0..<390 where rgb(x, y)[0] > 0x80 {
                if (30..<360).contains(x) && (40..<150).contains(y) { inkInside += 1 } else { inkOutside += 1 }
            }
        }
        XCTAssertGreaterThan(inkInside, 500)
        XCTAssertEqual(inkOutside, 0)

        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")), encoding: .utf8)
        XCTAssertTrue(svg.contains(#"data-not-capture-evidence="true""#), svg)
        XCTAssertTrue(svg.contains(#"xml:lang="en-US""#), svg)
        XCTAssertTrue(svg.contains("<title>Read it anywhere</title><desc>Composed marketing asset, not capture evidence"), svg)
        XCTAssertTrue(svg.contains(#"<image clip-path="url(#capture-clip)" height="649" href="captures/shot.png" id="capture" preserveAspectRatio="none" width="299" x="46" y="180"/>"#), svg)
        XCTAssertTrue(svg.contains(##"<text fill="#ffffff" text-anchor="middle" font-family="DejaVu Sans, Noto Sans"##), svg)
        XCTAssertFalse(svg.contains("Sample headline"))
        XCTAssertFalse(svg.contains("#cccccc"))
    }

    func testTheSameInputsGiveTheSameBytes() throws {
        let (a, first) = try render(template: Self.designerTemplate)
        let (b, second) = try render(template: Self.designerTemplate)
        XCTAssertEqual(lines(first) + lines(second), [])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a.path("out/en-US/shot.svg"))),
                       try Data(contentsOf: URL(fileURLWithPath: b.path("out/en-US/shot.svg"))))
        XCTAssertEqual(first.manifest?.outputs.first?.png?.sha256, second.manifest?.outputs.first?.png?.sha256)
    }

    func testAHeadlineThatCannotFitItsBoxIsRefusedNamingTheBox() throws {
        let (scratch, report) = try render(template: Self.designerTemplate,
                                           headline: "Everything you need to read the whole book anywhere you go, offline and in every language")
        let errors = errorLines(report)
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors[0].hasPrefix("error: \(scratch.path("job.json")): headlines.en-US.shot: headline does not fit its box #headline (330×110 at 30,40) in \(scratch.path("designer.svg")) on the 390×844 canvas (tuck-browser-mobile), refused rather than clipped: overflows by"), errors[0])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/en-US/shot.png")))
    }

    func testSlotProblemsAreRefusedNamingTheTemplateAndTheElement() throws {
        let broken = Self.designerTemplate
            .replacingOccurrences(of: #"<rect id="capture" x="45""#, with: #"<image id="capture" x="45""#)
            .replacingOccurrences(of: #"<g id="frame-art">"#, with: #"<g id="headline" transform="translate(1 2)" onload="alert(1)">"#)
        let (scratch, report) = try render(template: broken)
        let file = scratch.path("designer.svg")
        XCTAssertEqual(errorLines(report), [
            "error: \(file): #headline onload: event attribute in a template: expected none, found onload=",
            "error: \(file): #headline: duplicate id: expected each id once, found <g> and <g> with id=\"headline\"",
            // One problem, one error: the slot refused for its element is there (no "no capture slot").
            "error: \(file): #capture: capture slot: expected a <rect id=\"capture\">, found <image>",
        ])
        let script = Self.designerTemplate.replacingOccurrences(of: "</svg>", with: "<script>alert(1)</script></svg>")
        let (_, scripted) = try render(template: script)
        XCTAssertEqual(errorLines(scripted).map { $0.components(separatedBy: ": ").dropFirst(3).joined(separator: ": ") },
                       ["active content in a template: expected artwork only, found <script>"])
    }

    /// Refusals naming an element carry its line and column (libxml2's, FoundationXML keeps
    /// none): the stderr line reads `file:line:column:` like a compiler's. The column counts
    /// characters (the ü before <script> is two bytes); a duplicate id points at its second use.
    func testTemplateRefusalsNameTheLineAndColumnOfTheElement() throws {
        var templateLines = Self.designerTemplate.components(separatedBy: "\n")
        templateLines.insert("  <!-- ü --><script>alert(1)</script>", at: 6)
        templateLines[10] = templateLines[10].replacingOccurrences(of: "<rect x=", with: #"<rect id="background" x="#)
        let scratch = try Scratch()
        try scratch.write("designer.svg", templateLines.joined(separator: "\n"))
        let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "designer.svg"])
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        let file = scratch.path("designer.svg")
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .error }.map(\.line), [
            "error: \(file):7:13: <script>: active content in a template: expected artwork only, found <script>",
            "error: \(file):11:5: #background: duplicate id: expected each id once, found <rect> and <rect> with id=\"background\"",
        ])
        XCTAssertEqual(report.diagnostics.first?.position, JSONPosition(line: 7, column: 13))
        let (code, _, err) = try runTool(["render", job])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(err.contains("designer.svg:7:13: <script>: active content in a template: expected artwork only, found <script>\n"), err)
        XCTAssertTrue(err.contains("designer.svg:11:5: #background: duplicate id: "), err)

        // A slot of the wrong kind, and a slot its group's transform moves off the canvas, on
        // their own lines. (Transforms are applied, issue 24: a slot is where it lands.)
        let wrongKind = Self.designerTemplate
            .replacingOccurrences(of: #"<rect id="capture" x="45""#, with: #"<image id="capture" x="45""#)
            .replacingOccurrences(of: #"<g id="headline">"#, with: #"<g id="headline" transform="scale(2)">"#)
        try scratch.write("designer.svg", wrongKind)
        let refused = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(refused.diagnostics.filter { $0.severity == .error }.map(\.line).filter { $0.contains(":4:") || $0.contains(":7:") }, [
            "error: \(file):4:5: #headline: slot outside the canvas: expected its box inside the 390×844 canvas, found 660×220 at 60,80 (after the transforms and viewports around it)",
            "error: \(file):7:3: #capture: capture slot: expected a <rect id=\"capture\">, found <image>",
        ])
    }

    /// A template drawn at another size of the canvas's orientation is fitted by the rule
    /// (README, "Templates drawn once, fitted to every slot"): drawn at twice the size, it
    /// composes the same picture as drawn at the canvas's; one of the other orientation is
    /// refused naming both sizes.
    func testATemplateOfAnotherSizeIsFittedAndOneOfAnotherOrientationRefused() throws {
        let doubled = """
        <svg xmlns="http://www.w3.org/2000/svg" width="780" height="1688" viewBox="0 0 780 1688">
          <rect id="background" width="780" height="1688" fill="#203040"/>
          <g id="headline">
            <rect x="60" y="80" width="660" height="220" fill="none"/>
            <text x="390" y="200" style="font-family:DejaVu Sans;font-size:68px;font-weight:700" fill="#ffffff" text-anchor="middle">Sample headline</text>
          </g>
          <rect id="capture" x="90" y="360" width="600" height="1298" rx="48" fill="#cccccc"/>
          <g id="frame-art">
            <path d="M 74 344 H 706 V 1674 H 74 Z M 90 360 V 1658 H 690 V 360 Z" fill-rule="evenodd" fill="#e0e0e0"/>
            <rect x="310" y="380" width="160" height="44" rx="22" fill="#0a0a0a"/>
          </g>
        </svg>
        """
        let (asDrawn, drawnReport) = try render(template: Self.designerTemplate)
        let (fitted, fittedReport) = try render(template: doubled)
        XCTAssertEqual(lines(drawnReport), [])
        XCTAssertEqual(lines(fittedReport), [])
        let a = try PNGCodec.decodeRGBA(Data(contentsOf: URL(fileURLWithPath: asDrawn.path("out/en-US/shot.png"))))
        let b = try PNGCodec.decodeRGBA(Data(contentsOf: URL(fileURLWithPath: fitted.path("out/en-US/shot.png"))))
        XCTAssertEqual([b.header.width, b.header.height], [390, 844])
        var worst = 0
        for y in stride(from: 0, to: 844, by: 2) {
            for x in stride(from: 0, to: 390, by: 2) {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "the fitted template draws what the template drawn at the canvas's size draws")
        let svg = try String(contentsOf: URL(fileURLWithPath: fitted.path("out/en-US/shot.svg")), encoding: .utf8)
        XCTAssertTrue(svg.contains(#"width="390" height="844" viewBox="0 0 390 844""#), svg)

        let landscape = """
        <svg xmlns="http://www.w3.org/2000/svg" width="844" height="390" viewBox="0 0 844 390">
          <rect id="background" width="844" height="390" fill="#203040"/>
          <g id="headline"><rect x="30" y="20" width="784" height="60" fill="none"/><text font-family="DejaVu Sans" font-size="30" fill="#ffffff">S</text></g>
          <rect id="capture" x="300" y="100" width="130" height="281"/>
        </svg>
        """
        let (scratch, report) = try render(template: landscape)
        XCTAssertEqual(errorLines(report), [
            "error: \(scratch.path("designer.svg")): <svg> width, height: the template is drawn for landscape canvases (844×390) and is fitted to canvases of its orientation only: expected a portrait template for the 390×844 canvas (tuck-browser-mobile) (name one per device family or target in \"template\"), found 844×390 of capture shot",
        ])
    }

    func testACaptureTheSlotWouldEnlargeIsRefusedWithBothWidths() throws {
        // The full-canvas slot drawn before the headline (drawn after it, the capture would hide
        // the headline), with a band under the headline: the render checks the headline on the
        // canvas it drew, real capture behind (HeadlineVisibility), and white text on the light
        // capture would not show.
        let big = Self.designerTemplate.replacingOccurrences(of: ##"<rect id="capture" x="45" y="180" width="300" height="649" rx="24" fill="#cccccc"/>"##, with: "")
            .replacingOccurrences(of: #"<g id="headline">"#, with: ##"<rect id="capture" x="0" y="0" width="390" height="844" rx="24" fill="#cccccc"/><rect x="0" y="30" width="390" height="130" fill="#203040"/><g id="headline">"##)
        // Same size: allowed (not enlarged).
        XCTAssertEqual(errorLines(try render(template: big).1), [])
        // On the 6.9 in store slot the template is fitted to 1320 px: its slot would draw the
        // 390 px capture at 1015 px.
        let (scratch, report) = try render(template: Self.designerTemplate, extra: ["captures": [["id": "shot", "path": "captures/shot.png", "well": "tuck-browser-mobile",
                                                                                                  "storeWell": "app-store-iphone-6.9-portrait-1320x2868"]]])
        XCTAssertEqual(errorLines(report), [
            "error: \(scratch.path("job.json")): captures[0]: capture shot would be enlarged in slot #capture of \(scratch.path("designer.svg")): expected a capture at least 1015 px wide (the width the slot draws it at), found 390 px",
        ])
    }

    func testABadgeSlotShowsTheJobsBadgeTextOnItsPill() throws {
        let template = Self.designerTemplate.replacingOccurrences(of: #"<rect id="capture""#, with: """
        <g id="badge"><rect x="145" y="150" width="100" height="26" rx="13" fill="#c0392b"/><text x="195" y="168" font-family="DejaVu Sans" font-size="16" font-weight="700" fill="#ffffff" text-anchor="middle">New</text></g>
          <rect id="capture"
        """)
        let (scratch, report) = try render(template: template, extra: ["badges": ["en-US": ["shot": "Neu"]]])
        XCTAssertEqual(lines(report), [])
        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")), encoding: .utf8)
        XCTAssertTrue(svg.contains(#">Neu</tspan>"#), svg)
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png"))))
        var white = 0
        for y in 150..<176 { for x in 145..<245 { let p = png.pixel(x: x, y: y); if p.r > 0xe0 && p.g > 0xe0 { white += 1 } } }
        XCTAssertGreaterThan(white, 30, "the badge text is drawn on its pill")
        XCTAssertEqual([png.pixel(x: 150, y: 163).r, png.pixel(x: 150, y: 163).g], [0xc0, 0x39])
        // Without badge text the slot is left out.
        let (plain, second) = try render(template: template)
        XCTAssertEqual(lines(second), [])
        let bare = try String(contentsOf: URL(fileURLWithPath: plain.path("out/en-US/shot.svg")), encoding: .utf8)
        XCTAssertFalse(bare.contains(#"id="badge""#))
    }

}
