import Foundation
import XCTest
@testable import ScreenshotCompose

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
        XCTAssertTrue(errors.first?.lineWithoutPosition.hasPrefix("error: \(job): headlines.en-US.a: \"headlineSize\": \"uniform\" sets every en-US headline on the tuck-browser-mobile canvas at ") == true, errors.first?.line ?? "")
        XCTAssertTrue(errors.first?.message.contains("no installed or registered font has a glyph for U+0053") == true, errors.first?.message ?? "")
        XCTAssertEqual(errors.first?.subject?.captureId, "a")
    }
}
