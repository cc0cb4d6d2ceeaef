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
        for (index, name) in names.enumerated() where !name.isEmpty {
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

    /// The captures of the one device that fits `target` best, when its family's captures come
    /// from several devices (an iPhone 16 Pro Max and an iPhone SE): the device with a well
    /// whose size is the target's slot, else the largest whose wells it composes without
    /// enlargement (else all, so the enlargement is refused). A device is its size either way
    /// round: its portrait and landscape wells go together, so a screen only the larger phone
    /// captured in landscape does not fill the smaller phone's target scaled. Each device then
    /// fills its own target, instead of every target getting every device's screens. Whether a
    /// well fits is `enlargedWidth`'s answer (the template's own capture slot), as for the
    /// enlargement refusal.
    static func bestWells(_ captures: [PlannedCapture], target: StoreTarget, wells: WellsCatalog,
                          enlargedWidth: (PlannedCapture) -> Double?) -> [PlannedCapture] {
        func device(_ well: Well) -> [Int] { [min(well.width, well.height), max(well.width, well.height)] }
        var samples: [[Int]: [PlannedCapture]] = [:]
        for capture in captures where !(samples[device(capture.well)] ?? []).contains(where: { $0.well.id == capture.well.id }) {
            samples[device(capture.well), default: []].append(capture)
        }
        guard samples.count > 1 else { return captures }
        func slot(_ capture: PlannedCapture) -> Well? {
            target.slotId(forWidth: capture.well.width, height: capture.well.height).flatMap { wells.well(id: $0) }
        }
        let exact = samples.filter { $0.value.contains { c in slot(c).map { $0.width == c.well.width && $0.height == c.well.height } ?? false } }
        let fitting = samples.filter { $0.value.allSatisfy { capture in
            guard let slot = slot(capture) else { return false }
            var copy = capture
            copy.canvas = slot
            copy.target = target
            return enlargedWidth(copy) == nil
        } }
        guard let best = (exact.isEmpty ? fitting : exact).keys.max(by: { ($0[0] * $0[1], $0[0]) < ($1[0] * $1[1], $1[0]) }) else { return captures }
        return captures.filter { device($0.well) == best }
    }

    /// The captures, one copy per (target, capture) in target then job order, each with its
    /// canvas set to the target's slot. A target no capture fills, and a capture its target
    /// would enlarge, are errors: `enlargedWidth` gives the width the copy's template would draw
    /// it at when wider than the capture (`LayoutEngine.enlargedWidth`, the layout's geometry).
    /// A capture no target takes is refused unless the job leaves its device out (`leftOut`).
    static func expand(_ captures: [PlannedCapture], targets: [Resolved], wells: WellsCatalog, job: Job,
                       enlargedWidth: (PlannedCapture) -> Double?, leftOut: inout [LeftOutCapture],
                       _ d: inout DiagnosticCollector) -> [PlannedCapture] {
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
        // A misspelt target has its own error; the captures it would have taken are not blamed.
        guard targets.count == job.targets.count else { return expanded }
        leftOut = unused(captures.filter { !used.contains($0.id) }, targets: targets, wells: wells, job: job,
                         filled: Set(captures.filter { used.contains($0.id) }.map(\.well.id)),
                         everyCaptureRead: job.captures.allSatisfy { jobCapture in captures.contains { $0.id == jobCapture.id } }, &d)
        return expanded
    }

    /// The captures no target took: each refused once (a {locale} capture is one planned
    /// capture per locale file), naming its size and the catalog's targets that would take it,
    /// unless `"leaveOut"` names its well; then recorded as left out. An entry that names no
    /// device well, a device a target takes or one no capture was recorded in is refused too,
    /// so the list never outlives the targets it was written for.
    private static func unused(_ captures: [PlannedCapture], targets: [Resolved], wells: WellsCatalog, job: Job,
                               filled: Set<String>, everyCaptureRead: Bool, _ d: inout DiagnosticCollector) -> [LeftOutCapture] {
        var leftOut: [LeftOutCapture] = []
        var reported: Set<String> = []
        let named = targets.map(\.target.name)
        for capture in captures where capture.well.family != nil && reported.insert(capture.id).inserted {
            let well = capture.well
            if let entry = job.leaveOut.first(where: { $0.well == well.id }) {
                leftOut.append(LeftOutCapture(capture: capture.id, well: well.id, why: entry.why))
                continue
            }
            let field = capture.jobField ?? "captures[\(capture.jobIndex)]"
            let files = job.fastlaneFiles(ofCapture: capture.jobIndex).map { ", \($0)" } ?? ""
            let size = "\(capture.header.width)×\(capture.header.height)"
            let takers = takingTargets(capture, wells: wells)
            let family = targets.filter { $0.target.family == well.family }.map(\.target.name)
            let found = family.isEmpty
                ? "targets \(named.joined(separator: ", ")), none of them for a \(well.family ?? "") capture"
                : "\(family.joined(separator: ", ")), which take\(family.count == 1 ? "s" : "") the captures of a device that fits \(family.count == 1 ? "it" : "them") better"
            let take = takers.isEmpty ? "a target that takes \(size) (the catalog has none that composes it without enlargement)"
                : "a target that takes \(size) (\(takers.joined(separator: ", ")))"
            d.error(job.file, field, "capture \(capture.id) (\(size), well \(well.id)\(files)) fills none of the job's targets: expected \(take), or the device left out on purpose ({\"well\": \"\(well.id)\", \"why\": \"…\"} in \"leaveOut\"), found \(found)")
            d.attribute(since: d.diagnostics.count - 1, to: capture.id)
        }
        for entry in job.leaveOut {
            if wells.well(id: entry.well).map({ $0.storeWell?.store == nil }) != true {
                d.error(job.file, "\(entry.field).well", "unknown well: expected a device well (`wells` lists them; a capture's refusal names its own), found \"\(entry.well)\"")
            } else if filled.contains(entry.well) {
                let taking = named.filter { name in targets.contains { $0.target.name == name && $0.target.family == wells.well(id: entry.well)?.family } }
                d.error(job.file, "\(entry.field).well", "well \(entry.well) is left out, yet its captures fill \(taking.joined(separator: ", ")): expected a device no target takes, found one the targets take; remove the entry or the target")
            } else if !leftOut.contains(where: { $0.well == entry.well }) && everyCaptureRead {
                // (A capture refused for its own reason has its error; its well is not blamed.)
                d.error(job.file, "\(entry.field).well", "well \(entry.well) is left out, yet no capture of the job was recorded in it: expected the well of a capture no target takes, found none")
            }
        }
        return leftOut
    }

    /// The catalog's targets of the capture's store (its well's platform) and family whose
    /// slot composes it without enlargement (`wells identify`'s answer), in catalog order.
    static func takingTargets(_ capture: PlannedCapture, wells: WellsCatalog) -> [String] {
        let store = WellsCatalog.store(ofPlatform: capture.well.platform)
        return WellsIdentify.identify(file: "", width: capture.header.width, height: capture.header.height, catalog: wells).composedTargets
            .filter { $0.target.family == capture.well.family && (store == nil || $0.target.store == store) }
            .map(\.target.name)
    }
}
