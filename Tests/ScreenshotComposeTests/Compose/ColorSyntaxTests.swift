import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Support
@testable import Ingest
@testable import Raster

/// Colours as designers write them (issue 34 item 5): every CSS Color 3 form librsvg 2.54 reads,
/// resolved as librsvg draws it, in templates and themes; one problem, one line.
final class ColorSyntaxTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// Written form → what it resolves to.
    private let forms: [(String, String)] = [
        ("#fff", "#ffffff"), ("#0F08", "#00ff0088"), ("#3a2e1f", "#3a2e1f"), ("#3A2E1F80", "#3a2e1f80"),
        ("rgb(255, 0, 51)", "#ff0033"), ("rgb(100%, 50%, 0%)", "#ff8000"), ("rgba(10,20,30,0.5)", "#0a141e80"),
        ("rgb(10 20 30 / 50%)", "#0a141e80"), ("rgb(300, -5, 127.6)", "#ff0080"), ("hsl(120, 100%, 25%)", "#008000"),
        ("hsla(210deg, 60%, 40%, 0.25)", "#2966a340"), ("hsl(0.5turn 50% 50%)", "#40bfbf"), ("hsl(-90, 100%, 50%)", "#8000ff"),
        ("RebeccaPurple", "#663399"), ("cornflowerblue", "#6495ed"), ("grey", "#808080"), ("green", "#008000"),
        ("transparent", "#00000000"), (" white ", "#ffffff"),
    ]

    func testEveryFormResolvesToTheColourLibrsvgDraws() throws {
        for (written, expected) in forms {
            XCTAssertEqual(CSSColor.resolved(written), expected, written)
        }
        // librsvg's own drawing of each, on white: the opaque ones exactly, the others composited.
        let width = forms.count
        let rects = forms.enumerated().map { #"<rect x="\#($0.offset)" y="0" width="1" height="1" fill="\#($0.element.0)"/>"# }.joined()
        let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="1">\#(rects)</svg>"#.utf8)
        let image = try LibrsvgRasterizer.drawWhole(svg: svg, baseFile: URL(fileURLWithPath: "/tmp/colors.svg"), width: width, height: 1)
        for (x, (written, _)) in forms.enumerated() {
            let (r, g, b, a) = try XCTUnwrap(CSSColor.rgba(written))
            // cairo RGB24, little-endian: B, G, R, unused.
            let drawn: [Int] = [Int(image.pixels[x * 4 + 2]), Int(image.pixels[x * 4 + 1]), Int(image.pixels[x * 4])]
            let alpha = Int(a)
            let over: [Int] = [r, g, b].map { (Int($0) * alpha + 255 * (255 - alpha) + 127) / 255 }
            for channel in 0..<3 { XCTAssertLessThanOrEqual(abs(drawn[channel] - over[channel]), 1, "\(written): drawn \(drawn), resolved \(over)") }
        }
    }

    func testWhatLibrsvgDoesNotReadIsNoColour() {
        for text in ["#12345", "#ggg", "rgb(1,2)", "rgb(10%, 2, 3)", "rgb (1,2,3)", "rgb(1, 2 3)", "hsl(10, 20, 30)", "blurple", "", "currentColor", "url(#a)", "rgb(1,2,3,4,5)"] {
            XCTAssertNil(CSSColor.resolved(text), text)
        }
        XCTAssertEqual(CSSColor.resolving("currentColor", current: { "navy" }), "#000080")
        XCTAssertNil(CSSColor.resolving("currentcolor", current: { nil }))
    }

    /// A theme's colours in any form: held resolved, and the contrast check judges the resolved
    /// colour (a light grey written as hsl() on white is refused with both colours as drawn).
    func testAThemeTakesCSSColoursAndChecksTheirContrastResolved() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, extra: ["theme": ["background": "white", "headlineColor": "rgb(20 23 31)", "accent": "hsl(220, 84%, 56%)",
                                                                          "frameColor": "rgba(0, 0, 0, 0.5)"]])
        var d = DiagnosticCollector()
        let plan = try XCTUnwrap(ScreenshotComposer().prepare(jobFile: job, options: epoch, into: &d)?.0, lines(d).joined(separator: "\n"))
        XCTAssertEqual(plan.theme.background, .solid("#ffffff"))
        XCTAssertEqual(plan.theme.headlineColor, "#14171f")
        XCTAssertEqual(plan.theme.accent, "#316fed")
        XCTAssertEqual(plan.theme.frameColor, "#00000080")
        let faint = try Fixtures.mobileJob(in: scratch, extra: ["theme": ["background": "white", "headlineColor": "hsl(0, 0%, 93%)"]])
        let problems = lines(ScreenshotComposer().check(jobFile: faint, options: epoch)).filter { $0.hasPrefix("error") }
        XCTAssertEqual(problems, [
            "error: \(faint): theme.headlineColor: headline colour #ededed on background #ffffff has a contrast ratio of 1.17:1: expected at least 3:1 (WCAG 2, large text), found 1.17:1",
        ])
        let bad = try Fixtures.mobileJob(in: scratch, extra: ["theme": ["headlineColor": "rgb(1, 2)"]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: bad, options: epoch)), [
            "error: \(bad): theme.headlineColor: bad colour: expected a CSS colour (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla(), a name or transparent), found \"rgb(1, 2)\"",
        ])
    }

    private func illustratorJob(_ scratch: Scratch, fill: String) throws -> String {
        var text = try String(contentsOf: Fixtures.repository.appendingPathComponent("fixtures/templates/illustrator-export.svg"), encoding: .utf8)
        text = text.replacingOccurrences(of: "fill: #3a2e1f;", with: "fill: \(fill);")
        try scratch.write("template.svg", Data(text.utf8))
        try scratch.write("book.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("rust-book-mobile.png")))
        return try scratch.writeJob([
            "schemaVersion": 1, "output": "out", "template": "template.svg",
            "captures": [["id": "book", "path": "book.png", "well": "tuck-browser-mobile"]],
            "headlines": ["en-US": ["book": "Read it anywhere"], "de-DE": ["book": "Überall lesen"]],
        ])
    }

    /// Illustrator's `.cls-2 { fill: … }` in hsl() is the headline's colour, in its pixels.
    func testATemplateHeadlineFillInHSLIsDrawnInThatColour() throws {
        let scratch = try Scratch()
        let job = try illustratorJob(scratch, fill: "hsl(34, 30%, 17%)")
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(errorLines(report), [])
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/book.png"))))
        var ink = 0
        for y in 40..<140 {
            for x in 24..<366 {
                let p = png.pixel(x: x, y: y)
                if (p.r, p.g, p.b) == (0x38, 0x2d, 0x1e) { ink += 1 }
            }
        }
        XCTAssertGreaterThan(ink, 300, "the headline in hsl(34, 30%, 17%) = #382d1e")
    }

    /// A fill that is no colour: one error at its line, no second "no headline slot" for the
    /// slot that is there, and the CLI prints it once for both locales' outputs.
    func testABadTemplateFillIsOneErrorOnce() throws {
        let scratch = try Scratch()
        let job = try illustratorJob(scratch, fill: "#3a2e1")
        let file = scratch.path("template.svg")
        let (code, _, err) = try runTool(["render", job])
        XCTAssertEqual(code, 1)
        XCTAssertEqual(err.split(separator: "\n").map(String.init), [
            "error: \(file):44:5: #headline fill: text style: expected a fill in a colour (#rgb, #rrggbb, #rrggbbaa, rgb(), hsl(), a name; its contrast is checked), found #3a2e1",
            "1 error(s)",
        ])
    }

    /// GitHub attaches an annotation to a pull request's line by the path from the workspace:
    /// inside it the path is relative, a relative file is taken from the current folder, a file
    /// outside it stays as it is.
    func testAnnotationPathsAreRelativeToTheWorkspace() {
        let current = FileManager.default.currentDirectoryPath
        func annotation(_ file: String, _ workspace: String) -> String {
            Diagnostic(.error, file: file, field: "f", message: "m").githubAnnotation(workspace: workspace)
        }
        XCTAssertEqual(annotation("/ws/app/headlines.xcstrings", "/ws"), "::error file=app/headlines.xcstrings,title=f::m")
        XCTAssertEqual(annotation("/ws/app/../job.json", "/ws/"), "::error file=job.json,title=f::m")
        XCTAssertEqual(annotation("/elsewhere/job.json", "/ws"), "::error file=/elsewhere/job.json,title=f::m")
        XCTAssertEqual(annotation("builtin:classic", "/ws"), "::error file=builtin%3Aclassic,title=f::m")
        XCTAssertEqual(annotation("a/job.json", (current as NSString).deletingLastPathComponent), "::error file=\((current as NSString).lastPathComponent)/a/job.json,title=f::m")
    }

    /// The CLI's lines: a problem met by several outputs is one line, counted once.
    func testTheSameLineIsWrittenOnce() {
        var written: [String] = []
        var sink = DiagnosticLines(annotate: true, workspace: "/ws") { written.append($0) }
        let one = Diagnostic(.error, file: "/ws/t.svg", field: "#headline", message: "m", subject: DiagnosticSubject(locale: "en-US", captureId: "a"))
        var other = one
        other.subject = DiagnosticSubject(locale: "de-DE", captureId: "a")
        sink.receive(contentsOf: [one, other, Diagnostic(.warning, file: "/ws/t.svg", field: "#headline", message: "m")])
        XCTAssertEqual(written, ["error: /ws/t.svg: #headline: m", "::error file=t.svg,title=#headline::m",
                                 "warning: /ws/t.svg: #headline: m", "::warning file=t.svg,title=#headline::m"])
        XCTAssertEqual(sink.errorCount, 1)
    }
}
