import Foundation
import Diagnostics
import Support
import Ingest
import Layout

/// Whether each capture slot of one output is seen: the one rule for it, measured by librsvg on
/// that output's own document. `check` runs it on each template and canvas (the template probe,
/// a checker in each slot), and the render on every canvas it draws, after its text (the real
/// captures): no output stands for another.
///
/// The rule: each slot's image drawn alone (`render_layer`, at 1:1, with no effect on it or its
/// groups) in `rows` rows across its box marks the pixels it should own; at least
/// `requiredShare` of its opaque pixels there must be seen on the canvas, within `levels` levels
/// per channel (a glare over the screen keeps it seen). Frame art, a cutout, the screen's
/// rounded corners or a second device may cover a capture's edges by design, up to half of it
/// (a duo's second phone covers a quarter of the first); a cover, a filter, a faded capture or a
/// headline drawn over most of it leaves less.
package enum CaptureVisibility {
    /// The share of the capture's pixels the canvas must show.
    static let requiredShare = 0.5
    /// Levels (of 255, in each channel) a canvas pixel may differ from the capture's own.
    static let levels = 48
    /// Rows sampled across each slot's box.
    static let rows = 48

    /// A capture slot as sampled: the `<image>` id and its box on the canvas; `inkY`, a row
    /// (fraction of the box) where the capture is known to have ink (`PlannedCapture.inkPixel`),
    /// sampled too, so a capture clear on every other row still draws something.
    package struct Slot: Codable, Sendable, Equatable {
        var id: String
        var box: LibrsvgRasterizer.Box
        var inkY: Double?

        /// The canvas rows sampled, and the columns (`x0 ..< x0 + width`).
        func sampled(canvas: (width: Int, height: Int)) -> (ys: [Int], x0: Int, width: Int) {
            let fractions = (0..<rows).map { (Double($0) + 0.5) / Double(rows) } + (inkY.map { [$0] } ?? [])
            let ys = fractions.map { min(canvas.height - 1, max(0, Int(box.y + box.height * $0))) }
            let x0 = min(canvas.width - 1, max(0, Int(box.x.rounded(.down))))
            return (ys, x0, max(1, min(canvas.width, Int((box.x + box.width).rounded(.up))) - x0))
        }
    }

    /// The slots `layout` must show: every capture slot; a panorama's panel, the part of the
    /// capture it shows most of (`SlotPlanLayout`).
    package static func slots(_ layout: CanvasLayout, inkY: Double? = nil) -> [Slot] {
        let boxes = layout.requiredImageID == nil ? layout.slots.map { $0.captures.map { ($0.slotId, $0.rect) } } : nil
        return (boxes ?? [(layout.captureImageID, layout.capture)]).map { id, box in
            Slot(id: id, box: .init(x: box.x, y: box.y, width: box.width, height: box.height), inkY: id == layout.captureImageID ? inkY : nil)
        }
    }

    /// The slots' images drawn alone from `tree` (a composed document), as `rows` stacked
    /// (`LibrsvgRasterizer.captureRows`): what the canvas must show of them. Throws when an image
    /// draws nothing (librsvg draws nothing, silently, for an image it cannot load), naming the
    /// file it links; `svgURL`: where the document's relative links resolve.
    package static func sample(_ tree: TemplateTree, layout: CanvasLayout, svgURL: URL, inkY: Double? = nil) throws -> Samples {
        let slots = slots(layout, inkY: inkY)
        let nodes = slots.compactMap { tree.element(id: $0.id) }
        let rows = try LibrsvgRasterizer.captureRows(svg: HeadlineVisibility.withoutEffects(tree, on: nodes, clips: false).svgData(), baseFile: svgURL,
                                                     canvas: (layout.width, layout.height), slots: slots)
        return try inked(Samples(slots: slots, canvas: [layout.width, layout.height], rows: rows), tree: tree, svgURL: svgURL)
    }

    /// `svg` (`tree`'s document, or the layers below its text) drawn whole, and its slots
    /// sampled as `sample` does: in the same drawing, its decoded images kept, when nothing on
    /// the images or their groups but a clip hides or changes them (the slots' usual case).
    package static func drawSampling(_ svg: Data, tree: TemplateTree, layout: CanvasLayout, svgURL: URL, inkY: Double?) throws -> (RasterImage, Samples) {
        let slots = slots(layout, inkY: inkY)
        let effects = ["opacity", "filter", "mask", "mix-blend-mode", "display", "visibility", "style"]
        let nodes = slots.compactMap { tree.element(id: $0.id) }
        guard !nodes.flatMap({ [$0] + tree.ancestors(of: $0) }).contains(where: { node in effects.contains { tree[node][$0] != nil } }) else {
            let samples = try sample(tree, layout: layout, svgURL: svgURL, inkY: inkY)
            return (try LibrsvgRasterizer.drawWhole(svg: svg, baseFile: svgURL, width: layout.width, height: layout.height), samples)
        }
        let (canvas, rows) = try LibrsvgRasterizer.drawWhole(svg: svg, baseFile: svgURL, width: layout.width, height: layout.height, sampling: slots)
        return (canvas, try inked(Samples(slots: slots, canvas: [layout.width, layout.height], rows: rows), tree: tree, svgURL: svgURL))
    }

    /// `samples`, or the refusal of a slot whose image drew nothing.
    private static func inked(_ samples: Samples, tree: TemplateTree, svgURL: URL) throws -> Samples {
        let rows = samples.rows
        var offset = 0
        for slot in samples.slots {
            let (ys, _, width) = slot.sampled(canvas: (samples.canvas[0], samples.canvas[1]))
            defer { offset += ys.count }
            let inked = (offset..<offset + ys.count).contains { y in (0..<width).contains { rows.pixels[y * rows.stride + $0 * 4 + 3] != 0 } }
            if !inked, let node = tree.element(id: slot.id) {
                let href = tree[node]["href"] ?? ""
                throw RasterError(message: "librsvg drew nothing for the capture \(href.hasPrefix("data:") ? "#\(slot.id)" : svgURL.deletingLastPathComponent().appendingPathComponent(href).path) (missing, unreadable or outside the SVG's folder): expected the capture's pixels in the frame, found an empty frame")
            }
        }
        return samples
    }

    /// The slots and their images drawn alone (cairo ARGB32, premultiplied: opaque pixels are the
    /// image's own colour), each slot's rows in turn from the top.
    package struct Samples: Sendable {
        var slots: [Slot]
        /// Width and height.
        var canvas: [Int]
        var rows: RasterImage
    }

    /// Refuses, naming the template's element and line and `output`, each slot of `samples` that
    /// `canvas` (the final drawing, cairo RGB24) does not show by the rule. `template`: the slot
    /// template the slots' positions are read from (nil: the composed document's).
    package static func check(_ samples: Samples, on canvas: RasterImage, tree: TemplateTree, template: TemplateTree?,
                              output: String, into d: inout DiagnosticCollector) {
        var row = 0
        for slot in samples.slots {
            let (ys, x0, width) = slot.sampled(canvas: (canvas.width, canvas.height))
            var opaque = 0, seen = 0
            for (k, y) in ys.enumerated() {
                let alone = (row + k) * samples.rows.stride, drawn = y * canvas.stride + x0 * 4
                for x in 0..<width where samples.rows.pixels[alone + x * 4 + 3] == 255 {
                    opaque += 1
                    // Both little-endian: B, G, R, then alpha or unused.
                    if (0..<3).allSatisfy({ abs(Int(samples.rows.pixels[alone + x * 4 + $0]) - Int(canvas.pixels[drawn + x * 4 + $0])) <= levels }) { seen += 1 }
                }
            }
            row += ys.count
            // No opaque pixel (a capture translucent where sampled): nothing to compare.
            guard opaque > 0, Double(seen) < Double(opaque) * requiredShare else { continue }
            let node = template?.element(id: slot.id).map { (template!, $0) } ?? tree.element(id: slot.id).map { (tree, $0) }
            let position = node.flatMap { t, n in ([n] + t.ancestors(of: n)).lazy.compactMap { t[$0].position }.first }
            let n = SVGNumber.format, box = slot.box
            d.error(tree.file, "#\(slot.id)", "the capture of the output \(output) is hidden on the canvas: expected at least \(Int(requiredShare * 100)) % of its pixels over its \(n(box.width.rounded()))×\(n(box.height.rounded())) box at \(n(box.x.rounded())),\(n(box.y.rounded())) seen (within \(levels) levels, on rows across it), found \(Int((Double(seen) * 100 / Double(opaque)).rounded(.down))) % (frame art or a cutout may cover its edges, up to half of it; a shape, filter, opacity, mask or blend mode drawn with or over it hides more)", at: position)
        }
    }
}
