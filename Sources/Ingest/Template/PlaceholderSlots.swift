import Diagnostics
import Support

/// A `{{PLACEHOLDER}}` template's slots on one canvas, from `LayoutProportions` (the only place
/// they are written): the canvas, the headline's box (the band) with the subtitle set under the
/// headline in it, and the capture's box, inside the margins below the band with room for the
/// frame's bezel; the frame (`{{FRAME_X}}` …) follows the placed capture at the bezel. The
/// template's placeholders are these slots of its tree, so it is laid out by the one slot layout
/// (`LayoutEngine.layout(template:…)`) and checked by the same text-slot rules as a designer's
/// slot-marked template (`TextSlotVisibility`).
package struct PlaceholderSlots {
    var width: Int
    var height: Int
    /// The band the headline (and the subtitle under it) stays inside.
    package var band: Rect
    /// The headline's size before shrinking.
    var headlineSize: Double
    /// The subtitle's size before shrinking, the box it is fitted in (the top of the band), and
    /// its gap under the headline.
    var subtitleSize: Double
    var subtitleBox: Rect
    var subtitleGap: Double
    /// Where the capture may go: the area below the band inside the margins, less the bezel.
    package var captureBox: Rect
    var bezel: Double
    /// The frame's corner radius around a capture with square corners.
    var squareFrameRadius: Double

    package init(width: Int, height: Int, proportions p: LayoutProportions = LayoutProportions()) {
        self.width = width
        self.height = height
        let w = Double(width), h = Double(height)
        let u = min(w, h)
        let margin = (u * p.margin).rounded()
        headlineSize = (u * p.headlineSize).rounded()
        band = Rect(x: margin, y: margin, width: w - 2 * margin, height: (headlineSize * p.bandHeight).rounded())
        subtitleSize = (headlineSize * p.subtitleScale).rounded()
        subtitleBox = Rect(x: band.x, y: band.y, width: band.width, height: band.height * p.subtitleShare)
        subtitleGap = (headlineSize * p.subtitleGap).rounded()
        bezel = (u * p.bezel).rounded()
        squareFrameRadius = bezel * p.frameRadius
        let areaTop = band.maxY + (margin * p.gap).rounded()
        let area = Rect(x: margin, y: areaTop, width: w - 2 * margin, height: h - margin - areaTop)
        captureBox = Rect(x: area.x + bezel, y: area.y + bezel, width: area.width - 2 * bezel, height: area.height - 2 * bezel)
    }

    /// The frame around a capture placed at `capture`, and its corner radius.
    package func frame(around capture: Rect, captureRadius: Double) -> (rect: Rect, radius: Double) {
        (Rect(x: capture.x - bezel, y: capture.y - bezel, width: capture.width + 2 * bezel, height: capture.height + 2 * bezel),
         captureRadius > 0 ? captureRadius + bezel : squareFrameRadius)
    }

    /// The values of the position placeholders for a capture drawn in the whole capture box (what
    /// the template's own shapes are checked at).
    package var positionValues: [Placeholder: String] {
        let n = SVGNumber.format
        let (frame, radius) = frame(around: captureBox, captureRadius: 0)
        return [.width: String(width), .height: String(height), .headlineX: n(Double(width) / 2), .headlineY: n(band.y + headlineSize),
                .headlineSize: n(headlineSize), .subtitleSize: n(subtitleSize),
                .frameX: n(frame.x), .frameY: n(frame.y), .frameWidth: n(frame.width), .frameHeight: n(frame.height), .frameRadius: n(radius),
                .captureX: n(captureBox.x), .captureY: n(captureBox.y), .captureWidth: n(captureBox.width), .captureHeight: n(captureBox.height),
                .captureRadius: "0"]
    }
}

extension SlotTemplate {
    /// A `{{PLACEHOLDER}}` template (`template`, or none: the geometry alone) as slots on a canvas
    /// of `width` × `height`: `capture` in the capture box, placed on whole pixels and framed by the
    /// template's frame (`PlaceholderSlots`); `headline` in the band, in the locale's fonts at the
    /// theme's weight, centred; `subtitle` set under it in the same band.
    package init(placeholders template: SVGTemplate, width: Int, height: Int, theme: Theme, screenCornerRadius: Double,
         proportions: LayoutProportions = LayoutProportions()) {
        let slots = PlaceholderSlots(width: width, height: height, proportions: proportions)
        let tree = template.tree ?? TemplateTree(file: "", root: TemplateTree.Element(name: "svg", attributes: []))
        self.tree = tree
        file = tree.file
        self.width = width
        self.height = height
        captures = [CaptureSlot(id: "capture", rect: slots.captureBox, radius: 0,
                                placeholderFrame: .init(slots: slots, screenCornerRadius: screenCornerRadius))]
        texts = [
            "headline": TextSlot(id: "headline", box: slots.band, fontFamily: "", size: slots.headlineSize, weight: theme.headlineWeight,
                                 fill: theme.headlineColor, anchor: "middle"),
            "subtitle": TextSlot(id: "subtitle", box: slots.subtitleBox, fontFamily: "", size: slots.subtitleSize, weight: 400,
                                 fill: theme.subtitleColor, anchor: "middle", stackedGap: slots.subtitleGap),
        ]
        localeFonts = true
        placeholders = true
    }
}

extension SlotTemplate.CaptureSlot {
    /// A `{{PLACEHOLDER}}` template's capture: placed on whole pixels, its corners the screen's
    /// (a fraction of the placed width), the frame following it at the bezel.
    package struct PlaceholderFrame: Equatable, Sendable {
        package var slots: PlaceholderSlots
        /// The recorded well's screen corner radius, a fraction of the capture's width.
        package var screenCornerRadius: Double
    }
}

extension PlaceholderSlots: Equatable, Sendable {}
