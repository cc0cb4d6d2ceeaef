/// A store-well claim: this well is a slot of a store display class. Never asserted
/// without a citation (`WellsCatalogLoader` refuses a claim whose citation is empty).
public struct StoreWellClaim: Equatable, Sendable {
    /// A class named in `citedMinimumNativeWidths`, e.g. `iPhone 6.9 in`.
    public var storeClass: String
    /// Where the claim is stated.
    public var citation: String
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

    public func well(id: String) -> Well? {
        wells.first { $0.id == id }
    }

    public func citedMinimum(forClass storeClass: String) -> CitedMinimumWidth? {
        citedMinimumNativeWidths.first { $0.storeClass == storeClass }
    }
}
