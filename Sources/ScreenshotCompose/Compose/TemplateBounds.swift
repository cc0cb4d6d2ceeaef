import Foundation

/// The bounds of `TemplateTree.read`, counted on the expanded tree (every `<use>` copy, every
/// property after CSS), so a template `check` accepts draws in bounded time and memory:
///
/// - **Time.** librsvg 2.54 cannot be interrupted once it draws, and each output draws the
///   whole template. The drawing time is estimated before anything is drawn: per element, the
///   canvas area it paints, the layers it needs (opacity, masks, filters), and each filter
///   primitive over its region, weighted by what each costs in librsvg (measured on the 2-core
///   build machine on a 1320 × 2868 canvas: a morphology of radius 16 over it took 63 s, one
///   octave of turbulence 2.7 s, a blur 0.9 s, a flood 0.03 s). The estimate must stay within
///   `maximumMilliseconds`; the filter parameter limits and counts below stay as well.
/// - **Memory.** Each nested layer holds a canvas-sized surface while it draws, each filter
///   primitive's result one of its region's size, a pattern tile one of its size, an embedded
///   image its decoded pixels: layers nest at most `maximumLayerDepth` deep, a filter holds at
///   most `maximumPrimitivesPerFilter` primitives, a tile at most the canvas's pixels, the
///   embedded images at most `maximumEmbeddedPixels` (their sizes read from their headers).
enum TemplateBounds {
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
    /// The estimated drawing time allowed per output, on the build machine.
    static let maximumMilliseconds = 5_000.0

    /// librsvg's cost per million pixels of each kind of work, in milliseconds (CPU time of
    /// `rsvg-convert` on the build machine; see above).
    enum Cost {
        static let element = 0.05
        static let paint = 0.55
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

    static let drawnShapes: Set<String> = ["rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "image"]

    static func check(_ tree: TemplateTree, order: [Int], into findings: inout TemplateFindings) {
        var checker = Checker(tree: tree, order: order)
        checker.run()
        for finding in checker.findings.items {
            findings.error(finding.order, finding.field, finding.message, at: finding.position)
        }
    }

    private struct Checker {
        let tree: TemplateTree
        let order: [Int]
        var findings: TemplateFindings
        let canvas: Rect
        let ids: [String: TemplateTree.NodeID]

        init(tree: TemplateTree, order: [Int]) {
            self.tree = tree
            self.order = order
            findings = TemplateFindings(file: tree.file)
            // A placeholder template's canvas is known only when filled: the largest store slot.
            let size = tree.canvasSize ?? (2064, 2752)
            canvas = Rect(x: 0, y: 0, width: size.width, height: size.height)
            ids = tree.ids
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
            guard let box else { return canvas.area }
            return box.intersection(canvas)?.area ?? 0
        }

        mutating func run() {
            let nodes = tree.documentOrder
            checkPrimitives(nodes)
            var filtered = 0
            var milliseconds = 0.0
            var worst: (node: TemplateTree.NodeID, milliseconds: Double)?
            var embedded = 0.0
            var deepestLayer: TemplateTree.NodeID?
            for node in nodes {
                let element = tree[node]
                var cost = Cost.element
                let box = TemplateBounds.drawnShapes.contains(element.name) || Self.layerEffect(element) ? tree.canvasBounds(node) : nil
                let megapixels = pixels(box) / 1_000_000
                if TemplateBounds.drawnShapes.contains(element.name) { cost += Cost.paint * megapixels }
                if Self.layerEffect(element) {
                    cost += Cost.layer * megapixels
                    let depth = ([node] + tree.ancestors(of: node)).filter { Self.layerEffect(tree[$0]) }.count
                    if depth > maximumLayerDepth && deepestLayer == nil { deepestLayer = node }
                }
                if let mask = element["mask"], mask != "none" { cost += Cost.mask * megapixels }
                if let value = element["filter"], value != "none", !value.isEmpty {
                    filtered += 1
                    if filtered == maximumFilterUses + 1 {
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

        /// Opacity, a mask, a filter, a blend mode or isolation: drawn into a layer of its own.
        static func layerEffect(_ element: TemplateTree.Element) -> Bool {
            if let opacity = element["opacity"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }), opacity < 1 { return true }
            for name in ["mask", "filter"] {
                if let value = element[name], value != "none", !value.isEmpty { return true }
            }
            let style = element["style"] ?? ""
            return (style.contains("mix-blend-mode") && !style.contains("mix-blend-mode:normal")) || style.contains("isolation:isolate")
        }

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
            let map = tree.userToCanvas(node)
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
            let scale = map?.largestScale ?? 1
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
                guard let box = tree.localBounds(node) else { return Cost.paint * canvas.area / 1_000_000 }
                width *= box.width
                height *= box.height
            }
            let transform = attribute("patternTransform").flatMap(SVGTransform.parse) ?? .identity
            let scale = (tree.userToCanvas(node) ?? .identity).then(transform).largestScale
            width *= scale
            height *= scale
            if width * height > canvas.area || width > Double(maximumEmbeddedSide) || height > Double(maximumEmbeddedSide) {
                refuse(node, "\(tree.label(node)) fill", "pattern tile too large to render in bounded memory: expected a tile of at most the canvas's \(Int(canvas.width))×\(Int(canvas.height)) pixels, found \(SVGNumber.format(width))×\(SVGNumber.format(height)) pixels (\(tree.label(pattern)))")
                return 0
            }
            return Cost.paint * width * height / 1_000_000
        }
    }
}
