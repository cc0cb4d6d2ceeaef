import Foundation
import Diagnostics
import Support

/// A slot-marked template: an ordinary SVG (it opens in a browser, Inkscape or Figma as a
/// mock-up) whose slots are marked by element ids, which design tools keep as layer names:
///
/// - `<rect id="capture">` or `capture-1`, `capture-2`, …: where a capture goes; `rx` is the
///   screen's corner radius. Elements after it draw over the capture (frame art).
/// - `<g id="headline">`, `subtitle`, `badge`: one `<rect>`, the box the text must fit, and one
///   `<text>` whose sample words give the style (family, largest size, weight, fill, anchor).
///
/// The canvas is the root's `width` × `height` (pixels, a viewBox of `0 0 width height`). Slots
/// may sit in transformed groups and nested `<svg>` viewports: their boxes are where they land
/// on the canvas (`TemplateGeometry`), which must be inside it, upright and, for a capture,
/// not stretched.
public struct SlotTemplate: Equatable, Sendable {
    public struct CaptureSlot: Equatable, Sendable {
        /// `capture` or `capture-N`.
        public var id: String
        /// The slot's box on the canvas.
        public var rect: Rect
        /// The corner radius on the canvas.
        public var radius: Double
        /// From the slot's own coordinates to the canvas (the composer writes the capture in the
        /// slot's coordinates).
        public var toCanvas: Affine = .identity
        /// A `{{PLACEHOLDER}}` template's capture (`PlaceholderSlots`); nil for a drawn slot.
        package var placeholderFrame: PlaceholderFrame? = nil
    }

    public struct TextSlot: Equatable, Sendable {
        /// `headline`, `subtitle` or `badge`.
        public var id: String
        /// The box on the canvas.
        public var box: Rect
        public var fontFamily: String
        /// The largest size, in canvas pixels.
        public var size: Double
        public var weight: Int
        /// The text's effective fill (its own, inherited, or set by CSS): what the contrast check reads.
        public var fill: String
        /// `start`, `middle` or `end`.
        public var anchor: String
        /// The box's own solid fill (a badge's pill), which the text sits on instead of the canvas.
        public var boxFill: String?
        /// From the sample text's coordinates to the canvas (the composer writes the lines in them).
        public var toCanvas: Affine = .identity
        /// Set under the headline, this far below it, in the headline's box (a `{{PLACEHOLDER}}`
        /// template's subtitle): fitted first in its own `box`, the headline gets the rest of its
        /// box, and the two are centred in it together.
        public var stackedGap: Double? = nil
    }

    /// The template as read: the normalized tree the composer fills.
    public var tree: TemplateTree
    public var file: String
    public var width: Int
    public var height: Int
    /// In slot order: `capture` (alone) or `capture-1`, `capture-2`, ….
    public var captures: [CaptureSlot]
    public var texts: [String: TextSlot]
    /// The colours the canvas background shows (a solid fill, or a gradient's stops), when
    /// the template's background is a `<rect id="background">` or a rect covering the canvas.
    public var backgroundColors: [String] = []
    /// Built-in templates set their text in the locale's font stack (the job's `fonts`);
    /// a designer's template in its own family first.
    public var localeFonts = false
    /// The slots of a `{{PLACEHOLDER}}` template (`SlotTemplate(placeholders:…)`): the composer
    /// fills its placeholders from the layout rather than replacing slot elements.
    public var placeholders = false

    public static let textSlotIds = ["headline", "subtitle", "badge"]

    /// `headline`, `subtitle`, `badge`, or one of them numbered for a panorama's panel (`headline-2`).
    public static func isTextSlot(_ id: String) -> Bool {
        let parts = id.split(separator: "-", maxSplits: 1).map(String.init)
        guard let kind = parts.first, textSlotIds.contains(kind) else { return false }
        return parts.count == 1 || (Int(parts[1]).map { $0 >= 1 } == true && !parts[1].hasPrefix("0") && !parts[1].hasPrefix("+"))
    }

    /// `capture` or `capture-N` (N from 1).
    public static func isCaptureSlot(_ id: String) -> Bool {
        id == "capture" || (id.hasPrefix("capture-") && Int(id.dropFirst(8)).map { $0 >= 1 } == true)
    }

    /// Any slot id.
    public static func isSlot(_ id: String) -> Bool { isCaptureSlot(id) || isTextSlot(id) }

    /// True when `text` marks slots instead of using `{{PLACEHOLDERS}}`.
    public static func isSlotMarked(_ text: String) -> Bool {
        !text.contains("{{")
    }

