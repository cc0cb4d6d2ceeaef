import Foundation
import Support
import Diagnostics

/// The bounds of `TemplateTree.read`, counted on the expanded tree (every `<use>` copy, every
/// property after CSS), so a template `check` accepts draws in bounded time and memory:
///
/// - **Time.** librsvg 2.54 cannot be interrupted once it draws, and each output draws the
///   whole template. The drawing time is estimated before anything is drawn: per element, the
///   canvas area it paints (its stroke included), the layers it needs (opacity, masks, filters),
///   and each filter primitive over its region, times how often it is drawn (what a mask, clip
///   path, pattern or marker holds, once per use, a marker at every vertex), weighted by what
///   each costs in librsvg (measured on the 2-core
///   build machine on a 1320 × 2868 canvas: a morphology of radius 16 over it took 63 s, one
///   octave of turbulence 2.7 s, a blur 0.9 s, a flood 0.03 s). The estimate must stay within
///   `maximumMilliseconds`; the filter parameter limits and counts below stay as well.
/// - **Memory.** Each nested layer holds a canvas-sized surface while it draws, each filter
///   primitive's result one of its region's size, a pattern tile one of its size, an embedded
///   image its decoded pixels: layers nest at most `maximumLayerDepth` deep, a filter holds at
///   most `maximumPrimitivesPerFilter` primitives, a tile at most the canvas's pixels, the
///   embedded images at most `maximumEmbeddedPixels` (their sizes read from their headers).
package enum TemplateBounds {
    static let maximumFilterUses = 16
    static let maximumFilterPrimitives = 64
    static let maximumPrimitivesPerFilter = 16
    /// feTurbulence octaves: each octave is another full noise pass over the region.
    static let maximumOctaves = 8
    /// feGaussianBlur / feDropShadow standard deviation, in user units.
    static let maximumBlur = 200.0
    /// feConvolveMatrix order (kernel side).
    static let maximumKernelOrder = 5
    /// feMorphology radius, in user units: the cost grows with the radius squared per pixel.
    static let maximumMorphologyRadius = 16.0
    /// Groups with opacity, a mask, a filter or a blend mode inside each other.
    static let maximumLayerDepth = 8
    /// Embedded images, all together, decoded (each side at most the capture limit too).
    static let maximumEmbeddedPixels = 36_000_000
    static let maximumEmbeddedSide = PNGCodec.maximumSide
    /// Characters of text drawn, all together (each `<use>` copy and each use of a pattern or
    /// mask counted): Pango shapes every one of them for each output, also off the canvas (one
    /// `<text>` of 95,000 words ran into the 30 s limit).
    static let maximumTextCharacters = 10_000
    /// The estimated drawing time allowed per output, on the build machine.
    static let maximumMilliseconds = 5_000.0

    /// librsvg's cost per million pixels of each kind of work, in milliseconds (CPU time of
    /// `rsvg-convert` on the build machine; see above).
    enum Cost {
        static let element = 0.05
        /// Opaque fills measured 0.55; translucent fills inside layers 0.85.
        static let paint = 0.85
        static let layer = 2.8
        static let mask = 3.0
        static let imageDecode = 8.0
        static func primitive(_ kind: String, _ e: TemplateTree.Element, scale: Double) -> Double {
            func numbers(_ name: String) -> [Double] { e[name].flatMap(SVGLength.numbers) ?? [] }
            switch kind {
            case "feGaussianBlur", "feDropShadow": return 230
            case "feTurbulence": return 700 * max(1, min(numbers("numOctaves").first ?? 1, 1000))
            case "feDiffuseLighting", "feSpecularLighting": return 550
            case "feColorMatrix", "feComponentTransfer", "feComposite", "feBlend", "feDisplacementMap": return 90
            case "feMorphology":
                let radius = numbers("radius").map { abs($0) * scale }
                let rx = radius.first ?? 0, ry = radius.count > 1 ? radius[1] : rx
                return 15 * (2 * rx + 1) * (2 * ry + 1)
            case "feConvolveMatrix":
                let order = numbers("order")
                let ox = order.first ?? 3, oy = order.count > 1 ? order[1] : ox
                return 30 * max(1, ox) * max(1, oy)
            default: return 20
            }
        }
    }

    package static let drawnShapes: Set<String> = ["rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "image"]

    static func check(_ tree: TemplateTree, order: [Int], into findings: inout TemplateFindings) {
        var checker = Checker(tree: tree, order: order)
        checker.run()
        findings.estimatedMilliseconds = checker.milliseconds
        for finding in checker.findings.items {
            findings.error(finding.order, finding.field, finding.message, at: finding.position)
        }
    }

    /// The drawing time of `tree` fitted to an output canvas of `width` × `height` pixels, its
    /// drawing scaled `scale` times (a 390 × 844 template fitted to a 1320 × 2868 canvas paints
    /// 11.5 times the pixels it paints at its own size), and the element costing most.
    static func estimate(_ tree: TemplateTree, outputWidth width: Double, outputHeight height: Double,
                         scale: Double) -> (milliseconds: Double, worst: TemplateTree.NodeID?) {
        var checker = Checker(tree: tree, order: Array(tree.elements.indices),
                              output: Rect(x: 0, y: 0, width: width, height: height), scale: scale)
        checker.run()
        return (checker.milliseconds, checker.worst)
    }

    private struct Checker {
        let tree: TemplateTree
        let order: [Int]
        var findings: TemplateFindings
        let canvas: Rect
        /// The output canvas the template is drawn on, and how much it is scaled to it (the
        /// template's own canvas, 1, while it is read).
        let output: Rect
        let outputScale: Double
        /// The element costing most, once `run` has counted.
        private(set) var worst: TemplateTree.NodeID?
        let ids: [String: TemplateTree.NodeID]
        /// Every element's map and box, computed once (the loop asks for each element's).
        let geometry: TemplateGeometryCache
        /// The estimated drawing time, once `run` has counted it.
        private(set) var milliseconds = 0.0

        init(tree: TemplateTree, order: [Int], output: Rect? = nil, scale: Double = 1) {
            self.tree = tree
            self.order = order
            findings = TemplateFindings(file: tree.file)
            // A placeholder template's canvas is known only when filled: the largest store slot.
            let size = tree.canvasSize ?? (2064, 2752)
            canvas = Rect(x: 0, y: 0, width: size.width, height: size.height)
            self.output = output ?? canvas
            outputScale = scale
            ids = tree.ids
            geometry = TemplateGeometryCache(tree)
        }

        private func orderOf(_ node: TemplateTree.NodeID) -> Int { order.indices.contains(node) ? order[node] : Int.max }

        private mutating func refuse(_ node: TemplateTree.NodeID, _ field: String, _ message: String) {
            findings.error(orderOf(node), field, message, at: tree[node].position)
        }

        /// The element a `url(#id)` value names.
        private func referenced(_ value: String?) -> TemplateTree.NodeID? {
            guard let value, let open = value.range(of: "url("), let close = value[open.upperBound...].firstIndex(of: ")") else { return nil }
            var target = value[open.upperBound..<close].trimmingCharacters(in: .whitespaces)
            target = target.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            guard target.hasPrefix("#") else { return nil }
            return ids[String(target.dropFirst())]
        }

        /// Pixels of `box` (canvas) on the canvas; the whole canvas when unknown.
        private func pixels(_ box: Rect?) -> Double {
            guard let box else { return output.area }
            let s = outputScale
            return Rect(x: box.x * s, y: box.y * s, width: box.width * s, height: box.height * s).intersection(output)?.area ?? 0
        }

        /// How many times librsvg draws each element: once where it stands, and what a mask,
        /// clip path, pattern or marker holds once per element that uses it (a marker at every
        /// vertex), an element an feImage names once more per use. Nested resources multiply.
        private func multiplicities(_ nodes: [TemplateTree.NodeID]) -> [TemplateTree.NodeID: Double] {
            var uses: [TemplateTree.NodeID: [(user: TemplateTree.NodeID, times: Double)]] = [:]
            for node in nodes {
                let element = tree[node]
                for name in ["mask", "clip-path", "fill", "stroke"] {
                    guard let target = referenced(element[name]) else { continue }
                    uses[target, default: []].append((node, 1))
                    // A pattern without content of its own draws the content of the one its
                    // href names (and so on): that content is drawn once per use too.
                    if let content = patternContent(target), content != target { uses[content, default: []].append((node, 1)) }
                }
                for name in ["marker-start", "marker-mid", "marker-end"] {
                    if let target = referenced(element[name]) { uses[target, default: []].append((node, Self.vertices(element))) }
                }
                if element.name == "feImage", let href = element["href"], href.hasPrefix("#"), let target = ids[String(href.dropFirst())] {
                    // Drawn once per element the filter applies to: counted on the filter's users.
                    uses[target, default: []].append((node, 1))
                }
            }
            let resources: Set<String> = ["mask", "clipPath", "pattern", "marker"]
            var memo: [TemplateTree.NodeID: Double] = [:]
            var visiting: Set<TemplateTree.NodeID> = []
            let cap = 1e9
            func times(_ node: TemplateTree.NodeID) -> Double {
                if let known = memo[node] { return known }
                guard !visiting.contains(node) else { return cap }
                visiting.insert(node)
                defer { visiting.remove(node) }
                var result = 1.0
                // The innermost resource or feImage target around (or at) the node sets how often it is drawn.
                for current in [node] + tree.ancestors(of: node) {
                    let isResource = resources.contains(tree[current].name)
                    let named = uses[current] ?? []
                    guard isResource || !named.isEmpty else { continue }
                    let fromUses = named.reduce(0.0) { total, use in
                        // A filter's feImage draws its target for each element the filter applies to.
                        let users = tree[use.user].name == "feImage" ? filterUsers(of: use.user) : [use.user]
                        return total + users.reduce(0.0) { $0 + use.times * times($1) }
                    }
                    result = isResource ? fromUses : fromUses + 1
                    break
                }
                memo[node] = min(cap, result)
                return memo[node] ?? cap
            }
            var result: [TemplateTree.NodeID: Double] = [:]
            for node in nodes { result[node] = times(node) }
            return result
        }

        /// The pattern whose children `pattern` draws: itself when it has any, else the first
        /// along its `href` chain that has (SVG's pattern inheritance, as librsvg follows it).
        private func patternContent(_ pattern: TemplateTree.NodeID) -> TemplateTree.NodeID? {
            var current = pattern
            var seen: Set<TemplateTree.NodeID> = []
            while tree[current].name == "pattern", seen.insert(current).inserted {
                if !tree[current].elementChildren.isEmpty { return current }
                guard let href = tree[current]["href"]?.trimmingCharacters(in: .whitespaces), href.hasPrefix("#"),
                      let next = ids[String(href.dropFirst())] else { return nil }
                current = next
            }
            return nil
        }

        /// The elements the filter holding `primitive` applies to.
        private func filterUsers(of primitive: TemplateTree.NodeID) -> [TemplateTree.NodeID] {
            guard let filter = tree.ancestors(of: primitive).first(where: { tree[$0].name == "filter" }), let id = tree[filter]["id"] else { return [] }
            return tree.documentOrder.filter { referenced(tree[$0]["filter"]) == ids[id] }
        }

        /// Where a marker is drawn: a path's points (each coordinate pair), a polyline's points.
        static func vertices(_ element: TemplateTree.Element) -> Double {
            switch element.name {
            case "line": return 2
            case "polyline", "polygon": return Double((element["points"].flatMap(SVGLength.numbers)?.count ?? 0) / 2)
            case "path":
                let d = element["d"] ?? ""
                let numbers = d.split(whereSeparator: { !($0.isNumber || $0 == "." || $0 == "-" || $0 == "e") }).count
                return Double(max(1, numbers / 2 + d.filter { $0.isLetter && $0 != "e" }.count))
            default: return 0
            }
        }

        /// The canvas box an element paints, its stroke included (half its width each side, as
        /// far again for miter joins).
        private func paintedBox(_ node: TemplateTree.NodeID) -> Rect? {
            guard var box = geometry.canvasBounds[node] else { return nil }
            if let stroke = tree.inherited(node, "stroke"), stroke != "none" {
                let width = tree.inherited(node, "stroke-width").flatMap { SVGLength.number($0) } ?? 1
                let miter = max(1, tree.inherited(node, "stroke-miterlimit").flatMap { Double($0) } ?? 4)
                let scale = geometry.userToCanvas[node]?.largestScale ?? 1
                let reach = abs(width) / 2 * miter * scale
                box = Rect(x: box.x - reach, y: box.y - reach, width: box.width + 2 * reach, height: box.height + 2 * reach)
            }
            return box
        }

        mutating func run() {
            let nodes = tree.documentOrder
            checkPrimitives(nodes)
            let drawn = multiplicities(nodes)
            var filtered = 0.0
            milliseconds = 0
            var worst: (node: TemplateTree.NodeID, milliseconds: Double)?
            defer { self.worst = worst?.node }
            var embedded = 0.0
            var deepestLayer: TemplateTree.NodeID?
            var characters = 0.0
            for node in nodes {
                let element = tree[node]
                let times = drawn[node] ?? 1
                if ["text", "tspan", "textPath"].contains(element.name) {
                    let own = Double(element.ownText.count) * times
                    if characters <= Double(maximumTextCharacters) && characters + own > Double(maximumTextCharacters) {
                        refuse(node, tree.label(node), "too much text to render in bounded time (each character is shaped for every output, also off the canvas): expected at most \(maximumTextCharacters) characters of text in all, found \(SVGNumber.format(characters + own)) up to this element")
                    }
                    characters += own
                }
                var cost = Cost.element
                let box = TemplateBounds.drawnShapes.contains(element.name) || Self.layerEffect(element) ? paintedBox(node) : nil
                let megapixels = pixels(box) / 1_000_000
                if TemplateBounds.drawnShapes.contains(element.name) { cost += Cost.paint * megapixels }
                if Self.layerEffect(element) {
                    cost += Cost.layer * megapixels
                    if geometry.layerDepth[node] > maximumLayerDepth && deepestLayer == nil { deepestLayer = node }
                }
                if let mask = element["mask"], mask != "none" { cost += Cost.mask * megapixels }
                if let value = element["filter"], value != "none", !value.isEmpty {
                    let before = filtered
                    filtered += times
                    if before <= Double(maximumFilterUses) && filtered > Double(maximumFilterUses) {
                        refuse(node, "\(tree.label(node)) filter", "too many filtered elements to render in bounded time: expected at most \(maximumFilterUses), found more")
                    }
                    cost += filterCost(node, filter: referenced(value), elementBox: box)
                }
                for paint in ["fill", "stroke"] {
                    if let pattern = referenced(element[paint]), tree[pattern].name == "pattern" {
                        cost += patternCost(node, pattern: pattern)
                    }
                }
                if element.name == "image" || element.name == "feImage", let href = element["href"], href.lowercased().hasPrefix("data:") {
                    switch EmbeddedImage.size(of: href) {
                    case .success(let size):
                        let count = Double(size.width) * Double(size.height)
                        if size.width > maximumEmbeddedSide || size.height > maximumEmbeddedSide {
                            refuse(node, "\(tree.label(node)) href", "embedded image too large to decode in bounded memory: expected at most \(maximumEmbeddedSide) pixels a side, found \(size.width)×\(size.height)")
                        } else if embedded + count > Double(maximumEmbeddedPixels) && embedded <= Double(maximumEmbeddedPixels) {
                            refuse(node, "\(tree.label(node)) href", "embedded images too large to decode in bounded memory: expected at most \(maximumEmbeddedPixels) pixels in all, found \(size.width)×\(size.height) after \(Int(embedded)) pixels")
                        }
                        embedded += count
                        cost += Cost.imageDecode * count / 1_000_000
                    case .failure(.mismatch(let declared)):
                        refuse(node, "\(tree.label(node)) href", "embedded image is not what its data: URL says: expected \(declared) bytes, found another kind")
                    case .failure(.notDecodable):
                        refuse(node, "\(tree.label(node)) href", "embedded image whose size cannot be read: expected a base64 PNG or JPEG whose header gdk-pixbuf reads, found data it cannot read")
                    }
                }
                cost *= times
                milliseconds += cost
                if worst.map({ cost > $0.milliseconds }) ?? true { worst = (node, cost) }
            }
            if let deepestLayer {
                refuse(deepestLayer, tree.label(deepestLayer), "groups with opacity, a mask, a filter or a blend mode nested too deep to render in bounded memory (each holds a canvas-sized layer while it draws): expected at most \(maximumLayerDepth) inside each other, found more")
            }
            // The estimate is reported when no count or parameter already explains the cost.
            if milliseconds > maximumMilliseconds, let worst, findings.items.isEmpty {
                refuse(worst.node, tree.label(worst.node), "too costly to render in bounded time: expected an estimated drawing time of at most \(SVGNumber.format(maximumMilliseconds / 1000)) s per output (librsvg's cost of the canvas area painted, layers and filter primitives, measured on the build machine), found about \(SVGNumber.format(milliseconds / 1000)) s, \(SVGNumber.format(worst.milliseconds / 1000)) s of it for this element")
            }
        }

        static func layerEffect(_ element: TemplateTree.Element) -> Bool { element.drawsIntoLayer }

        /// The parameter limits of each primitive, its filter's size, and the document's count.
        private mutating func checkPrimitives(_ nodes: [TemplateTree.NodeID]) {
            var primitives = 0
            for node in nodes {
                let element = tree[node]
                let label = tree.label(node)
                if element.name == "filter" {
                    let count = tree.descendants(of: node).filter { tree[$0].name.hasPrefix("fe") && !tree[$0].name.hasPrefix("feFunc")
                        && !["feMergeNode", "feDistantLight", "fePointLight", "feSpotLight"].contains(tree[$0].name) }.count
                    if count > maximumPrimitivesPerFilter {
                        refuse(node, label, "filter too large to render in bounded memory (each primitive's result is kept while it draws): expected at most \(maximumPrimitivesPerFilter) primitives in one <filter>, found \(count)")
                    }
                }
                guard element.name.hasPrefix("fe") else { continue }
                primitives += 1
                if primitives == maximumFilterPrimitives + 1 {
                    refuse(node, label, "too many filter primitives to render in bounded time: expected at most \(maximumFilterPrimitives), found more")
                }
                func numbers(_ name: String) -> [Double] { element[name].flatMap(SVGLength.numbers) ?? [] }
                switch element.name {
                case "feTurbulence":
                    if let octaves = numbers("numOctaves").first, !(octaves <= Double(maximumOctaves)) {
                        refuse(node, "\(label) numOctaves", "filter too costly to render: expected numOctaves at most \(maximumOctaves), found \(SVGNumber.format(octaves))")
                    }
                case "feGaussianBlur", "feDropShadow":
                    if let worst = numbers("stdDeviation").map(abs).max(), !(worst <= maximumBlur) {
                        refuse(node, "\(label) stdDeviation", "filter too costly to render: expected stdDeviation at most \(SVGNumber.format(maximumBlur)), found \(SVGNumber.format(worst))")
                    }
                case "feConvolveMatrix":
                    if let order = numbers("order").max(), !(order <= Double(maximumKernelOrder)) {
                        refuse(node, "\(label) order", "filter too costly to render: expected a kernel order at most \(maximumKernelOrder), found \(SVGNumber.format(order))")
                    }
                case "feMorphology":
                    if let radius = numbers("radius").map(abs).max(), !(radius <= maximumMorphologyRadius) {
                        refuse(node, "\(label) radius", "filter too costly to render: expected radius at most \(SVGNumber.format(maximumMorphologyRadius)), found \(SVGNumber.format(radius))")
                    }
                default:
                    break
                }
            }
        }

        /// The filter's primitives over its region: the filter's own rectangle (by default the
        /// element's box and a tenth around it), on the canvas.
        private func filterCost(_ node: TemplateTree.NodeID, filter: TemplateTree.NodeID?, elementBox: Rect?) -> Double {
            guard let filter, tree[filter].name == "filter" else { return 0 }
            let f = tree[filter]
            let map = geometry.userToCanvas[node]
            var region: Rect?
            if f["filterUnits"] == "userSpaceOnUse" {
                if let x = f["x"].flatMap({ SVGLength.number($0) }), let y = f["y"].flatMap({ SVGLength.number($0) }),
                   let w = f["width"].flatMap({ SVGLength.number($0) }), let h = f["height"].flatMap({ SVGLength.number($0) }), let map {
                    region = map.apply(Rect(x: x, y: y, width: w, height: h))
                }
            } else if let box = elementBox {
                func fraction(_ name: String, _ fallback: Double) -> Double? {
                    guard let text = f[name] else { return fallback }
                    return text.hasSuffix("%") ? SVGLength.number(text, percentOf: 1) : Double(text.trimmingCharacters(in: .whitespaces))
                }
                if let x = fraction("x", -0.1), let y = fraction("y", -0.1), let w = fraction("width", 1.2), let h = fraction("height", 1.2) {
                    region = Rect(x: box.x + x * box.width, y: box.y + y * box.height, width: w * box.width, height: h * box.height)
                }
            }
            let megapixels = pixels(region) / 1_000_000
            let scale = (map?.largestScale ?? 1) * outputScale
            return tree.descendants(of: filter).reduce(0) { total, primitive in
                let kind = tree[primitive].name
                guard kind.hasPrefix("fe"), !kind.hasPrefix("feFunc"), !["feMergeNode", "feDistantLight", "fePointLight", "feSpotLight"].contains(kind) else { return total }
                return total + Cost.primitive(kind, tree[primitive], scale: scale) * megapixels
            }
        }

        /// A pattern's tile is drawn into a surface of its size on the canvas, then repeated:
        /// a tile larger than the canvas is refused (a 30000 × 30000 tile took 3.5 GB).
        private mutating func patternCost(_ node: TemplateTree.NodeID, pattern: TemplateTree.NodeID) -> Double {
            // Attributes a pattern lacks come from the one its href names.
            var chain = [pattern]
            while chain.count < 8, let href = tree[chain[chain.count - 1]]["href"], href.hasPrefix("#"), let next = ids[String(href.dropFirst())],
                  !chain.contains(next), tree[next].name == "pattern" {
                chain.append(next)
            }
            let tree = self.tree
            func attribute(_ name: String) -> String? {
                for node in chain { if let value = tree[node][name] { return value } }
                return nil
            }
            guard let w = attribute("width").flatMap({ SVGLength.number($0, percentOf: 1) }),
                  let h = attribute("height").flatMap({ SVGLength.number($0, percentOf: 1) }) else { return 0 }
            var width = abs(w), height = abs(h)
            if attribute("patternUnits") != "userSpaceOnUse" {
                guard let box = geometry.localBounds[node] else { return Cost.paint * output.area / 1_000_000 }
                width *= box.width
                height *= box.height
            }
            let transform = attribute("patternTransform").flatMap(SVGTransform.parse) ?? .identity
            let scale = (geometry.userToCanvas[node] ?? .identity).then(transform).largestScale
            width *= scale
            height *= scale
            if width * height > canvas.area || width > Double(maximumEmbeddedSide) || height > Double(maximumEmbeddedSide) {
                refuse(node, "\(tree.label(node)) fill", "pattern tile too large to render in bounded memory: expected a tile of at most the canvas's \(Int(canvas.width))×\(Int(canvas.height)) pixels, found \(SVGNumber.format(width))×\(SVGNumber.format(height)) pixels (\(tree.label(pattern)))")
                return 0
            }
            return Cost.paint * width * height * outputScale * outputScale / 1_000_000
        }
    }
}
