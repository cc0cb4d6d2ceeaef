/// An axis-aligned rectangle in canvas pixels (SVG user units at scale 1).
public struct Rect: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// The headline as placed: one line, centred on `x`, its baseline at `y`. Pixels.
public struct HeadlineLayout: Equatable, Sendable {
    /// The text as the SVG draws it (white space collapsed like librsvg's `xml:space` default).
    public var text: String
    public var style: TextStyle
    /// Centre of the line (the `text-anchor="middle"` point).
    public var x: Double
    /// Baseline.
    public var y: Double
    /// The band the headline must stay inside.
    public var band: Rect
    public var measurement: TextMeasurement
}

/// Where everything goes on one canvas. All values in pixels.
public struct CanvasLayout: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var headline: HeadlineLayout
    /// The device frame (a rounded rectangle) around the capture.
    public var frame: Rect
    public var frameRadius: Double
    /// Where the capture is drawn, at its own aspect ratio.
    public var capture: Rect
}
