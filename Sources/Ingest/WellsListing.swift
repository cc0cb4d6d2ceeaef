import Foundation
import Diagnostics
import Support

/// The `wells` command's library side: load a catalog (a file, or the one shipped with the
/// tool) and describe it as text.
public enum WellsListing {
    /// Loads `file`, or the shipped catalog when nil. Refusals go into the collector exactly as
    /// `render` reports them.
    public static func load(file: String?, into d: inout DiagnosticCollector) -> WellsCatalog? {
        guard let (data, display) = read(file, builtin: BuiltinResources.wellsName, &d) else { return nil }
        return WellsCatalogLoader.load(data: data, file: display, into: &d)
    }

    /// Loads the store-wells catalog (`file`, or the shipped `store-wells.json`), its App Store
    /// claims checked against `base`'s cited minimums.
    public static func loadStore(file: String?, base: WellsCatalog, into d: inout DiagnosticCollector) -> WellsCatalog? {
        guard let (data, display) = read(file, builtin: BuiltinResources.storeWellsName, &d) else { return nil }
        return WellsCatalogLoader.load(data: data, file: display, minimums: base.citedMinimumNativeWidths, into: &d)
    }

    /// The device wells and the store catalog merged (as a job sees them).
    public static func loadMerged(file: String?, storeFile: String?, into d: inout DiagnosticCollector) -> WellsCatalog? {
        guard let base = load(file: file, into: &d), let store = loadStore(file: storeFile, base: base, into: &d) else { return nil }
        return merge(base, store, storeFile: storeFile, into: &d)
    }

    /// Catalogs already loaded, merged as `loadMerged` does (so a listing that shows both
    /// parses each file once).
    public static func merge(_ base: WellsCatalog, _ store: WellsCatalog, storeFile: String?, into d: inout DiagnosticCollector) -> WellsCatalog? {
        merge(base, store, file: storeFile ?? "builtin:\(BuiltinResources.storeWellsName)", &d)
    }

    /// The device wells with the store slots and rules added; an id in both is refused.
    package static func merge(_ base: WellsCatalog, _ store: WellsCatalog, file: String, _ d: inout DiagnosticCollector) -> WellsCatalog? {
        var merged = base
        for (index, well) in store.wells.enumerated() {
            if base.well(id: well.id) != nil {
                d.error(file, "wells[\(index)].id", "well id already in the device-wells catalog: expected each id once, found \"\(well.id)\" again")
                return nil
            }
            merged.wells.append(well)
        }
        merged.storeRules = store.storeRules
        merged.targets = store.targets
        return merged
    }

    private static func read(_ file: String?, builtin: String, _ d: inout DiagnosticCollector) -> (Data, String)? {
        let url: URL
        let display: String
        if let file {
            url = URL(fileURLWithPath: file)
            display = file
        } else if let resource = BuiltinResources.url(builtin) {
            url = resource
            display = "builtin:\(builtin)"
        } else {
            d.error("builtin:\(builtin)", "(file)", "the catalog shipped with the tool is missing beside the executable")
            return nil
        }
        return InputReader.read(path: url.path, as: .catalog, reporting: "the catalog", file: display, into: &d).map { ($0, display) }
    }

    /// Store rules drift: a citation read longer ago than this is flagged by `wells --store`.
    public static let citationMaximumAgeDays = 365

