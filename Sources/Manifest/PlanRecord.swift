import Diagnostics
import Foundation
import Support
import Ingest
import Plan
import Raster

extension Manifest.Output {
    /// Which planned output this is.
    public var key: OutputKey { OutputKey(locale: locale, screen: screen, canvas: canvas, target: target, panel: panel) }
}

extension Manifest {
    /// A panorama: one screen cut into `panels` store images, named `outputs` left to right.
    public struct Panorama: Codable, Equatable, Sendable {
        public var screen: String
        public var panels: Int
        public var outputs: [String]
    }

    /// One thing that determines the output bytes: an input file's SHA-256, an option's value,
    /// or the SHA-256 of the canonical JSON of a resolved value (the theme, the outputs' texts).
    public struct BasisItem: Codable, Equatable, Sendable {
        public var name: String
        public var value: String
    }

    /// The whole job's plan, the same in every part of it (whatever `--locale` or `--shard`
    /// selected): what determines the bytes, its fingerprint, and every output it plans. A
    /// merge compares parts by it, and `verify` knows from it what a complete set lists.
    public struct PlanEntry: Codable, Equatable, Sendable {
        /// SHA-256 of the canonical JSON of `basis` as one object (`name`: `value`).
        public var fingerprint: String
        public var basis: [BasisItem]
        /// Every output of the whole job, each once, in render order (locale, then job order):
        /// the plan's list of outputs.
        public var outputs: [OutputKey]

        /// The job's panoramas: each screen of several panels with its store images in order, so
        /// a reader knows `tour-1` … `tour-3` are one picture (absent when the job has none).
        public var panoramas: [Panorama]? = nil
        /// The captures the job leaves out on purpose (`"leaveOut"`), with why (absent when none).
        public var leftOut: [LeftOutCapture]? = nil

        public init(basis: [BasisItem], outputs: [OutputKey]) {
            self.basis = basis
            self.outputs = outputs
            fingerprint = Self.fingerprint(of: basis)
            panoramas = Self.panoramas(of: outputs)
        }

        public static func fingerprint(of basis: [BasisItem]) -> String {
            CanonicalJSON.object(Dictionary(basis.map { ($0.name, CanonicalJSON.string($0.value)) }, uniquingKeysWith: { a, _ in a })).sha256
        }

        /// The panoramas the keys name: each screen with panels, once, in plan order.
        package static func panoramas(of outputs: [OutputKey]) -> [Panorama]? {
            var found: [Panorama] = []
            var panels: [String: Int] = [:]
            for key in outputs { if let panel = key.panel { panels[key.screen] = max(panels[key.screen] ?? 0, panel) } }
            for key in outputs where key.panel == 1 && !found.contains(where: { $0.screen == key.screen }) {
                let count = panels[key.screen] ?? 1
                found.append(Panorama(screen: key.screen, panels: count, outputs: (1...count).map { "\(key.screen)-\($0)" }))
            }
            return found.isEmpty ? nil : found
        }
    }

    /// What a part run rendered of the plan: its locales (`--locale`) and shard (`--shard`).
    /// Absent from a whole run's manifest.
    public struct Selection: Codable, Equatable, Sendable {
        /// Absent when every locale of the job was selected.
        public var locales: [String]?
        public var shard: ShardEntry?

        /// The part manifest's name: `manifest.de-DE.json`, `manifest.shard-2-of-4.json`,
        /// `manifest.de-DE.shard-1-of-2.json`, so the parts of CI runners combined by copying
        /// lie side by side and never replace the whole run's `manifest.json`.
        public var manifestName: String {
            var name = "manifest"
            if let locales { name += "." + locales.joined(separator: "+") }
            if let shard { name += ".shard-\(shard.index)-of-\(shard.count)" }
            return name + ".json"
        }

        /// `de-DE, shard 1 of 2`, as messages name the part.
        public var label: String {
            ([locales?.joined(separator: "+")] + [shard.map { "shard \($0.index) of \($0.count)" }]).compactMap { $0 }.joined(separator: ", ")
        }

