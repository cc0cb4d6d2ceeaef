import Foundation
import Diagnostics

/// Reads `wells.json` (`schemaVersion` 1, `kind` `device-wells`) and checks it.
///
/// Every problem is added to the collector with the file and the field, e.g.
/// `wells[1].storeWell.citation`: duplicate well ids, sizes that are not positive integers,
/// a store-well claim without a non-empty citation, a claim for a class with no cited
/// minimum native width or whose cited minimum is above the well's width, a cited minimum
/// without a source. Returns nil when any error was found.
public enum WellsCatalogLoader {
    ///
    /// A `store-wells` catalog (kind `store-wells`) holds store slots and `storeRules`; its App
    /// Store claims are checked against `minimums` from the device-wells catalog.
    public static func load(data: Data, file: String, minimums inherited: [CitedMinimumWidth]? = nil,
                            into d: inout DiagnosticCollector) -> WellsCatalog? {
        let before = d.errorCount
        guard let reader = JSONFieldReader.root(data, file: file, &d) else { return nil }
        reader.require("schemaVersion", integer: 1, &d)
        let isStoreCatalog = inherited != nil
        reader.require("kind", string: isStoreCatalog ? "store-wells" : "device-wells", &d)
        let note = reader.optionalString("note", &d) ?? ""
        reader.refuseUnknownKeys(isStoreCatalog ? ["schemaVersion", "kind", "note", "wells", "storeRules", "targets"]
                                                : ["schemaVersion", "kind", "note", "wells", "citedMinimumNativeWidths"], &d)

        let minimums = inherited ?? readMinimums(reader, &d)
        let rules = isStoreCatalog ? StoreRuleLoader.read(reader, &d) : []
        var wells: [Well] = []
        var seenIds: Set<String> = []
        for (value, indexPath) in reader.array("wells", &d) {
            // Refusals name the well by its id too (`wells[3] (claimed).width`), since a catalog
            // of sixty entries is not read by index.
            let path = value.objectValue?["id"]?.stringValue.map { "\(indexPath) (\($0))" } ?? indexPath
            guard let item = JSONFieldReader(value, file: file, path: path, &d) else { continue }
            let id = item.string("id", &d)
            if let id {
                if seenIds.contains(id) {
                    d.error(file, "\(path).id", "duplicate well id: expected each id once, found \"\(id)\" again")
                }
                seenIds.insert(id)
            }
            let devices = readDevices(item, &d)
            let device = devices.isEmpty || item.value("device") != nil ? item.string("device", &d) : devices.joined(separator: ", ")
            var family: String?
            if let value = item.value("family") {
                if let name = value.stringValue, Well.families.contains(name) {
                    family = name
                } else {
                    d.error(file, item.fieldPath("family"), "expected one of \(Well.families.joined(separator: ", ")), found \(value.summary)")
                }
            }
            var platform: String?
            if let value = item.value("platform") {
                if let name = value.stringValue, ["ios", "android"].contains(name) { platform = name } else {
                    d.error(file, item.fieldPath("platform"), "expected \"ios\" or \"android\", found \(value.summary)")
                }
            }
            var fixture = false
            if let value = item.value("fixture") {
                if case .bool(let flag) = value { fixture = flag } else {
                    d.error(file, item.fieldPath("fixture"), "expected true or false, found \(value.summary)")
                }
            }
            let width = side(item, "width", &d)
            let height = side(item, "height", &d)
            let source = item.string("source", &d)
            let claim = readClaim(item, wellLabel: id.map { "well \($0)" } ?? path, width: width, minimums: minimums, &d)
            var corner = 0.0
            if let value = item.value("screenCornerRadius") {
                if case .number(let fraction) = value, (0...0.5).contains(fraction) {
                    corner = fraction
                } else {
                    d.error(item.file, "\(path).screenCornerRadius", "expected a fraction of the screen width from 0 to 0.5, found \(value.summary)")
                }
            }
            let shape = ScreenShapeReader.read(item, width: width, height: height, &d)
            item.refuseUnknownKeys(["id", "device", "devices", "family", "platform", "fixture", "width", "height", "storeWell", "source", "screenCornerRadius", "shape"], &d)
            if let id, let device, let width, let height, let source, let shape, case .read(let storeWell) = claim {
                wells.append(Well(id: id, device: device, width: width, height: height, storeWell: storeWell, source: source,
                                  screenCornerRadius: corner, devices: devices, family: family, fixture: fixture, platform: platform,
                                  shape: shape))
            }
        }
        let targets = isStoreCatalog ? StoreTargetLoader.read(reader, slots: wells, &d) : []
        if d.errorCount > before { return nil }
        return WellsCatalog(note: note, wells: wells, citedMinimumNativeWidths: minimums, storeRules: rules, targets: targets)
    }

