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

    /// `text` with a soft hyphen at every point the patterns allow in the words listed in
    /// `only` (every word when nil).
    public static func insertingSoftHyphens(into text: String, patterns: HyphenationPatterns, only: Set<String>? = nil) -> String {
        var result = String.UnicodeScalarView()
        var current = String.UnicodeScalarView()
        func flush() {
            let word = String(current)
            if !current.isEmpty, only?.contains(word) ?? true, !word.unicodeScalars.contains(softHyphen) {
                let breaks = Set(patterns.breaks(in: word))
                for (index, scalar) in current.enumerated() {
                    if breaks.contains(index) { result.append(softHyphen) }
                    result.append(scalar)
                }
            } else {
                result.append(contentsOf: current)
            }
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) || scalar == softHyphen {
                current.append(scalar)
            } else {
                flush()
                result.append(scalar)
            }
        }
        flush()
        return String(result)
    }

    /// A line as drawn: a soft hyphen that ends it becomes a hyphen-minus (present in every
    /// font); the others, invisible, are dropped.
    public static func drawnLine(_ line: String) -> String {
        var scalars = Array(line.unicodeScalars)
        while let last = scalars.last, last == " " { scalars.removeLast() }
        let breaksAtSoftHyphen = scalars.last == softHyphen
        scalars.removeAll { $0 == softHyphen }
        if breaksAtSoftHyphen { scalars.append("-") }
        return String(String.UnicodeScalarView(scalars))
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
