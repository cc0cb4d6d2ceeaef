import Foundation
import Diagnostics
import Support

/// Reads a job file (JSON, `schemaVersion` 1) and checks its syntax: known fields, capture
/// ids (`[A-Za-z0-9][A-Za-z0-9._-]*`, unique), BCP 47 locales (unique ignoring case, since
/// they become folder names), a headline for every capture in every locale and none for an
/// unknown capture, and the typesetting fields (`headlineMaxLines` 1–6, `headlineMinimumScale`
/// 0.3–1, `headlineSize` fit|uniform, `emoji` refuse|monochrome|color, `fonts` by locale,
/// `fontFiles`, `hyphenation` true|false). Paths resolve against the job file's folder. Every problem goes into the
/// collector. The job returned holds only the parts that passed (so later stages can report
/// their own problems in the same run); nil only when the file is unreadable or not a JSON object.
public enum JobLoader {
    /// Every top-level field of a job; the job schema (`schema job`) describes exactly these.
    /// `$schema` names a JSON Schema for editors and is otherwise ignored.
    public static let knownKeys: Set<String> = ["$schema", "schemaVersion", "template", "wells", "storeWells", "output", "captures",
                                                "captureLocales", "headlines", "targets", "leaveOut", "localeMap", "locales", "theme", "subtitles", "badges", "screens", "graphics", "frame", "headlineMaxLines",
                                                "headlineMinimumScale", "headlineSize", "emoji", "fonts", "fontFiles", "hyphenation", "emphasis", "drawingBounds"]

    public static func load(file: String, headlineOptions: HeadlineOptions = HeadlineOptions(),
                            into d: inout DiagnosticCollector) -> Job? {
        let url = URL(fileURLWithPath: file)
        guard let data = InputReader.read(path: url.path, as: .job, reporting: "the job file", file: file, into: &d) else { return nil }
        return decode(data: data, file: file, directory: url.deletingLastPathComponent(), headlineOptions: headlineOptions, into: &d)
    }

