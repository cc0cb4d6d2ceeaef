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
/// At `check` and before a render draws anything, on each output's composed SVG (grey captures
/// behind the text):
/// - **Headline:** every output's, by the one rule `HeadlineVisibility` (the render applies it
///   again to the canvas it drew).
/// - **Capture** (once per template and canvas, the first output of each: the geometry is the
///   same for every output): the canvas drawn whole with a checker in each capture slot must
///   show it by the one rule `CaptureVisibility` (the render applies it to every canvas it
///   draws, with the real captures), and the slot's `<image>` must be drawn over its box, at its size.
///
/// Nothing is read from or written to the output folder: the images are `data:` URLs.
package enum TemplateProbe {
    /// Squares across the checker.
    static let checkerColumns = 24
    /// The capture probe draws the canvas at most this many pixels across.
    static let captureDrawWidth = 480.0

    /// The probe of `outputs` (panorama panels are left out): every output's headline (its
    /// text, not the template, decides what a cover or a gradient hides), reported once per
    /// template; the captures once per template and canvas (their geometry is the same for each).
    package static func check(_ outputs: [LaidOutOutput], into d: inout DiagnosticCollector) {
        var seen: Set<String> = []
        var hiddenIn: Set<String> = []
        var pastBound: Set<String> = []
        var reported: Set<String> = []
        PangoTypesetter.refreshThreadFontMap()
        for item in outputs where item.spec.panel == nil {
            // A document the composer or librsvg refuses is left to the render, which reports it.
            guard let composed = try? SVGComposer.compose(item), let tree = composed.tree else { continue }
            let key = ([item.spec.templateFile, "\(item.layout.width)x\(item.layout.height)"]
                + item.spec.captures.map { "\($0.header.width)x\($0.header.height)" }).joined(separator: " ")
            var found = DiagnosticCollector()
            let first = seen.insert(key).inserted
            let checker = first ? withCaptures(tree, item: item, pattern: .checker) : tree
            // Past a drawing bound, the probe's drawings (each as costly) are not made.
            let (within, drawn) = first ? measure(checker, layout: item.layout, into: &found) : (true, nil)
            if !within { pastBound.insert(key) }
            if !pastBound.contains(key) {
                if !hiddenIn.contains(item.spec.templateFile) {
                    try? HeadlineVisibility.check(withCaptures(tree, item: item, pattern: .grey), layout: item.layout,
                                                  output: item.spec.destination.png, baseFile: nowhere, into: &found)
                    if found.errorCount > 0 { hiddenIn.insert(item.spec.templateFile) }
                }
                if let drawn { captures(item, checker: checker, drawn: drawn, into: &found) }
            }
            for diagnostic in found.diagnostics where reported.insert("\(diagnostic)").inserted { d.add(diagnostic) }
        }
    }

    /// Draws one output's whole canvas (`tree`, a checker in its capture slots) as `render` would,
    /// in a worker under the run's bounds (`RasterWorkers.bounds`): a template that goes past one
    /// is refused here, naming the template, the canvas and the bound, by measurement rather than
    /// by estimate. False when refused; the canvas when drawn.
    static func measure(_ tree: TemplateTree, layout: CanvasLayout, into d: inout DiagnosticCollector) -> (Bool, RasterImage?) {
        PangoTypesetter.refreshThreadFontMap()
        do {
            return (true, try LibrsvgRasterizer.drawWhole(svg: tree.svgData(), baseFile: nowhere, width: layout.width, height: layout.height))
        } catch let error as RasterError where error.bound != nil {
            let culprit = pastBound(tree, layout: layout)
            d.error(tree.file, culprit.map { tree.label($0) } ?? "(template)", "the template cannot be drawn within its bounds on the \(layout.width)×\(layout.height) canvas: \(error.message)\(culprit == nil ? "" : ", and so does this element drawn alone"); simplify it (long, dashed or self-crossing paths, filters, <use> copies), or raise the bound with \(error.bound == .memory ? "--max-drawing-memory" : "--max-drawing-seconds")", at: culprit.flatMap { tree[$0].position })
            return (false, nil)
        } catch {
            // librsvg's own refusals are the render's to report.
            return (true, nil)
        }
    }

    /// The first drawn element of `tree` (of its first `maximumSearched`, in document order)
    /// whose drawing alone (`render_layer`, with its groups' effects) goes past a bound too:
    /// what a refusal by measurement names; nil when none does alone.
    private static func pastBound(_ tree: TemplateTree, layout: CanvasLayout) -> TemplateTree.NodeID? {
        var named = tree
        var ids: [(TemplateTree.NodeID, String)] = []
        for node in tree.documentOrder where TemplateBounds.drawnShapes.contains(tree[node].name) && tree[node].position != nil
            && !tree.ancestors(of: node).contains(where: { SlotTemplate.resourceContainers.contains(tree[$0].name) }) {
            guard ids.count < maximumSearched else { break }
            let id = tree[node]["id"] ?? "ssc-probe-bound-\(node)"
            named[node].set("id", id)
            ids.append((node, id))
        }
        let svg = named.svgData()
        let whole = LibrsvgRasterizer.Region(x: 0, y: 0, width: layout.width, height: layout.height)
        return ids.first { _, id in
            do {
                _ = try LibrsvgRasterizer.layersCoverage(svg: svg, baseFile: nowhere, canvas: (layout.width, layout.height), ids: [id], region: whole)
                return false
            } catch let error as RasterError {
                return error.bound != nil
            } catch {
                return false
            }
        }?.0
    }

    /// Elements drawn alone, at most, to find the one past a bound.
    static let maximumSearched = 64

    private static let nowhere = URL(fileURLWithPath: "/nonexistent/ssc-template-probe/probe.svg")

    // MARK: Capture

    /// What the probe puts in the capture slots.
    private enum Pattern {
        /// Mid grey: what the headline is seen against where it overlaps a capture.
        case grey
        /// A checker of four colours.
        case checker
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
                  let png = pattern == .grey ? patternPNG(.grey, columns: 1, rows: 1, side: 1) : patternPNG(.checker, columns: checkerColumns, rows: rows(box)) else { continue }
            tree[node].set("href", "data:image/png;base64,\(png.base64EncodedString())")
        }
        return tree
    }

    /// Squares of four colours (black, red; blue, white), each two far apart in some channel: one
    /// colour drawn over the slot, or a faded capture on a plain frame, looks like one of them at
    /// most. `side` pixels a square: librsvg scales it to the slot smoothly, and squares of one
    /// pixel would be ramps, which any colour in between matches.
    private static func patternPNG(_ pattern: Pattern, columns: Int, rows: Int, side: Int = 8) -> Data? {
        let width = columns * side
        let colours: [[UInt8]] = pattern == .grey ? [[128, 128, 128]] : [[0, 0, 0], [255, 0, 0], [0, 0, 255], [255, 255, 255]]
        var rgba = [UInt8](repeating: 255, count: width * rows * side * 4)
        for y in 0..<rows * side {
            for x in 0..<width {
                let colour = colours[((x / side) % 2 + (y / side) % 2 * 2) % colours.count]
                rgba.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 3, with: colour)
            }
        }
        return try? PNGCodec.encodeRGBA(rgba, width: width, height: rows * side, sRGB: true)
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

    /// The capture slots of the probe's `checker` document: each drawn over its box at its size,
    /// and shown on the canvas `drawn` by the one rule (`CaptureVisibility`).
    private static func captures(_ item: LaidOutOutput, checker: TemplateTree, drawn: RasterImage, into d: inout DiagnosticCollector) {
        let layout = item.layout
        let canvas = (width: layout.width, height: layout.height)
        let file = checker.file
        let n = SVGNumber.format
        let scale = min(1, captureDrawWidth / Double(max(1, canvas.width)))
        do {
            let checkerSVG = checker.svgData()
            var placed = true
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
                    placed = false
                } else if let ink, ink.x < box.x - slack(box.width) || ink.y < box.y - slack(box.height)
                    || ink.x + ink.width > box.maxX + slack(box.width) || ink.y + ink.height > box.maxY + slack(box.height) {
                    d.error(file, field, "the capture is drawn larger than its place: expected it over its \(shownBox), found it drawn over \(n(ink.width.rounded()))×\(n(ink.height.rounded())) at \(n(ink.x.rounded())),\(n(ink.y.rounded())) (stretched or moved: its x, y, width and height: {{CAPTURE_X}}, {{CAPTURE_Y}}, {{CAPTURE_WIDTH}}, {{CAPTURE_HEIGHT}} in a placeholder template)", at: position)
                    placed = false
                }
            }
            guard placed else { return }
            let samples = try CaptureVisibility.sample(checker, layout: layout, svgURL: nowhere)
            CaptureVisibility.check(samples, on: drawn, tree: checker, template: layout.slots?.template.tree, output: item.spec.destination.png, into: &d)
        } catch {
            return
        }
    }
}
