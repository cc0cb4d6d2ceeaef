import Foundation
import ScreenshotCompose

/// One `tools/call`, run as its command runs (the library, called as main.swift calls it), its
/// answer the document `--json` prints. Every problem, with the arguments, a path or the run,
/// is in that document's `problems`: the call is then an error result, never a server error.
struct MCPToolCall {
    var tool: MCPTool
    var confinement: FolderConfinement
    var sourceDateEpoch: String?

    /// The document, as text (`--json`'s bytes) and as a value, and whether it failed.
    struct Answer {
        var text: String
        var document: JSONValue
        var isError: Bool
    }

    /// `tools/call render`: the `file` of problems with the arguments.
    var file: String { "tools/call \(tool.name)" }

    func run(_ arguments: JSONValue?) -> Answer {
        let (read, problems) = tool.call(arguments, file: file)
        guard let read else { return answer(RunReport(diagnostics: problems)) }
        let refused = read.paths.compactMap { confinement.refusal($0.path, file: file, field: $0.field) }
        if !refused.isEmpty { return answer(RunReport(diagnostics: refused)) }
        let command: Command
        do {
            command = try Arguments.parse(read.line)
        } catch {
            let message = (error as? UsageError)?.message ?? "\(error)"
            return answer(RunReport(diagnostics: [.error(file, "arguments", message)]))
        }
        return run(command)
    }

    private func run(_ command: Command) -> Answer {
        switch command {
        case .render(let job, let arguments):
            let options = arguments.planOptions(sourceDateEpoch: sourceDateEpoch)
            let refused = confinement.refusals(jobFile: job, options: options)
            if !refused.isEmpty { return answer(RunReport(diagnostics: refused)) }
            let rendering = RenderOptions(svgOnly: arguments.svgOnly, jobs: arguments.jobs, pngCompression: arguments.pngCompression,
                                          shard: arguments.shard)
            return answer(ScreenshotComposer().render(jobFile: job, options: options, rendering: rendering))
        case .check(let job, let arguments):
            let options = arguments.planOptions(sourceDateEpoch: sourceDateEpoch)
            let refused = confinement.refusals(jobFile: job, options: options)
            if !refused.isEmpty { return answer(RunReport(diagnostics: refused)) }
            return answer(ScreenshotComposer().check(jobFile: job, options: options))
        case .verify(let manifest, let outputsOnly, let partial, _):
            return answer(ScreenshotComposer.verify(manifestFile: manifest, outputsOnly: outputsOnly, partial: partial))
        case .wellsIdentify(let files, let wells, let storeWells):
            var d = DiagnosticCollector()
            guard let catalog = WellsListing.loadMerged(file: wells, storeFile: storeWells, into: &d) else {
                return answer(RunReport(diagnostics: d.diagnostics))
            }
            let results = WellsIdentify.identify(files: files, catalog: catalog, into: &d)
            return answer(RunReport(diagnostics: d.diagnostics, outputCount: results.count), listing: WellsIdentify.text(results))
        case .initJob(let folder, let wells, let storeWells, let devices):
            let result = StarterJob.run(folder: folder, into: confinement.root, wells: wells, storeWells: storeWells, devices: devices)
            return answer(RunReport(diagnostics: result.diagnostics, outputCount: result.written.count), listing: result.text)
        default:
            // Only the served commands have tools; the table and `MCPTool.served` agree.
            return answer(RunReport(diagnostics: [.error(file, "(tool)", "expected one of \(MCPTool.served.joined(separator: ", ")), found \(tool.name)")]))
        }
    }

    /// `--json`'s document for this command; `listing` (what `wells identify` and `init` print,
    /// as they have no `--json`) is added as a field of its own, and their count is of what
    /// they identified or wrote.
    private func answer(_ report: RunReport, listing: String? = nil) -> Answer {
        var json = JSONReport(command: tool.command.name, report: report)
        if listing != nil { json.counts.outputs = report.outputCount }
        let bytes = (try? json.encoded()) ?? Data()
        var document = (try? JSONValue.parse(bytes)) ?? .object([:])
        var text = String(decoding: bytes, as: UTF8.self)
        if let listing, case .object(var fields) = document {
            fields["listing"] = .string(listing)
            document = .object(fields)
            text += listing
        }
        return Answer(text: text, document: document, isError: !report.succeeded)
    }
}
