import Foundation
import Diagnostics
import Support
import Ingest
import Plan
import Raster
import Publish

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
    /// The preview folder as the render loop's sink; it remembers what it wrote (a new preview
    /// folder starts empty).
    private var sink: PreviewSink?
    private var watcher: FileWatcher?
    /// Held for the session on the folder being written, so two previews never interleave;
    /// released and taken anew when the job's output (so the preview folder) changes.
    private var folder: PreviewFolder?

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

    /// What one pass printed and how it ended.
    public struct Pass: Equatable, Sendable {
        /// `rendered de-DE/home.svg`, or the problems.
        public var lines: [String]
        /// No error: every output of the pass was written.
        public var succeeded: Bool { !lines.contains { $0.hasPrefix("error:") } }
        /// Refused for a reason no edit of a watched file can fix (the `--preview-out` folder
        /// given on the command line is a release, a link, another preview's): watching on
        /// would wait for nothing, so `preview` exits 1.
        public var unfixable = false
    }

    /// `pass().lines`.
    public func renderPass() -> [String] { pass().lines }

    /// One pass: plan, lay out, compose (the render loop of every run, SVGs only); writes the
    /// SVGs, capture copies and the contact sheet that changed.
    public func pass() -> Pass {
        var d = DiagnosticCollector()
        guard let (plan, laidOut) = composer.prepare(jobFile: jobFile, options: options, into: &d) else {
            watch(plan: nil)
            return Pass(lines: DiagnosticLines.distinct(d.diagnostics))
        }
        watch(plan: plan)
        let root = previewOutput ?? plan.output.appendingPathComponent(Self.folderName)
        if folder?.root.path != root.path {
            // The job's output changed: the old folder's lock goes, the new one is taken before
            // anything is written there, and nothing is assumed about its files.
            folder = nil
            sink = nil
            // The default folder follows the job's output, which an edit of the job can move;
            // a folder given on the command line stays what it is until preview is run again.
            let unfixable = previewOutput != nil
            do {
                folder = try PreviewFolder(root)
            } catch let error as OutputFolderError {
                return Pass(lines: DiagnosticLines.distinct(d.diagnostics) + ["error: \(root.path): (preview folder): \(error.message)"], unfixable: unfixable)
            } catch {
                return Pass(lines: DiagnosticLines.distinct(d.diagnostics) + ["error: \(root.path): (preview folder): \(error)"], unfixable: unfixable)
            }
            sink = PreviewSink(root: root)
        }
        guard let sink, let folder else { return Pass(lines: DiagnosticLines.distinct(d.diagnostics)) }
        // Every file the pass may write is claimed first under the folder's ownership rule:
        // nothing is written when a file of someone else's is in the way.
        let files = laidOut.flatMap { [$0.spec.destination.svg, $0.spec.destination.captureCopy] + $0.spec.destination.extraCaptureCopies + $0.spec.destination.fontCopies + [$0.spec.destination.backgroundCopy].compactMap { $0 } }
        let problems = folder.claim(files + [OutputPaths.contactSheetScript, OutputPaths.contactSheet])
        if !problems.isEmpty { return Pass(lines: DiagnosticLines.distinct(d.diagnostics) + problems.map { "error: \(root.path): (preview folder): \($0)" }) }
        let run = composer.renderLoop(plan, laidOut, options: options, rendering: RenderOptions(svgOnly: true), into: sink, diagnostics: &d)
        let sheet = ContactSheet.html(plan: plan, outputs: run.outputs.map(\.entry), warnings: d.diagnostics.filter { $0.severity == .warning })
        sink.writeIfChanged(ContactSheet.script, to: OutputPaths.contactSheetScript)
        sink.writeIfChanged(sheet, to: OutputPaths.contactSheet)
        return Pass(lines: DiagnosticLines.distinct(d.diagnostics) + run.outputs.compactMap(\.kept))
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
                    capture.isPerLocale ? job.locales.map { locale in LocaleCapturePath.file(capture, locale: locale, job: job).url } : [capture.url]
                } + job.headlineFiles.compactMap(\.url)
                urls += [job.template, job.wells, job.storeWells].compactMap { $0 }
            }
        }
        if let plan { urls += plan.inputURLs }
        watcher?.watch(urls)
    }
}

/// The preview folder as a sink: an output's SVG and capture copies are written only when their
/// bytes changed since the last pass; the kept value is the line saying so.
final class PreviewSink: OutputSink, @unchecked Sendable {
    let staging: StagingArea
    var outputRoot: URL? { staging.root }
    private let lock = NSLock()
    /// SHA-256 of each file written, by path relative to the folder.
    private var written: [String: String] = [:]

    init(root: URL) {
        staging = StagingArea(root: root)
    }

    /// Whether `path` holds other bytes than `sha256` (and records that it will).
    private func changes(_ path: String, to sha256: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard written[path] != sha256 else { return false }
        written[path] = sha256
        return true
    }

    private func forget(_ path: String) {
        lock.lock()
        written[path] = nil
        lock.unlock()
    }

    func keep(_ rendered: RenderedOutput) throws -> String? {
        let spec = rendered.spec, names = spec.destination
        let copyChanged = changes(names.captureCopy, to: spec.capture.drawSHA256)
        let svgChanged = changes(names.svg, to: rendered.svgSHA256)
        guard copyChanged || svgChanged else { return nil }
        do {
            if copyChanged { try staging.placeCapture(spec) }
            try AtomicFile.write(rendered.svg, to: staging.root.appendingPathComponent(names.svg))
        } catch {
            // Written again on the next pass.
            forget(names.captureCopy)
            forget(names.svg)
            throw error
        }
        return "rendered \(names.svg)"
    }

    /// The contact sheet (or another review file), when its bytes changed.
    func writeIfChanged(_ data: Data, to relative: String) {
        guard changes(relative, to: SHA256.hex(data)) else { return }
        if (try? AtomicFile.write(data, to: staging.root.appendingPathComponent(relative))) == nil { forget(relative) }
    }
}
