import Foundation

/// How a headline is set: the same values the SVG gives librsvg.
public struct TextStyle: Equatable, Sendable {
    /// A Pango/CSS family list, e.g. `Noto Sans, DejaVu Sans`.
    public var fontFamily: String
    /// CSS weight, 100–900.
    public var weight: Int
    /// Font size in SVG user units (pixels at scale 1).
    public var size: Double
    /// BCP 47 tag, given to Pango as the language (librsvg takes it from `xml:lang`).
    public var language: String
    public var rightToLeft: Bool

    public init(fontFamily: String, weight: Int, size: Double, language: String, rightToLeft: Bool = false) {
        self.fontFamily = fontFamily
        self.weight = weight
        self.size = size
        self.language = language
        self.rightToLeft = rightToLeft
    }
}

/// A single line of text measured by the engine that draws it. All values in pixels.
public struct TextMeasurement: Equatable, Sendable {
    /// Logical width: what librsvg anchors `text-anchor` on.
    public var width: Double
    /// Logical height of the line.
    public var height: Double
    /// Distance from the top of the logical box to the baseline.
    public var baseline: Double
    /// Ink box relative to the logical box's top-left corner.
    public var inkX: Double
    public var inkY: Double
    public var inkWidth: Double
    public var inkHeight: Double
    /// Characters the resolved fonts have no glyph for (they would be drawn as boxes).
    public var unknownCharacters: [Unicode.Scalar]
    /// Font files Pango resolved for the line, in order of first use.
    public var fontFiles: [String]

    public init(width: Double, height: Double, baseline: Double, inkX: Double, inkY: Double, inkWidth: Double,
                inkHeight: Double, unknownCharacters: [Unicode.Scalar] = [], fontFiles: [String] = []) {
        self.width = width
        self.height = height
        self.baseline = baseline
        self.inkX = inkX
        self.inkY = inkY
        self.inkWidth = inkWidth
        self.inkHeight = inkHeight
        self.unknownCharacters = unknownCharacters
        self.fontFiles = fontFiles
    }
}

/// Measures and breaks text. `PangoTypesetter` is the real one; the protocol keeps the layout
/// stage pure and testable without Pango.
public protocol Typesetting: AnyObject {
    /// Measures `text` as one line.
    func measure(_ text: String, style: TextStyle) -> TextMeasurement
    /// Breaks one paragraph into lines no wider than `width` pixels where the language allows
    /// (a word longer than `width` stays whole, and overflows). Returns the lines' text with
    /// the white space at the breaks removed.
    func wrap(_ paragraph: String, style: TextStyle, width: Double) -> [String]
    /// Makes font files available to this process only (not installed on the machine).
    /// Throws `FontRegistrationError` naming a file fontconfig cannot use.
    func registerFontFiles(_ paths: [String]) throws
    /// True when fontconfig knows a font of this family (installed or registered).
    func hasFamily(_ family: String) -> Bool
    /// The Pango version, for the manifest.
    var engineVersion: String { get }
}

public struct FontRegistrationError: Error, Equatable {
    public var path: String
}
