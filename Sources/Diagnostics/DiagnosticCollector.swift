import Support

/// Gathers every problem of a run so that all of them are reported at once, not just
/// the first. Stages append to it instead of throwing.
public struct DiagnosticCollector: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []
    /// How many of `diagnostics` are errors, counted as they are added: stages compare it
    /// before and after a step, and `errors.count` would copy every error each time (a job
    /// with 200,000 refused fields made one copy per check).
    public private(set) var errorCount = 0

    /// File → field path → position, from every JSON file read (`JSONFieldReader.root`).
    private var positions: [String: JSONPositionTable] = [:]

    public init() {}

    public mutating func add(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if diagnostic.position == nil, let table = positions[diagnostic.file] {
            diagnostic.position = Self.position(of: diagnostic.field, in: table)
        }
        if diagnostic.severity == .error { errorCount += 1 }
        diagnostics.append(diagnostic)
    }

    /// Positions of a JSON file's values; diagnostics added later about `file` get the line of
    /// their field.
    package mutating func record(positions table: JSONPositionTable, of file: String) {
        positions[file] = table
    }

    /// The field's own position, else its nearest enclosing value's (a missing field points
    /// at the object that lacks it); nil for fields that are no JSON path (`(document)`).
    package static func position(of field: String, in table: JSONPositionTable) -> JSONPosition? {
        guard !field.hasPrefix("("), !field.hasPrefix("-") else { return nil }
        // `inputs.captures[3] (shots/a.png)`: the path the field names is before its closing note.
        let note = field.hasSuffix(")") ? field.range(of: " (", options: .backwards) : nil
        var path = note.map { field[..<$0.lowerBound] } ?? Substring(field)
        while true {
            if let found = table[String(path)] { return found }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return table[""] }
            path = path[..<cut]
        }
    }

    public mutating func error(_ file: String, _ field: String, _ message: String) {
        add(.error(file, field, message))
    }

    /// An error at a known position (an SVG element's line and column).
    package mutating func error(_ file: String, _ field: String, _ message: String, at position: JSONPosition?) {
        add(Diagnostic(.error, file: file, field: field, message: message, position: position))
    }

    public mutating func warning(_ file: String, _ field: String, _ message: String) {
        add(Diagnostic(.warning, file: file, field: field, message: message))
    }

    public mutating func append(contentsOf other: DiagnosticCollector) {
        diagnostics.append(contentsOf: other.diagnostics)
        errorCount += other.errorCount
        positions.merge(other.positions) { mine, _ in mine }
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
        errorCount += other.filter { $0.severity == .error }.count
    }

    /// Marks the diagnostics added since `index` (that have no subject yet) as being about
    /// `subject`.
    package mutating func attribute(since index: Int, to subject: DiagnosticSubject) {
        for i in index..<diagnostics.count where diagnostics[i].subject == nil { diagnostics[i].subject = subject }
    }

    /// Marks the diagnostics added since `index` as belonging to the capture `captureId`.
    package mutating func attribute(since index: Int, to captureId: String) {
        attribute(since: index, to: DiagnosticSubject(captureId: captureId))
    }

    /// Removes the diagnostics added since `index` that `matching` picks (a part run leaves
    /// out the problems of the locales it does not render).
    package mutating func discard(since index: Int, matching: (Diagnostic) -> Bool) {
        var kept = Array(diagnostics[..<index])
        for diagnostic in diagnostics[index...] where !matching(diagnostic) { kept.append(diagnostic) }
        diagnostics = kept
        errorCount = kept.reduce(0) { $0 + ($1.severity == .error ? 1 : 0) }
    }

    public var hasErrors: Bool { errorCount > 0 }
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}
