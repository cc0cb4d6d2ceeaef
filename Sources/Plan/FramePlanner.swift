import Support
import Foundation
import Diagnostics
import Ingest

extension Planner {
    /// Gives every capture its `"frame"` (its own, else the job's), each frame file read and
    /// checked once however many captures, targets and locales use it.
    static func attachFrames(_ captures: inout [PlannedCapture], job: Job, inputs: IngestedInputs, _ d: inout DiagnosticCollector) {
        var loaded: [String: UserFrame?] = [:]
        for index in captures.indices {
            let jobIndex = captures[index].jobIndex
            let own = job.captures.indices.contains(jobIndex) ? job.captures[jobIndex].frame : nil
            guard let url = own ?? job.frame else { continue }
            if loaded[url.path] == nil {
                loaded[url.path] = .some(FrameLoader.load(url, read: inputs.read(url, as: .frame), job: job, field: own == nil ? "frame" : "captures[\(jobIndex)].frame", &d))
            }
            captures[index].frame = loaded[url.path] ?? nil
        }
    }

    /// A frame is drawn into a slot-marked or built-in template's capture slot; the placeholder
    /// template has no slot to draw it in. Refused once per frame file; the theme's
    /// `backgroundImage`, `padding` and `headlinePosition` once per key.
    static func refuseFramesWithoutSlots(_ outputs: [OutputSpec], job: Job, _ d: inout DiagnosticCollector) {
        var reported: Set<String> = []
        // Every built-in with a capture slot (the feature graphic draws an icon).
        let others = BuiltinTemplate.allCases.filter { $0 != .classic && $0 != .featureGraphic }.map(\.rawValue).joined(separator: ", ")
        for spec in outputs {
            guard case .placeholder = spec.templateChoice else { continue }
            // So are the theme's looks that move or cover a drawing's parts.
            let theme = spec.theme
            for (key, set) in [("backgroundImage", theme.backgroundImage != nil), ("padding", theme.padding != nil), ("headlinePosition", theme.headlinePosition != nil)]
            where set && reported.insert(key).inserted {
                d.error(job.file, "theme.\(key)", "drawn by a slot template: expected \"template\": \"classic\" (or another built-in: \(others)) or a slot-marked template, found the placeholder template\(spec.templateFile.isEmpty ? "" : " \(spec.templateFile)")")
            }
            for capture in spec.captures {
                guard let frame = capture.frame, reported.insert(frame.file.displayPath).inserted else { continue }
                let own = job.captures.indices.contains(capture.jobIndex) && job.captures[capture.jobIndex].frame != nil
                d.error(job.file, own ? "captures[\(capture.jobIndex)].frame" : "frame",
                        "a frame is drawn into a template's capture slot: expected \"template\": \"classic\" (or another built-in: \(others)) or a slot-marked template, found the placeholder template \(spec.templateFile.isEmpty ? "" : "\(spec.templateFile) ")for \(frame.file.displayPath)")
            }
        }
    }
}