    /// Decodes job bytes whose relative paths resolve against `directory`.
    public static func decode(data: Data, file: String, directory: URL, headlineOptions: HeadlineOptions = HeadlineOptions(),
                              into d: inout DiagnosticCollector) -> Job? {
        guard let reader = JSONFieldReader.root(data, file: file, &d) else { return nil }
        reader.require("schemaVersion", integer: 1, &d)
        reader.refuseUnknownKeys(knownKeys, &d)
        if let value = reader.value("$schema"), value.stringValue == nil {
            d.error(file, "$schema", "expected the path or URL of a JSON Schema (for editors), found \(value.summary)")
        }
        let typesetting = readTypesetting(reader, directory: directory, &d)
        let theme = reader.value("theme").map { ThemeReader.read($0, file: file, directory: directory, &d) } ?? Theme()
        if let problem = Theme.standardProblem { d.error("builtin:themes/default.json", "(file)", problem) }
        // A built-in name (no folder, no extension) unless a file of that name sits beside the
        // job; or such names by device family, target or "default".
        let (template, builtinTemplate, templateMap) = TemplateMapReader.read(reader, directory: directory, &d)
        let wells = reader.optionalString("wells", &d).map { resolve($0, against: directory) }
        let storeWells = reader.optionalString("storeWells", &d).map { resolve($0, against: directory) }
        let output = resolve(reader.optionalString("output", &d) ?? "out", against: directory)

        var captures: [JobCapture] = []
        // Ids declared validly, even by entries refused for another field, so headlines for
        // them are not reported as headlines for unknown captures.
        var declaredIds: [String] = []
        var fileNames = FileNameIds(kind: "capture")
        var storeFolders: [StoreFolder] = []
        let isFastlane = reader.value("captures")?.objectValue != nil
        if isFastlane {
            let fastlane = FastlaneCaptures.read(reader, directory: directory, wells: wells, &d)
            captures = fastlane.captures
            declaredIds = fastlane.screens
            storeFolders = fastlane.folders
        }
        for (value, path) in isFastlane ? [] : reader.array("captures", &d) {
            guard let item = JSONFieldReader(value, file: file, path: path, &d) else { continue }
            let id = item.string("id", &d)
            if let id {
                if !CaptureID.isValid(id) {
                    d.error(file, "\(path).id", "capture id becomes a file name: expected [A-Za-z0-9][A-Za-z0-9._-]*, at most 100 characters, found \"\(id)\"")
                } else if fileNames.insert(id, field: "\(path).id", file: file, &d) {
                    declaredIds.append(id)
                }
            }
            let capturePath = item.string("path", &d)
            let well = item.optionalString("well", &d)
            let storeWell = item.optionalString("storeWell", &d)
            let frame = item.optionalString("frame", &d)
            item.refuseUnknownKeys(["id", "path", "well", "storeWell", "frame"], &d)
            if let id, declaredIds.last == id, captures.last?.id != id, let capturePath,
               item.value("well") == nil || well != nil {
                var capture = JobCapture(id: id, path: capturePath, url: resolve(capturePath, against: directory), well: well,
                                         storeWell: storeWell)
                capture.frame = frame.map { resolve($0, against: directory) }
                captures.append(capture)
            }
        }

        let screens = ScreenReader.read(reader, directory: directory, captureIds: declaredIds, &d)
        // With screens, headlines and subtitles are keyed by screen id.
        let headlineKeys = reader.value("screens") == nil ? declaredIds : screens.map(\.id)
        for key in theme.screens.keys.sorted() where !headlineKeys.contains(key) {
            d.error(file, "theme.screens.\(key)", "a screen's look for an unknown screen: expected \(Alternatives.oneOf(headlineKeys, none: "the id of a screen of the job")), found \"\(key)\"")
        }
        // A panorama may key each panel's text (`<screen>-1` …); its first panel's key stands
        // in for the screen's.
        let panelKeys = screens.filter { $0.panels > 1 }.flatMap(\.outputNames)
        let firstPanels = Dictionary(screens.filter { $0.panels > 1 }.map { ($0.id, "\($0.id)-1") }, uniquingKeysWith: { a, _ in a })
        let subtitles = readOptionalTexts(reader, field: "subtitles", what: "subtitle", captureIds: headlineKeys + panelKeys, &d)
        let badges = readOptionalTexts(reader, field: "badges", what: "badge", captureIds: headlineKeys + panelKeys, &d)
        let errorsBeforeHeadlines = d.diagnostics.count { $0.severity == .error }
        let table = HeadlineSource.read(reader, directory: directory, captureIds: headlineKeys, optionalIds: panelKeys,
                                        alternatives: firstPanels, options: headlineOptions, &d)
        let headlinesRead = d.diagnostics.count { $0.severity == .error } == errorsBeforeHeadlines
        // Built from the valid parts even when some were refused, so the later stages report
        // their problems in the same run; the errors already collected prevent rendering.
        let localeEntries = LocaleMap.read(reader, &d)
        let localeMap = localeEntries.map
        let resolved = LocaleMap.apply(localeEntries, to: table ?? HeadlineTable(), file: file, &d)
        let targets = readTargets(reader, &d)
        let captureLocales = readCaptureLocales(reader, locales: resolved.locales, &d)
        if reader.value("captureLocales") != nil && !captures.contains(where: \.isPerLocale) {
            d.error(file, "captureLocales", "captureLocales names the folder {locale} stands for: expected a capture path with {locale}, found none")
        }
        var job = Job(file: file, directory: directory, template: template, builtinTemplate: builtinTemplate, wells: wells, storeWells: storeWells, output: output,
                      captures: captures, locales: resolved.locales, headlines: resolved.headlines, typesetting: typesetting, theme: theme, subtitles: subtitles,
                      headlineFiles: resolved.files, headlineFallbacks: resolved.fallbacks,
                      headlineOrigins: resolved.origins)
        job.badges = badges
        job.captureLocales = captureLocales
        // The release's locales across both stores, once: a deliver and a supply folder of one
        // language are one locale, named by its headline locale. A language whose folders no
        // headline serves is an error only when the headlines were read and the job does not
        // choose its "locales" on purpose.
        let (releaseLocales, problems) = ReleaseLocales.build(
            headlines: resolved.locales.map { tag in (tag, localeMap.first { $0.value == tag }?.key ?? tag) },
            folders: storeFolders, lists: .shipped())
        job.releaseLocales = releaseLocales
        LocaleProblems.report(problems, job: job, headlines: reader.value("headlines"), directory: directory,
                              reportUnserved: headlinesRead && reader.value("locales") == nil, &d)
        if !storeFolders.isEmpty {
            FastlaneCaptures.assign(&job.captures, locales: releaseLocales)
            FastlaneCaptures.shareHeadlines(&job)
        }
        job.sha256 = SHA256.hex(data)
        job.screens = screens
        job.graphics = GraphicReader.read(reader, directory: directory, &d)
        job.frame = reader.optionalString("frame", &d).map { resolve($0, against: directory) }
        job.targets = targets
        job.leaveOut = LeaveOutReader.read(reader, &d)
        job.templateMap = templateMap
        job.localeMap = localeMap
        job.drawingBounds = DrawingBounds.read(reader, &d)
        if !localeMap.isEmpty {
            // Subtitles are written with the catalog's locales too.
            job.subtitles = Dictionary(uniqueKeysWithValues: subtitles.map { (localeMap[$0.key] ?? $0.key, $0.value) })
            job.badges = Dictionary(uniqueKeysWithValues: badges.map { (localeMap[$0.key] ?? $0.key, $0.value) })
        }
        return job
    }

