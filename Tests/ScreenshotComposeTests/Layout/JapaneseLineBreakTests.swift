import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Layout

/// Katakana loanwords stay whole on Japanese lines (ICU's dictionary splits those it knows the
/// parts of: ワン|タップ, スクリーン|ショット); a middle dot may end a line; a run wider than the
/// band shrinks the headline, and one that cannot fit at the floor size is refused.
final class JapaneseLineBreakTests: XCTestCase {
    private let typesetter = PangoTypesetter()
    /// Noto Sans CJK's ideographs and kana are one em wide: 23 px each at 23 px.
    private let ja = TextStyle(fontFamily: "Noto Sans CJK JP", weight: 700, size: 23, language: "ja-JP")

    /// The text between the breaks `breaks` gives, in order.
    private func pieces(_ text: String, _ breaks: [Int]) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let cuts = [0] + breaks + [scalars.count]
        return zip(cuts, cuts.dropFirst()).map { String(String.UnicodeScalarView(scalars[$0..<$1])) }
    }

    /// Lines of `text` wrapped to `characters` full-width characters (plus half a pixel).
    private func lines(_ text: String, characters: Int) -> [String] {
        typesetter.wrap(StyledText(text), style: ja, width: Double(23 * characters) + 0.5).map(\.text)
    }

    func testICUSplitsTheLoanwordsButNoLineBreaksInsideThem() throws {
        let text = "アルバムをワンタップで共有できます"
        // ICU's dictionary gives ワン|タップ, and strict line breaking allows a break there too:
        // before the katakana rule, this was a break (the reported アルバムをワン | タップで…).
        XCTAssertEqual(pieces(text, Array(try XCTUnwrap(DictionaryWordBreaks.boundaries(text, locale: "ja-JP")).dropFirst().dropLast())),
                       ["アルバム", "を", "ワン", "タップ", "で", "共有", "でき", "ます"])
        XCTAssertEqual(pieces(text, DictionaryWordBreaks.allowedBreaks(text, locale: "ja-JP")), ["アルバムを", "ワンタップで", "共有できます"])
        let screenshot = "スクリーンショットをダウンロード"
        XCTAssertEqual(pieces(screenshot, Array(try XCTUnwrap(DictionaryWordBreaks.boundaries(screenshot, locale: "ja")).dropFirst().dropLast())),
                       ["スクリーン", "ショット", "を", "ダウンロード"])
        XCTAssertEqual(pieces(screenshot, DictionaryWordBreaks.allowedBreaks(screenshot, locale: "ja")), ["スクリーンショットを", "ダウンロード"])
        // A middle dot separates a compound's words: a line may end after it, never start with it.
        let dotted = "スクリーン・ショットとワンタップ・ダウンロード"
        XCTAssertEqual(pieces(dotted, DictionaryWordBreaks.allowedBreaks(dotted, locale: "ja")), ["スクリーン・", "ショットと", "ワンタップ・", "ダウンロード"])
        // Halfwidth katakana (ﾜﾝﾀｯﾌﾟ, with its halfwidth sound mark) is a run too.
        XCTAssertFalse(DictionaryWordBreaks.allowedBreaks("ｱﾙﾊﾞﾑをﾜﾝﾀｯﾌﾟで共有", locale: "ja").contains { (7...11).contains($0) })
    }

    func testLoanwordsStayWholeAtSeveralWidths() {
        let expected: [(String, [Int: [String]])] = [
            ("アルバムをワンタップで共有できます", [
                6: ["アルバムを", "ワンタップで", "共有できます"],
                10: ["アルバムを", "ワンタップで", "共有できます"],
                12: ["アルバムをワンタップで", "共有できます"],
            ]),
            ("最新のアップデートをダウンロードしよう", [
                6: ["最新の", "アップデートを", "ダウンロードしよう"],
                10: ["最新のアップデートを", "ダウンロードしよう"],
                12: ["最新のアップデートを", "ダウンロードしよう"],
            ]),
            ("スクリーンショットをワンタップで保存", [
                6: ["スクリーンショットを", "ワンタップで", "保存"],
                8: ["スクリーンショットを", "ワンタップで保存"],
                12: ["スクリーンショットを", "ワンタップで保存"],
            ]),
            ("写真も動画もまとめてダウンロード", [
                6: ["写真も動画も", "まとめて", "ダウンロード"],
                10: ["写真も動画もまとめて", "ダウンロード"],
            ]),
            ("スクリーン・ショットを保存", [
                8: ["スクリーン・", "ショットを保存"],
                12: ["スクリーン・ショットを", "保存"],
                14: ["スクリーン・ショットを保存"],
            ]),
        ]
        for (text, byWidth) in expected {
            for (characters, want) in byWidth.sorted(by: { $0.key < $1.key }) {
                XCTAssertEqual(lines(text, characters: characters), want, "\(text) at \(characters) characters")
            }
        }
        // Pango alone (UAX #14) breaks inside the loanword.
        var plain = ja
        plain.language = "en"
        XCTAssertEqual(typesetter.wrap(StyledText("アルバムをワンタップで共有できます"), style: plain, width: 23 * 7 + 0.5).map(\.text),
                       ["アルバムをワン", "タップで共有で", "きます"])
    }

    /// The reported headline, on both wells, with and without emphasis, in the SVG.
    func testTheReportedHeadlineKeepsワンタップWhole() throws {
        for well in HyphenationTests.wells {
            let plain = try HyphenationTests.render("アルバムをワンタップで共有できます", locale: "ja-JP", well: well)
            XCTAssertEqual(plain.diagnostics, [])
            XCTAssertEqual(plain.lines, ["アルバムをワンタップで", "共有できます"], "\(well.id)")
            let emphasized = try HyphenationTests.render("アルバムを*ワンタップ*で共有できます", locale: "ja-JP", well: well,
                                                         extra: ["emphasis": "asterisks"])
            XCTAssertEqual(emphasized.diagnostics, [])
            XCTAssertEqual(emphasized.lines, ["アルバムをワンタップで", "共有できます"], "\(well.id)")
            XCTAssertTrue(emphasized.svg.contains(">ワンタップ</tspan>"), "\(well.id)")
        }
    }

    /// A run wider than the band at the headline's size shrinks it, and is still one piece.
    func testALongRunShrinksTheHeadlineFirst() throws {
        let run = "スクリーンショットアップデートダウンロード"
        let r = try HyphenationTests.render("\(run)で共有", locale: "ja-JP")
        XCTAssertEqual(r.diagnostics, [])
        XCTAssertEqual(r.lines, ["スクリーンショットアップデートダウンロードで", "共有"])
        let size = try XCTUnwrap(fontSize(r.svg))
        // 22.62 px (0.058 × 390) would need 22 × 22.62 = 498 px for the run: set at 15.5 px, 341 px of the 344 px band.
        XCTAssertEqual(size, 15.5)
    }

    /// A run that cannot fit even at the floor size is refused like any word that cannot fit.
    func testARunWiderThanTheBandAtTheFloorIsRefused() throws {
        let run = "スーパーウルトラハイパーメガスクリーンショットアップデートダウンロードマネージャー"
        let r = try HyphenationTests.render(run, locale: "ja-JP")
        XCTAssertEqual(r.lines, [])
        XCTAssertEqual(r.diagnostics, [
            "error: job.json: headlines.ja-JP.shot: headline does not fit its band on the 390×844 canvas (tuck-browser-mobile), refused rather than clipped: overflows by 186.14 px: a word is wider than the band even at the floor size 13 px: expected at most 344 px, found 530.14 px",
        ])
    }

    private func fontSize(_ svg: String) -> Double? {
        guard let start = svg.range(of: "<text id=\"headline\"") else { return nil }
        let tail = svg[start.upperBound...]
        guard let attribute = tail.range(of: "font-size=\"") else { return nil }
        return Double(tail[attribute.upperBound...].prefix { $0 != "\"" })
    }
}
