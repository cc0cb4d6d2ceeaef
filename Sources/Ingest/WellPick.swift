import Foundation

/// The one way a capture's well is picked from its size and, where known, its device name
/// (a snapshot file's `<Device Name>-` prefix, the job's device for a screengrab folder) and
/// screengrab folder (`sevenInchScreenshots`: an Android tablet). `Planner`, `init` and
/// `wells identify` all ask here, so a size picks the same well everywhere.
public enum WellPick: Equatable, Sendable {
    case well(Well)
    /// No device well has the size: the nearest device wells, nearest first.
    case unknownSize(nearest: [Well])
    /// Several wells have the size and nothing given tells which (Apple TV and Vision Pro at
    /// 3840×2160; an iPhone 12 mini and a Pixel 5 at 1080×2340).
    case several([Well])
    /// The device name names wells of other sizes only.
    case nameMismatch(device: String, wells: [Well])

    public var well: Well? {
        if case .well(let well) = self { return well }
        return nil
    }
}

extension WellsCatalog {
    /// screengrab's images folders → the device family and platform they hold.
    public static let screengrabFamilies: [String: String] = [
        "phoneScreenshots": "phone", "sevenInchScreenshots": "tablet", "tenInchScreenshots": "tablet",
        "wearScreenshots": "watch", "tvScreenshots": "tv",
    ]

    /// The device wells (not store slots, not fixtures) that list `name` among their devices.
    public func wells(forDevice name: String) -> [Well] {
        wells.filter { $0.storeWell?.store == nil && !$0.fixture && $0.devices.contains(name) }
    }

    /// Device names that contain `text` (ignoring case), each once: the candidates an unknown
    /// or ambiguous name is answered with.
    public func deviceNames(containing text: String) -> [String] {
        let needle = text.lowercased()
        return wells.filter { $0.storeWell?.store == nil && !$0.fixture }.flatMap(\.devices)
            .filter { $0.lowercased().contains(needle) }
            .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }

    /// The store whose targets take a well's captures: iOS wells the App Store's, Android wells
    /// Google Play's; nil for a well of no platform (a browser).
    public static func store(ofPlatform platform: String?) -> String? {
        ["ios": "app-store", "android": "google-play"][platform ?? ""]
    }

    /// The one rule for a screen's per-locale files (init, check and render): all in one well,
    /// the one most of them are in (the first of a tie); a refusal for each file in another.
    public static func sameWellRefusals(_ files: [(path: String, well: Well)]) -> [(path: String, message: String)] {
        func count(_ well: Well) -> Int { files.filter { $0.well == well }.count }
        guard let most = files.max(by: { count($0.well) < count($1.well) }) else { return [] }
        return files.filter { $0.well != most.well }.map { file in
            (file.path, "every locale's file of a screen is one well's size: expected \(most.well.width)×\(most.well.height) (\(most.well.id), as \(most.path)), found \(file.well.width)×\(file.well.height) (\(file.well.id))")
        }
    }

    /// Picks the well of a capture of `width` × `height`. `device`: a device name the catalog may
    /// know (it decides among wells of the size, and a known name of another size is a
    /// mismatch); `screengrabFolder`: narrows to Android wells of that folder's family;
    /// `targets`: the job's targets, which choose among wells of one size whose devices they
    /// tell apart (Apple TV and Vision Pro at 3840×2160: `app-store:vision-pro` alone picks
    /// Vision Pro's). Several left is never guessed: the caller refuses naming them.
    public func pickWell(width: Int, height: Int, device: String? = nil, screengrabFolder: String? = nil,
                         targets: [StoreTarget] = []) -> WellPick {
        if let device {
            let named = wells(forDevice: device)
            if !named.isEmpty {
                let sized = named.filter { $0.width == width && $0.height == height }
                if sized.count == 1 { return .well(sized[0]) }
                if sized.isEmpty { return .nameMismatch(device: device, wells: named) }
                return .several(sized)
            }
        }
        var candidates = deviceWells(width: width, height: height)
        if let folder = screengrabFolder {
            let family = Self.screengrabFamilies[folder]
            let narrowed = candidates.filter { $0.platform == "android" && (family == nil || $0.family == family) }
            if !narrowed.isEmpty { candidates = narrowed }
        }
        let taken = candidates.filter { well in targets.contains { $0.family == well.family && $0.store == Self.store(ofPlatform: well.platform) } }
        if candidates.count > 1, !taken.isEmpty { candidates = taken }
        switch candidates.count {
        case 1: return .well(candidates[0])
        case 0: return .unknownSize(nearest: nearestDeviceWells(width: width, height: height))
        default: return .several(candidates)
        }
    }

