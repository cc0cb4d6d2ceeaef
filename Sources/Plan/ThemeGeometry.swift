import Support
import Diagnostics
import Ingest

/// The theme's `headlinePosition` and `padding` on a drawing fitted to its canvas (before the
/// frames are drawn in its capture slots), for every template alike. The drawing's parts are its
/// root's children but `#background`: the text group (those holding a text slot) and the device
/// group (those holding a capture slot, and any other part within the device's band).
enum ThemeGeometry {
    typealias Refusal = DrawingFit.Refusal

    static func apply(_ theme: Theme, to tree: inout TemplateTree, width: Double, height: Double, panels: Int) throws {
        guard theme.headlinePosition != nil || theme.padding != nil else { return }
        let parts = tree[tree.root].elementChildren.filter { tree[$0]["id"] != "background" && !["defs", "title", "desc", "metadata", "style"].contains(tree[$0].name) }
        func box(_ node: TemplateTree.NodeID) -> Rect? {
            // A text slot's box is its first rect (its text is estimated generously).
            if let id = tree[node]["id"], SlotTemplate.isTextSlot(id), let rect = tree[node].elementChildren.first(where: { tree[$0].name == "rect" }) {
                return tree.canvasBounds(rect)
            }
            return tree.canvasBounds(node)
        }
        func holds(_ node: TemplateTree.NodeID, _ slot: (String) -> Bool) -> Bool {
            ([node] + tree.descendants(of: node)).contains { tree[$0]["id"].map(slot) ?? false }
        }
        func union(_ nodes: [TemplateTree.NodeID]) -> Rect? {
            nodes.compactMap(box).reduce(nil as Rect?) { sum, next in sum.map { $0.union(next) } ?? next }
        }
        if let position = theme.headlinePosition {
            let texts = parts.filter { holds($0, SlotTemplate.isTextSlot) }, captures = parts.filter { holds($0, SlotTemplate.isCaptureSlot) }
            if let both = texts.first(where: captures.contains) {
                throw Refusal(element: tree.label(both), message: "headlinePosition: expected the text slots and the capture slots in groups of their own, found both in one")
            }
            if let text = union(texts), let device = union(captures) {
                let others = parts.filter { !texts.contains($0) && !captures.contains($0) }
                let devices = captures + others.filter { box($0).map { $0.y >= device.y - 0.5 && $0.maxY <= device.maxY + 0.5 } ?? false }
                let textAbove = text.y + text.height / 2 < device.y + device.height / 2
                if textAbove != (position == .above) {
                    // The two swap places in the span they cover, the gap between them kept.
                    let (upper, lower) = textAbove ? (texts, devices) : (devices, texts)
                    let (top, bottom) = textAbove ? (text, device) : (device, text)
                    try DrawingFit.uniform(1, y: bottom.maxY - top.maxY).apply(&tree, to: upper)
                    try DrawingFit.uniform(1, y: top.y - bottom.y).apply(&tree, to: lower)
                }
            }
        }
        guard let padding = theme.padding else { return }
        // Each panel of a panorama on its own (a part across panels stays).
        let panelWidth = width / Double(panels)
        for panel in 0..<panels {
            let left = Double(panel) * panelWidth
            let own = panels == 1 ? parts : parts.filter { box($0).map { $0.x >= left - 0.5 && $0.maxX <= left + panelWidth + 0.5 } ?? false }
            guard let content = union(own), content.width > 0, content.height > 0 else { continue }
            // The content fills the panel but its padding, aspect kept, centred.
            let room = Rect(x: left + panelWidth * padding.x, y: height * padding.y, width: panelWidth * (1 - 2 * padding.x), height: height * (1 - 2 * padding.y))
            let scale = min(room.width / content.width, room.height / content.height)
            try DrawingFit.uniform(scale, x: room.x + room.width / 2 - scale * (content.x + content.width / 2),
                                   y: room.y + room.height / 2 - scale * (content.y + content.height / 2)).apply(&tree, to: own)
        }
    }
}
