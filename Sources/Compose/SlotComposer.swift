import Support
import Diagnostics
import Foundation
import Ingest
import Layout

/// Slot layout → composed SVG: the template's tree with each capture slot replaced by the
/// capture (clipped to the slot's rounded corners, in the slot's place in document order, so
/// frame art after it draws over it), each text slot's sample replaced by the fitted lines, and
/// the not-capture-evidence markers added (root attributes, `<title>`, `<desc>`), so designers
/// need not write them. What is placed is in canvas pixels: inside transformed groups or nested
/// viewports the placed element carries the inverse of their map.
enum SlotComposer {
    struct Identity {
        var locale: String
        var outputId: String
        /// Capture id per slot, in slot order.
        var captureIds: [String]
        var headline: String
        var tool: String
        var composedAt: String
        var storeWell: String
        var storeCitation: String
        /// A panorama's store image: the window (x, width) of the whole template it shows.
        var window: (x: Double, width: Int)?
        /// The background image's href: drawn over `#background` (else first), covering the canvas.
        var background: String? = nil
    }

    static func compose(_ slots: SlotLayout, identity: Identity) throws -> Data {
        try composeTree(slots, identity: identity).svgData()
    }

    /// The composed tree (what the SVG is written from and the layer split reads).
    static func composeTree(_ slots: SlotLayout, identity: Identity) throws -> TemplateTree {
        var tree = slots.template.tree
        let n = SVGNumber.format
        let ids = tree.ids

        for (index, placed) in slots.captures.enumerated() {
            guard let rect = ids[placed.slotId], let parent = tree[rect].parent, let position = tree.indexInParent(rect) else { continue }
            let captureId = identity.captureIds.indices.contains(index) ? identity.captureIds[index] : identity.outputId
            let canvasSpace = canvasTransform(tree, parent)
            let radius = n(min(placed.radius, placed.rect.width / 2, placed.rect.height / 2))
            let clipId = "\(placed.slotId)-clip"
            var nodes: [TemplateTree.Element] = []
            if let frame = placed.frame {
                // The screen black behind the capture, the user's frame over it.
                let screenRadius = n(min(placed.radius, frame.screen.width / 2, frame.screen.height / 2))
                nodes.append(element("rect", ["id": "\(placed.slotId)-screen", "x": n(frame.screen.x), "y": n(frame.screen.y),
                                              "width": n(frame.screen.width), "height": n(frame.screen.height),
                                              "rx": screenRadius, "ry": screenRadius, "fill": "#000000"], transform: canvasSpace))
            }
            nodes.append(element("clipPath", ["id": clipId]))
            nodes.append(element("image", ["id": placed.slotId, "x": n(placed.rect.x), "y": n(placed.rect.y),
                                           "width": n(placed.rect.width), "height": n(placed.rect.height),
                                           "preserveAspectRatio": "none", "href": "captures/\(captureId).png",
                                           "clip-path": "url(#\(clipId))"], transform: canvasSpace))
            if let frame = placed.frame {
                nodes.append(element("image", ["id": "\(placed.slotId)-frame", "x": n(frame.rect.x), "y": n(frame.rect.y),
                                               "width": n(frame.rect.width), "height": n(frame.rect.height),
                                               "preserveAspectRatio": "none", "href": frame.href], transform: canvasSpace))
            }
            tree.detach(rect)
            for (offset, node) in nodes.enumerated() {
                let inserted = tree.insert(node, into: parent, at: position + offset)
                if node.name == "clipPath" {
                    // In the clipped image's user space, which is the canvas's.
                    tree.insert(element("rect", ["x": n(placed.rect.x), "y": n(placed.rect.y), "width": n(placed.rect.width),
                                                 "height": n(placed.rect.height), "rx": radius, "ry": radius]), into: inserted)
                }
            }
        }

        for id in slots.template.texts.keys.sorted() {
            guard let group = ids[id] else { continue }
            guard let layout = slots.texts[id] else {
                // A slot this output has no text for (no subtitle, no badge) is left out.
                tree.detach(group)
                continue
            }
            guard let text = tree[group].elementChildren.first(where: { tree[$0].name == "text" }) else { continue }
            let canvasSpace = canvasTransform(tree, group)
            let removedStyle: Set<String> = ["font-size", "font-family", "font-weight", "direction", "unicode-bidi", "line-height", "inline-size", "white-space"]
            let style = (tree[text]["style"] ?? "").split(separator: ";").map(String.init).filter { entry in
                !removedStyle.contains(entry.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "")
            }
            let removed: Set<String> = ["x", "y", "dx", "dy", "rotate", "textLength", "lengthAdjust", "transform", "font-size", "font-family",
                                        "font-weight", "direction", "unicode-bidi", "white-space", "style"]
            tree.elements[text].attributes.removeAll { removed.contains($0.name) }
            if !style.isEmpty { tree.elements[text].set("style", style.joined(separator: ";")) }
            tree.elements[text].set("font-family", FontStack.cssValue(layout.style.fontFamily))
            tree.elements[text].set("font-size", n(layout.style.size))
            tree.elements[text].set("font-weight", String(layout.style.weight))
            tree.elements[text].set("direction", layout.style.rightToLeft ? "rtl" : "ltr")
            tree.elements[text].set("unicode-bidi", "embed")
            if let canvasSpace { tree.elements[text].set("transform", canvasSpace) }
            tree.setChildren(of: text, [])
            // Emphasis and colour emoji: the same markup the placeholder templates get.
            for line in layout.lines {
                if line.emphasized.isEmpty && line.emoji.isEmpty {
                    let span = tree.insert(element("tspan", ["x": n(line.x), "y": n(line.y)]), into: text)
                    tree.elements[span].children = [.text(line.text)]
                } else {
                    let fragment = try SVGTemplate.fragment(SVGComposer.tspans([line], style: layout.style))
                    for child in fragment[fragment.root].elementChildren { tree.insertCopy(of: child, from: fragment, into: text) }
                }
            }
            let images = SVGComposer.emojiImages(layout.lines)
            if !images.isEmpty, let parent = tree[text].parent, let at = tree.indexInParent(text) {
                let fragment = try SVGTemplate.fragment(images)
                let wrapper = tree.insert(element("g", [:], transform: canvasSpace), into: parent, at: at + 1)
                for child in fragment[fragment.root].elementChildren { tree.insertCopy(of: child, from: fragment, into: wrapper) }
            }
        }

        let root = tree.root
        if let href = identity.background {
            let children = tree[root].elementChildren
            let at = children.firstIndex { tree[$0]["id"] == "background" }.map { $0 + 1 }
                ?? children.firstIndex { !["title", "desc", "defs", "style", "metadata"].contains(tree[$0].name) } ?? children.count
            let position = at < children.count ? tree.indexInParent(children[at]) : nil
            tree.insert(element("image", ["id": "background-image", "x": "0", "y": "0", "width": tree[root]["width"] ?? "0", "height": tree[root]["height"] ?? "0",
                                          "preserveAspectRatio": "xMidYMid slice", "href": href]), into: root, at: position)
        }
        for child in tree[root].elementChildren where ["title", "desc"].contains(tree[child].name) {
            tree.detach(child)
        }
        var title = element("title", [:])
        title.children = [.text(identity.headline)]
        var desc = element("desc", [:])
        desc.children = [.text("Composed marketing asset, not capture evidence: made by \(identity.tool) at \(identity.composedAt) from the source capture\(identity.captureIds.count == 1 ? "" : "s") \(identity.captureIds.joined(separator: ", ")). It shows text and frames that the app never displayed.")]
        tree.insert(desc, into: root, at: 0)
        tree.insert(title, into: root, at: 0)
        var markers: [(String, String)] = [
            ("xml:lang", identity.locale), ("lang", identity.locale), ("data-capture-id", identity.captureIds.joined(separator: " ")),
            ("data-composed-by", identity.tool), ("data-composed-at", identity.composedAt),
            ("data-store-well", identity.storeWell), ("data-store-citation", identity.storeCitation),
            ("data-not-capture-evidence", "true"),
        ]
        if let window = identity.window, let height = tree[root]["height"] {
            markers += [("width", String(window.width)), ("viewBox", "\(n(window.x)) 0 \(window.width) \(height)")]
        }
        let names = Set(markers.map(\.0))
        tree.elements[root].attributes.removeAll { names.contains($0.name) }
        for (name, value) in markers { tree.elements[root].attributes.append(.init(name, value)) }
        return tree.compacted()
    }

    /// The `transform` that makes an element placed in `parent` use canvas pixels: the inverse
    /// of the parent's map to the canvas; nil when that map is the identity.
    private static func canvasTransform(_ tree: TemplateTree, _ parent: TemplateTree.NodeID) -> String? {
        guard let map = tree.contentToCanvas(parent), map != .identity, let inverse = map.inverse else { return nil }
        let e = SVGNumber.exact
        return "matrix(\(e(inverse.a)) \(e(inverse.b)) \(e(inverse.c)) \(e(inverse.d)) \(e(inverse.e)) \(e(inverse.f)))"
    }

    /// An element the tool makes: attributes in name order, then its transform.
    private static func element(_ name: String, _ attributes: [String: String], transform: String? = nil) -> TemplateTree.Element {
        var result = TemplateTree.Element(name: name, attributes: attributes.keys.sorted().map { .init($0, attributes[$0] ?? "") })
        if let transform { result.attributes.append(.init("transform", transform)) }
        return result
    }
}
