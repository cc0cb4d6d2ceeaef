import Foundation

/// A filled template: the SVG an output is drawn from.
public struct ComposedSVG: Sendable {
    public var locale: String
    public var captureId: String
    /// Where the SVG goes, relative to the output folder: `<locale>/<captureId>.svg`.
    public var relativePath: String
    /// Where the capture copy goes, relative to the output folder; the SVG's href points
    /// here (relative to the SVG's folder, where librsvg allows loading).
    public var captureCopyRelativePath: String
    /// The href as written in the SVG.
    public var captureHref: String
    public var data: Data
}

/// Layout → Composed SVG: fills the template with the layout's numbers and the output's
/// identity.
public enum SVGComposer {
    /// One `<tspan>` per line with its x and baseline y (pixels), text escaped, no white space
    /// between them (it would become a character of the next line).
    public static func tspans(_ lines: [HeadlineLine]) -> String {
        lines.map { "<tspan x=\"\(SVGNumber.format($0.x))\" y=\"\(SVGNumber.format($0.y))\">\(XMLText.escapeText($0.text))</tspan>" }
            .joined()
    }

    /// Throws `TemplateError` when a placeholder cannot be filled.
    public static func compose(_ item: LaidOutOutput, plan: Plan) throws -> ComposedSVG {
        let capture = plan.captures[item.output.captureIndex]
        let layout = item.layout
        if let slots = layout.slots { return try composeSlots(item, slots: slots, plan: plan) }
        let locale = item.output.locale
        // Capture ids are [A-Za-z0-9._-], which need no percent-encoding in a URL path.
        let href = "captures/\(capture.id).png"
        let n = SVGNumber.format
        var values: [Placeholder: String] = [
            .width: String(layout.width), .height: String(layout.height),
            .locale: locale, .captureId: capture.id, .tool: plan.tool.label, .composedAt: plan.composedAt,
            .headline: item.output.headline,
            .headlineTspans: tspans(layout.headline.lines),
            .headlineDirection: layout.headline.style.rightToLeft ? "rtl" : "ltr",
            .headlineX: n(layout.width == 0 ? 0 : Double(layout.width) / 2), .headlineY: n(layout.headline.lines.first?.y ?? 0),
            .headlineSize: n(layout.headline.style.size), .fontFamily: layout.headline.style.fontFamily,
            .frameX: n(layout.frame.x), .frameY: n(layout.frame.y),
            .frameWidth: n(layout.frame.width), .frameHeight: n(layout.frame.height), .frameRadius: n(layout.frameRadius),
            .captureX: n(layout.capture.x), .captureY: n(layout.capture.y),
            .captureWidth: n(layout.capture.width), .captureHeight: n(layout.capture.height),
            .captureHref: href, .captureRadius: n(layout.captureRadius),
            .storeWell: capture.canvas.storeWell?.store == nil ? "none" : capture.canvas.id,
            .storeCitation: capture.canvas.storeWell.flatMap { $0.store == nil ? nil : $0.citation.summary } ?? "none",
        ]
        values.merge(ThemeMarkup.values(plan.job.theme, layout: layout)) { $1 }
        // <title> gets the headline exactly as written; <text> gets the fitted lines, one
        // <tspan> each with explicit positions, so every SVG viewer shows the same lines.
        let text = try plan.template.fill(values)
        return ComposedSVG(locale: locale, captureId: capture.id, relativePath: "\(locale)/\(capture.id).svg",
                           captureCopyRelativePath: "\(locale)/\(href)", captureHref: href, data: Data(text.utf8))
    }

    /// A slot-marked template: the template's own document with the captures, texts and markers.
    private static func composeSlots(_ item: LaidOutOutput, slots: SlotLayout, plan: Plan) throws -> ComposedSVG {
        let locale = item.output.locale
        let captures = slots.captures.map { plan.captures[$0.captureIndex] }
        guard let first = captures.first else { throw TemplateError.notWellFormed("no capture placed") }
        let canvas = first.canvas
        let identity = SlotComposer.Identity(
            locale: locale, outputId: first.id, captureIds: captures.map(\.id), headline: item.output.headline,
            tool: plan.tool.label, composedAt: plan.composedAt,
            storeWell: canvas.storeWell?.store == nil ? "none" : canvas.id,
            storeCitation: canvas.storeWell.flatMap { $0.store == nil ? nil : $0.citation.summary } ?? "none")
        let data = try SlotComposer.compose(slots, identity: identity)
        let href = "captures/\(first.id).png"
        return ComposedSVG(locale: locale, captureId: first.id, relativePath: "\(locale)/\(first.id).svg",
                           captureCopyRelativePath: "\(locale)/\(href)", captureHref: href, data: data)
    }
}
