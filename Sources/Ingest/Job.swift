import Foundation
import Diagnostics
import Support

/// One capture named in a job: its id (used in file names), where the PNG is, and the
/// well it was recorded in.
public struct JobCapture: Equatable, Sendable {
    /// Matches `[A-Za-z0-9][A-Za-z0-9._-]*`.
    public var id: String
    /// The path as written in the job file (relative to the job file's folder).
    public var path: String
    /// The resolved location.
    public var url: URL
    /// A well id from the wells catalog; nil: the capture's size picks the one non-fixture
    /// well of that size.
    public var well: String?
    /// A store slot to compose to (its size is the canvas); nil: the canvas is the well's size.
    public var storeWell: String?
    /// The PNG's bytes, for a capture given in memory (then `url` only names it).
    public var png: Data?

    package init(id: String, path: String, url: URL, well: String?, storeWell: String?, png: Data? = nil) {
        self.id = id
        self.path = path
        self.url = url
        self.well = well
        self.storeWell = storeWell
        self.png = png
    }

    /// A capture read from the PNG file at `url`. `id` names its output files
    /// (`[A-Za-z0-9][A-Za-z0-9._-]*`, at most 100 characters); `well`: the well it was recorded
    /// in (nil: picked from its size); `storeWell`: a store slot to compose it to.
    public init(id: String, url: URL, well: String? = nil, storeWell: String? = nil) {
        self.init(id: id, path: url.path, url: url, well: well, storeWell: storeWell)
    }

    /// A capture given as PNG bytes (never read from disk). It is named `<in memory>/<id>.png`
    /// in diagnostics; a manifest lists it under that name, so `verify` needs `--outputs-only`.
    public init(id: String, png: Data, well: String? = nil, storeWell: String? = nil) {
        let name = "<in memory>/\(id).png"
        self.init(id: id, path: name, url: URL(fileURLWithPath: "/").appendingPathComponent(name), well: well,
                  storeWell: storeWell, png: png)
    }

    /// Captures from a fastlane folder: capture folder tag → the file (relative to the job),
    /// since screengrab's file names differ per locale (a timestamp); `path` then shows the
    /// pattern. Nil: `path` with `{locale}` filled in names each locale's file.
    public var localeFiles: [String: String]?
    /// The headline key when it differs from `id` (a fastlane screen shown on several devices).
    public var screen: String?
    /// A fastlane folder with several devices: this capture's device, whose outputs go to a
    /// folder of their own (`DeviceGroup`, named by `OutputPaths`).
    public var device: DeviceGroup?
    /// Several fastlane folders: the locales other folders hold and this capture's folder does
    /// not (Android's `ja-JP` for an iOS capture); the capture is not composed for them.
    public var absentLocales: Set<String> = []
    /// The device as the fastlane folder names it (a snapshot file's `<Device Name>-` prefix, or
    /// the job's `"devices"` entry for a screengrab folder): with the size, it picks the well.
    public var deviceName: String?
    /// screengrab's images folder (`sevenInchScreenshots`): the device family it holds.
    public var screengrabFolder: String?
    /// The fastlane folder this capture was read from, as the job names it (`fastlane/screenshots`).
    public var fastlaneFolder: String?
    /// The job field diagnostics name (`captures.fastlane`); nil: `captures[<index>]`.
    public var field: String?
    /// `"frame"`: this capture's device frame file (a PNG with a transparent screen or an SVG
    /// with a capture rect); nil: the job's `frame`, else the template's own.
    public var frame: URL?

    /// True when `path` holds `{locale}`: each locale composes its own capture.
    public var isPerLocale: Bool { path.contains(LocaleCapturePath.placeholder) }
}

/// One store image (or a panorama of `panels` images) composed from one or more captures:
/// `"screens": [{"id": "overview", "template": "duo", "captures": ["home", "detail"], "panels": 1}]`.
public struct JobScreen: Equatable, Sendable {
    /// Names the output files (`<id>.png`, or `<id>-1.png` … for panels) and keys headlines.
    public var id: String
    /// A built-in template name, or nil.
    public var builtinTemplate: BuiltinTemplate?
    /// A template file (slot-marked), or nil (the job's template).
    public var template: URL?
    /// Capture ids in slot order (`capture-1`, `capture-2`, …).
    public var captures: [String]
    /// 1, or the number of store images a panorama is cut into.
    public var panels = 1
    /// The screen's output names: its id, or `<id>-1` … `<id>-N` for a panorama.
    public var outputNames: [String] { panels == 1 ? [id] : (1...panels).map { "\(id)-\($0)" } }

    /// The key of the text a slot shows in panel `panel` (1-based) of a panorama: `<screen>-k`,
    /// the first panel's falling back to the screen's own key.
    package func textKeys(panel: Int) -> [String] {
        guard panels > 1 else { return [id] }
        return panel == 1 ? ["\(id)-1", id] : ["\(id)-\(panel)"]
    }
}

