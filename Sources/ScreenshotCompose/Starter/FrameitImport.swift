import Foundation
import Diagnostics
import Support
import Ingest
import Layout
import Plan

/// A frameit folder (`Framefile.json` beside the language folders, each with `title.strings`
/// and `keyword.strings`) as the job `init` writes for it: every headline is frameit's keyword
/// then its title (`*keyword* title`, `"emphasis": "asterisks"`), the title's colour and font
/// the theme's headline, the keyword's the theme's accent and `accentFont`, a `filter`'s own
/// look the theme's `screens` entry for the screens it matches. A key this tool does not
/// reproduce is a warning naming it and its line; a filter that matches no screenshot too.
struct FrameitImport {
    /// Catalog locale → screen → headline (with emphasis markup).
    var headlines: [String: [String: String]] = [:]
    /// The job's `"theme"` object, as JSON text.
    var theme: String = ""
    /// The job's `"fonts"`: locale (or `default`) → family.
    var fonts: [String: String] = [:]
    /// The job's `"fontFiles"`, relative to the job's folder.
    var fontFiles: [String] = []
    /// What init prints about it.
    var lines: [String] = []

    /// The Framefile of a snapshot folder (in it) or of a fastlane folder (in its `screenshots/`).
    static func framefile(for found: StarterJob.Found, folder: URL) -> URL? {
        let candidates: [URL]
        switch found.kind {
        case .snapshot: candidates = [folder]
        case .fastlane: candidates = found.folders.contains("screenshots") ? [folder.appendingPathComponent("screenshots")] : []
        default: candidates = []
        }
        return candidates.map { $0.appendingPathComponent(Framefile.fileName) }.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// What frameit keys this tool does not draw (yet), and why each is told.
    static let notReproduced: [String: String] = [
        "show_complete_frame": "the template always shows the whole device frame",
        "interline_spacing": "the headline's line spacing is the template's",
        "font_scale_factor": "the headline's size is fitted to its box (headlineSize)",
        "title_min_height": "the headline's box is the template's",
        "use_platform": "the device is identified from each capture (its file name and size)",
        "force_device_type": "the device is identified from each capture (its file name and size)",
    ]

    static func run(_ framefileURL: URL, found: StarterJob.Found, jobDirectory: URL, _ d: inout DiagnosticCollector) -> FrameitImport? {
        guard let framefile = Framefile.read(framefileURL, &d) else { return nil }
        let root = framefile.directory
        var result = FrameitImport()
        var failed = false

        // The language folders beside the Framefile, and each one's catalog locale.
        let tags = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted().filter { tag in
            var isFolder: ObjCBool = false
            // A language folder holds screenshots (frameit's fonts/ beside them holds none).
            let url = root.appendingPathComponent(tag)
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
                && LocaleTag.fromFolderName(tag) != nil
                && ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).contains { $0.lowercased().hasSuffix(".png") }
        }
        func catalogLocale(_ tag: String) -> String? {
            if let grouped = found.localeFolders.first(where: { $0.value.contains { $0.tag == tag && $0.store == .appStore } }) { return grouped.key }
            return LocaleTag.fromFolderName(tag).flatMap { found.locales.contains($0) ? $0 : nil }
        }
        var strings: [String: FrameitStrings] = [:]
        for tag in tags {
            guard let read = FrameitStrings.read(root.appendingPathComponent(tag), &d) else { failed = true; continue }
            strings[tag] = read
        }

        // Each screen's files under the Framefile's folder, per language folder (relative paths,
        // as frameit matches filters and keys against them).
        var screenFiles: [(screen: String, tag: String, path: String, well: Well)] = []
        for capture in found.captures where capture.file.hasPrefix(root.path + "/") {
            let name = URL(fileURLWithPath: capture.file).lastPathComponent
            for tag in tags where FileManager.default.fileExists(atPath: root.appendingPathComponent("\(tag)/\(name)").path) {
                screenFiles.append((capture.screen, tag, "\(tag)/\(name)", capture.well))
            }
        }
        // A key frameit would match against no screenshot of its language (a typo) leaves a
        // headline without that text: told at its line, as a filter that matches none is.
        for tag in tags {
            let paths = screenFiles.filter { $0.tag == tag }.map { $0.path.uppercased() }
            for kind in FrameitStrings.Kind.allCases {
                guard let file = strings[tag]?.files[kind], !paths.isEmpty else { continue }
                for entry in strings[tag]?.entries[kind] ?? [] where !paths.contains(where: { $0.contains(entry.key.uppercased()) }) {
                    let example = URL(fileURLWithPath: screenFiles.first { $0.tag == tag }?.path ?? "").lastPathComponent
                    d.add(Diagnostic(.warning, file: file, field: "\"\(entry.key)\"", message: "this key matches no screenshot of \(tag): expected a part of a file name such as \"\(example)\", found \"\(entry.key)\"; its text is left out",
                                     position: JSONPosition(line: entry.line, column: 1)))
                }
            }
        }
        for entry in framefile.data where !screenFiles.contains(where: { $0.path.contains(entry.filter ?? "") }) {
            d.warning(framefile.file, "\(entry.field).filter", "this filter matches no screenshot: expected a part of a file name such as \"\(screenFiles.first.map { URL(fileURLWithPath: $0.path).lastPathComponent } ?? "iPhone 16 Pro Max-01Home.png")\", found \"\(entry.filter ?? "")\"; its look is left out")
        }
        // Keys told once each where they are written.
        for entry in [framefile.defaults] + framefile.data {
            for key in entry.values.keys.sorted() {
                guard let why = notReproduced[key] else { continue }
                d.warning(framefile.file, "\(entry.field).\(key)", "not reproduced: \(why)")
            }
        }

        // Fonts: each file once, its family from the file (fontconfig reads it).
        var families: [String: (family: String, weight: Int)] = [:]
        func family(_ path: String, field: String) -> (family: String, weight: Int)? {
            let url = JobLoader.resolve(path, against: root)
            if let known = families[url.path] { return known }
            guard FileManager.default.fileExists(atPath: url.path) else {
                d.error(framefile.file, field, "font file not found: expected a font file at \(url.path), found nothing")
                failed = true
                return nil
            }
            guard InputReader.read(path: url.path, as: .font, reporting: "the font file", file: url.path, into: &d) != nil else { failed = true; return nil }
            guard let described = FontRegistry.describe(fontFile: url.path) else {
                d.error(url.path, "(file)", "not a font: expected a TrueType or OpenType font file (named by \(field) in \(framefile.file)), found none fontconfig reads")
                failed = true
                return nil
            }
            families[url.path] = (described.family, described.weight)
            let relative = RelativePath.from(jobDirectory, to: url)
            if !result.fontFiles.contains(relative) { result.fontFiles.append(relative) }
            return (described.family, described.weight)
        }
        /// frameit's font for a language folder: `font`, else the first `fonts` entry that
        /// supports it (or supports every language).
        func font(_ text: JSONValue?, field: String, tag: String) -> (family: String, weight: Int)? {
            guard let object = text?.objectValue else { return nil }
            if let single = object["font"]?.stringValue { return family(single, field: "\(field).font") }
            for (index, item) in (object["fonts"]?.arrayValue ?? []).enumerated() {
                guard let entry = item.objectValue, let path = entry["font"]?.stringValue else { continue }
                let supported = entry["supported"]?.arrayValue?.compactMap(\.stringValue)
                if supported == nil || supported?.contains(tag) == true { return family(path, field: "\(field).fonts[\(index)].font") }
            }
            return nil
        }

        struct Look: Equatable {
            var titleColor: String?
            var keywordColor: String?
            var titleFont: String?
            var keywordFont: String?
            var titleWeight: Int?
            var keywordWeight: Int?
            var below: Bool?
            var padding: Theme.Padding?
            /// The background image, relative to the job's folder.
            var background: String?
            var frameColor: String?
        }
        /// frameit's device colours as the shipped frames' body colour (the default theme's black).
        let frameColors = ["BLACK": "#1c1f26", "WHITE": "#f2f2f4", "GOLD": "#e5d3bd", "ROSE_GOLD": "#ecc9c3"]
        // Each background image checked once, as render checks it (PNG or JPEG, within limits).
        var backgrounds: [String: String?] = [:]
        // Its mean colour becomes the theme's background: what the headline's contrast is checked on.
        var means: [String: String] = [:]
        func background(_ entry: (value: JSONValue, field: String)?) -> String? {
            guard let entry, let path = entry.value.stringValue else { return nil }
            let url = JobLoader.resolve(path, against: root)
            if backgrounds[url.path] == nil {
                let checked = Planner.loadBackground(url, read: InputReader.read(url, as: .image), file: framefile.file, field: entry.field, &d)
                if checked == nil { failed = true }
                backgrounds[url.path] = .some(checked.map { _ in RelativePath.from(jobDirectory, to: url) })
                if let checked, let image = try? PNGCodec.decodeRGBA(checked.drawBytes), image.rgba.count >= 4 {
                    let n = image.rgba.count / 4
                    let mean = (0..<3).map { c in stride(from: c, to: image.rgba.count, by: 4).reduce(0) { $0 + Int(image.rgba[$1]) } / n }
                    means[RelativePath.from(jobDirectory, to: url)] = "#" + mean.map { String(format: "%02x", $0) }.joined()
                }
            }
            return backgrounds[url.path] ?? nil
        }
        /// frameit's padding (pixels, "<x>x<y>" or a percentage of the shorter side) as fractions of the capture's size.
        func padding(_ value: JSONValue?, width: Int, height: Int) -> Theme.Padding? {
            guard let value, width > 0, height > 0 else { return nil }
            let parts = (value.stringValue ?? value.integerValue.map(String.init) ?? "").split(separator: "x").map(String.init)
            func pixels(_ text: String) -> Double? {
                text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 * Double(min(width, height)) } : Double(text)
            }
            guard let x = pixels(parts.first ?? ""), let y = pixels(parts.last ?? "") else { return nil }
            let round = { (f: Double) in min(0.49, (f * 1000).rounded() / 1000) }
            return Theme.Padding(x: round(x / Double(width)), y: round(y / Double(height)))
        }
        func look(_ values: [String: (value: JSONValue, field: String)], tag: String, well: Well?) -> Look {
            let title = font(values["title"]?.value, field: values["title"]?.field ?? "default.title", tag: tag)
            let keyword = font(values["keyword"]?.value, field: values["keyword"]?.field ?? "default.keyword", tag: tag)
            return Look(titleColor: values["title"]?.value.objectValue?["color"]?.stringValue.flatMap(FrameitColor.hex),
                        keywordColor: values["keyword"]?.value.objectValue?["color"]?.stringValue.flatMap(FrameitColor.hex),
                        titleFont: title?.family, keywordFont: keyword?.family, titleWeight: title?.weight, keywordWeight: keyword?.weight,
                        below: values["title_below_image"].map { $0.value == .bool(true) },
                        padding: padding(values["padding"]?.value, width: well?.width ?? 0, height: well?.height ?? 0),
                        background: background(values["background"]), frameColor: values["frame"]?.value.stringValue.flatMap { frameColors[$0] })
        }

