import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A composed SVG split into what every locale shares and what only this output draws: the
/// text slots (`headline`, `subtitle`, `badge`, numbered for panels). Outputs of one capture
/// under many locales' headlines differ only in their text, so the shared layers are drawn
/// once (`base`, cached by its bytes) and each output draws only its text slots, through
/// librsvg from its own full SVG (`rsvg_handle_render_layer`), over a copy.
///
/// That is the one-pass render byte for byte when the text is drawn as it is in one pass and
/// nothing drawn after it in document order touches its pixels. So there is no split (the
/// output is drawn in one pass) when a text slot sits inside a group with opacity, a filter,
/// a mask or a clip path (librsvg would draw the layer without them), when a filter applies to
/// the text or to anything drawn after it (a filter's reach is not its shape's), when a `<use>`
/// draws after the text, or when a `<style>` sheet sets any of these. Whether what is drawn
/// after the text (`afterText`) reaches the text's pixels is measured per output
/// (`LibrsvgRasterizer.drawLayers`).
struct LayerSplit {
    /// The document without its text slots, `<title>` and `<desc>` (which draw nothing but
    /// hold the headline), and without the root's language when no text is left to use it.
    var base: Data
    /// The document as drawn after the first text slot, without the text slots, with images
    /// as plain rectangles of the same place (their reach, without decoding them): its ink is
    /// what the text must stay clear of.
    var afterText: Data
    /// The text slots' ids in document order.
    var textIDs: [String]

    /// Why a document has no split (for tests and `--verbose`); nil when it has one.
    enum Refusal: Error, Equatable, Sendable {
        case unparsable
        case noText
        case groupEffect(String)
        case filterOverText(String)
        case useAfterText
        case styleSheet
    }

    /// Elements that hold resources (drawn only where referenced), never drawn in place.
    private static let resourceContainers: Set<String> = [
        "defs", "clipPath", "mask", "pattern", "marker", "symbol", "linearGradient", "radialGradient", "filter",
        "style", "title", "desc", "metadata",
    ]

    static func split(_ svg: Data) -> Result<LayerSplit, Refusal> {
        FoundationXMLLock.run { splitLocked(svg) }
    }

