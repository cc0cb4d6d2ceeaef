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
///   same for every output): the canvas is drawn (reduced) with two images in each capture slot, a checker
///   and its inverse; at least half the checker's squares must differ by 64 levels or more,
///   and the slot's `<image>` must be drawn over its box, at its size.
///
/// Nothing is read from or written to the output folder: the images are `data:` URLs.
package enum TemplateProbe {
    /// The share of the checker's squares that must show the capture slot's image: frame art
    /// may cover some (a duo's second phone covers a quarter of the first); a cover, a filter or
    /// a faded capture leaves almost none.
    static let captureShare = 0.5
    /// Levels (of 255, in some channel) a square must differ by between the two images.
    static let captureLevels = 64
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
            // Past a drawing bound, the probe's drawings (each as costly) are not made.
            if first && !measure(item, into: &found) { pastBound.insert(key) }
            if !pastBound.contains(key) {
                if !hiddenIn.contains(item.spec.templateFile) {
                    try? HeadlineVisibility.check(withCaptures(tree, item: item, pattern: .grey), layout: item.layout,
                                                  output: item.spec.destination.png, baseFile: nowhere, into: &found)
                    if found.errorCount > 0 { hiddenIn.insert(item.spec.templateFile) }
                }
                if first { captures(item, tree: tree, into: &found) }
            }
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

    private static let nowhere = URL(fileURLWithPath: "/nonexistent/ssc-template-probe/probe.svg")

    /// The pixel at `x`, `y` of a cairo RGB24 image.
    private static func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        HeadlineVisibility.pixel(image, x, y)
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
