import Support
import Diagnostics
import Foundation
import Ingest

/// Device frames in capture slots. A capture slot marked `data-frame="device"` (or
/// `data-frame="<family>"`, which forces that family's frame, as `browser` does) is the room
/// the device takes: the family's frame (`templates/frames/<family>-<orientation>.svg`, a
/// drawing whose `<rect id="capture">` is the screen) is fitted to the capture by the same rule
/// as templates (scaled to the capture's width, its height made up at its stretch line: the
/// screen then has the capture's exact size), then scaled down, uniformly, into the slot —
/// never up, so the capture is never drawn beyond its own pixels — centred across, and placed
/// by `data-align` (`top`, `middle`, `bottom`) down. Its elements take the slot's place in
/// document order: those before its `capture` rect draw under the capture, those after over it.
package struct FramePlacement {
    var instance: TemplateInstance

    typealias Refusal = DrawingFit.Refusal
    typealias Capture = TemplateInstance.Capture

    func placeFrames(in tree: inout TemplateTree) throws {
        let slots = tree.documentOrder.filter { tree[$0].name == "rect" && tree[$0]["id"].map(SlotTemplate.isCaptureSlot) == true }
        for (index, slot) in slots.enumerated() {
            guard let kind = tree[slot]["data-frame"] else { continue }
            guard index < instance.captures.count else {
                // A slot no capture fills (a duo with one capture, a panel past the captures).
                tree.detach(slot)
                continue
            }
            let capture = instance.captures[index]
            if capture.frame != nil {
                // The job's own frame: the layout draws it into the slot.
                tree[slot].set("fill", "none")
                continue
            }
            let label = tree.label(slot)
            let stems: [String]
            if kind == "device" {
                // The device's shape family, then its family (`DeviceFrameChoice`).
                stems = capture.frameStems.isEmpty ? [capture.family.rawValue] : capture.frameStems
            } else if let named = DeviceFamily(rawValue: kind) {
                stems = [named.rawValue]
            } else {
                throw Refusal(element: label, message: "data-frame: expected device or one of \(DeviceFamily.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(kind)\"", position: tree[slot].position)
            }
            guard let frame = instance.frame(stems, capture.width, capture.height) else {
                throw Refusal(element: label, message: "no device frame for a \(stems[0]) capture of \(capture.width)×\(capture.height): expected templates/frames/\(stems[0])-\(Orientation(width: capture.width, height: capture.height).rawValue).svg",
                              position: tree[slot].position)
            }
            try place(frame, capture: capture, slot: slot, in: &tree)
        }
    }

    /// The frame's elements fitted to `capture`, placed in `slot`'s room, in its stead.
    private func place(_ frame: TemplateTree, capture: Capture, slot: TemplateTree.NodeID, in tree: inout TemplateTree) throws {
        let slotElement = tree[slot]
        let id = slotElement["id"] ?? "capture"
        let label = tree.label(slot)
        func number(_ e: TemplateTree.Element, _ name: String) -> Double? { e[name].flatMap { SVGLength.number($0) } }
        let frameRoot = frame[frame.root]
        guard let screenNode = frame.element(id: "capture"), frame[screenNode].name == "rect",
              let sw = number(frame[screenNode], "width"), let sh = number(frame[screenNode], "height"), sw > 0, sh > 0,
              let frameWidth = number(frameRoot, "width"), let frameHeight = number(frameRoot, "height") else {
            throw Refusal(element: label, message: "the frame \(frame.file) needs a width and height and a <rect id=\"capture\"> with a size")
        }
        let area = Rect(x: number(slotElement, "x") ?? 0, y: number(slotElement, "y") ?? 0,
                        width: number(slotElement, "width") ?? 0, height: number(slotElement, "height") ?? 0)
        let sy = number(frame[screenNode], "y") ?? 0
        let line = number(frameRoot, "data-stretch-y") ?? sy + sh / 2
        // 1: the frame at the capture's own pixels, its screen exactly the capture.
        let toCapture = Double(capture.width) / sw
        let stretch = Double(capture.height) - toCapture * sh
        let fittedWidth = frameWidth * toCapture, fittedHeight = frameHeight * toCapture + stretch
        // 2: scaled down into the slot, never up, so that the screen is whole pixels wide: the
        // capture is placed on whole pixels (`CapturePlacement.place`) and fills it exactly.
        var scale = min(area.width / fittedWidth, area.height / fittedHeight, 1)
        guard scale > 0, fittedHeight > 0 else {
            throw Refusal(element: label, message: "the slot (\(SVGNumber.format(area.width))×\(SVGNumber.format(area.height))) has no room for the frame \(frame.file)",
                          position: slotElement.position)
        }
        scale = max(1, (Double(capture.width) * scale + 1e-6).rounded(.down)) / Double(capture.width)
        var x = area.x + (area.width - fittedWidth * scale) / 2
        var y: Double
        switch slotElement["data-align"] ?? "middle" {
        case "top": y = area.y
        case "bottom": y = area.maxY - fittedHeight * scale
        case "middle": y = area.y + (area.height - fittedHeight * scale) / 2
        case let other:
            throw Refusal(element: label, message: "data-align: expected top, middle or bottom, found \"\(other)\"", position: slotElement.position)
        }
        // The screen's corner on a whole pixel (the frame moves by less than half a pixel).
        let screenX = x + (number(frame[screenNode], "x") ?? 0) * toCapture * scale, screenY = y + sy * toCapture * scale
        x += screenX.rounded() - screenX
        y += screenY.rounded() - screenY
        // The frame's own ids take the slot's number: device-shadow, device-2-shadow, ….
        let prefix = id == "capture" ? "device" : "device-\(id.dropFirst("capture-".count))"
        func name(_ frameId: String) -> String {
            if frameId == "capture" { return id }
            return frameId.hasPrefix("device") ? prefix + frameId.dropFirst("device".count) : "\(prefix)-\(frameId)"
        }
        guard let parent = tree[slot].parent, let at = tree.indexInParent(slot) else { return }
        tree.detach(slot)
        var inserted: [TemplateTree.NodeID] = []
        for child in frameRoot.children {
            guard case .element(let node) = child, !["title", "desc", "metadata"].contains(frame[node].name) else { continue }
            inserted.append(tree.insertCopy(of: node, from: frame, into: parent, at: at + inserted.count) { element in
                element.attributes = element.attributes.map { .init($0.name, $0.name == "id" ? name($0.value) : References.rename($0.name, $0.value, name)) }
                // Refusals about the drawing name the template's slot, not the frame file's lines.
                element.position = slotElement.position
            })
        }
        try DrawingFit(scale: toCapture * scale, line: line, stretch: stretch * scale, offsetX: x, offsetY: y).apply(&tree, to: inserted)
        var holding: Set<String> = []
        if instance.theme.shadow { holding.insert("shadow") }
        if capture.platform != "ios" { holding.insert("not-ios") }
        try ThemeMarkup.apply(instance.theme, holding: holding, to: &tree, nodes: inserted)
        guard let screen = tree.element(id: id), let width = number(tree[screen], "width") else { return }
        // The opening is the device's own corner (the well's, or the theme's): never the
        // drawing's, which would cut what the device shows in its corners.
        let radius = (width * capture.screenCornerRadius).rounded(), moved = radius - (number(tree[screen], "rx") ?? 0)
        tree[screen].set("rx", SVGNumber.format(radius))
        tree[screen].set("ry", nil)
        // The corners marked data-corner="screen" (the body, its rim) keep their distance from
        // the opening's, the shadow's rings with the body's: a squarer opening stays inside.
        let body = tree.element(id: name("device-body")).flatMap { tree[$0]["data-corner"] == "screen" ? number(tree[$0], "rx") : nil }
        for node in inserted.flatMap({ [$0] + tree.descendants(of: $0) }) where tree[node]["data-corner"] == "screen" {
            tree[node].set("rx", number(tree[node], "rx").map { SVGNumber.format(max(0, $0 + moved)) })
            tree[node].set("data-corner", nil)
        }
        if let body, moved != 0, let shadow = tree.element(id: name("device-shadow")) {
            for ring in tree[shadow].elementChildren {
                tree[ring].set("d", tree[ring]["d"].flatMap { Self.ringPath($0, bodyRadius: max(0, body + moved), phoneRadius: body) } ?? tree[ring]["d"])
            }
        }
        placeCutout(capture, screen: screen, cutoutId: name("device-cutout"), in: &tree)
    }

    /// The screen's cutout drawn at its recorded rectangle (scaled with the screen), over the
    /// capture: the frame's `<rect id="device-cutout">` gives its look (else black, just after
    /// the screen); a capture whose shape has no cutout gets none, the frame's is removed.
    /// Drawn inside the rectangle and never beyond it: a notch as the rectangle, a Dynamic
    /// Island as the pill and a punch hole as the ellipse the rectangle holds.
    private func placeCutout(_ capture: Capture, screen: TemplateTree.NodeID, cutoutId: String, in tree: inout TemplateTree) {
        let drawn = tree.element(id: cutoutId)
        guard let cutout = capture.cutout else {
            if let drawn { tree.detach(drawn) }
            return
        }
        func number(_ name: String) -> Double { tree[screen][name].flatMap { SVGLength.number($0) } ?? 0 }
        let scale = number("width") / Double(capture.width)
        let n = SVGNumber.format
        var element = drawn.map { tree[$0] } ?? TemplateTree.Element(name: "rect", attributes: [.init("id", cutoutId), .init("fill", "#000000")],
                                                                     position: tree[screen].position)
        element.name = "rect"
        element.children = []
        let (w, h) = (cutout.width * scale, cutout.height * scale)
        element.set("x", n(number("x") + cutout.x * scale))
        element.set("y", n(number("y") + cutout.y * scale))
        element.set("width", n(w))
        element.set("height", n(h))
        switch cutout.kind {
        case .notch: element.set("rx", nil); element.set("ry", nil)
        case .dynamicIsland: element.set("rx", n(min(w, h) / 2)); element.set("ry", nil)
        case .punchHole: element.set("rx", n(w / 2)); element.set("ry", n(h / 2))
        }
        for geometry in ["cx", "cy", "r", "d", "data-cutout"] { element.set(geometry, nil) }
        if let drawn {
            _ = tree.replace(drawn, with: element)
        } else if let parent = tree[screen].parent, let at = tree.indexInParent(screen) {
            _ = tree.insert(element, into: parent, at: at + 1)
        }
    }

    /// `{{FRAME_SHADOW}}` of a placeholder template: the phone frame's shadow rings, fitted
    /// around the template's frame rect by the same rule (its body's box onto the rect).
    /// The rings' corners follow the frame's own corner `radius` (the phone's are rounder).
    package static func placeholderShadow(around frame: Rect, radius: Double) -> String {
        shadows.value("\(frame.x) \(frame.y) \(frame.width) \(frame.height) \(radius)") { drawnShadow(around: frame, radius: radius) }
    }

    /// The rings for each frame rect drawn in this process (one per capture and canvas, however
    /// many locales' headlines are drawn over it).
    private static let shadows = ComposeMemo<String>(capacity: 64)

    private static func drawnShadow(around frame: Rect, radius: Double) -> String {
        guard let phone = BuiltinDrawings.phonePortraitFrame?.tree,
              let shadow = phone.element(id: "device-shadow"), let body = phone.element(id: "device-body") else { return "" }
        func number(_ name: String) -> Double? { phone[body][name].flatMap { SVGLength.number($0) } }
        guard let bx = number("x"), let by = number("y"), let bw = number("width"), let bh = number("height"), bw > 0, frame.width > 0 else { return "" }
        let scale = frame.width / bw
        var tree = TemplateTree(file: phone.file, root: TemplateTree.Element(name: "svg"))
        let group = tree.insertCopy(of: shadow, from: phone, into: tree.root)
        tree[group].set("id", "frame-shadow")
        tree[group].set("data-when", nil)
        // Each ring is the band between two rounded rects; drawn again with the corners of a
        // body whose radius is the frame's, in the drawing's units, so the shadow follows the
        // frame around its corners.
        let bodyRadius = radius / scale
        for ring in tree[group].elementChildren where tree[ring].name == "path" {
            if let d = tree[ring]["d"], let redrawn = ringPath(d, bodyRadius: bodyRadius, phoneRadius: number("rx") ?? 0) {
                tree[ring].set("d", redrawn)
            }
        }
        let fit = DrawingFit(scale: scale, line: by + bh / 2, stretch: frame.height - scale * bh,
                             offsetX: frame.x - scale * bx, offsetY: frame.y - scale * by)
        guard (try? fit.apply(&tree)) != nil else { return "" }
        let text = tree.svgText()
        let open = "<svg xmlns=\"\(TemplateTree.svgNamespace)\">"
        guard text.hasPrefix(open), text.hasSuffix("</svg>") else { return "" }
        return String(text.dropFirst(open.count).dropLast("</svg>".count))
    }

    /// A ring of the phone's shadow (`M…Z M…Z`: an outer rounded rect and the body's hole, each
    /// four sides and four quarter arcs) with corners for a body of `bodyRadius` instead of
    /// `phoneRadius`: each arc's radius moved by the difference, the sides' ends with it.
    private static func ringPath(_ d: String, bodyRadius: Double, phoneRadius: Double) -> String? {
        guard let path = PathData(d) else { return nil }
        var boxes: [(x0: Double, y0: Double, x1: Double, y1: Double, r: Double)] = []
        var points: [(Double, Double)] = [], arc: Double?, x = 0.0, y = 0.0
        func close() {
            guard let r = arc, let x0 = points.map(\.0).min(), let x1 = points.map(\.0).max(),
                  let y0 = points.map(\.1).min(), let y1 = points.map(\.1).max() else { return }
            boxes.append((x0, y0, x1, y1, r))
        }
        for (command, args) in path.commands {
            switch command {
            case "M": close(); points = []; arc = nil; (x, y) = (args[0], args[1]); points.append((x, y))
            case "L": (x, y) = (args[0], args[1]); points.append((x, y))
            case "H": x = args[0]; points.append((x, y))
            case "V": y = args[0]; points.append((x, y))
            case "A": arc = arc ?? args[0]; (x, y) = (args[5], args[6]); points.append((x, y))
            case "Z": break
            default: return nil
            }
        }
        close()
        guard boxes.count == 2 else { return nil }
        let n = SVGNumber.format
        return boxes.map { box in
            let r = max(0, min(box.r - phoneRadius + bodyRadius, (box.x1 - box.x0) / 2, (box.y1 - box.y0) / 2))
            return "M\(n(box.x0 + r)) \(n(box.y0))H\(n(box.x1 - r))A\(n(r)) \(n(r)) 0 0 1 \(n(box.x1)) \(n(box.y0 + r))V\(n(box.y1 - r))"
                + "A\(n(r)) \(n(r)) 0 0 1 \(n(box.x1 - r)) \(n(box.y1))H\(n(box.x0 + r))A\(n(r)) \(n(r)) 0 0 1 \(n(box.x0)) \(n(box.y1 - r))"
                + "V\(n(box.y0 + r))A\(n(r)) \(n(r)) 0 0 1 \(n(box.x0 + r)) \(n(box.y0))Z"
        }.joined(separator: " ")
    }
}
