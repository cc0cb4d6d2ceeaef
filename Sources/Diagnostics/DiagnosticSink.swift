import Support

/// Where a run's diagnostics go. The stages collect into a `DiagnosticCollector`; the readers —
/// the CLI's stderr lines with their GitHub annotations, `--json`'s problems, the contact
/// sheet's warnings — are sinks too, fed every diagnostic of the run in order, and each reads
/// only the same fields of `Diagnostic`: severity, file, field, message, position (line,
/// column) and subject (locale, capture or screen, target). None recovers anything from the
/// message text.
public protocol DiagnosticSink {
    mutating func receive(_ diagnostic: Diagnostic)
}

extension DiagnosticSink {
    /// Every diagnostic, in order.
    public mutating func receive<S: Sequence>(contentsOf diagnostics: S) where S.Element == Diagnostic {
        for diagnostic in diagnostics { receive(diagnostic) }
    }
}

extension DiagnosticCollector: DiagnosticSink {
    public mutating func receive(_ diagnostic: Diagnostic) { add(diagnostic) }
}

/// The CLI's text: `error: <file>:<line>:<column>: <field>: <message>` (`Diagnostic.line`) per diagnostic, each followed, under
/// GitHub Actions (`annotate`), by its workflow command (`::error file=…,line=…,col=…::…`).
public struct DiagnosticLines: DiagnosticSink {
    public var annotate: Bool
    /// Called with each line as it is made (the CLI writes it to stderr).
    public var emit: (String) -> Void

    public init(annotate: Bool, emit: @escaping (String) -> Void) {
        self.annotate = annotate
        self.emit = emit
    }

    public mutating func receive(_ diagnostic: Diagnostic) {
        emit(diagnostic.line)
        if annotate { emit(diagnostic.githubAnnotation) }
    }
}

extension Diagnostic {
    /// A GitHub Actions workflow command (`::error file=…,line=…,col=…::…`) for this problem.
    public var githubAnnotation: String {
        func escapeData(_ s: String) -> String {
            s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ s: String) -> String {
            escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        var properties = ["file=\(escapeProperty(file))"]
        if let position { properties += ["line=\(position.line)", "col=\(position.column)"] }
        properties.append("title=\(escapeProperty(field))")
        return "::\(severity == .error ? "error" : "warning") \(properties.joined(separator: ","))::\(escapeData(message))"
    }
}
