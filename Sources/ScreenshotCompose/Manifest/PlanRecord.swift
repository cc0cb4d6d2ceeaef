import Foundation

extension Manifest.Output {
    /// Which planned output this is (the one place an output's identity is read, so a new
    /// dimension of outputs extends `OutputKey` here).
    public var key: Manifest.OutputKey { Manifest.OutputKey(locale: locale, captureId: captureId, target: target) }
}

extension Manifest {
    /// One planned output: a capture in a locale.
    public struct OutputKey: Codable, Hashable, Sendable {
        public var locale: String
        public var captureId: String
        /// With `"targets"`: the target's name (one output per target and capture).
        public var target: String?

        public init(locale: String, captureId: String, target: String? = nil) {
            self.locale = locale
            self.captureId = captureId
            self.target = target
        }

        /// `de-DE/home` (`de-DE/app-store:iphone-6.9/home` with a target), as refusals name it.
        public var label: String { target.map { "\(locale)/\($0)/\(captureId)" } ?? "\(locale)/\(captureId)" }
    }

    /// A panorama: one screen cut into `panels` store images, named `outputs` left to right.
    public struct Panorama: Codable, Equatable, Sendable {
        public var screen: String
        public var panels: Int
        public var outputs: [String]
    }

    /// One thing that determines the output bytes: an input file's SHA-256 or an option's value.
    public struct BasisItem: Codable, Equatable, Sendable {
        public var name: String
        public var value: String
    }

    /// The whole job's plan, the same in every part of it (whatever `--locale` or `--shard`
    /// selected): what determines the bytes, its fingerprint, and every output it plans. A
    /// merge compares parts by it, and `verify` knows from it what a complete set lists.
    public struct PlanEntry: Codable, Equatable, Sendable {
        /// SHA-256 of `basis`, one `name=value` line per item.
        public var fingerprint: String
        public var basis: [BasisItem]
        /// Every output of the whole job, in render order (locale, then job order).
        public var outputs: [OutputKey]

        /// The job's panoramas: each screen of several panels with its store images in order, so
        /// a reader knows `tour-1` … `tour-3` are one picture (absent when the job has none).
        public var panoramas: [Panorama]? = nil

        public init(basis: [BasisItem], outputs: [OutputKey]) {
            self.basis = basis
            self.outputs = outputs
            fingerprint = Self.fingerprint(of: basis)
        }

        public static func fingerprint(of basis: [BasisItem]) -> String {
            SHA256.hex(Data(basis.map { "\($0.name)=\($0.value)\n" }.joined().utf8))
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

        /// The planned outputs this selection renders: those of its locales, then every
        /// `count`-th of them from position `index - 1` (positions in the plan's order, so the
        /// split does not depend on which outputs failed).
        public func keys(of planned: [OutputKey]) -> [OutputKey] {
            var keys = planned
            if let locales { keys = keys.filter { locales.contains($0.locale) } }
            if let shard, shard.count >= 1 {
                keys = keys.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
            }
            return keys
        }
    }
}

/// Builds the plan record of a run from the plan and the options that change bytes.
enum PlanRecord {
    /// The job's screens of more than one panel, in job order; nil when none.
    static func panoramas(_ job: Job) -> [Manifest.Panorama]? {
        let found = job.screens.filter { $0.panels > 1 }.map { Manifest.Panorama(screen: $0.id, panels: $0.panels, outputs: $0.outputNames) }
        return found.isEmpty ? nil : found
    }

    /// Every (locale, capture) of the whole job, whatever `--locale` selected.
    static func plannedOutputs(_ job: Job, plan: Plan? = nil) -> [Manifest.OutputKey] {
        // With targets, which captures fill which target is known once the captures are read:
        // the plan's copies (one per target and capture) are the planned outputs.
        if !job.targets.isEmpty, job.screens.isEmpty, let plan {
            return job.locales.flatMap { locale in
                plan.captures.filter { job.headlines[locale]?[$0.id] != nil }
                    .map { Manifest.OutputKey(locale: locale, captureId: $0.id, target: $0.target?.name) }
                    + job.graphics.filter { $0.title[locale] != nil }.map { Manifest.OutputKey(locale: locale, captureId: $0.id) }
            }
        }
        return job.locales.flatMap { locale -> [Manifest.OutputKey] in
            // Store graphics: one per locale with a title.
            let graphics = job.graphics.filter { $0.title[locale] != nil }.map { Manifest.OutputKey(locale: locale, captureId: $0.id) }
            if !job.screens.isEmpty {
                // Screens: one output per screen, one per panel of a panorama.
                return job.screens.filter { job.screenText(job.headlines, screen: $0, locale: locale, panel: 1) != nil }
                    .flatMap { $0.outputNames.map { Manifest.OutputKey(locale: locale, captureId: $0) } } + graphics
            }
            return job.captures.filter { job.headlines[locale]?[$0.id] != nil }.map { Manifest.OutputKey(locale: locale, captureId: $0.id) } + graphics
        }
    }

