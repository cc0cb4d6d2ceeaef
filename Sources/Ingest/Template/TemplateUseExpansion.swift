/// The `<use>` step of `TemplateTree.read`: each reference becomes a group holding a copy of what
/// it draws (ids left off the copies), so the geometry, the bounds and the layer split see every
/// element librsvg draws. The expansion is counted before anything is copied: a fan-out of
/// references (ten `<use>` of ten `<use>` of …) or a cycle is refused naming the reference.
import Support
import Diagnostics

extension TemplateReading {
    /// Elements once every `<use>` is expanded (librsvg draws each copy).
    static let maximumExpandedElements = 20_000

    mutating func expandUses() {
        let ids = tree.ids
        let uses = tree.documentOrder.filter { tree[$0].name == "use" }
        guard !uses.isEmpty, !findings.hasErrors else { return }
        func target(_ node: TemplateTree.NodeID) -> TemplateTree.NodeID? {
            guard let href = tree[node]["href"]?.trimmingCharacters(in: .whitespaces), href.hasPrefix("#") else { return nil }
            return ids[String(href.dropFirst())]
        }
        // Count first: memoized elements-drawn per element, a cycle found on the way.
        var memo: [TemplateTree.NodeID: Int] = [:]
        var visiting: Set<TemplateTree.NodeID> = []
        var cycle: TemplateTree.NodeID?
        let cap = Self.maximumExpandedElements + 1
        func cost(_ node: TemplateTree.NodeID) -> Int {
            if let known = memo[node] { return known }
            if visiting.contains(node) {
                if cycle == nil { cycle = node }
                return cap
            }
            visiting.insert(node)
            defer { visiting.remove(node) }
            var total = 1
            for child in tree[node].elementChildren {
                total = min(cap, total + cost(child))
                if total >= cap { break }
            }
            if tree[node].name == "use", total < cap, let referenced = target(node) {
                total = min(cap, total + cost(referenced))
            }
            memo[node] = total
            return total
        }
        let expanded = cost(tree.root)
        if let cycle {
            findings.error(order[cycle], tree.label(cycle), "a <use> reference cycle: expected references that end, found one leading back to this element", at: tree[cycle].position)
            return
        }
        if expanded > Self.maximumExpandedElements {
            // The last over-limit reference in document order: the one drawn, after its <defs>.
            let worst = uses.last { cost($0) > Self.maximumExpandedElements }
            findings.error(worst.map { order[$0] } ?? Int.max, worst.map { tree.label($0) } ?? "(\(what))",
                           "<use> references expand to too many elements to render in bounded time: expected at most \(Self.maximumExpandedElements), found more than that",
                           at: worst.flatMap { tree[$0].position })
            return
        }
        // A slot drawn through a reference would be drawn twice (or only there), and the copy
        // would keep the sample text the composer replaces.
        for use in uses {
            guard let referenced = target(use) else { continue }
            let slot = ([referenced] + tree.descendants(of: referenced)).compactMap { tree[$0]["id"] }.first(where: SlotTemplate.isSlot)
            if let slot {
                findings.error(order[use], tree.label(use), "a <use> of the slot #\(slot): expected each slot drawn once, where it stands, found <use href=\"#\(tree[referenced]["id"] ?? slot)\">", at: tree[use].position)
            }
        }
        guard !findings.hasErrors else { return }
        var work = uses[...]
        while let use = work.popFirst() {
            guard tree[use].parent != nil else { continue }
            work += expand(use, target: target(use))
        }
    }

    /// Replaces `use` with its group; returns the `<use>` elements among the copies.
    private mutating func expand(_ use: TemplateTree.NodeID, target referenced: TemplateTree.NodeID?) -> [TemplateTree.NodeID] {
        let element = tree[use]
        guard let referenced, tree[use].parent != nil else {
            // A reference to nothing draws nothing.
            if tree[use].parent != nil { tree.detach(use) }
            findings.drop("<use> of a missing element")
            return []
        }
        var group = TemplateTree.Element(name: "g", position: element.position)
        let x = element["x"].flatMap { SVGLength.number($0) } ?? 0, y = element["y"].flatMap { SVGLength.number($0) } ?? 0
        for attribute in element.attributes where !["href", "x", "y", "width", "height", "transform"].contains(attribute.name) {
            group.attributes.append(attribute)
        }
        var transform = element["transform"] ?? ""
        if x != 0 || y != 0 { transform += (transform.isEmpty ? "" : " ") + "translate(\(SVGNumber.exact(x)) \(SVGNumber.exact(y)))" }
        if !transform.isEmpty { group.attributes.append(.init("transform", transform)) }
        guard let groupNode = tree.replace(use, with: group) else { return [] }
        let copy = tree.insertCopy(of: referenced, into: groupNode) { $0.set("id", nil) }
        // The group and the copies are reported where the reference stands (the copy is drawn there).
        for copied in order.count..<tree.elements.count { tree.elements[copied].position = element.position }
        order += Array(repeating: order[use], count: tree.elements.count - order.count)
        // A symbol is drawn as a nested viewport of the reference's size; a nested <svg> takes
        // the reference's size when it gives one.
        if tree[copy].name == "symbol" || tree[copy].name == "svg" {
            if tree[copy].name == "symbol" {
                tree.elements[copy].name = "svg"
                for name in ["refX", "refY"] { tree.elements[copy].set(name, nil) }
            }
            if let width = element["width"] { tree.elements[copy].set("width", width) }
            if let height = element["height"] { tree.elements[copy].set("height", height) }
        }
        return ([copy] + tree.descendants(of: copy)).filter { tree[$0].name == "use" }
    }
}
