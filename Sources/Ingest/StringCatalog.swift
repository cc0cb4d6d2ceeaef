import Foundation
import Diagnostics
import Support

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
        let before = d.errorCount
        var details = Details()
        let result = read(data: data, file: file, keys: keys, only: only, allowUntranslated: allowUntranslated, details: &details, into: &d)
        return d.errorCount > before ? nil : result
    }

    /// What the headline source needs beyond the values: where each value is, and which
    /// units were refused (so they are not reported missing as well).
    struct Details {
        /// Canonical locale → key → field of the unit's value (`strings.<key>.localizations.<locale>.stringUnit.value`).
        var fields: [String: [String: String]] = [:]
        /// `<canonical locale>/<key>` of units refused with an error.
        var refused: Set<String> = []
        /// The wanted keys the catalog has an entry for.
        var keys: Set<String> = []
    }

    /// Reads every unit it can, reporting each problem; the values of refused units are left
    /// out. Nil only when the file is not a catalog at all.
    ///
    /// The `strings` object is streamed (`JSONDocument.parse(_:streaming:each:)`): each entry
    /// is checked as it is read and dropped, and only the entries of `keys` keep their values
    /// and positions, so a catalog at its 16 MiB limit never exists as one tree in memory.
    static func read(data: Data, file: String, keys: [String], only: Set<String>?, allowUntranslated: Bool,
                     details: inout Details, into d: inout DiagnosticCollector) -> [String: [String: String]]? {
        let wanted = Set(keys)
        var result: [String: [String: String]] = [:]
        // Locale keys repeat in every entry: checked and canonicalized once each.
        var canonicalTags: [String: String?] = [:]
        func canonicalTag(_ tag: String) -> String? {
            if let known = canonicalTags[tag] { return known }
            let canonical = LocaleTag.isWellFormed(tag) ? LocaleTag.canonical(tag) : nil
            canonicalTags[tag] = canonical
            return canonical
        }
        // Problems of entries are added once the whole file is known to be JSON.
        var entries = DiagnosticCollector()
        let parsed = JSONFieldReader.parse(file: file) {
            try JSONDocument.parse(data, streaming: "strings") { member in
                entry(member, file: file, wanted: wanted, only: only, allowUntranslated: allowUntranslated,
                      canonicalTag: canonicalTag, result: &result, details: &details, into: &entries)
                if wanted.contains(member.key) { details.keys.insert(member.key) }
                return wanted.contains(member.key)
            }
        }
        if let problem = parsed.problem { d.add(problem) }
        guard let document = parsed.document else { return nil }
        d.append(contentsOf: entries)
        guard let reader = JSONFieldReader.root(document, file: file, &d) else { return nil }
        if let source = reader.string("sourceLanguage", &d) {
            // Checked like every locale key: "../../etc" was accepted (and names folders).
            if LocaleTag.isWellFormed(source) {
                let canonical = LocaleTag.canonical(source)
                if result[canonical] == nil { result[canonical] = [:] }
            } else {
                d.error(file, "sourceLanguage", "expected a BCP 47 locale, found \"\(source)\"")
            }
        }
        guard reader.value("strings")?.objectValue != nil else {
            d.error(file, "strings", "expected an object of key → string entry, found \(reader.value("strings")?.summary ?? "nothing")")
            return nil
        }
        return result
    }

    /// One entry of `strings` (`member.key` is the string's key): its locales are checked and
    /// recorded for every entry, its units read only for `wanted` keys. Diagnostics carry the
    /// positions the member brings (the document's table is not built yet).
    private static func entry(_ member: JSONStreamedMember, file: String, wanted: Set<String>, only: Set<String>?,
                              allowUntranslated: Bool, canonicalTag: (String) -> String?,
                              result: inout [String: [String: String]], details: inout Details,
                              into d: inout DiagnosticCollector) {
        func add(_ diagnostic: Diagnostic) {
            var diagnostic = diagnostic
            diagnostic.position = DiagnosticCollector.position(of: diagnostic.field, in: member.positions)
            d.add(diagnostic)
        }
        let key = member.key
        let path = member.path
        let entry = member.value
        guard let fields = entry.objectValue else {
            add(.error(file, path, "expected an object, found \(entry.summary)"))
            return
        }
        guard let localizations = fields["localizations"]?.objectValue else { return }
        for locale in localizations.keys.sorted() {
            let localePath = "\(path).localizations.\(locale)"
            guard let canonical = canonicalTag(locale) else {
                add(.error(file, localePath, "expected a BCP 47 locale, found \"\(locale)\""))
                continue
            }
            if localizations.keys.contains(where: { $0 != locale && canonicalTag($0) == canonical }) {
                add(.error(file, localePath, "locale is \(canonical) like another key of this string: expected each locale once, found \"\(locale)\""))
                continue
            }
            if result[canonical] == nil { result[canonical] = [:] }
            guard wanted.contains(key), only?.contains(canonical) ?? true, let localization = localizations[locale]?.objectValue else { continue }
            if localization["substitutions"] != nil || fields["substitutions"] != nil {
                add(.error(file, "\(localePath)", "a store screenshot has fixed text: expected a stringUnit without substitutions, found substitutions"))
                details.refused.insert("\(canonical)/\(key)")
                continue
            }
            if let variations = localization["variations"]?.objectValue {
                let kinds = variations.keys.sorted().joined(separator: ", ")
                add(.error(file, "\(localePath).variations", "a store screenshot has one headline: expected a single stringUnit, found \(kinds) variations"))
                details.refused.insert("\(canonical)/\(key)")
                continue
            }
            guard let unit = localization["stringUnit"]?.objectValue, let value = unit["value"]?.stringValue else {
                add(.error(file, "\(localePath).stringUnit", "expected a stringUnit with a value, found none"))
                details.refused.insert("\(canonical)/\(key)")
                continue
            }
            let state = unit["state"]?.stringValue ?? "(none)"
            if state != "translated" {
                let message = "string unit is \"\(state)\", not translated: expected state \"translated\", found \"\(state)\""
                if allowUntranslated {
                    add(Diagnostic(.warning, file: file, field: "\(localePath).stringUnit.state",
                                   message: message + " (used because of --allow-untranslated)",
                                   subject: DiagnosticSubject(locale: canonical, captureId: key)))
                } else if value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || HeadlineCharacters.invisibleScalars(value) != nil {
                    // --allow-untranslated would only lead to the empty value's refusal on the
                    // next run: both are said at once, with the one remedy.
                    add(.error(file, "\(localePath).stringUnit", "string unit is \"\(state)\" and its value is empty: expected a headline with state \"translated\", found state \"\(state)\" and value \"\(value)\" (write the headline, then mark it translated)"))
                    details.refused.insert("\(canonical)/\(key)")
                    continue
                } else {
                    add(.error(file, "\(localePath).stringUnit.state", message + " (--allow-untranslated accepts it)"))
                    details.refused.insert("\(canonical)/\(key)")
                    continue
                }
            }
            result[canonical]?[key] = value
            details.fields[canonical, default: [:]][key] = "\(localePath).stringUnit.value"
        }
    }
}
