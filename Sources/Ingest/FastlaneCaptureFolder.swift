import Foundation
import Diagnostics
import Support

/// The folders fastlane's screenshot tools write, read as captures:
///
/// - **snapshot** (iOS): `<folder>/<language>/<Device Name>-<name>.png`; the device name is
///   matched against the wells catalog's `devices` (longest first, since names such as
///   `iPad Pro 11-inch (M4)` hold a `-`); a name the catalog does not know ends at the first
///   `-`, and the capture's size picks the well.
/// - **screengrab** (Android): `<folder>/<locale>/images/<type>Screenshots/<name>_<millis>.png`
///   (`phoneScreenshots`, `sevenInchScreenshots`, `tenInchScreenshots`, `tvScreenshots`,
///   `wearScreenshots`); the size picks the well.
///
/// Locale folders become the capture folders of `{locale}`; screens are ordered by name (as
/// fastlane names them `01Home`, `02Search`, …). Each device (snapshot) or screenshot type
/// (screengrab) is one screen set.
public struct FastlaneCaptureFolder: Equatable, Sendable {
    public enum Layout: String, Sendable { case snapshot, screengrab }

    /// One screen of one device, in every locale folder that has it.
    public struct Screen: Equatable, Sendable {
        /// The name after the device prefix (snapshot) or before the timestamp (screengrab):
        /// the headline key.
        public var screen: String
        /// The snapshot device name, or the screengrab images folder (`phoneScreenshots`).
        public var device: String
        /// The well the device name names (snapshot, known device); nil: picked by size.
        public var well: String?
        /// Locale folder name → the file's path relative to the fastlane folder.
        public var files: [String: String]
    }

    public var layout: Layout
    /// Locale folder names, sorted.
    public var localeFolders: [String]
    /// Device by device (in name order), screen by screen.
    public var screens: [Screen]

    /// frameit keeps its fonts beside the locale folders (`screenshots/fonts/`): not a locale.
    public static let frameitFolders: Set<String> = ["fonts"]

    static let screengrabTypes = ["phoneScreenshots", "sevenInchScreenshots", "tenInchScreenshots", "tvScreenshots", "wearScreenshots"]

