import Foundation
import Diagnostics
import Support
import Ingest

extension Planner {
    /// The outputs of `"screens"` in one locale: one per screen, or one per panel of a
    /// panorama (`<screen>-1` … each exactly the canvas size, cut at the seams). A screen's
    /// template is its own (a built-in name or a slot-marked file), else the job's; a screen of
    /// several captures or panels needs a slot-marked or built-in one.
    static func screenOutputs(_ job: Job, locale: String, captures: [PlannedCapture], templates: PlannedTemplates,
                              composedAt: String, storeRules: [StoreRule],
                              fastlaneLanguage: String?, wells: WellsCatalog? = nil, inputs: IngestedInputs,
                              _ d: inout DiagnosticCollector) -> [OutputSpec] {
        var outputs: [OutputSpec] = []
        for (order, screen) in job.screens.enumerated() {
            guard let headline = job.screenText(job.headlines, screen: screen, locale: locale, panel: 1) else { continue }
            let mark = d.diagnostics.count
            defer { d.attribute(since: mark, to: DiagnosticSubject(locale: locale, captureId: screen.id)) }
            let field = "screens[\(order)]"
            guard let texts = slotTexts(job, screen: screen, locale: locale, &d) else { continue }
            let subtitle = texts["subtitle"]
            let planned = screen.captures.compactMap { id in captures.first { $0.id == id } }
            guard planned.count == screen.captures.count, let first = planned.first else { continue }
            // Without its own, a screen takes the template of its first capture's target or family.
            guard let fallback = templates.chosen(for: first),
                  let (choice, file, input) = template(for: screen, job: job, fallback: fallback, main: templates.main, field: field, inputs: inputs, &d) else { continue }
            let placeholder = screen.builtinTemplate == nil && screen.template == nil ? fallback.placeholder : SVGTemplate.empty
            if case .placeholder = choice, planned.count > 1 || screen.panels > 1 {
                d.error(job.file, "\(field).template", "a screen of \(planned.count) captures and \(screen.panels) panel(s) needs a slot-marked or built-in template: expected \"duo\", \"panorama\" or a template with capture-1 … capture-\(planned.count), found the job's placeholder template")
                continue
            }
            if case .slots(let slots) = choice, let problem = TemplateFitting.orientationProblem(slots, canvas: first.canvas, panels: screen.panels) {
                d.error(slots.file, "<svg> width, height", "\(problem) for screen \(screen.id)")
                continue
            }
            if case .slots(let slots) = choice, let problem = TemplateFitting.costProblem(slots, canvas: first.canvas, panels: screen.panels) {
                d.error(slots.file, problem.element, problem.message, at: problem.position)
                continue
            }
            for panel in 1...screen.panels {
                var spec = OutputSpec(
                    locale: locale, capture: first, extraCaptures: Array(planned.dropFirst()), canvas: first.canvas,
                    headline: texts[panel == 1 ? "headline" : "headline-\(panel)"] ?? headline, subtitle: subtitle,
                    headlineFallback: job.headlineFallbacks[locale]?[screen.id], theme: job.theme.forScreen(screen.id), typesetting: job.typesetting,
                    template: placeholder, templateChoice: choice,
                    destination: OutputPaths.destinations(locale: locale, name: screen.panels == 1 ? screen.id : "\(screen.id)-\(panel)",
                                                          captureId: first.id, order: order + 1,
                                                          extraCaptureIds: planned.dropFirst().map(\.id),
                                                          upload: fastlaneLanguage.map { UploadLayout.appStore(language: $0, canvasOf: first, wells: wells) }),
                    composedAt: composedAt, storeRules: storeRules, headlineFile: job.file)
                spec.templateFile = file
                spec.templateInput = input
                spec.screenId = screen.id
                spec.slotTexts = texts
                if screen.panels > 1 { spec.panel = (panel, screen.panels) }
                outputs.append(spec)
            }
        }
        return outputs
    }

    /// Every text slot's text of a screen in one locale, each checked: `headline`, `subtitle`,
    /// `badge`, and for a panorama's panel k ≥ 2 `headline-k`, `subtitle-k`, `badge-k` from the
    /// keys `<screen>-k`. Nil when any is refused.
    private static func slotTexts(_ job: Job, screen: JobScreen, locale: String, _ d: inout DiagnosticCollector) -> [String: String]? {
        var texts: [String: String] = [:]
        var valid = true
        for panel in 1...screen.panels {
            for (slot, table, field) in [("headline", job.headlines, "headlines"), ("subtitle", job.subtitles, "subtitles"), ("badge", job.badges, "badges")] {
                guard let text = job.screenText(table, screen: screen, locale: locale, panel: panel) else { continue }
                let key = screen.textKeys(panel: panel).first { table[locale]?[$0] != nil } ?? screen.id
                valid = checkHeadlineCharacters(text, job: job, locale: locale, captureId: key, field: field, &d) && valid
                texts[panel == 1 ? slot : "\(slot)-\(panel)"] = text
            }
        }
        return valid ? texts : nil
    }

    /// A screen's template: its built-in, its file (which must be slot-marked), or the job's.
    private static func template(for screen: JobScreen, job: Job, fallback: PlannedTemplates.Chosen, main: PlannedTemplates.Chosen, field: String,
                                 inputs: IngestedInputs, _ d: inout DiagnosticCollector) -> (TemplateChoice, String, InputFile?)? {
        if let builtin = screen.builtinTemplate { return (.builtin(builtin), "builtin:\(builtin.rawValue)", nil) }
        guard let url = screen.template else {
            // A template of the map other than the main one is listed with the screens' own.
            let input = fallback.key != nil && fallback.file.displayPath != main.file.displayPath ? fallback.read?.file : nil
            return (fallback.choice, fallback.file.displayPath, input)
        }
        guard let read = readInput(url, builtin: "", field: "\(field).template", job: job, inputs: inputs, &d) else { return nil }
        guard let text = TextDecoding.text(read.data, file: read.file.displayPath, &d) else { return nil }
        guard SlotTemplate.isSlotMarked(text) else {
            d.error(read.file.displayPath, "(template)", "a screen's template must be slot-marked: expected an SVG with <rect id=\"capture-1\"> … and no {{PLACEHOLDERS}}, found placeholders")
            return nil
        }
        guard let slots = SlotTemplate.parse(text, file: read.file.displayPath, into: &d) else { return nil }
        return (.slots(slots), read.file.displayPath, read.file)
    }
}
