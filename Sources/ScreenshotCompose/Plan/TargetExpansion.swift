import Foundation

/// A job's `"targets"`: each capture is composed into every target of its well's device
/// family, at the target's preferred slot for the capture's orientation (a slot id names one
/// slot). A target of the App Store takes the iOS captures of its family when the job has any,
/// Google Play the Android ones, so an Android screen is not uploaded to the App Store beside
/// the iPhone one; with captures of one platform only, every store gets them.
enum TargetExpansion {
    /// A target as the job names it, resolved: the class and, for a slot id, that slot.
    struct Resolved {
        var target: StoreTarget
        var slot: Well?
        /// Position in the job's `targets`, for field paths.
        var index = 0
    }

    static func resolve(_ names: [String], wells: WellsCatalog, file: String, _ d: inout DiagnosticCollector) -> [Resolved] {
        var resolved: [Resolved] = []
        for (index, name) in names.enumerated() {
            let field = "targets[\(index)]"
            var result: Resolved?
            if let target = wells.target(named: name) {
                result = Resolved(target: target, slot: nil, index: index)
            } else if let slot = wells.well(id: name), let target = wells.target(ofSlot: slot) {
                result = Resolved(target: target, slot: slot, index: index)
            }
            guard let result else {
                let valid = Alternatives.oneOf(wells.targets.filter { $0.family != "graphic" }.map(\.name), none: "a target (the store wells catalog has none)")
                d.error(file, field, "unknown target: expected \(valid) (or a slot id, see `wells --store`), found \"\(name)\"")
                continue
            }
            if result.target.family == "graphic" {
                d.error(file, field, "\(name) is composed from an icon and text, not from a capture: expected a screenshot target, found \(name)")
                continue
            }
            if resolved.contains(where: { $0.target.name == result.target.name }) {
                d.error(file, field, "target \(result.target.name) named twice: expected each store class once (its outputs share one folder), found \"\(name)\"")
                continue
            }
            resolved.append(result)
        }
        return resolved
    }

    /// The captures, one copy per (target, capture) in target then job order, each with its
    /// canvas set to the target's slot. A target no capture fills, and a capture its target
    /// would enlarge, are errors.
    static func expand(_ captures: [PlannedCapture], targets: [Resolved], wells: WellsCatalog, job: Job,
                       engine: LayoutEngine = LayoutEngine(), _ d: inout DiagnosticCollector) -> [PlannedCapture] {
        var expanded: [PlannedCapture] = []
        let platform = ["app-store": "ios", "google-play": "android"]
        var used: Set<String> = []
        for resolved in targets {
            let target = resolved.target, index = resolved.index
            let family = captures.filter { $0.well.family == target.family }
            let own = family.filter { $0.well.platform == platform[target.store] }
            let chosen = own.isEmpty ? family : own
            // A refused capture (unknown well, wrong size …) has its own error and no family
            // here; saying the target has no capture of its family would blame the target.
            if chosen.isEmpty, job.captures.allSatisfy({ jobCapture in captures.contains { $0.id == jobCapture.id } }) {
                let families = Set(captures.compactMap(\.well.family)).sorted().joined(separator: ", ")
                d.error(job.file, "targets[\(index)]", "no capture can fill target \(target.name): expected a capture recorded in a \(target.family) well, found captures of \(families.isEmpty ? "no family" : families) only")
                continue
            }
            if chosen.isEmpty { continue }
            for capture in chosen {
                let width = capture.header.width, height = capture.header.height
                guard let slotId = resolved.slot?.id ?? target.slotId(forWidth: width, height: height),
                      let slot = wells.well(id: slotId) else { continue }
                let box = engine.captureBox(canvasWidth: slot.width, canvasHeight: slot.height, captureWidth: width, captureHeight: height)
                if box.width > Double(width) + 0.5 {
                    d.error(job.file, "targets[\(index)]", "capture \(capture.id) would be enlarged on target \(target.name) (\(slot.width)×\(slot.height)): expected a capture at least \(SVGNumber.format(box.width)) px wide (the width it is placed at), found \(width) px")
                    d.attribute(since: d.diagnostics.count - 1, to: capture.id)
                    used.insert(capture.id)
                    continue
                }
                var copy = capture
                copy.canvas = slot
                copy.target = target
                expanded.append(copy)
                used.insert(capture.id)
            }
        }
        for capture in captures where !used.contains(capture.id) && capture.well.family != nil {
            d.warning(job.file, "captures[\(capture.jobIndex)]", "capture \(capture.id) (\(capture.well.family ?? "")) fills none of the job's targets, so it is not rendered: expected a target of its family, found \(targets.map(\.target.name).joined(separator: ", "))")
        }
        return expanded
    }
}
