/// A rule a store applies to uploaded screenshots, with where it is stated. A rule whose
/// citation is missing or marked unverified is reported as unverified instead of enforced.
public struct StoreRule: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The accepted pixel sizes of a class; with `swapped`, each size turned 90° too
        /// (iPhone and iPad: landscape is portrait swapped; Mac, TV, Watch: as listed only).
        case acceptedSizes(storeClass: String, sizes: [(width: Int, height: Int)], swapped: Bool)
        /// No alpha channel; 8-bit RGB.
        case noAlpha
        /// Each side between `min` and `max` pixels.
        case sideRange(min: Int, max: Int)
        /// The long side at most `ratio` times the short side.
        case maximumAspect(ratio: Double)
        /// At most this many bytes per file.
        case maximumBytes(Int)
        /// At most this many screenshots per class (App Store) or device type (Google Play) and locale.
        case maximumCount(Int)
        /// The screenshot shows the app alone: no device frame, no text (Google Play's Wear OS).
        case appAlone

        public static func == (a: Kind, b: Kind) -> Bool { a.name == b.name && a.parameters == b.parameters }

        public var name: String {
            switch self {
            case .acceptedSizes: return "acceptedSizes"
            case .noAlpha: return "noAlpha"
            case .sideRange: return "sideRange"
            case .maximumAspect: return "maximumAspect"
            case .maximumBytes: return "maximumBytes"
            case .maximumCount: return "maximumCount"
            case .appAlone: return "appAlone"
            }
        }

        public var parameters: String {
            switch self {
            case .acceptedSizes(let c, let sizes, let swapped):
                return c + ": " + sizes.map { "\($0.width)x\($0.height)" }.joined(separator: ",") + (swapped ? " (and swapped)" : "")
            case .noAlpha, .appAlone: return ""
            case .sideRange(let a, let b): return "\(a)-\(b)"
            case .maximumAspect(let r): return "\(r)"
            case .maximumBytes(let n), .maximumCount(let n): return "\(n)"
            }
        }
    }

    /// `app-store` or `google-play`.
    public var store: String
    public var kind: Kind
    /// Nil: the rule has no citation, so it is not enforced.
    public var citation: StoreCitation?
    /// The citation exists but the number could not be confirmed on the cited page.
    public var unverified: Bool
    /// The classes the rule applies to; nil: every class of the store (Google Play's side and
    /// aspect limits apply to screenshots, not to the feature graphic).
    public var classes: [String]? = nil

    public func applies(toClass storeClass: String) -> Bool {
        classes.map { $0.contains(storeClass) } ?? true
    }

    public var enforced: Bool { citation != nil && !unverified }
}
