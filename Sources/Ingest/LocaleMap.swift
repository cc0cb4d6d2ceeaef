import Foundation
import Diagnostics

/// A job's `"localeMap"`: `{"en": "en-US"}` renames a headline source's locales (an Xcode
/// String Catalog whose source language is Xcode's default `en`, which App Store Connect has no
/// language for) to the locales rendered, named in folders and uploaded. A tag left unmapped
/// keeps its name, and is refused later if a store layout has no code for it: never folded
/// silently into another localization.
enum LocaleMap {
    /// Reads and checks the map: keys and values well-formed BCP 47 tags; no two keys mapping
    /// to one tag, nor to a locale the source already has unmapped.
    static func read(_ reader: JSONFieldReader, _ d: inout DiagnosticCollector) -> [String: String] {
        guard let value = reader.value("localeMap") else { return [:] }
        guard let object = value.objectValue else {
            d.error(reader.file, "localeMap", "expected an object of catalog locale → rendered locale such as {\"en\": \"en-US\"}, found \(value.summary)")
            return [:]
        }
        var map: [String: String] = [:]
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
                d.error(reader.file, field, "two locales map to one: expected each rendered locale once, found \(other) and \(from) both mapped to \(to)")
                continue
            }
            sources[to] = from
            map[from] = to
        }
        return map
    }

    /// The table with its locales renamed. A mapped locale that collides with one the source
    /// has unmapped is refused (the two would be one folder).
    static func apply(_ map: [String: String], to table: HeadlineTable, file: String, _ d: inout DiagnosticCollector) -> HeadlineTable {
        guard !map.isEmpty else { return table }
        var renamed = HeadlineTable()
        renamed.files = table.files
        for from in map.keys.sorted() where !table.locales.contains(from) {
            d.warning(file, "localeMap.\(from)", "maps a locale the headlines do not have: expected \(Alternatives.oneOf(table.locales, none: "a locale of the headlines (they have none)")), found \(from)")
        }
        for locale in table.locales {
            let to = map[locale] ?? locale
            if map[locale] == nil, let from = map.first(where: { $0.value == locale })?.key, table.locales.contains(from) {
                d.error(file, "localeMap.\(from)", "two locales map to one: expected each rendered locale once, found \(from) mapped to \(locale), which the headlines already have")
                continue
            }
            renamed.headlines[to] = table.headlines[locale]
            renamed.fallbacks[to] = table.fallbacks[locale]
            renamed.locales.append(to)
        }
        renamed.locales.sort()
        return renamed
    }
}
