import Support
import Diagnostics
import Ingest
import Plan

extension LayoutEngine {
    /// The slot template an output composes from, when it uses one.
    func slotTemplate(for spec: OutputSpec, into d: inout DiagnosticCollector) -> SlotTemplate? {
        var texts: Set<String> = ["headline"]
        if let subtitle = spec.subtitle, !HeadlineFitter.paragraphs(subtitle).isEmpty { texts.insert("subtitle") }
        texts.formUnion(spec.slotTexts.filter { !HeadlineFitter.paragraphs($0.value).isEmpty }.keys)
        if case .placeholder = spec.templateChoice {
            return SlotTemplate(placeholders: spec.template, width: spec.canvas.width, height: spec.canvas.height, theme: spec.theme,
                                screenCornerRadius: spec.screenCornerRadius, proportions: proportions)
        }
        return CapturePlacement.slotTemplate(spec.templateChoice, canvas: spec.canvas, panels: spec.panel?.count ?? 1, captures: spec.captures,
                                 theme: spec.theme, texts: texts, into: &d)
    }

    /// Lays out one output in its slot template; refusals go into `d` (named by the box, the
    /// slot and the template file). Nil when refused.
    func layoutSlots(_ spec: OutputSpec, template: SlotTemplate, typesetter: Typesetting,
                     fixedSize: Double? = nil, into d: inout DiagnosticCollector) -> LaidOutOutput? {
        var engine = self
        engine.typesetting = spec.typesetting
        engine.fontWeight = spec.theme.headlineWeight
        engine.accentColor = spec.theme.accent
        engine.accentWeight = spec.theme.accentWeight
        engine.accentFont = spec.theme.accentFont
        let capture = spec.capture
        var texts = ["headline": spec.headline]
        texts["subtitle"] = spec.subtitle
        texts.merge(spec.slotTexts) { _, slot in slot }
        // Capture indexes are positions in `spec.captures`. A placeholder template draws the
        // output's one capture (a screen of more is refused when planned).
        let result = engine.layout(template: template, captures: spec.captures.prefix(template.placeholders ? 1 : spec.captures.count).enumerated().map { ($0.offset, $0.element.header.width, $0.element.header.height, $0.element.frame) },
                                   texts: texts, locale: spec.locale, typesetter: typesetter, fixedSize: fixedSize)
        if template.placeholders {
            switch result {
            case .success(let layout):
                return LaidOutOutput(spec: spec, layout: layout)
            case .failure(.text(_, let refusal)):
                var problem = diagnostic(refusal, spec: spec)
                if let line = spec.headlineOrigin?.line { problem.position = JSONPosition(line: line, column: 1) }
                d.add(problem)
            case .failure(.enlarged(_, _, let placedWidth, let captureWidth)):
                // A store slot larger than the capture would need it enlarged: refused, since an
                // upscaled capture is soft and no longer the app's native pixels.
                d.error(spec.headlineFile, spec.capture.jobField ?? "captures[\(spec.capture.jobIndex)].storeWell",
                        "capture \(spec.capture.id) would be enlarged on the \(spec.canvas.canvasName): expected a capture at least \(SVGNumber.format(placedWidth)) px wide (the width it is placed at), found \(captureWidth) px")
            case .failure(.tooFewSlots):
                break
            }
            return nil
        }
        switch result {
        case .success(let layout):
            guard let panel = spec.panel else { return LaidOutOutput(spec: spec, layout: layout) }
            return panelLayout(layout, spec: spec, panel: panel, template: template, into: &d).map { LaidOutOutput(spec: spec, layout: $0) }
        case .failure(.text(let slot, let refusal)):
            // `headline-2` is written under `headlines.<locale>.<screen>-2`.
            let parts = slot.split(separator: "-", maxSplits: 1).map(String.init)
            let key = (spec.screenId ?? capture.id) + (parts.count == 2 ? "-\(parts[1])" : "")
            let field = slot == "headline" ? spec.headlineField : "\(parts[0])s.\(spec.locale).\(key)"
            let box = template.texts[slot].map { "\(SVGNumber.format($0.box.width))×\(SVGNumber.format($0.box.height)) at \(SVGNumber.format($0.box.x)),\(SVGNumber.format($0.box.y))" } ?? ""
            switch refusal {
            case .overflow(let pixels, let detail):
                d.error(spec.headlineSourceFile, field, "\(slot) does not fit its box #\(slot) (\(box)) in \(template.file) on the \(spec.canvas.canvasName), refused rather than clipped: overflows by \(SVGNumber.format(pixels)) px: \(detail)")
            case .missingGlyphs(let scalars):
                d.error(spec.headlineSourceFile, field, "no installed or registered font has a glyph for \(scalars.map(XMLText.codePoint).joined(separator: ", ")) in locale \(spec.locale): expected every character drawable, found characters that would be drawn as boxes")
            case .unclosedEmphasis(let position):
                d.error(spec.headlineSourceFile, field, HeadlineRefusal.unclosedEmphasisMessage(position))
            case .colorEmojiMissing(let scalars):
                d.error(spec.headlineSourceFile, field, HeadlineRefusal.colorEmojiMessage(scalars))
            case .emoji(let scalars):
                d.error(spec.headlineSourceFile, field, HeadlineRefusal.emojiMessage(slot, scalars))
            }
        case .failure(.enlarged(let slot, let index, let placedWidth, let captureWidth)):
            let refused = spec.captures[index]
            d.error(spec.headlineFile, refused.jobField ?? "captures[\(refused.jobIndex)]", "capture \(refused.id) would be enlarged in slot #\(slot) of \(template.file): expected a capture at least \(SVGNumber.format(placedWidth)) px wide (the width the slot draws it at), found \(captureWidth) px")
        case .failure(.tooFewSlots(let slots, let captures)):
            d.error(template.file, "#capture-\(slots + 1)", "the screen has \(captures) captures: expected capture slots capture-1 … capture-\(captures), found \(slots)")
        }
        return nil
    }

