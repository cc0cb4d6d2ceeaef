import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Layout
@testable import Manifest

/// Dictionary hyphenation (libhyphen + Debian's patterns), soft hyphens and non-breaking
/// hyphens, checked on the lines written to the SVG.
final class HyphenationTests: XCTestCase {
    static let epoch = PlanOptions(sourceDateEpoch: "1767225600")
    static let wells = [(id: "tuck-browser-mobile", width: 390, height: 844),
                                (id: "tuck-ios-simulator-portrait", width: 1206, height: 2622)]

    struct Rendered {
        var lines: [String]
        var manifest: Manifest?
        var diagnostics: [String]
        var svg: String = ""
        var png: DecodedPNG? = nil
    }

    /// Renders `headline` (SVG only) and reads the `<tspan>` lines back from the SVG.
    private static var captureCache: [Int: Data] = [:]

    private func render(_ headline: String, locale: String, well: (id: String, width: Int, height: Int),
                        extra: [String: Any] = [:]) throws -> Rendered {
        try Self.render(headline, locale: locale, well: well, extra: extra)
    }

    /// Renders one headline (SVG only unless `png`), reads the lines back from the SVG.
    static func render(_ headline: String, locale: String, well: (id: String, width: Int, height: Int) = wells[0],
                       extra: [String: Any] = [:], png: Bool = false) throws -> Rendered {
        let scratch = try Scratch()
        let capture = try Self.captureCache[well.width] ?? Fixtures.png(width: well.width, height: well.height)
        Self.captureCache[well.width] = capture
        try scratch.write("shot.png", capture)
        var job: [String: Any] = ["schemaVersion": 1, "output": "out",
                                  "captures": [["id": "shot", "path": "shot.png", "well": well.id]],
                                  "headlines": [locale: ["shot": headline]]]
        for (k, v) in extra { job[k] = v }
        let jobFile = try scratch.writeJob(job)
        let report = ScreenshotComposer().render(jobFile: jobFile, options: Self.epoch, svgOnly: !png)
        let diagnostics = lines(report).map { $0.replacingOccurrences(of: jobFile, with: "job.json") }
        guard let svg = try? String(contentsOfFile: scratch.path("out/\(locale)/shot.svg"), encoding: .utf8) else {
            return Rendered(lines: [], manifest: nil, diagnostics: diagnostics)
        }
        let image = png ? try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/\(locale)/shot.png")))) : nil
        return Rendered(lines: Self.headlineLines(svg), manifest: report.manifest, diagnostics: diagnostics, svg: svg, png: image)
    }

    /// The text of each `<tspan>` of the headline's `<text>` (tags inside a line dropped).
    static func headlineLines(_ svg: String) -> [String] {
        guard let start = svg.range(of: "<text id=\"headline\""), let end = svg[start.upperBound...].range(of: "</text>") else { return [] }
        let text = String(svg[start.upperBound..<end.lowerBound])
        var lines: [String] = []
        var depth = 0
        var current = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "<" {
                let close = text[index...].firstIndex(of: ">") ?? text.endIndex
                let tag = text[index..<close]
                if tag.hasPrefix("</tspan") {
                    depth -= 1
                    if depth == 0 { lines.append(current); current = "" }
                } else if tag.hasPrefix("<tspan") {
                    depth += 1
                }
                index = close < text.endIndex ? text.index(after: close) : close
            } else {
                if depth > 0 { current.append(text[index]) }
                index = text.index(after: index)
            }
        }
        return lines.map { $0.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<") }
    }

    private static let donau = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen für alle Geräte"

