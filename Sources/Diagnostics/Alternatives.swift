import Support

/// The "expected …" part of a refusal that has alternatives: every one of them, never an empty
/// list ("expected one of , found ../x" told the user nothing). When there are none, `none`
/// says what was expected and why nothing can be offered.
package enum Alternatives {
    /// "one of a, b, c" (all of them, in the order given), or `none` when there are none.
    package static func oneOf(_ items: [String], none: String) -> String {
        items.isEmpty ? none : "one of \(items.joined(separator: ", "))"
    }

    /// "a, b, c" (all of them), or `none` when there are none: for a list in parentheses.
    package static func list(_ items: [String], none: String) -> String {
        items.isEmpty ? none : items.joined(separator: ", ")
    }

    /// Like `oneOf`, but a long list (a catalog of a hundred wells) is not printed whole: the
    /// `count` items nearest `found` in spelling, and where the whole list is.
    package static func oneOf(_ items: [String], nearest found: String, count: Int = 3, whole: String, none: String) -> String {
        guard items.count > 12 else { return oneOf(items, none: none) }
        let ranked = items.enumerated().map { (distance(found.lowercased(), $0.element.lowercased()), $0.offset, $0.element) }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(count).map(\.2)
        return "one of the \(items.count) \(whole), the nearest being \(ranked.joined(separator: ", "))"
    }

    /// Levenshtein distance over Unicode scalars: ranks suggestions, nothing more.
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
