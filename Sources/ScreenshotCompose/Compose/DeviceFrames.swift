/// The kind of device a capture was recorded on, which picks the built-in frame.
public enum DeviceFamily: String, CaseIterable, Equatable, Sendable {
    case phone, tablet, laptop, browser, watch, tv

    /// From the recorded well: its device text first (`browser, desktop viewport`,
    /// `iOS simulator capture`, `iPad …`), then its shape.
    public static func of(_ well: Well) -> DeviceFamily {
        // A well that names its family (the shipped device wells do) is taken at its word.
        switch well.family {
        case "phone": return .phone
        case "tablet": return .tablet
        case "desktop": return .laptop
        case "watch": return .watch
        case "tv", "headset": return .tv
        case "browser": return .browser
        default: break
        }
        let text = "\(well.id) \(well.device)".lowercased()
        if text.contains("browser") || text.contains("web") { return .browser }
        if text.contains("watch") { return .watch }
        if text.contains("ipad") || text.contains("tablet") { return .tablet }
        if text.contains(" tv") || text.contains("-tv") || text.contains("television") { return .tv }
        if text.contains("mac") || text.contains("laptop") || text.contains("desktop") { return .laptop }
        if text.contains("phone") || text.contains("simulator") || text.contains("emulator") || text.contains("android") { return .phone }
        let ratio = Double(max(well.width, well.height)) / Double(min(well.width, well.height))
        if well.width > well.height { return .laptop }
        return ratio > 1.6 ? .phone : .tablet
    }
}

/// Device frames drawn by this project as vector SVG (original artwork: no maker's frame
/// images). A frame is laid around a screen: `behind` is drawn before the capture, `over` after
/// it (a punch-hole camera), and the soft shadow is a few stacked translucent shapes, which
/// cost almost nothing to draw (an SVG blur filter costs 2–3 × the whole render in librsvg).
struct DeviceFrame {
    /// Space the frame adds around the screen, as fractions of the screen's width.
    struct Insets {
        var left, top, right, bottom: Double
    }

    /// The shadow's growth per stacked shape, in screen widths; the shapes reach 2.2 × shadowSteps
    /// × this below the body.
    static let shadowStep = 0.004 / 3
    /// Many thin, faint shapes rather than a few: each step changes the background by about two
    /// levels of 255, so the shadow reads as a gradient, not as contour bands.
    static let shadowSteps = 24
    static let shadowOpacity = 0.01

    var family: DeviceFamily
    var screenAspect: Double
    /// The recorded screen's corner radius as a fraction of its width (0: the family's own).
    var screenCornerRadius: Double
    /// Draw the phone's punch-hole camera over the capture (see `BuiltinTemplateRequest.Capture`).
    var drawsCamera = true

    var insets: Insets {
        switch family {
        case .phone: return Insets(left: 0.055, top: 0.045, right: 0.055, bottom: 0.045)
        case .tablet: return Insets(left: 0.045, top: 0.045, right: 0.045, bottom: 0.045)
        case .laptop: return Insets(left: 0.09, top: 0.05, right: 0.09, bottom: 0.08)
        case .tv: return Insets(left: 0.02, top: 0.02, right: 0.02, bottom: 0.12)
        case .watch: return Insets(left: 0.12, top: 0.55, right: 0.2, bottom: 0.55)
        case .browser: return Insets(left: 0.004, top: titleBar + 0.004, right: 0.004, bottom: 0.004)
        }
    }

    /// The browser window's title bar height, in screen widths: tall enough to read as a window
    /// on a phone-shaped capture, not a slab on a desktop one.
    private var titleBar: Double { 0.05 * max(1, 0.55 * screenAspect) }

    /// The largest screen (pixels wide) whose frame fits `area`, never wider than `maxWidth`.
    func screenWidth(fitting area: Rect, maxWidth: Double) -> Double {
        let i = insets
        return min(area.width / (1 + i.left + i.right), area.height / (screenAspect + i.top + i.bottom), maxWidth).rounded(.down)
    }

    /// The frame's outer box for a screen at `screen`.
    func bounds(_ screen: Rect) -> Rect {
        let i = insets, w = screen.width
        return Rect(x: screen.x - i.left * w, y: screen.y - i.top * w, width: w * (1 + i.left + i.right),
                    height: screen.height + (i.top + i.bottom) * w)
    }

