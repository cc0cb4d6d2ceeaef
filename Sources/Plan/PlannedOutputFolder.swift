import Support
import Diagnostics
import Foundation
import Ingest

/// What a run writes into its output folder and what it read, as the planner knows them: the
/// publish step's pre-flight (`OutputPreflight`) checks the folder against it. The planner hands
/// it over even without a plan, and reads nothing from disk itself.
package struct PlannedOutputFolder: Sendable {
    /// An input the run read, and the job field that names it.
    package struct NamedInput: Sendable {
        package var field: String
        package var url: URL
    }

    package var output: URL
    /// The job file problems are reported against.
    package var jobFile: String
    /// Every output file of the plan, relative to the output folder.
    package var files: [String]
    /// Every input, in the order problems are reported: captures, headline files, font files,
    /// template and catalogs, the job file.
    package var inputs: [NamedInput]

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
}
