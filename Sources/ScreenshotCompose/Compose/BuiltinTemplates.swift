import Foundation

/// The templates shipped with the tool, generated in the slot convention for any canvas (the
/// well's or the store slot's size, portrait or landscape), so a designer can copy the SVG a
/// run wrote as a starting point. Colours and weights come from the job's theme; frames are
/// the project's own (`DeviceFrame`).
public enum BuiltinTemplate: String, CaseIterable, Equatable, Sendable {
    case classic
    case captionBelow = "caption-below"
    case browser
    case duo
    case panorama
    case featureGraphic = "feature-graphic"

    /// What the manifest records for a generated template (it has no file): the SHA-256 of
    /// `builtin:<name> <tool name> <version>`, which `verify` recomputes.
    public var identitySHA256: String { SHA256.hex(Data("builtin:\(rawValue) \(ToolIdentity().label)".utf8)) }

    /// How many captures the template holds (per panel for a panorama).
    public var capturesPerPanel: Int { self == .duo ? 2 : 1 }
}

/// What a built-in template is generated for.
public struct BuiltinTemplateRequest: Equatable, Sendable {
    public struct Capture: Equatable, Sendable {
        public init(width: Int, height: Int, family: DeviceFamily, screenCornerRadius: Double, frame: UserFrame? = nil,
                    drawsCamera: Bool = true) {
            self.width = width
            self.height = height
            self.family = family
            self.screenCornerRadius = screenCornerRadius
            self.frame = frame
            self.drawsCamera = drawsCamera
        }

        public var width: Int
        public var height: Int
        public var family: DeviceFamily
        public var screenCornerRadius: Double
        /// The job's own frame: the slot is sized to it and the layout draws it (no built-in frame).
        public var frame: UserFrame?
        /// Whether the phone frame draws its punch-hole camera. Off for iPhone captures: an
        /// iPhone has a notch or a Dynamic Island (or neither), never a punch hole, and which one
        /// depends on the model, so the frame draws none rather than the wrong one.
        public var drawsCamera = true
    }

    public var template: BuiltinTemplate
    /// One panel's canvas (the whole canvas is `panels` × `width`).
    public var width: Int
    public var height: Int
    public var panels = 1
    public var captures: [Capture]
    public var theme: Theme
    /// Text slots the output fills (a subtitle box is drawn only when there is a subtitle).
    public var texts: Set<String>
    public var maxLines = 2
}

