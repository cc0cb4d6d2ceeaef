/// One line of the headline as placed: centred on `x`, its baseline at `y`. Pixels.
import Support
import Diagnostics
import Ingest

public struct HeadlineLine: Equatable, Sendable {
    public var text: String
    public var x: Double
    public var y: Double
    public var measurement: TextMeasurement
    /// One flag per Unicode scalar of `text` drawn in the accent style; empty: none.
    public var emphasized: [Bool] = []
    /// `"emoji": "color"`: the line's emoji as images, in canvas pixels.
    public var emoji: [EmojiImage] = []

    public init(text: String, x: Double, y: Double, measurement: TextMeasurement, emphasized: [Bool] = []) {
        self.text = text
        self.x = x
        self.y = y
        self.measurement = measurement
        self.emphasized = emphasized
    }

    /// A line of styled text (emphasis kept only when there is some).
    public init(_ styled: StyledText, x: Double, y: Double, measurement: TextMeasurement) {
        self.init(text: styled.text, x: x, y: y, measurement: measurement, emphasized: styled.hasEmphasis ? styled.emphasized : [])
    }

    /// The line's runs of plain and emphasised text.
    public var runs: [(text: String, emphasized: Bool)] {
        emphasized.count == text.unicodeScalars.count
            ? StyledText(scalars: Array(text.unicodeScalars), emphasized: emphasized).runs : [(text, false)]
    }
}

/// The headline as placed: lines centred in the band, each one `<tspan>`. Pixels.
public struct HeadlineLayout: Equatable, Sendable {
    /// The style the lines are set in (its size is the fitted size).
    public var style: TextStyle
    public var lines: [HeadlineLine]
    /// The band the headline must stay inside.
    public var band: Rect
    /// The hyphenation patterns file a line broke with (resolved path), nil when none.
    public var hyphenationPatterns: String? = nil
    /// A word did not fit and the locale has no hyphenation patterns installed.
    public var lackedPatterns = false
    /// Font files the lines resolved to, in order of first use.
    public var fontFiles: [String] {
        var files: [String] = []
        for file in lines.flatMap(\.measurement.fontFiles) where !files.contains(file) { files.append(file) }
        return files
    }
    package init(style: TextStyle, lines: [HeadlineLine], band: Rect, hyphenationPatterns: String? = nil, lackedPatterns: Bool = false) {
        self.style = style
        self.lines = lines
        self.band = band
        self.hyphenationPatterns = hyphenationPatterns
        self.lackedPatterns = lackedPatterns
    }
}

/// Where everything goes on one canvas. All values in pixels.
public struct CanvasLayout: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var headline: HeadlineLayout
    /// The subtitle under the headline, when the output has one.
    public var subtitle: HeadlineLayout?
    /// The device frame (a rounded rectangle) around the capture.
    public var frame: Rect
    public var frameRadius: Double
    /// Where the capture is drawn, at its own aspect ratio.
    public var capture: Rect
    /// Corner radius the capture is clipped to (0: square corners).
    public var captureRadius: Double = 0
    /// Set when the output is composed from a slot-marked template (its captures and texts).
    public var slots: SlotLayout?

    /// Font files the headline, the subtitle and any other text slot resolved to, in order of
    /// first use.
    public var fontFiles: [String] {
        var files = headline.fontFiles
        let slotTexts = slots.map { s in s.texts.keys.sorted().flatMap { s.texts[$0]?.fontFiles ?? [] } } ?? []
        let others = (subtitle?.fontFiles ?? []) + slotTexts
        for file in others where !files.contains(file) { files.append(file) }
        return files
    }

    /// A panorama's store image: where its window starts in the whole template (pixels).
    public var viewBoxX: Double = 0
    /// The `<image>` the rasterizer requires ink from, when not the first capture's.
    public var requiredImageID: String?

    /// The id of the `<image>` the rasterizer requires ink from.
    public var captureImageID: String { requiredImageID ?? slots?.captures.first?.slotId ?? "capture" }

    /// The hyphenation patterns file the headline or the subtitle broke with.
    public var hyphenationPatterns: String? {
        headline.hyphenationPatterns ?? subtitle?.hyphenationPatterns ?? slots?.texts["badge"]?.hyphenationPatterns
    }
    package init(width: Int, height: Int, headline: HeadlineLayout, subtitle: HeadlineLayout? = nil, frame: Rect, frameRadius: Double, capture: Rect, captureRadius: Double = 0, slots: SlotLayout? = nil, viewBoxX: Double = 0, requiredImageID: String? = nil) {
        self.width = width
        self.height = height
        self.headline = headline
        self.subtitle = subtitle
        self.frame = frame
        self.frameRadius = frameRadius
        self.capture = capture
        self.captureRadius = captureRadius
        self.slots = slots
        self.viewBoxX = viewBoxX
        self.requiredImageID = requiredImageID
    }
}
