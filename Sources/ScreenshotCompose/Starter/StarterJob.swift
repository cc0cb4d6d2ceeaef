import Foundation
#if canImport(Glibc)
import Glibc
import Diagnostics
import Support
import Ingest
import Plan
import Manifest
#endif

/// `init [FOLDER]`: a starter job for a folder of captures (plain PNGs, a fastlane snapshot or
/// a screengrab folder), so a new user starts from a job that names their captures instead of
/// writing one from the README. Each capture's well is identified as a job without `"well"`
/// would identify it (the device name a snapshot file carries, else the one device well of the
/// capture's size); an unknown or ambiguous size is refused naming the file. Writes `job.json`
/// (with `"$schema"`, and `"targets"`: each device's store slot), `job.schema.json` and
/// `headlines.xcstrings` (keys: the screen ids; the source language and one locale per
/// language, each unit empty and `new`); never overwrites a file.
public enum StarterJob {
    public static let jobName = "job.json"
    public static let schemaName = "job.schema.json"
    public static let catalogName = "headlines.xcstrings"
    /// A folder without locale folders (plain PNGs) starts in this locale.
    public static let defaultLocale = "en-US"

    /// What the folder holds, as `init` read it.
    public struct Found: Equatable, Sendable {
        public enum Kind: String, Sendable {
            case plain = "plain PNG", perLocale = "per-locale PNG", snapshot = "fastlane snapshot", screengrab = "fastlane screengrab"
            /// A fastlane folder holding `screenshots/` (snapshot) and/or `metadata/android/` (screengrab).
            case fastlane = "fastlane"
        }
        public struct Capture: Equatable, Sendable {
            /// The headline key: the capture id (plain) or the screen id (fastlane).
            public var screen: String
            /// Plain: the file name; fastlane: the device name or screengrab images folder.
            public var device: String?
            public var well: Well
            /// One of its files (the first locale's), for init's refusals.
            public var file: String = ""
        }
        public var kind: Kind
        /// Canonical locale tags, the source first.
        public var locales: [String]
        public var captures: [Capture]
        /// Per-locale PNGs: canonical locale → its folder, where the two differ (`"captureLocales"`).
        public var captureLocales: [String: String] = [:]
        /// A snapshot or screengrab folder: its locale folders' names, as read.
        public var folderTags: [String] = []
        /// `.fastlane`: the snapshot and screengrab folders it holds, relative to it.
        public var folders: [String] = []
        /// Each locale's store folders, where a locale stands for several (deliver's `ja` and
        /// supply's `ja-JP` are one language: one catalog entry `ja`).
        public var localeFolders: [String: [StoreFolder]] = [:]
        /// The store targets the job names: for each device, the largest slot of its store
        /// (App Store for iPhone and iPad captures, Google Play for Android ones) that it
        /// fills without enlargement.
        public var targets: [String] = []
        /// The devices (wells) the job leaves out on purpose, with why (`"leaveOut"`).
        public var leftOut: [LeftOutDevice] = []
        /// The headline keys in order.
        public var screens: [String] { captures.map(\.screen).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } } }
    }

    public struct Result: Sendable {
        public var diagnostics: [Diagnostic] = []
        public var found: Found?
        /// Paths written, in order.
        public var written: [String] = []
        /// What `init` prints: what it found, what it wrote and the next command.
        public var text: String = ""
    }

    /// Reads `folder` (relative to `directory` unless absolute) and writes the starter files
    /// into `directory`. Nothing is written when any problem is found.
    public static func run(folder: String, into directory: URL, wells: String? = nil, storeWells: String? = nil,
                           devices: [String] = []) -> Result {
        var d = DiagnosticCollector()
        var result = Result()
        let screengrabDevices = readDeviceOptions(devices, &d)
        let targets = [jobName, schemaName, catalogName].map { directory.appendingPathComponent($0) }
        for url in targets where FileManager.default.fileExists(atPath: url.path) || isSymlink(url) {
            d.error(url.path, "(file)", "init never overwrites a file: expected no file here, found one (move it away, or run init in another folder)")
        }
        let folderURL = JobLoader.resolve(folder, against: directory)
        guard let catalog = WellsListing.loadMerged(file: wells, storeFile: storeWells, into: &d),
              knownDevices(screengrabDevices, catalog: catalog, &d),
              let scanned = read(folderURL, catalog: catalog, screengrabDevices: screengrabDevices, &d), acceptable(scanned, folder: folderURL, &d), !d.hasErrors else {
            result.diagnostics = d.diagnostics
            return result
        }
        var found = scanned
        let placement = Self.targets(for: found.captures, catalog: catalog)
        found.targets = placement.targets
        // A device its store shows as captured (Wear OS) is left out of the targets on purpose,
        // so check does not refuse it; without other targets every capture keeps its own size.
        if !found.targets.isEmpty {
            for (capture, target) in placement.appAlone where !found.leftOut.contains(where: { $0.well == capture.well.id }) {
                found.leftOut.append(LeftOutDevice(well: capture.well.id, why: "\(target.name): Google Play shows \(target.storeClass) screenshots as captured (store rule appAlone); upload them as they are", field: "leaveOut[\(found.leftOut.count)]"))
            }
        }
        // A size no store slot takes without enlarging is named, never silently dropped.
        for capture in placement.unplaced {
            d.warning(capture.file, "(size)", "\(capture.device ?? capture.screen) \(capture.well.width)×\(capture.well.height) (well \(capture.well.id)) fills no store target without enlargement: expected a store slot of its store and family at most its size, found none; check and render refuse it unless the job leaves the device out (\"leaveOut\")")
        }
        result.found = found
        // A frameit folder: its Framefile's look and its strings' headlines come along.
        var frameit: FrameitImport?
        if let framefile = FrameitImport.framefile(for: found, folder: folderURL) {
            frameit = FrameitImport.run(framefile, found: found, jobDirectory: directory, &d)
            if frameit == nil || d.hasErrors {
                result.diagnostics = d.diagnostics
                return result
            }
        }
        let relative = RelativePath.from(directory, to: folderURL)
        // A capture path's {locale} is replaced by each locale's tag: one in the folder's own
        // name would be replaced too, and the job would look for files that are not there.
        if (found.kind == .plain || found.kind == .perLocale) && relative.contains(LocaleCapturePath.placeholder) {
            d.error(folderURL.path, "(folder)", "capture paths stand for each locale's file with \(LocaleCapturePath.placeholder): expected a folder path without it, found \"\(relative)\" (rename the folder)")
            result.diagnostics = d.diagnostics
            return result
        }
        var job = "{\n  \"$schema\": \"./\(schemaName)\",\n  \"schemaVersion\": 1,\n"
        if found.kind == .plain || found.kind == .perLocale {
            let folder = found.kind == .plain ? relative : "\(relative)/\(LocaleCapturePath.placeholder)"
            let lines = found.captures.map { capture in
                "    { \"id\": \(json(capture.screen)), \"path\": \(json("\(folder)/\(capture.device ?? capture.screen)")), \"well\": \(json(capture.well.id)) }"
            }
            job += "  \"captures\": [\n\(lines.joined(separator: ",\n"))\n  ],\n"
            if !found.captureLocales.isEmpty {
                let pairs = found.captureLocales.sorted { $0.key < $1.key }.map { "\(json($0.key)): \(json($0.value))" }
                job += "  \"captureLocales\": { \(pairs.joined(separator: ", ")) },\n"
            }
        } else {
            let named = screengrabDevices.isEmpty ? "" : ", \"devices\": { " + screengrabDevices.sorted { $0.key < $1.key }
                .map { "\(json($0.key)): \(json($0.value))" }.joined(separator: ", ") + " }"
            if found.kind == .fastlane {
                let folders = found.folders.map { json(relative == "." ? $0 : "\(relative)/\($0)") }
                job += "  \"captures\": { \"fastlane\": [\(folders.joined(separator: ", "))]\(named) },\n"
            } else {
                job += "  \"captures\": { \"fastlane\": \(json(relative))\(named) },\n"
            }
        }
        // The catalogs init identified the captures with are the job's, or check would read others.
        if let wells { job += "  \"wells\": \(json(RelativePath.from(directory, to: JobLoader.resolve(wells, against: directory)))),\n" }
        if let storeWells { job += "  \"storeWells\": \(json(RelativePath.from(directory, to: JobLoader.resolve(storeWells, against: directory)))),\n" }
        // Both stores' upload folders from a fresh job: a capture's own size is often no store
        // slot (1080×2400 breaks Google Play's 2:1 rule).
        if !found.targets.isEmpty {
            job += "  \"targets\": [\(found.targets.map(json).joined(separator: ", "))],\n"
        }
        if !found.leftOut.isEmpty {
            let entries = found.leftOut.map { "    { \"well\": \(json($0.well)), \"why\": \(json($0.why)) }" }
            job += "  \"leaveOut\": [\n\(entries.joined(separator: ",\n"))\n  ],\n"
        }
        // The store-ready look (bigger headline, device frame, shadow) for a new job; jobs
        // without "template" keep the placeholder template (templates' commit).
        job += "  \"template\": \"classic\",\n"
        if let frameit {
            job += "  \"emphasis\": \"asterisks\",\n  \"theme\": \(frameit.theme),\n"
            if !frameit.fonts.isEmpty {
                job += "  \"fonts\": { \(frameit.fonts.sorted { $0.key < $1.key }.map { "\(json($0.key)): \(json($0.value))" }.joined(separator: ", ")) },\n"
            }
            if !frameit.fontFiles.isEmpty { job += "  \"fontFiles\": [\(frameit.fontFiles.map(json).joined(separator: ", "))],\n" }
        }
        job += "  \"headlines\": \"\(catalogName)\",\n  \"output\": \"out\"\n}\n"
        var files: [(URL, Data)] = [(targets[0], Data(job.utf8))]
        do {
            files.append((targets[1], try JSONSchemas.document("job")))
            files.append((targets[2], try stringCatalog(found, headlines: frameit?.headlines ?? [:])))
        } catch {
            d.error(directory.path, "(output)", "cannot encode the starter files: \(error)")
        }
        if !d.hasErrors { result.written = createAll(files, &d) }
        result.diagnostics = d.diagnostics
        // After a failed write nothing is next but the error: the files are not there.
        result.text = d.hasErrors ? "" : text(found, folder: relative, written: result.written.map { URL(fileURLWithPath: $0).lastPathComponent },
                                              frameit: frameit?.lines ?? [])
        return result
    }

    /// `--device phoneScreenshots="Pixel 8"`: screengrab folder → device name.
    static func readDeviceOptions(_ options: [String], _ d: inout DiagnosticCollector) -> [String: String] {
        var devices: [String: String] = [:]
        let folders = Array(WellsCatalog.screengrabFamilies.keys).sorted()
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, folders.contains(parts[0]), !parts[1].trimmingCharacters(in: .whitespaces).isEmpty else {
                d.error("--device", "(option)", "expected FOLDER=NAME with FOLDER one of \(folders.joined(separator: ", ")), found \"\(option)\"")
                continue
            }
            devices[parts[0]] = parts[1]
        }
        return devices
    }

    /// Each named device is one the catalog knows; an unknown or partial name is refused with
    /// the devices whose names contain it.
    static func knownDevices(_ devices: [String: String], catalog: WellsCatalog, _ d: inout DiagnosticCollector) -> Bool {
        var known = true
        for (folder, name) in devices.sorted(by: { $0.key < $1.key }) where catalog.wells(forDevice: name).isEmpty {
            let candidates = catalog.deviceNames(containing: name)
            d.error("--device", folder, "unknown device: expected a device name of the wells catalog\(candidates.isEmpty ? " (see `wells`)" : ", one of \(candidates.joined(separator: ", "))"), found \"\(name)\"")
            known = false
        }
        return known
    }

    /// Creates every file or none: when one cannot be created (a full disk, a folder that is not
    /// writable, a file that appeared since the check), those this call created are removed
    /// again, so a failed init leaves no job.json without its headlines. Returns the paths written.
    static func createAll(_ files: [(URL, Data)], _ d: inout DiagnosticCollector) -> [String] {
        var written: [String] = []
        for (url, data) in files {
            if let problem = createNew(url, data) {
                d.error(url.path, "(file)", problem)
                for path in written { unlink(path) }
                return []
            }
            written.append(url.path)
        }
        return written
    }

    /// The folder's captures with their wells; nil (errors in `d`) when it holds none.
    static func read(_ folder: URL, catalog: WellsCatalog, screengrabDevices: [String: String] = [:], _ d: inout DiagnosticCollector) -> Found? {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            d.error(folder.path, "(folder)", "init reads a folder of captures: expected a folder, found \(fm.fileExists(atPath: folder.path) ? "a file" : "nothing")")
            return nil
        }
        let pngs = ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".png") }.sorted()
        if !pngs.isEmpty {
            // Plain captures: one per PNG, the id from its name, the well from its size.
            var captures: [Found.Capture] = []
            for name in pngs {
                let id = String(name.dropLast(4))
                let path = folder.appendingPathComponent(name).path
                guard CaptureID.isValid(id) else {
                    d.error(path, "(file name)", "the file name becomes the capture id: expected [A-Za-z0-9][A-Za-z0-9._-]*.png, found \"\(name)\"")
                    continue
                }
                if let well = identify(path, device: nil, screengrabFolder: nil, catalog: catalog, &d) {
                    captures.append(Found.Capture(screen: id, device: name, well: well, file: path))
                }
            }
            return Found(kind: .plain, locales: [defaultLocale], captures: captures)
        }
        let devices = catalog.wells.filter { $0.storeWell?.store == nil && !$0.fixture }.flatMap { well in well.devices.map { (name: $0, well: well.id) } }
        if let perLocale = perLocaleFolders(folder, devices: devices.map(\.name)) {
            return readPerLocale(folder, perLocale, catalog: catalog, &d)
        }
        var scanned = DiagnosticCollector()
        let scan = FastlaneCaptureFolder.scan(folder, file: folder.path, field: "(folder)", devices: devices, into: &scanned)
        // fastlane's own folder: snapshot's screenshots/ and screengrab's metadata/android/,
        // one job for both stores.
        // supply's metadata/android often holds text only: a part without screenshots is left out.
        let parts = scan != nil ? [] : fastlaneParts.filter { part in
            var ignored = DiagnosticCollector()
            return FastlaneCaptureFolder.scan(folder.appendingPathComponent(part), file: folder.path, field: "(folder)", devices: devices, into: &ignored) != nil
        }
        if !parts.isEmpty {
            return readFastlane(folder, parts: parts, catalog: catalog, screengrabDevices: screengrabDevices, &d)
        }
        guard let scan else {
            // The folder is one (checked above) without captures in any layout init reads.
            d.error(folder.path, "(folder)", "init found no captures: expected PNGs (<folder>/<name>.png or <folder>/<locale>/<name>.png), a fastlane snapshot folder (<language>/<Device Name>-<name>.png) or a screengrab folder (<locale>/images/phoneScreenshots/<name>.png), found none")
            return nil
        }
        scanned.diagnostics.forEach { d.add($0) }
        var captures: [Found.Capture] = []
        for screen in scan.screens {
            let files = screen.files.values.sorted()
            guard CaptureID.isValid(screen.screen) else {
                d.error(folder.appendingPathComponent(files.first ?? "").path, "(file name)",
                        "the screen name becomes a file name: expected [A-Za-z0-9][A-Za-z0-9._-]*, found \"\(screen.screen)\"")
                continue
            }
            let paths = files.map { folder.appendingPathComponent($0).path }
            let snapshot = scan.layout == .snapshot
            let device = snapshot ? screen.device : screengrabDevices[screen.device]
            if let well = oneWell(paths, device: device, screengrabFolder: snapshot ? nil : screen.device, catalog: catalog, &d) {
                captures.append(Found.Capture(screen: screen.screen, device: screen.device, well: well, file: paths.first ?? ""))
            }
        }
        let tags = scan.localeFolders.compactMap(LocaleTag.fromFolderName)
        for tag in scan.localeFolders where LocaleTag.fromFolderName(tag) == nil {
            d.warning(folder.appendingPathComponent(tag).path, "(folder)", "not a BCP 47 locale: expected a folder per locale such as en-US (or pt_BR), found \"\(tag)\"; left out")
        }
        var found = Found(kind: scan.layout == .snapshot ? .snapshot : .screengrab, locales: sourceFirst(tags), captures: captures)
        found.folderTags = scan.localeFolders.filter { LocaleTag.fromFolderName($0) != nil }
        return found
    }

    /// What `check` would refuse in the job init writes, refused by init naming the files:
    /// captures whose ids are equal ignoring case (one output file on macOS, where fastlane
    /// runs), and more captures or planned outputs than a job may have. False when refused.
    static func acceptable(_ found: Found, folder: URL, _ d: inout DiagnosticCollector) -> Bool {
        var within = true
        // Plain and per-locale PNGs: the file name is the id. fastlane folders: the screen name,
        // per device (a device's outputs get their own folder).
        let byName = found.kind == .plain || found.kind == .perLocale
        var seen: [String: Found.Capture] = [:]
        for capture in found.captures {
            let key = byName ? capture.screen.lowercased() : "\((capture.device ?? "").lowercased())\u{0}\(capture.screen.lowercased())"
            guard let earlier = seen[key] else {
                seen[key] = capture
                continue
            }
            let what = byName ? "file" : (earlier.screen != capture.screen ? "screen (\(earlier.screen) or \(capture.screen))" : "device (\(earlier.device ?? "") or \(capture.device ?? ""))")
            d.error(capture.file, "(file name)",
                    "capture \(capture.screen) equals \(earlier.screen) ignoring case: expected names that differ in more than case (on macOS, case-insensitive APFS where fastlane runs, their outputs would be one file), found \(earlier.file) and \(capture.file); rename one \(what)")
            within = false
        }
        if found.captures.count > Planner.maximumCaptures {
            let first = found.captures[Planner.maximumCaptures].file
            d.error(folder.path, "(folder)", "too many captures for one job: expected at most \(Planner.maximumCaptures), found \(found.captures.count) (the first over the limit: \(first)); split the folder into several jobs")
            within = false
        }
        let outputs = found.locales.count * found.captures.count
        if outputs > Planner.maximumOutputs {
            d.error(folder.path, "(folder)", "too many outputs for one job: expected at most \(Planner.maximumOutputs) (locales × captures), found \(outputs) (\(found.locales.count) locales × \(found.captures.count) captures); split the locales or the captures into several jobs")
            within = false
        }
        return within
    }

    /// The folders of a fastlane folder that hold its screenshot tools' captures.
    static let fastlaneParts = ["screenshots", "metadata/android"]

    /// Each of `parts` read as a snapshot or screengrab folder; their captures united, and
    /// their locale folders one locale per language (`ReleaseLocales.languageGroups`: deliver's
    /// `ja` and supply's `ja-JP` are one catalog entry `ja`, deliver's `ar-SA` and supply's `ar`
    /// one entry `ar`; folders of one name keep it, `de-DE`).
    private static func readFastlane(_ folder: URL, parts: [String], catalog: WellsCatalog, screengrabDevices: [String: String],
                                     _ d: inout DiagnosticCollector) -> Found? {
        var found = Found(kind: .fastlane, locales: [], captures: [])
        var storeFolders: [StoreFolder] = []
        for part in parts {
            let url = folder.appendingPathComponent(part)
            guard let one = read(url, catalog: catalog, screengrabDevices: screengrabDevices, &d) else { continue }
            guard one.kind == .snapshot || one.kind == .screengrab else {
                d.error(url.path, "(folder)", "a fastlane folder's \(part) holds fastlane screenshots: expected a snapshot folder (<language>/<Device Name>-<name>.png) or a screengrab folder (<locale>/images/phoneScreenshots/<name>.png), found a \(one.kind.rawValue) folder")
                continue
            }
            found.folders.append(part)
            found.captures += one.captures
            let store: UploadStore = one.kind == .snapshot ? .appStore : .googlePlay
            storeFolders += one.folderTags.map { StoreFolder(folder: part, store: store, tag: $0) }
        }
        guard !found.folders.isEmpty else { return nil }
        for group in ReleaseLocales.languageGroups(storeFolders, lists: .shipped()) {
            found.locales.append(group.key)
            if group.folders.map(\.tag).contains(where: { $0 != group.key }) { found.localeFolders[group.key] = group.folders }
        }
        found.locales = sourceFirst(found.locales)
        return found
    }

    /// The store targets for the devices found, each device in its own slot: a screengrab
    /// folder's captures go to the target supply uploads that folder from
    /// (`sevenInchScreenshots` → `google-play:tablet-7`); any other device to the target of its
    /// store (iPhone and iPad wells: the App Store; Android wells: Google Play) and family with a
    /// slot of exactly its size (an iPhone 8 Plus → `app-store:iphone-5.5`), else the largest
    /// that composes it without enlargement. In the catalog's order; `unplaced`: the captures
    /// no target takes.
    /// `appAlone`: the captures whose target's store shows them as captured (Google Play's Wear
    /// OS, store rule appAlone), with that target: the job leaves their device out.
    static func targets(for captures: [Found.Capture], catalog: WellsCatalog)
        -> (targets: [String], unplaced: [Found.Capture], appAlone: [(capture: Found.Capture, target: StoreTarget)]) {
        var chosen: Set<String> = []
        var unplaced: [Found.Capture] = []
        var appAlone: [(capture: Found.Capture, target: StoreTarget)] = []
        func showsAppAlone(_ target: StoreTarget) -> Bool {
            catalog.storeRules.contains { $0.store == target.store && $0.kind == .appAlone && $0.applies(toClass: target.storeClass) }
        }
        for capture in captures {
            let well = capture.well
            if let target = catalog.targets.first(where: { target in
                target.family == well.family && target.store == WellsCatalog.store(ofPlatform: well.platform) && showsAppAlone(target)
            }) ?? capture.device.flatMap({ folder in catalog.targets.first { $0.uploadFolder == folder && showsAppAlone($0) } }) {
                appAlone.append((capture, target))
                continue
            }
            if let folder = capture.device, WellsCatalog.screengrabFamilies[folder] != nil,
               let target = catalog.targets.first(where: { $0.uploadFolder == folder }) {
                chosen.insert(target.name)
                continue
            }
            guard let store = ["ios": "app-store", "android": "google-play"][well.platform ?? ""] else { continue }
            let exact = catalog.slots(width: well.width, height: well.height).compactMap { catalog.target(ofSlot: $0) }
                .first { $0.store == store && $0.family == well.family }
            if let exact {
                chosen.insert(exact.name)
                continue
            }
            let fits = WellsIdentify.identify(file: "", width: well.width, height: well.height, catalog: catalog).composedTargets
                .filter { $0.target.store == store && $0.target.family == well.family }
            if let best = fits.max(by: { $0.slot.width * $0.slot.height < $1.slot.width * $1.slot.height }) {
                chosen.insert(best.target.name)
            } else {
                unplaced.append(capture)
            }
        }
        return (catalog.targets.map(\.name).filter(chosen.contains), unplaced, appAlone)
    }

    /// `<folder>/<locale>/<name>.png` with no device in the names (app-preview's
    /// `screenshots/{locale}/home.png`): locale folder → its PNG names. Nil when the folder is
    /// not that: no locale folder holds PNGs, a name starts with a known device name, or every
    /// name has a `-` (fastlane snapshot's `<Device Name>-<name>.png` for devices the catalog
    /// does not know).
    static func perLocaleFolders(_ folder: URL, devices: [String]) -> [String: [String]]? {
        let fm = FileManager.default
        var found: [String: [String]] = [:]
        for tag in ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []) where LocaleCapturePath.isFolderName(tag) && LocaleTag.fromFolderName(tag) != nil
            && !FastlaneCaptureFolder.frameitFolders.contains(tag) {
            let names = ((try? fm.contentsOfDirectory(atPath: folder.appendingPathComponent(tag).path)) ?? [])
                .filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".png") }.sorted()
            if !names.isEmpty { found[tag] = names }
        }
        let names = found.values.joined()
        guard !found.isEmpty, !names.contains(where: { name in devices.contains { name.hasPrefix($0 + "-") } }),
              names.contains(where: { !$0.contains("-") }) else { return nil }
        return found
    }

    /// Per-locale PNGs: one capture per file name, `{locale}` in its path; each locale's file
    /// identified (they must agree); a name some locale folder lacks is a warning (render
    /// refuses it unless `--fallback-locale` names a locale that has it).
    private static func readPerLocale(_ folder: URL, _ files: [String: [String]], catalog: WellsCatalog, _ d: inout DiagnosticCollector) -> Found {
        let tags = files.keys.sorted()
        _ = LocaleTag.secondFolders(tags, in: folder, field: "(folder)", &d)
        let localeOf = Dictionary(uniqueKeysWithValues: tags.map { ($0, LocaleTag.fromFolderName($0) ?? $0) })
        let names = Set(files.values.joined()).sorted()
        var captures: [Found.Capture] = []
        for name in names {
            let id = String(name.dropLast(4))
            let having = tags.filter { files[$0]?.contains(name) == true }
            guard CaptureID.isValid(id) else {
                d.error(folder.appendingPathComponent("\(having[0])/\(name)").path, "(file name)",
                        "the file name becomes the capture id: expected [A-Za-z0-9][A-Za-z0-9._-]*.png, found \"\(name)\"")
                continue
            }
            let missing = tags.filter { !having.contains($0) }
            if !missing.isEmpty {
                d.warning(folder.path, "(folder)", "\(name) is missing in \(missing.count) locale folder(s): expected it in every locale folder, found none in \(missing.joined(separator: ", ")) (render refuses it unless --fallback-locale names a locale that has it)")
            }
            let paths = having.map { folder.appendingPathComponent("\($0)/\(name)").path }
            if let well = oneWell(paths, device: nil, screengrabFolder: nil, catalog: catalog, &d) {
                captures.append(Found.Capture(screen: id, device: name, well: well, file: paths.first ?? ""))
            }
        }
        var found = Found(kind: .perLocale, locales: sourceFirst(tags.compactMap { localeOf[$0] }), captures: captures)
        for tag in tags where localeOf[tag] != tag { found.captureLocales[localeOf[tag] ?? tag] = tag }
        return found
    }

    /// The one well of a screen's files, one per locale: each identified, and all the same
    /// (a file of another size would be refused by render); nil with the errors in `d`.
    private static func oneWell(_ paths: [String], device: String?, screengrabFolder: String?, catalog: WellsCatalog,
                                _ d: inout DiagnosticCollector) -> Well? {
        let wells = paths.map { identify($0, device: device, screengrabFolder: screengrabFolder, catalog: catalog, &d) }
        let found = zip(paths, wells).compactMap { path, well in well.map { (path: path, well: $0) } }
        guard found.count == paths.count, let first = found.first?.well else { return nil }
        let refusals = WellsCatalog.sameWellRefusals(found)
        for refusal in refusals { d.error(refusal.path, "(size)", refusal.message) }
        return refusals.isEmpty ? first : nil
    }

    /// The well a job without `"well"` would give the file (`WellsCatalog.pickWell`: its size,
    /// and its device name or screengrab folder). A size no device has is refused once per
    /// size, naming the nearest devices, not once per file.
    private static func identify(_ path: String, device: String?, screengrabFolder: String?, catalog: WellsCatalog,
                                 _ d: inout DiagnosticCollector) -> Well? {
        guard let result = WellsIdentify.identify(files: [path], catalog: catalog, into: &d).first else { return nil }
        let pick = catalog.pickWell(width: result.width, height: result.height, device: device, screengrabFolder: screengrabFolder)
        if let well = pick.well { return well }
        let message = catalog.refusal(pick, width: result.width, height: result.height)
        if case .unknownSize = pick, d.diagnostics.contains(where: { $0.message.hasPrefix(message) }) { return nil }
        d.error(path, "(size)", message)
        return nil
    }

    /// en-US (or the first English locale) is the source language when the folder has it.
    static func sourceFirst(_ tags: [String]) -> [String] {
        guard let source = tags.first(where: { $0 == "en-US" }) ?? tags.first(where: { $0 == "en" || $0.hasPrefix("en-") }) ?? tags.first else {
            return [defaultLocale]
        }
        return [source] + tags.filter { $0 != source }
    }

    /// An Xcode String Catalog: every screen id, in every locale, empty and `new` unless
    /// `headlines` (a frameit folder's) holds its text, then `translated`.
    static func stringCatalog(_ found: Found, headlines: [String: [String: String]] = [:]) throws -> Data {
        var strings: [String: Any] = [:]
        for key in found.screens {
            var localizations: [String: Any] = [:]
            for locale in found.locales {
                let value = headlines[locale]?[key]
                localizations[locale] = ["stringUnit": ["state": value == nil ? "new" : "translated", "value": value ?? ""]]
            }
            strings[key] = ["extractionState": "manual", "localizations": localizations]
        }
        let catalog: [String: Any] = ["sourceLanguage": found.locales[0], "strings": strings, "version": "1.0"]
        var data = try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
        return data
    }

    /// What `init` prints.
    static func text(_ found: Found, folder: String, written: [String], frameit: [String] = []) -> String {
        // A capture is a screen on one device; it has a file in each locale folder, so the count
        // says so (a new user read "6 capture(s)" for 24 files as files missed).
        let perLocale: String
        switch found.kind {
        case .plain: perLocale = ""
        case .perLocale: perLocale = " (one file per locale)"
        default: perLocale = " (a screen on a device, one file per locale)"
        }
        // A locale of several store folders says which (deliver's ja and supply's ja-JP are one).
        let locales = found.locales.map { locale in
            found.localeFolders[locale].map { "\(locale) (\($0.map { "\($0.store.tool) \($0.tag)" }.joined(separator: ", ")))" } ?? locale
        }
        var lines = ["\(folder): \(found.kind.rawValue) folder, \(found.captures.count) capture(s)\(perLocale), \(found.screens.count) screen(s), locale(s) \(locales.joined(separator: ", "))"]
        for capture in found.captures {
            let device = found.kind == .plain || found.kind == .perLocale ? "" : "\(capture.device ?? "") "
            lines.append("  \(device)\(capture.screen): well \(capture.well.id) (\(capture.well.width)×\(capture.well.height))")
        }
        if !found.targets.isEmpty {
            lines.append("targets: \(found.targets.joined(separator: ", ")) (for each device, the largest store slot it fills without enlargement)")
        }
        for entry in found.leftOut { lines.append("left out on purpose: well \(entry.well): \(entry.why)") }
        lines += frameit
        lines += written.map { "wrote \($0)" }
        if !frameit.isEmpty {
            lines.append("next: check the headlines in \(catalogName) (a unit left \"new\" had no keyword or title), then run")
            lines.append("  store-screenshot-compose render \(jobName)")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append("next: write a headline per screen and locale in \(catalogName) (Xcode, or any editor; set each unit's state to \"translated\"), then run")
        lines.append("  store-screenshot-compose render \(jobName)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Creates the file only if nothing is there (O_EXCL, so a file that appeared since the
    /// check is still never overwritten); nil on success, else the problem.
    private static func createNew(_ url: URL, _ data: Data) -> String? {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else {
            return errno == EEXIST ? "init never overwrites a file: expected no file here, found one" : "cannot create: \(String(cString: strerror(errno)))"
        }
        defer { close(fd) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        return written == data.count ? nil : "cannot write: \(String(cString: strerror(errno)))"
    }

    private static func isSymlink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    private static func json(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }
}