    /// Everything that determines the output bytes, in a fixed order. Nothing here may depend on
    /// the selection (`--locale`, `--shard`) or the output folder, so every part of one plan
    /// records the same basis. Paths are left out (the job file names them; CI runners check
    /// out to different folders); the job file's bytes hold inline headlines, subtitles and
    /// typesetting fields, which are also hashed as resolved, with the theme.
    static func basis(plan: Plan, options: PlanOptions, rendering: RenderOptions, toolchain: Manifest.Toolchain) -> [Manifest.BasisItem] {
        var items: [(String, String)] = [
            ("tool", plan.tool.label),
            ("toolchain", "librsvg \(toolchain.librsvg), cairo \(toolchain.cairo), pango \(toolchain.pango), libpng \(toolchain.libpng), lcms2 \(toolchain.lcms2), libdeflate \(toolchain.libdeflate ?? "none")"),
            ("composedAt", plan.composedAt),
            ("job", plan.job.sha256),
            ("template", plan.templateFile.sha256),
            ("wells", plan.wellsFile.sha256),
            ("storeWells", plan.storeWellsFile.sha256),
            // As resolved: a built-in theme's file is not in the job's bytes, and a job built
            // through the library API has no job file at all.
            ("theme", SHA256.hex(Data(String(describing: plan.job.theme).utf8))),
            ("headlines", canonicalHash(plan.job.headlines)),
            ("subtitles", canonicalHash(plan.job.subtitles)),
            ("typesetting", typesettingHash(plan.job.typesetting)),
        ]
        items += plan.job.headlineFiles.enumerated().map { ("headlines[\($0.offset)]", $0.element.sha256) }
        items += plan.captures.map { ("capture \($0.id)", $0.sha256) }
        // Screens' own templates and frame files, each once (none: no item, as before they existed).
        var files: Set<String> = []
        items += plan.outputs.compactMap(\.templateInput).filter { files.insert($0.displayPath).inserted }.map { ("screen template", $0.sha256) }
        items += plan.captures.compactMap { $0.frame?.file }.filter { files.insert($0.displayPath).inserted }.map { ("frame", $0.sha256) }
        let fonts = FontHashes.of(plan.job.typesetting.fontFiles)
        items += plan.job.typesetting.fontFiles.enumerated().map { ("fontFiles[\($0.offset)]", fonts[$0.element] ?? "unreadable") }
        items += [
            ("--svg-only", String(rendering.svgOnly)),
            ("--png-compression", rendering.pngCompression.rawValue),
            ("--layout", options.fastlaneLayout ? "fastlane" : "default"),
            ("--fallback-locale", options.headlines.fallbackLocale ?? "none"),
            ("--allow-untranslated", String(options.headlines.allowUntranslated)),
        ]
        return items.map { Manifest.BasisItem(name: $0.0, value: $0.1) }
    }

    /// SHA-256 of locale → id → text in sorted order (a dictionary's own order differs between
    /// processes, so it is never hashed as printed).
    private static func canonicalHash(_ table: [String: [String: String]]) -> String {
        var text = ""
        for locale in table.keys.sorted() {
            for (id, value) in (table[locale] ?? [:]).sorted(by: { $0.key < $1.key }) { text += "\(locale)\u{0}\(id)\u{0}\(value)\n" }
        }
        return SHA256.hex(Data(text.utf8))
    }

    private static func typesettingHash(_ t: TypesettingOptions) -> String {
        let fonts = t.fonts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
        return SHA256.hex(Data("maxLines=\(t.maxLines)\nminimumScale=\(t.minimumScale)\nsize=\(t.size)\nemoji=\(t.emoji)\nfonts=\(fonts)\n".utf8))
    }

    /// The selection of a run restricted by `--locale` or `--shard`; nil when it renders the
    /// whole plan (every locale, one shard).
    static func selection(job: Job, options: PlanOptions, shard: Shard?) -> Manifest.Selection? {
        let locales = job.locales.filter { tag in options.locales.contains { $0.caseInsensitiveCompare(tag) == .orderedSame } }
        let restricted = !options.locales.isEmpty && locales != job.locales
        let split = shard.flatMap { $0.count > 1 ? Manifest.ShardEntry(index: $0.index, count: $0.count) : nil }
        guard restricted || split != nil else { return nil }
        return Manifest.Selection(locales: restricted ? locales : nil, shard: split)
    }
}
