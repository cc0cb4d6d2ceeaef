/// How a `{{PLACEHOLDER}}` template's placeholders travel through the one reader: in an attribute
/// value or text as a mark of Unicode noncharacters around the name (U+FDD0 U+FDD0 NAME U+FDD1
/// U+FDD1: never text anyone writes, and as many characters as `{{NAME}}`, so every column on
/// the line stays the file's), and where markup goes (`{{HEADLINE_TSPANS}}`) as the processing
/// instruction `<?HEADLINE_TSPANS?>` (again as long), which the reader turns into a placeholder
/// child.
import Support
import Diagnostics

enum PlaceholderMarks {
    // Swift allows no noncharacter in a literal: made from their code points.
    private static let first = Character(Unicode.Scalar(UInt32(0xFDD0)) ?? "\u{FFFD}")
    private static let last = Character(Unicode.Scalar(UInt32(0xFDD1)) ?? "\u{FFFD}")
    static let open = String([first, first])
    static let close = String([last, last])

    static func mark(_ placeholder: Placeholder) -> String { "\(open)\(placeholder.rawValue)\(close)" }

    /// The processing instruction standing for a markup placeholder.
    static func instruction(_ placeholder: Placeholder) -> String { "<?\(placeholder.rawValue)?>" }

    static func contains(_ text: String) -> Bool { text.contains(first) }

    /// `text` with each mark as `{{NAME}}` (how a refusal shows it).
    static func shown(_ text: String) -> String {
        guard contains(text) else { return text }
        return text.replacingOccurrences(of: open, with: "{{").replacingOccurrences(of: close, with: "}}")
    }

    /// The placeholders marked in `text`, in order.
    static func placeholders(in text: String) -> [Placeholder] {
        guard contains(text) else { return [] }
        var result: [Placeholder] = []
        var rest = Substring(text)
        while let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close) {
            if let placeholder = Placeholder(rawValue: String(rest[start.upperBound..<end.lowerBound])) { result.append(placeholder) }
            rest = rest[end.upperBound...]
        }
        return result
    }

    /// `text` with every mark replaced by its value; throws `TemplateError.unfilled` for a
    /// placeholder without one, `.invalidCharacter` for a value XML cannot carry.
    static func fill(_ text: String, _ values: [Placeholder: String]) throws -> String {
        guard contains(text) else { return text }
        var out = ""
        var rest = Substring(text)
        while let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close) {
            out += rest[..<start.lowerBound]
            let name = String(rest[start.upperBound..<end.lowerBound])
            if let placeholder = Placeholder(rawValue: name) {
                guard let value = values[placeholder] else { throw TemplateError.unfilled(placeholder) }
                if let bad = XMLText.firstInvalidScalar(in: value) { throw TemplateError.invalidCharacter(placeholder, bad) }
                out += value
            }
            rest = rest[end.upperBound...]
        }
        return out + rest
    }
}
