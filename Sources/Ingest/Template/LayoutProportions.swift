/// Proportions of the composition, as fractions of the canvas's shorter side `u`, so that
/// portrait (1206×2622, 390×844) and landscape (1440×1000) canvases look alike.
import Support
import Diagnostics


public struct LayoutProportions: Equatable, Sendable {
    /// Outer margin on every side.
    public var margin = 0.06
    /// Headline font size before any shrinking.
    public var headlineSize = 0.058
    /// Headline band height, in multiples of the headline size: two lines of a CJK font
    /// (line height about 1.45 em) fit without shrinking.
    public var bandHeight = 3.0
    /// Gap between the band and the frame, in multiples of the margin.
    public var gap = 0.5
    /// Bezel: frame width around the capture.
    public var bezel = 0.025
    /// Frame corner radius in multiples of the bezel, for a capture with square corners; at
    /// most 3.4 keeps its corners inside the rounded frame.
    public var frameRadius = 2.0
    /// The subtitle's size, in multiples of the headline's size before shrinking.
    public var subtitleScale = 0.6
    /// The share of the band the subtitle may take (it is fitted first; the headline gets the rest).
    public var subtitleShare = 0.45
    /// The gap between the headline and the subtitle under it, in multiples of the headline size.
    public var subtitleGap = 0.35

    public init() {}
}
