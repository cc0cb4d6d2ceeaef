import Foundation
import Diagnostics

/// Reads the store-wells catalog's `targets`: `{"target": "app-store:iphone-6.9", "store",
/// "class", "family", "preferred": {"portrait": slot id, "landscape": slot id}, "folder",
/// "uploadFolder": fastlane supply folder or null}`. Every preferred slot must be a slot of the
/// catalog of the target's store and class, so a target never composes to a size its class
/// does not cite.
enum StoreTargetLoader {
    static let families = Well.families + ["graphic"]

    static func read(_ reader: JSONFieldReader, slots: [Well], _ d: inout DiagnosticCollector) -> [StoreTarget] {
        var targets: [StoreTarget] = []
        // A store catalog written before targets existed still loads; it has none.
        guard reader.value("targets") != nil else { return [] }
        for (value, indexPath) in reader.array("targets", &d) {
            let path = value.objectValue?["target"]?.stringValue.map { "\(indexPath) (\($0))" } ?? indexPath
            guard let item = JSONFieldReader(value, file: reader.file, path: path, &d) else { continue }
            let name = item.string("target", &d)
            let store = item.string("store", &d)
            let storeClass = item.string("class", &d)
            let family = item.string("family", &d)
            let folder = item.string("folder", &d)
            let uploadFolder = item.optionalString("uploadFolder", &d)
            let hint = deliverNameHint(item, store: store, &d)
            item.refuseUnknownKeys(["target", "store", "class", "family", "preferred", "folder", "uploadFolder", "deliverNameHint"], &d)
            if let name, let store, !name.hasPrefix(store + ":") {
                d.error(reader.file, item.fieldPath("target"), "a target is named <store>:<class>: expected a name starting \"\(store):\", found \"\(name)\"")
            }
            if let name, targets.contains(where: { $0.name == name }) {
                d.error(reader.file, item.fieldPath("target"), "duplicate target: expected each target once, found \"\(name)\" again")
            }
            if let family, !families.contains(family) {
                d.error(reader.file, item.fieldPath("family"), "expected one of \(families.joined(separator: ", ")), found \"\(family)\"")
            }
            if let folder, !CaptureID.isValid(folder) {
                d.error(reader.file, item.fieldPath("folder"), "the folder becomes a folder name: expected [A-Za-z0-9][A-Za-z0-9._-]*, found \"\(folder)\"")
            }
            var preferred: [String: String] = [:]
            if let map = item.value("preferred")?.objectValue, !map.isEmpty {
                for orientation in map.keys.sorted() {
                    let field = item.fieldPath("preferred.\(orientation)")
                    guard ["portrait", "landscape", "square"].contains(orientation), let id = map[orientation]?.stringValue else {
                        d.error(reader.file, field, "expected portrait, landscape or square → a slot id, found \(map[orientation]?.summary ?? "nothing") under \"\(orientation)\"")
                        continue
                    }
                    guard let slot = slots.first(where: { $0.id == id }), slot.storeWell?.store == store, slot.storeWell?.storeClass == storeClass else {
                        d.error(reader.file, field, "expected a slot of \(store ?? "?") \"\(storeClass ?? "?")\" in this catalog, found \"\(id)\"")
                        continue
                    }
                    preferred[orientation] = id
                }
            } else {
                d.error(reader.file, item.fieldPath("preferred"), "expected an object of orientation → slot id, found \(item.value("preferred")?.summary ?? "nothing")")
            }
            if let name, let store, let storeClass, let family, let folder, !preferred.isEmpty {
                var target = StoreTarget(name: name, store: store, storeClass: storeClass, family: family, preferred: preferred,
                                         folder: folder, uploadFolder: uploadFolder)
                target.deliverNameHint = hint
                targets.append(target)
            }
        }
        return targets
    }

    /// `"deliverNameHint": {"text": "APP_IPAD_PRO_3GEN_129", "citation": {…}}`: a file-name
    /// fragment, cited like every store fact; App Store targets only (deliver uploads those).
    private static func deliverNameHint(_ item: JSONFieldReader, store: String?, _ d: inout DiagnosticCollector) -> String? {
        guard let value = item.value("deliverNameHint"), value != .null else { return nil }
        guard let hint = JSONFieldReader(value, file: item.file, path: item.fieldPath("deliverNameHint"), &d) else { return nil }
        let text = hint.string("text", &d)
        let citation = StoreCitationReader.read(hint, field: "citation", &d)
        hint.refuseUnknownKeys(["text", "citation"], &d)
        if let store, store != "app-store" {
            d.error(item.file, hint.fieldPath("text"), "fastlane deliver uploads App Store screenshots only: expected no deliverNameHint on a \(store) target, found one")
            return nil
        }
        if let text, !CaptureID.isValid(text) {
            d.error(item.file, hint.fieldPath("text"), "the hint becomes part of a file name: expected [A-Za-z0-9][A-Za-z0-9._-]*, found \"\(text)\"")
            return nil
        }
        return citation == nil ? nil : text
    }
}
