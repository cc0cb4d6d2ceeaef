import Support
import Diagnostics
import Foundation
import Ingest

/// The font family list and writing direction for a locale.
public enum FontStack {
    /// Fallback families shipped by the set-up command (Debian's Noto and Symbola packages),
    /// after the script's own: Latin, Greek and Cyrillic from Noto Sans; then Arabic, Hebrew,
    /// Thai, Devanagari; DejaVu Sans; Symbola for monochrome emoji.
    static let tail = ["Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai", "Noto Sans Devanagari", "DejaVu Sans", "Symbola"]

    /// The default family list for `locale`: regional CJK forms follow the locale
    /// (ja → JP, ko → KR, zh-Hant/TW → TC, zh-HK/MO → HK, other zh → SC).
    public static func defaultFamilies(for locale: String) -> String {
        let cjk: String
        let parts = locale.split(separator: "-").map { $0.lowercased() }
        let language = parts.first ?? ""
        switch language {
        case "ja": cjk = "Noto Sans CJK JP"
        case "ko": cjk = "Noto Sans CJK KR"
        case "zh", "yue", "cmn":
            if parts.contains("hk") || parts.contains("mo") { cjk = "Noto Sans CJK HK" }
            else if parts.contains("hant") || parts.contains("tw") { cjk = "Noto Sans CJK TC" }
            else { cjk = "Noto Sans CJK SC" }
        default: cjk = "Noto Sans CJK JP"
        }
        return (["Noto Sans", cjk] + tail).joined(separator: ", ")
    }

    /// The job's family list for `locale`: the most specific key that matches (the whole tag,
    /// then shorter prefixes, `zh-Hant-TW` → `zh-Hant` → `zh`), else `default`, else ours.
    public static func families(for locale: String, options: TypesettingOptions) -> String {
        var parts = locale.split(separator: "-").map(String.init)
        while !parts.isEmpty {
            let key = parts.joined(separator: "-")
            // In sorted key order, so the same job always picks the same stack.
            if let match = options.fonts.keys.sorted().first(where: { $0.caseInsensitiveCompare(key) == .orderedSame }) {
                return options.fonts[match] ?? ""
            }
            parts.removeLast()
        }
        return options.fonts["default"] ?? defaultFamilies(for: locale)
    }

    /// The family list as the SVG's `font-family` value. A family with a word that is no CSS
    /// identifier (one starting with a digit, as in "M PLUS 1p") is quoted: librsvg drops a
    /// value it cannot parse and draws its default font (Times) where the layout measured the
    /// family. A list of identifiers is returned as it is, so such SVGs keep their bytes.
    public static func cssValue(_ families: String) -> String {
        let names = families.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        func needsQuotes(_ name: String) -> Bool {
            guard !name.hasPrefix("'"), !name.hasPrefix("\"") else { return false }
            return !name.split(separator: " ").allSatisfy(isIdentifier)
        }
        guard names.contains(where: needsQuotes) else { return families }
        return names.map { name in
            needsQuotes(name) ? "'" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'" : name
        }.joined(separator: ", ")
    }

    /// A CSS identifier: starts with a letter, `_`, a non-ASCII character, or `-` followed by
    /// one of those; continues with those, digits and `-`.
    static func isIdentifier(_ word: Substring) -> Bool {
        func start(_ c: Unicode.Scalar) -> Bool { !c.isASCII || c == "_" || CharacterSet.letters.contains(c) }
        var scalars = Substring.UnicodeScalarView(word.unicodeScalars)
        if scalars.first == "-" { scalars.removeFirst() }
        guard let first = scalars.first, start(first) else { return false }
        return scalars.allSatisfy { start($0) || $0 == "-" || ("0"..."9").contains($0) }
    }

    /// Right-to-left locales: Arabic, Hebrew, Persian, Urdu and the other languages written in
    /// Arabic, Hebrew, Thaana, Syriac, N'Ko or Adlam script, or a tag naming such a script.
    public static func isRightToLeft(_ locale: String) -> Bool {
        let parts = locale.split(separator: "-").map { $0.lowercased() }
        if parts.contains(where: { ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm"].contains($0) }) { return true }
        if parts.contains(where: { ["latn", "cyrl"].contains($0) }) { return false }
        return ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "syr", "ks"].contains(parts.first ?? "")
    }
}
