import Foundation
import Support
import Diagnostics

extension TemplateTree {
    package static let svgNamespace = "http://www.w3.org/2000/svg"

    /// The SVG text of the tree: the bytes written to the output folder and drawn by librsvg.
    /// Deterministic: attributes in the tree's order, values and text escaped the one way
    /// (`XMLText`), the SVG namespace declared once on the root, no XML declaration (UTF-8).
    /// An unfilled markup placeholder is written as `{{NAME}}` text (only checks see such trees).
    public func svgText() -> String {
        var out = ""
        out.reserveCapacity(4096)
        write(root, into: &out)
        return out
    }

    /// `svgText()` as UTF-8 bytes.
    public func svgData() -> Data { Data(svgText().utf8) }

    private func write(_ node: NodeID, into out: inout String) {
        let element = elements[node]
        out += "<"
        out += element.name
        if node == root { out += " xmlns=\"\(Self.svgNamespace)\"" }
        for attribute in element.attributes where !(node == root && attribute.name == "xmlns") {
            out += " "
            out += attribute.name
            out += "=\""
            out += XMLText.escapeAttribute(attribute.value)
            out += "\""
        }
        if element.children.isEmpty {
            out += "/>"
            return
        }
        out += ">"
        for child in element.children {
            switch child {
            case .element(let id): write(id, into: &out)
            case .text(let text): out += XMLText.escapeText(text)
            case .placeholder(let placeholder): out += "{{\(placeholder.rawValue)}}"
            }
        }
        out += "</"
        out += element.name
        out += ">"
    }
}
