import Support
import Diagnostics
import Foundation
import Ingest

/// One output's drawing, made from a template drawn at another size (README, "Templates drawn
/// once, fitted to every slot"): its panels laid side by side, text slots with no text left
/// out (closing up by their `data-collapse`), fitted to the canvas by `DrawingFit`, the theme's
/// values applied, and a device frame drawn in each `data-frame` capture slot. The result is a
/// slot-marked tree of exactly the canvas's size, whose slots `SlotTemplate` reads.
struct TemplateInstance {
    /// What a capture slot is filled with.
    struct Capture: Equatable, Sendable {
        var width: Int
        var height: Int
        var family: DeviceFamily
        /// `ios`, `android` or nil (the well's platform).
        var platform: String?
        /// The screen's corner radius as a fraction of its width (`Theme.screenCornerFraction`):
        /// the frame's screen opening and the capture's clip; 0, square corners.
        var screenCornerRadius: Double = 0
        /// The job's own frame: the slot is where it goes (drawn by the layout, not here).
        var frame: UserFrame?
        /// The shipped frames that may draw it, most specific first (`DeviceFrameChoice`);
        /// empty: the family's.
        var frameStems: [String] = []
        /// The screen's cutout, in the capture's pixels, drawn over it by the frame; nil: none.
        var cutout: ScreenShape.Cutout? = nil
    }

    /// The template as read (`TemplateTree.read`).
    var drawing: TemplateTree
    /// One panel's canvas.
    var width: Int
    var height: Int
    var panels = 1
    var captures: [Capture]
    var theme: Theme
    /// Text slots that have text in this output (`headline`, `subtitle-2`, …).
    var texts: Set<String>
    /// The built-in frame for a capture of a size: the first of the stems that has a drawing.
    var frame: ([String], Int, Int) -> TemplateTree?

    typealias Refusal = DrawingFit.Refusal

    /// The fitted tree, named `file` in refusals.
    func tree(file: String) throws -> TemplateTree {
        var tree = drawing
        tree.file = file
        let root = tree[tree.root]
        guard let drawnWidth = root["width"].flatMap({ SVGLength.number($0) }), let drawnHeight = root["height"].flatMap({ SVGLength.number($0) }),
              drawnWidth > 0, drawnHeight > 0 else {
            throw Refusal(element: "<svg>", message: "expected a width and height in pixels on the root, found width \(root["width"] ?? "none"), height \(root["height"] ?? "none")")
        }
        let repeats = root["data-repeat"] == "panels"
        if let value = root["data-repeat"], !repeats {
            throw Refusal(element: "<svg>", message: "data-repeat: expected \"panels\", found \"\(value)\"")
        }
        let line = try stretchLine(tree, drawnHeight: drawnHeight)
        let collapses = try collapsed(tree, repeats: repeats)
        var totalDrawnWidth = drawnWidth
        if repeats && panels > 1 {
            tree = try repeated(tree, panelWidth: drawnWidth)
            totalDrawnWidth = drawnWidth * Double(panels)
        }
        removeEmptyTextSlots(&tree)
        let totalWidth = width * panels
        let scale = Double(totalWidth) / totalDrawnWidth
        try DrawingFit(scale: scale, line: line, stretch: Double(height) - scale * drawnHeight, collapses: collapses).apply(&tree)
        try ThemeMarkup.apply(theme, holding: theme.shadow ? ["shadow"] : [], to: &tree)
        try ThemeGeometry.apply(theme, to: &tree, width: Double(totalWidth), height: Double(height), panels: repeats ? max(1, panels) : 1)
        try FramePlacement(instance: self).placeFrames(in: &tree)
        for marker in ["width", "height", "viewBox", "data-stretch-y", "data-repeat"] { tree[tree.root].set(marker, nil) }
        let firstOwn = tree[tree.root].attributes.firstIndex { !$0.name.hasPrefix("xmlns") } ?? tree[tree.root].attributes.count
        tree[tree.root].attributes.insert(contentsOf: [.init("width", String(totalWidth)), .init("height", String(height)),
                                                       .init("viewBox", "0 0 \(totalWidth) \(height)")], at: firstOwn)
        for node in tree.documentOrder {
            for marker in ["data-collapse", "data-frame", "data-align"] where tree[node][marker] != nil { tree[node].set(marker, nil) }
        }
        return tree.compacted()
    }