    /// `devices`: the names of the devices sharing the well, each a non-empty string.
    private static func readDevices(_ item: JSONFieldReader, _ d: inout DiagnosticCollector) -> [String] {
        guard item.value("devices") != nil else { return [] }
        return item.array("devices", &d).compactMap { value, path in
            guard let name = value.stringValue, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                d.error(item.file, path, "expected a device name, found \(value.summary)")
                return nil
            }
            return name
        }
    }

    /// Largest canvas side, in pixels: a store screenshot is at most a few thousand pixels a
    /// side, and the raster of a larger canvas would not fit in memory.
    public static let maximumSide = 8192
    /// Smallest canvas side, in pixels, that leaves room for a legible headline and a frame.
    public static let minimumSide = 200

    private static func side(_ item: JSONFieldReader, _ key: String, _ d: inout DiagnosticCollector) -> Int? {
        guard let value = item.positiveInteger(key, &d) else { return nil }
        guard (minimumSide...maximumSide).contains(value) else {
            d.error(item.file, item.fieldPath(key), "expected \(minimumSide) to \(maximumSide) pixels, found \(value)")
            return nil
        }
        return value
    }

    private static func readMinimums(_ reader: JSONFieldReader, _ d: inout DiagnosticCollector) -> [CitedMinimumWidth] {
        var minimums: [CitedMinimumWidth] = []
        for (value, path) in reader.array("citedMinimumNativeWidths", &d) {
            guard let item = JSONFieldReader(value, file: reader.file, path: path, &d) else { continue }
            let storeClass = item.string("class", &d)
            let width = item.positiveInteger("minimumNativeWidth", &d)
            let source = item.string("source", &d,
                missingMessage: "cited minimum without a source: expected a non-empty \"source\" naming where the minimum is stated")
            item.refuseUnknownKeys(["class", "minimumNativeWidth", "source"], &d)
            if let storeClass, minimums.contains(where: { $0.storeClass == storeClass }) {
                d.error(reader.file, "\(path).class", "duplicate store class: expected each class once, found \"\(storeClass)\" again")
            }
            if let storeClass, let width, let source {
                minimums.append(CitedMinimumWidth(storeClass: storeClass, minimumNativeWidth: width, source: source))
            }
        }
        return minimums
    }

    private enum ClaimReading {
        /// `storeWell` read: nil for `null`, else the checked claim.
        case read(StoreWellClaim?)
        case refused
    }

    private static func readClaim(_ item: JSONFieldReader, wellLabel: String, width: Int?,
                                  minimums: [CitedMinimumWidth], _ d: inout DiagnosticCollector) -> ClaimReading {
        let path = item.fieldPath("storeWell")
        guard let value = item.value("storeWell") else {
            d.error(item.file, path, "missing field: expected null or a store-well claim {\"class\", \"citation\"}")
            return .refused
        }
        if value == .null { return .read(nil) }
        guard let claimReader = JSONFieldReader(value, file: item.file, path: path, &d) else { return .refused }
        let store = claimReader.optionalString("store", &d)
        if let store, !["app-store", "google-play"].contains(store) {
            d.error(item.file, "\(path).store", "expected \"app-store\" or \"google-play\", found \"\(store)\"")
            return .refused
        }
        let storeClass = claimReader.string("class", &d)
        let citation: StoreCitation?
        if store != nil {
            citation = StoreCitationReader.read(claimReader, field: "citation", &d)
        } else {
            citation = claimReader.string("citation", &d,
                missingMessage: "store-well claim without a citation: expected a non-empty \"citation\" saying where the claim is stated")
                .map { StoreCitation(statement: $0) }
        }
        claimReader.refuseUnknownKeys(["store", "class", "citation"], &d)
        guard let storeClass, let citation else { return .refused }
        // A store slot is checked against its class's cited accepted sizes (App Store) or the
        // store's side and aspect limits (Google Play), not against a minimum width.
        if store != nil {
            return .read(StoreWellClaim(store: store, storeClass: storeClass, citation: citation))
        }
        guard let minimum = minimums.first(where: { $0.storeClass == storeClass }) else {
            let known = minimums.map { "\"\($0.storeClass)\"" }
            d.error(item.file, "\(path).class",
                    "\(wellLabel) claims store class \"\(storeClass)\", which has no cited minimum native width: expected \(Alternatives.oneOf(known, none: "a class with a cited minimum (the catalog cites none)")), found \"\(storeClass)\"")
            return .refused
        }
        if let width, minimum.minimumNativeWidth > width {
            d.error(item.file, "\(path).class",
                    "\(wellLabel) claims store class \"\(storeClass)\": expected width at least \(minimum.minimumNativeWidth) px (cited minimum native width, \(minimum.source)), found \(width) px")
            return .refused
        }
        return .read(StoreWellClaim(store: store, storeClass: storeClass, citation: citation))
    }
}
