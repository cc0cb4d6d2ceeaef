import Support
import Diagnostics

/// The translations and uniform scales a design editor writes when a group is moved or resized
/// (Inkscape's `transform="translate(0,40)"` on a layer, `matrix(a,0,0,a,e,f)`), folded into the
/// coordinates of the elements below them when the template is read, so the slots, the fit, the
/// checks and the composer all see one geometry (issue 34 item 6). The coordinates are moved by
/// the fitting rule itself (`DrawingFit.uniform`), never by a second rewriter of shapes or path
/// data.
///
/// A transform is folded only when all of its subtree can be: a rotation, skew, mirror or
/// non-uniform scale, a nested viewport, a pattern, a percentage, a placeholder where a number
/// goes, or a paint server / clip path / mask in user space that elements outside the subtree
/// use too, leave it where it is (drawn as written at the template's own size; the checks that
/// need an upright box or a fit refuse it naming the element, as before).
enum TransformFold {
    static func fold(_ tree: inout TemplateTree) {
        // Children before their parents: an inner transform is folded into its subtree first, so
        // the outer one then moves coordinates that are already in its own user space.
        var users: [TemplateTree.NodeID: [TemplateTree.NodeID]] = [:]
        for user in tree.documentOrder {
            for attribute in tree[user].attributes where referencing.contains(attribute.name) {
                if let target = tree.referenced(attribute.value) { users[target, default: []].append(user) }
            }
        }
        for node in tree.documentOrder.reversed() where node != tree.root {
            guard let text = tree[node]["transform"], let map = SVGTransform.parse(text),
                  let fit = uniformFit(map) else { continue }
            var trial = tree
            trial[node].set("transform", nil)
            do {
                if fit.scale != 1 { try carryScaledProperties(node, in: &trial) }
                try fit.apply(&trial, to: [node] + (try resources(of: node, in: tree, users: users, scaled: fit.scale != 1)))
                tree = trial
            } catch {
                continue
            }
        }
    }

    /// The fit of a map that only translates and scales both axes alike by a positive factor.
    private static func uniformFit(_ map: Affine) -> DrawingFit? {
        guard map.isAxisAligned, map.a > 0, map.a == map.d else { return nil }
        return .uniform(map.a, x: map.e, y: map.f)
    }

    private struct NotFoldable: Error {}

    /// Lengths the subtree inherits from above the folded element grow with a scale there: they
    /// are written on it (the stroke's initial 1 px too), so the fit scales them for the
    /// subtree only. A text size left to the initial value, or a dash pattern (which the fit
    /// does not move), keep the transform.
    private static func carryScaledProperties(_ node: TemplateTree.NodeID, in tree: inout TemplateTree) throws {
        for name in ["stroke-width", "stroke-dashoffset", "font-size"] where tree[node][name] == nil {
            if let value = tree.inherited(node, name) { tree[node].set(name, value) }
        }
        if tree[node]["stroke-width"] == nil { tree[node].set("stroke-width", "1") }
        let subtree = [node] + tree.descendants(of: node)
        if tree.inherited(node, "font-size") == nil && subtree.contains(where: { tree[$0].name == "text" && tree.inherited($0, "font-size") == nil }) {
            throw NotFoldable()
        }
        if tree.inherited(node, "stroke-dasharray").map({ $0 != "none" }) == true || subtree.contains(where: { tree[$0]["stroke-dasharray"].map { $0 != "none" } == true }) {
            throw NotFoldable()
        }
    }

    /// The clip paths, masks and gradients in user space that the subtree of `node` draws with:
    /// their coordinates are in the user space of the element that uses them, so they move with
    /// it — when nothing outside the subtree uses them too.
    private static func resources(of node: TemplateTree.NodeID, in tree: TemplateTree, users: [TemplateTree.NodeID: [TemplateTree.NodeID]],
                                  scaled: Bool) throws -> [TemplateTree.NodeID] {
        let subtree = [node] + tree.descendants(of: node)
        let inside = Set(subtree)
        // What the subtree defines is moved with it: nothing outside may draw with it.
        for element in subtree where !(users[element] ?? []).allSatisfy(inside.contains) { throw NotFoldable() }
        var used: [TemplateTree.NodeID] = []
        for element in subtree {
            for attribute in tree[element].attributes where referencing.contains(attribute.name) {
                guard let target = tree.referenced(attribute.value), !used.contains(target), !inside.contains(target) else { continue }
                let resource = tree[target]
                switch resource.name {
                case "linearGradient", "radialGradient":
                    // A gradient in the box of the element that uses it moves with the box; one in
                    // user space that inherits its units or coordinates (`href`) is not followed.
                    let units = resource["gradientUnits"]
                    if units == "objectBoundingBox" || (units == nil && resource["href"] == nil) { continue }
                    let own = resource.name == "linearGradient" ? ["x1", "y1", "x2", "y2"] : ["cx", "cy", "r"]
                    // Coordinates left to their defaults are percentages of the viewport, which do not move.
                    if units == nil || own.contains(where: { resource[$0] == nil }) { throw NotFoldable() }
                case "clipPath":
                    if resource["clipPathUnits"] == "objectBoundingBox" { continue }
                case "mask":
                    if resource["maskUnits"] == "userSpaceOnUse" { throw NotFoldable() }
                    if resource["maskContentUnits"] == "objectBoundingBox" { continue }
                case "filter":
                    // A filter's region in the element's box with its offsets in user units
                    // is not changed by a translation; a scale would change its lengths.
                    if !scaled && resource["filterUnits"] != "userSpaceOnUse" { continue }
                    throw NotFoldable()
                default:
                    throw NotFoldable()
                }
                guard (users[target] ?? []).allSatisfy(inside.contains) else { throw NotFoldable() }
                used.append(target)
            }
        }
        return used
    }

    private static let referencing: Set<String> = ["fill", "stroke", "clip-path", "mask", "filter", "marker-start", "marker-mid", "marker-end"]
}

extension TemplateTree {
    /// The element a `url(#id)` value names (a paint's fallback colour after it is ignored).
    package func referenced(_ value: String) -> NodeID? {
        guard let open = value.range(of: "url("), let close = value[open.upperBound...].firstIndex(of: ")") else { return nil }
        let target = value[open.upperBound..<close].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: .init(charactersIn: "\"'"))
        guard target.hasPrefix("#") else { return nil }
        return element(id: String(target.dropFirst()))
    }
}