    /// The first line ends with a hyphen at a point the patterns give for the word it splits,
    /// and the lines read back as the headline.
    private func assertHyphenatedAtAPatternBreak(_ r: Rendered, headline: String, locale: String,
                                                 file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(r.diagnostics, [], file: file, line: line)
        let first = try XCTUnwrap(r.lines.first, file: file, line: line)
        XCTAssertTrue(first.hasSuffix("-"), "\(r.lines)", file: file, line: line)
        XCTAssertEqual(String(first.dropLast()) + r.lines.dropFirst().joined(separator: " "), headline, file: file, line: line)
        let patterns = try XCTUnwrap(HyphenationCatalog.shared.patterns(for: locale), file: file, line: line)
        let word = try XCTUnwrap(headline.split(separator: " ").first.map(String.init))
        let broken = String(first.dropLast()).split(separator: " ").last.map(String.init) ?? ""
        XCTAssertTrue(patterns.breaks(in: word).contains(broken.unicodeScalars.count), "\(broken) is not a break of \(patterns.breaks(in: word))", file: file, line: line)
        let recorded = try XCTUnwrap(r.manifest?.outputs.first?.hyphenation, file: file, line: line)
        XCTAssertEqual(recorded.path, patterns.path, file: file, line: line)
        XCTAssertEqual(recorded.sha256, SHA256.hex(try Data(contentsOf: URL(fileURLWithPath: patterns.path))), file: file, line: line)
    }

    func testGermanCompoundIsHyphenatedWhereThePatternsAllowOnBothWells() throws {
        for well in Self.wells {
            let r = try render(Self.donau, locale: "de-DE", well: well)
            try assertHyphenatedAtAPatternBreak(r, headline: Self.donau, locale: "de-DE")
            XCTAssertEqual(r.lines.count, 2)
        }
        XCTAssertEqual(HyphenationCatalog.shared.patterns(for: "de-DE")?.path, "/usr/share/hyphen/hyph_de_DE.dic")
        XCTAssertEqual(HyphenationCatalog.shared.patterns(for: "de-DE")?.breaks(in: "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen"),
                       [2, 5, 10, 16, 22, 24, 28, 35, 37, 39, 43, 46, 49, 51, 54])
    }

    func testDutchCompoundIsHyphenated() throws {
        let headline = "Arbeidsongeschiktheidsverzekeringsmaatschappij vergelijken"
        let r = try render(headline, locale: "nl-NL", well: Self.wells[0])
        try assertHyphenatedAtAPatternBreak(r, headline: headline, locale: "nl-NL")
        XCTAssertEqual(HyphenationCatalog.shared.patterns(for: "nl")?.path, "/usr/share/hyphen/hyph_nl_NL.dic")
    }

    func testPatternsInEightBitCharacterSetsHyphenateNonASCIIWords() throws {
        // Russian patterns are KOI8-R, Hungarian ISO 8859-2: words are converted before libhyphen.
        XCTAssertEqual(HyphenationCatalog.shared.patterns(for: "ru")?.breaks(in: "Достопримечательности"), [2, 10, 16, 18])
        XCTAssertEqual(HyphenationCatalog.shared.patterns(for: "hu-HU")?.breaks(in: "megszentségteleníthetetlenség"), [3, 8, 11, 13, 15, 18, 20, 23, 26])
        XCTAssertEqual(HyphenationCatalog.shared.patterns(for: "sv")?.path, "/usr/share/hyphen/hyph_sv_SE.dic")
        XCTAssertEqual(HyphenationCatalog.shared.patterns(for: "no")?.path, "/usr/share/hyphen/hyph_nb_NO.dic")
        XCTAssertEqual(HyphenationCatalog.shared.patterns(for: "pt-BR")?.path, "/usr/share/hyphen/hyph_pt_BR.dic")
        XCTAssertNil(HyphenationCatalog.shared.patterns(for: "tr-TR"))
    }

    /// Debian 12 ships no Finnish patterns: Finnish hyphenates through Voikko (voikko-fi).
    static let finnish = "Ajanvarausjärjestelmäpäivitykset kaikille laitteille"

