import Support
import Diagnostics
import Ingest

/// A capture placed in a template's capture slot: scaled to fit the slot (aspect kept, never
/// enlarged), centred, clipped to a rounded rect of the slot's corner radius.
public struct PlacedCapture: Equatable, Sendable {
    /// `capture` or `capture-N`: also the id of the `<image>` in the composed SVG.
    public var slotId: String
    /// Index into the output's captures (`OutputSpec.captures`).
    public var captureIndex: Int
    public var rect: Rect
    public var radius: Double
    /// The job's frame drawn over the capture: the slot holds the frame, the capture sits in its screen.
    public var frame: PlacedFrame? = nil
}

/// A user frame (`UserFrame`) placed in a capture slot.
public struct PlacedFrame: Equatable, Sendable {
    /// The whole frame, fitted into the slot (aspect kept, centred).
    public var rect: Rect
    /// The frame's screen: black behind the capture, so a capture of another aspect shows bars.
    public var screen: Rect
    public var href: String
}

/// Where a template puts captures on a canvas: the slot template a choice of template gives for
/// a canvas and its captures, and each capture placed in its slot. The one geometry the layout
/// draws, target expansion refuses enlargement with, and `wells identify` answers with.
package enum CapturePlacement {
    /// Why captures could not be placed.
    package enum Refusal: Error, Equatable, Sendable {
        /// The capture would be drawn wider than its own pixels.
        case enlarged(slot: String, captureIndex: Int, placedWidth: Double, captureWidth: Int)
        /// More captures than capture slots.
        case tooFewSlots(slots: Int, captures: Int)
    }

    /// The slot template `choice` composes `canvas` (× `panels`) from with these captures: a
    /// built-in's drawing for the canvas's family and orientation, or a designer's template,
    /// each fitted by the rule in `DrawingFit` (a designer's only when its size differs or it
    /// uses the rule's markers); nil when refused. A placeholder template's slots are made from
    /// the output's own template (`slotTemplate(for:)`, `SlotTemplate(placeholders:…)`).
    package static func slotTemplate(_ choice: TemplateChoice, canvas: Well, panels: Int = 1, captures: [PlannedCapture], theme: Theme,
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
                                        frame: { stems, width, height in BuiltinDrawings.shared.frame(stems, width: width, height: height)?.tree })
        let tree: TemplateTree
        do {
            tree = try instance.tree(file: shown)
        } catch let refusal as DrawingFit.Refusal {
            d.error(drawing.file, refusal.element, "cannot fit the drawing to the \(canvas.canvasName): \(refusal.message)", at: refusal.position)
            return nil
        } catch {
            d.error(drawing.file, "(template)", "cannot fit the drawing to the \(canvas.canvasName): \(error)")
            return nil
        }
        guard var template = SlotTemplate(tree: tree, into: &d) else { return nil }
        if case .builtin = choice { template.localeFonts = true }
        return template
    }

    /// What a capture slot needs to know of a planned capture: its size, family and platform,
    /// its screen's corner radius (the theme's, else the well's, else square), its frame (the
    /// job's, else the shipped frame of its shape family) and its cutout.
    static func instanceCapture(_ capture: PlannedCapture, theme: Theme) -> TemplateInstance.Capture {
        let well = capture.well, family = DeviceFamily.of(well), platform = DevicePlatform.of(well)
        return TemplateInstance.Capture(width: capture.header.width, height: capture.header.height, family: family, platform: platform,
                                        screenCornerRadius: theme.screenCornerFraction(of: well), frame: capture.frame,
                                        frameStems: DeviceFrameChoice.stems(well, family: family, platform: platform),
                                        cutout: well.shape.cutout)
    }

    /// Each capture in its slot, in slot order, by the one rule (`place`): in the slot itself, or
    /// with a `frame`, in the frame's screen once the frame is fitted into the slot.
    /// Target expansion checks enlargement with this too, so both see one geometry.
    package static func placeCaptures(_ template: SlotTemplate, _ captures: [(index: Int, width: Int, height: Int, frame: UserFrame?)]) -> Result<[PlacedCapture], Refusal> {
        guard captures.count <= template.captures.count else {
            return .failure(.tooFewSlots(slots: template.captures.count, captures: captures.count))
        }
        var placed: [PlacedCapture] = []
        for (slot, capture) in zip(template.captures, captures) {
            var box = slot.rect, radius = slot.radius, placedFrame: PlacedFrame? = nil
            if slot.placeholderFrame == nil, let frame = capture.frame {
                let fitted = frame.placed(in: slot.rect, captureWidth: capture.width, captureHeight: capture.height)
                (box, radius) = (fitted.screen, frame.screenRadius * fitted.scale)
                placedFrame = PlacedFrame(rect: fitted.frame, screen: fitted.screen, href: frame.href)
            }
            switch place(width: capture.width, height: capture.height, in: box, radius: radius) {
            case .success(var (rect, radius)):
                // The placeholder's corner is the screen's, a fraction of the width it is drawn at.
                if let framed = slot.placeholderFrame { radius = (rect.width * framed.screenCornerRadius).rounded() }
                placed.append(PlacedCapture(slotId: slot.id, captureIndex: capture.index, rect: rect, radius: radius, frame: placedFrame))
            case .failure(let enlarged):
                return .failure(.enlarged(slot: slot.id, captureIndex: capture.index, placedWidth: enlarged.width, captureWidth: capture.width))
            }
        }
        return .success(placed)
    }

    /// The width a capture would be drawn at, wider than its own pixels.
    package struct Enlarged: Error, Equatable { package var width: Double }

    /// The one rule that places a capture of `width` × `height` in a `box` (a slot, a frame's
    /// screen): its aspect kept, exact or scaled down — never enlarged, refused when the box
    /// would draw it wider than its own pixels — on whole pixels, centred; its corners `radius`
    /// (the box's, in canvas units: the well's screen corners at the drawn scale), rounded too.
    package static func place(width: Int, height: Int, in box: Rect, radius: Double) -> Result<(rect: Rect, radius: Double), Enlarged> {
        let scale = min(box.width / Double(width), box.height / Double(height))
        // Whole pixels, with room for the box's own rounding (a box of exactly the capture's
        // width computed as 1289.9999…).
        let drawnWidth = (Double(width) * scale + 1e-6).rounded(.down)
        if drawnWidth > Double(width) { return .failure(Enlarged(width: drawnWidth)) }
        let fitted = min(scale, 1)
        let w = (Double(width) * fitted + 1e-6).rounded(.down), h = (Double(height) * fitted + 1e-6).rounded(.down)
        let rect = Rect(x: (box.x + (box.width - w) / 2).rounded(), y: (box.y + (box.height - h) / 2).rounded(), width: w, height: h)
        return .success((rect, max(0, radius).rounded()))
    }

    /// The width `capture` would be drawn at on its canvas by `choice` when that is wider than
    /// the capture (it would be enlarged), else nil: the template's own capture slot (its first),
    /// with the headline alone (the most room the template gives), the geometry the layout
    /// draws. Target expansion refuses with it, so a target and the same `storeWell` agree.
    static func enlargedWidth(_ capture: PlannedCapture, choice: TemplateChoice, theme: Theme) -> Double? {
        var ignored = DiagnosticCollector()
        guard let template = slotTemplate(choice, canvas: capture.canvas, captures: [capture], theme: theme, texts: ["headline"], into: &ignored) else { return nil }
        if case .failure(.enlarged(_, _, let placed, _)) = placeCaptures(template, [(0, capture.header.width, capture.header.height, capture.frame)]) {
            return placed
        }
        return nil
    }

    /// Whether a capture is drawn at most at its own size on a canvas by the `{{PLACEHOLDER}}`
    /// template's slots at `proportions` (never enlarged).
    package static func fitsWithoutEnlarging(canvasWidth: Int, canvasHeight: Int, captureWidth: Int, captureHeight: Int,
                                     proportions: LayoutProportions = LayoutProportions()) -> Bool {
        let template = SlotTemplate(placeholders: .empty, width: canvasWidth, height: canvasHeight, theme: Theme(), screenCornerRadius: 0,
                                    proportions: proportions)
        if case .success = placeCaptures(template, [(0, captureWidth, captureHeight, nil)]) { return true }
        return false
    }
}
