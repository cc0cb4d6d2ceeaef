import Support
import Foundation
import Diagnostics
import Ingest
import Plan

/// A composed SVG split into what every locale shares and what only this output draws: the
/// text slots (`headline`, `subtitle`, `badge`, numbered for panels). Outputs of one capture
/// under many locales' headlines differ only in their text, so the shared layers are drawn
/// once (`base`, cached by its bytes) and each output draws only its text slots, through
/// librsvg from its own full SVG (`rsvg_handle_render_layer`), over a copy.
///
/// What depends on the locale is read from the composed tree (`TemplateTree`, with CSS resolved
/// into attributes and every `<use>` expanded, so nothing reaches the text unseen): the text
/// slots, `<title>` and `<desc>`, the root's language, and anything that refers into a text slot
/// (a `url(#…)` or an href to an element inside it). That is the one-pass render byte for byte
/// when the text is drawn as it is in one pass and nothing drawn after it in document order
/// touches its pixels. So there is no split (the output is drawn in one pass) when a text slot
/// sits inside a group with opacity, a filter, a mask, a clip path or a blend mode (librsvg would
/// draw the layer without them), when a filter applies to the text or to anything drawn after it
/// (a filter's reach is not its shape's), or when anything outside the text refers into it.
/// Whether what is drawn after the text (`afterText`) reaches the text's pixels is measured per
/// output (`LibrsvgRasterizer.drawLayers`). Everything else in the base (per-locale captures,
/// other text) is part of the key the layers are shared by: its bytes and the images' SHA-256.
package struct LayerSplit {
    /// The document without its text slots, `<title>` and `<desc>` (which draw nothing but
    /// hold the headline), and without the root's language when no text is left to use it.
    package var base: Data
    /// The document as drawn after the first text slot, without the text slots, with images
    /// as plain rectangles of the same place (their reach, without decoding them): its ink is
    /// what the text must stay clear of.
    package var afterText: Data
    /// The text slots' ids in document order.
    package var textIDs: [String]

    /// Why a document has no split (for tests and `--verbose`); nil when it has one.
    package enum Refusal: Error, Equatable, Sendable {
        case unparsable
        case noText
        case groupEffect(String)
        case filterOverText(String)
        /// Something outside the text slots refers to an element inside one (by `url(#id)` or href).
        case refersToText(String)
    }

    /// Elements that hold resources (drawn only where referenced), never drawn in place.
    private static let resourceContainers: Set<String> = [
        "defs", "clipPath", "mask", "pattern", "marker", "symbol", "linearGradient", "radialGradient", "filter",
        "title", "desc",
    ]

    /// Splits a composed SVG read back from its bytes (the tool's own output: its capture links
    /// are the tool's).
    static func split(_ svg: Data) -> Result<LayerSplit, Refusal> {
        var d = DiagnosticCollector()
        var options = TemplateReadOptions(what: "composed SVG")
        options.composedOutput = true
        guard let tree = TemplateTree.read(data: svg, file: "(composed)", options: options, into: &d) else { return .failure(.unparsable) }
        return split(tree)
    }

    package static func split(_ tree: TemplateTree) -> Result<LayerSplit, Refusal> {
        let nodes = tree.documentOrder
        func isTextSlot(_ node: TemplateTree.NodeID) -> Bool { tree[node]["id"].map(SlotTemplate.isTextSlot) ?? false }
        // Outermost text slots only (a slot inside another goes with it).
        let slots = nodes.filter { isTextSlot($0) && !tree.ancestors(of: $0).contains(where: isTextSlot) }
        guard let first = slots.first else { return .failure(.noText) }
        var inSlots: Set<TemplateTree.NodeID> = []
        for slot in slots { inSlots.formUnion([slot] + tree.descendants(of: slot)) }
        for slot in slots {
            let id = tree[slot]["id"] ?? ""
            if let group = ([tree.root] + tree.ancestors(of: slot)).first(where: { hasGroupEffect(tree, $0) }) {
                let element = tree[group]
                return .failure(.groupEffect("#\(id) inside <\(element.name)\(element["id"].map { " id=\"\($0)\"" } ?? "")>"))
            }
            if ([slot] + tree.descendants(of: slot)).contains(where: { hasFilter(tree[$0]) }) {
                return .failure(.filterOverText("#\(id)"))
            }
        }
        // Nothing outside the text may draw something inside it.
        let slotIDs = Set(inSlots.compactMap { tree[$0]["id"] })
        for node in nodes where !inSlots.contains(node) {
            for attribute in tree[node].attributes {
                if let target = reference(attribute.value, isLink: attribute.name == "href"), slotIDs.contains(target) {
                    return .failure(.refersToText("<\(tree[node].name)> \(attribute.name) → #\(target)"))
                }
            }
        }
        // Everything drawn after the first text slot: later in document order, not inside a
        // resource container, not an ancestor of a slot.
        guard let firstIndex = nodes.firstIndex(of: first) else { return .failure(.unparsable) }
        let after = nodes[(firstIndex + 1)...].filter { !inSlots.contains($0) && isDrawnInPlace(tree, $0) }
        if after.contains(where: { hasFilter(tree[$0]) }) { return .failure(.filterOverText("drawn over the text")) }

        let textIDs = slots.compactMap { tree[$0]["id"] }
        // Base: without the slots, the title and the description.
        var base = tree
        for slot in slots { base.detach(slot) }
        for child in base[base.root].elementChildren where ["title", "desc"].contains(base[child].name) { base.detach(child) }
        if !base.documentOrder.contains(where: { base[$0].name == "text" }) {
            base.elements[base.root].attributes.removeAll { ["lang", "xml:lang"].contains($0.name) }
        }
        // After text: what draws after the first slot, every resource, and the groups around
        // them; images become rectangles.
        var afterTree = tree
        let keep = Set(after)
        for node in nodes.reversed() where node != tree.root && afterTree[node].parent != nil {
            let inResource = ([node] + tree.ancestors(of: node)).contains { resourceContainers.contains(tree[$0].name) }
            let holdsKept = keep.contains(node) || tree.descendants(of: node).contains(where: keep.contains)
            if !inResource && !holdsKept { afterTree.detach(node) }
        }
        for node in afterTree.documentOrder where afterTree[node].name == "image" {
            let kept: Set<String> = ["x", "y", "width", "height", "transform", "clip-path", "mask", "opacity", "style", "id"]
            afterTree.elements[node].attributes.removeAll { !kept.contains($0.name) }
            afterTree.elements[node].name = "rect"
        }
        return .success(LayerSplit(base: base.compacted().svgData(), afterText: afterTree.compacted().svgData(), textIDs: textIDs))
    }

    /// The id a `url(#id)` value (or, for a link, `#id`) names.
    private static func reference(_ value: String, isLink: Bool) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if isLink { return trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : nil }
        guard let open = trimmed.range(of: "url("), let close = trimmed[open.upperBound...].firstIndex(of: ")") else { return nil }
        let target = trimmed[open.upperBound..<close].trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
        return target.hasPrefix("#") ? String(target.dropFirst()) : nil
    }

    /// Drawn where it stands (not a resource, not inside one).
    private static func isDrawnInPlace(_ tree: TemplateTree, _ node: TemplateTree.NodeID) -> Bool {
        !([node] + tree.ancestors(of: node)).contains { resourceContainers.contains(tree[$0].name) }
    }

    private static func hasFilter(_ element: TemplateTree.Element) -> Bool {
        element["filter"].map { $0.trimmingCharacters(in: .whitespaces) }.map { $0 != "none" && !$0.isEmpty } ?? false
    }

    /// A group whose children librsvg draws into a layer of their own and then composites.
    private static func hasGroupEffect(_ tree: TemplateTree, _ node: TemplateTree.NodeID) -> Bool {
        let element = tree[node]
        if element.drawsIntoLayer { return true }
        // Not a layer, but what a slot drawn alone would show differs too: a clip, a nested
        // viewport (it clips), a switch (it draws only one child).
        if let value = element["clip-path"]?.trimmingCharacters(in: .whitespaces), value != "none", !value.isEmpty { return true }
        return ["svg", "switch", "symbol"].contains(element.name) && node != tree.root
    }
}