    /// Targets (store classes a job can name), each with its slots and their citation, then
    /// the store rules and whether each is enforced.
    public static func storeText(_ catalog: WellsCatalog) -> String {
        var lines = ["targets (name a target in a job's \"targets\"; a slot id picks one size):"]
        var listed: Set<String> = []
        for target in catalog.targets {
            let upload = target.uploadFolder.map { ", fastlane supply \($0)" } ?? (target.store == "google-play" ? ", no fastlane supply folder" : "")
            let hint = target.deliverNameHint.map { ", fastlane deliver copies named *_\($0).png" } ?? ""
            lines.append("  \(target.name)  \(target.store) \"\(target.storeClass)\"  family \(target.family), folder \(target.folder)\(upload)\(hint)")
            let slots = catalog.wells.filter { $0.storeWell?.store == target.store && $0.storeWell?.storeClass == target.storeClass }
            for slot in slots {
                listed.insert(slot.id)
                let preferred = target.preferred.values.contains(slot.id) ? "  (preferred)" : ""
                lines.append("    \(slot.id)  \(slot.width)×\(slot.height)\(preferred)")
            }
            if let citation = slots.first?.storeWell?.citation {
                lines.append("    cited: \(citation.summary)")
                if let note = citation.note { lines.append("    note: \(note)") }
            }
        }
        let others = catalog.wells.filter { $0.storeWell?.store != nil && !listed.contains($0.id) }
        if !others.isEmpty { lines.append("store wells of no target:") }
        for well in others {
            guard let claim = well.storeWell, let store = claim.store else { continue }
            lines.append("  \(well.id)  \(well.width)×\(well.height)  \(store) \"\(claim.storeClass)\"")
            lines.append("    cited: \(claim.citation.summary)")
            if let note = claim.citation.note { lines.append("    note: \(note)") }
        }
        lines.append("store rules:")
        for rule in catalog.storeRules {
            let status = rule.citation == nil ? "not enforced: no citation" : (rule.unverified ? "not enforced: unverified" : "enforced")
            let scope = rule.classes.map { " for \($0.joined(separator: ", "))" } ?? ""
            lines.append("  \(rule.store) \(rule.kind.name) \(rule.kind.parameters)\(scope)  [\(status)]  \(rule.citation?.summary ?? "")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Citations (of slots and rules) retrieved more than `citationMaximumAgeDays` before
    /// `today` (YYYY-MM-DD), as warnings: the store may have changed its rules since.
    public static func staleCitations(_ catalog: WellsCatalog, file: String, today: String) -> [Diagnostic] {
        guard let now = day(today) else { return [] }
        var seen: Set<String> = []
        var found: [Diagnostic] = []
        let cited = catalog.wells.compactMap { well in well.storeWell.flatMap { $0.store == nil ? nil : ("wells \(well.id)", $0.citation) } }
            + catalog.storeRules.compactMap { rule in rule.citation.map { ("storeRules \(rule.store) \(rule.kind.name)", $0) } }
        for (field, citation) in cited {
            guard let retrieved = citation.retrieved, let then = day(retrieved) else { continue }
            let age = Int((now - then) / 86_400)
            guard age > citationMaximumAgeDays, seen.insert("\(citation.url ?? "")\u{0}\(retrieved)").inserted else { continue }
            found.append(Diagnostic(.warning, file: file, field: field,
                                    message: "citation retrieved \(retrieved), \(age) days ago: expected a citation read within \(citationMaximumAgeDays) days (store rules drift), found \(citation.url ?? citation.statement); read the page again and update the catalog"))
        }
        return found
    }

    private static func day(_ text: String) -> TimeInterval? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var components = DateComponents()
        components.year = parts[0]; components.month = parts[1]; components.day = parts[2]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: components)?.timeIntervalSince1970
    }

    /// One line per well (id, size in pixels, family, devices, store fit) and per cited minimum.
    public static func text(_ catalog: WellsCatalog) -> String {
        var lines = ["wells (recorded capture sizes, pixels):"]
        for well in catalog.wells where well.storeWell?.store == nil {
            let claim = well.storeWell.map { "store well \"\($0.storeClass)\" (\($0.citation.summary))" }
                ?? (well.fixture ? nil : exactTargets(well, catalog)).map { "fits \($0) exactly" } ?? "not a store well"
            let family = well.family.map { "  \($0)" } ?? ""
            let fixture = well.fixture ? "  fixture (never picked from a size alone)" : ""
            lines.append("  \(well.id)  \(well.width)×\(well.height)\(family)  \(well.device)  \(claim)\(fixture)  [source: \(well.source)]")
        }
        lines.append("cited minimum native widths (pixels):")
        for minimum in catalog.citedMinimumNativeWidths {
            lines.append("  \(minimum.storeClass)  \(minimum.minimumNativeWidth)  [source: \(minimum.source)]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The targets (`app-store:iphone-6.9`) with a slot of exactly the well's size, for its family.
    static func exactTargets(_ well: Well, _ catalog: WellsCatalog) -> String? {
        let names = catalog.slots(width: well.width, height: well.height)
            .compactMap { catalog.target(ofSlot: $0) }
            .filter { well.family == nil || $0.family == well.family }
            .map(\.name)
        let unique = names.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return unique.isEmpty ? nil : unique.joined(separator: ", ")
    }
}
