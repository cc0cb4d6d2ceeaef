import Support
import Diagnostics
import Ingest
/// Which kind of template a run composes from.
public enum TemplateChoice: Equatable, Sendable {
    /// A `{{PLACEHOLDER}}` template (`Plan.template`): the shipped device-well template, the
    /// design card's, or a job's own.
    case placeholder
    /// A slot-marked SVG file (ids `capture`, `headline`, …; no placeholders).
    case slots(SlotTemplate)
    /// A built-in template, generated in the slot convention for each output's canvas.
    case builtin(BuiltinTemplate)
}