    /// One store image of a panorama: the whole template laid out, seen through a window of the
    /// canvas width at the panel's offset. A text box crossing a seam is refused naming the
    /// seam; a capture crossing one is allowed (a device spanning two images is a known style)
    /// but warned about, once.
    func panelLayout(_ whole: CanvasLayout, spec: OutputSpec, panel: (index: Int, count: Int), template: SlotTemplate,
                     into d: inout DiagnosticCollector) -> CanvasLayout? {
        let width = Double(spec.canvas.width)
        let seams = (1..<panel.count).map { Double($0) * width }
        func crossed(_ r: Rect) -> Double? { seams.first { r.x < $0 - 0.5 && r.maxX > $0 + 0.5 } }
        var refused = false
        for id in template.texts.keys.sorted() {
            guard let box = template.texts[id]?.box, let seam = crossed(box) else { continue }
            refused = true
            // Reported once, with the first store image; every image of the panorama is refused.
            guard panel.index == 1 else { continue }
            d.error(template.file, "#\(id)", "text box crosses the seam at x = \(SVGNumber.format(seam)) between panels \(Int(seam / width)) and \(Int(seam / width) + 1): expected each text box inside one panel (\(spec.canvas.width) px wide), found \(SVGNumber.format(box.x))…\(SVGNumber.format(box.maxX))")
        }
        if refused { return nil }
        if panel.index == 1 {
            for slot in template.captures {
                guard let seam = crossed(slot.rect) else { continue }
                d.warning(template.file, "#\(slot.id)", "capture slot crosses the seam at x = \(SVGNumber.format(seam)): the capture is cut between two store images")
            }
        }
        let window = Rect(x: Double(panel.index - 1) * width, y: 0, width: width, height: Double(spec.canvas.height))
        func overlap(_ r: Rect) -> Double { max(0, min(r.maxX, window.maxX) - max(r.x, window.x)) }
        var layout = whole
        layout.width = spec.canvas.width
        layout.height = spec.canvas.height
        layout.viewBoxX = window.x
        // The ink check looks for the capture this image shows most of, in the panel's coordinates.
        if let shown = whole.slots?.captures.max(by: { overlap($0.rect) < overlap($1.rect) }), overlap(shown.rect) > 0 {
            let visibleX = max(shown.rect.x, window.x), visibleMaxX = min(shown.rect.maxX, window.maxX)
            layout.capture = Rect(x: visibleX - window.x, y: shown.rect.y, width: visibleMaxX - visibleX, height: shown.rect.height)
            layout.requiredImageID = shown.slotId
        } else {
            d.error(template.file, "(panel \(panel.index))", "panel \(panel.index) of screen \(spec.screenId ?? "") shows no capture: expected a capture slot inside x \(SVGNumber.format(window.x))…\(SVGNumber.format(window.maxX)), found none")
            return nil
        }
        return layout
    }