    func testFinnishCompoundIsHyphenatedWhereVoikkoAllowsOnBothWells() throws {
        for well in Self.wells {
            let r = try render(Self.finnish, locale: "fi-FI", well: well)
            try assertHyphenatedAtAPatternBreak(r, headline: Self.finnish, locale: "fi-FI")
            XCTAssertEqual(r.lines.first, "Ajanvarausjärjestelmä-")
        }
        let voikko = try XCTUnwrap(HyphenationCatalog.shared.patterns(for: "fi") as? VoikkoHyphenator)
        XCTAssertEqual(voikko.path, "/usr/lib/voikko/5/mor-standard/mor.vfst")
        // Voikko's own marks (voikkohyphenate): A-jan-va-raus-jär-jes-tel-mä-päi-vi-tyk-set; the
        // lone "A" is an "ugly" break, left out. Ku-van-kä-sit-te-ly-o-mi-nai-suu-det: so is the "o".
        XCTAssertEqual(voikko.breaks(in: "Ajanvarausjärjestelmäpäivitykset"), [4, 6, 10, 13, 16, 19, 21, 24, 26, 29])
        XCTAssertEqual(voikko.breaks(in: "Kuvankäsittelyominaisuudet"), [2, 5, 7, 10, 12, 14, 17, 20, 23])
        // Between the compound's parts (Ajan=varaus=järjestelmä=päivitykset) first.
        XCTAssertEqual(voikko.preferredBreaks(in: "Ajanvarausjärjestelmäpäivitykset"), [4, 10, 21])
        XCTAssertEqual(HyphenationCatalog.shared.patterns(for: "de-DE")?.preferredBreaks(in: "Donaudampfschiff"), [])
        XCTAssertEqual(voikko.breaks(in: "ja"), [])
        // Without the dictionary, Finnish has no source and the warning names voikko-fi.
        let bare = HyphenationCatalog(voikkoDirectory: "/nonexistent/voikko")
        XCTAssertNil(bare.path(for: "fi-FI"))
        XCTAssertNil(bare.patterns(for: "fi-FI"))
        XCTAssertEqual(bare.expectedSource(for: "fi-FI"), "Debian's voikko-fi with /nonexistent/voikko/5/mor-standard/mor.vfst")
        XCTAssertEqual(bare.expectedSource(for: "tr-TR"), "a hyphen-* package with /usr/share/hyphen/hyph_tr*.dic")
    }

    /// The store languages (App Store Connect and Play Console lists shipped with the tool)
    /// that no Debian 12 hyphenation source serves; README "Headlines" lists the same.
    func testStoreLanguagesWithoutAHyphenationSource() throws {
        let codes = try XCTUnwrap(BuiltinResources.languageCodes("app-store-languages.json")) + XCTUnwrap(BuiltinResources.languageCodes("google-play-languages.json"))
        let lacking = Set(codes.filter { code in
            let language = code.split(separator: "-").first.map { $0.lowercased() } ?? ""
            return !LayoutEngine.unhyphenatedLanguages.contains(language) && HyphenationCatalog.shared.path(for: code) == nil
        })
        XCTAssertEqual(lacking.sorted(), ["am", "az-AZ", "et", "eu-ES", "fil", "hy-AM", "ka-GE", "ky-KG", "mk-MK", "ms", "ms-MY", "ne-NP",
                                          "rm", "si-LK", "sw", "tr", "tr-TR"])
    }

    func testHyphenationOffShrinksOrRefusesInstead() throws {
        let r = try render(Self.donau, locale: "de-DE", well: Self.wells[0], extra: ["hyphenation": false])
        XCTAssertEqual(r.lines, [])
        XCTAssertEqual(r.diagnostics.count, 1, "\(r.diagnostics)")
        XCTAssertTrue(r.diagnostics[0].hasPrefix("error: job.json: headlines.de-DE.shot: headline does not fit its band on the 390×844 canvas (tuck-browser-mobile), refused rather than clipped: overflows by "), r.diagnostics[0])
        XCTAssertTrue(r.diagnostics[0].contains("a word is wider than the band even at the floor size 13 px"), r.diagnostics[0])
    }

    func testALocaleWithoutPatternsWarnsOnceAndShrinks() throws {
        // Debian 12 ships no Turkish patterns.
        let headline = "Çekoslovakyalılaştıramadıklarımızdan mısınız"
        let r = try render(headline, locale: "tr", well: Self.wells[0])
        XCTAssertEqual(r.diagnostics, [
            "warning: job.json: headlines.tr: no hyphenation patterns are installed for tr: expected a hyphen-* package with /usr/share/hyphen/hyph_tr*.dic, found none; long words were fitted by shrinking, without hyphenation",
        ])
        XCTAssertEqual(r.lines, ["Çekoslovakyalılaştıramadıklarımızdan", "mısınız"])
        XCTAssertNil(r.manifest?.outputs.first?.hyphenation)
    }

