import Foundation

/// A theme's values as the template takes them: colours and weights for attributes, and the
/// `<defs>` the background gradient and the frame shadow need (markup the tool builds).
enum ThemeMarkup {
    static func values(_ theme: Theme, layout: CanvasLayout) -> [Placeholder: String] {
        var defs = ""
        let fill: String
        switch theme.background {
        case .solid(let color):
            fill = color
        case .gradient(let colors, let angle):
            defs += gradient(colors, angle: angle)
            fill = "url(#background-gradient)"
        }
        if theme.shadow {
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
            .frameColor: theme.frameColor, .frameFilter: theme.shadow ? "url(#frame-shadow)" : "none", .themeDefs: defs,
            .subtitleColor: theme.subtitleColor,
            .subtitleTspans: layout.subtitle.map { SVGComposer.tspans($0.lines, style: $0.style) } ?? "",
            .subtitleSize: SVGNumber.format(layout.subtitle?.style.size ?? 0),
        ]
    }

    /// `<linearGradient id="background-gradient">`: evenly spaced stops along a CSS angle
    /// (0 points up, 90 right), the line running through the box's centre.
    static func gradient(_ colors: [String], angle: Double) -> String {
        let radians = angle * .pi / 180
        let dx = sin(radians) / 2, dy = -cos(radians) / 2
        let n = SVGNumber.format
        let stops = colors.enumerated().map { index, color in
            "<stop offset=\"\(n(Double(index) / Double(max(1, colors.count - 1))))\" stop-color=\"\(color)\"/>"
        }.joined()
        return "<linearGradient id=\"background-gradient\" x1=\"\(n(0.5 - dx))\" y1=\"\(n(0.5 - dy))\" x2=\"\(n(0.5 + dx))\" y2=\"\(n(0.5 + dy))\">\(stops)</linearGradient>"
    }
}
