import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A slot-marked template: an ordinary SVG (it opens in a browser, Inkscape or Figma as a
/// mock-up) whose slots are marked by element ids, which design tools keep as layer names:
///
/// - `<rect id="capture">` or `capture-1`, `capture-2`, …: where a capture goes; `rx` is the
///   screen's corner radius. Elements after it draw over the capture (frame art).
/// - `<g id="headline">`, `subtitle`, `badge`: one `<rect>`, the box the text must fit, and one
///   `<text>` whose sample words give the style (family, largest size, weight, fill, anchor).
///
/// The canvas is the root's `width` × `height` (pixels, a viewBox of `0 0 width height`).
public struct SlotTemplate: Equatable, Sendable {
    public struct CaptureSlot: Equatable, Sendable {
        /// `capture` or `capture-N`.
        public var id: String
        public var rect: Rect
        public var radius: Double
    }

    public struct TextSlot: Equatable, Sendable {
        /// `headline`, `subtitle` or `badge`.
        public var id: String
        public var box: Rect
        public var fontFamily: String
        public var size: Double
        public var weight: Int
        public var fill: String
        /// `start`, `middle` or `end`.
        public var anchor: String
        /// The box's own solid fill (a badge's pill), which the text sits on instead of the canvas.
        public var boxFill: String?
    }

    /// The template text as read (or as a built-in template generated it).
    public var text: String
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

    public static let textSlotIds = ["headline", "subtitle", "badge"]

    /// `headline`, `subtitle`, `badge`, or one of them numbered for a panorama's panel (`headline-2`).
    public static func isTextSlot(_ id: String) -> Bool {
        let parts = id.split(separator: "-", maxSplits: 1).map(String.init)
        guard let kind = parts.first, textSlotIds.contains(kind) else { return false }
        return parts.count == 1 || (Int(parts[1]).map { $0 >= 1 } == true && !parts[1].hasPrefix("0") && !parts[1].hasPrefix("+"))
    }

    /// True when `text` marks slots instead of using `{{PLACEHOLDERS}}`.
    public static func isSlotMarked(_ text: String) -> Bool {
        !text.contains("{{")
    }

    /// What every SVG the tool parses from a file (a template, a frame) must be before it is
    /// parsed: within the template size limit, without a DOCTYPE or entities, well-formed.
    /// False when refused (reported naming `file` and `what` it is).
    static func acceptsDocumentText(_ text: String, file: String, what: String, into d: inout DiagnosticCollector) -> Bool {
        if text.utf8.count > SVGTemplate.maximumBytes {
            d.error(file, "(file)", "\(what) too large: expected at most \(SVGTemplate.maximumBytes) bytes, found \(text.utf8.count)")
            return false
        }
        if text.range(of: "<!DOCTYPE", options: .caseInsensitive) != nil || text.range(of: "<!ENTITY", options: .caseInsensitive) != nil {
            d.error(file, "<!DOCTYPE>", "\(what)s may not declare a DOCTYPE or entities: expected none, found one")
            return false
        }
        if let problem = XMLText.wellFormednessError(Data(text.utf8)) {
            d.error(file, "(\(what))", "\(what) is not well-formed XML: \(problem)")
            return false
        }
        return true
    }

    /// Parses and checks a slot-marked template; every problem names `file` and the element id
    /// or attribute. Nil when any error.
    public static func parse(_ text: String, file: String, into d: inout DiagnosticCollector) -> SlotTemplate? {
        let before = d.errorCount
        guard acceptsDocumentText(text, file: file, what: "template", into: &d) else { return nil }
        guard let document = try? XMLDocument(xmlString: text, options: []), let root = document.rootElement(),
              root.localName == "svg" else {
            d.error(file, "<svg>", "expected an <svg> root element, found another")
            return nil
        }
        let width = pixels(root, "width"), height = pixels(root, "height")
        guard let width, let height, width >= 1, height >= 1, width == width.rounded(), height == height.rounded() else {
            d.error(file, "<svg> width, height", "the canvas is the template's own size: expected whole pixel numbers, found width \(attribute(root, "width").map { "\"\($0)\"" } ?? "none"), height \(attribute(root, "height").map { "\"\($0)\"" } ?? "none")")
            return nil
        }
        if let viewBox = attribute(root, "viewBox") {
            let numbers = viewBox.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if numbers != [0, 0, width, height] {
                d.error(file, "<svg> viewBox", "slot coordinates are canvas pixels: expected viewBox=\"0 0 \(SVGNumber.format(width)) \(SVGNumber.format(height))\", found \"\(viewBox)\"")
            }
        }
        let positions = XMLElementPositions(text: text, root: root)
        TemplateSafety.check(root, file: file, positions: positions, &d)

        var seen: [String: String] = [:]
        var captures: [CaptureSlot] = []
        var texts: [String: TextSlot] = [:]
        for element in allElements(root) {
            guard let id = attribute(element, "id") else { continue }
            let kind = element.localName ?? element.name ?? "?"
            // Refused by TemplateSafety (every template); only the first element is a slot.
            if seen[id] != nil { continue }
            seen[id] = kind
            let isCapture = id == "capture" || (id.hasPrefix("capture-") && Int(id.dropFirst(8)).map { $0 >= 1 } == true)
            if isCapture {
                guard kind == "rect" else {
                    d.error(file, "#\(id)", "capture slot: expected a <rect id=\"\(id)\">, found <\(kind)>", at: positions[element])
                    continue
                }
                guard let box = rect(element, file: file, id: id, positions: positions, &d) else { continue }
                refuseTransforms(element, file: file, id: id, positions: positions, &d)
                captures.append(CaptureSlot(id: id, rect: box, radius: number(element, "rx") ?? number(element, "ry") ?? 0))
            } else if isTextSlot(id) {
                guard kind == "g" else {
                    d.error(file, "#\(id)", "text slot: expected a <g id=\"\(id)\"> holding one <rect> (the box) and one <text> (the style), found <\(kind)>", at: positions[element])
                    continue
                }
                let children = (element.children ?? []).compactMap { $0 as? XMLElement }
                let rects = children.filter { $0.localName == "rect" }, textElements = children.filter { $0.localName == "text" }
                guard rects.count == 1, textElements.count == 1, let boxElement = rects.first, let sample = textElements.first else {
                    d.error(file, "#\(id)", "text slot: expected one <rect> (the box) and one <text> (the style) in <g id=\"\(id)\">, found \(rects.count) <rect> and \(textElements.count) <text>", at: positions[element])
                    continue
                }
                guard let box = rect(boxElement, file: file, id: id, positions: positions, &d) else { continue }
                refuseTransforms(sample, file: file, id: id, positions: positions, &d)
                refuseTransforms(boxElement, file: file, id: id, positions: positions, &d)
                guard var slot = textStyle(sample, id: id, box: box, file: file, at: positions[sample], &d) else { continue }
                slot.boxFill = (styleProperties(boxElement)["fill"] ?? attribute(boxElement, "fill")).flatMap { Theme.isColor($0) ? $0.lowercased() : nil }
                texts[id] = slot
            }
        }
        if seen["capture"] != nil && seen["capture-1"] != nil {
            d.error(file, "#capture-1", "duplicate capture slot: expected either capture or capture-1, found both")
        }
        captures.sort { order($0.id) < order($1.id) }
        for (index, slot) in captures.enumerated() where slot.id != "capture" && order(slot.id) != index + 1 {
            d.error(file, "#\(slot.id)", "capture slots are numbered from 1 without gaps: expected capture-\(index + 1), found \(slot.id)")
            break
        }
        if captures.isEmpty {
            d.error(file, "#capture", "no capture slot: expected a <rect id=\"capture\"> (or capture-1, capture-2, …), found none")
        }
        if texts["headline"] == nil {
            d.error(file, "#headline", "no headline slot: expected a <g id=\"headline\"> with a <rect> box and a sample <text>, found none")
        }
        guard d.errorCount == before else { return nil }
        var template = SlotTemplate(text: text, file: file, width: Int(width), height: Int(height), captures: captures, texts: texts)
        template.backgroundColors = background(root, width: width, height: height)
        return template
    }

    /// The fill of `#background`, or of the first rect covering the whole canvas; a gradient
    /// fill gives its stops.
    private static func background(_ root: XMLElement, width: Double, height: Double) -> [String] {
        let elements = allElements(root)
        let covering = elements.first { attribute($0, "id") == "background" } ?? elements.first { e in
            e.localName == "rect" && (number(e, "x") ?? 0) <= 0 && (number(e, "y") ?? 0) <= 0
                && (number(e, "width") ?? 0) >= width && (number(e, "height") ?? 0) >= height
        }
        guard let covering, let fill = styleProperties(covering)["fill"] ?? attribute(covering, "fill") else { return [] }
        if Theme.isColor(fill) { return [fill.lowercased()] }
        guard fill.hasPrefix("url(#"), fill.hasSuffix(")") else { return [] }
        let id = String(fill.dropFirst(5).dropLast())
        guard let gradient = elements.first(where: { attribute($0, "id") == id }) else { return [] }
        return allElements(gradient).filter { $0.localName == "stop" }.compactMap { stop in
            (styleProperties(stop)["stop-color"] ?? attribute(stop, "stop-color")).flatMap { Theme.isColor($0) ? $0.lowercased() : nil }
        }
    }

    private static func order(_ id: String) -> Int { id == "capture" ? 1 : Int(id.dropFirst(8)) ?? 0 }

    private static func refuseTransforms(_ element: XMLElement, file: String, id: String, positions: XMLElementPositions, _ d: inout DiagnosticCollector) {
        var node: XMLElement? = element
        while let current = node, current.localName != "svg" {
            if let transform = attribute(current, "transform") {
                d.error(file, "#\(id) transform", "slot coordinates are canvas pixels: expected no transform on the slot or its groups, found transform=\"\(transform)\" on <\(current.localName ?? "")>", at: positions[current])
                return
            }
            node = current.parent as? XMLElement
        }
    }

    private static func rect(_ element: XMLElement, file: String, id: String, positions: XMLElementPositions, _ d: inout DiagnosticCollector) -> Rect? {
        guard let w = number(element, "width"), let h = number(element, "height"), w > 0, h > 0 else {
            d.error(file, "#\(id)", "slot box: expected a <rect> with a positive width and height in pixels, found width \(attribute(element, "width") ?? "none"), height \(attribute(element, "height") ?? "none")", at: positions[element])
            return nil
        }
        return Rect(x: number(element, "x") ?? 0, y: number(element, "y") ?? 0, width: w, height: h)
    }

    private static func textStyle(_ text: XMLElement, id: String, box: Rect, file: String, at position: JSONPosition?, _ d: inout DiagnosticCollector) -> TextSlot? {
        let style = styleProperties(text)
        func value(_ name: String) -> String? { style[name] ?? attribute(text, name) }
        let family = value("font-family")?.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\"", with: "")
        guard let family, !family.trimmingCharacters(in: .whitespaces).isEmpty else {
            d.error(file, "#\(id) font-family", "text style: expected a font-family on the sample <text>, found none", at: position)
            return nil
        }
        guard let sizeText = value("font-size"), let size = Double(sizeText.replacingOccurrences(of: "px", with: "")), size >= 4, size <= 2000 else {
            d.error(file, "#\(id) font-size", "text style: expected a font-size in pixels from 4 to 2000 on the sample <text>, found \(value("font-size") ?? "none")", at: position)
            return nil
        }
        let weightText = value("font-weight") ?? "400"
        let weight = weightText == "bold" ? 700 : weightText == "normal" ? 400 : Int(weightText) ?? -1
        guard (100...900).contains(weight) else {
            d.error(file, "#\(id) font-weight", "text style: expected a CSS weight 100 … 900, normal or bold, found \(weightText)", at: position)
            return nil
        }
        let fill = value("fill") ?? "#000000"
        guard Theme.isColor(fill) else {
            d.error(file, "#\(id) fill", "text style: expected a fill #rrggbb or #rrggbbaa (its contrast is checked), found \(fill)", at: position)
            return nil
        }
        let anchor = value("text-anchor") ?? "start"
        guard ["start", "middle", "end"].contains(anchor) else {
            d.error(file, "#\(id) text-anchor", "text style: expected start, middle or end, found \(anchor)", at: position)
            return nil
        }
        return TextSlot(id: id, box: box, fontFamily: family, size: size, weight: weight, fill: fill.lowercased(), anchor: anchor)
    }

    /// `style="a:b;c:d"` as a map (Inkscape writes text styles there).
    static func styleProperties(_ element: XMLElement) -> [String: String] {
        var result: [String: String] = [:]
        for part in (attribute(element, "style") ?? "").split(separator: ";") {
            let pair = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2 { result[pair[0]] = pair[1] }
        }
        return result
    }

    static func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { ($0.name ?? "") == name }?.stringValue
    }

    private static func number(_ element: XMLElement, _ name: String) -> Double? {
        guard let text = attribute(element, name) else { return nil }
        return Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "px", with: "")).flatMap { $0.isFinite ? $0 : nil }
    }

    private static func pixels(_ element: XMLElement, _ name: String) -> Double? { number(element, name) }

    /// Every element below `root`, in document order.
    static func allElements(_ root: XMLElement) -> [XMLElement] {
        var result: [XMLElement] = []
        func walk(_ element: XMLElement) {
            for child in element.children ?? [] {
                if let e = child as? XMLElement {
                    result.append(e)
                    walk(e)
                }
            }
        }
        walk(root)
        return result
    }
}
