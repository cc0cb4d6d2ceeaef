import Foundation
import Diagnostics
import Support
import Ingest

/// The job's `fontFiles` as the ingest step read them: each one's private copy, which is what
/// fontconfig is given (`FontFileCopies`). A file that could not be read (missing, a FIFO, a
/// device, a folder, too large) is refused naming its field, before fontconfig sees anything.
package enum FontFiles {
    package static func usable(_ job: Job, inputs: IngestedInputs, into d: inout DiagnosticCollector) -> [FontFileCopies.Copy] {
        var copies: [FontFileCopies.Copy] = []
        for (index, path) in job.typesetting.fontFiles.enumerated() {
            switch inputs.fonts[path] ?? .failure(InputReadProblem(message: "expected a file read by the ingest step, found \(path) not read")) {
            case .success(let copy): copies.append(copy)
            case .failure(let problem): d.error(job.file, "fontFiles[\(index)]", "font file not usable: \(problem.message)")
            }
        }
        return copies
    }
}