    /// A template's text family the machine lacks would silently become the fallback: warned
    /// once per slot, naming the family.
    package func warnMissingFamilies(_ template: SlotTemplate, typesetter: Typesetting, into d: inout DiagnosticCollector) {
        for id in SlotTemplate.textSlotIds {
            guard let slot = template.texts[id],
                  let first = slot.fontFamily.split(separator: ",").first.map({ $0.trimmingCharacters(in: .whitespaces) }),
                  !first.isEmpty, !typesetter.hasFamily(first) else { continue }
            d.warning(template.file, "#\(id) font-family", "font family \"\(first)\" is not installed or registered: expected it in fontFiles or on the machine (fc-list : family), found none; the text falls back to the locale's fonts")
        }
    }
}

extension LayoutEngine {
    /// Text colours against what they sit on (WCAG 2): the theme's colours for the shipped and
    /// built-in templates, each text slot's fill against its box or the canvas background for a
    /// designer's template.
    package func checkContrast(_ plan: Plan, into d: inout DiagnosticCollector) {
        let theme = plan.theme
        switch plan.templateChoice {
        case .slots(let template):
            for id in template.texts.keys.sorted() {
                guard let slot = template.texts[id] else { continue }
                let backgrounds = slot.boxFill.map { [$0] } ?? template.backgroundColors
                Contrast.check(text: slot.fill, on: backgrounds, file: template.file, field: "#\(id) fill", what: "\(id) text", into: &d)
            }
        case .placeholder, .builtin:
            // A refused theme has no colours to judge (its problem is already reported).
            if d.diagnostics.contains(where: { $0.severity == .error && $0.field.hasPrefix("theme") }) { return }
            let backgrounds: [String]
            switch theme.background {
            case .solid(let color): backgrounds = [color]
            case .gradient(let colors, _): backgrounds = colors
            }
            // A placeholder template's headline as it draws it: its own fill or background where
            // it does not use the theme's placeholders (the design card's template has both).
            if case .placeholder = plan.templateChoice, let drawn = plan.template.drawnColors(theme: theme),
               drawn.headlineField != nil || drawn.backgrounds != backgrounds {
                Contrast.check(text: drawn.headline, on: drawn.backgrounds, file: drawn.headlineField == nil ? plan.jobFile : plan.templateFile.displayPath,
                               field: drawn.headlineField ?? "theme.headlineColor", what: "headline", into: &d)
            } else {
                Contrast.check(text: theme.headlineColor, on: backgrounds, file: plan.jobFile, field: "theme.headlineColor", what: "headline", into: &d)
            }
            if plan.outputs.contains(where: { $0.subtitle != nil }) {
                Contrast.check(text: theme.subtitleColor, on: backgrounds, file: plan.jobFile, field: "theme.subtitleColor", what: "subtitle", into: &d)
            }
            // Emphasised words are drawn in the accent (a frameit keyword): refused below 3:1 like
            // the headline, once per screen look that has some (else a faint keyword is refused
            // only by the measured visibility rule, which cannot name the colour). Not warned below
            // 4.5:1: they are words of the headline, large text (the default blue is 4.01:1).
            var judged: Set<String> = []
            for output in plan.outputs where output.typesetting.emphasis == .asterisks
                && ((try? EmphasisMarkup.parse(output.headline).get())?.hasEmphasis ?? false) {
                let look = output.theme, screen = output.screenId ?? output.capture.id
                let field = look.accent == theme.accent && look.background == theme.background ? "theme.accent" : "theme.screens.\(screen).accent"
                guard judged.insert(field).inserted else { continue }
                let colors: [String]
                switch look.background {
                case .solid(let color): colors = [color]
                case .gradient(let stops, _): colors = stops
                }
                Contrast.check(text: look.accent, on: colors, file: plan.jobFile, field: field, what: "emphasised words'", recommended: Contrast.minimumRatio, into: &d)
            }
        }
    }
}
