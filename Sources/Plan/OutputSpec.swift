import Support
import Foundation
import Diagnostics
import Ingest

/// Everything one output needs, as plain values: the stages after planning (layout, compose,
/// raster, publish) read only this, never the job or the plan.
///
/// One capture composed in one locale onto one canvas, with its headline (and optional
/// subtitle), the theme, the template, and the names its files get in the output folder.
public struct OutputSpec: Sendable {
    /// Canonical BCP 47 tag; names the output's folder.
    public var locale: String
    /// Every capture the output draws, with its decoded facts (bytes, IHDR, colour decision,
    /// SHA-256, well), in slot order (`capture-1`, `capture-2`, …; indexes in `SlotLayout` are
    /// positions here). Never empty: the first is `capture`.
    public private(set) var captures: [PlannedCapture]
    /// The canvas: a store slot, or the recorded well itself. Pixels.
    public var canvas: Well
    /// The headline exactly as written (a `\n` is a line break).
    public var headline: String
    /// Optional subtitle under the headline.
    public var subtitle: String?
    /// The locale whose headline filled a missing translation (`--fallback-locale`).
    public var headlineFallback: String?
    /// The headline source's key for the locale (a String Catalog's locale): the locale unless
    /// `"localeMap"` renamed it (`ReleaseLocales`). The manifest records it per output.
    public var headlineKey: String?
    public var theme: Theme
    /// How headlines are set (line count, minimum scale, fonts, emoji policy).
    public var typesetting: TypesettingOptions
    /// The placeholder template (filled unless `templateChoice` is a slot-marked template).
    public var template: SVGTemplate
    /// `.placeholder`: `template` is filled; `.slots`: the slot-marked template composes.
    public var templateChoice = TemplateChoice.placeholder
    /// Where the output's files go inside the output folder (built by `OutputPaths`).
    public var destination: DestinationNames
    /// RFC 3339 UTC, written into the SVG and the PNG.
    public var composedAt: String
    public var tool: ToolIdentity
    /// The store rules checked on the encoded PNG (those of the canvas's store apply).
    public var storeRules: [StoreRule]
    /// Where the headline was given, for diagnostics: the job file (or the localization file).
    public var headlineFile: String
    /// The template as diagnostics name it (a path or `builtin:<name>`).
    public var templateFile = ""
    /// The screen's own template file (`"screens": [{"template": "file.svg"}]`), listed in the
    /// manifest's inputs; nil when the output uses the job's template or a built-in.
    public var templateInput: InputFile?
    /// Text per slot id beyond `headline` and `subtitle` (`badge`, a panorama's `headline-2`,
    /// …); a `headline` entry is the text of the `headline` slot when it differs from
    /// `headline` (a panorama's later panels name their own headline in `headline`).
    public var slotTexts: [String: String] = [:]
    /// The theme's background image, drawn over its background colour (`Planner.attachBackgrounds`).
    public var background: PlannedBackground?
    /// The screen this output composes (nil: one capture per canvas, named by the capture).
    public var screenId: String?
    /// Which store image of a panorama this is (1-based) and how many there are.
    public var panel: (index: Int, count: Int)?
    /// For a capture path with `{locale}`: the capture file composed, relative to the output
    /// folder (the manifest's `captureSource`).
    public var captureSource: String?
    /// The locale whose capture stands in for this locale's missing one (`--fallback-locale`).
    public var captureFallback: String?

    /// `extraCaptures`: a screen's further captures (`capture-2`, …), after `capture`.
    public init(locale: String, capture: PlannedCapture, extraCaptures: [PlannedCapture] = [], canvas: Well, headline: String, subtitle: String? = nil,
                headlineFallback: String? = nil, theme: Theme = Theme(), typesetting: TypesettingOptions = TypesettingOptions(),
                template: SVGTemplate, templateChoice: TemplateChoice = .placeholder, destination: DestinationNames, composedAt: String, tool: ToolIdentity = ToolIdentity(),
                storeRules: [StoreRule] = [], headlineFile: String = "") {
        self.locale = locale
        self.captures = [capture] + extraCaptures
        self.canvas = canvas
        self.headline = headline
        self.subtitle = subtitle
        self.headlineFallback = headlineFallback
        self.theme = theme
        self.typesetting = typesetting
        self.template = template
        self.templateChoice = templateChoice
        self.destination = destination
        self.composedAt = composedAt
        self.tool = tool
        self.storeRules = storeRules
        self.headlineFile = headlineFile
    }

    /// The first capture: the one the output is named by (without screens) and whose well
    /// gives the screen's corner radius and the rasterizer's ink probe.
    public var capture: PlannedCapture { captures[0] }
    /// A screen's further captures (`capture-2`, …), after `capture`.
    public var extraCaptures: ArraySlice<PlannedCapture> { captures.dropFirst() }

    /// The same captures with their pixels decoded (`Planner.checkPixels`).
    package mutating func completeCaptures(_ completed: [PlannedCapture]) {
        precondition(completed.map(\.url) == captures.map(\.url), "the same captures, completed")
        captures = completed
    }

    /// The output's name: its files', the manifest's and the diagnostics' key. The capture id,
    /// the screen id, or `<screen>-<panel>` for a panorama's store images.
    public var name: String { key.name }

    /// The output's key in the plan's list of outputs.
    public var key: OutputKey {
        OutputKey(locale: locale, screen: screenId ?? capture.id, canvas: canvas.id, target: capture.target?.name, panel: panel?.index)
    }

    /// The output as a diagnostic subject.
    public var subject: DiagnosticSubject {
        DiagnosticSubject(locale: locale, captureId: name, target: canvas.storeWell?.store == nil ? nil : canvas.id)
    }

    /// The localization file and field (catalog unit value, `.strings` line) the headline was
    /// read from; nil for the job's inline `headlines`.
    public var headlineOrigin: HeadlineOrigin?

    /// The file problems with the headline's text are reported in: where it was written.
    public var headlineSourceFile: String { headlineOrigin?.file ?? headlineFile }

    /// The field of the headline in `headlineSourceFile`: `headlines.<locale>.<capture id>`
    /// in the job, or its place in the localization file.
    public var headlineField: String { headlineOrigin?.field ?? "headlines.\(locale).\(screenId ?? capture.id)" }

    /// Corner radius the capture is clipped to, as a fraction of its width: the theme's, else
    /// the recorded well's (`Theme.screenCornerFraction`).
    public var screenCornerRadius: Double { theme.screenCornerFraction(of: capture.well) }
}
