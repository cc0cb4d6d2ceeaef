/// Where a template's elements are on the canvas: transforms and nested `<svg>` viewports applied
/// (after `<use>` expansion, so a reference's copy is where it is drawn). Slots read their box on
/// the canvas from here; the bounds read how much of the canvas each element paints.
import Support
import Diagnostics

extension TemplateTree {
    /// The canvas: the root's width and height in pixels; nil when either is not a number.
    public var canvasSize: (width: Double, height: Double)? {
        let root = elements[root]
        guard let width = root["width"].flatMap({ SVGLength.number($0) }), let height = root["height"].flatMap({ SVGLength.number($0) }),
              width > 0, height > 0 else { return nil }
        return (width, height)
    }

    /// The size percentages in `node`'s coordinates refer to: its nearest viewport's viewBox, else
    /// that viewport's width and height.
    func viewportSize(for node: NodeID) -> (width: Double, height: Double)? {
        let chain = [node] + ancestors(of: node)
        guard let viewport = chain.dropFirst().first(where: { elements[$0].name == "svg" }) ?? (elements[node].name == "svg" && node == root ? node : nil) else {
            return canvasSize
        }
        if let box = elements[viewport]["viewBox"].flatMap(SVGLength.numbers), box.count == 4 { return (box[2], box[3]) }
        if viewport == root { return canvasSize }
        guard let outer = viewportSize(for: viewport) else { return nil }
        let width = elements[viewport]["width"].flatMap { SVGLength.number($0, percentOf: outer.width) } ?? outer.width
        let height = elements[viewport]["height"].flatMap { SVGLength.number($0, percentOf: outer.height) } ?? outer.height
        return (width, height)
    }

    /// Maps the coordinates of `node`'s own attributes (x, y, width …, after its `transform`) to
    /// canvas pixels. Nil when a transform or viewport cannot be read (a placeholder, `em`).
    public func userToCanvas(_ node: NodeID) -> Affine? {
        let own = elements[node]["transform"].map(SVGTransform.parse) ?? .identity
        guard let own else { return nil }
        if node == root { return own }
        guard let parent = elements[node].parent, let outer = contentToCanvas(parent) else { return nil }
        return outer.then(own)
    }

    /// Maps the coordinates of `node`'s children: `userToCanvas`, and for an `<svg>` its viewport.
    public func contentToCanvas(_ node: NodeID) -> Affine? {
        guard let user = userToCanvas(node) else { return nil }
        guard elements[node].name == "svg" else { return user }
        // A placeholder template's canvas is known only when filled; its user units are pixels.
        if node == root && canvasSize == nil { return user }
        guard let viewport = viewportRect(node) else { return nil }
        return SVGViewport.transform(viewBox: elements[node]["viewBox"], preserveAspectRatio: elements[node]["preserveAspectRatio"],
                                     viewport: viewport).map { user.then($0) }
    }

