import Foundation

/// `preview`: renders the SVGs (no PNGs) and the contact sheet, then re-renders whenever the
/// job, its headline sources, template, wells, captures or font files change. Only files whose
/// bytes change are rewritten, and each rewritten output is reported.
///
/// The preview has its own folder, `<output>/.preview/` (or `previewOutput`): it never writes,
/// replaces or removes a release output, fastlane copy or manifest, so a released folder stays
/// exactly what its manifest vouches for while a designer previews edits.
public final class PreviewSession {
    public let jobFile: String
    public var options: PlanOptions
    /// The preview folder; nil: `.preview` inside the job's output folder.
    public let previewOutput: URL?
    private let composer = ScreenshotComposer()
    /// SHA-256 of each file written, by absolute path (a new preview folder starts empty).
    private var previous: [String: String] = [:]
    private var watcher: FileWatcher?
    /// Held for the session on the folder being written, so two previews never interleave;
    /// released and taken anew when the job's output (so the preview folder) changes.
    private var folder: OutputFolder?

    public static let folderName = ".preview"
    /// Seconds without another file event before a pass starts: an editor's save burst (write,
    /// rename, chmod) gives one pass.
    public static let defaultDebounce = 0.2
    /// The quiet window in seconds (`--debounce`); a slow or loaded machine may need more.
    public var debounce = PreviewSession.defaultDebounce

    public init(jobFile: String, options: PlanOptions, previewOutput: URL? = nil) {
        self.jobFile = jobFile
        self.options = options
        self.previewOutput = previewOutput?.standardizedFileURL
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
        let root = previewOutput ?? plan.output.appendingPathComponent(Self.folderName)
        if folder?.root.path != root.path {
            // The job's output changed: the old folder's lock goes, the new one is taken before
            // anything is written there, and nothing is assumed about its files.
            folder = nil
            previous = [:]
            do {
                folder = try OutputFolder(root)
            } catch let error as OutputFolderError {
                return lines + ["error: \(root.path): (output folder): \(error.message)"]
            } catch {
                return lines + ["error: \(root.path): (output folder): \(error)"]
            }
        }
        var outputs: [Manifest.Output] = []
        let staging = StagingArea(root: root)
        for item in laidOut {
            do {
                let composed = try SVGComposer.compose(item)
                let capture = item.spec.capture
                let svgHash = SHA256.hex(composed.data)
                let svgURL = root.appendingPathComponent(composed.relativePath).path
                let copyURL = root.appendingPathComponent(composed.captureCopyRelativePath).path
                if previous[svgURL] != svgHash || previous[copyURL] != capture.drawSHA256 {
                    if previous[copyURL] != capture.drawSHA256 {
                        try staging.placeCapture(item.spec)
                        previous[copyURL] = capture.drawSHA256
                    }
                    try AtomicFile.write(composed.data, to: URL(fileURLWithPath: svgURL))
                    previous[svgURL] = svgHash
                    lines.append("rendered \(composed.relativePath)")
                }
                let rendered = RenderedOutput(spec: item.spec, svg: composed.data, png: nil, fonts: item.layout.fontFiles, findings: [],
                                              svgSHA256: svgHash, pngSHA256: nil, width: item.layout.width, height: item.layout.height)
                outputs.append(ManifestBuilder.entry(rendered, fontHashes: [:]))
            } catch {
                lines.append("error: \(root.appendingPathComponent(item.spec.locale).path): (output): \(error)")
            }
        }
        let sheet = ContactSheet.html(plan: plan, outputs: outputs, warnings: d.diagnostics.filter { $0.severity == .warning })
        let sheetHash = SHA256.hex(sheet)
        let sheetURL = root.appendingPathComponent(OutputPaths.contactSheet)
        if previous[sheetURL.path] != sheetHash {
            try? AtomicFile.write(sheet, to: sheetURL)
            previous[sheetURL.path] = sheetHash
        }
        return lines
    }

    /// Blocks until a watched file changes (debounced) or `timeout` seconds pass; true on a change.
    public func waitForChange(timeout: Double) -> Bool {
        guard let watcher else { Thread.sleep(forTimeInterval: timeout); return true }
        return !watcher.waitForChanges(timeout: timeout, quiet: debounce).isEmpty
    }

    private func watch(plan: Plan?) {
        var urls = [URL(fileURLWithPath: jobFile)]
        if plan == nil {
            // The job was refused: still watch what it names, so fixing a capture or a
            // strings file (not only the job) brings the preview back.
            var ignored = DiagnosticCollector()
            if let job = JobLoader.load(file: jobFile, headlineOptions: options.headlines, into: &ignored) {
                urls += job.captures.flatMap { capture in
                    capture.isPerLocale ? job.locales.map { locale in
                        JobLoader.resolve(LocaleCapturePath.path(capture.path, locale: locale, captureLocales: job.captureLocales), against: job.directory)
                    } : [capture.url]
                } + job.headlineFiles.compactMap(\.url)
                urls += [job.template, job.wells, job.storeWells].compactMap { $0 }
            }
        }
        if let plan { urls += plan.inputURLs }
        watcher?.watch(urls)
    }
}