    func testASoftHyphenBreakShowsAHyphenAndAnUnusedOneShowsNothing() throws {
        let headline = "Terminvereinbarungs\u{AD}assistenten helfen"
        let narrow = try render(headline, locale: "de-DE", well: Self.wells[0], extra: ["hyphenation": false, "headlineMinimumScale": 1])
        XCTAssertEqual(narrow.diagnostics, [])
        XCTAssertEqual(narrow.lines, ["Terminvereinbarungs-", "assistenten helfen"])
        XCTAssertNil(narrow.manifest?.outputs.first?.hyphenation)
        let unused = try render("Ein\u{AD}stellungen", locale: "de-DE", well: Self.wells[0])
        XCTAssertEqual(unused.lines, ["Einstellungen"])
    }

    /// A soft hyphen at the very end of a headline (or of one of its explicit lines) is no break:
    /// it shows nothing, as Pango measured it.
    func testASoftHyphenEndingTheHeadlineShowsNothing() throws {
        let typesetter = PangoTypesetter()
        let style = TextStyle(fontFamily: "Noto Sans", weight: 700, size: 23, language: "de-DE")
        XCTAssertEqual(typesetter.wrap("Ein\u{AD}stellungen\u{AD}", style: style, width: 1000), ["Einstellungen"])
        XCTAssertEqual(typesetter.wrap("Ein\u{AD}stellungen\u{AD} ", style: style, width: 1000), ["Einstellungen"])
        let width = typesetter.measure("Einstellungen-", style: style).width + 2
        XCTAssertEqual(typesetter.wrap("Ein\u{AD}stellungen\u{AD}ändern\u{AD}", style: style, width: width), ["Einstellungen-", "ändern"])
    }

    func testANonBreakingHyphenNeverBreaks() throws {
        let typesetter = PangoTypesetter()
        let style = TextStyle(fontFamily: "Noto Sans", weight: 700, size: 23, language: "de-DE")
        // Wide enough for "Alle E-Mail-" but not for the whole compound: a plain hyphen breaks,
        // U+2011 keeps "E‑Mail‑Benachrichtigungen" whole.
        let width = typesetter.measure("Alle E-Mail-", style: style).width + 2
        XCTAssertEqual(typesetter.wrap("Alle E-Mail-Benachrichtigungen", style: style, width: width),
                       ["Alle E-Mail-", "Benachrichtigungen"])
        XCTAssertEqual(typesetter.wrap("Alle E\u{2011}Mail\u{2011}Benachrichtigungen", style: style, width: width),
                       ["Alle", "E\u{2011}Mail\u{2011}Benachrichtigungen"])
        XCTAssertEqual(typesetter.measure("E\u{2011}Mail", style: style).unknownCharacters, [])
    }
}


/// Japanese and Chinese lines break only at ICU dictionary word boundaries, particles and
/// closing punctuation stay with the word before them (lines read from the SVG).
final class DictionaryBreakTests: XCTestCase {
    /// Where the lines of `lines` break, in scalars of the joined text.
    private func breaks(_ lines: [String]) -> [Int] {
        var total = 0
        return lines.dropLast().map { total += $0.unicodeScalars.count; return total }
    }

    private func assertBreaksAtWords(_ headline: String, locale: String, wholeWords: [String],
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try HyphenationTests.render(headline, locale: locale)
        XCTAssertEqual(r.diagnostics, [], file: file, line: line)
        XCTAssertGreaterThan(r.lines.count, 1, "\(r.lines)", file: file, line: line)
        XCTAssertEqual(r.lines.joined(), headline, file: file, line: line)
        let words = try XCTUnwrap(DictionaryWordBreaks.boundaries(headline, locale: locale), file: file, line: line)
        let spans = DictionaryWordBreaks.unbreakableSpans(headline, locale: locale)
        for position in breaks(r.lines) {
            XCTAssertTrue(words.contains(position), "break at \(position) is inside an ICU word: \(r.lines)", file: file, line: line)
            XCTAssertFalse(spans.contains { $0.lowerBound < position && position < $0.upperBound }, "break at \(position) splits a word from its particle: \(r.lines)", file: file, line: line)
        }
        let strict = try XCTUnwrap(DictionaryWordBreaks.strictLineBreaks(headline, locale: locale), file: file, line: line)
        let data = DictionaryWordBreaks.lineStartWords(for: locale)
        let scalars = Array(headline.unicodeScalars)
        for position in breaks(r.lines) {
            XCTAssertTrue(strict.contains(position), "break at \(position) is not a strict line break: \(r.lines)", file: file, line: line)
            let next = words.first { $0 > position } ?? scalars.count
            XCTAssertFalse(data.attaches(Array(scalars[position..<next])), "line starts with a particle or auxiliary: \(r.lines)", file: file, line: line)
        }
        for next in r.lines.dropFirst() {
            XCTAssertFalse(["、", "。", "，", "」", "）"].contains { next.hasPrefix($0) }, "\(r.lines)", file: file, line: line)
        }
        for word in wholeWords { XCTAssertTrue(r.lines.contains { $0.contains(word) }, "\(word) split: \(r.lines)", file: file, line: line) }
    }

