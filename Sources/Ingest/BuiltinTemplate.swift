import Foundation

/// The templates shipped with the tool. Each is a folder of slot-marked SVG files under
/// `templates/<name>/`, one per device family and orientation (`phone-portrait.svg`) or per
/// orientation alone (`landscape.svg`), each drawn at one store slot and fitted to every other
/// by `DrawingFit`'s rule; the device frames are `templates/frames/<family>-<orientation>.svg`.
/// Designers read and copy them; the job's theme recolours them (`ThemeMarkup`).
public enum BuiltinTemplate: String, CaseIterable, Equatable, Sendable {
    case classic
    case captionBelow = "caption-below"
    case browser
    case duo
    case panorama
    case featureGraphic = "feature-graphic"

    /// How many captures the template holds (per panel for a panorama).
    public var capturesPerPanel: Int { self == .duo ? 2 : 1 }
}
