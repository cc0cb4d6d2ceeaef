import Support
import Foundation
import Diagnostics
import Ingest

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

    /// The captures of the one well per orientation that fits `target` best, when its family's
    /// captures come from several wells (an iPhone 16 Pro Max and an iPhone SE): the well whose
    /// size is the target's slot, else the largest it composes without enlargement (else all,
    /// so the enlargement is refused). Each device then fills its own target, instead of every
    /// target getting every device's screens (twice the screenshots per slot, or an SE capture
    /// enlarged on the 6.9 in slot). Whether a well fits is `enlargedWidth`'s answer (the template's
    /// own capture slot), as for the enlargement refusal.
    static func bestWells(_ captures: [PlannedCapture], target: StoreTarget, wells: WellsCatalog,
                          enlargedWidth: (PlannedCapture) -> Double?) -> [PlannedCapture] {
        let byOrientation = Dictionary(grouping: captures) { ($0.well.width > $0.well.height ? 1 : 0) - ($0.well.width < $0.well.height ? 1 : 0) }
        var keep: Set<String> = []
        for group in byOrientation.values {
            var distinct: [Well] = []
            var sample: [String: PlannedCapture] = [:]
            for capture in group where !distinct.contains(where: { $0.id == capture.well.id }) {
                distinct.append(capture.well)
                sample[capture.well.id] = capture
            }
            guard distinct.count > 1 else { distinct.forEach { keep.insert($0.id) }; continue }
            let slots = distinct.map { well in target.slotId(forWidth: well.width, height: well.height).flatMap { wells.well(id: $0) } }
            let exact = zip(distinct, slots).first { well, slot in slot.map { $0.width == well.width && $0.height == well.height } ?? false }?.0
            let fitting = zip(distinct, slots).filter { well, slot in
                guard let slot, var copy = sample[well.id] else { return false }
                copy.canvas = slot
                copy.target = target
                return enlargedWidth(copy) == nil
            }.map(\.0)
            if let best = exact ?? fitting.max(by: { $0.width * $0.height < $1.width * $1.height }) {
                keep.insert(best.id)
            } else {
                distinct.forEach { keep.insert($0.id) }
            }
        }
        return captures.filter { keep.contains($0.well.id) }
    }

    /// The captures, one copy per (target, capture) in target then job order, each with its
    /// canvas set to the target's slot. A target no capture fills, and a capture its target
    /// would enlarge, are errors: `enlargedWidth` gives the width the copy's template would draw
    /// it at when wider than the capture (`LayoutEngine.enlargedWidth`, the layout's geometry).
    static func expand(_ captures: [PlannedCapture], targets: [Resolved], wells: WellsCatalog, job: Job,
                       enlargedWidth: (PlannedCapture) -> Double?, _ d: inout DiagnosticCollector) -> [PlannedCapture] {
        var expanded: [PlannedCapture] = []
        let platform = ["app-store": "ios", "google-play": "android"]
        var used: Set<String> = []
        // A {locale} capture is one planned capture per locale file: warned about once.
        var warned: Set<String> = []
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
            // screengrab's folders name the device type: a folder supply uploads to one of the
            // job's targets fills that target (sevenInchScreenshots → tablet-7), and no other.
            func folder(_ capture: PlannedCapture) -> String? {
                job.captures.indices.contains(capture.jobIndex) ? job.captures[capture.jobIndex].screengrabFolder : nil
            }
            let owned = Set(targets.compactMap(\.target.uploadFolder))
            var pool = chosen.filter { folder($0).map { !owned.contains($0) || $0 == target.uploadFolder } ?? true }
            if let upload = target.uploadFolder, pool.contains(where: { folder($0) == upload }) { pool = pool.filter { folder($0) == upload } }
            for capture in bestWells(pool, target: target, wells: wells, enlargedWidth: enlargedWidth) {
                let width = capture.header.width, height = capture.header.height
                guard let slotId = resolved.slot?.id ?? target.slotId(forWidth: width, height: height),
                      let slot = wells.well(id: slotId) else { continue }
                var copy = capture
                copy.canvas = slot
                copy.target = target
                if let placed = enlargedWidth(copy) {
                    d.error(job.file, "targets[\(index)]", "capture \(capture.id) would be enlarged on target \(target.name) (\(slot.width)×\(slot.height)): expected a capture at least \(SVGNumber.format(placed)) px wide (the width it is placed at), found \(width) px")
                    d.attribute(since: d.diagnostics.count - 1, to: capture.id)
                    used.insert(capture.id)
                    continue
                }
                expanded.append(copy)
                used.insert(capture.id)
            }
        }
        for capture in captures where !used.contains(capture.id) && capture.well.family != nil && !warned.contains(capture.id) {
            warned.insert(capture.id)
            let field = capture.jobField ?? "captures[\(capture.jobIndex)]"
            let files = job.fastlaneFiles(ofCapture: capture.jobIndex).map { ", \($0)" } ?? ""
            let family = targets.filter { $0.target.family == capture.well.family }.map(\.target.name)
            if family.isEmpty {
                d.warning(job.file, field, "capture \(capture.id) (\(capture.well.family ?? "")\(files)) fills none of the job's targets, so it is not rendered: expected a target of its family, found \(targets.map(\.target.name).joined(separator: ", "))")
            } else {
                d.warning(job.file, field, "capture \(capture.id) (\(capture.well.id)\(files)) fills none of the job's targets, so it is not rendered: \(family.joined(separator: ", ")) take\(family.count == 1 ? "s" : "") the captures of a device that fits \(family.count == 1 ? "it" : "them") better; expected a target for \(capture.well.width)×\(capture.well.height) (`wells identify` lists those it fits)")
            }
        }
        return expanded
    }
}
