import Support
import Diagnostics
import Ingest

extension Planner {
    /// A badge nothing draws is warned about, one line per entry (as other job entries that
    /// are not rendered): its locale is not rendered, or the template has no badge slot.
    static func warnUnusedBadges(_ job: Job, locales: [String], templateChoice: TemplateChoice, templateFile: String,
                                 into d: inout DiagnosticCollector) {
        let slotless: Bool
        switch templateChoice {
        case .placeholder: slotless = true
        case .builtin: slotless = false
        case .slots(let template): slotless = !template.texts.keys.contains { $0.hasPrefix("badge") }
        }
        // A screen with its own template ("screens": [{"template": …}]) is judged by that
        // template, not the job's.
        func ownTemplate(_ key: String) -> Bool {
            job.screens.contains { ($0.builtinTemplate != nil || $0.template != nil) && ($0.id == key || $0.outputNames.contains(key)) }
        }
        for locale in job.badges.keys.sorted() {
            for id in (job.badges[locale] ?? [:]).keys.sorted() {
                let field = "badges.\(locale).\(id)"
                if !locales.contains(locale) {
                    d.warning(job.file, field, "badge for \(id) in \(locale) is not drawn: expected a rendered locale (\(Alternatives.list(locales, none: "none is rendered"))), found \(locale), which has no headlines or is not selected")
                } else if slotless, !ownTemplate(id) {
                    d.warning(job.file, field, "badge for \(id) in \(locale) is not drawn: expected a template with a badge slot (<g id=\"badge\">) or a built-in template (\"template\": \"classic\"), found \(templateFile) without one")
                }
            }
        }
    }
}
