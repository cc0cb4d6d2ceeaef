import Foundation

/// `preview`: renders the SVGs (no PNGs) and the contact sheet, then re-renders whenever the
/// job, its headline sources, template, wells, captures or font files change. Only files whose
/// bytes change are rewritten, and each rewritten output is reported.
public final class PreviewSession {
    public let jobFile: String
    public var options: PlanOptions
    private let composer = ScreenshotComposer()
    private var previous: [String: String] = [:]
    private var watcher: FileWatcher?
    /// Held for the session, so a render cannot write the folder at the same time.
    private var folder: OutputFolder?

    public init(jobFile: String, options: PlanOptions) {
        self.jobFile = jobFile
        self.options = options
        // One composedAt for the whole session, so an edit changes only the SVGs it affects.
        if self.options.sourceDateEpoch == nil {
            self.options.sourceDateEpoch = String(Int(Date().timeIntervalSince1970))
        }
        watcher = FileWatcher()
    }

    /// One pass: plan, lay out, compose; writes the SVGs, capture copies and the contact sheet
    /// that changed. Returns the lines to print (`rendered de-DE/home.svg`, or the problems).
    public func renderPass() -> [String] {
        var d = DiagnosticCollector()
        guard let (plan, laidOut) = composer.prepare(jobFile: jobFile, options: options, into: &d) else {
            watch(plan: nil)
            return d.diagnostics.map(\.line)
        }
        watch(plan: plan)
        var lines = d.diagnostics.map(\.line)
        if folder == nil {
            do {
                folder = try OutputFolder(plan.output)
            } catch let error as OutputFolderError {
                return lines + ["error: \(plan.output.path): (output folder): \(error.message)"]
            } catch {
                return lines + ["error: \(plan.output.path): (output folder): \(error)"]
            }
        }
        var outputs: [Manifest.Output] = []
        let staging = StagingArea(root: plan.output)
        for item in laidOut {
            do {
                let composed = try SVGComposer.compose(item)
                let capture = item.spec.capture
                let svgHash = SHA256.hex(composed.data)
                if previous[composed.relativePath] != svgHash || previous[composed.captureCopyRelativePath] != capture.drawSHA256 {
                    if previous[composed.captureCopyRelativePath] != capture.drawSHA256 {
                        try staging.placeCapture(item.spec)
                        previous[composed.captureCopyRelativePath] = capture.drawSHA256
                    }
                    try AtomicFile.write(composed.data, to: plan.output.appendingPathComponent(composed.relativePath))
                    previous[composed.relativePath] = svgHash
                    lines.append("rendered \(composed.relativePath)")
                    // A manifest no longer describes a folder whose SVGs preview rewrote.
                    let manifest = plan.output.appendingPathComponent(OutputPaths.manifest)
                    if FileManager.default.fileExists(atPath: manifest.path) {
                        try? FileManager.default.removeItem(at: manifest)
                        lines.append("removed manifest.json: it no longer describes this folder (render again to make one)")
                    }
                }
                let rendered = RenderedOutput(spec: item.spec, svg: composed.data, png: nil, fonts: item.layout.fontFiles, findings: [],
                                              svgSHA256: svgHash, pngSHA256: nil, width: item.layout.width, height: item.layout.height)
                outputs.append(ManifestBuilder.entry(rendered, fontHashes: [:]))
            } catch {
                lines.append("error: \(plan.output.appendingPathComponent(item.spec.locale).path): (output): \(error)")
            }
        }
        let sheet = ContactSheet.html(plan: plan, outputs: outputs, warnings: d.diagnostics.filter { $0.severity == .warning })
        let sheetHash = SHA256.hex(sheet)
        if previous["index.html"] != sheetHash {
            try? AtomicFile.write(sheet, to: plan.output.appendingPathComponent(OutputPaths.contactSheet))
            previous["index.html"] = sheetHash
        }
        return lines
    }

    /// Blocks until a watched file changes (debounced) or `timeout` seconds pass; true on a change.
    public func waitForChange(timeout: Double) -> Bool {
        guard let watcher else { Thread.sleep(forTimeInterval: timeout); return true }
        return !watcher.waitForChanges(timeout: timeout).isEmpty
    }

    private func watch(plan: Plan?) {
        var urls = [URL(fileURLWithPath: jobFile)]
        if plan == nil {
            // The job was refused: still watch what it names, so fixing a capture or a
            // strings file (not only the job) brings the preview back.
            var ignored = DiagnosticCollector()
            if let job = JobLoader.load(file: jobFile, headlineOptions: options.headlines, into: &ignored) {
                urls += job.captures.map(\.url) + job.headlineFiles.compactMap(\.url)
                urls += [job.template, job.wells, job.storeWells].compactMap { $0 }
            }
        }
        if let plan {
            urls += plan.captures.map(\.url)
            urls += [plan.templateFile.url, plan.wellsFile.url, plan.storeWellsFile.url].compactMap { $0 }
            urls += plan.job.headlineFiles.compactMap(\.url)
            urls += plan.job.typesetting.fontFiles.map { URL(fileURLWithPath: $0) }
        }
        watcher?.watch(urls)
    }
}
