import Support
import Diagnostics
import Foundation
import Ingest

/// A theme's values as templates take them. A `{{PLACEHOLDER}}` template gets them as
/// placeholder values; a slot-marked drawing (the built-ins, or a designer's that opts in) marks
/// the attributes a theme sets, keeping its own colours as the preview a browser shows:
///
/// - `data-theme-fill="key"`: the element's `fill` is the theme's `key` (`background`,
///   `headlineColor`, `subtitleColor`, `frameColor`, `accent`, or `onAccent`: black or white,
///   whichever reads better on the accent);
/// - `data-theme-font-weight="key"`: `headlineWeight` or `accentWeight`;
/// - `data-when="shadow"`: the element is drawn only when the theme's `shadow` is on
///   (`not-ios`: only for captures that are not from an iOS well, see `FramePlacement`).
package enum ThemeMarkup {
    /// `<linearGradient id="background-gradient">`: evenly spaced stops along a CSS angle
    /// (0 points up, 90 right), the line running through the box's centre.
    static func gradient(_ colors: [String], angle: Double) -> (gradient: TemplateTree.Element, stops: [TemplateTree.Element]) {
        let radians = angle * .pi / 180
        let dx = sin(radians) / 2, dy = -cos(radians) / 2
        let n = SVGNumber.format
        let stops = colors.enumerated().map { index, color in
            TemplateTree.Element(name: "stop", attributes: [.init("offset", n(Double(index) / Double(max(1, colors.count - 1)))), .init("stop-color", color)])
        }
        return (TemplateTree.Element(name: "linearGradient", attributes: [.init("id", "background-gradient"), .init("x1", n(0.5 - dx)), .init("y1", n(0.5 - dy)),
                                                                          .init("x2", n(0.5 + dx)), .init("y2", n(0.5 + dy))]), stops)
    }

    /// The gradient as markup, for `{{THEME_DEFS}}`.
    package static func gradientMarkup(_ colors: [String], angle: Double) -> String {
        let (gradient, stops) = gradient(colors, angle: angle)
        func tag(_ e: TemplateTree.Element, close: Bool) -> String {
            "<\(e.name)" + e.attributes.map { " \($0.name)=\"\(XMLText.escapeAttribute($0.value))\"" }.joined() + (close ? "/>" : ">")
        }
        return tag(gradient, close: false) + stops.map { tag($0, close: true) }.joined() + "</linearGradient>"
    }

    static let fillKeys = ["background", "headlineColor", "subtitleColor", "frameColor", "accent", "onAccent"]
    static let weightKeys = ["headlineWeight", "accentWeight"]
    static let conditions = ["shadow", "not-ios"]

    /// Black or white, whichever has the higher contrast on `color`.
    static func readable(on color: String) -> String {
        (Contrast.ratio("#ffffff", color) ?? 0) >= (Contrast.ratio("#000000", color) ?? 0) ? "#ffffff" : "#000000"
    }

    /// The theme's values in the marked attributes of `nodes` and everything below them (the
    /// root's children when nil), the elements whose `data-when` is not among `holding` taken
    /// out; the markers themselves are dropped. A gradient background adds its
    /// `<linearGradient>` to the root's `<defs>`.
    static func apply(_ theme: Theme, holding: Set<String>, to tree: inout TemplateTree, nodes: [TemplateTree.NodeID]? = nil) throws {
        var needsGradient = false
        func fill(_ key: String) -> String? {
            switch key {
            case "background":
                switch theme.background {
                case .solid(let color): return color
                case .gradient:
                    needsGradient = true
                    return "url(#background-gradient)"
                }
            case "headlineColor": return theme.headlineColor
            case "subtitleColor": return theme.subtitleColor
            case "frameColor": return theme.frameColor
            case "accent": return theme.accent
            case "onAccent": return readable(on: theme.accent)
            default: return nil
            }
        }
        var stack = Array((nodes ?? tree[tree.root].elementChildren).reversed())
        while let node = stack.popLast() {
            var element = tree[node]
            func refuse(_ message: String) -> DrawingFit.Refusal { DrawingFit.Refusal(element: tree.label(node), message: message, position: element.position) }
            if let condition = element["data-when"] {
                guard conditions.contains(condition) else {
                    throw refuse("data-when: expected one of \(conditions.joined(separator: ", ")), found \"\(condition)\"")
                }
                if !holding.contains(condition) {
                    tree.detach(node)
                    continue
                }
                element.set("data-when", nil)
            }
            if let key = element["data-theme-fill"] {
                guard let value = fill(key) else {
                    throw refuse("data-theme-fill: expected one of \(fillKeys.joined(separator: ", ")), found \"\(key)\"")
                }
                element.set("fill", value)
                element.set("data-theme-fill", nil)
            }
            if let key = element["data-theme-font-weight"] {
                guard weightKeys.contains(key) else {
                    throw refuse("data-theme-font-weight: expected one of \(weightKeys.joined(separator: ", ")), found \"\(key)\"")
                }
                element.set("font-weight", String(key == "headlineWeight" ? theme.headlineWeight : theme.accentWeight))
                element.set("data-theme-font-weight", nil)
            }
            tree[node] = element
            stack.append(contentsOf: element.elementChildren.reversed())
        }
        if needsGradient, case .gradient(let colors, let angle) = theme.background, tree.element(id: "background-gradient") == nil {
            let defs = tree[tree.root].elementChildren.first { tree[$0].name == "defs" }
                ?? tree.insert(TemplateTree.Element(name: "defs"), into: tree.root, at: 0)
            let (gradient, stops) = gradient(colors, angle: angle)
            let inserted = tree.insert(gradient, into: defs)
            for stop in stops { tree.insert(stop, into: inserted) }
        }
    }
}
