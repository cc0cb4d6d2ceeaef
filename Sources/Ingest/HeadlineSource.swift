import Foundation
import Diagnostics
import Support

/// Command-line choices about headline sources.
public struct HeadlineOptions: Equatable, Sendable {
    /// Accept String Catalog units that are not `translated` (with a warning).
    public var allowUntranslated = false
    /// Fill missing translations from this locale, one warning per gap.
    public var fallbackLocale: String?

    public init(allowUntranslated: Bool = false, fallbackLocale: String? = nil) {
        self.allowUntranslated = allowUntranslated
        self.fallbackLocale = fallbackLocale
    }
}

/// Where a headline was read: the localization file and the field (`strings.<key>.
/// localizations.<locale>.stringUnit.value`) or line (`line 3`) of its value. Problems found
/// later in the headline (it does not fit, a glyph is missing) are reported there, so an
/// annotation lands on the file a translator edits.
public struct HeadlineOrigin: Equatable, Sendable {
    public var file: String
    public var field: String
    /// The line of a `.strings` entry (a catalog's lines come from its JSON positions).
    public var line: Int? = nil

    package init(file: String, field: String, line: Int? = nil) {
        (self.file, self.field, self.line) = (file, field, line)
    }
}

/// Headlines resolved from the job's source, for the locales to render.
struct HeadlineTable {
    /// locale → capture id → where the headline was read (localization files only).
    var origins: [String: [String: HeadlineOrigin]] = [:]
    /// Canonical locale → capture id → headline.
    var headlines: [String: [String: String]] = [:]
    var locales: [String] = []
    /// Localization files read (String Catalog or `.strings` files), hashed from the bytes read.
    var files: [InputFile] = []
    /// locale → capture id → the locale whose headline filled the gap.
    var fallbacks: [String: [String: String]] = [:]
}

