import Foundation
import Diagnostics
import Support
import Ingest
import Plan
import Layout
import Raster
import Manifest
import Publish

/// What `ScreenshotComposer.renderInMemory` gives back: every output's bytes, the manifest
/// that would describe them, and every diagnostic.
public struct InMemoryRender: Sendable {
    /// The rendered outputs in render order (locale, then job order); with
    /// `PlanOptions.keepGoing`, those whose capture was not refused. Each `svg` is the SVG that
    /// was drawn; it links its capture as `captureCopy`, to be placed at
    /// `spec.destination.captureCopy` beside it, the job's font files (`@font-face`) at
    /// `spec.destination.fontCopies` (the manifest's `fontCopies`), and a background image
    /// (`spec.background`'s `drawBytes`) at `spec.destination.backgroundCopy`.
    public var outputs: [RenderedOutput]
    /// The manifest the outputs would be published with (paths relative to the job's output
    /// folder); nil when any output failed without `keepGoing`, or the job was refused.
    public var manifest: Manifest?
    public var diagnostics: [Diagnostic]

    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}

/// A job file and every file it names, as bytes: what the library renders without reading
/// anything of the caller's from disk. `files` maps each path as the job names it (relative to
/// the job file's folder, `/` between folders) to its bytes: captures (or fastlane folders'
/// files), String Catalogs and `.strings` files, wells catalogs, templates, frames, icons, fonts.
public struct JobFiles: Sendable {
    /// The job file's JSON.
    public var job: Data
    public var files: [String: Data]
    /// How diagnostics name the job file.
    public var name: String

    public init(job: Data, files: [String: Data] = [:], name: String = "job.json") {
        self.job = job
        self.files = files
        self.name = name
    }
}

/// Memory as a sink: each output kept whole (its SVG, PNG and findings).
struct MemorySink: OutputSink {
    let staging: StagingArea
    var outputRoot: URL? { nil }

    func keep(_ rendered: RenderedOutput) -> RenderedOutput { rendered }
}

extension ScreenshotComposer {
    /// Every check `render` makes, for a job given as bytes; nothing of the caller's is read
    /// or written (the bytes are placed in a private temporary folder, removed before return).
    public func check(_ files: JobFiles, options: PlanOptions = PlanOptions()) -> RunReport {
        var count = 0
        let diagnostics = withPrivateCopy(files) { jobFile, _, d in
            count = prepare(jobFile: jobFile, options: options, shard: nil, target: .memory, into: &d)?.1.count ?? 0
        }
        return RunReport(diagnostics: diagnostics, outputCount: count)
    }

    /// Renders a job given as bytes to values, through the render loop every run uses: the job
    /// file and its files are placed in a private temporary folder (`TMPDIR`), where librsvg
    /// reads each output's capture copy beside its SVG, and the folder is removed before this
    /// returns. The job's `output` only names the manifest's relative paths: nothing is read
    /// from or written to it, nor anywhere relative to the working directory. Diagnostics name
    /// the files as `files` names them.
    public func renderInMemory(_ files: JobFiles, options: PlanOptions = PlanOptions(),
                               rendering: RenderOptions = RenderOptions()) -> InMemoryRender {
        var result = InMemoryRender(outputs: [], manifest: nil, diagnostics: [])
        result.diagnostics = withPrivateCopy(files) { jobFile, folder, d in
            guard let (plan, laidOut) = prepare(jobFile: jobFile, options: options, shard: rendering.shard, target: .memory, into: &d) else { return }
            (result.outputs, result.manifest) = renderToMemory(plan, laidOut, staging: folder.appendingPathComponent("render"),
                                                               options: options, rendering: rendering, diagnostics: &d)
            // A font file given as bytes is named like the other inputs, relative to the output
            // folder, not by its place in the private folder (gone when this returns).
            let inside = folder.path + "/"
            for i in result.manifest?.outputs.indices ?? 0..<0 {
                for j in result.manifest?.outputs[i].fonts.indices ?? 0..<0 where result.manifest?.outputs[i].fonts[j].path.hasPrefix(inside) == true {
                    let path = result.manifest?.outputs[i].fonts[j].path ?? ""
                    result.manifest?.outputs[i].fonts[j].path = RelativePath.from(plan.output, to: URL(fileURLWithPath: path))
                }
            }
        }
        return result
    }