extension BuiltinTemplateRequest {
    /// The template's SVG text, in the slot convention.
    public func svg() -> String {
        let n = SVGNumber.format
        let totalWidth = width * panels
        let w = Double(width), h = Double(height)
        let u = min(w, h)
        let portrait = h >= w
        let margin = (u * 0.06).rounded()
        var defs = ""
        var out = ""
        let background = backgroundFill(&defs)
        out += "<rect id=\"background\" x=\"0\" y=\"0\" width=\"\(totalWidth)\" height=\"\(height)\" fill=\"\(background)\"/>"
        if template == .panorama { out += panoramaShapes() }

        if template == .featureGraphic {
            // The app icon (the "capture" slot) above the app's name and a line of text, the
            // group centred on the canvas: Google Play keeps a graphic's important content
            // centred and away from the edges, and the name gets the full width between the
            // margins, so a long title fits without leaving one side empty.
            let icon = (h * 0.32).rounded()
            let side = (w * 0.0625).rounded()
            let iconGap = (h * 0.048).rounded()
            let titleHeight = (h * 0.19).rounded()
            let subtitleHeight = texts.contains("subtitle") ? (h * 0.12).rounded() : 0
            let top = ((h - icon - iconGap - titleHeight - subtitleHeight) / 2).rounded()
            let iconRect = Rect(x: ((w - icon) / 2).rounded(), y: top, width: icon, height: icon)
            out += softShadow(iconRect, radius: icon * 0.22, spreadUnit: icon * 0.02)
            out += "<rect id=\"capture\" x=\"\(n(iconRect.x))\" y=\"\(n(iconRect.y))\" width=\"\(n(icon))\" height=\"\(n(icon))\" rx=\"\(n((icon * 0.22).rounded()))\" fill=\"#c8ccd4\"/>"
            let titleY = iconRect.maxY + iconGap
            out += textSlot("headline", box: Rect(x: side, y: titleY, width: w - 2 * side, height: titleHeight),
                            size: (h * 0.12).rounded(), weight: theme.headlineWeight, fill: theme.headlineColor, anchor: "middle", sample: "App name")
            if texts.contains("subtitle") {
                out += textSlot("subtitle", box: Rect(x: side, y: titleY + titleHeight, width: w - 2 * side, height: subtitleHeight),
                                size: (h * 0.064).rounded(), weight: 400, fill: theme.subtitleColor, anchor: "middle", sample: "A line of text")
            }
            return document(totalWidth: totalWidth, defs: defs, body: out)
        }

        let headlineSize = (u * (portrait ? 0.085 : 0.07)).rounded()
        let subtitleSize = (headlineSize * 0.5).rounded()
        let headlineHeight = (headlineSize * 1.45 * Double(maxLines)).rounded()
        let subtitleGap = (headlineSize * 0.25).rounded()
        let subtitleHeight = (subtitleSize * 1.45 * 2).rounded()
        // Every panel of a panorama leaves the same room, so its devices line up across the seams.
        let textHeight = headlineHeight + (texts.contains(where: { $0.hasPrefix("subtitle") }) ? subtitleGap + subtitleHeight : 0)
        let gap = (margin * 0.6).rounded()

        // A badge ("New") is a pill above the headline, in the accent colour.
        let badgeHeight = (headlineSize * 0.8).rounded()
        let badgeSpace = texts.contains(where: { $0.hasPrefix("badge") }) ? badgeHeight + (headlineSize * 0.3).rounded() : 0
        for panel in 0..<panels {
            let x0 = Double(panel * width)
            let suffix = panel == 0 ? "" : "-\(panel + 1)"
            let textTop = (template == .captionBelow ? h - margin - textHeight : margin) + (template == .captionBelow ? 0 : badgeSpace)
            if texts.contains("badge\(suffix)") {
                let badgeWidth = (w * 0.42).rounded()
                let badgeY = template == .captionBelow ? textTop - badgeSpace : margin
                out += badgeSlot("badge\(suffix)", box: Rect(x: x0 + ((w - badgeWidth) / 2).rounded(), y: badgeY, width: badgeWidth, height: badgeHeight),
                                 size: (badgeHeight * 0.55).rounded())
            }
            if panel == 0 || texts.contains("headline\(suffix)") {
                out += textSlot("headline\(suffix)", box: Rect(x: x0 + margin, y: textTop, width: w - 2 * margin, height: headlineHeight),
                                size: headlineSize, weight: theme.headlineWeight, fill: theme.headlineColor, anchor: "middle", sample: "Your headline here")
            }
            if texts.contains("subtitle\(suffix)") || (panel == 0 && texts.contains("subtitle")) {
                out += textSlot("subtitle\(suffix)", box: Rect(x: x0 + margin, y: textTop + headlineHeight + subtitleGap, width: w - 2 * margin, height: subtitleHeight),
                                size: subtitleSize, weight: 400, fill: theme.subtitleColor, anchor: "middle", sample: "A line that explains it")
            }
            let area: Rect
            if template == .captionBelow {
                area = Rect(x: x0 + margin, y: margin, width: w - 2 * margin, height: textTop - badgeSpace - gap - margin)
            } else {
                area = Rect(x: x0 + margin, y: margin + badgeSpace + textHeight + gap, width: w - 2 * margin,
                            height: h - 2 * margin - badgeSpace - textHeight - gap)
            }
            let panelCaptures = Array(captures.dropFirst(panel * template.capturesPerPanel).prefix(template.capturesPerPanel))
            if template == .duo && panelCaptures.count == 2 {
                // Two devices overlapping a little, the second lower and in front. On a tall
                // canvas the drop grows until the pair fills the area's height (first device at
                // its top, second at its bottom), as a designer staggers them; never more than
                // half a device's height, so they still read as a pair. The pair is centred.
                let width = (area.width * 0.64).rounded()
                let minimumDrop = (area.height * 0.08).rounded()
                let fit = Rect(x: 0, y: 0, width: width, height: area.height - minimumDrop)
                let deviceHeight = max(deviceExtent(panelCaptures[0], area: fit), deviceExtent(panelCaptures[1], area: fit))
                let drop = min(max(minimumDrop, area.height - deviceHeight), (deviceHeight * 0.5).rounded())
                let top = area.y + max(0, ((area.height - drop - deviceHeight) / 2).rounded())
                out += device(panelCaptures[0], slot: "capture-1", area: Rect(x: area.x, y: top, width: width, height: fit.height), top: true)
                out += device(panelCaptures[1], slot: "capture-2", area: Rect(x: area.maxX - width, y: top + drop, width: width, height: fit.height), top: true)
            } else if let capture = panelCaptures.first {
                let slot = panels > 1 || template == .duo ? "capture-\(panel * template.capturesPerPanel + 1)" : "capture"
                out += device(capture, slot: slot, area: area)
            }
        }
        return document(totalWidth: totalWidth, defs: defs, body: out)
    }