    func testJapaneseBreaksAtDictionaryWordsWithParticlesKept() throws {
        try assertBreaksAtWords("すべてのメッセージを、ひと目で確認できます", locale: "ja-JP", wholeWords: ["メッセージ"])
        try assertBreaksAtWords("スマートフォンでカレンダーとリマインダーを同期", locale: "ja", wholeWords: ["スマートフォン", "カレンダー", "リマインダー"])
        // Pango alone would break inside "メッセージ" or before "を" at this width.
        let spans = DictionaryWordBreaks.unbreakableSpans("すべてのメッセージを、ひと目で確認できます", locale: "ja")
        let scalars = Array("すべてのメッセージを、ひと目で確認できます".unicodeScalars)
        XCTAssertTrue(spans.map { String(String.UnicodeScalarView(scalars[$0])) }.contains("メッセージを、"))
    }

    /// The text between the allowed breaks.
    private func phrases(_ text: String, locale: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let cuts = [0] + DictionaryWordBreaks.allowedBreaks(text, locale: locale) + [scalars.count]
        return zip(cuts, cuts.dropFirst()).map { String(String.UnicodeScalarView(scalars[$0..<$1])) }
    }

    private func icuWords(_ text: String, locale: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let cuts = DictionaryWordBreaks.boundaries(text, locale: locale) ?? []
        return zip(cuts, cuts.dropFirst()).map { String(String.UnicodeScalarView(scalars[$0..<$1])) }
    }

    /// Pango alone (UAX #14) and ICU's words alone would start a line with an auxiliary
    /// (ました, ます): the shipped particle and auxiliary lists keep it with its word.
    func testAnAuxiliaryNeverStartsALine() throws {
        let typesetter = PangoTypesetter()
        let ja = TextStyle(fontFamily: "Noto Sans CJK JP", weight: 700, size: 23, language: "ja-JP")
        var plain = ja
        plain.language = "en"
        func width(_ prefix: String) -> Double { typesetter.measure(prefix, style: ja).width + 1 }
        XCTAssertEqual(typesetter.wrap("予定を確認できました", style: plain, width: width("予定を確認でき")), ["予定を確認でき", "ました"])
        XCTAssertEqual(typesetter.wrap("予定を確認できました", style: ja, width: width("予定を確認でき")), ["予定を", "確認できました"])
        XCTAssertEqual(typesetter.wrap("カレンダーに追加されます", style: plain, width: width("カレンダーに追加され")), ["カレンダーに追加され", "ます"])
        XCTAssertEqual(typesetter.wrap("カレンダーに追加されます", style: ja, width: width("カレンダーに追加され")), ["カレンダーに", "追加されます"])
        // ICU's dictionary splits the auxiliaries off; the hiragana after a word breaks only
        // after a particle (待って|ください).
        XCTAssertEqual(icuWords("予定を確認できました", locale: "ja"), ["予定", "を", "確認", "でき", "ま", "した"])
        XCTAssertEqual(phrases("予定を確認できました", locale: "ja"), ["予定を", "確認できました"])
        XCTAssertEqual(icuWords("ちょっと待ってください", locale: "ja"), ["ちょっと", "待", "って", "くだ", "さい"])
        XCTAssertEqual(phrases("ちょっと待ってください", locale: "ja"), ["ちょっと", "待って", "ください"])
        XCTAssertEqual(phrases("家族で楽しめるゲームがいっぱい", locale: "ja"), ["家族で", "楽しめる", "ゲームが", "いっぱい"])
        // In the SVG, on both wells.
        let headline = "大事なメッセージもひと目で確認できました"
        for well in HyphenationTests.wells {
            let r = try HyphenationTests.render(headline, locale: "ja-JP", well: well)
            XCTAssertEqual(r.diagnostics, [])
            XCTAssertEqual(r.lines, ["大事なメッセージも", "ひと目で確認できました"])
        }
        try assertBreaksAtWords(headline, locale: "ja-JP", wholeWords: ["メッセージ", "確認できました"])
    }

