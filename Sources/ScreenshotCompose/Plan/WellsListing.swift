import Foundation

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
        switch InputReader.read(url, as: .catalog) {
        case .success(let data): return (data, display)
        case .failure(let problem):
            d.error(display, "(file)", "cannot read the catalog: \(problem.message)")
            return nil
        }
    }

    /// Store slots with their citations, then the store rules and whether each is enforced.
    public static func storeText(_ catalog: WellsCatalog) -> String {
        var lines = ["store wells (canvas sizes a store accepts, pixels):"]
        for well in catalog.wells {
            guard let claim = well.storeWell, let store = claim.store else { continue }
            lines.append("  \(well.id)  \(well.width)×\(well.height)  \(store) \"\(claim.storeClass)\"")
            lines.append("    cited: \(claim.citation.summary)")
            if let note = claim.citation.note { lines.append("    note: \(note)") }
        }
        lines.append("store rules:")
        for rule in catalog.storeRules {
            let status = rule.citation == nil ? "not enforced: no citation" : (rule.unverified ? "not enforced: unverified" : "enforced")
            lines.append("  \(rule.store) \(rule.kind.name) \(rule.kind.parameters)  [\(status)]  \(rule.citation?.summary ?? "")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line per well (id, size in pixels, device, store-well claim) and per cited minimum.
    public static func text(_ catalog: WellsCatalog) -> String {
        var lines = ["wells (recorded capture sizes, pixels):"]
        for well in catalog.wells {
            let claim = well.storeWell.map { "store well \"\($0.storeClass)\" (\($0.citation.summary))" } ?? "not a store well"
            lines.append("  \(well.id)  \(well.width)×\(well.height)  \(well.device)  \(claim)  [source: \(well.source)]")
        }
        lines.append("cited minimum native widths (pixels):")
        for minimum in catalog.citedMinimumNativeWidths {
            lines.append("  \(minimum.storeClass)  \(minimum.minimumNativeWidth)  [source: \(minimum.source)]")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
