import Foundation
import Diagnostics
import Ingest

/// The publish step's pre-flight of the output folder, asked for by the planner and run right
/// after it (`ScreenshotComposer`), so `check` reports what `render` would refuse while the
/// planner itself reads nothing from disk. The output folder must be a folder (or not exist
/// yet), every destination must be free of links and folders in the way, and no file the run
/// writes may be one of its inputs: a capture inside the output folder would otherwise be
/// replaced by the composed image of itself.
struct OutputPreflight: Sendable {
    /// An input the run read, and the job field that names it.
    struct NamedInput: Sendable {
        var field: String
        var url: URL
    }

    var output: URL
    /// The job file problems are reported against.
    var jobFile: String
    /// Every output file of the plan, relative to the output folder.
    var files: [String]
    /// Every input, in the order problems are reported: captures, headline files, font files,
    /// template and catalogs, the job file.
    var inputs: [NamedInput]

    init(output: URL, job: Job, captures: [PlannedCapture], outputs: [OutputSpec], readFiles: [URL]) {
        self.output = output
        jobFile = job.file
        files = outputs.flatMap { $0.destination.files(svgOnly: false) }
        inputs = captures.map { NamedInput(field: $0.jobField ?? "captures[\($0.jobIndex)].path", url: $0.url) }
            + job.headlineFiles.compactMap { file in file.url.map { NamedInput(field: "headlines", url: $0) } }
            + job.typesetting.fontFiles.map { NamedInput(field: "fontFiles", url: URL(fileURLWithPath: $0)) }
            + readFiles.map { NamedInput(field: "(input)", url: $0) }
            + [NamedInput(field: "(job file)", url: URL(fileURLWithPath: job.file))]
    }

    func check(into d: inout DiagnosticCollector) {
        if let problem = OutputPaths.rootProblem(output) {
            d.error(jobFile, "output", problem)
            return
        }
        let root = output.resolvingSymlinksInPath()
        // Every file the run writes or replaces at the top of the folder: the manifest, the
        // contact sheet and the lock (any `manifest*.json` too, below: part and shard manifests).
        var written: Set<String> = Set([OutputPaths.manifest, OutputPaths.contactSheet, OutputFolder.lockName].map { root.appendingPathComponent($0).path })
        for relative in files {
            written.insert(root.appendingPathComponent(relative).standardizedFileURL.path)
        }
        for problem in OutputPaths.destinationProblems(root: root, files: [OutputPaths.manifest, OutputPaths.contactSheet] + files) {
            d.error(jobFile, "output", problem)
        }
        // The ownership rule the publish step applies again under the folder's lock: a file of
        // the user's where an output goes, or an image in an upload folder no manifest lists.
        // (Whether the manifest and contact sheet are replaced depends on the run's selection,
        // which the publish step checks.) An input the run would overwrite is reported below
        // as such, not twice.
        let inputPaths = Set(inputs.map { $0.url.standardizedFileURL.resolvingSymlinksInPath().path })
        let claimed = files.filter { !inputPaths.contains(root.appendingPathComponent($0).standardizedFileURL.path) }
        for problem in FolderOwnership.scan(root).check(writing: claimed).problems {
            d.error(jobFile, "output", problem)
        }
        func isWritten(_ url: URL) -> Bool {
            let real = url.standardizedFileURL.resolvingSymlinksInPath()
            if written.contains(real.path) { return true }
            let name = real.lastPathComponent
            return real.deletingLastPathComponent().path == root.path && name.hasPrefix("manifest") && name.hasSuffix(".json")
        }
        var reported: Set<String> = []
        for input in inputs where isWritten(input.url) && reported.insert("\(input.field) \(input.url.path)").inserted {
            d.error(jobFile, input.field, "the run would overwrite this input with an output: expected inputs outside the files the run writes, found \(input.url.path)")
        }
    }
}