    private static func splitLocked(_ svg: Data) -> Result<LayerSplit, Refusal> {
        guard let document = try? XMLDocument(data: svg, options: [.nodePreserveWhitespace]), let root = document.rootElement() else {
            return .failure(.unparsable)
        }
        let elements = SlotTemplate.allElements(root)
        // Outermost text slots only (a slot inside another goes with it).
        let slots = elements.filter { element in
            isTextSlot(element) && !ancestors(element).contains(where: isTextSlot)
        }
        guard let first = slots.first else { return .failure(.noText) }
        if elements.contains(where: { $0.localName == "style" }) {
            let sheets = elements.filter { $0.localName == "style" }.map { $0.stringValue ?? "" }.joined()
            if ["opacity", "filter", "mask", "clip", "display", "visibility"].contains(where: sheets.contains) {
                return .failure(.styleSheet)
            }
        }
        for slot in slots {
            let id = SlotTemplate.attribute(slot, "id") ?? ""
            if let group = ([root] + ancestors(slot)).first(where: hasGroupEffect) {
                return .failure(.groupEffect("#\(id) inside <\(group.localName ?? "?")\(SlotTemplate.attribute(group, "id").map { " id=\"\($0)\"" } ?? "")>"))
            }
            if ([slot] + SlotTemplate.allElements(slot)).contains(where: hasFilter) {
                return .failure(.filterOverText("#\(id)"))
            }
        }
        // Everything drawn after the first text slot: later in document order, not inside a
        // resource container, not an ancestor of a slot.
        let firstIndex = elements.firstIndex { $0 === first } ?? 0
        let slotSubtrees = Set(slots.flatMap { [ObjectIdentifier($0)] + SlotTemplate.allElements($0).map(ObjectIdentifier.init) })
        let after = elements[(firstIndex + 1)...].filter { !slotSubtrees.contains(ObjectIdentifier($0)) && isDrawnInPlace($0) }
        if after.contains(where: hasFilter) { return .failure(.filterOverText("drawn over the text")) }
        if after.contains(where: { $0.localName == "use" }) { return .failure(.useAfterText) }

        let textIDs = slots.compactMap { SlotTemplate.attribute($0, "id") }
        guard let baseDocument = document.copy() as? XMLDocument, let baseRoot = baseDocument.rootElement(),
              let afterDocument = document.copy() as? XMLDocument, let afterRoot = afterDocument.rootElement() else {
            return .failure(.unparsable)
        }
        // Base: remove the slots and the title and description.
        let baseElements = SlotTemplate.allElements(baseRoot)
        for element in baseElements where isTextSlot(element) { element.detach() }
        for child in (baseRoot.children ?? []).compactMap({ $0 as? XMLElement }) where child.localName == "title" || child.localName == "desc" {
            child.detach()
        }
        let remaining = SlotTemplate.allElements(baseRoot)
        if !remaining.contains(where: { $0.localName == "text" || $0.localName == "style" }) {
            baseRoot.attributes = (baseRoot.attributes ?? []).filter { !["lang", "xml:lang"].contains($0.name ?? "") }
        }
        // After text: keep what draws after the first slot and every resource; images become rectangles.
        let afterElements = SlotTemplate.allElements(afterRoot)
        guard afterElements.count == elements.count else { return .failure(.unparsable) }
        var keep = Set(after.map(ObjectIdentifier.init))
        for (original, copy) in zip(elements, afterElements) where keep.remove(ObjectIdentifier(original)) != nil {
            keep.insert(ObjectIdentifier(copy))
        }
        for element in afterElements.reversed() where element.parent != nil {
            let inResource = ([element] + ancestors(element)).contains { resourceContainers.contains($0.localName ?? "") }
            let holdsKept = keep.contains(ObjectIdentifier(element))
                || SlotTemplate.allElements(element).contains { keep.contains(ObjectIdentifier($0)) }
            if !inResource && !holdsKept { element.detach() }
        }
        for image in SlotTemplate.allElements(afterRoot) where image.localName == "image" {
            let kept = ["x", "y", "width", "height", "transform", "clip-path", "mask", "opacity", "style", "id"]
            image.attributes = (image.attributes ?? []).filter { kept.contains($0.name ?? "") }
            image.name = "rect"
        }
        return .success(LayerSplit(base: baseDocument.xmlData(options: [.nodePreserveWhitespace]),
                                   afterText: afterDocument.xmlData(options: [.nodePreserveWhitespace]),
                                   textIDs: textIDs))
    }

    private static func isTextSlot(_ element: XMLElement) -> Bool {
        SlotTemplate.attribute(element, "id").map(SlotTemplate.isTextSlot) ?? false
    }

    private static func ancestors(_ element: XMLElement) -> [XMLElement] {
        var result: [XMLElement] = []
        var node = element.parent as? XMLElement
        while let current = node {
            result.append(current)
            node = current.parent as? XMLElement
        }
        return result
    }

    /// Drawn where it stands (not a resource, not inside one).
    private static func isDrawnInPlace(_ element: XMLElement) -> Bool {
        !([element] + ancestors(element)).contains { resourceContainers.contains($0.localName ?? "") }
    }

    private static func property(_ element: XMLElement, _ name: String) -> String? {
        (SlotTemplate.styleProperties(element)[name] ?? SlotTemplate.attribute(element, name))?.trimmingCharacters(in: .whitespaces)
    }

    private static func hasFilter(_ element: XMLElement) -> Bool {
        property(element, "filter").map { $0 != "none" && !$0.isEmpty } ?? false
    }

    /// A group whose children librsvg draws into a layer of their own and then composites.
    private static func hasGroupEffect(_ element: XMLElement) -> Bool {
        if hasFilter(element) { return true }
        if let opacity = property(element, "opacity"), Double(opacity) != 1 { return true }
        for name in ["mask", "clip-path"] {
            if let value = property(element, name), value != "none", !value.isEmpty { return true }
        }
        if let blend = property(element, "mix-blend-mode"), blend != "normal" { return true }
        // A nested viewport clips; a switch draws only one child.
        return ["svg", "switch", "symbol"].contains(element.localName ?? "") && element.parent is XMLElement
    }
}
