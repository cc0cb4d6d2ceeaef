import Foundation
import Diagnostics

/// `"captures": {"fastlane": "screenshots"}`: the job's captures are the screenshots of a
/// fastlane snapshot or screengrab folder (`FastlaneCaptureFolder`). Each screen of each
/// device becomes a capture whose path has `{locale}`, so every locale composes its own file,
/// with the per-locale checks, fallback and manifest entries of any `{locale}` capture.
/// Headlines are keyed by screen id (`01Home`), shared by every device. Which locale folder a
/// locale composes is the release's locale model's (`ReleaseLocales`): deliver's `ja` and
/// supply's `ja-JP` are one locale (`assign`).
enum FastlaneCaptures {
    struct Reading {
        var captures: [JobCapture] = []
        /// Screen ids in order: the keys headlines are given for.
        var screens: [String] = []
        /// Every locale folder read, per fastlane folder in job order, then by name.
        var folders: [StoreFolder] = []
    }

    static func read(_ reader: JSONFieldReader, directory: URL, wells: URL?, _ d: inout DiagnosticCollector) -> Reading {
        let file = reader.file
        guard let object = reader.value("captures").flatMap({ JSONFieldReader($0, file: file, path: "captures", &d) }) else { return Reading() }
        object.refuseUnknownKeys(["fastlane", "devices"], &d)
        let deviceOf = readDevices(object, &d)
        // One folder, or a list: a release's snapshot (iOS) and screengrab (Android) folders
        // in one job, so both stores' screenshots share one plan, manifest and contact sheet.
        var relatives: [String] = []
        if object.value("fastlane")?.arrayValue != nil {
            for (value, path) in object.array("fastlane", &d) {
                guard let text = value.stringValue, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    d.error(file, path, "expected a folder (a non-empty string), found \(value.summary)")
                    continue
                }
                if relatives.contains(text) {
                    d.error(file, path, "expected each folder once, found \"\(text)\" again")
                    continue
                }
                relatives.append(text)
            }
        } else if let one = object.string("fastlane", &d) {
            relatives = [one]
        }
        guard !relatives.isEmpty else { return Reading() }
        // The device names come from the wells catalog the planner reads again and reports on.
        var ignored = DiagnosticCollector()
        let catalog = WellsListing.load(file: wells?.path, into: &ignored)
        let devices = (catalog?.wells ?? []).filter { $0.storeWell?.store == nil && !$0.fixture }.flatMap { well in well.devices.map { (name: $0, well: well.id) } }
        var scans: [(relative: String, folder: URL, scan: FastlaneCaptureFolder)] = []
        for relative in relatives {
            let folder = JobLoader.resolve(relative, against: directory)
            if let scan = FastlaneCaptureFolder.scan(folder, file: file, field: "captures.fastlane", devices: devices, into: &d) {
                scans.append((relative, folder, scan))
            }
        }

