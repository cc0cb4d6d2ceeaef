import Diagnostics
import Support

/// Problems found while a template is read, kept in document order (by the element they are
/// about) whichever step found them, then reported into the run's collector in one go.
struct TemplateFindings {
    struct Finding {
        var order: Int
        var sequence: Int
        var severity: Diagnostic.Severity
        var field: String
        var message: String
        var position: JSONPosition?
    }

    let file: String
    private(set) var items: [Finding] = []
    private var sequence = 0
    /// Editor data dropped: what, counted, for the one warning.
    private(set) var dropped: [String: Int] = [:]
    private var droppedOrder: [String] = []
    /// The bounds' estimate of the drawing time per output (`TemplateBounds`).
    var estimatedMilliseconds = 0.0

    init(file: String) { self.file = file }

    var hasErrors: Bool { items.contains { $0.severity == .error } }

    /// An error about the element at document position `order` (0 for the document itself).
    mutating func error(_ order: Int, _ field: String, _ message: String, at position: JSONPosition?) {
        sequence += 1
        items.append(Finding(order: order, sequence: sequence, severity: .error, field: field, message: message, position: position))
    }

    /// A refusal that comes after every element's (the document's own: counts, missing slots).
    mutating func error(_ field: String, _ message: String, at position: JSONPosition? = nil) {
        error(Int.max, field, message, at: position)
    }

    /// Editor data left out of the tree (`what`: "inkscape:label attributes").
    mutating func drop(_ what: String) {
        if dropped[what] == nil { droppedOrder.append(what) }
        dropped[what, default: 0] += 1
    }

    /// Everything found, in document order, and the one warning about dropped editor data.
    func report(into d: inout DiagnosticCollector, what: String) {
        for item in items.sorted(by: { ($0.order, $0.sequence) < ($1.order, $1.sequence) }) {
            d.add(Diagnostic(item.severity, file: file, field: item.field, message: item.message, position: item.position))
        }
        guard !droppedOrder.isEmpty else { return }
        let list = droppedOrder.prefix(8).map { "\($0) (\(dropped[$0] ?? 0))" }.joined(separator: ", ")
        let more = droppedOrder.count > 8 ? ", and \(droppedOrder.count - 8) more kinds" : ""
        d.warning(file, "(\(what))", "left out what design tools write for themselves and what no renderer draws: \(list)\(more); the composed SVG does not hold them")
    }
}
