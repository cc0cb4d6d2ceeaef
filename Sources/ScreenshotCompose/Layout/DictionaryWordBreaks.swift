import CICUShim

// The only Swift file that talks to ICU (through the CICUShim C function).

/// Japanese and Chinese are written without spaces; Pango (UAX #14) may break between almost
/// any two of their characters, so a katakana word or a particle's word can be split. ICU's
/// dictionary-based word break iterator finds the words; these spans are kept whole.
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
        let utf16 = Array(text.utf16)
        guard !utf16.isEmpty else { return [0] }
        var offsets = [Int32](repeating: 0, count: utf16.count + 1)
        let count = utf16.withUnsafeBufferPointer { units in
            offsets.withUnsafeMutableBufferPointer { out in
                ssc_icu_word_boundaries(units.baseAddress, Int32(units.count), locale, out.baseAddress, Int32(out.count))
            }
        }
        guard count > 0, Int(count) <= offsets.count else { return nil }
        // UTF-16 offset → scalar offset.
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

    /// Particles and other words that belong to the word before them: a line never starts
    /// with one. (Japanese case particles and common endings; Chinese structural and modal
    /// particles.)
    static let attached: Set<String> = [
        "は", "が", "を", "に", "で", "と", "も", "の", "へ", "や", "か", "な", "ね", "よ", "から", "まで", "より",
        "ので", "のに", "けど", "には", "では", "とは", "にも", "でも", "など", "だけ", "しか", "ほど", "って", "へと",
        "です", "ます", "でき", "できます", "します", "ません",
        "的", "了", "地", "得", "着", "过", "吗", "呢", "吧", "啊", "们",
    ]

    /// Spans of `text` (scalar offsets, end exclusive) that must not break inside: each
    /// dictionary word with the particles and punctuation that follow it.
    public static func unbreakableSpans(_ text: String, locale: String) -> [Range<Int>] {
        guard let bounds = boundaries(text, locale: locale), bounds.count >= 2 else { return [] }
        let scalars = Array(text.unicodeScalars)
        var spans: [Range<Int>] = []
        for (start, end) in zip(bounds, bounds.dropFirst()) where end > start {
            let word = String(String.UnicodeScalarView(scalars[start..<end]))
            let isSpace = scalars[start..<end].allSatisfy { $0.properties.isWhitespace }
            let joinsPrevious = attached.contains(word) || scalars[start..<end].allSatisfy(isClosing)
            if !isSpace, joinsPrevious, let last = spans.last, last.upperBound == start {
                spans[spans.count - 1] = last.lowerBound..<end
            } else if !isSpace {
                spans.append(start..<end)
            }
        }
        return spans.filter { $0.count > 1 }
    }

    /// Closing punctuation, small kana and the prolonged sound mark: never at a line start.
    private static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .closePunctuation, .finalPunctuation, .otherPunctuation: return true
        default: break
        }
        return "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶーゝゞヽヾ々".unicodeScalars.contains(scalar)
    }
}