        var reading = Reading()
        // Folder (as the job names it) → its locale folders' tags.
        var tagsOf: [String: Set<String>] = [:]
        for (relative, folder, scan) in scans {
            for tag in scan.localeFolders {
                // pt_BR and zh_Hant_TW are pt-BR and zh-Hant-TW (StoreFolder.locale).
                guard LocaleTag.fromFolderName(tag) != nil else {
                    d.warning(folder.appendingPathComponent(tag).path, "captures.fastlane", "folder \(tag) in \(folder.path) is not a BCP 47 locale: expected a folder per locale such as en-US (or pt_BR), found \"\(tag)\"; not read")
                    continue
                }
                reading.folders.append(StoreFolder(folder: relative, store: scan.layout == .snapshot ? .appStore : .googlePlay, tag: tag))
                tagsOf[relative, default: []].insert(tag)
            }
        }
        // Device folders over every folder's devices: an iPhone and a Pixel in one job are two
        // devices, whose outputs must not share a name.
        let folders = deviceFolders(scans.flatMap(\.scan.screens))
        var seen: [String: (named: String, device: String, screen: String)] = [:]
        for (relative, folder, scan) in scans {
            for screen in scan.screens {
                let example = screen.files.values.sorted().first ?? ""
                guard CaptureID.isValid(screen.screen) else {
                    d.error(folder.appendingPathComponent(example).path, "captures.fastlane",
                            "the screen name becomes a file name: expected [A-Za-z0-9][A-Za-z0-9._-]*, found \"\(screen.screen)\"")
                    continue
                }
                // One device: the screen id names the outputs. Several: each device's outputs go to
                // its own folder (OutputPaths), and the capture id carries the device so ids, the
                // manifest's keys and the contact sheet's rows stay one per device and screen.
                let group = folders[screen.device].map { JobCapture.DeviceGroup(folder: $0, screen: screen.screen) }
                let id = group.map { "\($0.folder)-\($0.screen)" } ?? screen.screen
                // Device names that differ only in what a file name cannot hold ("Pixel 9" and
                // "Pixel-9"), or in case, would write one output twice (case-insensitive on macOS);
                // so would the same device in two of the folders.
                let named = "\(relative)/\(example)"
                if let other = seen[id.lowercased()] {
                    // Say what to rename: the screen when only its case differs (01Home, 01home).
                    let fix: String
                    switch (other.device == screen.device, other.screen == screen.screen) {
                    case (true, false):
                        fix = "rename one screen (\(other.screen) or \(screen.screen)): names that differ only in case are one file name on macOS (case-insensitive APFS, where fastlane runs)"
                    case (false, false): fix = "rename one device (\(other.device) or \(screen.device)) or one screen (\(other.screen) or \(screen.screen))"
                    default: fix = other.named.hasPrefix("\(relative)/") ? "rename one device" : "rename one device, or list each folder once"
                    }
                    d.error(folder.appendingPathComponent(example).path, "captures.fastlane",
                            "two screenshots become capture \(id): expected one file name per device and screen, found \(other.named) and \(named); \(fix)")
                    continue
                }
                seen[id.lowercased()] = (named, screen.device, screen.screen)
                let pattern: String
                switch scan.layout {
                case .snapshot: pattern = "\(relative)/\(LocaleCapturePath.placeholder)/\(screen.device)-\(screen.screen).png"
                case .screengrab: pattern = "\(relative)/\(LocaleCapturePath.placeholder)/images/\(screen.device)/\(screen.screen)_*.png"
                }
                // The well is picked at plan time from the size and the device name (a device has
                // a well per orientation), as for any capture without "well".
                var capture = JobCapture(id: id, path: pattern, url: JobLoader.resolve(pattern, against: directory), well: nil, storeWell: nil)
                switch scan.layout {
                case .snapshot: capture.deviceName = screen.device
                case .screengrab:
                    capture.screengrabFolder = screen.device
                    capture.deviceName = deviceOf[screen.device]
                }
                // Keyed by the locale folder's own name until `assign` keys them by locale.
                var files: [String: String] = [:]
                for (tag, path) in screen.files where tagsOf[relative]?.contains(tag) == true {
                    files[tag] = "\(relative)/\(path)"
                }
                capture.localeFiles = files
                capture.screen = id == screen.screen ? nil : screen.screen
                capture.device = group
                capture.field = "captures.fastlane"
                capture.fastlaneFolder = relative
                reading.captures.append(capture)
                if !reading.screens.contains(screen.screen) { reading.screens.append(screen.screen) }
            }
        }
        return reading
    }

    /// `"devices": {"phoneScreenshots": "Pixel 8"}`: the device each screengrab folder was
    /// captured on (screengrab's folders name a device type, not a device), so its well and
    /// screen shape are known. Each key is one of screengrab's folders, each value a non-empty name.
    static func readDevices(_ object: JSONFieldReader, _ d: inout DiagnosticCollector) -> [String: String] {
        guard let value = object.value("devices"), value != .null else { return [:] }
        guard let map = JSONFieldReader(value, file: object.file, path: object.fieldPath("devices"), &d) else { return [:] }
        var devices: [String: String] = [:]
        for key in FastlaneCaptureFolder.screengrabTypes {
            if let name = map.optionalString(key, &d) { devices[key] = name }
        }
        map.refuseUnknownKeys(Set(FastlaneCaptureFolder.screengrabTypes), &d)
        return devices
    }

    /// Device name → its output folder, when the folder holds several devices: its well, or
    /// its name when the catalog does not know it or another device of the folder has the same
    /// well (iPhone SE (2nd and 3rd generation) are one well: their outputs must not collide).
    /// Empty for one device.
    static func deviceFolders(_ screens: [FastlaneCaptureFolder.Screen]) -> [String: String] {
        let devices = screens.map(\.device).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        guard devices.count > 1 else { return [:] }
        let wellOf = Dictionary(screens.map { ($0.device, $0.well) }, uniquingKeysWith: { a, _ in a })
        var folders: [String: String] = [:]
        for device in devices {
            let well = wellOf[device] ?? nil
            let shared = well != nil && devices.filter { wellOf[$0] ?? nil == well }.count > 1
            folders[device] = slug(shared ? device : well ?? device)
        }
        return folders
    }

    /// A device name or well id as part of a file name.
    static func slug(_ text: String) -> String {
        let mapped = text.unicodeScalars.map { $0.isASCII && CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" }
        return String(mapped).split(separator: "-").joined(separator: "-")
    }

    /// Headlines and subtitles given per screen reach every device's capture of that screen,
    /// and so does where each headline was written: a problem with a device's headline is
    /// reported at the String Catalog's key, not at a capture id no file holds.
    static func shareHeadlines(_ job: inout Job) {
        for capture in job.captures {
            guard let screen = capture.screen else { continue }
            func share<Value>(_ table: inout [String: [String: Value]]) {
                for locale in Array(table.keys) {
                    let value = table[locale]?[screen]
                    table[locale]?[capture.id] = value
                }
            }
            share(&job.headlines)
            share(&job.subtitles)
            share(&job.badges)
            share(&job.headlineFallbacks)
            share(&job.headlineOrigins)
        }
    }

    /// Each capture's files keyed by the locale that composes them (`ReleaseLocales`): the
    /// locale `ja` composes deliver's `ja/…` and supply's `ja-JP/…`. A locale another folder
    /// serves and this one does not has no capture of this folder, by design rather than by a
    /// gap (an Android-only language): it is absent there. A locale no folder serves is not:
    /// its files are missing, and reported so.
    static func assign(_ captures: inout [JobCapture], locales: ReleaseLocales) {
        for index in captures.indices {
            guard let folder = captures[index].fastlaneFolder, let files = captures[index].localeFiles else { continue }
            var byLocale: [String: String] = [:]
            var absent: Set<String> = []
            for locale in locales.locales {
                if let tag = locale.tag(in: folder) {
                    if let file = files[tag] { byLocale[locale.tag] = file }
                } else if !locale.folders.isEmpty {
                    absent.insert(locale.tag)
                }
            }
            captures[index].localeFiles = byLocale
            captures[index].absentLocales = absent
        }
    }
}
