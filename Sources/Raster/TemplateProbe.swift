import Foundation
import Diagnostics
import Support
import Ingest
import Plan
import Layout
import Compose

/// Asks librsvg, the program that draws the outputs, whether a template shows the headline and
/// the capture, instead of reading attributes one by one (filters, blend modes, gradients,
/// patterns, strokes, later backgrounds: an attribute rule always has another way around it).
///
/// Once per template and canvas (the first output of each: the probe's cost does not grow with
/// the outputs), at `check` and before a render draws anything, on the composed SVG with that
/// output's headline and its captures' geometry:
/// - **Headline:** the canvas is drawn over the text's own ink with the text and again with it
///   emptied. The text must change at least half the pixels its glyphs cover (drawn alone,
///   `render_layer`, in a solid fill) by the contrast the tool asks of text (`Contrast`, 3:1),
///   and stay on the canvas.
/// - **Capture:** the canvas is drawn (reduced) with two images in each capture slot, a checker
///   and its inverse; at least half the checker's squares must differ by 64 levels or more,
///   and the slot's `<image>` must be drawn over its box, at its size.
///
/// Nothing is read from or written to the output folder: the images are `data:` URLs.
package enum TemplateProbe {
    /// The share of the glyphs' pixels the headline must change.
    static let headlineShare = 0.5
    /// The share of the checker's squares that must show the capture slot's image: frame art
    /// may cover some (a duo's second phone covers a quarter of the first); a cover, a filter or
    /// a faded capture leaves almost none.
    static let captureShare = 0.5
    /// Levels (of 255, in some channel) a square must differ by between the two images.
    static let captureLevels = 64
    /// Squares across the checker.
    static let checkerColumns = 24
    /// The headline probe draws the text at most this many pixels tall (its font size).
    static let headlineDrawSize = 32.0
    /// The capture probe draws the canvas at most this many pixels across.
    static let captureDrawWidth = 480.0

    /// The probe for each template and canvas among `outputs` (panorama panels are left out).
    package static func check(_ outputs: [LaidOutOutput], into d: inout DiagnosticCollector) {
        var seen: Set<String> = []
        var reported: Set<String> = []
        for item in outputs where item.spec.panel == nil {
            let key = ([item.spec.templateFile, "\(item.layout.width)x\(item.layout.height)"]
                + item.spec.captures.map { "\($0.header.width)x\($0.header.height)" }).joined(separator: " ")
            guard seen.insert(key).inserted else { continue }
            var found = DiagnosticCollector()
            // Past a drawing bound, the probe's drawings (each as costly) are not made.
            if measure(item, into: &found) { check(item, into: &found) }
            for diagnostic in found.diagnostics where reported.insert("\(diagnostic)").inserted { d.add(diagnostic) }
        }
    }

    /// Draws one output's whole canvas as `render` would, in a worker under the run's bounds
    /// (`RasterWorkers.bounds`): a template that goes past one is refused here, naming the
    /// template, the canvas and the bound, by measurement rather than by estimate. The capture
    /// slots hold a plain image of the slot's size. False when refused.
    static func measure(_ item: LaidOutOutput, into d: inout DiagnosticCollector) -> Bool {
        guard let composed = try? SVGComposer.compose(item), let tree = composed.tree else { return true }
        PangoTypesetter.refreshThreadFontMap()
        let svg = withCaptures(tree, item: item, pattern: .grey).svgData()
        do {
            _ = try LibrsvgRasterizer.drawWhole(svg: svg, baseFile: nowhere, width: item.layout.width, height: item.layout.height)
        } catch let error as RasterError where error.bound != nil {
            d.error(tree.file, "(template)", "the template cannot be drawn within its bounds on the \(item.layout.width)×\(item.layout.height) canvas: \(error.message); simplify it (long, dashed or self-crossing paths, filters, <use> copies), or raise the bound with \(error.bound == .memory ? "--max-drawing-memory" : "--max-drawing-seconds")")
            return false
        } catch {
            // librsvg's own refusals are the render's to report.
        }
        return true
    }

    /// The probe of one output's composed SVG. A document the composer or librsvg refuses is
    /// left to the render, which reports it.
    static func check(_ item: LaidOutOutput, into d: inout DiagnosticCollector) {
        guard let composed = try? SVGComposer.compose(item), let tree = composed.tree else { return }
        PangoTypesetter.refreshThreadFontMap()
        headline(item, tree: tree, into: &d)
        captures(item, tree: tree, into: &d)
    }

    // MARK: Headline

    private static let nowhere = URL(fileURLWithPath: "/nonexistent/ssc-template-probe/probe.svg")

    private static func headline(_ item: LaidOutOutput, tree composed: TemplateTree, into d: inout DiagnosticCollector) {
        let layout = item.layout
        let lines = ((layout.slots?.texts["headline"]?.lines ?? []) + layout.headline.lines).map(\.text)
            .filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        guard !lines.isEmpty else { return }
        let file = composed.file
        var tree = withCaptures(composed, item: item, pattern: .grey)
        let texts = tree.documentOrder.filter { node in
            tree[node].name == "text" && !tree.ancestors(of: node).contains { SlotTemplate.resourceContainers.contains(tree[$0].name) }
                && lines.contains { textContent(tree, node).contains($0) }
        }
        guard let first = texts.first else {
            d.error(file, "{{HEADLINE}}", "the headline is not drawn: expected a <text> on the canvas showing it, found it nowhere but in <title> or <desc>")
            return
        }
        let slotGroup = tree.ancestors(of: first).first { tree[$0]["id"] == "headline" }
        let field = slotGroup.map { tree.label($0) } ?? tree.label(first)
        let position = ([first] + tree.ancestors(of: first)).lazy.compactMap { tree[$0].position }.first
        // Ids the probe draws the texts by (the composed document's own ids kept).
        var taken = Set(tree.ids.keys)
        var ids: [String] = []
        for (index, node) in texts.enumerated() {
            if let id = tree[node]["id"] { ids.append(id); continue }
            var id = "ssc-probe-headline-\(index)"
            while taken.contains(id) { id += "-" }
            taken.insert(id)
            tree[node].set("id", id)
            ids.append(id)
        }
        var without = tree
        for node in texts { without.setChildren(of: node, []) }
        // The glyphs' own shape: a solid fill, nothing on them or around them that hides or moves
        // pixels (`render_layer` draws the groups' masks and opacity too).
        var alone = tree
        for node in Set(texts.flatMap { alone.ancestors(of: $0) }) {
            for name in ["opacity", "filter", "mask", "clip-path", "mix-blend-mode", "display"] { alone[node].set(name, nil) }
        }
        for node in texts {
            alone[node].set("fill", "#000000")
            alone[node].set("fill-opacity", "1")
            alone[node].set("stroke", "none")
            for inner in [node] + alone.descendants(of: node) {
                for name in ["opacity", "filter", "mask", "clip-path", "mix-blend-mode", "display"] { alone[inner].set(name, nil) }
                alone[inner].set("visibility", "visible")
            }
        }
        let canvas = (width: layout.width, height: layout.height)
        let n = SVGNumber.format
        do {
            guard let ink = try LibrsvgRasterizer.layersInk(svg: alone.svgData(), baseFile: nowhere, canvas: canvas, ids: ids) else {
                d.error(file, field, "the headline is not visible on the canvas: expected its text to draw glyphs, found none drawn (a size too small to draw, or a group around it that is faint or not drawn)", at: position)
                return
            }
            // Glyphs overhang their box by a pixel or so.
            if ink.x < -2 || ink.y < -2 || ink.x + ink.width > Double(canvas.width) + 2 || ink.y + ink.height > Double(canvas.height) + 2 {
                d.error(file, field, "the headline runs past the canvas edge: expected its text inside the \(canvas.width)×\(canvas.height) canvas, found it drawn over \(n(ink.width.rounded()))×\(n(ink.height.rounded())) at \(n(ink.x.rounded())),\(n(ink.y.rounded())) (its position, anchor, size or a transform)", at: position)
                return
            }
            let x0 = max(0, Int(ink.x.rounded(.down))), y0 = max(0, Int(ink.y.rounded(.down)))
            let x1 = min(canvas.width, Int((ink.x + ink.width).rounded(.up))), y1 = min(canvas.height, Int((ink.y + ink.height).rounded(.up)))
            guard x1 > x0, y1 > y0 else { return }
            let region = LibrsvgRasterizer.Region(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            // librsvg draws a filter over its whole region at the drawing's scale, however small
            // the surface: the text is drawn at a scale that keeps its glyphs some 32 pixels tall.
            let size = layout.slots?.texts["headline"]?.style.size ?? layout.headline.style.size
            let scale = min(1, headlineDrawSize / max(size, 1))
            let glyphs = try LibrsvgRasterizer.layersCoverage(svg: alone.svgData(), baseFile: nowhere, canvas: canvas, ids: ids, region: region, scale: scale)
            let shown = try LibrsvgRasterizer.drawRegion(svg: tree.svgData(), baseFile: nowhere, canvas: canvas, region: region, scale: scale)
            let hidden = try LibrsvgRasterizer.drawRegion(svg: without.svgData(), baseFile: nowhere, canvas: canvas, region: region, scale: scale)
            var covered = 0, changed = 0
            for y in 0..<min(glyphs.height, shown.height) {
                for x in 0..<min(glyphs.width, shown.width) where glyphs.alpha[y * glyphs.width + x] >= 128 {
                    covered += 1
                    if Contrast.ratio(pixel(shown, x, y), pixel(hidden, x, y)) >= Contrast.minimumRatio { changed += 1 }
                }
            }
            guard covered > 0 else {
                d.error(file, field, "the headline is not visible on the canvas: expected its text to draw glyphs, found none drawn (a size too small to draw, or a group around it that is faint or not drawn)", at: position)
                return
            }
            let share = Double(changed) / Double(covered)
            if share < headlineShare {
                d.error(file, field, "the headline is not visible on the canvas: expected its text to change at least \(Int(headlineShare * 100)) % of the pixels its glyphs cover by a contrast of \(n(Contrast.minimumRatio)):1 or more (WCAG 2, large text), found \(Int((share * 100).rounded(.down))) % (a filter, blend mode, mask, clip, opacity, fill, stroke or shape drawn with or over it, or what is behind it, hides the text)", at: position)
            }
        } catch {
            return
        }
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
    private static func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let i = y * image.stride + x * 4
        return (image.pixels[i + 2], image.pixels[i + 1], image.pixels[i])
    }

    // MARK: Capture

    /// What the probe puts in the capture slots.
    private enum Pattern {
        /// Mid grey: what the headline is seen against where it overlaps a capture.
        case grey
        /// A black and white checker, and its inverse.
        case checker
        case inverse
    }

    /// The capture slots of the composed document: the `<image>` element's id and its box on the canvas.
    private static func captureSlots(_ item: LaidOutOutput) -> [(id: String, box: Rect)] {
        if let slots = item.layout.slots {
            return slots.captures.map { ($0.slotId, $0.rect) }
        }
        return [(item.layout.captureImageID, item.layout.capture)]
    }

    /// The checker's rows for a box (squares as near square as whole rows allow).
    private static func rows(_ box: Rect) -> Int {
        max(1, Int((Double(checkerColumns) * box.height / max(box.width, 1)).rounded()))
    }

    private static func withCaptures(_ composed: TemplateTree, item: LaidOutOutput, pattern: Pattern) -> TemplateTree {
        var tree = composed
        for (id, box) in captureSlots(item) {
            guard let node = tree.element(id: id), tree[node].name == "image",
                  let png = patternPNG(pattern, columns: checkerColumns, rows: rows(box)) else { continue }
            tree[node].set("href", "data:image/png;base64,\(png.base64EncodedString())")
        }
        return tree
    }

    /// One pixel per square: librsvg scales it to the slot, and the squares' centres keep their
    /// colour exactly.
    private static func patternPNG(_ pattern: Pattern, columns: Int, rows: Int) -> Data? {
        var rgba = [UInt8](repeating: 255, count: columns * rows * 4)
        for y in 0..<rows {
            for x in 0..<columns {
                let black = (x + y) % 2 == 0
                let value: UInt8
                switch pattern {
                case .grey: value = 128
                case .checker: value = black ? 0 : 255
                case .inverse: value = black ? 255 : 0
                }
                let i = (y * columns + x) * 4
                rgba[i] = value; rgba[i + 1] = value; rgba[i + 2] = value
            }
        }
        return try? PNGCodec.encodeRGBA(rgba, width: columns, height: rows, sRGB: true)
    }

    /// How far a capture may be drawn past its box: 1 %, and the pixels of the reduced drawing's edge.
    private static func slack(_ side: Double) -> Double { side * 0.01 + 8 }

    /// Where the element `id` draws alone (reduced by `scale`), however faintly, canvas pixels; nil when nowhere.
    private static func drawnExtent(_ svg: Data, id: String, canvas: (width: Int, height: Int), scale: Double) throws -> LibrsvgRasterizer.Box? {
        let drawn = try LibrsvgRasterizer.layersCoverage(svg: svg, baseFile: nowhere, canvas: canvas, ids: [id],
                                                         region: .init(x: 0, y: 0, width: canvas.width, height: canvas.height), scale: scale)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<drawn.height {
            for x in 0..<drawn.width where drawn.alpha[y * drawn.width + x] > 0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return LibrsvgRasterizer.Box(x: Double(minX) / scale, y: Double(minY) / scale,
                                     width: Double(maxX - minX + 1) / scale, height: Double(maxY - minY + 1) / scale)
    }

    private static func captures(_ item: LaidOutOutput, tree composed: TemplateTree, into d: inout DiagnosticCollector) {
        let layout = item.layout
        let canvas = (width: layout.width, height: layout.height)
        let file = composed.file
        let n = SVGNumber.format
        let checker = withCaptures(composed, item: item, pattern: .checker), inverse = withCaptures(composed, item: item, pattern: .inverse)
        let scale = min(1, captureDrawWidth / Double(max(1, canvas.width)))
        do {
            let checkerSVG = checker.svgData(), inverseSVG = inverse.svgData()
            var drawn: (RasterImage, RasterImage)?
            let whole = LibrsvgRasterizer.Region(x: 0, y: 0, width: canvas.width, height: canvas.height)
            for (id, box) in captureSlots(item) {
                guard let node = checker.element(id: id) else { continue }
                let slotNode = layout.slots?.template.tree.element(id: id)
                let position = slotNode.flatMap { layout.slots?.template.tree[$0].position }
                    ?? ([node] + checker.ancestors(of: node)).lazy.compactMap { checker[$0].position }.first
                let field = "#\(id)"
                let ink = try drawnExtent(checkerSVG, id: id, canvas: canvas, scale: scale)
                let shownBox = "\(n(box.width.rounded()))×\(n(box.height.rounded())) box at \(n(box.x.rounded())),\(n(box.y.rounded()))"
                let covered = ink.map { ink -> Double in
                    let w = min(ink.x + ink.width, box.maxX) - max(ink.x, box.x), h = min(ink.y + ink.height, box.maxY) - max(ink.y, box.y)
                    return w > 0 && h > 0 ? w * h / (box.width * box.height) : 0
                } ?? 0
                if covered < 0.9 {
                    let found = ink.map { "drawn over \(n($0.width.rounded()))×\(n($0.height.rounded())) at \(n($0.x.rounded())),\(n($0.y.rounded()))" } ?? "not drawn"
                    d.error(file, field, "the capture is drawn too small or outside its place: expected it over its \(shownBox), found it \(found) (its x, y, width and height: {{CAPTURE_X}}, {{CAPTURE_Y}}, {{CAPTURE_WIDTH}}, {{CAPTURE_HEIGHT}} in a placeholder template)", at: position)
                    continue
                }
                if let ink, ink.x < box.x - slack(box.width) || ink.y < box.y - slack(box.height)
                    || ink.x + ink.width > box.maxX + slack(box.width) || ink.y + ink.height > box.maxY + slack(box.height) {
                    d.error(file, field, "the capture is drawn larger than its place: expected it over its \(shownBox), found it drawn over \(n(ink.width.rounded()))×\(n(ink.height.rounded())) at \(n(ink.x.rounded())),\(n(ink.y.rounded())) (stretched or moved: its x, y, width and height: {{CAPTURE_X}}, {{CAPTURE_Y}}, {{CAPTURE_WIDTH}}, {{CAPTURE_HEIGHT}} in a placeholder template)", at: position)
                    continue
                }
                if drawn == nil {
                    drawn = (try LibrsvgRasterizer.drawRegion(svg: checkerSVG, baseFile: nowhere, canvas: canvas, region: whole, scale: scale),
                             try LibrsvgRasterizer.drawRegion(svg: inverseSVG, baseFile: nowhere, canvas: canvas, region: whole, scale: scale))
                }
                guard let (a, b) = drawn else { continue }
                let rowCount = rows(box)
                var sampled = 0, differ = 0
                for row in 0..<rowCount {
                    for column in 0..<checkerColumns {
                        let cx = (box.x + box.width * (Double(column) + 0.5) / Double(checkerColumns)) * scale
                        let cy = (box.y + box.height * (Double(row) + 0.5) / Double(rowCount)) * scale
                        let x = Int(cx), y = Int(cy)
                        guard x >= 0, y >= 0, x < a.width, y < a.height else { continue }
                        sampled += 1
                        let p = pixel(a, x, y), q = pixel(b, x, y)
                        let levels = max(abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)))
                        if levels >= captureLevels { differ += 1 }
                    }
                }
                guard sampled > 0 else { continue }
                let share = Double(differ) / Double(sampled)
                if share < captureShare {
                    d.error(file, field, "the capture is hidden on the canvas: expected at least \(Int(captureShare * 100)) % of the \(sampled) points sampled over its \(shownBox) to show it (two different images drawn there differing by \(captureLevels) levels or more), found \(Int((share * 100).rounded(.down))) % (a filter, opacity, mask, blend mode or shape drawn with or over it hides the capture)", at: position)
                }
            }
        } catch {
            return
        }
    }
}