    /// Reads and checks a slot-marked template; every problem names `file` and the element id
    /// or attribute. Nil when any error.
    public static func parse(_ text: String, file: String, into d: inout DiagnosticCollector) -> SlotTemplate? {
        let (tree, accepted) = TemplateTree.readReportingAll(data: Data(text.utf8), file: file, into: &d)
        guard let tree else { return nil }
        let template = SlotTemplate(tree: tree, into: &d)
        return accepted ? template : nil
    }

    /// Resource containers: what they hold is drawn only where referenced, never in place.
    package static let resourceContainers: Set<String> = ["defs", "clipPath", "mask", "pattern", "marker", "symbol", "linearGradient", "radialGradient", "filter"]

    /// The slots of a tree the reader made (`TemplateTree.read`), checked. Nil when any error.
    public init?(tree: TemplateTree, into d: inout DiagnosticCollector) {
        let before = d.errorCount
        let file = tree.file
        let root = tree[tree.root]
        let width = root["width"].flatMap { SVGLength.number($0) }, height = root["height"].flatMap { SVGLength.number($0) }
        guard let width, let height, width >= 1, height >= 1, width == width.rounded(), height == height.rounded() else {
            d.error(file, "<svg> width, height", "the canvas is the template's own size: expected whole pixel numbers, found width \(root["width"].map { "\"\($0)\"" } ?? "none"), height \(root["height"].map { "\"\($0)\"" } ?? "none")")
            return nil
        }
        if let viewBox = root["viewBox"], SVGLength.numbers(viewBox) != [0, 0, width, height] {
            d.error(file, "<svg> viewBox", "slot coordinates are canvas pixels: expected viewBox=\"0 0 \(SVGNumber.format(width)) \(SVGNumber.format(height))\", found \"\(viewBox)\"")
        }
        let canvas = Rect(x: 0, y: 0, width: width, height: height)
        var seen: Set<String> = []
        // A slot refused for where it lands or what it holds is there: no follow-on "no slot".
        var refused: Set<String> = []
        var captures: [CaptureSlot] = []
        var texts: [String: TextSlot] = [:]
        for node in tree.documentOrder {
            guard let id = tree[node]["id"], Self.isSlot(id), !seen.contains(id) else { continue }
            seen.insert(id)
            let element = tree[node]
            let position = element.position
            if let container = tree.ancestors(of: node).first(where: { Self.resourceContainers.contains(tree[$0].name) }) {
                d.error(file, "#\(id)", "slot inside <\(tree[container].name)>, which is drawn only where something refers to it: expected the slot drawn where it stands", at: position)
                refused.insert(id)
                continue
            }
            if Self.isCaptureSlot(id) {
                guard element.name == "rect" else {
                    d.error(file, "#\(id)", "capture slot: expected a <rect id=\"\(id)\">, found <\(element.name)>", at: position)
                    refused.insert(id)
                continue
                }
                guard let box = Self.placed(node, in: tree, canvas: canvas, id: id, uniform: true, into: &d) else {
                    refused.insert(id)
                continue
                }
                let radius = (element["rx"] ?? element["ry"]).flatMap { SVGLength.number($0) } ?? 0
                captures.append(CaptureSlot(id: id, rect: box.rect, radius: radius * box.map.scales.x, toCanvas: box.map))
            } else {
                guard element.name == "g" else {
                    d.error(file, "#\(id)", "text slot: expected a <g id=\"\(id)\"> holding one <rect> (the box) and one <text> (the style), found <\(element.name)>", at: position)
                    refused.insert(id)
                continue
                }
                let children = element.elementChildren
                let rects = children.filter { tree[$0].name == "rect" }, samples = children.filter { tree[$0].name == "text" }
                guard rects.count == 1, samples.count == 1, let boxNode = rects.first, let sample = samples.first else {
                    d.error(file, "#\(id)", "text slot: expected one <rect> (the box) and one <text> (the style) in <g id=\"\(id)\">, found \(rects.count) <rect> and \(samples.count) <text>", at: position)
                    refused.insert(id)
                continue
                }
                guard let box = Self.placed(boxNode, in: tree, canvas: canvas, id: id, uniform: false, into: &d),
                      let textMap = Self.upright(sample, in: tree, id: id, into: &d) else {
                    refused.insert(id)
                continue
                }
                guard var slot = Self.textStyle(sample, in: tree, id: id, box: box.rect, scale: textMap.scales.y, into: &d) else {
                    refused.insert(id)
                    continue
                }
                slot.toCanvas = textMap
                slot.boxFill = Self.solidFill(boxNode, in: tree)
                TextSlotVisibility.check(id, sample: sample, box: box.rect, in: tree, into: &d)
                texts[id] = slot
            }
        }
        if seen.contains("capture") && seen.contains("capture-1") {
            d.error(file, "#capture-1", "duplicate capture slot: expected either capture or capture-1, found both")
        }
        captures.sort { Self.order($0.id) < Self.order($1.id) }
        for (index, slot) in captures.enumerated() where slot.id != "capture" && Self.order(slot.id) != index + 1 {
            d.error(file, "#\(slot.id)", "capture slots are numbered from 1 without gaps: expected capture-\(index + 1), found \(slot.id)")
            break
        }
        if captures.isEmpty && refused.isDisjoint(with: ["capture", "capture-1"]) {
            d.error(file, "#capture", "no capture slot: expected a <rect id=\"capture\"> (or capture-1, capture-2, …), found none")
        }
        if texts["headline"] == nil && !refused.contains("headline") {
            d.error(file, "#headline", "no headline slot: expected a <g id=\"headline\"> with a <rect> box and a sample <text>, found none")
        }
        guard d.errorCount == before else { return nil }
        self.tree = tree
        self.file = file
        self.width = Int(width)
        self.height = Int(height)
        self.captures = captures
        self.texts = texts
        backgroundColors = Self.background(tree, canvas: canvas)
    }

    /// The slot element's map to the canvas when upright (translations and scales only).
    private static func upright(_ node: TemplateTree.NodeID, in tree: TemplateTree, id: String, into d: inout DiagnosticCollector) -> Affine? {
        guard let map = tree.userToCanvas(node) else {
            d.error(tree.file, "#\(id) transform", "slot geometry: expected transforms and viewports in numbers, found one that cannot be read on the slot or its groups", at: tree[node].position)
            return nil
        }
        guard map.isAxisAligned, map.a > 0, map.d > 0 else {
            let culprit = ([node] + tree.ancestors(of: node)).first { tree[$0]["transform"] != nil }
            d.error(tree.file, "#\(id) transform", "a slot is an upright box: expected translations and scales only on the slot and its groups, found \(culprit.map { "transform=\"\(tree[$0]["transform"] ?? "")\" on <\(tree[$0].name)>" } ?? "a rotated or mirrored viewport")", at: culprit.flatMap { tree[$0].position } ?? tree[node].position)
            return nil
        }
        return map
    }

    /// A slot rect's box on the canvas, checked: upright, inside the canvas and every nested
    /// viewport that clips it, and (`uniform`, a capture) scaled alike across and down.
    private static func placed(_ node: TemplateTree.NodeID, in tree: TemplateTree, canvas: Rect, id: String, uniform: Bool,
                               into d: inout DiagnosticCollector) -> (rect: Rect, map: Affine)? {
        let element = tree[node]
        let position = element.position
        guard let w = element["width"].flatMap({ SVGLength.number($0) }), let h = element["height"].flatMap({ SVGLength.number($0) }), w > 0, h > 0 else {
            d.error(tree.file, "#\(id)", "slot box: expected a <rect> with a positive width and height in pixels, found width \(element["width"] ?? "none"), height \(element["height"] ?? "none")", at: position)
            return nil
        }
        guard let map = upright(node, in: tree, id: id, into: &d) else { return nil }
        let local = Rect(x: element["x"].flatMap { SVGLength.number($0) } ?? 0, y: element["y"].flatMap { SVGLength.number($0) } ?? 0, width: w, height: h)
        let box = map.apply(local)
        let n = SVGNumber.format
        func shown(_ r: Rect) -> String { "\(n(r.width))×\(n(r.height)) at \(n(r.x)),\(n(r.y))" }
        if uniform {
            let (sx, sy) = map.scales
            if abs(sx / sy - 1) > 0.01 {
                d.error(tree.file, "#\(id)", "the capture would be stretched: expected its slot scaled alike across and down (within 1 %), found \(n(sx))× across and \(n(sy))× down (transforms or a viewport's preserveAspectRatio around it)", at: position)
                return nil
            }
        }
        guard canvas.contains(box) else {
            d.error(tree.file, "#\(id)", "slot outside the canvas: expected its box inside the \(n(canvas.width))×\(n(canvas.height)) canvas, found \(shown(box)) (after the transforms and viewports around it)", at: position)
            return nil
        }
        if let clips = tree.viewportClips(of: node), let clip = clips.first(where: { !$0.contains(box) }) {
            d.error(tree.file, "#\(id)", "slot cropped by a nested <svg> viewport: expected its box inside the viewport's \(shown(clip)), found \(shown(box))", at: position)
            return nil
        }
        return (box, map)
    }

    private static func order(_ id: String) -> Int { id == "capture" ? 1 : Int(id.dropFirst(8)) ?? 0 }

    /// The sample text's style as it applies to it (its own attributes after CSS, else its
    /// groups'); the size in canvas pixels.
    private static func textStyle(_ text: TemplateTree.NodeID, in tree: TemplateTree, id: String, box: Rect, scale: Double,
                                  into d: inout DiagnosticCollector) -> TextSlot? {
        let file = tree.file
        let position = tree[text].position
        func value(_ name: String) -> String? { tree.inherited(text, name)?.trimmingCharacters(in: .whitespaces) }
        let family = value("font-family")?.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\"", with: "")
        guard let family, !family.trimmingCharacters(in: .whitespaces).isEmpty else {
            d.error(file, "#\(id) font-family", "text style: expected a font-family on the sample <text>, found none", at: position)
            return nil
        }
        guard let sizeText = value("font-size"), let local = SVGLength.number(sizeText) else {
            d.error(file, "#\(id) font-size", "text style: expected a font-size in pixels from 4 to 2000 on the sample <text>, found \(value("font-size") ?? "none")", at: position)
            return nil
        }
        let size = local * scale
        guard size >= 4, size <= 2000 else {
            d.error(file, "#\(id) font-size", "text style: expected a font-size in pixels from 4 to 2000 on the sample <text>, found \(SVGNumber.format(size))\(scale == 1 ? "" : " on the canvas (\(sizeText) scaled \(SVGNumber.format(scale))×)")", at: position)
            return nil
        }
        let weightText = value("font-weight") ?? "400"
        let weight = weightText == "bold" ? 700 : weightText == "normal" ? 400 : Int(weightText) ?? -1
        guard (100...900).contains(weight) else {
            d.error(file, "#\(id) font-weight", "text style: expected a CSS weight 100 … 900, normal or bold, found \(weightText)", at: position)
            return nil
        }
        let written = value("fill") ?? "#000000"
        guard let fill = CSSColor.resolving(written, current: { value("color") ?? "#000000" }) else {
            d.error(file, "#\(id) fill", "text style: expected a fill in a colour (#rgb, #rrggbb, #rrggbbaa, rgb(), hsl(), a name; its contrast is checked), found \(written)", at: position)
            return nil
        }
        let anchor = value("text-anchor") ?? "start"
        guard ["start", "middle", "end"].contains(anchor) else {
            d.error(file, "#\(id) text-anchor", "text style: expected start, middle or end, found \(anchor)", at: position)
            return nil
        }
        return TextSlot(id: id, box: box, fontFamily: family, size: size, weight: weight, fill: fill, anchor: anchor)
    }

    /// An element's solid fill as it applies to it (own, CSS or inherited), when it is a colour.
    static func solidFill(_ node: TemplateTree.NodeID, in tree: TemplateTree) -> String? {
        guard let fill = tree.inherited(node, "fill") else { return nil }
        return CSSColor.resolving(fill, current: { tree.inherited(node, "color") ?? "#000000" })
    }

    /// The fill of `#background`, or of the first rect covering the whole canvas; a gradient
    /// fill gives its stops.
    private static func background(_ tree: TemplateTree, canvas: Rect) -> [String] {
        let nodes = tree.documentOrder.filter { node in !tree.ancestors(of: node).contains { resourceContainers.contains(tree[$0].name) } }
        let covering = nodes.first { tree[$0]["id"] == "background" } ?? nodes.first { node in
            tree[node].name == "rect" && (tree.canvasBounds(node).map { $0.contains(canvas, tolerance: 0) } ?? false)
        }
        guard let covering, let fill = tree.inherited(covering, "fill")?.trimmingCharacters(in: .whitespaces) else { return [] }
        if let color = solidFill(covering, in: tree) { return [color] }
        guard fill.hasPrefix("url(#"), let close = fill.firstIndex(of: ")") else { return [] }
        let id = String(fill[fill.index(fill.startIndex, offsetBy: 5)..<close])
        guard let gradient = tree.element(id: id) else { return [] }
        return tree.descendants(of: gradient).filter { tree[$0].name == "stop" }.compactMap { stop in
            tree[stop]["stop-color"].flatMap { CSSColor.resolving($0, current: { tree.inherited(stop, "color") ?? "#000000" }) }
        }
    }
}
