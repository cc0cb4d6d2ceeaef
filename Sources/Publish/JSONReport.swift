import Support
import Foundation
import Diagnostics
import Ingest
import Manifest
import Plan

/// The one JSON document `--json` prints on stdout (shape documented in the README).
public struct JSONReport: Codable, Equatable, Sendable {
    public struct Counts: Codable, Equatable, Sendable {
        public var outputs: Int
        public var errors: Int
        public var warnings: Int
    }

    public struct Problem: Codable, Equatable, Sendable {
        /// `error` or `warning`.
        public var severity: String
        public var file: String
        public var field: String
        public var message: String
        /// 1-based line and column in `file` the problem points at, when known (null otherwise).
        public var line: Int?
        public var column: Int?
        /// Who the problem is about (null when it is the whole run's).
        public var locale: String?
        public var captureId: String?
        public var target: String?

        enum CodingKeys: String, CodingKey {
            case severity, file, field, message, line, column, locale, captureId, target
        }

        /// The fields of a diagnostic, as the CLI line, the annotation and the contact sheet
        /// read them.
        public init(_ diagnostic: Diagnostic) {
            severity = diagnostic.severity.rawValue
            file = diagnostic.file
            field = diagnostic.field
            message = diagnostic.message
            line = diagnostic.position?.line
            column = diagnostic.position?.column
            locale = diagnostic.subject?.locale
            captureId = diagnostic.subject?.captureId
            target = diagnostic.subject?.target
        }

        /// Absent values are written as null, so the shape never changes.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(severity, forKey: .severity)
            try c.encode(file, forKey: .file)
            try c.encode(field, forKey: .field)
            try c.encode(message, forKey: .message)
            try c.encode(line, forKey: .line)
            try c.encode(column, forKey: .column)
            try c.encode(locale, forKey: .locale)
            try c.encode(captureId, forKey: .captureId)
            try c.encode(target, forKey: .target)
        }
    }

    /// `render`, `check` or `verify`.
    public var command: String
    /// `succeeded` or `failed`.
    public var status: String
    public var counts: Counts
    /// The manifest written (render) or verified (verify), else nil.
    public var manifest: String?
    /// Every output of that manifest (render, verify; empty for check).
    public var outputs: [Manifest.Output]
    public var problems: [Problem]
    /// The captures the job leaves out on purpose (`"leaveOut"`): capture, well and why.
    public var leftOut: [LeftOutCapture]

    enum CodingKeys: String, CodingKey {
        case command, status, counts, manifest, outputs, problems, leftOut
    }

    /// `manifest` is written as null, not left out, so the shape never changes.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(command, forKey: .command)
        try c.encode(status, forKey: .status)
        try c.encode(counts, forKey: .counts)
        try c.encode(manifest, forKey: .manifest)
        try c.encode(outputs, forKey: .outputs)
        try c.encode(problems, forKey: .problems)
        try c.encode(leftOut, forKey: .leftOut)
    }

    /// The report's `problems` and their counts, as a diagnostic sink fills them.
    struct Problems: DiagnosticSink {
        var problems: [Problem] = []
        var errors = 0
        var warnings = 0

        mutating func receive(_ diagnostic: Diagnostic) {
            problems.append(Problem(diagnostic))
            if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
        }
    }

    public init(command: String, report: RunReport) {
        self.command = command
        var sink = Problems()
        sink.receive(contentsOf: report.diagnostics)
        status = sink.errors == 0 ? "succeeded" : "failed"
        counts = Counts(outputs: report.manifest?.outputs.count ?? (command == "check" ? report.outputCount : 0),
                        errors: sink.errors, warnings: sink.warnings)
        manifest = report.manifestURL?.path
        outputs = report.manifest?.outputs ?? []
        problems = sink.problems
        leftOut = report.leftOut
    }

    /// Pretty-printed, sorted keys, final newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}