    /// Reads the folder's layout; nil (with an error naming the folder) when it holds neither.
    /// `devices`: (device name, well id) pairs from the wells catalog.
    public static func scan(_ folder: URL, file: String, field: String, devices: [(name: String, well: String)],
                            into d: inout DiagnosticCollector) -> FastlaneCaptureFolder? {
        let fm = FileManager.default
        // Names are compared in NFC, as bytes: two files whose names are one in NFC are refused
        // naming both (the second would have replaced the first's screen silently).
        var reported = Set<String>()
        func listing(_ url: URL) -> [UnicodeName.Entry] {
            let (listed, twins) = UnicodeName.entries(((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix(".") })
            if reported.insert(url.path).inserted {
                for twin in twins { d.error(url.appendingPathComponent(twin.dropped).path, field, UnicodeName.twinMessage(twin.kept, twin.dropped)) }
            }
            return listed
        }
        func entries(_ url: URL) -> [String] { listing(url).map(\.name) }
        func isFolder(_ url: URL) -> Bool {
            var isDirectory: ObjCBool = false
            return fm.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        guard isFolder(folder) else {
            d.error(file, field, "expected a fastlane snapshot or screengrab folder, found \(fm.fileExists(atPath: folder.path) ? "a file" : "nothing") at \(folder.path)")
            return nil
        }
        let localeFolders = entries(folder).filter { isFolder(folder.appendingPathComponent($0)) && LocaleCapturePath.isFolderName($0) && !frameitFolders.contains($0) }
        let screengrab = localeFolders.contains { isFolder(folder.appendingPathComponent("\($0)/images")) }
        // The second folder is left out, so its files are not reported again as a locale's gaps.
        let twins = LocaleTag.secondFolders(localeFolders, in: folder, field: field, &d)
        // Longest device names first, so "iPhone 16 Pro Max" wins over "iPhone 16 Pro".
        let known = devices.sorted { $0.name.count > $1.name.count }
        var byKey: [String: Screen] = [:]
        var used: [String] = []
        for tag in localeFolders where !twins.contains(tag) {
            if screengrab {
                for type in screengrabTypes {
                    let images = folder.appendingPathComponent("\(tag)/images/\(type)")
                    var shots: [String: [String]] = [:]
                    var onDisk: [String: String] = [:]
                    for entry in listing(images) where entry.name.lowercased().hasSuffix(".png") {
                        shots[screengrabScreen(String(entry.name.dropLast(4))), default: []].append(entry.name)
                        onDisk[entry.name] = entry.onDisk
                    }
                    for (screen, names) in shots.sorted(by: { $0.key < $1.key }) {
                        let name = newestShot(names, screen: screen, in: images, field: field, &d)
                        let key = "\(type)\u{0}\(screen)"
                        byKey[key, default: Screen(screen: screen, device: type, well: nil, files: [:])].files[tag] = "\(tag)/images/\(type)/\(onDisk[name] ?? name)"
                    }
                }
            } else {
                let pngs = listing(folder.appendingPathComponent(tag)).filter { $0.name.lowercased().hasSuffix(".png") }
                // frameit's fonts/ (and a backgrounds/ folder) beside the language folders: a
                // "language" of five or more letters no store uses, holding no screenshot.
                if pngs.isEmpty, (tag.split(separator: "-").first?.count ?? 0) >= 4 { continue }
                for entry in pngs {
                    let name = entry.name
                    let stem = String(name.dropLast(4))
                    let device: (name: String, well: String?)
                    if let match = known.first(where: { stem.hasPrefix($0.name + "-") && stem.count > $0.name.count + 1 }) {
                        device = (match.name, match.well)
                    } else if let dash = stem.firstIndex(of: "-"), dash > stem.startIndex, stem.index(after: dash) < stem.endIndex {
                        device = (String(stem[..<dash]), nil)
                    } else {
                        d.error(folder.appendingPathComponent("\(tag)/\(name)").path, field,
                                "fastlane snapshot names screenshots <Device Name>-<name>.png: expected a device name and a screen name, found \"\(name)\"")
                        continue
                    }
                    let screen = String(stem.dropFirst(device.name.count + 1))
                    let key = "\(device.name)\u{0}\(screen)"
                    byKey[key, default: Screen(screen: screen, device: device.name, well: device.well, files: [:])].files[tag] = "\(tag)/\(entry.onDisk)"
                }
            }
            used.append(tag)
        }
        let screens = byKey.values.sorted { ($0.device, $0.screen) < ($1.device, $1.screen) }
        if screens.isEmpty {
            d.error(file, field, "expected fastlane screenshots (<language>/<Device Name>-<name>.png, or <locale>/images/phoneScreenshots/<name>.png), found none in \(folder.path)")
            return nil
        }
        return FastlaneCaptureFolder(layout: screengrab ? .screengrab : .snapshot, localeFolders: used, screens: screens)
    }

    /// screengrab appends `_<milliseconds>` to the name the test gave.
    static func screengrabScreen(_ stem: String) -> String {
        guard let underscore = stem.lastIndex(of: "_") else { return stem }
        let suffix = stem[stem.index(after: underscore)...]
        return suffix.count >= 10 && suffix.allSatisfy(\.isASCII) && suffix.allSatisfy(\.isNumber) && underscore > stem.startIndex
            ? String(stem[..<underscore]) : stem
    }

    /// The milliseconds screengrab appended to a file's stem; nil without them (or too many
    /// digits to compare).
    static func screengrabTimestamp(_ stem: String) -> UInt64? {
        let screen = screengrabScreen(stem)
        return screen == stem ? nil : UInt64(stem.dropFirst(screen.count + 1))
    }

    /// The one shot of a screen in a screengrab folder. screengrab keeps earlier runs' files
    /// (`clear_previous_screenshots` is off by default) and names each `<name>_<milliseconds>`,
    /// so a re-run leaves two shots of a screen: the newest by that timestamp is the one a
    /// release engineer just captured, taken with a warning naming every shot (supply would
    /// upload them all). Shots whose order no timestamp gives are refused naming them all.
    private static func newestShot(_ names: [String], screen: String, in folder: URL, field: String, _ d: inout DiagnosticCollector) -> String {
        let sorted = names.sorted()
        guard sorted.count > 1 else { return sorted[0] }
        let count = sorted.count == 2 ? "two" : "\(sorted.count)"
        let listed = sorted.dropLast().joined(separator: ", ") + " and " + sorted[sorted.count - 1]
        let stamped = sorted.map { name in (name, screengrabTimestamp(String(name.dropLast(4)))) }
        let newest = stamped.compactMap { $0.1 }.max()
        let newestNames = stamped.filter { $0.1 == newest }.map(\.0)
        guard stamped.allSatisfy({ $0.1 != nil }), newestNames.count == 1 else {
            d.error(folder.appendingPathComponent(sorted[0]).path, field,
                    "\(count) screenshots of screen \(screen): expected one per screen and locale, found \(listed), and no timestamp tells which is newest; remove the others (screengrab's clear_previous_screenshots removes earlier runs' screenshots)")
            return sorted[0]
        }
        let chosen = newestNames[0]
        d.warning(folder.appendingPathComponent(chosen).path, field,
                  "\(count) screenshots of screen \(screen): expected one per screen and locale, found \(listed); composing the newest by screengrab's timestamp, \(chosen) (screengrab keeps earlier runs' screenshots unless clear_previous_screenshots is set)")
        return chosen
    }

    /// The devices (screen sets) in order.
    public var devices: [String] {
        screens.map(\.device).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }
}