    /// `"targets"`: store targets (`app-store:iphone-6.9`) or slot ids, each once; checked
    /// against the store catalog by the planner.
    private static func readTargets(_ reader: JSONFieldReader, _ d: inout DiagnosticCollector) -> [String] {
        guard reader.value("targets") != nil else { return [] }
        // One entry per element, so the planner's `targets[i]` is the job's own element: a
        // refused one is kept empty (the planner skips it), and a target named twice is the
        // planner's to refuse (by store class, so a slot id and its class are caught too).
        var targets: [String] = []
        for (value, path) in reader.array("targets", &d) {
            guard let name = value.stringValue, !name.isEmpty else {
                d.error(reader.file, path, "expected a target name such as app-store:iphone-6.9 (see `wells --store`), found \(value.summary)")
                targets.append("")
                continue
            }
            targets.append(name)
        }
        return targets
    }

    /// `"captureLocales"`: locale → the tag the capture folders use for it (`{"de-DE": "de"}`),
    /// for a `{locale}` path whose folders are not named by the job's locales. The tag becomes
    /// a path component, so it is a plain name.
    private static func readCaptureLocales(_ reader: JSONFieldReader, locales: [String], _ d: inout DiagnosticCollector) -> [String: String] {
        guard let value = reader.value("captureLocales") else { return [:] }
        guard let map = value.objectValue else {
            d.error(reader.file, "captureLocales", "expected an object of locale → capture folder tag, found \(value.summary)")
            return [:]
        }
        var result: [String: String] = [:]
        for key in map.keys.sorted() {
            let field = "captureLocales.\(key)"
            let canonical = LocaleTag.canonical(key)
            guard LocaleTag.isWellFormed(key), locales.isEmpty || locales.contains(canonical) else {
                d.error(reader.file, field, "expected a locale of the job (\(Alternatives.list(locales, none: "it names none"))), found \"\(key)\"")
                continue
            }
            guard let tag = map[key]?.stringValue, LocaleCapturePath.isFolderName(tag) else {
                d.error(reader.file, field, "expected a capture folder tag such as \"de\" or \"pt_BR\" (letters, digits, - and _), found \(map[key]?.summary ?? "nothing")")
                continue
            }
            result[canonical] = tag
        }
        return result
    }

    /// `"subtitles"` and `"badges"`: locale → capture (or screen) id → text; entries may be
    /// left out (no subtitle, no badge).
    private static func readOptionalTexts(_ reader: JSONFieldReader, field: String, what: String, captureIds: [String],
                                          _ d: inout DiagnosticCollector) -> [String: [String: String]] {
        guard let value = reader.value(field) else { return [:] }
        let known = Set(captureIds)
        guard let byLocale = value.objectValue else {
            d.error(reader.file, field, "expected an object of locale → capture id → \(what), found \(value.summary)")
            return [:]
        }
        var result: [String: [String: String]] = [:]
        for locale in byLocale.keys.sorted() {
            let path = "\(field).\(locale)"
            guard LocaleTag.isWellFormed(locale), let entries = byLocale[locale]?.objectValue else {
                d.error(reader.file, path, "expected a BCP 47 locale holding capture id → \(what), found \(byLocale[locale]?.summary ?? "nothing") under \"\(locale)\"")
                continue
            }
            for id in entries.keys.sorted() {
                guard known.contains(id) else {
                    d.error(reader.file, "\(path).\(id)", "\(what) for an unknown capture: expected \(Alternatives.oneOf(captureIds, none: "the id of a capture of the job (it has no valid capture)")), found \"\(id)\"")
                    continue
                }
                guard let text = entries[id]?.stringValue else {
                    d.error(reader.file, "\(path).\(id)", "expected a \(what) string, found \(entries[id]?.summary ?? "nothing")")
                    continue
                }
                if let bad = XMLText.firstInvalidScalar(in: text) {
                    d.error(reader.file, "\(path).\(id)", "\(what) holds \(XMLText.codePoint(bad)), a character XML cannot carry: expected text, found \(XMLText.codePoint(bad))")
                    continue
                }
                result[LocaleTag.canonical(locale), default: [:]][id] = text
            }
        }
        return result
    }

