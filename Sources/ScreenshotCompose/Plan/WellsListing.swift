import Foundation

/// The `wells` command's library side: load a catalog (a file, or the one shipped with the
/// tool) and describe it as text.
public enum WellsListing {
    /// Loads `file`, or the shipped catalog when nil. Refusals go into the collector exactly as
    /// `render` reports them.
    public static func load(file: String?, into d: inout DiagnosticCollector) -> WellsCatalog? {
        let url: URL
        let display: String
        if let file {
            url = URL(fileURLWithPath: file)
            display = file
        } else if let builtin = BuiltinResources.url(BuiltinResources.wellsName) {
            url = builtin
            display = "builtin:\(BuiltinResources.wellsName)"
        } else {
            d.error("builtin:\(BuiltinResources.wellsName)", "(file)", "the wells catalog shipped with the tool is missing beside the executable")
            return nil
        }
        do {
            return WellsCatalogLoader.load(data: try Data(contentsOf: url), file: display, into: &d)
        } catch {
            d.error(display, "(file)", "cannot read the wells catalog: \(FileErrorText.describe(error, path: display))")
            return nil
        }
    }

    /// One line per well (id, size in pixels, device, store-well claim) and per cited minimum.
    public static func text(_ catalog: WellsCatalog) -> String {
        var lines = ["wells (recorded capture sizes, pixels):"]
        for well in catalog.wells {
            let claim = well.storeWell.map { "store well \"\($0.storeClass)\" (\($0.citation))" } ?? "not a store well"
            lines.append("  \(well.id)  \(well.width)×\(well.height)  \(well.device)  \(claim)  [source: \(well.source)]")
        }
        lines.append("cited minimum native widths (pixels):")
        for minimum in catalog.citedMinimumNativeWidths {
            lines.append("  \(minimum.storeClass)  \(minimum.minimumNativeWidth)  [source: \(minimum.source)]")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