        /// The rule the run picked its outputs by.
        package var rule: PlanSelection {
            PlanSelection(locales: locales, shard: shard.flatMap { Shard(index: $0.index, count: $0.count) })
        }

        /// The planned outputs this selection renders (`PlanSelection.pick`, the rule the run
        /// used; positions in the plan's order, so the split does not depend on which failed).
        public func keys(of planned: [OutputKey]) -> [OutputKey] {
            rule.pick(planned, locale: \.locale)
        }
    }
}

/// Builds the plan record of a run from the plan and the options that change bytes.
package enum PlanRecord {
    /// The whole job's plan: its basis and its list of outputs.
    package static func entry(plan: Plan, options: PlanOptions, rendering: RenderOptions, toolchain: Manifest.Toolchain) -> Manifest.PlanEntry {
        var entry = Manifest.PlanEntry(basis: basis(plan: plan, options: options, rendering: rendering, toolchain: toolchain),
                                       outputs: plan.outputs.map(\.key))
        entry.leftOut = plan.leftOut.isEmpty ? nil : plan.leftOut
        return entry
    }

    /// Everything that determines the output bytes, in a fixed order. Nothing here may depend on
    /// the selection (`--locale`, `--shard`) or the output folder, so every part of one plan
    /// records the same basis. Paths are left out (the job file names them; CI runners check
    /// out to different folders). Resolved values (the theme, the typesetting, every output's
    /// texts) are hashed as canonical JSON: a job built through the library API has no job file.
    static func basis(plan: Plan, options: PlanOptions, rendering: RenderOptions, toolchain: Manifest.Toolchain) -> [Manifest.BasisItem] {
        var items: [(String, String)] = [
            ("tool", plan.tool.label),
            ("toolchain", CanonicalJSON.object([
                "librsvg": .string(toolchain.librsvg), "cairo": .string(toolchain.cairo), "pango": .string(toolchain.pango),
                "libpng": .string(toolchain.libpng), "lcms2": .string(toolchain.lcms2),
                "libdeflate": toolchain.libdeflate.map(CanonicalJSON.string) ?? .null,
            ]).text),
            ("composedAt", plan.composedAt),
            ("job", plan.jobSHA256),
            ("template", plan.templateFile.sha256),
            ("wells", plan.wellsFile.sha256),
            ("storeWells", plan.storeWellsFile.sha256),
            ("theme", plan.theme.canonical.sha256),
            ("typesetting", plan.typesetting.canonical.sha256),
            ("texts", CanonicalJSON.array(plan.outputs.map(\.canonicalTexts)).sha256),
        ]
        items += plan.headlineFiles.enumerated().map { ("headlines[\($0.offset)]", $0.element.sha256) }
        // Each capture file once (a file is planned once per target); a `{locale}` capture's
        // files by locale.
        var captures: Set<String> = []
        for capture in plan.captures {
            let name = "capture \(capture.id)" + (capture.locale.map { " \($0)" } ?? "")
            if captures.insert(name).inserted { items.append((name, capture.sha256)) }
        }
        // Screens' own templates and frame files, each once, by their place in the plan.
        var files: Set<String> = []
        items += plan.outputs.compactMap(\.templateInput).filter { files.insert($0.displayPath).inserted }.enumerated().map { ("templates[\($0.offset)]", $0.element.sha256) }
        items += plan.captures.compactMap { $0.frame?.file }.filter { files.insert($0.displayPath).inserted }.enumerated().map { ("frames[\($0.offset)]", $0.element.sha256) }
        items += plan.outputs.compactMap { $0.background?.file }.filter { files.insert($0.displayPath).inserted }.enumerated().map { ("backgrounds[\($0.offset)]", $0.element.sha256) }
        let fonts = FontHashes.of(plan.typesetting.fontFiles)
        items += plan.typesetting.fontFiles.enumerated().map { ("fontFiles[\($0.offset)]", fonts[$0.element] ?? "unreadable") }
        items += [
            ("--svg-only", String(rendering.svgOnly)),
            ("--png-compression", rendering.pngCompression.rawValue),
            ("--layout", options.fastlaneLayout ? "fastlane" : "default"),
            ("--fallback-locale", options.headlines.fallbackLocale ?? "none"),
            ("--allow-untranslated", String(options.headlines.allowUntranslated)),
        ]
        return items.map { Manifest.BasisItem(name: $0.0, value: $0.1) }
    }

    /// The selection of a run restricted by `--locale` or `--shard`; nil when it renders the
    /// whole plan (every locale, one shard).
    package static func selection(plan: Plan, options: PlanOptions, shard: Shard?) -> Manifest.Selection? {
        let locales = plan.locales.filter { tag in options.locales.contains { $0.caseInsensitiveCompare(tag) == .orderedSame } }
        let restricted = !options.locales.isEmpty && locales != plan.locales
        let split = shard.flatMap { $0.count > 1 ? Manifest.ShardEntry(index: $0.index, count: $0.count) : nil }
        guard restricted || split != nil else { return nil }
        return Manifest.Selection(locales: restricted ? locales : nil, shard: split)
    }
}

