import Diagnostics
import Ingest

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
        return Self.slotTemplate(spec.templateChoice, canvas: spec.canvas, panels: spec.panel?.count ?? 1, captures: spec.captures,
                                 theme: spec.theme, texts: texts, into: &d)
    }

    /// The slot template `choice` composes `canvas` (× `panels`) from with these captures: a
    /// built-in's drawing for the canvas's family and orientation, or a designer's template,
    /// each fitted by the rule in `DrawingFit` (a designer's only when its size differs or it
    /// uses the rule's markers); nil when refused. A placeholder template's slots are made from
    /// the output's own template (`slotTemplate(for:)`, `SlotTemplate(placeholders:…)`).
    static func slotTemplate(_ choice: TemplateChoice, canvas: Well, panels: Int = 1, captures: [PlannedCapture], theme: Theme,
                             texts: Set<String>, into d: inout DiagnosticCollector) -> SlotTemplate? {
        slotTemplate(choice, canvas: canvas, panels: panels, captures: captures.map { instanceCapture($0, theme: theme) }, theme: theme,
                     texts: texts, into: &d)
    }

    static func slotTemplate(_ choice: TemplateChoice, canvas: Well, panels: Int = 1, captures: [TemplateInstance.Capture], theme: Theme,
                             texts: Set<String>, into d: inout DiagnosticCollector) -> SlotTemplate? {
        let drawing: TemplateTree, shown: String
        switch choice {
        case .placeholder:
            return SlotTemplate(placeholders: .empty, width: canvas.width, height: canvas.height, theme: theme,
                                screenCornerRadius: captures.first?.screenCornerRadius ?? 0)
        case .slots(let template):
            guard TemplateFitting.needsFitting(template, canvas: canvas, panels: panels) else { return template }
            (drawing, shown) = (template.tree, template.file)
        case .builtin(let builtin):
            let family = captures.first?.family ?? .phone
            let orientation = Orientation(width: canvas.width, height: canvas.height).rawValue
            guard let found = BuiltinDrawings.shared.template(builtin, family: family, width: canvas.width, height: canvas.height), let tree = found.tree else {
                let problems = BuiltinDrawings.shared.problems(builtin)
                d.error("builtin:\(builtin.rawValue)", "(template)", "no drawing for a \(family.rawValue) canvas of \(canvas.width)×\(canvas.height): expected templates/\(builtin.rawValue)/\(family.rawValue)-\(orientation).svg or templates/\(builtin.rawValue)/\(orientation).svg\(problems.isEmpty ? "" : " (\(problems.joined(separator: "; ")))")")
                return nil
            }
            (drawing, shown) = (tree, "builtin:\(builtin.rawValue)")
        }
        let instance = TemplateInstance(drawing: drawing, width: canvas.width, height: canvas.height, panels: panels,
                                        captures: captures, theme: theme, texts: texts,
                                        frame: { family, width, height in BuiltinDrawings.shared.frame(family, width: width, height: height)?.tree })
        let tree: TemplateTree
        do {
            tree = try instance.tree(file: shown)
        } catch let refusal as DrawingFit.Refusal {
            d.error(drawing.file, refusal.element, "cannot fit the drawing to the \(canvas.width)×\(canvas.height) canvas: \(refusal.message)", at: refusal.position)
            return nil
        } catch {
            d.error(drawing.file, "(template)", "cannot fit the drawing to the \(canvas.width)×\(canvas.height) canvas: \(error)")
            return nil
        }
        guard var template = SlotTemplate(tree: tree, into: &d) else { return nil }
        if case .builtin = choice { template.localeFonts = true }
        return template
    }

    /// What a capture slot needs to know of a planned capture: its size, family and platform,
    /// its screen's corner radius (the theme's, else the well's, else the frame's own), its frame.
    static func instanceCapture(_ capture: PlannedCapture, theme: Theme) -> TemplateInstance.Capture {
        var radius: Double? = capture.well.screenCornerRadius > 0 ? capture.well.screenCornerRadius : nil
        if case .fraction(let f) = theme.cornerRadius { radius = f }
        return TemplateInstance.Capture(width: capture.header.width, height: capture.header.height, family: DeviceFamily.of(capture.well),
                                        platform: DevicePlatform.of(capture.well), screenCornerRadius: radius, frame: capture.frame)
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
                        "capture \(spec.capture.id) would be enlarged on the \(spec.canvas.id) canvas: expected a capture at least \(SVGNumber.format(placedWidth)) px wide (the width it is placed at), found \(captureWidth) px")
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
                d.error(spec.headlineSourceFile, field, "\(slot) does not fit its box #\(slot) (\(box)) in \(template.file), refused rather than clipped: overflows by \(SVGNumber.format(pixels)) px: \(detail)")
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
    func warnMissingFamilies(_ template: SlotTemplate, typesetter: Typesetting, into d: inout DiagnosticCollector) {
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
    func checkContrast(_ plan: Plan, into d: inout DiagnosticCollector) {
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
        }
    }
}

extension LayoutEngine {
    /// The width `capture` would be drawn at on its canvas by `choice` when that is wider than
    /// the capture (it would be enlarged), else nil: the template's own capture slot (its first),
    /// with the headline alone (the most room the template gives), the geometry the layout
    /// draws. Target expansion refuses with it, so a target and the same `storeWell` agree.
    func enlargedWidth(_ capture: PlannedCapture, choice: TemplateChoice, theme: Theme) -> Double? {
        var ignored = DiagnosticCollector()
        guard let template = Self.slotTemplate(choice, canvas: capture.canvas, captures: [capture], theme: theme, texts: ["headline"], into: &ignored) else { return nil }
        if case .failure(.enlarged(_, _, let placed, _)) = Self.placeCaptures(template, [(0, capture.header.width, capture.header.height, capture.frame)]) {
            return placed
        }
        return nil
    }
}

extension LayoutEngine {
    /// The text-slot rules on each `{{PLACEHOLDER}}` template's headline, at each canvas it is
    /// drawn on (its positions are that canvas's slots); each problem reported once.
    func checkPlaceholderTexts(_ plan: Plan, into d: inout DiagnosticCollector) {
        var seen: Set<String> = []
        var reported: Set<String> = []
        for spec in plan.outputs {
            guard case .placeholder = spec.templateChoice,
                  seen.insert("\(spec.templateFile)\u{0}\(spec.canvas.width)×\(spec.canvas.height)").inserted else { continue }
            var found = DiagnosticCollector()
            SlotTemplate.checkPlaceholderHeadline(spec.template, width: spec.canvas.width, height: spec.canvas.height, theme: spec.theme, into: &found)
            for problem in found.diagnostics where reported.insert(problem.line).inserted { d.add(problem) }
        }
    }
}