/// A decoded, syntactically checked job file. Nothing in it has been checked against the
/// wells catalog or the captures' bytes yet: that is the `Planner`'s job.
public struct Job: Equatable, Sendable {
    /// The job file as the user named it; used in diagnostics.
    public var file: String
    /// The folder relative paths in the job resolve against.
    public var directory: URL
    /// Nil: the template shipped with the tool (or `builtinTemplate`).
    public var template: URL?
    /// `"template": "classic"` (or another built-in name): its drawings fitted to each canvas.
    public var builtinTemplate: BuiltinTemplate?
    /// `"template"` as an object: a template by device family, target or `default` (whose
    /// template is also `template` / `builtinTemplate`); empty for a single template.
    public var templateMap: [JobTemplateEntry] = []
    /// Nil: the wells catalog shipped with the tool.
    public var wells: URL?
    /// Nil: the store-wells catalog shipped with the tool.
    public var storeWells: URL?
    /// The output folder.
    public var output: URL
    public var captures: [JobCapture]
    /// `"screens"`; empty: each capture is one screen (headlines keyed by capture id).
    public var screens: [JobScreen] = []
    /// `"frame"`: the device frame file for every capture without its own `frame`.
    public var frame: URL?
    /// `"graphics"`: store graphics composed from the app icon and text (the feature graphic).
    public var graphics: [JobGraphic] = []
    /// `"captureLocales"`: canonical locale → the tag its capture folder uses for `{locale}`.
    public var captureLocales: [String: String] = [:]
    /// Locales (canonical BCP 47) in the order they are rendered: sorted by tag.
    public var locales: [String]
    /// locale → capture id → headline text, exactly as written.
    public var headlines: [String: [String: String]]
    /// How headlines are set; font files resolved to absolute paths.
    public var typesetting: TypesettingOptions
    /// The look (`"theme"`: a built-in name or an object); the default look when absent.
    public var theme = Theme()
    /// Optional subtitle per locale and capture (`"subtitles"`, inline), canonical locales.
    public var subtitles: [String: [String: String]] = [:]
    /// Optional badge text per locale and capture or screen (`"badges"`, inline, like
    /// subtitles): fills a template's `badge` slot ("New").
    public var badges: [String: [String: String]] = [:]
    /// Localization files the headlines came from (none for inline headlines).
    public var headlineFiles: [InputFile] = []
    /// locale → capture id → the locale whose headline filled a missing translation.
    public var headlineFallbacks: [String: [String: String]] = [:]
    /// locale → capture id → the localization file and field or line the headline was read
    /// from (absent for inline headlines): where problems with it are reported.
    public var headlineOrigins: [String: [String: HeadlineOrigin]] = [:]


    /// A screen's text in `table` (headlines, subtitles, badges) for one panel: `<screen>-k`,
    /// the first panel's falling back to `<screen>`.
    package func screenText(_ table: [String: [String: String]], screen: JobScreen, locale: String, panel: Int) -> String? {
        screen.textKeys(panel: panel).lazy.compactMap { table[locale]?[$0] }.first
    }

    /// A fastlane folder's capture as messages name it, with its folder and files
    /// (`fastlane/metadata/android/{locale}/images/phoneScreenshots/01Home_*.png`): its field is
    /// the folder list's, which names neither. Nil for other captures (their field names them).
    package func fastlaneFiles(ofCapture index: Int) -> String? {
        guard captures.indices.contains(index), captures[index].fastlaneFolder != nil else { return nil }
        return captures[index].path
    }

    /// The ids headlines are keyed by: the screens', else the captures'.
    public var headlineKeys: [String] { screens.isEmpty ? captures.map(\.id) : screens.map(\.id) }
    /// SHA-256 of the job file's bytes (part of the plan's fingerprint).
    public var sha256 = ""
    /// `"targets"`: store targets (`app-store:iphone-6.9`) or slot ids; empty: each capture is
    /// composed once, at its well's (or `storeWell`'s) size.
    public var targets: [String] = []
    /// `"leaveOut"`: devices (by well) whose captures no target takes, left out on purpose.
    public var leaveOut: [LeftOutDevice] = []
    /// `"localeMap"`: headline-source locale → rendered locale (already applied to `locales`,
    /// `headlines`, `subtitles`).
    public var localeMap: [String: String] = [:]
    /// `"drawingBounds"`: the job's own lower bounds on each drawing (`DrawingBounds`).
    package var drawingBounds = DrawingBounds.Lowered()
    /// The release's locales across both stores: the folders each composes, each store's code
    /// and each locale's headline key. Built once, when the job is read (or built in code).
    public var releaseLocales = ReleaseLocales(lists: StoreLanguageLists(appStore: nil, googlePlay: nil))
    /// Built in code: its ids, locales and headline table are checked when it is prepared
    /// (`JobLoader` checks those of a job file while reading it).
    package var builtInCode = false