    /// Renders a job built in code to values, as `renderInMemory(_:options:rendering:)` does for
    /// one given as bytes (its captures given as PNG bytes, or read from their URLs).
    public func renderInMemory(job: Job, options: PlanOptions = PlanOptions(),
                               rendering: RenderOptions = RenderOptions()) -> InMemoryRender {
        var d = DiagnosticCollector()
        guard let (plan, laidOut) = prepare(job, inputs: nil, options: options, shard: rendering.shard, target: .memory,
                                            errorsBefore: 0, into: &d) else {
            return InMemoryRender(outputs: [], manifest: nil, diagnostics: d.diagnostics)
        }
        let folder: PrivateFolder
        do {
            folder = try PrivateFolder.make()
        } catch {
            d.error("(temporary folder)", "TMPDIR", (error as? InputReadProblem)?.message ?? "\(error)")
            return InMemoryRender(outputs: [], manifest: nil, diagnostics: d.diagnostics)
        }
        defer { folder.remove() }
        let (outputs, manifest) = renderToMemory(plan, laidOut, staging: folder.url, options: options, rendering: rendering, diagnostics: &d)
        return InMemoryRender(outputs: outputs, manifest: manifest, diagnostics: d.diagnostics)
    }

    private func renderToMemory(_ plan: Plan, _ laidOut: [LaidOutOutput], staging: URL, options: PlanOptions, rendering: RenderOptions,
                                diagnostics d: inout DiagnosticCollector) -> ([RenderedOutput], Manifest?) {
        let run = renderLoop(plan, laidOut, options: options, rendering: rendering, into: MemorySink(staging: StagingArea(root: staging)), diagnostics: &d)
        return (run.outputs.map(\.kept), run.manifest)
    }

    /// Places `files` in a private temporary folder (the job file at `job/<its name>`, each
    /// file at `job/<its path>`), runs `body` with the job file's path, removes the folder, and
    /// returns the diagnostics with the folder's paths written as `files` names them. A path
    /// that is absolute, empty or climbs out with `..` is refused.
    private func withPrivateCopy(_ files: JobFiles, _ body: (String, URL, inout DiagnosticCollector) -> Void) -> [Diagnostic] {
        var d = DiagnosticCollector()
        let folder: PrivateFolder
        do {
            folder = try PrivateFolder.make()
        } catch {
            d.error("(temporary folder)", "TMPDIR", (error as? InputReadProblem)?.message ?? "\(error)")
            return d.diagnostics
        }
        defer { folder.remove() }
        let root = folder.url.appendingPathComponent("job")
        let jobName = URL(fileURLWithPath: files.name).lastPathComponent
        for path in files.files.keys.sorted() {
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            if path.hasPrefix("/") || components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
                d.error(files.name, "(files) \(path)", "a file's path must stay inside the job's folder: expected a relative path without . or .. components, found \"\(path)\"")
            } else if path == jobName {
                d.error(files.name, "(files) \(path)", "a file has the job file's own name: expected another path, found \"\(path)\"")
            }
        }
        if d.hasErrors { return d.diagnostics }
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try files.job.write(to: root.appendingPathComponent(jobName))
            for (path, data) in files.files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
        } catch {
            d.error(folder.url.path, "(temporary folder)", "cannot place the job's files: \(FileErrorText.describe(error, path: folder.url.path))")
            return d.diagnostics
        }
        body(root.appendingPathComponent(jobName).path, folder.url, &d)
        // Paths in the private folder as the caller named them.
        let prefix = root.path + "/"
        return d.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.file = diagnostic.file == prefix + jobName ? files.name : diagnostic.file.replacingOccurrences(of: prefix, with: "")
            diagnostic.message = diagnostic.message.replacingOccurrences(of: prefix, with: "")
            return diagnostic
        }
    }
}
