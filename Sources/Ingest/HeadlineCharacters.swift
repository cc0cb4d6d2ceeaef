import Foundation

/// What a headline's characters will draw, judged before anything is typeset, so a headline
/// that would leave a blank band is refused where it was written.
package enum HeadlineCharacters {
    /// The scalars of `text` when none of them draws anything: white space, format controls
    /// (bidi marks, a zero-width joiner, the byte-order mark), default-ignorable code points
    /// (a soft hyphen, the Hangul fillers, a combining grapheme joiner) and the blank Braille
    /// pattern, which fonts draw as an empty cell. Nil when some scalar draws.
    package static func invisibleScalars(_ text: String) -> [Unicode.Scalar]? {
        let scalars = Array(text.unicodeScalars)
        return scalars.allSatisfy(drawsNothing) ? scalars : nil
    }

    private static func drawsNothing(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return true }
        switch properties.generalCategory {
        case .format, .control, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return scalar.value == 0x2800
        }
    }

    /// Code points as people look them up: `U+00AD U+200E`.
    package static func codePoints(_ scalars: [Unicode.Scalar]) -> String {
        scalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
    }

    /// printf-style specifiers a localization tool leaves for the app to fill (`%@`, `%lld`,
    /// `%1$@`, `%%`): the tool draws headlines as written, so they would ship literally.
    /// Flags and widths are not matched, so "50% off" and "100 % sure" are not specifiers.
    package static func formatSpecifiers(_ text: String) -> [String] {
        guard text.contains("%") else { return [] }
        let pattern = #"%(?:[1-9][0-9]*\$)?(?:hh|h|ll|l|q|z|t|j)?[@dDiuUxXoOfeEgGcCsS]|%%"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        var seen: [String] = []
        for match in regex.matches(in: text, range: range) {
            if let r = Range(match.range, in: text), !seen.contains(String(text[r])) { seen.append(String(text[r])) }
        }
        return seen
    }
}