    private func document(totalWidth: Int, defs: String, body: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(totalWidth)" height="\(height)" viewBox="0 0 \(totalWidth) \(height)">
        <defs>\(defs)</defs>
        \(body)
        </svg>

        """
    }

    /// The height `device` draws a capture's device at when fitted to `area` (its shadow
    /// included, which hangs below it).
    private func deviceExtent(_ capture: Capture, area: Rect) -> Double {
        if let own = capture.frame { return own.placed(in: area, captureWidth: capture.width, captureHeight: capture.height).frame.height.rounded(.down) }
        let frame = DeviceFrame(family: template == .browser ? .browser : capture.family, screenAspect: Double(capture.height) / Double(capture.width),
                                screenCornerRadius: capture.screenCornerRadius)
        let shadowRoom = (theme.shadowGiven ? theme.shadow : true) ? (area.width * DeviceFrame.shadowStep * Double(DeviceFrame.shadowSteps) * 2.2).rounded(.up) : 0
        let fitArea = Rect(x: area.x, y: area.y, width: area.width, height: area.height - shadowRoom)
        let screenWidth = frame.screenWidth(fitting: fitArea, maxWidth: Double(capture.width))
        let screenHeight = (screenWidth * Double(capture.height) / Double(capture.width)).rounded(.down)
        return frame.bounds(Rect(x: 0, y: 0, width: screenWidth, height: screenHeight)).height + shadowRoom
    }

    /// A capture slot inside the frame of its device family, the frame fitted to `area`.
    private func device(_ capture: Capture, slot: String, area: Rect, top: Bool = false) -> String {
        let n = SVGNumber.format
        if let own = capture.frame {
            // The slot is the user's frame fitted to the area; the layout puts the frame in it.
            var placed = own.placed(in: area, captureWidth: capture.width, captureHeight: capture.height).frame
            if top { placed.y = area.y }
            return "<rect id=\"\(slot)\" x=\"\(n(placed.x.rounded()))\" y=\"\(n(placed.y.rounded()))\" width=\"\(n(placed.width.rounded(.down)))\" height=\"\(n(placed.height.rounded(.down)))\" fill=\"none\"/>"
        }
        let family = template == .browser ? .browser : capture.family
        var frame = DeviceFrame(family: family, screenAspect: Double(capture.height) / Double(capture.width),
                                screenCornerRadius: capture.screenCornerRadius)
        frame.drawsCamera = capture.drawsCamera
        let shadow = theme.shadowGiven ? theme.shadow : true
        // Room below for the shadow, so it is never cut by the canvas edge.
        var fitArea = area
        if shadow { fitArea.height -= (area.width * DeviceFrame.shadowStep * Double(DeviceFrame.shadowSteps) * 2.2).rounded(.up) }
        let screenWidth = frame.screenWidth(fitting: fitArea, maxWidth: Double(capture.width))
        let screenHeight = (screenWidth * Double(capture.height) / Double(capture.width)).rounded(.down)
        var screen = Rect(x: 0, y: 0, width: screenWidth, height: screenHeight)
        let bounds = frame.bounds(screen)
        screen.x = (area.x + (area.width - bounds.width) / 2 + (screen.x - bounds.x)).rounded()
        screen.y = (fitArea.y + (top ? 0 : (fitArea.height - bounds.height) / 2) + (screen.y - bounds.y)).rounded()
        let id = slot == "capture" ? "device" : "device-\(slot.dropFirst("capture-".count))"
        return frame.behind(screen, color: theme.frameColor, shadow: shadow, id: id)
            + "<rect id=\"\(slot)\" x=\"\(n(screen.x))\" y=\"\(n(screen.y))\" width=\"\(n(screen.width))\" height=\"\(n(screen.height))\" rx=\"\(n(frame.screenRadius(screen)))\" fill=\"#c8ccd4\"/>"
            + frame.over(screen, id: id)
    }

    private func softShadow(_ r: Rect, radius: Double, spreadUnit: Double) -> String {
        guard theme.shadowGiven ? theme.shadow : true else { return "" }
        let n = SVGNumber.format
        var out = "<g id=\"icon-shadow\" fill=\"#000000\">"
        // Many faint steps (as the device frame's shadow), so no contour bands show.
        for step in (1...20).reversed() {
            let s = Double(step) * spreadUnit / 4
            out += "<rect x=\"\(n(r.x - s))\" y=\"\(n(r.y - s + s * 0.9))\" width=\"\(n(r.width + 2 * s))\" height=\"\(n(r.height + 2 * s))\" rx=\"\(n(radius + s))\" fill-opacity=\"0.013\"/>"
        }
        return out + "</g>"
    }

    /// A pill in the accent colour; its text black or white, whichever reads better on it.
    private func badgeSlot(_ id: String, box: Rect, size: Double) -> String {
        let n = SVGNumber.format
        let onAccent = (Contrast.ratio("#ffffff", theme.accent) ?? 0) >= (Contrast.ratio("#000000", theme.accent) ?? 0) ? "#ffffff" : "#000000"
        return "<g id=\"\(id)\"><rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" rx=\"\(n(box.height / 2))\" fill=\"\(theme.accent)\"/>"
            + "<text x=\"\(n(box.x + box.width / 2))\" y=\"\(n(box.y + box.height / 2 + size * 0.35))\" font-family=\"Noto Sans\" font-size=\"\(n(size))\" font-weight=\"700\" fill=\"\(onAccent)\" text-anchor=\"middle\">New</text></g>"
    }

    private func textSlot(_ id: String, box: Rect, size: Double, weight: Int, fill: String, anchor: String, sample: String) -> String {
        let n = SVGNumber.format
        let x = anchor == "start" ? box.x : anchor == "end" ? box.maxX : box.x + box.width / 2
        return "<g id=\"\(id)\"><rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" fill=\"none\"/>"
            + "<text x=\"\(n(x))\" y=\"\(n(box.y + box.height / 2 + size * 0.35))\" font-family=\"Noto Sans\" font-size=\"\(n(size))\" font-weight=\"\(weight)\" fill=\"\(fill)\" text-anchor=\"\(anchor)\">\(sample)</text></g>"
    }

    /// The theme's background as a fill; a gradient spans the whole canvas (every panel).
    private func backgroundFill(_ defs: inout String) -> String {
        switch theme.background {
        case .solid(let color):
            guard template == .panorama else { return color }
            // One colour across N panels would hide the continuity: a gentle sweep instead.
            defs += "<linearGradient id=\"background-gradient\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\"><stop offset=\"0\" stop-color=\"\(color)\"/><stop offset=\"1\" stop-color=\"\(Contrast.mix(color, with: theme.headlineColor, amount: 0.12))\"/></linearGradient>"
            return "url(#background-gradient)"
        case .gradient(let colors, let angle):
            defs += ThemeMarkup.gradient(colors, angle: angle)
            return "url(#background-gradient)"
        }
    }

    /// Large soft circles whose centres sit on the seams, so the panels read as one picture.
    private func panoramaShapes() -> String {
        let n = SVGNumber.format
        let w = Double(width), h = Double(height)
        var out = "<g id=\"panorama-shapes\" fill=\"\(theme.headlineColor)\">"
        for seam in 0...panels {
            let cx = Double(seam) * w
            let cy = seam % 2 == 0 ? h * 0.78 : h * 0.3
            out += "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(w * 0.55))\" fill-opacity=\"0.05\"/>"
            out += "<circle cx=\"\(n(cx + w * 0.1))\" cy=\"\(n(cy + h * 0.05))\" r=\"\(n(w * 0.3))\" fill-opacity=\"0.04\"/>"
        }
        return out + "</g>"
    }
}
