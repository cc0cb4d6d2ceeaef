import Foundation
import Diagnostics
import Support
import Ingest
import Layout

/// Whether one output's headline is seen: the one rule for it, measured by librsvg on that
/// output's own document. `check` runs it for every output (the template probe, with grey
/// captures), and the render again on the canvas it drew: a cover, a gradient clear in places,
/// a pattern or a mask hides a long headline where it lets a short one through, so no output
/// stands for another.
///
/// The rule: the headline's glyphs (drawn alone, `render_layer`, in a solid fill, with no group
/// effect on them) mark the pixels it should own; comparing the canvas with the text and without
/// it, at least `requiredShare` of those pixels must change by the contrast the tool asks of
/// text (`Contrast`, 3:1). Its glyphs must also be drawn at all, and on the canvas.
package enum HeadlineVisibility {
    /// The share of the glyphs' pixels the headline must change.
    static let requiredShare = 0.5
    /// The glyphs are measured at most this many pixels tall (their font size): librsvg draws
    /// a filter over its whole region at the drawing's scale, however small the surface.
    static let drawSize = 32.0

    /// The headline's lines as laid out for `layout` (blank lines left out).
    package static func lines(_ layout: CanvasLayout) -> [String] {
        ((layout.slots?.texts["headline"]?.lines ?? []) + layout.headline.lines).map(\.text)
            .filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    /// How refusals name the output (`<locale>/<name>.png`): the template is the same for every
    /// output, the headline is not.
    private static func subject(_ output: String) -> String { "the headline of the output \(output)" }

    /// Checks the headline of `tree` (a composed document: an output's own, or the probe's copy of
    /// it) on a `canvas`-sized drawing. `drawn` is the canvas as rendered (nil: the region is drawn
    /// from `tree`), `withoutText` the same canvas drawn without its text slots when the render has
    /// it (the shared layers; nil: drawn from `tree` with the headline emptied). Refusals name the
    /// template's element and line, and `output`.
    package static func check(_ tree: TemplateTree, layout: CanvasLayout, output: String, baseFile: URL,
                              drawn: RasterImage? = nil, withoutText: RasterImage? = nil, into d: inout DiagnosticCollector) throws {
        let lines = lines(layout)
        guard !lines.isEmpty else { return }
        let file = tree.file
        let texts = tree.documentOrder.filter { node in
            tree[node].name == "text" && !tree.ancestors(of: node).contains { SlotTemplate.resourceContainers.contains(tree[$0].name) }
                && lines.contains { textContent(tree, node).contains($0) }
        }
        guard let first = texts.first else {
            d.error(file, "{{HEADLINE}}", "\(subject(output)) is not drawn: expected a <text> on the canvas showing it, found it nowhere but in <title> or <desc>")
            return
        }
        let slotGroup = tree.ancestors(of: first).first { tree[$0]["id"] == "headline" }
        let field = slotGroup.map { tree.label($0) } ?? tree.label(first)
        let position = ([first] + tree.ancestors(of: first)).lazy.compactMap { tree[$0].position }.first
        // Ids the texts are drawn by (the document's own ids kept).
        var named = tree
        var taken = Set(named.ids.keys)
        var ids: [String] = []
        for (index, node) in texts.enumerated() {
            if let id = named[node]["id"] { ids.append(id); continue }
            var id = "ssc-probe-headline-\(index)"
            while taken.contains(id) { id += "-" }
            taken.insert(id)
            named[node].set("id", id)
            ids.append(id)
        }
        // The glyphs' own shape: a solid fill, nothing on them or around them that hides or moves pixels.
        var alone = withoutEffects(named, on: texts)
        for node in texts {
            alone[node].set("fill", "#000000")
            alone[node].set("fill-opacity", "1")
            alone[node].set("stroke", "none")
        }
        let canvas = (width: layout.width, height: layout.height)
        let n = SVGNumber.format
        let aloneSVG = alone.svgData()
        let noneDrawn = "\(subject(output)) is not visible on the canvas: expected its text to draw glyphs, found none drawn (a size too small to draw, or a group around it that is faint or not drawn)"
        guard let ink = try LibrsvgRasterizer.layersInk(svg: aloneSVG, baseFile: baseFile, canvas: canvas, ids: ids) else {
            d.error(file, field, noneDrawn, at: position)
            return
        }
        // Glyphs overhang their box by a pixel or so.
        if ink.x < -2 || ink.y < -2 || ink.x + ink.width > Double(canvas.width) + 2 || ink.y + ink.height > Double(canvas.height) + 2 {
            d.error(file, field, "\(subject(output)) runs past the canvas edge: expected its text inside the \(canvas.width)×\(canvas.height) canvas, found it drawn over \(n(ink.width.rounded()))×\(n(ink.height.rounded())) at \(n(ink.x.rounded())),\(n(ink.y.rounded())) (its position, anchor, size or a transform)", at: position)
            return
        }
        let x0 = max(0, Int(ink.x.rounded(.down))), y0 = max(0, Int(ink.y.rounded(.down)))
        let x1 = min(canvas.width, Int((ink.x + ink.width).rounded(.up))), y1 = min(canvas.height, Int((ink.y + ink.height).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        let region = LibrsvgRasterizer.Region(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let size = layout.slots?.texts["headline"]?.style.size ?? layout.headline.style.size
        let scale = min(1, drawSize / max(size, 1))
        let glyphs = try LibrsvgRasterizer.layersCoverage(svg: aloneSVG, baseFile: baseFile, canvas: canvas, ids: ids, region: region, scale: scale)
        // A pixel of the reduced drawing, read where it is on the canvas (its centre) when the
        // canvas is given whole.
        func reader(_ image: RasterImage?, emptying: Bool) throws -> (Int, Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
            if let image {
                return { x, y in
                    let cx = min(image.width - 1, Int((Double(x) + 0.5) / scale) + x0), cy = min(image.height - 1, Int((Double(y) + 0.5) / scale) + y0)
                    return pixel(image, cx, cy)
                }
            }
            var document = named
            if emptying { for node in texts { document.setChildren(of: node, []) } }
            let region = try LibrsvgRasterizer.drawRegion(svg: document.svgData(), baseFile: baseFile, canvas: canvas, region: region, scale: scale)
            return { x, y in pixel(region, min(x, region.width - 1), min(y, region.height - 1)) }
        }
        let shown = try reader(drawn, emptying: false), hidden = try reader(withoutText, emptying: true)
        var covered = 0, changed = 0
        for y in 0..<glyphs.height {
            for x in 0..<glyphs.width where glyphs.alpha[y * glyphs.width + x] >= 128 {
                covered += 1
                if Contrast.ratio(shown(x, y), hidden(x, y)) >= Contrast.minimumRatio { changed += 1 }
            }
        }
        guard covered > 0 else {
            d.error(file, field, noneDrawn, at: position)
            return
        }
        let share = Double(changed) / Double(covered)
        if share < requiredShare {
            d.error(file, field, "\(subject(output)) is not visible on the canvas: expected its text to change at least \(Int(requiredShare * 100)) % of the pixels its glyphs cover by a contrast of \(n(Contrast.minimumRatio)):1 or more (WCAG 2, large text), found \(Int((share * 100).rounded(.down))) % (a filter, blend mode, mask, clip, opacity, fill, stroke or shape drawn with or over it, or what is behind it, hides the text)", at: position)
        }
    }

    /// `tree` with nothing on `nodes`, their groups or what they hold that hides or moves
    /// pixels (`render_layer` draws the groups' masks and opacity too): how the headline's glyphs
    /// and the captures are drawn alone, to be compared with the canvas. `clips`: clip paths
    /// too (a capture keeps its screen's corners).
    static func withoutEffects(_ tree: TemplateTree, on nodes: [TemplateTree.NodeID], clips: Bool = true) -> TemplateTree {
        var alone = tree
        let effects = ["opacity", "filter", "mask", "mix-blend-mode", "display"] + (clips ? ["clip-path"] : [])
        for node in Set(nodes.flatMap { alone.ancestors(of: $0) }) {
            for name in effects { alone[node].set(name, nil) }
        }
        for inner in nodes.flatMap({ [$0] + alone.descendants(of: $0) }) {
            for name in effects { alone[inner].set(name, nil) }
            alone[inner].set("visibility", "visible")
        }
        return alone
    }

    private static func textContent(_ tree: TemplateTree, _ node: TemplateTree.NodeID) -> String {
        tree[node].children.map { child -> String in
            switch child {
            case .text(let text): return text
            case .element(let id): return textContent(tree, id)
            case .placeholder: return ""
            }
        }.joined()
    }

    /// The pixel at `x`, `y` of a cairo RGB24 image (little-endian: B, G, R, unused).
    static func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let i = y * image.stride + x * 4
        return (image.pixels[i + 2], image.pixels[i + 1], image.pixels[i])
    }
}
