import Support
import Diagnostics
import Foundation
import Ingest
import Plan
import Layout

/// A filled template: the SVG an output is drawn from, with the output's destination names.
public struct ComposedSVG: Sendable {
    public var locale: String
    public var captureId: String
    /// Where the SVG, its capture copy and the PNG go in the output folder.
    public var destination: DestinationNames
    /// The SVG's UTF-8 bytes: `tree` as the writer serializes it.
    public var data: Data
    /// The composed document, which the layer split reads.
    public var tree: TemplateTree?

    /// Where the SVG goes, relative to the output folder: `<locale>/<captureId>.svg`.
    public var relativePath: String { destination.svg }
    /// Where the capture copy goes, relative to the output folder; the SVG's href points
    /// here (relative to the SVG's folder, where librsvg allows loading).
    public var captureCopyRelativePath: String { destination.captureCopy }
    /// The href as written in the SVG.
    public var captureHref: String { destination.captureHref }
}

/// Layout → Composed SVG: fills the template with the layout's numbers and the output's
/// identity.
public enum SVGComposer {
    /// One `<tspan>` per line with its x and baseline y (pixels), text escaped, no white space
    /// between them (it would become a character of the next line).
    /// Emphasised runs are nested `<tspan>`s in `style`'s accent colour and weight.
    public static func tspans(_ lines: [HeadlineLine], style: TextStyle? = nil) -> String {
        lines.map { line in
            let body = line.runs.map { run in
                let text = hidingEmoji(run.text, when: !line.emoji.isEmpty)
                guard run.emphasized, let style else { return text }
                let family = style.accentFamily.map { " font-family=\"\(XMLText.escapeAttribute(FontStack.cssValue($0)))\"" } ?? ""
                return "<tspan fill=\"\(style.accentColor)\" font-weight=\"\(style.accentWeight)\"\(family)>\(text)</tspan>"
            }.joined()
            return "<tspan x=\"\(SVGNumber.format(line.x))\" y=\"\(SVGNumber.format(line.y))\">\(body)</tspan>"
        }.joined()
    }

    /// `text` escaped; with colour emoji, each emoji cluster in a transparent `<tspan>`: it keeps
    /// its advance (the same font as measured) while its `<image>` shows the colour glyph.
    static func hidingEmoji(_ text: String, when hidden: Bool) -> String {
        guard hidden else { return XMLText.escapeText(text) }
        return text.map { cluster in
            EmojiScan.emoji(in: String(cluster)).isEmpty ? XMLText.escapeText(String(cluster))
                : "<tspan fill-opacity=\"0\">\(XMLText.escapeText(String(cluster)))</tspan>"
        }.joined()
    }

    /// The `<image>`s of colour emoji (PNG data URLs), headline then subtitle.
    static func emojiImages(_ layout: CanvasLayout) -> String {
        emojiImages(layout.headline.lines + (layout.subtitle?.lines ?? []))
    }

    static func emojiImages(_ lines: [HeadlineLine]) -> String {
        let n = SVGNumber.format
        return lines.flatMap(\.emoji).map { image in
            "<image x=\"\(n(image.x))\" y=\"\(n(image.y))\" width=\"\(n(image.png.isEmpty ? 0 : image.width.rounded(.up)))\" height=\"\(n(image.height.rounded(.up)))\" href=\"data:image/png;base64,\(Data(image.png).base64EncodedString())\"/>"
        }.joined()
    }

