import Support
import Diagnostics
import Foundation
import Ingest
import Plan
import Layout

extension ThemeMarkup {
    /// A theme's values as a `{{PLACEHOLDER}}` template's placeholders take them, for a laid-out canvas.
    static func values(_ theme: Theme, layout: CanvasLayout, placeholders: Set<Placeholder> = Set(Placeholder.allCases)) -> [Placeholder: String] {
        var defs = ""
        let fill: String
        switch theme.background {
        case .solid(let color):
            fill = color
        case .gradient(let colors, let angle):
            defs += gradientMarkup(colors, angle: angle)
            fill = "url(#background-gradient)"
        }
        // A placeholder template draws a shadow only when the job's theme asks for one (its
        // outputs stay those of earlier versions otherwise): `{{FRAME_SHADOW}}`'s rings, or for
        // a template without that placeholder, `{{FRAME_FILTER}}`'s blur (3–4 × a render's CPU).
        let shadow = theme.shadow && theme.shadowGiven
        let rings = shadow && placeholders.contains(.frameShadow)
        let filter = shadow && !rings && placeholders.contains(.frameFilter)
        if filter {
            // Blur and offset follow the frame size, so every well gets the same soft shadow.
            let blur = SVGNumber.format((layout.frame.width * 0.03).rounded())
            let offset = SVGNumber.format((layout.frame.width * 0.02).rounded())
            defs += "<filter id=\"frame-shadow\" x=\"-20%\" y=\"-20%\" width=\"140%\" height=\"140%\">"
                + "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(blur)\"/><feOffset dy=\"\(offset)\" result=\"blur\"/>"
                + "<feComponentTransfer><feFuncA type=\"linear\" slope=\"0.35\"/></feComponentTransfer>"
                + "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter>"
        }
        return [
            .backgroundFill: fill, .headlineColor: theme.headlineColor, .headlineWeight: String(theme.headlineWeight),
            .frameColor: theme.frameColor, .frameFilter: filter ? "url(#frame-shadow)" : "none", .themeDefs: defs,
            .frameShadow: rings ? FramePlacement.placeholderShadow(around: layout.frame, radius: layout.frameRadius) : "",
            .subtitleColor: theme.subtitleColor,
            .subtitleTspans: layout.subtitle.map { SVGComposer.tspans($0.lines, style: $0.style) } ?? "",
            .subtitleSize: SVGNumber.format(layout.subtitle?.style.size ?? 0),
        ]
    }
}
