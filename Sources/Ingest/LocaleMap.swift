import Foundation
import Diagnostics

/// A job's `"localeMap"`: `{"en": "en-US"}` renames a headline source's locales (an Xcode
/// String Catalog whose source language is Xcode's default `en`, which App Store Connect has no
/// language for) to the locales rendered, named in folders and uploaded. A tag left unmapped
/// keeps its name, and is refused later if a store layout has no code for it: never folded
/// silently into another localization. A rename only ever adds a name: onto a locale the
/// headlines already have, two entries onto one, or round a cycle (`en-US → de-DE`,
/// `de-DE → en-US` swapped the two locales' headlines) is refused, naming both entries.
enum LocaleMap {
    /// The map read, canonical tag → canonical tag, and each entry's key as written (the field
    /// a problem names).
    struct Entries {
        var map: [String: String] = [:]
        var written: [String: String] = [:]

        func field(_ from: String) -> String { "localeMap.\(written[from] ?? from)" }
    }

    /// Reads and checks the map: keys and values well-formed BCP 47 tags; no two keys mapping
    /// to one tag; no cycle.
    static func read(_ reader: JSONFieldReader, _ d: inout DiagnosticCollector) -> Entries {
        guard let value = reader.value("localeMap") else { return Entries() }
        guard let object = value.objectValue else {
            d.error(reader.file, "localeMap", "expected an object of catalog locale → rendered locale such as {\"en\": \"en-US\"}, found \(value.summary)")
            return Entries()
        }
        var entries = Entries()
        var sources: [String: String] = [:]
        for key in object.keys.sorted() {
            let field = "localeMap.\(key)"
            guard LocaleTag.isWellFormed(key) else {
                d.error(reader.file, field, "expected a BCP 47 tag such as en or de-DE as the key, found \"\(key)\"")
                continue
            }
            guard let tag = object[key]?.stringValue, LocaleTag.isWellFormed(tag) else {
                d.error(reader.file, field, "expected a BCP 47 tag such as en-US, found \(object[key]?.summary ?? "nothing")")
                continue
            }
            let from = LocaleTag.canonical(key), to = LocaleTag.canonical(tag)
            if let other = sources[to] {
                d.error(reader.file, field, "two entries map to one locale: expected each rendered locale once, found \(entries.field(other)) and \(field) both mapped to \(to)")
                continue
            }
            if entries.map[from] != nil {
                d.error(reader.file, field, "two entries rename one locale: expected each locale once, found \(entries.field(from)) and \(field) both naming \(from)")
                continue
            }
            sources[to] = from
            entries.map[from] = to
            entries.written[from] = key
        }
        reportCycles(&entries, file: reader.file, &d)
        return entries
    }

    /// Each cycle once, at its first entry in sorted order, naming every entry on it; its
    /// entries are then left out of the map so no other problem is reported about them.
    private static func reportCycles(_ entries: inout Entries, file: String, _ d: inout DiagnosticCollector) {
        var inCycle = Set<String>()
        for start in entries.map.keys.sorted() where !inCycle.contains(start) {
            var path = [start]
            var next = entries.map[start]
            while let tag = next, tag != start, !path.contains(tag), path.count <= entries.map.count {
                path.append(tag)
                next = entries.map[tag]
            }
            guard next == start, path.count > 1 else { continue }
            let steps = path.map { "\(entries.field($0)) → \(entries.map[$0]!)" }
            d.error(file, entries.field(start), "the renames form a cycle: expected each rendered locale to be one no other entry renames, found \(steps.joined(separator: " and "))")
            inCycle.formUnion(path)
        }
        for tag in inCycle { entries.map[tag] = nil }
    }

    /// The table with its locales renamed. An entry renaming onto a locale the headlines have
    /// (mapped or not) is refused: the two would be one folder, or one locale would get the
    /// other's headlines.
    static func apply(_ entries: Entries, to table: HeadlineTable, file: String, _ d: inout DiagnosticCollector) -> HeadlineTable {
        let map = entries.map
        guard !map.isEmpty else { return table }
        var renamed = HeadlineTable()
        renamed.files = table.files
        for from in map.keys.sorted() where !table.locales.contains(from) {
            d.warning(file, entries.field(from), "maps a locale the headlines do not have: expected \(Alternatives.oneOf(table.locales, none: "a locale of the headlines (they have none)")), found \(from)")
        }
        var refused = Set<String>()
        for from in map.keys.sorted() {
            let to = map[from]!
            guard to != from, table.locales.contains(to) else { continue }
            let other = map[to].map { "\(entries.field(to)) renaming it to \($0)" } ?? "the headlines' own \(to), which no entry renames"
            d.error(file, entries.field(from), "maps onto a locale the headlines already have: expected a rendered locale the headlines do not have, found \(entries.field(from)) → \(to) and \(other)")
            refused.insert(from)
        }
        for locale in table.locales {
            let to = refused.contains(locale) ? locale : map[locale] ?? locale
            renamed.headlines[to] = table.headlines[locale]
            renamed.fallbacks[to] = table.fallbacks[locale]
            renamed.origins[to] = table.origins[locale]
            renamed.locales.append(to)
        }
        renamed.locales = Array(Set(renamed.locales)).sorted()
        return renamed
    }
}
