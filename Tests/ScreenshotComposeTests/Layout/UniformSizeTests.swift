import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Ingest
@testable import Plan
@testable import Layout

/// `"headlineSize": "uniform"` never leaves a headline at a larger size without saying so.
final class UniformSizeTests: XCTestCase {
    /// Pango, except that "Short" has no glyphs below 23 px (as a font with a size-limited
    /// character set would).
    final class SizeLimitedFont: Typesetting {
        let pango = PangoTypesetter()
        func measure(_ text: StyledText, style: TextStyle) -> TextMeasurement {
            var m = pango.measure(text, style: style)
            if text.text.contains("Short") && style.size < 23 { m.unknownCharacters = ["S"] }
            return m
        }
        func wrap(_ paragraph: StyledText, style: TextStyle, width: Double) -> [StyledText] { pango.wrap(paragraph, style: style, width: width) }
        func colorEmoji(_ line: StyledText, style: TextStyle, height: Double, baseline: Double) -> Result<[EmojiImage], EmojiRefusal> {
            pango.colorEmoji(line, style: style, height: height, baseline: baseline)
        }
        func registerFontFiles(_ paths: [String]) throws { try pango.registerFontFiles(paths) }
        func hasFamily(_ family: String) -> Bool { pango.hasFamily(family) }
        var engineVersion: String { pango.engineVersion }
    }

    func testAHeadlineThatCannotBeSetAtTheUniformSizeIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("a.png", try Fixtures.png(width: 390, height: 844))
        try scratch.write("b.png", try Fixtures.png(width: 390, height: 844))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "headlineSize": "uniform",
                                        "captures": [["id": "a", "path": "a.png", "well": "tuck-browser-mobile"],
                                                     ["id": "b", "path": "b.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["a": "Short", "b": "A much longer headline that has to shrink to fit its two lines"]]])
        let report = ScreenshotComposer(typesetter: SizeLimitedFont()).check(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))
        let errors = report.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, errorLines(report).joined(separator: "\n"))
        XCTAssertTrue(errors.first?.lineWithoutPosition.hasPrefix("error: \(job): headlines.en-US.a: \"headlineSize\": \"uniform\" sets every en-US headline on the 390×844 canvas (tuck-browser-mobile) at ") == true, errors.first?.line ?? "")
        XCTAssertTrue(errors.first?.message.contains("no installed or registered font has a glyph for U+0053") == true, errors.first?.message ?? "")
        XCTAssertEqual(errors.first?.subject?.captureId, "a")
    }

    /// A new user's release: with a long German headline setting the uniform size, "Jede
    /// Wanderung gespeichert" fitted on one line whose last letter's ink overhung the 1782.55 px
    /// band by 0.59 px, and was refused though it could wrap. At the floor size the lines
    /// break earlier instead; the headline is set at the uniform size on two lines.
    func testAHeadlineWhoseInkOverhangsAtTheUniformSizeWrapsInstead() throws {
        let scratch = try Scratch()
        try scratch.write("trailmate.svg", """
        <svg xmlns="http://www.w3.org/2000/svg" width="1320" height="2868" viewBox="0 0 1320 2868">
          <rect id="background" width="1320" height="2868" fill="#1b3a2a"/>
          <g id="headline">
            <rect x="90" y="110" width="1140" height="330" fill="none"/>
            <text x="660" y="300" font-family="Noto Sans" font-size="104" font-weight="800" fill="#ffffff" text-anchor="middle">Sample headline</text>
          </g>
          <rect id="capture" x="160" y="500" width="1000" height="2140" rx="60" fill="#cccccc" data-frame="device"/>
        </svg>
        """)
        try scratch.write("map.png", try Fixtures.png(width: 2064, height: 2752))
        try scratch.write("trips.png", try Fixtures.png(width: 2064, height: 2752, red: 90))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "template": "trailmate.svg", "headlineMaxLines": 3,
                                        "captures": [["id": "map", "path": "map.png", "well": "ios-simulator-2064x2752"],
                                                     ["id": "trips", "path": "trips.png", "well": "ios-simulator-2064x2752"]],
                                        "headlines": ["de-DE": ["map": "Finde deinen nächsten Wanderweg unter Tausenden Bergtouren",
                                                                "trips": "Jede Wanderung gespeichert"]]])
        let report = ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))
        XCTAssertEqual(errorLines(report), [])
        let svg = try String(contentsOfFile: scratch.path("out/de-DE/trips.svg"), encoding: .utf8)
        let map = try String(contentsOfFile: scratch.path("out/de-DE/map.svg"), encoding: .utf8)
        func sizes(_ svg: String) -> Set<String> {
            Set(svg.components(separatedBy: "font-size=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
        }
        // Both headlines at the one uniform size; the short one on two lines.
        let headlineSize = sizes(map).intersection(sizes(svg))
        XCTAssertEqual(headlineSize.count, 1, "\(sizes(map)) \(sizes(svg))")
        XCTAssertTrue(svg.contains(">Jede Wanderung<") && svg.contains(">gespeichert<"), svg)
    }
}
