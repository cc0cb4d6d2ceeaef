import Support
import Diagnostics
import CICUShim

// The only Swift file that talks to ICU (through the CICUShim C function).

/// Japanese and Chinese are written without spaces; Pango (UAX #14) may break between almost
/// any two of their characters, so a katakana word or a particle's word can be split. ICU's
/// dictionary-based word break iterator finds the words, ICU's strict line breaking the
/// characters that never start a line, and the shipped particle lists the words that stay
/// with the word before them; the text between the breaks left is kept whole.
public enum DictionaryWordBreaks {
    /// Languages whose lines break at dictionary words.
    public static let languages: Set<String> = ["ja", "zh", "yue", "cmn"]

    /// True when `locale`'s lines break at dictionary words.
    public static func applies(to locale: String) -> Bool {
        languages.contains(locale.split(separator: "-").first.map { $0.lowercased() } ?? "")
    }

    /// ICU's word boundaries of `text` for `locale`, as offsets in Unicode scalars
    /// (ascending, 0 and the scalar count included). Nil when ICU fails.
    public static func boundaries(_ text: String, locale: String) -> [Int]? {
        icuOffsets(text) { units, count, out, capacity in ssc_icu_word_boundaries(units, count, locale, out, capacity) }
    }

    /// ICU's strict line break opportunities of `text` (`lb=strict`: no line starts with a
    /// small kana, ー, an iteration mark or closing punctuation, after W3C jlreq's
    /// "characters not starting a line"), as scalar offsets. Nil when ICU fails.
    public static func strictLineBreaks(_ text: String, locale: String) -> [Int]? {
        let strict = locale.replacingOccurrences(of: "-", with: "_") + "@lb=strict"
        return icuOffsets(text) { units, count, out, capacity in ssc_icu_line_breaks(units, count, strict, out, capacity) }
    }

    /// Runs one of the shim's ICU iterators over `text` and maps its UTF-16 offsets to scalars.
    private static func icuOffsets(_ text: String, _ iterate: (UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<Int32>?, Int32) -> Int32) -> [Int]? {
        let utf16 = Array(text.utf16)
        guard !utf16.isEmpty else { return [0] }
        var offsets = [Int32](repeating: 0, count: utf16.count + 1)
        let count = utf16.withUnsafeBufferPointer { units in
            offsets.withUnsafeMutableBufferPointer { out in
                iterate(units.baseAddress, Int32(units.count), out.baseAddress, Int32(out.count))
            }
        }
        guard count > 0, Int(count) <= offsets.count else { return nil }
        var scalarAt = [Int](repeating: 0, count: utf16.count + 1)
        var scalarIndex = 0, unit = 0
        for scalar in text.unicodeScalars {
            scalarAt[unit] = scalarIndex
            unit += scalar.utf16.count
            scalarIndex += 1
        }
        scalarAt[utf16.count] = scalarIndex
        return offsets.prefix(Int(count)).map { scalarAt[Int($0)] }
    }

    /// The particles and auxiliaries a line never starts with (shipped data, cited there).
    static func lineStartWords(for locale: String) -> LineStartWords {
        locale.split(separator: "-").first.map { $0.lowercased() } == "ja" ? .japanese : .chinese
    }

    /// Where a line of `text` may break (scalar offsets, ascending, without 0 and the end):
    /// an ICU dictionary word boundary that ICU's strict line breaking allows, not inside a
    /// katakana run (ICU's dictionary splits loanwords it knows the parts of: ワン|タップ,
    /// スクリーン|ショット), not before a particle or auxiliary, and in Japanese not inside the hiragana
    /// after a kanji or katakana word (its okurigana, particles and auxiliaries: 共有しましょう,
    /// 確認できます stay whole) unless a particle ends there (待って|ください).
    public static func allowedBreaks(_ text: String, locale: String) -> [Int] {
        let scalars = Array(text.unicodeScalars)
        guard let words = boundaries(text, locale: locale), let strict = strictLineBreaks(text, locale: locale) else { return [] }
        let lineBreaks = Set(strict)
        let data = lineStartWords(for: locale)
        let japanese = locale.split(separator: "-").first.map { $0.lowercased() } == "ja"
        // afterContent[i]: scalar i is hiragana in a run that follows kanji or katakana.
        var afterContent = [Bool](repeating: false, count: scalars.count)
        for i in scalars.indices.dropFirst() where isHiragana(scalars[i]) {
            afterContent[i] = isKanjiOrKatakana(scalars[i - 1]) || (isHiragana(scalars[i - 1]) && afterContent[i - 1])
        }
        var allowed: [Int] = []
        for (index, position) in words.enumerated() where position > 0 && position < scalars.count && lineBreaks.contains(position) {
            if insideKatakanaRun(scalars, at: position) { continue }
            let previous = index > 0 ? words[index - 1] : 0
            let next = index + 1 < words.count ? words[index + 1] : scalars.count
            if data.attaches(Array(scalars[position..<next])) { continue }
            if japanese && afterContent[position] && !data.particles.contains(String(String.UnicodeScalarView(scalars[previous..<position]))) { continue }
            allowed.append(position)
        }
        return allowed
    }

    /// Spans of `text` (scalar offsets, end exclusive) that must not break inside: the text
    /// between two allowed breaks, without trailing white space; Pango's own rules still
    /// apply at the allowed breaks.
    public static func unbreakableSpans(_ text: String, locale: String) -> [Range<Int>] {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        let cuts = [0] + allowedBreaks(text, locale: locale) + [scalars.count]
        var spans: [Range<Int>] = []
        for (start, end) in zip(cuts, cuts.dropFirst()) {
            var last = end
            while last > start && scalars[last - 1].properties.isWhitespace { last -= 1 }
            if last - start > 1 { spans.append(start..<last) }
        }
        return spans
    }

    /// True when `position` falls between two characters of one katakana run: a loanword
    /// (ワンタップ, アップデート) reads as one word, so no line breaks inside it, except after a
    /// middle dot (スクリーン・|ショット), which separates the words of a compound and may end a
    /// line (it never starts one: ICU's strict line breaking).
    static func insideKatakanaRun(_ scalars: [Unicode.Scalar], at position: Int) -> Bool {
        guard position > 0, position < scalars.count else { return false }
        let before = scalars[position - 1]
        return isKatakanaRun(before) && isKatakanaRun(scalars[position]) && !isMiddleDot(before)
    }

    /// Katakana (also the small, halfwidth and phonetic-extension letters), the long-vowel mark
    /// ー, katakana iteration marks, the middle dot and the combining sound marks.
    private static func isKatakanaRun(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30A1...0x30FF, 0x31F0...0x31FF, 0xFF65...0xFF9F, 0x3099...0x309A: return true
        default: return false
        }
    }

    private static func isMiddleDot(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x30FB || scalar.value == 0xFF65
    }

    private static func isHiragana(_ scalar: Unicode.Scalar) -> Bool {
        (0x3041...0x309F).contains(scalar.value) || scalar.value == 0x30FC
    }

    private static func isKanjiOrKatakana(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic || scalar.value == 0x3005 || ((0x30A1...0x30FA).contains(scalar.value))
    }
}
