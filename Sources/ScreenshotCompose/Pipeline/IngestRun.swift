import Support
import Foundation
import Diagnostics
import Ingest
import Manifest

// The ingest stage reads the job and every file it names; what it needs from the output folder
// (the outputs earlier runs composed there, listed by the folder's manifests, which a later stage
// reads) is handed to it by the orchestration.
extension Ingest {
    /// The job file and everything it names; nil when the job file is unreadable or no JSON
    /// object (reported into `d`).
    public static func read(jobFile: String, options: PlanOptions, into d: inout DiagnosticCollector) -> (job: Job, inputs: IngestedInputs)? {
        guard let job = JobLoader.load(file: jobFile, headlineOptions: options.headlines, into: &d) else { return nil }
        return (job, read(job, options: options))
    }

    /// Every file `job` names (a job read from a file, or built in code). Captures are not read
    /// for a job over the planner's count limits (it is refused before any capture is needed).
    public static func read(_ job: Job, options: PlanOptions) -> IngestedInputs {
        read(job, options: options, target: .outputFolder)
    }

    /// `target` `.memory`: the output folder is not read (a render to memory has none).
    static func read(_ job: Job, options: PlanOptions, target: RenderTarget) -> IngestedInputs {
        // The output folder's manifests: a capture whose pixels are an earlier output's is
        // refused even with its marker chunk stripped.
        let composed = target == .outputFolder
            ? ComposedOutputs.read(folder: options.output.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? job.output)
            : ComposedOutputs()
        return read(job, options: options, composedOutputs: composed)
    }
}

extension ComposedOutputs {
    /// Every `manifest*.json` at the top of `folder` (whole and part manifests); an unreadable
    /// or broken one is skipped (the run replaces it).
    static func read(folder: URL) -> ComposedOutputs {
        var known = ComposedOutputs()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where name.hasPrefix("manifest") && name.hasSuffix(".json") {
            let path = folder.appendingPathComponent(name).path
            // This version's manifests and the previous version's alike.
            guard let release = ManifestReader.release(path) else { continue }
            for output in release.outputs {
                guard let png = output.png, let pixels = png.pixelsSHA256 else { continue }
                known.byPixels[pixels] = known.byPixels[pixels] ?? Entry(manifest: path, png: folder.appendingPathComponent(png.path).path)
                known.sizes.insert("\(png.width)×\(png.height)")
            }
        }
        return known
    }
}
