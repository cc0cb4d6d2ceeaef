/// An output of the plan with its layout decided.
public struct LaidOutOutput: Equatable, Sendable {
    public var output: PlannedOutput
    public var layout: CanvasLayout
}

extension LayoutEngine {
    /// Lays out every output of `plan`; the canvas is the capture's well size. Every headline
    /// that cannot be set is reported (locale, capture, and why: overflow in pixels, missing
    /// glyphs as U+XXXX, refused emoji). With uniform sizing, each locale × well is set at the
    /// smallest fitted size among its headlines. Returns the outputs that could be laid out;
    /// callers check the collector for refusals.
    public func layoutAll(_ plan: Plan, typesetter: Typesetting, into d: inout DiagnosticCollector) -> [LaidOutOutput] {
        var laidOut: [LaidOutOutput] = []
        if case .slots(let template) = plan.templateChoice { warnMissingFamilies(template, typesetter: typesetter, into: &d) }
        checkContrast(plan, into: &d)
        for output in plan.outputs {
            let capture = plan.captures[output.captureIndex]
            let mark = d.diagnostics.count
            defer { d.attribute(since: mark, to: capture.id) }
            if plan.templateChoice != .placeholder {
                guard let template = slotTemplate(for: output, plan: plan) else {
                    d.error(plan.templateFile.displayPath, "(template)", "the built-in template could not be generated for the \(capture.canvas.width)×\(capture.canvas.height) canvas")
                    continue
                }
                if let item = layoutSlots(output, template: template, plan: plan, typesetter: typesetter, into: &d) { laidOut.append(item) }
                continue
            }
            switch layoutOne(output, plan: plan, typesetter: typesetter, fixedSize: nil) {
            case .success(let layout):
                // A store slot larger than the capture would need it enlarged: refused, since
                // an upscaled capture is soft and no longer the app's native pixels.
                if layout.capture.width > Double(capture.header.width) + 0.5 {
                    d.error(plan.job.file, "captures[\(capture.jobIndex)].storeWell",
                            "capture \(capture.id) would be enlarged on the \(capture.canvas.id) canvas: expected a capture at least \(SVGNumber.format(layout.capture.width)) px wide (the width it is placed at), found \(capture.header.width) px")
                    continue
                }
                laidOut.append(LaidOutOutput(output: output, layout: layout))
            case .failure(let refusal):
                d.add(diagnostic(refusal, file: plan.job.file, locale: output.locale, capture: capture))
            }
        }
        guard typesetting.size == .uniform else { return laidOut }

        var smallest: [String: Double] = [:]
        for item in laidOut {
            let key = uniformKey(item, plan)
            smallest[key] = min(smallest[key] ?? .infinity, item.layout.headline.style.size)
        }
        return laidOut.map { item in
            guard let size = smallest[uniformKey(item, plan)], size < item.layout.headline.style.size else { return item }
            if let template = item.layout.slots?.template {
                var ignored = DiagnosticCollector()
                return layoutSlots(item.output, template: template, plan: plan, typesetter: typesetter, fixedSize: size, into: &ignored) ?? item
            }
            guard case .success(let layout) = layoutOne(item.output, plan: plan, typesetter: typesetter, fixedSize: size) else {
                return item
            }
            return LaidOutOutput(output: item.output, layout: layout)
        }
    }

    private func uniformKey(_ item: LaidOutOutput, _ plan: Plan) -> String {
        "\(item.output.locale)\u{0}\(plan.captures[item.output.captureIndex].canvas.id)"
    }

    private func layoutOne(_ output: PlannedOutput, plan: Plan, typesetter: Typesetting, fixedSize: Double?) -> Result<CanvasLayout, HeadlineRefusal> {
        let capture = plan.captures[output.captureIndex]
        return layout(canvasWidth: capture.canvas.width, canvasHeight: capture.canvas.height,
                      captureWidth: capture.header.width, captureHeight: capture.header.height,
                      headline: output.headline, locale: output.locale, typesetter: typesetter, fixedSize: fixedSize,
                      screenCornerRadius: {
                          if case .fraction(let f) = plan.job.theme.cornerRadius { return f }
                          return capture.well.screenCornerRadius
                      }(), subtitle: plan.job.subtitles[output.locale]?[capture.id])
    }

    private func diagnostic(_ refusal: HeadlineRefusal, file: String, locale: String, capture: PlannedCapture) -> Diagnostic {
        let field = "headlines.\(locale).\(capture.id)"
        let canvas = "\(capture.canvas.width)×\(capture.canvas.height)"
        switch refusal {
        case .overflow(let pixels, let detail):
            return .error(file, field, "headline does not fit its band on the \(canvas) canvas, refused rather than clipped: overflows by \(SVGNumber.format(pixels)) px: \(detail)")
        case .missingGlyphs(let scalars):
            return .error(file, field, "no installed or registered font has a glyph for \(scalars.map(XMLText.codePoint).joined(separator: ", ")) in locale \(locale): expected every character drawable, found characters that would be drawn as boxes")
        case .emoji(let scalars):
            return .error(file, field, "headline holds emoji \(scalars.map(XMLText.codePoint).joined(separator: ", ")): librsvg 2.54 draws text as paths on PNG output, so colour emoji lose their colour (GNOME/librsvg#911): expected no emoji, or \"emoji\": \"monochrome\" in the job to accept monochrome glyphs")
        }
    }
}
