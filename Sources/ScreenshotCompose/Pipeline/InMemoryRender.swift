import Foundation

/// What `ScreenshotComposer.renderInMemory` gives back: every output's bytes, the manifest
/// that would describe them, and every diagnostic.
public struct InMemoryRender: Sendable {
    /// The rendered outputs in render order (locale, then job order); with
    /// `PlanOptions.keepGoing`, those whose capture was not refused.
    public var outputs: [RenderedOutput]
    /// The manifest the outputs would be published with (paths relative to the job's output
    /// folder); nil when any output failed without `keepGoing`, or the job was refused.
    public var manifest: Manifest?
    public var diagnostics: [Diagnostic]

    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}

extension ScreenshotComposer {
    /// Renders a job (built in code, or read with `prepare(jobFile:)`'s loader) to values:
    /// SVG and PNG bytes per output, nothing written to the output folder. librsvg draws an
    /// SVG's image only from a file beside it, so the capture copies are placed in a scratch
    /// folder under the system's temporary folder while rasterizing, and removed afterwards.
    ///
    /// Reports every problem as `diagnostics` (the job's checks, each capture's, each
    /// headline's, each output's); `outputs` is empty when the job was refused.
    public func renderInMemory(job: Job, options: PlanOptions = PlanOptions(),
                               rendering: RenderOptions = RenderOptions()) -> InMemoryRender {
        var d = DiagnosticCollector()
        guard let (plan, laidOut) = prepare(job: job, options: options, into: &d) else {
            return InMemoryRender(outputs: [], manifest: nil, diagnostics: d.diagnostics)
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("store-screenshot-compose-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let staging = StagingArea(root: scratch)
        var renderer = OutputRenderer(pngCompression: rendering.pngCompression)
        renderer.rasterTimeLimit = rendering.rasterTimeLimit
        let results = ParallelRender.run(
            laidOut, jobs: rendering.jobs, progress: rendering.progress,
            describe: { ($0.spec.locale, $0.spec.capture.id) }, succeeded: { $0.0 != nil }
        ) { renderer.renderReporting($0, svgOnly: rendering.svgOnly, staging: staging) }
        var outputs: [RenderedOutput] = []
        for (rendered, problem) in results {
            if let problem { d.add(problem) }
            if let rendered {
                d.append(contentsOf: rendered.findings)
                outputs.append(rendered)
            }
        }
        let failed = d.errors.filter { $0.captureId != nil }
        if d.hasErrors && !(options.keepGoing && failed.count == d.errorCount) {
            return InMemoryRender(outputs: outputs, manifest: nil, diagnostics: d.diagnostics)
        }
        let fontHashes = FontHashes.of(outputs.flatMap(\.fonts))
        var manifest = ManifestBuilder.build(plan: plan, outputs: outputs.map { ManifestBuilder.entry($0, fontHashes: fontHashes) },
                                             typesetter: typesetter, record: planRecord(plan, options: options, rendering: rendering))
        if !failed.isEmpty { manifest.failures = failed.map(Manifest.Failure.init) }
        return InMemoryRender(outputs: outputs, manifest: manifest, diagnostics: d.diagnostics)
    }
}

extension Manifest.Failure {
    /// The failure a diagnostic about one capture's outputs records.
    init(_ diagnostic: Diagnostic) {
        self.init(captureId: diagnostic.captureId ?? "", file: diagnostic.file, field: diagnostic.field, message: diagnostic.message)
    }
}