    init(file: String, directory: URL, template: URL?, builtinTemplate: BuiltinTemplate?, wells: URL?, storeWells: URL?,
         output: URL, captures: [JobCapture], locales: [String], headlines: [String: [String: String]],
         typesetting: TypesettingOptions, theme: Theme = Theme(), subtitles: [String: [String: String]] = [:],
         headlineFiles: [InputFile] = [], headlineFallbacks: [String: [String: String]] = [:],
         headlineOrigins: [String: [String: HeadlineOrigin]] = [:], sha256: String = "") {
        self.file = file
        self.directory = directory
        self.template = template
        self.builtinTemplate = builtinTemplate
        self.wells = wells
        self.storeWells = storeWells
        self.output = output
        self.captures = captures
        self.locales = locales
        self.headlines = headlines
        self.typesetting = typesetting
        self.theme = theme
        self.subtitles = subtitles
        self.headlineFiles = headlineFiles
        self.headlineFallbacks = headlineFallbacks
        self.headlineOrigins = headlineOrigins
        self.sha256 = sha256
    }

    /// A job built in code: no job file is read. `headlines`: locale (BCP 47) → capture id →
    /// headline (a `\n` is a line break); every capture needs one in every locale rendered.
    /// `output`: the folder `ScreenshotComposer.render(job:)` writes (not used by
    /// `renderInMemory`). `template`: a placeholder or slot-marked SVG template file (nil: the
    /// shipped one); `wells`/`storeWells`: catalog files (nil: the shipped ones). Ids, locales
    /// and everything else are checked when the job is checked or rendered, and reported as
    /// diagnostics of the file `name`.
    public init(captures: [JobCapture], headlines: [String: [String: String]], subtitles: [String: [String: String]] = [:],
                output: URL = URL(fileURLWithPath: "out"), theme: Theme = Theme(),
                typesetting: TypesettingOptions = TypesettingOptions(), template: URL? = nil, wells: URL? = nil,
                storeWells: URL? = nil, name: String = "(job built in code)") {
        // Canonical tags name folders; the checks report any tag that is not well-formed.
        func canonical(_ table: [String: [String: String]]) -> [String: [String: String]] {
            Dictionary(table.map { (LocaleTag.isWellFormed($0.key) ? LocaleTag.canonical($0.key) : $0.key, $0.value) },
                       uniquingKeysWith: { a, _ in a })
        }
        let table = canonical(headlines)
        let fingerprint = ([name] + captures.map { "\($0.id) \($0.png.map(SHA256.hex) ?? $0.url.path)" }
            + table.keys.sorted().flatMap { locale in (table[locale] ?? [:]).sorted { $0.key < $1.key }.map { "\(locale) \($0.key) \($0.value)" } })
            .joined(separator: "\n")
        self.init(file: name, directory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), template: template,
                  builtinTemplate: nil, wells: wells, storeWells: storeWells, output: output.standardizedFileURL,
                  captures: captures, locales: table.keys.sorted(), headlines: table, typesetting: typesetting, theme: theme,
                  subtitles: canonical(subtitles), sha256: SHA256.hex(Data(fingerprint.utf8)))
        builtInCode = true
        releaseLocales = ReleaseLocales.build(headlines: locales.map { ($0, $0) }, folders: [], lists: .shipped()).locales
    }

    /// What `JobLoader` checks in a job file, for a job built in code: ids that become file
    /// names, locales that become folder names, and a headline for every capture in every
    /// locale (and none for an unknown capture).
    package func checkBuiltInCode(into d: inout DiagnosticCollector) {
        var ids: Set<String> = []
        var fileNames = FileNameIds(kind: "capture")
        for (index, capture) in captures.enumerated() {
            ids.insert(capture.id)
            if !CaptureID.isValid(capture.id) {
                d.error(file, "captures[\(index)].id", "capture id becomes a file name: expected [A-Za-z0-9][A-Za-z0-9._-]*, at most 100 characters, found \"\(capture.id)\"")
            } else {
                _ = fileNames.insert(capture.id, field: "captures[\(index)].id", file: file, &d)
            }
        }
        if headlines.isEmpty { d.error(file, "headlines", "expected headlines in at least one locale, found none") }
        var missing: [String] = []
        for locale in locales {
            if !LocaleTag.isWellFormed(locale) {
                d.error(file, "headlines.\(locale)", "locale becomes a folder name: expected a BCP 47 tag such as en-US or zh-Hans, found \"\(locale)\"")
                continue
            }
            if let twin = locales.first(where: { $0 != locale && $0.caseInsensitiveCompare(locale) == .orderedSame }), twin < locale {
                d.error(file, "headlines.\(locale)", "locale given twice: expected each locale once (ignoring case), found \(twin) and \(locale)")
            }
            for id in (headlines[locale] ?? [:]).keys.sorted() where !ids.contains(id) {
                d.error(file, "headlines.\(locale).\(id)", "headline for an unknown capture: expected \(Alternatives.oneOf(captures.map(\.id), none: "the id of a capture of the job (it has no valid capture)")), found \"\(id)\"")
            }
            missing += captures.filter { headlines[locale]?[$0.id] == nil }.map { "\(locale)/\($0.id)" }
        }
        if !missing.isEmpty {
            d.error(file, "headlines", "missing headlines: expected one for every capture in every locale, found none for \(missing.joined(separator: ", "))")
        }
    }
}
