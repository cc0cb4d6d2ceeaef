/// One problem found in a run: where it is (file and field), how bad, and what was
/// expected against what was found.
public struct Diagnostic: Equatable, Sendable, Codable {
    public enum Severity: String, Equatable, Sendable, Codable {
        case error
        case warning
    }

    public var severity: Severity
    /// The file the problem is in, as the user named it (relative or absolute path).
    public var file: String
    /// The field or element inside the file, e.g. `captures[0].path` or `wells[2].width`.
    public var field: String
    /// What is wrong, including "expected …, found …" when there is a comparison.
    public var message: String
    /// The capture the problem belongs to when it fails only that capture's outputs
    /// (`--keep-going` renders the others); nil for problems of the whole run.
    public var captureId: String?
    /// Where in the file, when known: the JSON value the field names (or its nearest enclosing
    /// value when the field is missing), or the syntax error.
    public var position: JSONPosition?

    public init(_ severity: Severity, file: String, field: String, message: String) {
        self.severity = severity
        self.file = file
        self.field = field
        self.message = message
    }

    public static func error(_ file: String, _ field: String, _ message: String) -> Diagnostic {
        Diagnostic(.error, file: file, field: field, message: message)
    }

    /// `error: <file>: <field>: <message>`, the one-line form the CLI prints on stderr.
    public var line: String {
        "\(severity.rawValue): \(file): \(field): \(message)"
    }
}
