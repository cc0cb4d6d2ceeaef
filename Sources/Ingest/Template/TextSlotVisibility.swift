import Foundation
import Support
import Diagnostics

/// A text slot is drawn as the layout placed it, and seen: what the headline fitter measures
/// (family, size, weight, anchor, the box) is all that moves its glyphs, so a property that
/// spaces, shifts, turns or transforms them on the sample `<text>` or its groups would ship
/// lines cut at the canvas edge or out of their box; and what hides it (opacity, a transparent
/// fill, `display`, `visibility`, a clip or mask)
/// would ship an output without its headline while the contrast check read its fill as shown.
/// Refused at `check`, naming the element and its line. What is drawn over the text is not read
/// here from attributes: librsvg measures it for every output (`HeadlineVisibility`).
package enum TextSlotVisibility {
    /// Properties the layout does not apply, and the values that leave the text as it measured it.
    static let unmodeled: [(name: String, allowed: [String])] = [
        ("letter-spacing", ["normal", "0", "0px", "0em"]),
        ("word-spacing", ["normal", "0", "0px", "0em"]),
        ("writing-mode", ["horizontal-tb", "lr", "lr-tb"]),
        ("baseline-shift", ["baseline", "0", "0px", "0%"]),
        ("dominant-baseline", ["auto", "alphabetic"]),
        ("alignment-baseline", ["auto", "alphabetic", "baseline"]),
        ("glyph-orientation-horizontal", ["0", "0deg"]),
        ("glyph-orientation-vertical", ["auto"]),
        ("text-orientation", ["mixed"]),
        ("text-decoration", ["none"]),
        ("text-decoration-line", ["none"]),
        ("text-transform", ["none"]),
        ("font-style", ["normal"]),
        ("font-stretch", ["normal", "100%"]),
        ("font-variant", ["normal"]),
        ("font-variant-caps", ["normal"]),
        ("font-size-adjust", ["none"]),
        ("font-feature-settings", ["normal"]),
        ("font-variation-settings", ["normal"]),
        ("kerning", ["auto"]),
        ("font-kerning", ["auto", "normal"]),
    ]

    /// Below this, the text's fill (its opacity, its groups' opacity, fill-opacity and the
    /// fill's own alpha multiplied) is too faint for the contrast check, which reads it opaque.
    static let minimumAlpha = 0.5
    /// A stroke on the text, as a fraction of its font-size, at most.
    static let maximumStrokeFraction = 0.1

    /// Every problem of the text slot `id` (its `<g>` holds `sample`, its box `box` on the canvas).
    /// `named`: how refusals name the slot (`#id` unless given: a placeholder template's
    /// headline is the `<text>` the designer wrote, whose id the tool derived).
    package static func check(_ id: String, named: String? = nil, sample: TemplateTree.NodeID, box: Rect, in tree: TemplateTree, into d: inout DiagnosticCollector) {
        let slot = named ?? "#\(id)"
        let file = tree.file
        let chain = [sample] + tree.ancestors(of: sample)
        func where_(_ node: TemplateTree.NodeID) -> String { node == sample ? "the sample <text>" : "its group \(tree.label(node))" }
        func value(_ node: TemplateTree.NodeID, _ name: String) -> String? {
            if let own = tree[node][name] { return own.trimmingCharacters(in: .whitespaces) }
            // Properties only CSS spells are kept in the `style` the writer builds.
            for entry in (tree[node]["style"] ?? "").split(separator: ";") {
                let parts = entry.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0] == name { return parts[1] }
            }
            return nil
        }
        for node in chain {
            for (name, allowed) in unmodeled {
                guard let found = value(node, name), found != "inherit", !allowed.contains(found.lowercased()) else { continue }
                d.error(file, "\(slot) \(name)", "text slot drawn other than the layout places it (it fits the text by family, size, weight and anchor only): expected no \(name) on the sample <text> or its groups, or \(allowed.joined(separator: " or ")), found \(name)=\"\(found)\" on \(where_(node))", at: tree[node].position)
            }
            if value(node, "display") == "none" {
                d.error(file, "\(slot) display", "text slot hidden on the canvas: expected it displayed, found display=\"none\" on \(where_(node))", at: tree[node].position)
            }
            if let found = value(node, "mask"), found != "none", !maskKeeps(box, mask: found, on: node, in: tree) {
                d.error(file, "\(slot) mask", "text slot hidden or cut on the canvas by what the layout cannot see: expected no mask on the sample <text> or its groups, or one of opaque white rectangles holding the slot's box, found mask=\"\(found)\" on \(where_(node))", at: tree[node].position)
            }
            if let filter = value(node, "filter"), filter != "none", !filterKeeps(box, filter: filter, on: node, in: tree) {
                d.error(file, "\(slot) filter", "text slot hidden or changed on the canvas by a filter the layout cannot see: expected no filter on the sample <text> or its groups, or a shadow drawn behind the text (a <filter> whose last primitive is an feDropShadow of SourceGraphic or an feMerge whose last node is SourceGraphic, with no subregion on it, over a filter region holding the slot's box), found filter=\"\(found(filter))\" on \(where_(node))", at: tree[node].position)
            }
            if let clip = value(node, "clip-path"), clip != "none", !clipKeeps(box, clip: clip, on: node, in: tree) {
                d.error(file, "\(slot) clip-path", "text slot cut on the canvas: expected no clip-path on the sample <text> or its groups, or one of rectangles holding the slot's box, found clip-path=\"\(clip)\" on \(where_(node))", at: tree[node].position)
            }
        }
        // A stroke is drawn over the fill, widening each glyph where the layout measured none:
        // a wide one in the background's colour hides the text.
        if let stroke = tree.inherited(sample, "stroke")?.trimmingCharacters(in: .whitespaces), stroke != "none",
           let size = tree.inherited(sample, "font-size").flatMap({ SVGLength.number($0) }) {
            let widthText = tree.inherited(sample, "stroke-width") ?? "1"
            let width = SVGLength.number(widthText, percentOf: 1) ?? 1
            if width > size * maximumStrokeFraction {
                let node = chain.first { tree[$0]["stroke-width"] != nil || tree[$0]["stroke"] != nil } ?? sample
                d.error(file, "\(slot) stroke-width", "text slot drawn other than the layout places it (a stroke widens each glyph and is drawn over its fill): expected no stroke on the sample <text> or one at most \(SVGNumber.format(maximumStrokeFraction)) of its font-size (\(SVGNumber.format(size * maximumStrokeFraction))), found stroke=\"\(stroke)\" stroke-width=\"\(widthText)\" on \(where_(node))", at: tree[node].position)
            }
        }
        if let visibility = tree.inherited(sample, "visibility")?.trimmingCharacters(in: .whitespaces), ["hidden", "collapse"].contains(visibility) {
            let node = chain.first { tree[$0]["visibility"] != nil } ?? sample
            d.error(file, "\(slot) visibility", "text slot hidden on the canvas: expected visibility visible, found visibility=\"\(visibility)\" on \(where_(node))", at: tree[node].position)
        }
        var alpha = 1.0
        var faintest: (node: TemplateTree.NodeID, what: String)?
        for node in chain {
            if let opacity = value(node, "opacity").flatMap(number), opacity < 1 {
                alpha *= max(0, opacity)
                faintest = faintest ?? (node, "opacity=\"\(value(node, "opacity") ?? "")\"")
            }
        }
        if let node = chain.first(where: { value($0, "fill-opacity") != nil }), let text = value(node, "fill-opacity"), let opacity = number(text), opacity < 1 {
            alpha *= max(0, opacity)
            faintest = faintest ?? (node, "fill-opacity=\"\(text)\"")
        }
        if let fill = tree.inherited(sample, "fill")?.trimmingCharacters(in: .whitespaces), fill.count == 9, fill.hasPrefix("#"),
           let byte = UInt8(fill.suffix(2), radix: 16), byte < 255 {
            alpha *= Double(byte) / 255
            let node = chain.first { tree[$0]["fill"] != nil } ?? sample
            faintest = faintest ?? (node, "fill=\"\(fill)\"")
        }
        if alpha < minimumAlpha, let faintest {
            d.error(file, "\(slot) opacity", "text slot too faint on the canvas (the contrast check reads its fill as opaque): expected its opacity, fill-opacity and fill alpha together at least \(SVGNumber.format(minimumAlpha)), found \(SVGNumber.format(alpha)) (\(faintest.what) on \(where_(faintest.node)))", at: tree[faintest.node].position)
        }
    }

    private static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") { return Double(trimmed.dropLast()).map { $0 / 100 } }
        return Double(trimmed)
    }

    /// Whether the mask `mask` on `node` keeps all of `box`: its default region, and an opaque
    /// white rectangle (in user space) covering it.
    private static func maskKeeps(_ box: Rect, mask: String, on node: TemplateTree.NodeID, in tree: TemplateTree) -> Bool {
        guard let path = referenced(mask, in: tree), tree[path].name == "mask",
              (tree[path]["maskContentUnits"] ?? "userSpaceOnUse") == "userSpaceOnUse",
              ["x", "y", "width", "height", "transform", "mask", "opacity"].allSatisfy({ tree[path][$0] == nil }) else { return false }
        return tree[path].elementChildren.contains { child in
            let fill = tree[child]["fill"]?.lowercased() ?? "#000000"
            return ["#ffffff", "#fff", "white", "#ffffffff"].contains(fill) && tree[child]["opacity"] == nil && tree[child]["fill-opacity"] == nil
                && rectangle(child, holds: box, on: node, in: tree)
        }
    }

    /// Whether the filter `filter` on `node` draws the text as it is, on top of a shadow shaped
    /// like it: a `<filter>` (no `href` to another) whose region holds `box` (the default region,
    /// -10 % to 110 % of the element's bounding box, does) and whose last primitive, with no
    /// subregion of its own, draws `SourceGraphic` over the rest (an `feDropShadow` of it, an
    /// `feMerge` whose last node it is, or an `feComposite` "over" with it as `in`). What is drawn
    /// under it must keep the text's shape (`shaped`): a flood, a pattern, a lighting effect or an
    /// alpha boost under the text in its own colour would hide it.
    private static func filterKeeps(_ box: Rect, filter: String, on node: TemplateTree.NodeID, in tree: TemplateTree) -> Bool {
        guard let path = referenced(filter, in: tree), tree[path].name == "filter",
              tree[path]["href"] == nil, tree[path]["xlink:href"] == nil else { return false }
        let primitives = tree[path].elementChildren.filter { tree[$0].name.hasPrefix("fe") }
        guard let last = primitives.last, ["x", "y", "width", "height"].allSatisfy({ tree[last][$0] == nil }) else { return false }
        // Whether each named result (and the previous primitive's) keeps the text's shape.
        var results: [String: Bool] = ["SourceGraphic": true, "SourceAlpha": true]
        var previous = "SourceGraphic"
        func input(_ primitive: TemplateTree.NodeID, _ name: String, fallback: String?) -> String? {
            tree[primitive][name]?.trimmingCharacters(in: .whitespaces) ?? fallback
        }
        func isShaped(_ name: String?) -> Bool { name.flatMap { results[$0] } ?? false }
        for (index, primitive) in primitives.enumerated() {
            let element = tree[primitive]
            let source = input(primitive, "in", fallback: previous)
            var shaped: Bool
            switch element.name {
            case "feGaussianBlur", "feOffset", "feDropShadow":
                shaped = isShaped(source)
            case "feColorMatrix":
                shaped = isShaped(source) && ["saturate", "hueRotate", "luminanceToAlpha"].contains(element["type"] ?? "matrix")
            case "feFlood":
                shaped = false
            case "feComposite":
                let other = input(primitive, "in2", fallback: nil)
                switch element["operator"] ?? "over" {
                case "in", "atop": shaped = isShaped(other)
                case "over": shaped = isShaped(source) && isShaped(other)
                default: return false
                }
            case "feMerge":
                let nodes = element.elementChildren
                shaped = nodes.allSatisfy { tree[$0].name == "feMergeNode" && isShaped(input($0, "in", fallback: nil)) }
                if index == primitives.count - 1 {
                    // The text on top, everything under it shaped like it.
                    return shaped && nodes.last.map { input($0, "in", fallback: nil) == "SourceGraphic" } == true && regionHolds()
                }
            default:
                return false
            }
            if index == primitives.count - 1 {
                switch element.name {
                case "feDropShadow": return source == "SourceGraphic" && shaped && regionHolds()
                case "feComposite": return (element["operator"] ?? "over") == "over" && source == "SourceGraphic" && shaped && regionHolds()
                default: return false
                }
            }
            let name = element["result"]?.trimmingCharacters(in: .whitespaces) ?? "(primitive \(index))"
            results[name] = shaped
            previous = name
        }
        return false

        func regionHolds() -> Bool {
            let region = tree[path]
            if (region["filterUnits"] ?? "objectBoundingBox").trimmingCharacters(in: .whitespaces) == "userSpaceOnUse" {
                guard let map = tree.userToCanvas(node),
                      let x = region["x"].flatMap({ SVGLength.number($0) }), let y = region["y"].flatMap({ SVGLength.number($0) }),
                      let w = region["width"].flatMap({ SVGLength.number($0) }), let h = region["height"].flatMap({ SVGLength.number($0) }) else { return false }
                return map.apply(Rect(x: x, y: y, width: w, height: h)).contains(box, tolerance: 0.5)
            }
            // Fractions of the bounding box (a percentage or a number).
            func fraction(_ name: String, _ fallback: Double) -> Double? { region[name].map { number($0) } ?? fallback }
            guard let x = fraction("x", -0.1), let y = fraction("y", -0.1), let w = fraction("width", 1.2), let h = fraction("height", 1.2) else { return false }
            return x <= 0 && y <= 0 && x + w >= 1 && y + h >= 1
        }
    }

    /// A value as the refusal shows it.
    private static func found(_ value: String) -> String { value.count > 80 ? String(value.prefix(80)) + "…" : value }

    /// The element a `url(#id)` value names.
    private static func referenced(_ value: String, in tree: TemplateTree) -> TemplateTree.NodeID? {
        guard value.hasPrefix("url(#"), let close = value.firstIndex(of: ")") else { return nil }
        let id = String(value[value.index(value.startIndex, offsetBy: 5)..<close]).trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        return tree.element(id: id)
    }

    /// Whether `child`, an untransformed `<rect>` in the user space of `node`, covers `box` on the canvas.
    private static func rectangle(_ child: TemplateTree.NodeID, holds box: Rect, on node: TemplateTree.NodeID, in tree: TemplateTree) -> Bool {
        let rect = tree[child]
        guard rect.name == "rect", rect["transform"] == nil, let map = tree.userToCanvas(node),
              let w = rect["width"].flatMap({ SVGLength.number($0) }), let h = rect["height"].flatMap({ SVGLength.number($0) }) else { return false }
        let local = Rect(x: rect["x"].flatMap { SVGLength.number($0) } ?? 0, y: rect["y"].flatMap { SVGLength.number($0) } ?? 0, width: w, height: h)
        return map.apply(local).contains(box, tolerance: 0.5)
    }

    /// Whether the clip path `clip` on `node` keeps all of `box`: a `<clipPath>` in user space
    /// holding an untransformed rectangle that covers it (Figma wraps a whole frame in one).
    private static func clipKeeps(_ box: Rect, clip: String, on node: TemplateTree.NodeID, in tree: TemplateTree) -> Bool {
        guard let path = referenced(clip, in: tree), tree[path].name == "clipPath", (tree[path]["clipPathUnits"] ?? "userSpaceOnUse") == "userSpaceOnUse",
              // The clip applies in the user space of the element (its own transform included).
              tree[path]["transform"] == nil, tree[path]["clip-path"] == nil else { return false }
        return tree[path].elementChildren.contains { rectangle($0, holds: box, on: node, in: tree) }
    }
}
