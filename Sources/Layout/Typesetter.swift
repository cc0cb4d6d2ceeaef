import Support
import Diagnostics
import Foundation
import Ingest
import Plan

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
    /// CSS weight of emphasised words (`*word*`, the theme's `accentWeight`).
    public var accentWeight = 800
    /// Fill of emphasised words (the theme's `accent`); not measured, drawn.
    public var accentColor = Theme().accent
    /// Family list of emphasised words (the theme's `accentFont` for the locale); nil: `fontFamily`.
    public var accentFamily: String?

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
    /// Measures `text` as one line (emphasised scalars in `style.accentWeight`).
    func measure(_ text: StyledText, style: TextStyle) -> TextMeasurement
    /// Breaks one paragraph into lines no wider than `width` pixels where the language allows
    /// (a word longer than `width` stays whole, and overflows). Returns the lines' text with
    /// the white space at the breaks removed; a soft hyphen that ends a line is drawn as a
    /// hyphen. Japanese and Chinese break only between dictionary words (ICU).
    func wrap(_ paragraph: StyledText, style: TextStyle, width: Double) -> [StyledText]
    /// The colour emoji of `line` (set as one line, `height` and `baseline` its logical
    /// height and baseline) drawn through cairo into PNGs at the glyph's size, in order.
    /// Fails with the scalars of the emoji the colour emoji font has no glyph for.
    func colorEmoji(_ line: StyledText, style: TextStyle, height: Double, baseline: Double) -> Result<[EmojiImage], EmojiRefusal>
    /// Makes font files available to this process only (not installed on the machine).
    /// Throws `FontRegistrationError` naming a file fontconfig cannot use.
    func registerFontFiles(_ paths: [String]) throws
    /// True when fontconfig knows a font of this family (installed or registered).
    func hasFamily(_ family: String) -> Bool
    /// The Pango version, for the manifest.
    var engineVersion: String { get }
}

extension Typesetting {
    /// Measures plain text.
    public func measure(_ text: String, style: TextStyle) -> TextMeasurement { measure(StyledText(text), style: style) }
    /// Breaks plain text.
    public func wrap(_ paragraph: String, style: TextStyle, width: Double) -> [String] {
        wrap(StyledText(paragraph), style: style, width: width).map(\.text)
    }
}

/// A colour emoji cluster drawn as a small PNG, placed where its glyph goes. Pixels.
public struct EmojiImage: Equatable, Sendable {
    /// The cluster's left edge from the line's logical left, and its advance.
    public var x: Double
    public var width: Double
    /// RGBA PNG of `width` (rounded up) × the line's height, the glyph on its baseline.
    public var png: [UInt8]
    /// Set by the layout: top of the image and its height (the line's logical box).
    public var y: Double = 0
    public var height: Double = 0

    public init(x: Double, width: Double, png: [UInt8]) {
        self.x = x
        self.width = width
        self.png = png
    }
}

/// Emoji the colour emoji font lacks (they would fall back to a monochrome glyph).
public struct EmojiRefusal: Error, Equatable, Sendable {
    public var scalars: [Unicode.Scalar]
}

public struct FontRegistrationError: Error, Equatable {
    public var path: String
}
