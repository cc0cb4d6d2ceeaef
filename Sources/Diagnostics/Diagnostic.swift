import Support

/// One problem found in a run: where it is (its location: file, field, and line and column
/// when known), who it is about (its subject: locale, capture, target), how bad, and what was
/// expected against what was found.
public struct Diagnostic: Equatable, Sendable, Codable {
    public enum Severity: String, Equatable, Sendable, Codable {
        case error
        case warning
    }

    public var severity: Severity
    /// The file the problem is in, as the user named it (relative or absolute path), or the
    /// output file it concerns.
    public var file: String
    /// Where inside the file: a JSON path (`captures[0].path`, `wells[2].width`), a PNG chunk
    /// (`IHDR width×height`), a command-line argument (`--locale`), or `(output)`/`(file)`.
    public var field: String
    /// What is wrong, including "expected …, found …" when there is a comparison.
    public var message: String
    /// Where in the file, when known: the JSON value the field names (or its nearest enclosing
    /// value when the field is missing), the syntax error, or a `.strings` line.
    public var position: JSONPosition?
    /// Who the problem is about. A problem whose subject names a capture fails only that
    /// capture's outputs (`--keep-going` renders the others); nil for problems of the whole run.
    public var subject: DiagnosticSubject?

    public init(_ severity: Severity, file: String, field: String, message: String,
                position: JSONPosition? = nil, subject: DiagnosticSubject? = nil) {
        self.severity = severity
        self.file = file
        self.field = field
        self.message = message
        self.position = position
        self.subject = subject
    }

    public static func error(_ file: String, _ field: String, _ message: String) -> Diagnostic {
        Diagnostic(.error, file: file, field: field, message: message)
    }

    /// The capture whose outputs the problem fails, if any.
    public var captureId: String? { subject?.captureId }

    /// `error: <file>:<line>:<column>: <field>: <message>`, the one-line form the CLI prints on
    /// stderr (`error: <file>: <field>: <message>` when the position is not known), so an
    /// editor or terminal can jump to the place as with a compiler's messages.
    /// Control characters (a file name with a line break) are escaped, so one problem stays one
    /// line: a line of its own starting `::` would be a GitHub Actions workflow command.
    public var line: String {
        let place = position.map { "\(file):\($0.line):\($0.column)" } ?? file
        return Self.oneLine("\(severity.rawValue): \(place): \(field): \(message)")
    }

    /// `line` without the position: `error: <file>: <field>: <message>`.
    public var lineWithoutPosition: String {
        Self.oneLine("\(severity.rawValue): \(file): \(field): \(message)")
    }

    /// `text` with \n, \r, \t as those escapes and other C0, DEL, C1 and the Unicode line and
    /// paragraph separators as `\u{XX}`.
    package static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029 }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
