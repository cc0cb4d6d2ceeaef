import Foundation
import Diagnostics
import Support
import Ingest
import Plan
import Layout
import Raster
import Manifest
import Publish

/// Where the render loop hands each rendered output: the output folder (its files staged, then
/// published with the manifest), memory (the library API), or the preview folder.
protocol OutputSink {
    /// What the run keeps of one output once the sink took it.
    associatedtype Kept: Sendable
    /// The folder librsvg reads each output's capture copy from (it reads images only from
    /// files beside the SVG).
    var staging: StagingArea { get }
    /// The folder output files are named under in diagnostics (nil: paths relative to it).
    var outputRoot: URL? { get }
    /// Takes one rendered output, on the thread that drew it.
    func keep(_ rendered: RenderedOutput) throws -> Kept
}

/// What the render loop made of a run's outputs.
struct RenderLoopResult<Kept: Sendable> {
    /// Each output the sink took, with its manifest entry, in plan order.
    var outputs: [(entry: Manifest.Output, kept: Kept)]
    /// The manifest of the run; nil when an output failed (and `--keep-going` does not cover it).
    var manifest: Manifest?
    /// The part of the plan this run rendered (nil: the whole plan).
    var selection: Manifest.Selection?
}

extension ScreenshotComposer {
    /// The one render loop, whatever the sink: every laid-out output composed, drawn (unless
    /// `--svg-only`) and handed to `sink` on `rendering.jobs` threads, its problems collected in
    /// plan order; then the manifest of the run, built from the plan's record and the entries.
    /// Outputs of one capture share the layers below their text (`SharedLayers`).
    func renderLoop<Sink: OutputSink>(_ plan: Plan, _ laidOut: [LaidOutOutput], options: PlanOptions, rendering: RenderOptions,
                                      into sink: Sink, diagnostics d: inout DiagnosticCollector) -> RenderLoopResult<Sink.Kept> {
        let record = planRecord(plan, options: options, rendering: rendering)
        let selection = PlanRecord.selection(plan: plan, options: options, shard: rendering.shard)
        var renderer = OutputRenderer(pngCompression: rendering.pngCompression, outputRoot: sink.outputRoot)
        let (order, sharedLayers) = SharedLayers.plan(laidOut, svgOnly: rendering.svgOnly, jobs: rendering.jobs)
        renderer.sharedLayers = sharedLayers
        renderer.rasterTimeLimit = rendering.rasterTimeLimit
        // One drawing worker per drawing thread.
        RasterWorkers.capacity = rendering.jobs
        let fontHashes = FontHashes.of(laidOut.flatMap(\.layout.fontFiles))
        // Each thread renders an output and hands it to the sink, which keeps what it needs
        // (a folder render: only the staged files' names), so the pixels of one output at a time
        // per thread are in memory (and the shared layers of the captures in progress).
        let results = ParallelRender.run(
            laidOut, jobs: rendering.jobs, progress: rendering.progress,
            describe: { ($0.spec.locale, $0.spec.name) }, succeeded: { $0.kept != nil }, order: order
        ) { [renderer] item -> Handed<Sink.Kept> in
            let (rendered, problem) = renderer.renderReporting(item, svgOnly: rendering.svgOnly, staging: sink.staging)
            guard let rendered else { return Handed(diagnostics: [problem].compactMap { $0 }) }
            do {
                return Handed(entry: ManifestBuilder.entry(rendered, fontHashes: fontHashes), kept: try sink.keep(rendered),
                              diagnostics: rendered.findings)
            } catch {
                let path = renderer.displayPath(item.spec.destination.svg)
                var problem = Diagnostic.error(path, "(output)", "cannot write: \(FileErrorText.describe(error, path: path))")
                problem.subject = item.spec.subject
                return Handed(diagnostics: rendered.findings + [problem])
            }
        }
        for result in results { d.append(contentsOf: result.diagnostics) }
        let outputs = results.compactMap { result in result.entry.flatMap { entry in result.kept.map { (entry: entry, kept: $0) } } }
        // With --keep-going, a run whose every error is about one capture's outputs is published
        // with those failures listed.
        let failed = d.errors.filter { $0.captureId != nil }
        guard !d.hasErrors || (options.keepGoing && failed.count == d.errorCount) else {
            return RenderLoopResult(outputs: outputs, manifest: nil, selection: selection)
        }
        var manifest = ManifestBuilder.build(plan: plan, outputs: outputs.map(\.entry), typesetter: typesetter, record: record, selection: selection)
        if !failed.isEmpty { manifest.failures = failed.map(Manifest.Failure.init) }
        return RenderLoopResult(outputs: outputs, manifest: manifest, selection: selection)
    }
}

/// One output as the loop gets it back from its thread.
private struct Handed<Kept> {
    var entry: Manifest.Output?
    var kept: Kept?
    var diagnostics: [Diagnostic]

    init(entry: Manifest.Output? = nil, kept: Kept? = nil, diagnostics: [Diagnostic]) {
        self.entry = entry
        self.kept = kept
        self.diagnostics = diagnostics
    }
}

extension Manifest.Failure {
    /// The failure a diagnostic about one capture's outputs records.
    init(_ diagnostic: Diagnostic) {
        self.init(captureId: diagnostic.captureId ?? "", file: diagnostic.file, field: diagnostic.field, message: diagnostic.message)
    }
}
