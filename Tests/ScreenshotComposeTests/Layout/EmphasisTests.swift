import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Plan
@testable import Layout

/// `"emphasis": "asterisks"`: `*word*` in the theme's accent colour and weight.
final class EmphasisTests: XCTestCase {
    func testMarkupParses() throws {
        let styled = try EmphasisMarkup.parse("Plan your *whole* week \\*").get()
        XCTAssertEqual(styled.text, "Plan your whole week *")
        XCTAssertEqual(styled.emphasizedRanges, [10..<15])
        XCTAssertEqual(EmphasisMarkup.parse("Plan *whole week"), .failure(EmphasisMarkup.Unclosed(position: 6)))
    }

    /// Pixels of the accent colour (#2f6fed: blue well above red) above the frame.
    private func accentPixels(_ r: HyphenationTests.Rendered) throws -> Int {
        let png = try XCTUnwrap(r.png)
        var count = 0
        for y in 0..<(png.header.height / 8) {
            for x in 0..<png.header.width {
                let p = png.pixel(x: x, y: y)
                if Int(p.b) - Int(p.r) > 120 && p.b > 0xC0 { count += 1 }
            }
        }
        return count
    }

    func testEmphasisedWordIsDrawnInTheAccentAndTitleKeepsPlainText() throws {
        let r = try HyphenationTests.render("Plan your *whole* week", locale: "en-US", extra: ["emphasis": "asterisks"], png: true)
        XCTAssertEqual(r.diagnostics, [])
        XCTAssertEqual(r.lines, ["Plan your whole week"])
        XCTAssertTrue(r.svg.contains(##">Plan your <tspan fill="#2f6fed" font-weight="800">whole</tspan> week</tspan>"##), r.svg)
        XCTAssertTrue(r.svg.contains("<title>Plan your whole week</title>"), r.svg)
        XCTAssertGreaterThan(try accentPixels(r), 40)
        // Without the option the asterisks are text, and nothing is blue.
        let plain = try HyphenationTests.render("Plan your *whole* week", locale: "en-US", png: true)
        XCTAssertEqual(plain.lines, ["Plan your *whole* week"])
        XCTAssertEqual(try accentPixels(plain), 0)
    }

    func testEmphasisIsMeasuredInItsWeightAndThemeAccentApplies() throws {
        let typesetter = PangoTypesetter()
        let style = TextStyle(fontFamily: "Noto Sans", weight: 400, size: 40, language: "en")
        let plain = typesetter.measure("whole week", style: style).width
        let emphasised = typesetter.measure(try EmphasisMarkup.parse("*whole* week").get(), style: style).width
        XCTAssertGreaterThan(emphasised, plain + 3)
        let r = try HyphenationTests.render("*Alles* im Blick", locale: "de-DE",
                                            extra: ["emphasis": "asterisks", "theme": ["accent": "#ff0000", "accentWeight": 900]])
        XCTAssertTrue(r.svg.contains(##"<tspan fill="#ff0000" font-weight="900">Alles</tspan> im Blick"##), r.svg)
    }

    func testUnclosedAsteriskIsRefusedNamingThePosition() throws {
        let r = try HyphenationTests.render("Plan your *whole week", locale: "en-US", extra: ["emphasis": "asterisks"])
        XCTAssertEqual(r.diagnostics, [
            "error: job.json: headlines.en-US.shot: emphasis markup: the asterisk at character 11 is never closed: expected *word* (or \\* for a literal asterisk), found an asterisk without its pair",
        ])
    }
}

/// `"emoji": "color"`: emoji drawn from Noto Color Emoji into PNG `<image>`s.
final class ColorEmojiTests: XCTestCase {
    func testColorEmojiAreDrawnInColourWhereTheGlyphGoes() throws {
        let r = try HyphenationTests.render("Ship it 🚀 today", locale: "en-US", extra: ["emoji": "color"], png: true)
        XCTAssertEqual(r.diagnostics, [])
        XCTAssertEqual(r.lines, ["Ship it 🚀 today"])
        XCTAssertTrue(r.svg.contains(##"Ship it <tspan fill-opacity="0">🚀</tspan> today</tspan>"##), r.svg)
        let fonts = try XCTUnwrap(r.manifest?.outputs.first?.fonts)
        XCTAssertTrue(fonts.contains { $0.path.hasSuffix("NotoColorEmoji.ttf") }, "\(fonts)")
        // The image's box, read from the SVG, holds saturated colour (the rocket's red and
        // blue) that a monochrome glyph in the headline colour cannot have.
        let tag = try XCTUnwrap(r.svg.range(of: "<image x=\"").map { r.svg[$0.lowerBound...] }?.prefix { $0 != ">" })
        func number(_ name: String) throws -> Int {
            let start = try XCTUnwrap(tag.range(of: " \(name)=\"")).upperBound
            return Int(Double(tag[start...].prefix { $0 != "\"" }) ?? -1)
        }
        XCTAssertTrue(tag.contains("href=\"data:image/png;base64,"))
        let (x, y, w, h) = (try number("x"), try number("y"), try number("width"), try number("height"))
        XCTAssertGreaterThan(w, 15)
        XCTAssertGreaterThan(saturated(try XCTUnwrap(r.png), x: x, y: y, width: w, height: h), w * h / 10, "no colour in the emoji's box")
        // Monochrome: the same headline has no saturated pixel in that box.
        let mono = try HyphenationTests.render("Ship it 🚀 today", locale: "en-US", extra: ["emoji": "monochrome"], png: true)
        XCTAssertEqual(saturated(try XCTUnwrap(mono.png), x: x, y: y, width: w, height: h), 0)
    }

    /// Each emoji `<image>` of the SVG: its box and its decoded PNG.
    private func emojiImages(_ svg: String) throws -> [(x: Int, y: Int, width: Double, height: Double, png: DecodedPNG)] {
        var result: [(x: Int, y: Int, width: Double, height: Double, png: DecodedPNG)] = []
        var rest = svg[...]
        while let start = rest.range(of: "<image x=\"") {
            let tag = rest[start.lowerBound...].prefix { $0 != ">" }
            func value(_ name: String) throws -> String {
                let from = try XCTUnwrap(tag.range(of: " \(name)=\"")).upperBound
                return String(tag[from...].prefix { $0 != "\"" })
            }
            let data = try XCTUnwrap(Data(base64Encoded: String(try value("href").dropFirst("data:image/png;base64,".count))))
            result.append((Int(Double(try value("x")) ?? -1), Int(Double(try value("y")) ?? -1),
                           Double(try value("width")) ?? -1, Double(try value("height")) ?? -1, try PNGCodec.decodeRGBA(data)))
            rest = rest[start.upperBound...]
        }
        return result
    }

    /// The emoji PNG has twice the pixels of its box in the SVG (sharp at 2× zoom), on a
    /// small and a large canvas.
    func testEmojiImagesAreDrawnAtTwiceTheirBox() throws {
        for well in HyphenationTests.wells {
            let r = try HyphenationTests.render("Ship it 🚀 today", locale: "en-US", well: well, extra: ["emoji": "color"])
            let images = try emojiImages(r.svg)
            XCTAssertEqual(images.count, 1)
            for image in images {
                XCTAssertEqual([image.png.header.width, image.png.header.height], [Int(image.width) * 2, Int(image.height) * 2])
                XCTAssertGreaterThan(image.width, well.width == 390 ? 15 : 50)
            }
        }
    }

    /// A subtitle's emoji is drawn in colour too, below the headline's.
    func testSubtitleColorEmojiAreDrawnInColour() throws {
        let r = try HyphenationTests.render("Ship it 🚀 today", locale: "en-US",
                                            extra: ["emoji": "color", "subtitles": ["en-US": ["shot": "Launch day 🎉 for everyone"]]], png: true)
        XCTAssertEqual(r.diagnostics, [])
        XCTAssertTrue(r.svg.contains(##"Launch day <tspan fill-opacity="0">🎉</tspan> for everyone</tspan>"##), r.svg)
        let images = try emojiImages(r.svg)
        XCTAssertEqual(images.count, 2)
        let headline = images[0], subtitle = images[1]
        XCTAssertGreaterThan(subtitle.y, headline.y + Int(headline.height) - 1)
        XCTAssertLessThan(subtitle.height, headline.height)
        let png = try XCTUnwrap(r.png)
        XCTAssertGreaterThan(saturated(png, x: subtitle.x, y: subtitle.y, width: Int(subtitle.width), height: Int(subtitle.height)),
                             Int(subtitle.width * subtitle.height) / 10, "no colour in the subtitle emoji's box")
        let mono = try HyphenationTests.render("Ship it 🚀 today", locale: "en-US",
                                               extra: ["emoji": "monochrome", "subtitles": ["en-US": ["shot": "Launch day 🎉 for everyone"]]], png: true)
        XCTAssertEqual(saturated(try XCTUnwrap(mono.png), x: subtitle.x, y: subtitle.y, width: Int(subtitle.width), height: Int(subtitle.height)), 0)
    }

    /// Pixels of a box whose channels differ by more than 100 (colour, not grey).
    private func saturated(_ png: DecodedPNG, x: Int, y: Int, width: Int, height: Int) -> Int {
        var count = 0
        for py in y..<(y + height) {
            for px in x..<(x + width) {
                let p = png.pixel(x: px, y: py)
                if max(p.r, p.g, p.b) - min(p.r, p.g, p.b) > 100 { count += 1 }
            }
        }
        return count
    }
}