    private static func readTypesetting(_ reader: JSONFieldReader, directory: URL, _ d: inout DiagnosticCollector) -> TypesettingOptions {
        var options = TypesettingOptions()
        let file = reader.file
        /// The one reader of an option: `read` makes the option from the value, nil refuses it
        /// with "expected <expected>, found <the value>".
        func option<T>(_ key: String, expected: String, _ read: (JSONValue) -> T?) -> T? {
            guard let value = reader.value(key) else { return nil }
            if let option = read(value) { return option }
            d.error(file, key, "expected \(expected), found \(value.summary)")
            return nil
        }
        if let lines = option("headlineMaxLines", expected: "a whole number of lines from 1 to 6", { $0.integerValue.flatMap { (1...6).contains($0) ? $0 : nil } }) {
            options.maxLines = lines
        }
        if let scale = option("headlineMinimumScale", expected: "a fraction of the headline size from 0.3 to 1", { value -> Double? in
            if case .number(let scale) = value, scale >= 0.3, scale <= 1 { return scale }
            return nil
        }) {
            options.minimumScale = scale
        }
        if let size = option("headlineSize", expected: "\"fit\" or \"uniform\"", { $0.stringValue.flatMap(TypesettingOptions.SizePolicy.init(rawValue:)) }) {
            options.size = size
        }
        if let on = option("hyphenation", expected: "true or false", { value -> Bool? in
            if case .bool(let on) = value { return on }
            return nil
        }) {
            options.hyphenation = on
        }
        if let emphasis = option("emphasis", expected: "\"none\" or \"asterisks\"", { $0.stringValue.flatMap(TypesettingOptions.EmphasisPolicy.init(rawValue:)) }) {
            options.emphasis = emphasis
        }
        if let emoji = option("emoji", expected: "\"refuse\", \"monochrome\" or \"color\"", { $0.stringValue.flatMap(TypesettingOptions.EmojiPolicy.init(rawValue:)) }) {
            options.emoji = emoji
        }
        if let value = reader.value("fonts") {
            if let map = value.objectValue {
                for key in map.keys.sorted() {
                    guard key == "default" || LocaleTag.isWellFormed(key) else {
                        d.error(file, "fonts.\(key)", "expected \"default\" or a BCP 47 locale or language, found \"\(key)\"")
                        continue
                    }
                    if let family = map[key]?.stringValue, let bad = family.unicodeScalars.first(where: { $0.value < 0x20 || $0 == "\"" || $0 == "<" || $0 == ">" }) {
                        d.error(file, "fonts.\(key)", "expected a font family list such as \"Noto Sans, DejaVu Sans\", found \(XMLText.codePoint(bad)) in it")
                        continue
                    }
                    guard let family = map[key]?.stringValue, !family.trimmingCharacters(in: .whitespaces).isEmpty else {
                        d.error(file, "fonts.\(key)", "expected a font family list such as \"Noto Sans, DejaVu Sans\", found \(map[key]?.summary ?? "nothing")")
                        continue
                    }
                    // Keys are matched ignoring case: "de" and "DE" would pick one of two stacks
                    // by dictionary order, which differs from process to process.
                    if let twin = options.fonts.keys.first(where: { $0.caseInsensitiveCompare(key) == .orderedSame }) {
                        d.error(file, "fonts.\(key)", "font key given twice: expected each locale once (keys are matched ignoring case), found \"\(twin)\" and \"\(key)\"")
                        continue
                    }
                    options.fonts[key] = family
                }
            } else {
                d.error(file, "fonts", "expected an object of locale → font family list, found \(value.summary)")
            }
        }
        if reader.value("fontFiles") != nil {
            for (value, path) in reader.array("fontFiles", &d, allowEmpty: true) {
                guard let relative = value.stringValue, !relative.isEmpty else {
                    d.error(file, path, "expected a font file path, found \(value.summary)")
                    continue
                }
                // Read (once, without blocking) by the ingest step, which refuses what is no
                // regular file; fontconfig gets a private copy of the bytes (`FontFiles`).
                options.fontFiles.append(resolve(relative, against: directory).path)
            }
        }
        return options
    }

    package static func resolve(_ path: String, against directory: URL) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        return directory.appendingPathComponent(path).standardizedFileURL
    }
}
