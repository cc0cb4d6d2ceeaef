import Foundation
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
/// A line is written once per run: one template or input refused for every output that uses
/// it (each locale, each target) is one fact, not one per output (`errorCount` counts lines).
public struct DiagnosticLines: DiagnosticSink {
    public var annotate: Bool
    /// The folder annotation paths are relative to: GitHub attaches an annotation to a pull
    /// request's line only by the file's path from the repository's root (`GITHUB_WORKSPACE`).
    public var workspace: String?
    /// Called with each line as it is made (the CLI writes it to stderr).
    public var emit: (String) -> Void
    private var written: Set<String> = []
    /// Errors written (each distinct line once).
    public private(set) var errorCount = 0

    public init(annotate: Bool, workspace: String? = nil, emit: @escaping (String) -> Void) {
        self.annotate = annotate
        self.workspace = workspace
        self.emit = emit
    }

    /// Each distinct line of `diagnostics` once, in order, without annotations: what a run
    /// prints (`preview` shows its passes with it).
    public static func distinct(_ diagnostics: [Diagnostic]) -> [String] {
        var result: [String] = []
        var lines = DiagnosticLines(annotate: false) { result.append($0) }
        lines.receive(contentsOf: diagnostics)
        return result
    }

    public mutating func receive(_ diagnostic: Diagnostic) {
        let line = diagnostic.line
        guard written.insert(line).inserted else { return }
        if diagnostic.severity == .error { errorCount += 1 }
        emit(line)
        if annotate { emit(diagnostic.githubAnnotation(workspace: workspace)) }
    }
}

extension Diagnostic {
    /// A GitHub Actions workflow command (`::error file=…,line=…,col=…::…`) for this problem,
    /// its file relative to `workspace` when it lies inside it (a relative file is taken from the
    /// current folder).
    public func githubAnnotation(workspace: String? = nil) -> String {
        func escapeData(_ s: String) -> String {
            s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ s: String) -> String {
            escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        var properties = ["file=\(escapeProperty(workspace.map { Self.path(file, relativeTo: $0) } ?? file))"]
        if let position { properties += ["line=\(position.line)", "col=\(position.column)"] }
        properties.append("title=\(escapeProperty(field))")
        return "::\(severity == .error ? "error" : "warning") \(properties.joined(separator: ","))::\(escapeData(message))"
    }
}

extension Diagnostic {
    /// `file` from inside `workspace` (`a/b.json`); as it is when outside it or no path
    /// (`builtin:…`, `(stdin)`).
    static func path(_ file: String, relativeTo workspace: String) -> String {
        guard !file.isEmpty, !file.hasPrefix("builtin:"), !file.hasPrefix("(") else { return file }
        let current = FileManager.default.currentDirectoryPath
        let absolute = URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL.path
        let base = URL(fileURLWithPath: workspace, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : file
    }
}