    /// `data-stretch-y` on the root, else the middle of the first capture slot, else the middle.
    private func stretchLine(_ tree: TemplateTree, drawnHeight: Double) throws -> Double {
        let root = tree[tree.root]
        if let text = root["data-stretch-y"] {
            guard let value = SVGLength.number(text) else {
                throw Refusal(element: "<svg>", message: "data-stretch-y: expected a y in pixels, found \"\(text)\"", position: root.position)
            }
            return value
        }
        if let slot = tree.documentOrder.first(where: { tree[$0].name == "rect" && (tree[$0]["id"] == "capture" || tree[$0]["id"] == "capture-1") }),
           let y = tree[slot]["y"].flatMap({ SVGLength.number($0) }) ?? Optional(0), let h = tree[slot]["height"].flatMap({ SVGLength.number($0) }) {
            return y + h / 2
        }
        return drawnHeight / 2
    }

    /// The text slots whose height is given back: those with `data-collapse` and no text in this
    /// output (in a repeated panel drawing: in no panel, so the panels' devices stay in line).
    private func collapsed(_ tree: TemplateTree, repeats: Bool) throws -> [DrawingFit.Collapse] {
        var result: [DrawingFit.Collapse] = []
        for node in tree.documentOrder {
            let element = tree[node]
            guard let id = element["id"], SlotTemplate.isTextSlot(id), let text = element["data-collapse"] else { continue }
            guard let height = SVGLength.number(text), height >= 0 else {
                throw Refusal(element: "#\(id)", message: "data-collapse: expected a height in pixels, found \"\(text)\"", position: element.position)
            }
            let hasText = repeats ? (1...max(1, panels)).contains { panel in texts.contains(panel == 1 ? id : "\(id)-\(panel)") } : texts.contains(id)
            guard !hasText, let box = element.elementChildren.first(where: { tree[$0].name == "rect" }).map({ tree[$0] }) else { continue }
            let top = box["y"].flatMap { SVGLength.number($0) } ?? 0
            result.append(DrawingFit.Collapse(top: top, bottom: top + (box["height"].flatMap { SVGLength.number($0) } ?? 0), height: height))
        }
        return result
    }

    /// A one-panel drawing (`data-repeat="panels"`) laid `panels` times side by side: panel k's
    /// slots numbered k (`capture-k`, `headline-k`; panel 1 keeps `headline`), its other ids
    /// suffixed `-k` with the references to them; `#background` drawn once across all panels.
    private func repeated(_ panel: TemplateTree, panelWidth: Double) throws -> TemplateTree {
        var result = TemplateTree(file: panel.file, root: TemplateTree.Element(name: "svg", attributes: panel[panel.root].attributes,
                                                                             position: panel[panel.root].position))
        let children = panel[panel.root].children
        if let background = panel.element(id: "background"), panel[background].parent == panel.root {
            let copy = result.insertCopy(of: background, from: panel, into: result.root)
            result[copy].set("x", "0")
            result[copy].set("width", SVGNumber.format(panelWidth * Double(panels)))
        }
        for number in 1...panels {
            for child in children {
                guard case .element(let node) = child else { continue }
                let name = panel[node].name
                if panel[node]["id"] == "background" || ((name == "title" || name == "desc" || name == "metadata") && number > 1) { continue }
                let copy = result.insertCopy(of: node, from: panel, into: result.root) { element in
                    element.attributes = element.attributes.map { attribute in
                        .init(attribute.name, attribute.name == "id" ? Self.panelId(attribute.value, panel: number)
                                                                     : References.rename(attribute.name, attribute.value) { Self.panelId($0, panel: number) })
                    }
                }
                try DrawingFit.uniform(1, x: Double(number - 1) * panelWidth).apply(&result, to: [copy])
            }
        }
        return result
    }

    private static func panelId(_ id: String, panel: Int) -> String {
        if SlotTemplate.isCaptureSlot(id) { return "capture-\(panel)" }
        return panel == 1 ? id : "\(id)-\(panel)"
    }

    /// Text slots with no text in this output are left out (the headline always stays: the
    /// slot reader needs one).
    private func removeEmptyTextSlots(_ tree: inout TemplateTree) {
        for node in tree.documentOrder {
            guard let id = tree[node]["id"], SlotTemplate.isTextSlot(id), id != "headline", !texts.contains(id) else { continue }
            tree.detach(node)
        }
    }
}

/// `url(#id)` references in attribute values, and `#id` in `href`.
enum References {
    static func rename(_ attribute: String, _ value: String, _ name: (String) -> String) -> String {
        if attribute == "href" || attribute == "xlink:href" {
            return value.hasPrefix("#") ? "#" + name(String(value.dropFirst())) : value
        }
        guard value.contains("url(#") else { return value }
        var out = ""
        var rest = Substring(value)
        while let start = rest.range(of: "url(#") {
            out += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            out += name(String(rest[..<close]))
            rest = rest[close...]
        }
        return out + rest
    }
}
