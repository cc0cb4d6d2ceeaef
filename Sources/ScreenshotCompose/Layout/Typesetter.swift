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

    public init(fontFamily: String, weight: Int, size: Double, language: String) {
        self.fontFamily = fontFamily
        self.weight = weight
        self.size = size
        self.language = language
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
    /// Characters the resolved fonts have no glyph for (drawn as boxes).
    public var unknownGlyphs: Int
}

/// Measures text. `PangoTypesetter` is the real one; the protocol keeps the layout stage
/// pure and testable without Pango.
public protocol Typesetting {
    func measure(_ text: String, style: TextStyle) -> TextMeasurement
    /// The Pango version, for the manifest.
    var engineVersion: String { get }
}
