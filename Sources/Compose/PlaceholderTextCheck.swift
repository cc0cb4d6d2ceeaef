import Support
import Diagnostics
import Ingest
import Plan
import Layout

/// The text-slot rules on `{{PLACEHOLDER}}` templates' headlines, on the template filled as it is
/// composed (its positions and the theme's colours).
package enum PlaceholderTextCheck {
    /// The text-slot rules on each `{{PLACEHOLDER}}` template's headline, at each canvas it is
    /// drawn on (its positions are that canvas's slots); each problem reported once.
    package static func check(_ plan: Plan, into d: inout DiagnosticCollector) {
        var seen: Set<String> = []
        var reported: Set<String> = []
        for spec in plan.outputs {
            guard case .placeholder = spec.templateChoice,
                  seen.insert("\(spec.templateFile)\u{0}\(spec.canvas.width)×\(spec.canvas.height)").inserted else { continue }
            var found = DiagnosticCollector()
            checkHeadline(spec.template, width: spec.canvas.width, height: spec.canvas.height, theme: spec.theme, into: &found)
            for problem in found.diagnostics where reported.insert(problem.line).inserted { d.add(problem) }
        }
    }

    /// The text-slot rules (`TextSlotVisibility`) on a `{{PLACEHOLDER}}` template's headline
    /// `<text>`, its positions filled for a canvas of `width` × `height` (so a shape drawn over the
    /// band is seen where it lands) and the theme's colours.
    static func checkHeadline(_ template: SVGTemplate, width: Int, height: Int, theme: Theme, into d: inout DiagnosticCollector) {
        guard let tree = template.tree,
              let text = tree.documentOrder.first(where: { tree[$0].name == "text" && tree[$0].children.contains(.placeholder(.headlineTspans)) })
        else { return }
        let slots = PlaceholderSlots(width: width, height: height)
        var values = SVGTemplate.sample
        values.merge(ThemeMarkup.values(theme, layout: CanvasLayout(width: width, height: height,
                                                                    headline: HeadlineLayout(style: TextStyle(fontFamily: "", weight: 400, size: 0, language: "", rightToLeft: false), lines: [], band: slots.band),
                                                                    frame: slots.captureBox, frameRadius: 0, capture: slots.captureBox),
                                        placeholders: [])) { $1 }
        values.merge(slots.positionValues) { $1 }
        values[.themeDefs] = ""
        values[.frameShadow] = ""
        guard let filled = try? template.filled(values) else { return }
        TextSlotVisibility.check("headline", named: filled.label(text), sample: text, box: slots.band, in: filled, into: &d)
    }
}