    /// ICU's strict line breaking (lb=strict) keeps W3C jlreq's "characters not starting a
    /// line" (small kana, ー, iteration marks, 、。, closing brackets, ！) off the line start.
    func testSmallKanaAndTheProlongedSoundMarkNeverStartALine() throws {
        let text = "チェックしょう、ぁ々ゝ」（テスト）！"
        let strict = try XCTUnwrap(DictionaryWordBreaks.strictLineBreaks(text, locale: "ja-JP"))
        XCTAssertEqual(strict, [0, 3, 4, 6, 12, 14, 15, 18])
        // ICU's words put a boundary before ー in すごーい (す|ご|ー|い); no line starts there.
        XCTAssertEqual(icuWords("わぁ、すごーい", locale: "ja"), ["わぁ", "、", "す", "ご", "ー", "い"])
        XCTAssertFalse(DictionaryWordBreaks.allowedBreaks("わぁ、すごーい", locale: "ja").contains(5))
        XCTAssertEqual(phrases("わぁ、すごーい", locale: "ja"), ["わぁ、", "す", "ごー", "い"])
    }

    /// The particle and auxiliary lists are the shipped data, with their sources.
    func testLineStartWordsAreTheShippedCitedData() throws {
        let url = try XCTUnwrap(BuiltinResources.url("line-start-words.json"))
        let root = try XCTUnwrap(JSONValue.parse(Data(contentsOf: url)).objectValue)
        let sources = try XCTUnwrap(root["sources"]?.objectValue)
        XCTAssertEqual(sources["ja"]?.objectValue?["url"]?.stringValue, "https://packages.debian.org/bookworm/mecab-ipadic")
        XCTAssertEqual(sources["zh"]?.objectValue?["url"]?.stringValue, "https://packages.debian.org/bookworm/python3-jieba")
        let japanese = DictionaryWordBreaks.lineStartWords(for: "ja-JP"), chinese = DictionaryWordBreaks.lineStartWords(for: "zh-Hant")
        XCTAssertEqual([japanese.particles.count, japanese.auxiliaries.count, chinese.particles.count], [162, 145, 57])
        XCTAssertTrue(japanese.particles.isSuperset(of: ["を", "が", "に", "から", "について"]))
        XCTAssertTrue(japanese.auxiliaries.isSuperset(of: ["ます", "た", "でし", "らしい"]))
        XCTAssertTrue(chinese.particles.isSuperset(of: ["的", "了", "吗", "们", "嗎", "們", "過"]))
    }

    func testChineseBreaksAtDictionaryWords() throws {
        try assertBreaksAtWords("一目了然地查看所有消息和通知，随时随地保持联系", locale: "zh-Hans", wholeWords: ["消息", "通知"])
        try assertBreaksAtWords("一目瞭然地查看所有訊息和通知，隨時隨地保持聯繫", locale: "zh-Hant", wholeWords: ["訊息", "通知"])
        // Traditional particles (們, 嗎: jieba's words through ICU's Hans-Hant) stay with their word.
        XCTAssertEqual(icuWords("朋友們都在這裡嗎", locale: "zh-Hant"), ["朋友", "們", "都在", "這裡", "嗎"])
        XCTAssertEqual(phrases("朋友們都在這裡嗎", locale: "zh-Hant"), ["朋友們", "都在", "這裡嗎"])
        XCTAssertEqual(phrases("我们的照片都保存好了吗", locale: "zh-Hans"), ["我们的", "照片", "都", "保存", "好了吗"])
    }

    func testThaiKeepsPangosBreaks() {
        XCTAssertFalse(DictionaryWordBreaks.applies(to: "th-TH"))
        XCTAssertTrue(DictionaryWordBreaks.applies(to: "zh-Hant-TW"))
    }
}