    /// The device wells nearest the size: same orientation first, then nearest in aspect ratio
    /// and in area (a 390×844 browser capture is nearest the 828×1792 iPhone, not a watch).
    public func nearestDeviceWells(width: Int, height: Int, count: Int = 2) -> [Well] {
        let orientation = width > height ? 1 : (width < height ? -1 : 0)
        let pool = wells.filter { $0.storeWell?.store == nil && !$0.fixture }
        func key(_ w: Well) -> (Int, Double, String) {
            let o = w.width > w.height ? 1 : (w.width < w.height ? -1 : 0)
            let aspect = abs(log((Double(w.width) / Double(w.height)) / (Double(width) / Double(height))))
            let area = abs(log(Double(w.width * w.height) / Double(width * height)))
            return (o == orientation ? 0 : 1, aspect * 10 + area, w.id)
        }
        return pool.sorted { key($0) < key($1) }.prefix(count).map { $0 }
    }

    /// What a refusal of `pick` says after "expected …, found …" is named by the caller: one
    /// line, the nearest devices and how to add a well, never the whole catalog.
    /// The catalog's targets that take a well's captures at exactly its size (its store's, its
    /// family's): what a job names in `"targets"` to choose among wells of one size.
    public func exactTargets(of well: Well) -> [String] {
        targets.filter { target in
            target.family == well.family && target.store == Self.store(ofPlatform: well.platform)
                && target.slotId(forWidth: well.width, height: well.height).flatMap { self.well(id: $0) }.map { $0.width == well.width && $0.height == well.height } == true
        }.map(\.name)
    }

    /// `refusal(pick, …)`, with the targets that would choose among several wells of one size.
    public func refusal(_ pick: WellPick, width: Int, height: Int) -> String {
        let text = Self.refusal(pick, width: width, height: height)
        guard case .several(let wells) = pick else { return text }
        let names = wells.flatMap(exactTargets(of:)).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        guard !names.isEmpty else { return text }
        return text + ", or let the job's \"targets\" choose: one of \(names.joined(separator: ", ")) without the others"
    }

    public static func refusal(_ pick: WellPick, width: Int, height: Int) -> String {
        let size = "\(width)×\(height)"
        func named(_ well: Well) -> String {
            "\(well.width)×\(well.height) (\(well.devices.first ?? well.device), well \(well.id))"
        }
        switch pick {
        case .well(let well):
            return "well \(well.id)"
        case .unknownSize(let nearest):
            let near = nearest.map(named).joined(separator: " or ")
            return "no device well has this size: expected a device the wells catalog knows\(near.isEmpty ? "" : ", the nearest being \(near)"), found \(size); to compose it, add a well of this size to a copy of wells.json and name the copy in the job's \"wells\" (docs/reference.md, Wells catalog)"
        case .several(let wells):
            let list = wells.map { "\($0.id) (\($0.devices.first ?? $0.device), \($0.family ?? "?"))" }.joined(separator: ", ")
            return "\(wells.count) wells have this size \(size) and nothing names the device: expected one, found \(list); name the device (a snapshot file's device name, \"devices\" for a screengrab folder) or the well (\"well\")"
        case .nameMismatch(let device, let wells):
            return "the device name \(device) picks well \(wells.map { "\($0.id) (\($0.width)×\($0.height))" }.joined(separator: " or ")): expected that size, found \(size)"
        }
    }
}
