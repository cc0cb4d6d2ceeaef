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
}
