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
public struct Well: Equatable, Sendable {
    public var id: String
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

    public func well(id: String) -> Well? {
        wells.first { $0.id == id }
    }

    public func citedMinimum(forClass storeClass: String) -> CitedMinimumWidth? {
        citedMinimumNativeWidths.first { $0.storeClass == storeClass }
    }
}
