/// Where a store fact is stated. A store slot's citation has all of `url`, `retrieved` and
/// `statement`; a plain claim's citation is one string, kept in `statement`.
public struct StoreCitation: Equatable, Sendable, Codable {
    public var url: String?
    /// The date the source was read (YYYY-MM-DD).
    public var retrieved: String?
    /// The sizes or rule as the source states them.
    public var statement: String
    /// How the statement was checked, e.g. against which copy of the page.
    public var note: String?

    public init(url: String? = nil, retrieved: String? = nil, statement: String, note: String? = nil) {
        self.url = url
        self.retrieved = retrieved
        self.statement = statement
        self.note = note
    }

    /// One line for listings and SVG attributes.
    public var summary: String {
        guard let url else { return statement }
        return "\(url) (retrieved \(retrieved ?? "?")): \(statement)"
    }
}

/// A store-well claim: this well is a slot of a store display class. Never asserted
/// without a citation (`WellsCatalogLoader` refuses a claim whose citation is empty, and a
/// store slot whose citation lacks url, retrieved or statement).
public struct StoreWellClaim: Equatable, Sendable {
    /// `app-store` or `google-play` for a store slot (the well's size is a canvas the store
    /// accepts); nil for a plain class claim.
    public var store: String?
    /// e.g. `iPhone 6.9 in`; for App Store claims, a class named in `citedMinimumNativeWidths`.
    public var storeClass: String
    /// Where the claim is stated.
    public var citation: StoreCitation

    public init(store: String? = nil, storeClass: String, citation: StoreCitation) {
        self.store = store
        self.storeClass = storeClass
        self.citation = citation
    }
}

/// A well: the recorded size a capture was taken at (simulator screen, browser viewport).
/// One well is one screen geometry: the devices that share size, corner radius and family
/// share it and are listed in `devices`.
public struct Well: Equatable, Sendable {
    public var id: String
    /// A description of the device (or the slot); for device wells, `devices` joined.
    public var device: String
    /// Recorded capture width in pixels.
    public var width: Int
    /// Recorded capture height in pixels.
    public var height: Int
    public var storeWell: StoreWellClaim?
    /// Where the recorded size comes from.
    public var source: String
    /// Corner radius of the recorded screen, as a fraction of its width (0: square corners,
    /// as browser captures have). Captures are clipped to it in the default look.
    public var screenCornerRadius: Double = 0
    /// The devices whose screenshots have this size (simulator or emulator names).
    public var devices: [String] = []
    /// `phone`, `tablet`, `desktop`, `watch`, `tv`, `headset`, `browser` (device wells);
    /// nil for store slots and wells of catalogs that predate families.
    public var family: String?
    /// A well recorded for this project's demo captures: never picked from a size alone.
    public var fixture = false
    /// `ios` or `android`: a target of the matching store (App Store, Google Play) takes the
    /// captures of its own platform when the job has any for its family.
    public var platform: String?
    /// The screen's shape (corner radius, cutout, home button, bars), `.clipNothing` unless the
    /// catalog records one.
    public var shape: ScreenShape = .clipNothing

    package init(id: String, device: String, width: Int, height: Int, storeWell: StoreWellClaim?, source: String,
                 screenCornerRadius: Double = 0, devices: [String] = [], family: String? = nil, fixture: Bool = false, platform: String? = nil,
                 shape: ScreenShape = .clipNothing) {
        self.id = id
        self.device = device
        self.width = width
        self.height = height
        self.storeWell = storeWell
        self.source = source
        self.screenCornerRadius = screenCornerRadius
        self.devices = devices
        self.family = family
        self.fixture = fixture
        self.platform = platform
        self.shape = shape
    }
}

extension Well {
    /// How every message names a canvas: its size and the store slot or device well it is
    /// (`1206×2622 canvas (app-store-iphone-6.3-portrait-1206x2622)`), so the errors of one
    /// headline on three devices say which is which.
    public var canvasName: String { "\(width)×\(height) canvas (\(id))" }
}

