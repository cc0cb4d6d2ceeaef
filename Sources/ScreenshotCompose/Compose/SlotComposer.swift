import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Slot layout → composed SVG: the template's own document with each capture slot replaced by
/// the capture (clipped to the slot's rounded corners, in the slot's place in document order, so
/// frame art after it draws over it), each text slot's sample replaced by the fitted lines, and
/// the not-capture-evidence markers added (root attributes, `<title>`, `<desc>`), so designers
/// need not write them.
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
    }

    static func compose(_ slots: SlotLayout, identity: Identity) throws -> Data {
        try FoundationXMLLock.run { try composeLocked(slots, identity: identity) }
    }

    private static func composeLocked(_ slots: SlotLayout, identity: Identity) throws -> Data {
        guard let document = try? XMLDocument(xmlString: slots.template.text, options: []), let root = document.rootElement() else {
            throw TemplateError.notWellFormed("the template no longer parses")
        }
        let n = SVGNumber.format
        let elements = SlotTemplate.allElements(root)
        func byId(_ id: String) -> XMLElement? { elements.first { SlotTemplate.attribute($0, "id") == id } }

        for (index, placed) in slots.captures.enumerated() {
            guard let rect = byId(placed.slotId), let parent = rect.parent as? XMLElement else { continue }
            let captureId = identity.captureIds[index]
            let radius = n(min(placed.radius, placed.rect.width / 2, placed.rect.height / 2))
            let clipId = "\(placed.slotId)-clip"
            let clip = element("clipPath", ["id": clipId])
            clip.addChild(element("rect", ["x": n(placed.rect.x), "y": n(placed.rect.y), "width": n(placed.rect.width),
                                           "height": n(placed.rect.height), "rx": radius, "ry": radius]))
            let image = element("image", ["id": placed.slotId, "x": n(placed.rect.x), "y": n(placed.rect.y),
                                          "width": n(placed.rect.width), "height": n(placed.rect.height),
                                          "preserveAspectRatio": "none", "href": "captures/\(captureId).png",
                                          "clip-path": "url(#\(clipId))"])
            parent.replaceChild(at: rect.index, with: image)
            parent.insertChild(clip, at: image.index)
            if let frame = placed.frame {
                // The screen black behind the capture, the user's frame over it.
                let screenRadius = n(min(placed.radius, frame.screen.width / 2, frame.screen.height / 2))
                parent.insertChild(element("rect", ["id": "\(placed.slotId)-screen", "x": n(frame.screen.x), "y": n(frame.screen.y),
                                                    "width": n(frame.screen.width), "height": n(frame.screen.height),
                                                    "rx": screenRadius, "ry": screenRadius, "fill": "#000000"]), at: clip.index)
                parent.insertChild(element("image", ["id": "\(placed.slotId)-frame", "x": n(frame.rect.x), "y": n(frame.rect.y),
                                                     "width": n(frame.rect.width), "height": n(frame.rect.height),
                                                     "preserveAspectRatio": "none", "href": frame.href]), at: image.index + 1)
            }
        }

        for id in slots.template.texts.keys.sorted() {
            guard let group = byId(id) else { continue }
            guard let layout = slots.texts[id] else {
                // A slot this output has no text for (no subtitle, no badge) is left out.
                group.detach()
                continue
            }
            guard let text = (group.children ?? []).compactMap({ $0 as? XMLElement }).first(where: { $0.localName == "text" }) else { continue }
            var style = SlotTemplate.styleProperties(text)
            for name in ["font-size", "font-family", "font-weight", "direction", "unicode-bidi", "line-height", "inline-size", "white-space"] {
                style[name] = nil
            }
            removeAttributes(["x", "y", "dx", "dy", "font-size", "font-family", "font-weight", "direction", "unicode-bidi", "style"], from: text)
            if !style.isEmpty {
                text.addAttribute(attribute("style", style.keys.sorted().map { "\($0):\(style[$0] ?? "")" }.joined(separator: ";")))
            }
            text.addAttribute(attribute("font-family", FontStack.cssValue(layout.style.fontFamily)))
            text.addAttribute(attribute("font-size", n(layout.style.size)))
            text.addAttribute(attribute("font-weight", String(layout.style.weight)))
            text.addAttribute(attribute("direction", layout.style.rightToLeft ? "rtl" : "ltr"))
            text.addAttribute(attribute("unicode-bidi", "embed"))
            // Emphasis and colour emoji: the same markup the placeholder templates get.
            text.setChildren(try layout.lines.map { line in
                if line.emphasized.isEmpty && line.emoji.isEmpty {
                    let span = element("tspan", ["x": n(line.x), "y": n(line.y)])
                    span.stringValue = line.text
                    return span
                }
                return try XMLElement(xmlString: SVGComposer.tspans([line], style: layout.style))
            })
            let images = SVGComposer.emojiImages(layout.lines)
            if !images.isEmpty, let parent = text.parent as? XMLElement {
                let wrapper = try XMLElement(xmlString: "<g>\(images)</g>")
                parent.insertChild(wrapper, at: text.index + 1)
            }
        }

        for child in (root.children ?? []).compactMap({ $0 as? XMLElement }) where child.localName == "title" || child.localName == "desc" {
            child.detach()
        }
        let title = element("title", [:])
        title.stringValue = identity.headline
        let desc = element("desc", [:])
        desc.stringValue = "Composed marketing asset, not capture evidence: made by \(identity.tool) at \(identity.composedAt) from the source capture\(identity.captureIds.count == 1 ? "" : "s") \(identity.captureIds.joined(separator: ", ")). It shows text and frames that the app never displayed."
        root.insertChild(desc, at: 0)
        root.insertChild(title, at: 0)
        var markers: [(String, String)] = [
            ("xml:lang", identity.locale), ("lang", identity.locale), ("data-capture-id", identity.captureIds.joined(separator: " ")),
            ("data-composed-by", identity.tool), ("data-composed-at", identity.composedAt),
            ("data-store-well", identity.storeWell), ("data-store-citation", identity.storeCitation),
            ("data-not-capture-evidence", "true"),
        ]
        if let window = identity.window, let height = SlotTemplate.attribute(root, "height") {
            markers += [("width", String(window.width)), ("viewBox", "\(n(window.x)) 0 \(window.width) \(height)")]
        }
        removeAttributes(markers.map(\.0), from: root)
        for (name, value) in markers { root.addAttribute(attribute(name, value)) }
        return Data(document.xmlString(options: .nodeCompactEmptyElement).utf8)
    }

    /// (FoundationXML's `removeAttribute(forName:)` leaves attributes of a namespaced document
    /// in place, so the list is rebuilt.)
    private static func removeAttributes(_ names: [String], from element: XMLElement) {
        element.attributes = (element.attributes ?? []).filter { !names.contains($0.name ?? "") }
    }

    private static func element(_ name: String, _ attributes: [String: String]) -> XMLElement {
        let e = XMLElement(name: name)
        for key in attributes.keys.sorted() { e.addAttribute(attribute(key, attributes[key] ?? "")) }
        return e
    }

    private static func attribute(_ name: String, _ value: String) -> XMLNode {
        (XMLNode.attribute(withName: name, stringValue: value) as? XMLNode) ?? XMLNode(kind: .attribute)
    }
}
