import Support
import Foundation
import Diagnostics
import Plan

/// The publish step's pre-flight of the output folder, run by the orchestration right after
/// planning (`ScreenshotComposer`) on what the planner says the run writes and reads
/// (`PlannedOutputFolder`), so `check` reports what `render` would refuse while the planner
/// itself reads nothing from disk. The output folder must be a folder (or not exist
/// yet), every destination must be free of links and folders in the way, and no file the run
/// writes may be one of its inputs: a capture inside the output folder would otherwise be
/// replaced by the composed image of itself.
package struct OutputPreflight: Sendable {
    var planned: PlannedOutputFolder

    package init(_ planned: PlannedOutputFolder) {
        self.planned = planned
    }

    package func check(into d: inout DiagnosticCollector) {
        let (output, jobFile, files, inputs) = (planned.output, planned.jobFile, planned.files, planned.inputs)
        if let problem = OutputPaths.rootProblem(output) {
            d.error(jobFile, "output", problem)
            return
        }
        let root = output.resolvingSymlinksInPath()
        // Every file the run writes or replaces at the top of the folder: the manifest, the
        // contact sheet, its script and the lock (any `manifest*.json` too, below: part and shard manifests).
        var written: Set<String> = Set([OutputPaths.manifest, OutputPaths.contactSheet, OutputPaths.contactSheetScript, OutputFolder.lockName].map { root.appendingPathComponent($0).path })
        for relative in files {
            written.insert(root.appendingPathComponent(relative).standardizedFileURL.path)
        }
        for problem in OutputPaths.destinationProblems(root: root, files: [OutputPaths.manifest, OutputPaths.contactSheet, OutputPaths.contactSheetScript] + files) {
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
