import Foundation
import Support
import Diagnostics

/// The one rule that fits a template or frame drawn at one size to another (README, "Templates
/// drawn once, fitted to every slot"):
///
/// 1. Every x coordinate and every length is scaled by `scale` (the new width over the drawn
///    width); y coordinates too.
/// 2. The difference in height, `stretch`, is made up at the stretch line (a y of the drawing):
///    a point below it moves down by `stretch` (up when negative), a point on or above it stays.
///    A rect or path that crosses the line grows or shrinks; nothing else changes shape.
/// 3. A text slot with `data-collapse="h"` that has no text in an output is left out and the
///    drawing closes up by h (drawing units): points between the slot and the stretch line move
///    h towards the slot, so the shapes that cross the line take the room.
///
/// It works on the template's normalized tree (`TemplateTree`), in the drawing's own coordinates
/// (an editor's translations and uniform scales are already folded into them, `TransformFold`):
/// any other `transform`, nested `<svg>`, `<pattern>`, `<filter>` or a percentage would need geometry
/// this rule does not move, and is refused naming the element (the drawing is still drawn as is
/// at its own size).
package struct DrawingFit {
    package struct Collapse: Equatable {
        var top: Double
        var bottom: Double
        var height: Double
        package init(top: Double, bottom: Double, height: Double) {
            self.top = top
            self.bottom = bottom
            self.height = height
        }
    }

    package struct Refusal: Error, Equatable {
        /// `#id` or `<name>`.
        package var element: String
        package var message: String
        package var position: JSONPosition? = nil
        package init(element: String, message: String, position: JSONPosition? = nil) {
            self.element = element
            self.message = message
            self.position = position
        }
    }

    var scale: Double
    var line: Double
    var stretch: Double
    var collapses: [Collapse] = []
    var offsetX = 0.0
    var offsetY = 0.0

    /// The identity fit, moved by (`x`, `y`) after scaling by `scale`.
    package static func uniform(_ scale: Double, x: Double = 0, y: Double = 0) -> DrawingFit {
        DrawingFit(scale: scale, line: .infinity, stretch: 0, offsetX: x, offsetY: y)
    }

    func x(_ value: Double) -> Double { offsetX + scale * value }
    func length(_ value: Double) -> Double { scale * value }

    func y(_ value: Double) -> Double {
        var shifted = value
        for c in collapses {
            if c.bottom <= line {
                if value >= c.bottom && value <= line { shifted -= c.height }
            } else if value > line && value <= c.top {
                shifted += c.height
            }
        }
        return offsetY + scale * shifted + (value > line ? stretch : 0)
    }

    /// Elements whose children are in their own units (an objectBoundingBox clip path or mask):
    /// those children are not moved.
    private static func ownUnits(_ element: TemplateTree.Element) -> Bool {
        (element.name == "clipPath" && element["clipPathUnits"] == "objectBoundingBox")
            || (element.name == "mask" && element["maskContentUnits"] == "objectBoundingBox")
    }

    static let refusedElements: Set<String> = ["svg", "pattern", "filter", "symbol", "marker", "foreignObject"]

    /// Every element below the root moved by this fit.
    package func apply(_ tree: inout TemplateTree) throws {
        try apply(&tree, to: tree[tree.root].elementChildren)
    }

    /// `nodes` and every element below them moved by this fit.
    package func apply(_ tree: inout TemplateTree, to nodes: [TemplateTree.NodeID]) throws {
        var stack = Array(nodes.reversed())
        while let node = stack.popLast() {
            let element = tree[node]
            do {
                tree[node] = try map(element)
            } catch var refusal as Refusal {
                refusal.element = tree.label(node)
                refusal.position = element.position
                throw refusal
            }
            if !Self.ownUnits(element) { stack.append(contentsOf: element.elementChildren.reversed()) }
        }
    }

    private func map(_ node: TemplateTree.Element) throws -> TemplateTree.Element {
        if Self.refusedElements.contains(node.name) {
            throw Refusal(element: "", message: "expected shapes in the drawing's own coordinates, found <\(node.name)>")
        }
        if let transform = node["transform"] ?? node["gradientTransform"] {
            throw Refusal(element: "", message: "expected no transform but translations and uniform scales (those are folded into coordinates when the template is read), found \(node["transform"] != nil ? "transform" : "gradientTransform")=\"\(transform)\"")
        }
        var out = node
        for attribute in node.attributes where attribute.value.contains("%") && Self.geometry.contains(attribute.name) {
            throw Refusal(element: "", message: "expected \(attribute.name) in pixels, found \"\(attribute.value)\"")
        }
        func number(_ name: String) throws -> Double? {
            guard let text = node[name] else { return nil }
            guard let value = SVGLength.number(text) else { throw Refusal(element: "", message: "expected \(name) as a number of pixels, found \"\(text)\"") }
            return value
        }
        func set(_ name: String, _ value: Double?) { if let value { out.set(name, SVGNumber.format(value)) } }
        /// A coordinate that defaults to 0: written when given, or when the fit moves 0 (an offset).
        func point(_ name: String, _ value: Double, _ map: (Double) -> Double) {
            if node[name] != nil || map(value) != 0 { set(name, map(value)) }
        }
        let userSpace = node["gradientUnits"] == "userSpaceOnUse"
        switch node.name {
        case "rect", "image":
            let x0 = try number("x") ?? 0, y0 = try number("y") ?? 0
            if let w = try number("width") { set("width", x(x0 + w) - x(x0)) }
            if let h = try number("height") {
                let height = y(y0 + h) - y(y0)
                guard height > 0 || h <= 0 else {
                    throw Refusal(element: "", message: "the canvas is too short for this drawing: its height would be \(SVGNumber.format(height)) px")
                }
                set("height", height)
            }
            point("x", x0, x)
            point("y", y0, y)
            set("rx", try number("rx").map(length))
            set("ry", try number("ry").map(length))
        case "circle":
            point("cx", try number("cx") ?? 0, x)
            point("cy", try number("cy") ?? 0, y)
            set("r", try number("r").map(length))
        case "ellipse":
            point("cx", try number("cx") ?? 0, x)
            point("cy", try number("cy") ?? 0, y)
            set("rx", try number("rx").map(length))
            set("ry", try number("ry").map(length))
        case "line":
            point("x1", try number("x1") ?? 0, x)
            point("x2", try number("x2") ?? 0, x)
            point("y1", try number("y1") ?? 0, y)
            point("y2", try number("y2") ?? 0, y)
        case "polyline", "polygon":
            if let points = node["points"] {
                guard let numbers = SVGLength.numbers(points), numbers.count % 2 == 0 else {
                    throw Refusal(element: "", message: "expected points as pairs of numbers, found \"\(points)\"")
                }
                out.set("points", stride(from: 0, to: numbers.count, by: 2).map { "\(SVGNumber.format(x(numbers[$0]))),\(SVGNumber.format(y(numbers[$0 + 1])))" }.joined(separator: " "))
            }
        case "path":
            if let d = node["d"] {
                guard let path = PathData(d) else { throw Refusal(element: "", message: "expected path data, found \"\(d.prefix(40))\"") }
                out.set("d", path.mapped(self).text)
            }
        case "text", "tspan":
            for (name, transform) in [("x", x), ("y", y), ("dx", length), ("dy", length)] as [(String, (Double) -> Double)] {
                guard let list = node[name] else { continue }
                guard let numbers = SVGLength.numbers(list) else { throw Refusal(element: "", message: "expected \(name) as numbers, found \"\(list)\"") }
                out.set(name, numbers.map { SVGNumber.format(transform($0)) }.joined(separator: " "))
            }
            // A <text> without x or y starts at 0; a <tspan> without them flows on from the text before it.
            if node.name == "text" {
                if node["x"] == nil { point("x", 0, x) }
                if node["y"] == nil { point("y", 0, y) }
            }
        case "linearGradient" where userSpace:
            set("x1", try number("x1").map(x))
            set("x2", try number("x2").map(x))
            set("y1", try number("y1").map(y))
            set("y2", try number("y2").map(y))
        case "radialGradient" where userSpace:
            set("cx", try number("cx").map(x))
            set("fx", try number("fx").map(x))
            set("cy", try number("cy").map(y))
            set("fy", try number("fy").map(y))
            set("r", try number("r").map(length))
            set("fr", try number("fr").map(length))
        default:
            break
        }
        for name in ["stroke-width", "font-size", "stroke-dashoffset"] {
            set(name, try number(name).map(length))
        }
        return out
    }

    /// Attributes holding coordinates or lengths (a percentage in one cannot be fitted).
    private static let geometry: Set<String> = ["x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2",
                                                "font-size", "stroke-width", "dx", "dy", "fx", "fy"]
    package init(scale: Double, line: Double, stretch: Double, collapses: [Collapse] = [], offsetX: Double = 0.0, offsetY: Double = 0.0) {
        self.scale = scale
        self.line = line
        self.stretch = stretch
        self.collapses = collapses
        self.offsetX = offsetX
        self.offsetY = offsetY
    }
}