    /// Throws `TemplateError` when a placeholder cannot be filled.
    public static func compose(_ item: LaidOutOutput) throws -> ComposedSVG {
        let spec = item.spec
        let capture = spec.capture
        let layout = item.layout
        if let slots = layout.slots, !slots.template.placeholders { return try composeSlots(item, slots: slots) }
        let locale = spec.locale
        let href = spec.destination.captureHref
        let n = SVGNumber.format
        var values: [Placeholder: String] = [
            .width: String(layout.width), .height: String(layout.height),
            .locale: locale, .captureId: capture.id, .tool: spec.tool.label, .composedAt: spec.composedAt,
            .headline: spec.typesetting.plainText(spec.headline),
            .headlineTspans: tspans(layout.headline.lines, style: layout.headline.style),
            .headlineImages: emojiImages(layout),
            .headlineDirection: layout.headline.style.rightToLeft ? "rtl" : "ltr",
            .headlineX: n(layout.width == 0 ? 0 : Double(layout.width) / 2), .headlineY: n(layout.headline.lines.first?.y ?? 0),
            .headlineSize: n(layout.headline.style.size), .fontFamily: FontStack.cssValue(layout.headline.style.fontFamily),
            .frameX: n(layout.frame.x), .frameY: n(layout.frame.y),
            .frameWidth: n(layout.frame.width), .frameHeight: n(layout.frame.height), .frameRadius: n(layout.frameRadius),
            .captureX: n(layout.capture.x), .captureY: n(layout.capture.y),
            .captureWidth: n(layout.capture.width), .captureHeight: n(layout.capture.height),
            .captureHref: href, .captureRadius: n(layout.captureRadius),
            .storeWell: spec.canvas.storeWell?.store == nil ? "none" : spec.canvas.id,
            .storeCitation: spec.canvas.storeWell.flatMap { $0.store == nil ? nil : $0.citation.summary } ?? "none",
        ]
        values.merge(ThemeMarkup.values(spec.theme, layout: layout, placeholders: spec.template.placeholders)) { $1 }
        if !(values[.headlineImages] ?? "").isEmpty && !spec.template.placeholders.contains(.headlineImages) {
            throw TemplateError.missing(.headlineImages, reason: "the headline's colour emoji are images")
        }
        // <title> gets the headline exactly as written; <text> gets the fitted lines, one
        // <tspan> each with explicit positions, so every SVG viewer shows the same lines.
        let tree = withFontFaces(try spec.template.filled(values), spec)
        return ComposedSVG(locale: locale, captureId: capture.id, destination: spec.destination, data: tree.svgData(), tree: tree)
    }

    /// A slot-marked template: the template's own document with the captures, texts and markers.
    private static func composeSlots(_ item: LaidOutOutput, slots: SlotLayout) throws -> ComposedSVG {
        let spec = item.spec
        let captures = slots.captures.compactMap { placed in spec.captures.indices.contains(placed.captureIndex) ? spec.captures[placed.captureIndex] : nil }
        guard let first = captures.first else { throw TemplateError.notWellFormed("no capture placed") }
        let canvas = spec.canvas
        let identity = SlotComposer.Identity(
            locale: spec.locale, outputId: first.id, captureIds: captures.map(\.id), headline: spec.typesetting.plainText(spec.headline),
            tool: spec.tool.label, composedAt: spec.composedAt,
            storeWell: canvas.storeWell?.store == nil ? "none" : canvas.id,
            storeCitation: canvas.storeWell.flatMap { $0.store == nil ? nil : $0.citation.summary } ?? "none",
            window: spec.panel == nil ? nil : (item.layout.viewBoxX, item.layout.width), background: spec.background?.href)
        let tree = withFontFaces(try SlotComposer.composeTree(slots, identity: identity), spec)
        return ComposedSVG(locale: spec.locale, captureId: first.id, destination: spec.destination, data: tree.svgData(), tree: tree)
    }

    /// With the job's font files: a `<style>` of `@font-face` rules first in the document, each
    /// linking the output folder's copy (`DestinationNames.fontCopies`), so a browser draws the
    /// faces librsvg drew (librsvg skips the rules: it draws from fontconfig's files).
    private static func withFontFaces(_ tree: TemplateTree, _ spec: OutputSpec) -> TemplateTree {
        let rules = zip(spec.typesetting.fontFiles, spec.destination.fontCopies).compactMap { path, copy in
            FontFileCopies.copy(ofUserPath: path).flatMap { FontRegistry.fontFace($0, href: spec.destination.href(to: copy)) }
        }
        guard !rules.isEmpty else { return tree }
        var tree = tree
        var style = TemplateTree.Element(name: "style")
        style.children = [.text(rules.joined(separator: "\n"))]
        tree.insert(style, into: tree.root, at: 0)
        return tree
    }
}