/// A store class a job can name in `"targets"` (`app-store:iphone-6.9`): the slots of the
/// class, the device family whose captures it takes, and where its outputs go.
public struct StoreTarget: Equatable, Sendable {
    /// `<store>:<slug>`, e.g. `google-play:tablet-10`.
    public var name: String
    public var store: String
    /// The class as the slots' claims name it (`iPhone 6.9 in`, `10-inch tablet`).
    public var storeClass: String
    /// The device family of the wells whose captures this target takes (`graphic` for the
    /// feature graphic, which is composed from an icon and text, never from a capture).
    public var family: String
    /// Orientation (`portrait`, `landscape`, `square`) → the slot id used for it.
    public var preferred: [String: String]
    /// The output folder under `<out>/<locale>/` (`app-store-iphone-6.9`).
    public var folder: String
    /// fastlane supply's images folder (`phoneScreenshots`); nil for App Store targets and
    /// for Google Play classes supply cannot upload (Chromebook).
    public var uploadFolder: String?
    /// What the name of fastlane deliver's copy carries (`APP_IPAD_PRO_3GEN_129`) so deliver
    /// files it under this class when another class has the same pixel size (deliver tells the
    /// 13-inch and the 12.9-inch 2nd generation iPad, Apple TV and Vision Pro apart by the
    /// file's name); nil when the size alone decides. A cited store fact (`deliverNameHint`).
    public var deliverNameHint: String? = nil

    /// The slot for a capture of `width` × `height`: the preferred slot of its orientation,
    /// else of any orientation (a square wear slot takes every capture).
    public func slotId(forWidth width: Int, height: Int) -> String? {
        let orientation = width > height ? "landscape" : (width < height ? "portrait" : "square")
        return preferred[orientation] ?? ["portrait", "landscape", "square"].lazy.compactMap { preferred[$0] }.first
    }
}

extension Well {
    /// Device families a well may belong to (`family` in the wells catalog).
    public static let families = ["phone", "tablet", "desktop", "watch", "tv", "headset", "browser"]
}

/// The minimum native capture width (pixels) a store class accepts, with its source.
public struct CitedMinimumWidth: Equatable, Sendable {
    public var storeClass: String
    /// Pixels.
    public var minimumNativeWidth: Int
    public var source: String
}

/// The wells catalog (`wells.json`): recorded wells and the cited minimum native widths
/// of store classes. Loaded and checked by `WellsCatalogLoader`.
public struct WellsCatalog: Equatable, Sendable {
    public var note: String
    public var wells: [Well]
    public var citedMinimumNativeWidths: [CitedMinimumWidth]
    /// Store rules checked on outputs for store wells (from the store-wells catalog).
    public var storeRules: [StoreRule] = []
    /// Store classes jobs can target (from the store-wells catalog).
    public var targets: [StoreTarget] = []

    public func well(id: String) -> Well? {
        wells.first { $0.id == id }
    }

    public func target(named name: String) -> StoreTarget? {
        targets.first { $0.name == name }
    }

    /// The device wells (not store slots) of a size; fixtures only when `fixtures` is true.
    public func deviceWells(width: Int, height: Int, fixtures: Bool = false) -> [Well] {
        wells.filter { $0.storeWell?.store == nil && $0.width == width && $0.height == height && (fixtures || !$0.fixture) }
    }

    /// The store slots whose size is exactly `width` × `height`.
    public func slots(width: Int, height: Int) -> [Well] {
        wells.filter { $0.storeWell?.store != nil && $0.width == width && $0.height == height }
    }

    /// The target a store slot belongs to (its store and class).
    public func target(ofSlot slot: Well) -> StoreTarget? {
        guard let claim = slot.storeWell, let store = claim.store else { return nil }
        return targets.first { $0.store == store && $0.storeClass == claim.storeClass }
    }

    public func citedMinimum(forClass storeClass: String) -> CitedMinimumWidth? {
        citedMinimumNativeWidths.first { $0.storeClass == storeClass }
    }
}
