/// An output of the plan with its layout decided.
public struct LaidOutOutput: Equatable, Sendable {
    public var output: PlannedOutput
    public var layout: CanvasLayout
}

extension LayoutEngine {
    /// Lays out every output of `plan`: the canvas is the capture's well size. A headline
    /// wider than its band is an error naming the locale and capture and by how many pixels
    /// it overflows. Returns nil when any headline was refused (all are reported).
    public func layoutAll(_ plan: Plan, typesetter: Typesetting, into d: inout DiagnosticCollector) -> [LaidOutOutput]? {
        var laidOut: [LaidOutOutput] = []
        var refused = false
        for output in plan.outputs {
            let capture = plan.captures[output.captureIndex]
            let result = layout(canvasWidth: capture.well.width, canvasHeight: capture.well.height,
                                captureWidth: capture.header.width, captureHeight: capture.header.height,
                                headline: output.headline, locale: output.locale, typesetter: typesetter)
            switch result {
            case .success(let layout):
                laidOut.append(LaidOutOutput(output: output, layout: layout))
            case .failure(.headlineTooWide(let width, let bandWidth)):
                refused = true
                d.error(plan.job.file, "headlines.\(output.locale).\(capture.id)",
                        "headline wider than its band on the \(capture.well.width)×\(capture.well.height) canvas, refused rather than clipped: expected at most \(SVGNumber.format(bandWidth)) px, found \(SVGNumber.format(width)) px (overflows by \(SVGNumber.format(width - bandWidth)) px)")
            }
        }
        return refused ? nil : laidOut
    }
}
