/// Where a word may break, from one language's hyphenation source: libhyphen's patterns
/// (`HyphenationPatterns`) or Voikko's Finnish morphology (`VoikkoHyphenator`).
import Support
import Diagnostics

public protocol Hyphenator: AnyObject, Sendable {
    /// The file the breaks come from (resolved path): what the manifest records with its SHA-256.
    var path: String { get }
    /// The number of characters (Unicode scalars) before each break of `word` (letters
    /// only), ascending.
    func breaks(in word: String) -> [Int]
    /// The breaks a typesetter tries first (a subset of `breaks`), empty when the source
    /// prefers none.
    func preferredBreaks(in word: String) -> [Int]
}

extension Hyphenator {
    /// Patterns know syllables, not a compound's parts: no break is preferred.
    public func preferredBreaks(in word: String) -> [Int] { [] }
}

/// Hyphenation points as soft hyphens (U+00AD): Pango breaks at a soft hyphen only when the
/// line needs it, and the typesetter turns a soft hyphen that ends a line into a visible
/// hyphen (librsvg draws each line as its own `<tspan>`, where a soft hyphen shows nothing).
public enum Hyphenation {
    public static let softHyphen: Unicode.Scalar = "\u{AD}"
    /// Never breaks (Unicode line-break class GL); patterns never split next to it either.
    public static let nonBreakingHyphen: Unicode.Scalar = "\u{2011}"

    /// The words of `text` the patterns apply to: runs of letters and combining marks.
    /// A word that already holds a soft hyphen is the translator's choice and left alone.
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var hasSoftHyphen = false
        func flush() {
            if !current.isEmpty && !hasSoftHyphen { words.append(String(current)) }
            current = String.UnicodeScalarView()
            hasSoftHyphen = false
        }
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if scalar == softHyphen {
                hasSoftHyphen = true
                current.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// `text` with a soft hyphen at every point the patterns allow (only the preferred ones
    /// with `preferredOnly`) in the words listed in `only` (every word when nil).
    public static func insertingSoftHyphens(into text: StyledText, patterns: any Hyphenator, only: Set<String>? = nil, preferredOnly: Bool = false) -> StyledText {
        var result = StyledText("")
        var current = StyledText("")
        func flush() {
            let word = current.text
            if !current.isEmpty, only?.contains(word) ?? true, !current.scalars.contains(softHyphen) {
                let breaks = Set(preferredOnly ? patterns.preferredBreaks(in: word) : patterns.breaks(in: word))
                for (index, (scalar, flag)) in zip(current.scalars, current.emphasized).enumerated() {
                    if breaks.contains(index) { result.append(softHyphen, emphasized: flag) }
                    result.append(scalar, emphasized: flag)
                }
            } else {
                result.append(current)
            }
            current = StyledText("")
        }
        for (scalar, flag) in zip(text.scalars, text.emphasized) {
            if isWordScalar(scalar) || scalar == softHyphen {
                current.append(scalar, emphasized: flag)
            } else {
                flush()
                result.append(scalar, emphasized: flag)
            }
        }
        flush()
        return result
    }

    /// A line as drawn: a soft hyphen that ends it becomes a hyphen-minus (present in every
    /// font); the others, invisible, are dropped. The paragraph's last line ends at no break, so
    /// a soft hyphen ending it shows nothing (as Pango measured it).
    public static func drawnLine(_ line: StyledText, endsParagraph: Bool = false) -> StyledText {
        var trimmed = line
        while trimmed.scalars.last == " " { trimmed.removeLast() }
        let hyphenStyle = trimmed.scalars.last == softHyphen && !endsParagraph ? trimmed.emphasized.last : nil
        var result = trimmed.filter { $0 != softHyphen }
        if let hyphenStyle { result.append("-", emphasized: hyphenStyle) }
        return result
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isAlphabetic { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