    /// An `<svg>`'s viewport in its own user space: x, y, width, height (100 % by default).
    func viewportRect(_ node: NodeID) -> Rect? {
        if node == root {
            guard let size = canvasSize else { return nil }
            return Rect(x: 0, y: 0, width: size.width, height: size.height)
        }
        guard let outer = viewportSize(for: node) else { return nil }
        let e = elements[node]
        guard let x = SVGLength.number(e["x"] ?? "0", percentOf: outer.width), let y = SVGLength.number(e["y"] ?? "0", percentOf: outer.height),
              let width = SVGLength.number(e["width"] ?? "100%", percentOf: outer.width),
              let height = SVGLength.number(e["height"] ?? "100%", percentOf: outer.height) else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The clipping rectangles (canvas pixels) of the nested viewports around `node`: a nested
    /// `<svg>` clips what it holds to its viewport unless `overflow` shows it.
    public func viewportClips(of node: NodeID) -> [Rect]? {
        var clips: [Rect] = []
        for ancestor in ancestors(of: node) where ancestor != root && elements[ancestor].name == "svg" {
            if let overflow = elements[ancestor]["overflow"], ["visible", "auto"].contains(overflow) { continue }
            guard let viewport = viewportRect(ancestor), let map = userToCanvas(ancestor) else { return nil }
            clips.append(map.apply(viewport))
        }
        return clips
    }

    /// `node`'s own box in its user space: a shape's or image's geometry, a path's control
    /// points, a text's estimated extent; a group's children's. Nil when unknown.
    public func localBounds(_ node: NodeID) -> Rect? {
        let e = elements[node]
        let size = viewportSize(for: node)
        func length(_ name: String, _ fallback: String = "0", horizontal: Bool = true) -> Double? {
            SVGLength.number(e[name] ?? fallback, percentOf: horizontal ? size?.width : size?.height)
        }
        switch e.name {
        case "rect", "image":
            guard let x = length("x"), let y = length("y", horizontal: false),
                  let w = length("width", e.name == "image" ? "0" : "0"), let h = length("height", "0", horizontal: false) else { return nil }
            return Rect(x: x, y: y, width: max(0, w), height: max(0, h))
        case "circle":
            guard let cx = length("cx"), let cy = length("cy", horizontal: false), let r = length("r") else { return nil }
            return Rect(x: cx - abs(r), y: cy - abs(r), width: 2 * abs(r), height: 2 * abs(r))
        case "ellipse":
            guard let cx = length("cx"), let cy = length("cy", horizontal: false), let rx = length("rx"), let ry = length("ry", horizontal: false) else { return nil }
            return Rect(x: cx - abs(rx), y: cy - abs(ry), width: 2 * abs(rx), height: 2 * abs(ry))
        case "line":
            guard let x1 = length("x1"), let y1 = length("y1", horizontal: false), let x2 = length("x2"), let y2 = length("y2", horizontal: false) else { return nil }
            return Rect(x: min(x1, x2), y: min(y1, y2), width: abs(x2 - x1), height: abs(y2 - y1))
        case "polyline", "polygon":
            guard let values = e["points"].flatMap(SVGLength.numbers), values.count >= 2 else { return nil }
            let xs = stride(from: 0, to: values.count - 1, by: 2).map { values[$0] }
            let ys = stride(from: 1, to: values.count, by: 2).map { values[$0] }
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        case "path":
            return e["d"].flatMap(PathBounds.of)
        case "text":
            // No font is measured here: a generous estimate around the first position.
            let fontSize = inheritedNumber(node, "font-size") ?? 16
            let characters = Double(textContent(node).count)
            guard let x = e["x"].flatMap({ SVGLength.numbers($0)?.first }) ?? 0 as Double?,
                  let y = e["y"].flatMap({ SVGLength.numbers($0)?.first }) ?? 0 as Double? else { return nil }
            let width = characters * fontSize
            return Rect(x: x - width, y: y - fontSize * 1.5, width: 2 * width, height: fontSize * 3 * max(1, Double(elementChildrenCount(node, named: "tspan"))))
        default:
            return nil
        }
    }

    /// `node`'s box on the canvas: its own (`localBounds` mapped), or its children's union.
    public func canvasBounds(_ node: NodeID) -> Rect? {
        if let local = localBounds(node) {
            return userToCanvas(node).map { $0.apply(local) }
        }
        var union: Rect?
        for child in descendants(of: node) where localBounds(child) != nil {
            guard let box = userToCanvas(child).flatMap({ map in localBounds(child).map(map.apply) }) else { return nil }
            union = union.map { $0.union(box) } ?? box
        }
        return union
    }

    /// A property as it applies to `node`: its own attribute, else its nearest ancestor's.
    public func inherited(_ node: NodeID, _ name: String) -> String? {
        for current in [node] + ancestors(of: node) {
            if let value = elements[current][name], value != "inherit" { return value }
        }
        return nil
    }

    private func inheritedNumber(_ node: NodeID, _ name: String) -> Double? {
        inherited(node, name).flatMap { SVGLength.number($0) }
    }

    /// The text below `node`.
    public func textContent(_ node: NodeID) -> String {
        elements[node].children.map { child -> String in
            switch child {
            case .text(let text): return text
            case .element(let id): return textContent(id)
            case .placeholder(let placeholder): return "{{\(placeholder.rawValue)}}"
            }
        }.joined()
    }

    private func elementChildrenCount(_ node: NodeID, named name: String) -> Int {
        elements[node].elementChildren.filter { elements[$0].name == name }.count
    }
}

/// `TemplateGeometry` for every element at once, in one pass down the tree and one back up: the
/// bounds ask for each element's map and box, which asked one at a time walk the ancestors each.
struct TemplateGeometryCache {
    var userToCanvas: [Affine?]
    var localBounds: [Rect?]
    /// Own box mapped, or the children's union.
    var canvasBounds: [Rect?]
    /// Groups with opacity, a mask, a filter or a blend mode around the element, itself included.
    var layerDepth: [Int]

