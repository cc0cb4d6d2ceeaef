/// Proportions of the composition, as fractions of the canvas's shorter side `u`, so that
/// portrait (1206×2622, 390×844) and landscape (1440×1000) canvases look alike.
public struct LayoutProportions: Equatable, Sendable {
    /// Outer margin on every side.
    public var margin = 0.06
    /// Headline font size.
    public var headlineSize = 0.058
    /// Headline band height, in multiples of the headline size (room for two lines).
    public var bandHeight = 2.4
    /// Gap between the band and the frame, in multiples of the margin.
    public var gap = 0.6
    /// Bezel: frame width around the capture.
    public var bezel = 0.025
    /// Frame corner radius in multiples of the bezel; at most 3.4 keeps the capture's
    /// square corners inside the rounded frame.
    public var frameRadius = 2.0

    public init() {}
}

/// Why a headline cannot be placed.
public enum LayoutRefusal: Error, Equatable, Sendable {
    /// The line is `width` pixels wide, its band only `bandWidth`.
    case headlineTooWide(width: Double, bandWidth: Double)
}

/// Computes a `CanvasLayout` from the canvas size, the capture size and the headline. Pure
/// geometry plus one measurement through `Typesetting`.
public struct LayoutEngine {
    public var proportions: LayoutProportions
    public var fontFamily: String
    public var fontWeight: Int

    public static let defaultFontFamily =
        "Noto Sans, Noto Sans CJK JP, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Thai, Noto Sans Devanagari, DejaVu Sans"

    public init(proportions: LayoutProportions = LayoutProportions(),
                fontFamily: String = LayoutEngine.defaultFontFamily, fontWeight: Int = 700) {
        self.proportions = proportions
        self.fontFamily = fontFamily
        self.fontWeight = fontWeight
    }

    /// Lays out a canvas of `canvasWidth` × `canvasHeight` pixels holding a capture of
    /// `captureWidth` × `captureHeight` pixels and `headline` in `locale`.
    /// Returns `.failure(.headlineTooWide)` when the headline is wider than its band:
    /// headlines are refused, never clipped.
    public func layout(canvasWidth: Int, canvasHeight: Int, captureWidth: Int, captureHeight: Int,
                       headline: String, locale: String, typesetter: Typesetting) -> Result<CanvasLayout, LayoutRefusal> {
        let w = Double(canvasWidth), h = Double(canvasHeight)
        let u = min(w, h)
        let p = proportions
        let margin = (u * p.margin).rounded()
        let size = (u * p.headlineSize).rounded()
        let band = Rect(x: margin, y: margin, width: w - 2 * margin, height: (size * p.bandHeight).rounded())

        let text = HeadlineText.collapsed(headline)
        let style = TextStyle(fontFamily: fontFamily, weight: fontWeight, size: size, language: locale)
        let m = typesetter.measure(text, style: style)
        if m.width > band.width {
            return .failure(.headlineTooWide(width: m.width, bandWidth: band.width))
        }
        let baseline = band.y + (band.height - m.height) / 2 + m.baseline
        let placed = HeadlineLayout(text: text, style: style, x: w / 2, y: baseline, band: band, measurement: m)

        let bezel = (u * p.bezel).rounded()
        let areaTop = band.maxY + (margin * p.gap).rounded()
        let area = Rect(x: margin, y: areaTop, width: w - 2 * margin, height: h - margin - areaTop)
        let scale = min((area.width - 2 * bezel) / Double(captureWidth), (area.height - 2 * bezel) / Double(captureHeight))
        let captureW = (Double(captureWidth) * scale).rounded(.down)
        let captureH = (Double(captureHeight) * scale).rounded(.down)
        let capture = Rect(x: ((w - captureW) / 2).rounded(), y: (area.y + (area.height - captureH) / 2).rounded(),
                           width: captureW, height: captureH)
        let frame = Rect(x: capture.x - bezel, y: capture.y - bezel, width: captureW + 2 * bezel, height: captureH + 2 * bezel)
        return .success(CanvasLayout(width: canvasWidth, height: canvasHeight, headline: placed, frame: frame,
                                     frameRadius: bezel * p.frameRadius, capture: capture))
    }
}

public enum HeadlineText {
    /// White space as librsvg's default `xml:space` handling leaves it: line breaks and tabs
    /// become spaces, runs collapse to one, ends trimmed. Measuring this string measures what
    /// is drawn.
    public static func collapsed(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
