/// Gathers every problem of a run so that all of them are reported at once, not just
/// the first. Stages append to it instead of throwing.
public struct DiagnosticCollector: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func add(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func error(_ file: String, _ field: String, _ message: String) {
        add(.error(file, field, message))
    }

    public mutating func warning(_ file: String, _ field: String, _ message: String) {
        add(Diagnostic(.warning, file: file, field: field, message: message))
    }

    public mutating func append(contentsOf other: DiagnosticCollector) {
        diagnostics.append(contentsOf: other.diagnostics)
    }

    /// Marks the diagnostics added since `index` as belonging to `captureId`.
    mutating func attribute(since index: Int, to captureId: String) {
        for i in index..<diagnostics.count where diagnostics[i].captureId == nil { diagnostics[i].captureId = captureId }
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}
