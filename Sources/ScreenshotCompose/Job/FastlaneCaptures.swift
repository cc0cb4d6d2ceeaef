import Foundation

/// `"captures": {"fastlane": "screenshots"}`: the job's captures are the screenshots of a
/// fastlane snapshot or screengrab folder (`FastlaneCaptureFolder`). Each screen of each
/// device becomes a capture whose path has `{locale}`, so every locale composes its own file,
/// with the per-locale checks, fallback and manifest entries of any `{locale}` capture.
/// Headlines are keyed by screen id (`01Home`), shared by every device.
enum FastlaneCaptures {
    struct Reading {
        var captures: [JobCapture] = []
        /// Screen ids in order: the keys headlines are given for.
        var screens: [String] = []
        /// Canonical locale → its folder in the fastlane folder.
        var captureLocales: [String: String] = [:]
    }

    static func read(_ reader: JSONFieldReader, directory: URL, wells: URL?, _ d: inout DiagnosticCollector) -> Reading {
        let file = reader.file
        guard let object = reader.value("captures").flatMap({ JSONFieldReader($0, file: file, path: "captures", &d) }) else { return Reading() }
        object.refuseUnknownKeys(["fastlane"], &d)
        guard let relative = object.string("fastlane", &d) else { return Reading() }
        let folder = JobLoader.resolve(relative, against: directory)
        // The device names come from the wells catalog the planner reads again and reports on.
        var ignored = DiagnosticCollector()
        let catalog = WellsListing.load(file: wells?.path, into: &ignored)
        let devices = (catalog?.wells ?? []).filter { $0.storeWell?.store == nil && !$0.fixture }.flatMap { well in well.devices.map { (name: $0, well: well.id) } }
        guard let scan = FastlaneCaptureFolder.scan(folder, file: file, field: "captures.fastlane", devices: devices, into: &d) else { return Reading() }

        var reading = Reading()
        for tag in scan.localeFolders {
            guard LocaleTag.isWellFormed(tag) else {
                d.warning(file, "captures.fastlane", "folder \(tag) in \(folder.path) is not a BCP 47 locale: expected a folder per locale such as en-US, found \"\(tag)\"; not read")
                continue
            }
            reading.captureLocales[LocaleTag.canonical(tag)] = tag
        }
        let folders = deviceFolders(scan)
        var seen: [String: String] = [:]
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
            let group = folders[screen.device].map { OutputPaths.DeviceGroup(folder: $0, screen: screen.screen) }
            let id = group.map { "\($0.folder)-\($0.screen)" } ?? screen.screen
            // Device names that differ only in what a file name cannot hold ("Pixel 9" and
            // "Pixel-9"), or in case, would write one output twice (case-insensitive on macOS).
            if let other = seen[id.lowercased()] {
                d.error(folder.appendingPathComponent(example).path, "captures.fastlane",
                        "two screenshots become capture \(id): expected one file name per device and screen, found \(other) and \(example); rename one device")
                continue
            }
            seen[id.lowercased()] = example
            let pattern: String
            switch scan.layout {
            case .snapshot: pattern = "\(relative)/\(LocaleCapturePath.placeholder)/\(screen.device)-\(screen.screen).png"
            case .screengrab: pattern = "\(relative)/\(LocaleCapturePath.placeholder)/images/\(screen.device)/\(screen.screen)_*.png"
            }
            var capture = JobCapture(id: id, path: pattern, url: JobLoader.resolve(pattern, against: directory), well: screen.well, storeWell: nil)
            capture.localeFiles = screen.files.mapValues { "\(relative)/\($0)" }
            capture.screen = id == screen.screen ? nil : screen.screen
            capture.device = group
            capture.field = "captures.fastlane"
            reading.captures.append(capture)
            if !reading.screens.contains(screen.screen) { reading.screens.append(screen.screen) }
        }
        return reading
    }

    /// Device name → its output folder, when the folder holds several devices: its well, or
    /// its name when the catalog does not know it or another device of the folder has the same
    /// well (iPhone SE (2nd and 3rd generation) are one well: their outputs must not collide).
    /// Empty for one device.
    static func deviceFolders(_ scan: FastlaneCaptureFolder) -> [String: String] {
        let devices = scan.devices
        guard devices.count > 1 else { return [:] }
        let wellOf = Dictionary(scan.screens.map { ($0.device, $0.well) }, uniquingKeysWith: { a, _ in a })
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

    /// Headlines and subtitles given per screen reach every device's capture of that screen;
    /// a locale folder with no headlines is reported (it is not rendered).
    static func shareHeadlines(_ job: inout Job, folders: [String], file: String, reportUnused: Bool, _ d: inout DiagnosticCollector) {
        for capture in job.captures {
            guard let screen = capture.screen else { continue }
            func share(_ table: inout [String: [String: String]]) {
                for locale in Array(table.keys) {
                    let text = table[locale]?[screen]
                    table[locale]?[capture.id] = text
                }
            }
            share(&job.headlines)
            share(&job.subtitles)
            share(&job.badges)
            share(&job.headlineFallbacks)
        }
        for (locale, folder) in job.captureLocales.sorted(by: { $0.key < $1.key }) where reportUnused && folders.contains(folder) && !job.locales.contains(locale) {
            d.warning(file, "captures.fastlane", "screenshots for \(locale) (folder \(folder)) have no headlines: not rendered (add the locale to the headlines to compose it)")
        }
    }
}