extension OutputSpec {
    /// What the output says, with its key: the texts of every slot, its headline's fallback.
    var canonicalTexts: CanonicalJSON {
        let key = self.key
        var texts = slotTexts.mapValues(CanonicalJSON.string)
        texts["headline"] = .string(headline)
        if let subtitle { texts["subtitle"] = .string(subtitle) }
        return .object([
            "locale": .string(key.locale), "screen": .string(key.screen), "canvas": .string(key.canvas),
            "target": key.target.map(CanonicalJSON.string) ?? .null, "panel": key.panel.map(CanonicalJSON.integer) ?? .null,
            "texts": .object(texts), "headlineFallback": headlineFallback.map(CanonicalJSON.string) ?? .null,
        ])
    }
}

extension Theme {
    /// Every field of the theme (a test holds this list to the type's stored properties).
    var canonical: CanonicalJSON {
        let background: CanonicalJSON
        switch self.background {
        case .solid(let color): background = .object(["solid": .string(color)])
        case .gradient(let stops, let angle): background = .object(["gradient": .array(stops.map(CanonicalJSON.string)), "angle": .number(angle)])
        }
        let corner: CanonicalJSON
        switch cornerRadius {
        case .well: corner = .string("well")
        case .fraction(let f): corner = .number(f)
        }
        var record: [String: CanonicalJSON] = [
            "background": background, "headlineColor": .string(headlineColor), "headlineWeight": .integer(headlineWeight),
            "frameColor": .string(frameColor), "subtitleColor": .string(subtitleColor), "accent": .string(accent),
            "accentWeight": .integer(accentWeight), "cornerRadius": corner, "shadow": .bool(shadow), "shadowGiven": .bool(shadowGiven),
        ]
        // Only when set, so the records of jobs without them keep their bytes.
        if !accentFont.isEmpty { record["accentFont"] = .object(accentFont.mapValues(CanonicalJSON.string)) }
        if let image = backgroundImage { record["backgroundImage"] = .string(image.lastPathComponent) }
        if let padding { record["padding"] = .object(["x": .number(padding.x), "y": .number(padding.y)]) }
        if let headlinePosition { record["headlinePosition"] = .string(headlinePosition.rawValue) }
        if !screens.isEmpty { record["screens"] = .object(screens.mapValues(\.canonical)) }
        return .object(record)
    }
}

extension TypesettingOptions {
    /// Every field but the font files' paths (they differ between CI runners; their bytes are
    /// basis items of their own). A test holds this list to the type's stored properties.
    var canonical: CanonicalJSON {
        .object([
            "maxLines": .integer(maxLines), "minimumScale": .number(minimumScale), "size": .string(size.rawValue),
            "hyphenation": .bool(hyphenation), "emphasis": .string(emphasis.rawValue), "emoji": .string(emoji.rawValue),
            "fonts": .object(fonts.mapValues(CanonicalJSON.string)),
        ])
    }
}
