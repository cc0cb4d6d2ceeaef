import Foundation

/// A designer's slot-marked template on a canvas of another size: fitted by the same rule as
/// the built-ins (`TemplateInstance`, `DrawingFit`), when the canvas has the template's
/// orientation. A template at exactly the canvas's size and without the rule's markers is used
/// as drawn.
enum TemplateFitting {
    /// Why `template` cannot be fitted to `canvas` (× `panels`), or nil.
    static func orientationProblem(_ template: SlotTemplate, canvas: Well, panels: Int) -> String? {
        let repeats = template.tree[template.tree.root]["data-repeat"] == "panels"
        let panelWidth = repeats ? template.width : template.width / max(1, panels)
        let drawn = Orientation(width: panelWidth, height: template.height)
        let wanted = Orientation(width: canvas.width, height: canvas.height)
        if drawn == wanted || (template.width, template.height) == (canvas.width * panels, canvas.height) { return nil }
        return "the template is drawn for \(drawn.rawValue) canvases (\(template.width)×\(template.height)) and is fitted to canvases of its orientation only: expected a \(wanted.rawValue) template for the \(canvas.width)×\(canvas.height) canvas (\(canvas.id))\(panels > 1 ? " × \(panels) panels" : "") (name one per device family or target in \"template\"), found \(template.width)×\(template.height)"
    }

    /// Markers only the fitting step reads.
    static let markers = ["data-frame", "data-theme-fill", "data-theme-font-weight", "data-when", "data-collapse", "data-repeat", "data-stretch-y"]

    static func needsFitting(_ template: SlotTemplate, canvas: Well, panels: Int) -> Bool {
        let tree = template.tree
        return (template.width, template.height) != (canvas.width * panels, canvas.height)
            || tree.documentOrder.contains { node in tree[node].attributes.contains { markers.contains($0.name) } }
    }
}
