import Foundation

/// Reads an Xcode String Catalog (`.xcstrings`, JSON): `sourceLanguage` and
/// `strings.<key>.localizations.<locale>.stringUnit.{state,value}`.
///
/// A unit whose state is not `translated` is an error, or a warning (its value used) with
/// `allowUntranslated`. Plural or device `variations` are refused: a store screenshot has one
/// headline. Only keys in `keys`, and locales in `only` (canonical; nil: all), are checked and
/// read. Returns every locale present (canonical BCP 47) → key → value.
public enum StringCatalog {
    public static func read(data: Data, file: String, keys: [String], only: Set<String>? = nil, allowUntranslated: Bool,
                            into d: inout DiagnosticCollector) -> [String: [String: String]]? {
        let before = d.errors.count
        var details = Details()
        let result = read(data: data, file: file, keys: keys, only: only, allowUntranslated: allowUntranslated, details: &details, into: &d)
        return d.errors.count > before ? nil : result
    }

    /// What the headline source needs beyond the values: where each value is, and which
    /// units were refused (so they are not reported missing as well).
    struct Details {
        /// Canonical locale → key → field of the unit's value (`strings.<key>.localizations.<locale>.stringUnit.value`).
        var fields: [String: [String: String]] = [:]
        /// `<canonical locale>/<key>` of units refused with an error.
        var refused: Set<String> = []
    }

    /// Reads every unit it can, reporting each problem; the values of refused units are left
    /// out. Nil only when the file is not a catalog at all.
    static func read(data: Data, file: String, keys: [String], only: Set<String>?, allowUntranslated: Bool,
                     details: inout Details, into d: inout DiagnosticCollector) -> [String: [String: String]]? {
        guard let reader = JSONFieldReader.root(data, file: file, &d) else { return nil }
        let sourceLanguage = reader.string("sourceLanguage", &d)
        var result: [String: [String: String]] = [:]
        if let source = sourceLanguage {
            // Checked like every locale key: "../../etc" was accepted (and names folders).
            if LocaleTag.isWellFormed(source) {
                result[LocaleTag.canonical(source)] = [:]
            } else {
                d.error(file, "sourceLanguage", "expected a BCP 47 locale, found \"\(source)\"")
            }
        }
        guard let strings = reader.value("strings")?.objectValue else {
            d.error(file, "strings", "expected an object of key → string entry, found \(reader.value("strings")?.summary ?? "nothing")")
            return nil
        }
        // Locale keys repeat in every entry: checked and canonicalized once each.
        var canonicalTags: [String: String?] = [:]
        func canonicalTag(_ tag: String) -> String? {
            if let known = canonicalTags[tag] { return known }
            let canonical = LocaleTag.isWellFormed(tag) ? LocaleTag.canonical(tag) : nil
            canonicalTags[tag] = canonical
            return canonical
        }
        for key in strings.keys.sorted() {
            let path = "strings.\(key)"
            guard let entry = strings[key], let entryReader = JSONFieldReader(entry, file: file, path: path, &d) else { continue }
            guard let localizations = entryReader.value("localizations")?.objectValue else { continue }
            for locale in localizations.keys.sorted() {
                let localePath = "\(path).localizations.\(locale)"
                guard let canonical = canonicalTag(locale) else {
                    d.error(file, localePath, "expected a BCP 47 locale, found \"\(locale)\"")
                    continue
                }
                if localizations.keys.contains(where: { $0 != locale && canonicalTag($0) == canonical }) {
                    d.error(file, localePath, "locale is \(canonical) like another key of this string: expected each locale once, found \"\(locale)\"")
                    continue
                }
                if result[canonical] == nil { result[canonical] = [:] }
                guard keys.contains(key), only?.contains(canonical) ?? true, let localization = localizations[locale]?.objectValue else { continue }
                let unitErrors = d.errors.count
                defer { if d.errors.count > unitErrors { details.refused.insert("\(canonical)/\(key)") } }
                if localization["substitutions"] != nil || (entry.objectValue?["substitutions"] != nil) {
                    d.error(file, "\(localePath)", "a store screenshot has fixed text: expected a stringUnit without substitutions, found substitutions")
                    continue
                }
                if let variations = localization["variations"]?.objectValue {
                    let kinds = variations.keys.sorted().joined(separator: ", ")
                    d.error(file, "\(localePath).variations", "a store screenshot has one headline: expected a single stringUnit, found \(kinds) variations")
                    continue
                }
                guard let unit = localization["stringUnit"]?.objectValue, let value = unit["value"]?.stringValue else {
                    d.error(file, "\(localePath).stringUnit", "expected a stringUnit with a value, found none")
                    continue
                }
                let state = unit["state"]?.stringValue ?? "(none)"
                if state != "translated" {
                    let message = "string unit is \"\(state)\", not translated: expected state \"translated\", found \"\(state)\""
                    if allowUntranslated {
                        d.add(Diagnostic(.warning, file: file, field: "\(localePath).stringUnit.state",
                                         message: message + " (used because of --allow-untranslated)",
                                         subject: DiagnosticSubject(locale: canonical, captureId: key)))
                    } else {
                        d.error(file, "\(localePath).stringUnit.state", message + " (--allow-untranslated accepts it)")
                        continue
                    }
                }
                result[canonical]?[key] = value
                details.fields[canonical, default: [:]][key] = "\(localePath).stringUnit.value"
            }
        }
        return result
    }
}