    init(_ tree: TemplateTree) {
        let count = tree.elements.count
        userToCanvas = Array(repeating: nil, count: count)
        localBounds = Array(repeating: nil, count: count)
        canvasBounds = Array(repeating: nil, count: count)
        layerDepth = Array(repeating: 0, count: count)
        var content: [Affine?] = Array(repeating: nil, count: count)
        let order = tree.documentOrder
        for node in order {
            let element = tree[node]
            let own = element["transform"].map(SVGTransform.parse) ?? .identity
            let parent = element.parent
            let user: Affine?
            if node == tree.root {
                user = own
            } else if let parent, let outer = content[parent], let own {
                user = outer.then(own)
            } else {
                user = nil
            }
            userToCanvas[node] = user
            if element.name == "svg", let user {
                content[node] = node == tree.root && tree.canvasSize == nil ? user
                    : tree.viewportRect(node).flatMap { SVGViewport.transform(viewBox: element["viewBox"], preserveAspectRatio: element["preserveAspectRatio"], viewport: $0) }.map { user.then($0) }
            } else {
                content[node] = user
            }
            localBounds[node] = tree.localBounds(node)
            layerDepth[node] = (parent.map { layerDepth[$0] } ?? 0) + (element.drawsIntoLayer ? 1 : 0)
        }
        for node in order.reversed() {
            if let local = localBounds[node] {
                canvasBounds[node] = userToCanvas[node].map { $0.apply(local) }
                continue
            }
            var union: Rect?
            var known = true
            for child in tree[node].elementChildren {
                guard TemplateBounds.drawnShapes.contains(tree[child].name) || canvasBounds[child] != nil || !tree[child].elementChildren.isEmpty else { continue }
                guard let box = canvasBounds[child] else {
                    known = false
                    break
                }
                union = union.map { $0.union(box) } ?? box
            }
            canvasBounds[node] = known ? union : nil
        }
    }
}

extension TemplateTree.Element {
    /// Opacity, a mask, a filter, a blend mode or isolation: drawn into a layer of its own (the
    /// one answer: the cost estimate and the layer split both ask it). An opacity that is not a
    /// number or percentage of at least 1 counts as a layer, so a reading this misses costs more.
    package var drawsIntoLayer: Bool {
        if let opacity = self["opacity"]?.trimmingCharacters(in: .whitespaces), !opacity.isEmpty {
            let value = opacity.hasSuffix("%") ? Double(opacity.dropLast()).map { $0 / 100 } : Double(opacity)
            if !(value.map { $0 >= 1 } ?? false) { return true }
        }
        for name in ["mask", "filter"] {
            if let value = self[name]?.trimmingCharacters(in: .whitespaces), value != "none", !value.isEmpty { return true }
        }
        let style = (self["style"] ?? "").replacingOccurrences(of: " ", with: "")
        return (style.contains("mix-blend-mode:") && !style.contains("mix-blend-mode:normal")) || style.contains("isolation:isolate")
    }
}

extension Rect {
    package func union(_ other: Rect) -> Rect {
        let minX = min(x, other.x), minY = min(y, other.y)
        return Rect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }

    func intersection(_ other: Rect) -> Rect? {
        let minX = max(x, other.x), minY = max(y, other.y), maxX = min(self.maxX, other.maxX), maxY = min(self.maxY, other.maxY)
        guard maxX > minX, maxY > minY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Contains `other`, to within `tolerance` pixels.
    func contains(_ other: Rect, tolerance: Double = 0.5) -> Bool {
        other.x >= x - tolerance && other.y >= y - tolerance && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
    }

    var area: Double { max(0, width) * max(0, height) }
}
