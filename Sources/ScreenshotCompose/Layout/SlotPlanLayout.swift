extension LayoutEngine {
    /// The slot template an output composes from, when it uses one.
    func slotTemplate(for spec: OutputSpec, into d: inout DiagnosticCollector) -> SlotTemplate? {
        switch spec.templateChoice {
        case .placeholder: return nil
        case .slots(let template): return template
        case .builtin(let builtin):
            var texts: Set<String> = ["headline"]
            if let subtitle = spec.subtitle, !HeadlineFitter.paragraphs(subtitle).isEmpty { texts.insert("subtitle") }
            texts.formUnion(spec.slotTexts.filter { !HeadlineFitter.paragraphs($0.value).isEmpty }.keys)
            return Self.builtinTemplate(builtin, canvas: spec.canvas, panels: spec.panel?.count ?? 1, captures: spec.captures, theme: spec.theme,
                                        maxLines: spec.typesetting.maxLines, texts: texts, into: &d)
        }
    }

    /// A built-in template generated for `canvas` (one panel) and these captures, parsed like a
    /// designer's file; its text is set in the locale's font stack.
    static func builtinTemplate(_ builtin: BuiltinTemplate, canvas: Well, panels: Int = 1, captures: [PlannedCapture], theme: Theme,
                                maxLines: Int, texts: Set<String>, into d: inout DiagnosticCollector) -> SlotTemplate? {
        let request = BuiltinTemplateRequest(
            template: builtin, width: canvas.width, height: canvas.height, panels: panels,
            captures: captures.map { capture in
                var radius = capture.well.screenCornerRadius
                if case .fraction(let f) = theme.cornerRadius { radius = f }
                return .init(width: capture.header.width, height: capture.header.height, family: DeviceFamily.of(capture.well),
                             screenCornerRadius: radius, frame: capture.frame, drawsCamera: capture.well.platform != "ios")
            },
            theme: theme, texts: texts, maxLines: maxLines)
        guard var template = SlotTemplate.parse(request.svg(), file: "builtin:\(builtin.rawValue)", into: &d) else { return nil }
        template.localeFonts = true
        return template
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
        // Capture indexes are positions in `spec.captures`.
        let result = engine.layout(template: template, captures: spec.captures.enumerated().map { ($0.offset, $0.element.header.width, $0.element.header.height, $0.element.frame) },
                                   texts: texts, locale: spec.locale, typesetter: typesetter, fixedSize: fixedSize)
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
            Contrast.check(text: theme.headlineColor, on: backgrounds, file: plan.jobFile, field: "theme.headlineColor", what: "headline", into: &d)
            if plan.outputs.contains(where: { $0.subtitle != nil }) {
                Contrast.check(text: theme.subtitleColor, on: backgrounds, file: plan.jobFile, field: "theme.subtitleColor", what: "subtitle", into: &d)
            }
        }
    }
}
