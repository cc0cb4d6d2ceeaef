import Foundation

/// What the renderer needs from a placeholder template but a designer's template may not say,
/// derived from the template text instead of requiring edits (the design card's template,
/// `fixtures/design-card/device-well.svg.tmpl`, is filled byte for byte as it was given):
///
/// - `xml:lang="{{LOCALE}}"` on the root when it has none (librsvg picks fonts by `xml:lang`
///   only; `lang` alone is not enough);
/// - `id="capture"` on the `<image>` whose href is `{{CAPTURE_HREF}}`, when no element has that
///   id (the rasterizer checks that this element draws ink);
/// - a `<text>` whose whole content is `{{HEADLINE}}` gets the fitted lines
///   (`{{HEADLINE_TSPANS}}`), so a headline that wraps is drawn as the lines it was measured as,
///   not as one long line.
///
/// Insertions stay on the line they belong to, so line numbers in diagnostics still match the
/// file. The manifest hashes the file's own bytes.
enum TemplateDerivation {
    static func derive(_ text: String) -> String {
        var result = text
        if let root = startTag(named: "svg", in: result),
           result[root].range(of: #"\sxml:lang\s*="#, options: .regularExpression) == nil {
            result.insert(contentsOf: " xml:lang=\"{{LOCALE}}\"", at: result.index(root.lowerBound, offsetBy: 4))
        }
        if result.range(of: #"\sid\s*=\s*["']capture["']"#, options: .regularExpression) == nil {
            var search = result.startIndex
            while let tag = startTag(named: "image", in: result, from: search) {
                let tagText = result[tag]
                if tagText.range(of: #"href\s*=\s*["']\{\{CAPTURE_HREF\}\}["']"#, options: .regularExpression) != nil,
                   tagText.range(of: #"\sid\s*="#, options: .regularExpression) == nil {
                    result.insert(contentsOf: " id=\"capture\"", at: result.index(tag.lowerBound, offsetBy: 6))
                    break
                }
                search = tag.upperBound
            }
        }
        return result.replacingOccurrences(of: ">{{HEADLINE}}</text>", with: ">{{HEADLINE_TSPANS}}</text>")
    }

    /// The range of the first start tag `<name …>` at or after `from`, quoted values skipped.
    static func startTag(named name: String, in text: String, from: String.Index? = nil) -> Range<String.Index>? {
        var search = from ?? text.startIndex
        while let open = text.range(of: "<" + name, range: search..<text.endIndex) {
            guard open.upperBound < text.endIndex else { return nil }
            let next = text[open.upperBound]
            guard next.isWhitespace || next == ">" || next == "/" else {
                search = open.upperBound
                continue
            }
            var quote: Character?
            var index = open.upperBound
            while index < text.endIndex {
                let c = text[index]
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == ">" {
                    return open.lowerBound..<text.index(after: index)
                }
                index = text.index(after: index)
            }
            return nil
        }
        return nil
    }
}
