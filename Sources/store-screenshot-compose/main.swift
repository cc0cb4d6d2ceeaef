import Foundation
import ScreenshotCompose

// Thin: parse, call the library, print. Exit 0 success, 1 refused input or failed output, 2 usage.

HeapReuse.keepLargeBuffers()

let environment = ProcessInfo.processInfo.environment

/// Writes each distinct line once; returns the errors written.
@discardableResult
func printDiagnostics(_ diagnostics: [Diagnostic]) -> Int {
    let workspace = environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.currentDirectoryPath
    var lines = DiagnosticLines(annotate: environment["GITHUB_ACTIONS"] == "true", workspace: workspace) { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    lines.receive(contentsOf: diagnostics)
    return lines.errorCount
}

/// With `json`, the report as one JSON document on stdout instead of the success line.
func finish(_ report: RunReport, success: String?, json command: String? = nil) -> Never {
    // The drawing workers end and are reaped first, so their CPU counts as this process's.
    RasterWorkers.shutdown()
    let errors = printDiagnostics(report.diagnostics)
    if let command {
        let document = (try? JSONReport(command: command, report: report).encoded()) ?? Data()
        FileHandle.standardOutput.write(document)
    }
    if report.succeeded {
        if let success, command == nil { print(success) }
        exit(0)
    }
    FileHandle.standardError.write(Data("\(errors) error(s)\n".utf8))
    exit(1)
}

let command: Command
do {
    command = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch let error as UsageError {
    FileHandle.standardError.write(Data("error: \(error.message)\n\n\(UsageText.afterError(in: Array(CommandLine.arguments.dropFirst())))\n".utf8))
    exit(2)
}

/// The devices the job leaves out on purpose, after the success line: one line each, so a
/// release log says what was not rendered and why.
func leftOutText(_ report: RunReport) -> String {
    report.leftOut.map { "\nleft out on purpose: capture \($0.capture) (well \($0.well)): \($0.why)" }.joined()
}

func planOptions(_ a: RenderArguments) -> PlanOptions {
    a.planOptions(sourceDateEpoch: environment["SOURCE_DATE_EPOCH"])
}
switch command {
case .help(let name):
    print(name.map(UsageText.help(for:)) ?? UsageText.full)
case .version:
    // The label outputs carry, then the commit of a packaged build (not in any output).
    print(ToolIdentity().label + (BuiltinResources.buildCommit().map { " (commit \($0))" } ?? ""))
case .render(let job, let arguments):
    Interrupts.watch { 128 + $0 }
    let rendering = RenderOptions(svgOnly: arguments.svgOnly, jobs: arguments.jobs, pngCompression: arguments.pngCompression,
                                  shard: arguments.shard, progress: Progress.reporter(arguments.verbosity))
    var report = ScreenshotComposer().render(jobFile: job, options: planOptions(arguments), rendering: rendering)
    Progress.end(arguments.verbosity)
    if arguments.verbosity == .quiet { report.diagnostics.removeAll { $0.severity != .error } }
    finish(report, success: arguments.verbosity == .quiet ? nil : "rendered \(report.outputCount) output(s); manifest \(report.manifestURL?.path ?? "")" + leftOutText(report),
           json: arguments.json ? "render" : nil)
case .preview(let job, let locales, let previewOut, let debounce, let once):
    // Ctrl-C ends a preview normally (exit 0), its staging folder removed.
    Interrupts.watch { _ in 0 }
    let session = PreviewSession(jobFile: job, options: PlanOptions(locales: locales, sourceDateEpoch: environment["SOURCE_DATE_EPOCH"]),
                                 previewOutput: previewOut.map { URL(fileURLWithPath: $0) })
    session.debounce = debounce
    func show(_ lines: [String]) {
        for line in lines {
            let stream = line.hasPrefix("error:") || line.hasPrefix("warning:") ? FileHandle.standardError : FileHandle.standardOutput
            stream.write(Data((line + "\n").utf8))
        }
    }
    // A pass no edit can fix ends the preview with 1; --once ends it after the first pass
    // with that pass's status. exit() runs no deinit: the preview folder's staging goes here.
    func end(_ status: Int32) -> Never {
        RasterWorkers.shutdown()
        StagingRegistry.removeAll()
        exit(status)
    }
    func run() -> PreviewSession.Pass {
        let pass = session.pass()
        show(pass.lines)
        if pass.unfixable { end(1) }
        return pass
    }
    let first = run()
    if once { end(first.succeeded ? 0 : 1) }
    FileHandle.standardOutput.write(Data("watching for changes; Ctrl-C to stop\n".utf8))
    while true {
        if session.waitForChange(timeout: 3600) { _ = run() }
    }
case .mergeManifests(let inputs, let output, let allowPartial):
    let report = MergedRelease.mergeAndWrite(inputs, into: output, allowPartial: allowPartial)
    let partial = report.manifest?.partial == true ? " (partial: \(report.manifest?.plan.outputs.count ?? 0) planned, \(report.outputCount) listed)" : ""
    finish(report, success: "merged \(inputs.count) manifest(s) into \(output)\(partial); contact sheet index.html beside it")
case .check(let job, let arguments):
    var report = ScreenshotComposer().check(jobFile: job, options: planOptions(arguments))
    if arguments.verbosity == .quiet { report.diagnostics.removeAll { $0.severity != .error } }
    finish(report, success: arguments.verbosity == .quiet ? nil : "ok: \(report.outputCount) output(s) would be rendered" + leftOutText(report),
           json: arguments.json ? "check" : nil)
case .verify(let manifest, let outputsOnly, let partial, let json):
    let report = ScreenshotComposer.verify(manifestFile: manifest, outputsOnly: outputsOnly, partial: partial)
    finish(report, success: "verified \(report.outputCount) file(s): every SHA-256 matches", json: json ? "verify" : nil)
case .wells(let file, let store, let storeFile):
    var d = DiagnosticCollector()
    let catalog = WellsListing.load(file: file, into: &d)
    // The plain listing says which targets each well fits exactly, so it reads the store
    // catalog too (a broken one only loses that column). Each file is parsed once.
    var ignored = DiagnosticCollector()
    let storeRead = catalog.flatMap { base in store ? WellsListing.loadStore(file: storeFile, base: base, into: &d)
                                                    : WellsListing.loadStore(file: storeFile, base: base, into: &ignored) }
    let storeCatalog = store ? storeRead : nil
    let merged = store ? nil : catalog.flatMap { base in storeRead.flatMap { WellsListing.merge(base, $0, storeFile: storeFile, into: &ignored) } }
    if let catalog, !d.hasErrors {
        if let storeCatalog {
            // Today (UTC), or SOURCE_DATE_EPOCH's day so a listing can be reproduced.
            let seconds = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Double.init) ?? Date().timeIntervalSince1970
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            let today = formatter.string(from: Date(timeIntervalSince1970: seconds))
            for warning in WellsListing.staleCitations(storeCatalog, file: storeFile ?? "builtin:store-wells.json", today: today) {
                d.add(warning)
            }
        }
        printDiagnostics(d.diagnostics)
        print(storeCatalog.map(WellsListing.storeText) ?? WellsListing.text(merged ?? catalog), terminator: "")
    } else {
        finish(RunReport(diagnostics: d.diagnostics), success: "")
    }
case .wellsIdentify(let files, let file, let storeFile):
    var d = DiagnosticCollector()
    guard let catalog = WellsListing.loadMerged(file: file, storeFile: storeFile, into: &d) else {
        finish(RunReport(diagnostics: d.diagnostics), success: "")
    }
    let results = WellsIdentify.identify(files: files, catalog: catalog, into: &d)
    print(WellsIdentify.text(results), terminator: "")
    finish(RunReport(diagnostics: d.diagnostics, outputCount: results.count), success: nil)
case .schema(let name):
    do {
        FileHandle.standardOutput.write(try JSONSchemas.document(name))
    } catch {
        let message = (error as? JSONSchemas.SchemaError)?.message ?? "\(error)"
        finish(RunReport(diagnostics: [.error("builtin:\(JSONSchemas.resourceName)", "(file)", message)]), success: nil)
    }
case .initJob(let folder, let wells, let storeWells, let devices):
    let result = StarterJob.run(folder: folder, into: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                                wells: wells, storeWells: storeWells, devices: devices)
    print(result.text, terminator: "")
    finish(RunReport(diagnostics: result.diagnostics, outputCount: result.written.count), success: nil)
case .completions(let shell):
    print(Completions.script(for: shell) ?? "", terminator: "")
case .mcp:
    MCPServer.serve(root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    RasterWorkers.shutdown()
    exit(0)
case .reference(let format):
    print(Reference.text(format) ?? "", terminator: "")
}