        // The default look (a screenshot no filter matches), per language folder.
        let sourceTag = tags.first { catalogLocale($0) == found.locales.first } ?? tags.first ?? ""
        let base = look(framefile.values(for: ""), tag: sourceTag, well: screenFiles.first { $0.tag == sourceTag }?.well ?? screenFiles.first?.well)
        var screenLooks: [String: Look] = [:]
        var titleFonts: [String: String] = [:]
        var keywordFonts: [String: String] = [:]
        var told: Set<String> = []
        for file in screenFiles {
            let values = framefile.values(for: file.path)
            let this = look(values, tag: file.tag, well: file.well)
            guard let locale = catalogLocale(file.tag) else { continue }
            if let fontFamily = this.titleFont { titleFonts[locale] = titleFonts[locale] ?? fontFamily }
            if let fontFamily = this.keywordFont, file.tag == sourceTag || keywordFonts[locale] == nil { keywordFonts[locale] = keywordFonts[locale] ?? fontFamily }
            // A screen's look is the source language's; another device's or language's other
            // look is told, once per screen.
            if file.tag == sourceTag, screenLooks[file.screen] == nil {
                screenLooks[file.screen] = this
            } else if let first = screenLooks[file.screen], Look(titleColor: first.titleColor, keywordColor: first.keywordColor)
                        != Look(titleColor: this.titleColor, keywordColor: this.keywordColor), told.insert(file.screen).inserted {
                d.warning(framefile.file, "data", "screen \(file.screen): the job's looks are per screen: expected one keyword and title colour for every device and language, found \(file.path) matched by other filters; the source language's first file's look is used")
            }
            // The headline: keyword, then title (stacked: on lines of their own).
            let stack = values["stack_title"]?.value == .bool(true)
            func text(_ kind: FrameitStrings.Kind) -> String? {
                if let found = strings[file.tag]?.text(kind, for: file.path) { return found.text }
                return values[kind.rawValue]?.value.objectValue?["text"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            }
            let keyword = text(.keyword).map(frameitText)
            let title = text(.title).map(frameitText)
            let headline: String
            switch (keyword, title) {
            case (let k?, let t?): headline = "*\(escaped(k))*\(stack ? "\n" : " ")\(escaped(t))"
            case (let k?, nil): headline = "*\(escaped(k))*"
            case (nil, let t?): headline = escaped(t)
            case (nil, nil): headline = ""
            }
            if result.headlines[locale]?[file.screen] == nil, !headline.isEmpty {
                result.headlines[locale, default: [:]][file.screen] = headline
            }
        }
        guard !failed else { return nil }

        // The theme: the default look, then each screen whose look differs.
        var theme: [String: Any] = [:]
        if let c = base.titleColor { theme["headlineColor"] = c }
        if let c = base.keywordColor { theme["accent"] = c }
        if let w = base.titleWeight { theme["headlineWeight"] = w }
        if let w = base.keywordWeight { theme["accentWeight"] = w }
        if let c = base.frameColor { theme["frameColor"] = c }
        if let b = base.background { (theme["backgroundImage"], theme["background"]) = (b, means[b]) }
        if let below = base.below { theme["headlinePosition"] = below ? "below" : "above" }
        if let p = base.padding { theme["padding"] = p.x == p.y ? p.x as Any : ["x": p.x, "y": p.y] }
        let keywordByLocale = keywordFonts.filter { $0.value != titleFonts[$0.key] }
        if !keywordByLocale.isEmpty {
            theme["accentFont"] = Set(keywordFonts.values).count == 1 && keywordFonts.count == found.locales.count
                ? keywordFonts.values.first as Any : keywordFonts as Any
        }
        var screens: [String: Any] = [:]
        for (screen, this) in screenLooks.sorted(by: { $0.key < $1.key }) {
            var own: [String: Any] = [:]
            if this.titleColor != base.titleColor, let c = this.titleColor { own["headlineColor"] = c }
            if this.keywordColor != base.keywordColor, let c = this.keywordColor { own["accent"] = c }
            if this.keywordFont != base.keywordFont, let f = this.keywordFont { own["accentFont"] = f }
            if this.keywordWeight != base.keywordWeight, let w = this.keywordWeight { own["accentWeight"] = w }
            if this.frameColor != base.frameColor, let c = this.frameColor { own["frameColor"] = c }
            if this.background != base.background, let b = this.background { (own["backgroundImage"], own["background"]) = (b, means[b]) }
            if this.below != base.below, let below = this.below { own["headlinePosition"] = below ? "below" : "above" }
            if this.padding != base.padding, let p = this.padding { own["padding"] = p.x == p.y ? p.x as Any : ["x": p.x, "y": p.y] }
            if this.titleFont != base.titleFont, this.titleFont != nil {
                d.warning(framefile.file, "data", "screen \(screen): a title font of its own is not reproduced: the job's fonts are per language, expected one title font per language, found \(this.titleFont ?? "")")
            }
            if !own.isEmpty { screens[screen] = own }
        }
        if !screens.isEmpty { theme["screens"] = screens }
        result.theme = (try? String(decoding: JSONSerialization.data(withJSONObject: theme, options: [.sortedKeys, .withoutEscapingSlashes]), as: UTF8.self)) ?? "{}"
        if Set(titleFonts.values).count == 1 && titleFonts.count == found.locales.count, let one = titleFonts.values.first {
            result.fonts = ["default": one]
        } else {
            result.fonts = titleFonts
        }
        let headlineCount = result.headlines.values.map(\.count).reduce(0, +)
        result.lines.append("\(RelativePath.from(jobDirectory, to: framefileURL)): frameit look read: \(headlineCount) headline(s) (keyword + title) from \(tags.count) language folder(s), \(screens.count) screen look(s), \(result.fontFiles.count) font file(s)")
        return result
    }

    /// frameit turns a written `\n` (backslash, n) into a line break.
    static func frameitText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\n", with: "\n")
    }

    /// Text as the emphasis markup reads it back: asterisks escaped.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "*", with: "\\*")
    }
}