    /// The screen's corner radius in pixels.
    func screenRadius(_ screen: Rect) -> Double {
        switch family {
        case .phone: return (screen.width * (screenCornerRadius > 0 ? screenCornerRadius : 0.1)).rounded()
        case .tablet: return (screen.width * (screenCornerRadius > 0 ? screenCornerRadius : 0.025)).rounded()
        case .watch: return (screen.width * (screenCornerRadius > 0 ? screenCornerRadius : 0.2)).rounded()
        case .browser: return (screen.width * titleBar * 0.22).rounded()
        case .laptop, .tv: return 0
        }
    }

    /// Markup drawn before the capture: shadow, body, buttons, bezel details.
    func behind(_ screen: Rect, color: String, shadow: Bool, id: String = "device") -> String {
        let n = SVGNumber.format, w = screen.width
        let radius = screenRadius(screen)
        var out = ""
        func rect(_ r: Rect, _ rx: Double, _ fill: String, extra: String = "") -> String {
            "<rect x=\"\(n(r.x))\" y=\"\(n(r.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" rx=\"\(n(rx))\" fill=\"\(fill)\"\(extra)/>"
        }
        func inset(_ r: Rect, _ d: Double) -> Rect { Rect(x: r.x + d, y: r.y + d, width: r.width - 2 * d, height: r.height - 2 * d) }
        let body: Rect, bodyRadius: Double
        switch family {
        case .phone, .tablet:
            body = bounds(screen)
            bodyRadius = radius + insets.left * w
        case .watch:
            body = Rect(x: screen.x - 0.12 * w, y: screen.y - 0.12 * w, width: w * 1.24, height: screen.height + 0.24 * w)
            bodyRadius = radius + 0.12 * w
        case .laptop:
            body = Rect(x: screen.x - 0.035 * w, y: screen.y - 0.05 * w, width: w * 1.07, height: screen.height + 0.085 * w)
            bodyRadius = 0.03 * w
        case .tv:
            body = Rect(x: screen.x - 0.02 * w, y: screen.y - 0.02 * w, width: w * 1.04, height: screen.height + 0.04 * w)
            bodyRadius = 0.01 * w
        case .browser:
            body = bounds(screen)
            bodyRadius = radius + 0.004 * w
        }
        if shadow {
            // Stacked shapes, each a little larger and lower: their overlap darkens towards the
            // body, a soft shadow without a filter. Each is a ring around the body (which is
            // drawn over it, opaque), so cairo fills only the few pixels that show rather than
            // the whole device area 24 times: the shadow's cost stays a small part of a render.
            let hole = inset(body, 1)
            let holePath = Self.roundedRectPath(hole, max(0, bodyRadius - 1))
            out += "<g id=\"\(id)-shadow\" fill=\"#000000\" fill-rule=\"evenodd\">"
            for step in (1...Self.shadowSteps).reversed() {
                let spread = Double(step) * Self.shadowStep * w
                let r = inset(Rect(x: body.x, y: body.y + spread * 1.2, width: body.width, height: body.height), -spread)
                out += "<path d=\"\(Self.roundedRectPath(r, bodyRadius + spread)) \(holePath)\" fill-opacity=\"\(n(Self.shadowOpacity))\"/>"
            }
            out += "</g>"
        }
        out += "<g id=\"\(id)-frame\">"
        switch family {
        case .phone:
            // Side buttons first, so the body's edge covers their inner half.
            let b = 0.012 * w
            out += rect(Rect(x: body.x - b, y: body.y + 0.22 * body.height, width: 2 * b, height: 0.06 * body.height), b, color)
            out += rect(Rect(x: body.x - b, y: body.y + 0.3 * body.height, width: 2 * b, height: 0.06 * body.height), b, color)
            out += rect(Rect(x: body.maxX - b, y: body.y + 0.26 * body.height, width: 2 * b, height: 0.1 * body.height), b, color)
            out += rect(body, bodyRadius, color)
            out += rect(inset(body, 0.012 * w), bodyRadius - 0.012 * w, "none", extra: " stroke=\"#ffffff\" stroke-opacity=\"0.14\" stroke-width=\"\(n(0.006 * w))\"")
        case .tablet:
            out += rect(body, bodyRadius, color)
            out += "<circle cx=\"\(n(screen.x + w / 2))\" cy=\"\(n(body.y + insets.top * w / 2))\" r=\"\(n(0.008 * w))\" fill=\"#3a3f4a\"/>"
        case .watch:
            out += rect(Rect(x: body.x + 0.14 * body.width, y: body.y - 0.42 * w, width: 0.72 * body.width, height: body.height + 0.84 * w), 0.12 * w, "#3a3f4a")
            out += rect(Rect(x: body.maxX - 0.04 * w, y: body.y + 0.3 * body.height, width: 0.12 * w, height: 0.16 * body.height), 0.04 * w, color)
            out += rect(body, bodyRadius, color)
        case .laptop:
            out += rect(body, bodyRadius, color)
            out += "<circle cx=\"\(n(screen.x + w / 2))\" cy=\"\(n(body.y + 0.025 * w))\" r=\"\(n(0.005 * w))\" fill=\"#3a3f4a\"/>"
            let base = Rect(x: screen.x - 0.09 * w, y: body.maxY, width: w * 1.18, height: 0.03 * w)
            out += "<path d=\"M \(n(base.x)) \(n(base.y)) H \(n(base.maxX)) V \(n(base.y + base.height * 0.55)) Q \(n(base.maxX)) \(n(base.maxY)) \(n(base.maxX - 0.06 * w)) \(n(base.maxY)) H \(n(base.x + 0.06 * w)) Q \(n(base.x)) \(n(base.maxY)) \(n(base.x)) \(n(base.y + base.height * 0.55)) Z\" fill=\"#c9ced6\"/>"
            out += rect(Rect(x: screen.x + w * 0.42, y: base.y, width: w * 0.16, height: base.height * 0.35), base.height * 0.17, "#aab0ba")
        case .tv:
            out += rect(body, bodyRadius, color)
            out += rect(Rect(x: screen.x + 0.46 * w, y: body.maxY, width: 0.08 * w, height: 0.06 * w), 0, color)
            out += rect(Rect(x: screen.x + 0.33 * w, y: body.maxY + 0.06 * w, width: 0.34 * w, height: 0.02 * w), 0.01 * w, color)
        case .browser:
            let bar = titleBar * w
            // The window: a light title bar with three neutral dots and an address field.
            out += rect(body, bodyRadius, "#e6e9ee", extra: " stroke=\"#c4c9d1\" stroke-width=\"\(n(max(1, 0.002 * w)))\"")
            for index in 0..<3 {
                out += "<circle cx=\"\(n(body.x + bar * (0.5 + 0.42 * Double(index))))\" cy=\"\(n(body.y + bar / 2))\" r=\"\(n(bar * 0.13))\" fill=\"#b7bdc7\"/>"
            }
            let field = Rect(x: body.x + bar * 1.6, y: body.y + bar * 0.24, width: max(0, body.width - bar * 2.2), height: bar * 0.52)
            out += rect(field, field.height / 2, "#ffffff")
        }
        out += "</g>"
        return out
    }

