import Foundation
import Diagnostics
import Support

/// Reads a store slot's citation object: `url`, `retrieved` and `statement` are all required
/// (a store fact is never asserted without its source); `note` is optional.
enum StoreCitationReader {
    static func read(_ reader: JSONFieldReader, field: String, _ d: inout DiagnosticCollector) -> StoreCitation? {
        let path = reader.fieldPath(field)
        guard let value = reader.value(field), value != .null else {
            d.error(reader.file, path, "store slot without a citation: expected {\"url\", \"retrieved\", \"statement\"}, found none")
            return nil
        }
        return read(value, file: reader.file, path: path, &d)
    }

    /// A citation that is an element of a list (`shape.citations[2]`).
    static func read(_ value: JSONValue, file: String, path: String, _ d: inout DiagnosticCollector) -> StoreCitation? {
        guard let citation = JSONFieldReader(value, file: file, path: path, &d) else { return nil }
        let missing = "store slot citation incomplete: expected url, retrieved and statement, each non-empty"
        let url = citation.string("url", &d, missingMessage: missing)
        let retrieved = citation.string("retrieved", &d, missingMessage: missing)
        let statement = citation.string("statement", &d, missingMessage: missing)
        let note = citation.optionalString("note", &d)
        citation.refuseUnknownKeys(["url", "retrieved", "statement", "note", "unverified"], &d)
        guard let url, let retrieved, let statement else { return nil }
        return StoreCitation(url: url, retrieved: retrieved, statement: statement, note: note)
    }
}

/// Reads `storeRules`: `{"store", "rule", …parameters, "citation"?: {url, retrieved, statement,
/// "unverified"?: true}, "classes"?: [the classes it applies to]}`. Rules: `acceptedSizes`
/// (`class`, `sizes` ["1320x2868", …], `swapped`: also turned 90°, default true),
/// `noAlpha`, `sideRange` (`min`, `max`), `maximumAspect` (`ratio`), `maximumBytes` (`bytes`),
/// `maximumCount` (`count`), `appAlone` (no device frame, no text: the capture alone).
enum StoreRuleLoader {
    static func read(_ reader: JSONFieldReader, _ d: inout DiagnosticCollector) -> [StoreRule] {
        var rules: [StoreRule] = []
        for (value, path) in reader.array("storeRules", &d, allowEmpty: true) {
            guard let item = JSONFieldReader(value, file: reader.file, path: path, &d) else { continue }
            let store = item.string("store", &d)
            if let store, !["app-store", "google-play"].contains(store) {
                d.error(reader.file, "\(path).store", "expected \"app-store\" or \"google-play\", found \"\(store)\"")
            }
            let name = item.string("rule", &d)
            var kind: StoreRule.Kind?
            var known: Set<String> = ["store", "rule", "citation", "classes"]
            switch name {
            case "acceptedSizes":
                known.formUnion(["class", "sizes", "swapped"])
                let storeClass = item.string("class", &d)
                var sizes: [(Int, Int)] = []
                for (size, sizePath) in item.array("sizes", &d) {
                    let parts = size.stringValue?.split(separator: "x").compactMap { Int($0) } ?? []
                    if parts.count == 2, parts[0] > 0, parts[1] > 0 {
                        sizes.append((parts[0], parts[1]))
                    } else {
                        d.error(reader.file, sizePath, "expected \"WIDTHxHEIGHT\" in pixels, found \(size.summary)")
                    }
                }
                var swapped = true
                if let value = item.value("swapped") {
                    if case .bool(let flag) = value { swapped = flag } else {
                        d.error(reader.file, "\(path).swapped", "expected true or false, found \(value.summary)")
                    }
                }
                if let storeClass { kind = .acceptedSizes(storeClass: storeClass, sizes: sizes, swapped: swapped) }
            case "noAlpha":
                kind = .noAlpha
            case "appAlone":
                kind = .appAlone
            case "sideRange":
                known.formUnion(["min", "max"])
                if let low = item.positiveInteger("min", &d), let high = item.positiveInteger("max", &d) { kind = .sideRange(min: low, max: high) }
            case "maximumAspect":
                known.insert("ratio")
                if case .number(let ratio)? = item.value("ratio"), ratio >= 1 {
                    kind = .maximumAspect(ratio: ratio)
                } else {
                    d.error(reader.file, "\(path).ratio", "expected a number ≥ 1, found \(item.value("ratio")?.summary ?? "nothing")")
                }
            case "maximumBytes":
                known.insert("bytes")
                if let bytes = item.positiveInteger("bytes", &d) { kind = .maximumBytes(bytes) }
            case "maximumCount":
                known.insert("count")
                if let count = item.positiveInteger("count", &d) { kind = .maximumCount(count) }
            case nil:
                break
            case let other?:
                d.error(reader.file, "\(path).rule", "unknown rule: expected acceptedSizes, noAlpha, sideRange, maximumAspect, maximumBytes, maximumCount or appAlone, found \"\(other)\"")
            }
            item.refuseUnknownKeys(known, &d)
            var citation: StoreCitation?
            var unverified = false
            if let value = item.value("citation"), value != .null {
                citation = StoreCitationReader.read(item, field: "citation", &d)
                if case .bool(true)? = value.objectValue?["unverified"] { unverified = true }
            }
            var classes: [String]?
            if item.value("classes") != nil {
                classes = item.array("classes", &d).compactMap { value, classPath in
                    guard let name = value.stringValue, !name.isEmpty else {
                        d.error(reader.file, classPath, "expected a store class name, found \(value.summary)")
                        return nil
                    }
                    return name
                }
            }
            if let store, let kind {
                rules.append(StoreRule(store: store, kind: kind, citation: citation, unverified: unverified, classes: classes))
            }
        }
        return rules
    }
}