/// Reads `headlines` from a job: an inline map, a path to an Xcode String Catalog
/// (`.xcstrings`), or a path to a folder of `<locale>/title.strings` (fastlane frameit's
/// convention). Keys are capture ids, matched exactly. Locales are canonicalized; `locales`
/// in the job restricts them. Every (locale, capture) without a headline is listed in one
/// error, unless `fallbackLocale` fills it (with a warning each).
enum HeadlineSource {
    /// `optionalIds`: keys that may have a headline but need none (a panorama's panels,
    /// `<screen>-2`); never filled from the fallback locale. `alternatives`: a required key →
    /// a key whose headline stands in for it (`<screen>` → `<screen>-1`).
    static func read(_ reader: JSONFieldReader, directory: URL, captureIds required: [String], optionalIds: [String] = [],
                     alternatives: [String: String] = [:], options: HeadlineOptions,
                     _ d: inout DiagnosticCollector) -> HeadlineTable? {
        let file = reader.file
        let captureIds = required + optionalIds.filter { !required.contains($0) }
        let optional = Set(optionalIds).subtracting(required)
        let before = d.errorCount
        var table = HeadlineTable()
        var sourceName = file
        var raw: [String: [String: String]] = [:]
        var isInline = false
        // `<locale>/<id>` of headlines whose source was refused: reported there, not again as missing.
        var refused: Set<String> = []
        // A String Catalog's keys with an entry: its problems are reported at the entry's line.
        var catalogKeys: Set<String>?
        guard let value = reader.value("headlines"), value != .null else {
            d.error(file, "headlines", "missing field: expected an object of locale → capture id → headline, a .xcstrings file or a folder of <locale>/title.strings")
            return nil
        }
        if let byLocale = value.objectValue {
            raw = inline(byLocale, file: file, captureIds: captureIds, &d)
            isInline = true
        } else if let path = value.stringValue, !path.isEmpty {
            let url = JobLoader.resolve(path, against: directory)
            sourceName = url.path
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if url.pathExtension == "xcstrings" {
                guard let data = InputReader.read(path: url.path, as: .localization, reporting: "the String Catalog", file: file, field: "headlines", into: &d) else {
                    return nil
                }
                table.files = [InputFile(displayPath: url.path, url: url, builtinName: nil, sha256: SHA256.hex(data))]
                var only = requestedLocales(reader)
                if let fallback = options.fallbackLocale, LocaleTag.isWellFormed(fallback) { only?.insert(LocaleTag.canonical(fallback)) }
                var details = StringCatalog.Details()
                guard let read = StringCatalog.read(data: data, file: url.path, keys: captureIds, only: only,
                                                    allowUntranslated: options.allowUntranslated, details: &details, into: &d) else { return nil }
                raw = read
                refused = details.refused
                catalogKeys = details.keys
                for (locale, fields) in details.fields {
                    for (id, field) in fields { table.origins[locale, default: [:]][id] = HeadlineOrigin(file: url.path, field: field) }
                }
            } else if exists && isDirectory.boolValue {
                raw = stringsFolder(url, captureIds: captureIds, files: &table.files, origins: &table.origins, refused: &refused, &d)
            } else {
                d.error(file, "headlines", "expected a .xcstrings file or a folder of <locale>/title.strings, found \(exists ? "the file" : "nothing at") \(url.path)")
                return nil
            }
        } else {
            d.error(file, "headlines", "expected an object of locale → capture id → headline, or a path, found \(value.summary)")
            return nil
        }
        // Every source goes on to the missing-headline check so that every problem of the job
        // is reported at once (a unit that needs review and a missing translation together);
        // refused units are not reported missing again.
        if d.errorCount > before && !isInline && raw.isEmpty { return nil }

        table.locales = selectLocales(reader, available: raw.keys.sorted(), &d)
        let fallback = options.fallbackLocale.map { LocaleTag.isWellFormed($0) ? LocaleTag.canonical($0) : $0 }
        if let fallback, raw[fallback] == nil {
            d.error(sourceName, "--fallback-locale", "fallback locale not in the headline source: expected \(Alternatives.oneOf(raw.keys.sorted(), none: "a locale of the headline source (it has none)")), found \(fallback)")
            return nil
        }
        var missing: [String] = []
        for locale in table.locales {
            var headlines: [String: String] = [:]
            for id in captureIds {
                if let text = raw[locale]?[id] {
                    headlines[id] = text
                } else if optional.contains(id) || alternatives[id].map({ raw[locale]?[$0] != nil }) == true {
                    continue
                } else if let fallback, let text = raw[fallback]?[id] {
                    headlines[id] = text
                    table.fallbacks[locale, default: [:]][id] = fallback
                    d.add(Diagnostic(.warning, file: sourceName, field: catalogKeys.map { "\($0.contains(id) ? "strings.\(id)" : "strings").localizations" } ?? "\(locale).\(id)",
                                     message: "missing translation\(catalogKeys == nil ? "" : " for \(locale)"): using the \(fallback) headline (--fallback-locale)",
                                     subject: DiagnosticSubject(locale: locale, captureId: id)))
                } else if !refused.contains("\(locale)/\(id)") {
                    missing.append("\(locale)/\(id)")
                }
            }
            table.headlines[locale] = headlines
        }
        if !missing.isEmpty, let keys = catalogKeys {
            // A String Catalog's gaps at each key's entry (its line), the key's locales listed.
            let byKey = Dictionary(grouping: missing) { String($0[$0.index(after: $0.firstIndex(of: "/") ?? $0.startIndex)...]) }
            for id in captureIds where byKey[id] != nil {
                d.error(sourceName, keys.contains(id) ? "strings.\(id)" : "strings",
                        "missing headline: expected one for every capture in every locale, found none for \((byKey[id] ?? []).joined(separator: ", "))")
            }
        } else if !missing.isEmpty {
            d.error(sourceName, "headlines", "missing headline: expected one for every capture in every locale, found none for \(missing.joined(separator: ", "))")
        }
        for locale in table.locales {
            for id in captureIds {
                guard let text = table.headlines[locale]?[id] else { continue }
                let origin = table.origins[locale]?[id]
                let file = origin?.file ?? sourceName, field = origin?.field ?? "headlines.\(locale).\(id)"
                if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    d.error(file, field, "expected a non-empty headline, found \"\(text)\"")
                } else if let invisible = HeadlineCharacters.invisibleScalars(text) {
                    d.error(file, field, "expected a non-empty headline, found only characters that draw nothing: \(HeadlineCharacters.codePoints(invisible))")
                }
                let specifiers = HeadlineCharacters.formatSpecifiers(text)
                if !specifiers.isEmpty {
                    d.add(Diagnostic(.warning, file: file, field: field,
                                     message: "the headline keeps \(specifiers.joined(separator: " ")) as written: the tool draws no format arguments, so \(specifiers.count == 1 ? "it ships" : "they ship") literally",
                                     subject: DiagnosticSubject(locale: locale, captureId: id)))
                }
            }
        }
        // The valid locales go on even when some were refused (an invalid tag is simply left
        // out), so the later checks (wells, each locale's capture file, targets) report their
        // problems in the same run; the errors already collected prevent rendering.
        return table
    }

    private static func inline(_ byLocale: [String: JSONValue], file: String, captureIds: [String],
                               _ d: inout DiagnosticCollector) -> [String: [String: String]] {
        // A set: a job may list hundreds of ids, and a scan per headline was quadratic.
        let known = Set(captureIds)
        var result: [String: [String: String]] = [:]
        var spelled: [String: String] = [:]
        if byLocale.isEmpty { d.error(file, "headlines", "expected at least one locale, found an empty object") }
        for locale in byLocale.keys.sorted() {
            let path = "headlines.\(locale)"
            guard LocaleTag.isWellFormed(locale) else {
                d.error(file, path, "locale becomes a folder name: expected a BCP 47 tag such as en-US or zh-Hans, at most \(LocaleTag.maximumLength) characters, found \(Self.shown(locale))")
                continue
            }
            let canonical = LocaleTag.canonical(locale)
            if let other = spelled[canonical] {
                d.error(file, path, "locale is \(canonical), like \"\(other)\": expected each locale once, found \"\(locale)\"")
                continue
            }
            spelled[canonical] = locale
            guard let entries = byLocale[locale]?.objectValue else {
                d.error(file, path, "expected an object of capture id → headline, found \(byLocale[locale]?.summary ?? "nothing")")
                continue
            }
            var headlines: [String: String] = [:]
            for id in entries.keys.sorted() {
                guard known.contains(id) else {
                    d.error(file, "\(path).\(id)", "headline for an unknown capture: expected \(Alternatives.oneOf(captureIds, none: "the id of a capture of the job (it has no valid capture)")), found \"\(id)\"")
                    continue
                }
                guard let text = entries[id]?.stringValue else {
                    d.error(file, "\(path).\(id)", "expected a headline string, found \(entries[id]?.summary ?? "nothing")")
                    continue
                }
                headlines[id] = text
            }
            result[canonical] = headlines
        }
        return result
    }

    private static func stringsFolder(_ folder: URL, captureIds: [String], files: inout [InputFile],
                                      origins: inout [String: [String: HeadlineOrigin]], refused: inout Set<String>,
                                      _ d: inout DiagnosticCollector) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            .filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).appendingPathComponent("title.strings").path) }
        let twins = LocaleTag.secondFolders(names, in: folder, field: "(folder name)", &d)
        for name in names where !twins.contains(name) {
            let url = folder.appendingPathComponent(name).appendingPathComponent("title.strings")
            // The one reading of a folder name as a locale, as fastlane folders and init read
            // it: `de_DE` is de-DE.
            guard let locale = LocaleTag.fromFolderName(name) else {
                d.error(url.path, "(folder name)", "the folder names the locale: expected a BCP 47 tag such as en-US (or one written with underscores, de_DE), at most \(LocaleTag.maximumLength) characters, found \(Self.shown(name))")
                continue
            }
            guard let data = InputReader.read(path: url.path, as: .localization, reporting: "the strings file", file: url.path, into: &d) else { continue }
            files.append(InputFile(displayPath: url.path, url: url, builtinName: nil, sha256: SHA256.hex(data)))
            do {
                let entries = try StringsFile.parse(try StringsFile.decode(data))
                var headlines: [String: String] = [:]
                var lines: [String: Int] = [:]
                for entry in entries where captureIds.contains(entry.key) {
                    if let first = lines[entry.key] {
                        d.add(Diagnostic(.error, file: url.path, field: "line \(entry.line)",
                                         message: "key \"\(entry.key)\" again: expected each key once, found it on lines \(first) and \(entry.line)",
                                         position: JSONPosition(line: entry.line, column: 1),
                                         subject: DiagnosticSubject(locale: locale, captureId: entry.key)))
                    }
                    lines[entry.key] = entry.line
                    headlines[entry.key] = entry.value
                    origins[locale, default: [:]][entry.key] = HeadlineOrigin(file: url.path, field: "line \(entry.line)", line: entry.line)
                }
                result[locale] = headlines
            } catch let error as StringsSyntaxError {
                d.add(Diagnostic(.error, file: url.path, field: "line \(error.line), column \(error.column)",
                                 message: "syntax error: \(error.message)", position: JSONPosition(line: error.line, column: error.column)))
                result[locale] = [:]
                for id in captureIds { refused.insert("\(locale)/\(id)") }
            } catch {
                d.error(url.path, "(file)", "\(error)")
                result[locale] = [:]
                for id in captureIds { refused.insert("\(locale)/\(id)") }
            }
        }
        if result.isEmpty && !d.hasErrors {
            d.error(folder.path, "(folder)", "expected <locale>/title.strings files, found none")
        }
        return result
    }

    /// A refused tag for a message: quoted, and cut with its length when it is long.
    static func shown(_ tag: String) -> String {
        tag.count > 40 ? "\"\(tag.prefix(40))…\" (\(tag.count) characters)" : "\"\(tag)\""
    }

    /// The job's `locales`, canonicalized, without diagnostics (`selectLocales` reports).
    private static func requestedLocales(_ reader: JSONFieldReader) -> Set<String>? {
        guard let items = reader.value("locales")?.arrayValue else { return nil }
        return Set(items.compactMap(\.stringValue).filter(LocaleTag.isWellFormed).map(LocaleTag.canonical))
    }

    private static func selectLocales(_ reader: JSONFieldReader, available: [String], _ d: inout DiagnosticCollector) -> [String] {
        guard reader.value("locales") != nil else { return available }
        var selected: [String] = []
        for (value, path) in reader.array("locales", &d) {
            guard let tag = value.stringValue, LocaleTag.isWellFormed(tag) else {
                d.error(reader.file, path, "expected a BCP 47 tag, found \(value.summary)")
                continue
            }
            let canonical = LocaleTag.canonical(tag)
            guard available.contains(canonical) else {
                d.error(reader.file, path, "locale not in the headline source: expected \(Alternatives.oneOf(available, none: "a locale of the headline source (it has none)")), found \(tag)")
                continue
            }
            if !selected.contains(canonical) { selected.append(canonical) }
        }
        return selected.sorted()
    }
}