    /// A rounded rectangle as path data (clockwise), for rings made of two of them.
    static func roundedRectPath(_ r: Rect, _ radius: Double) -> String {
        let n = SVGNumber.format
        let rx = max(0, min(radius, r.width / 2, r.height / 2))
        guard rx > 0 else { return "M\(n(r.x)) \(n(r.y))H\(n(r.maxX))V\(n(r.maxY))H\(n(r.x))Z" }
        return "M\(n(r.x + rx)) \(n(r.y))H\(n(r.maxX - rx))A\(n(rx)) \(n(rx)) 0 0 1 \(n(r.maxX)) \(n(r.y + rx))"
            + "V\(n(r.maxY - rx))A\(n(rx)) \(n(rx)) 0 0 1 \(n(r.maxX - rx)) \(n(r.maxY))"
            + "H\(n(r.x + rx))A\(n(rx)) \(n(rx)) 0 0 1 \(n(r.x)) \(n(r.maxY - rx))"
            + "V\(n(r.y + rx))A\(n(rx)) \(n(rx)) 0 0 1 \(n(r.x + rx)) \(n(r.y))Z"
    }

    /// Markup drawn over the capture: the phone's punch-hole camera (inside a dynamic island it
    /// vanishes, black on black).
    func over(_ screen: Rect, id: String = "device") -> String {
        guard family == .phone, drawsCamera else { return "" }
        let n = SVGNumber.format, w = screen.width
        return "<circle id=\"\(id)-camera\" cx=\"\(n(screen.x + w / 2))\" cy=\"\(n(screen.y + 0.08 * w))\" r=\"\(n(0.019 * w))\" fill=\"#000000\"/>"
    }
}
