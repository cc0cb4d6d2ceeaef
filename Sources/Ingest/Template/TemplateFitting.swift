import Foundation
import Support
import Diagnostics

/// A designer's slot-marked template on a canvas of another size: fitted by the same rule as
/// the built-ins (`TemplateInstance`, `DrawingFit`), when the canvas has the template's
/// orientation. A template at exactly the canvas's size and without the rule's markers is used
/// as drawn.
package enum TemplateFitting {
    /// Why `template` cannot be fitted to `canvas` (× `panels`), or nil.
    package static func orientationProblem(_ template: SlotTemplate, canvas: Well, panels: Int) -> String? {
        let repeats = template.tree[template.tree.root]["data-repeat"] == "panels"
        let panelWidth = repeats ? template.width : template.width / max(1, panels)
        let drawn = Orientation(width: panelWidth, height: template.height)
        let wanted = Orientation(width: canvas.width, height: canvas.height)
        if drawn == wanted || (template.width, template.height) == (canvas.width * panels, canvas.height) { return nil }
        return "the template is drawn for \(drawn.rawValue) canvases (\(template.width)×\(template.height)) and is fitted to canvases of its orientation only: expected a \(wanted.rawValue) template for the \(canvas.canvasName)\(panels > 1 ? " × \(panels) panels" : "") (name one per device family or target in \"template\"), found \(template.width)×\(template.height)"
    }

    /// Why `template` fitted to `canvas` (× `panels`) would draw too long, with the element
    /// costing most: the bounds are counted at the template's own size when it is read, and a
    /// template drawn smaller than its output canvas paints more pixels there.
    package static func costProblem(_ template: SlotTemplate, canvas: Well, panels: Int) -> (element: String, message: String, position: JSONPosition?)? {
        let repeats = template.tree[template.tree.root]["data-repeat"] == "panels"
        let outputWidth = Double(canvas.width * (repeats ? 1 : max(1, panels))), outputHeight = Double(canvas.height)
        let scale = max(outputWidth / Double(template.width), outputHeight / Double(template.height))
        guard scale > 1 else { return nil }
        let (milliseconds, worst) = TemplateBounds.estimate(template.tree, outputWidth: outputWidth, outputHeight: outputHeight, scale: scale)
        guard milliseconds > TemplateBounds.maximumMilliseconds else { return nil }
        let n = SVGNumber.format
        return (worst.map { template.tree.label($0) } ?? "<svg>",
                "too costly to render in bounded time on the \(canvas.canvasName): expected an estimated drawing time of at most \(n(TemplateBounds.maximumMilliseconds / 1000)) s per output, found about \(n(milliseconds / 1000)) s with the \(template.width)×\(template.height) template scaled \(n(scale))× to it (bounds are estimated at the output's size; draw the template at its output size or paint less)",
                worst.flatMap { template.tree[$0].position })
    }

    /// Markers only the fitting step reads.
    static let markers = ["data-frame", "data-theme-fill", "data-theme-font-weight", "data-when", "data-collapse", "data-repeat", "data-stretch-y"]

    package static func needsFitting(_ template: SlotTemplate, canvas: Well, panels: Int) -> Bool {
        let tree = template.tree
        return (template.width, template.height) != (canvas.width * panels, canvas.height)
            || tree.documentOrder.contains { node in tree[node].attributes.contains { markers.contains($0.name) } }
    }
}
