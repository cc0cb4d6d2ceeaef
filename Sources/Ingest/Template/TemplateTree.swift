import Support
import Diagnostics

/// A template as the tool has understood it: the one model every template is read into (a
/// designer's slot-marked SVG, a `{{PLACEHOLDER}}` template, a built-in, an SVG frame) and that
/// every later step reads — the checks, the slots and their geometry, the composer, the layer
/// split — and that the writer serializes as the SVG written to the output folder and drawn by
/// librsvg (resvg's usvg is the model: act only on what was understood).
///
/// What the reader (`TemplateTree.read`) leaves in it: SVG elements of an allow-list only, no
/// namespace but `xml:` (`xlink:href` is `href`), no comments, no `<style>`, no `class`, no
/// `style` attribute for a property that has a presentation attribute (the cascade is resolved
/// into attributes, values re-written from their CSS tokens), no `<use>` (expanded into groups),
/// no `<switch>` or `<a>` (resolved into groups), no editor data. Every element keeps the line and
/// column of its tag in the file it came from, for refusals.
///
/// A value type: elements live in an array and refer to each other by index (`NodeID`); an
/// element removed from the document is detached (no parent, unreachable from the root).
public struct TemplateTree: Sendable, Equatable {
    public typealias NodeID = Int

    public struct Attribute: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public enum Child: Sendable, Equatable {
        case element(NodeID)
        case text(String)
        /// A markup placeholder of a `{{PLACEHOLDER}}` template (`{{HEADLINE_TSPANS}}`), filled
        /// with elements the tool builds.
        case placeholder(Placeholder)
    }

    public struct Element: Sendable, Equatable {
        /// The SVG element's local name (`rect`, `linearGradient`).
        public var name: String
        /// In document order.
        public var attributes: [Attribute]
        public var children: [Child] = []
        public package(set) var parent: NodeID?
        /// Where its tag starts in the template file; nil for elements the tool made.
        public var position: JSONPosition?

        public init(name: String, attributes: [Attribute] = [], position: JSONPosition? = nil) {
            self.name = name
            self.attributes = attributes
            self.position = position
        }

        public subscript(_ attribute: String) -> String? {
            attributes.first { $0.name == attribute }?.value
        }

        /// Sets, replaces in place, or (nil) removes an attribute.
        public mutating func set(_ attribute: String, _ value: String?) {
            if let index = attributes.firstIndex(where: { $0.name == attribute }) {
                if let value { attributes[index].value = value } else { attributes.remove(at: index) }
            } else if let value {
                attributes.append(Attribute(attribute, value))
            }
        }

        /// The elements among its children, in order.
        public var elementChildren: [NodeID] {
            children.compactMap { if case .element(let id) = $0 { return id } else { return nil } }
        }

        /// Its own text (not its descendants').
        public var ownText: String {
            children.map { if case .text(let text) = $0 { return text } else { return "" } }.joined()
        }
    }

    /// The file the template was read from (`builtin:<name>` for a built-in), for refusals.
    public var file: String
    public package(set) var elements: [Element]
    /// The root `<svg>`.
    public var root: NodeID { 0 }
    /// What the bounds estimated drawing it takes per output, in milliseconds on the build
    /// machine (`TemplateBounds`); 0 for a tree the tool built or read back.
    public package(set) var estimatedMilliseconds = 0.0
    /// Elements whose `id` the tool gave them (a placeholder template's headline `<text>`):
    /// refusals name them by their element, as the designer wrote them.
    package var derivedIDs: Set<NodeID> = []

    /// A document of one element, the root.
    public init(file: String, root: Element) {
        self.file = file
        var root = root
        root.parent = nil
        elements = [root]
    }

    public subscript(_ id: NodeID) -> Element {
        get { elements[id] }
        set { elements[id] = newValue }
    }

    // MARK: Queries

    /// Every element below `node` (not `node` itself), in document order.
    public func descendants(of node: NodeID) -> [NodeID] {
        var result: [NodeID] = []
        var stack = elements[node].elementChildren.reversed() as [NodeID]
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: elements[next].elementChildren.reversed())
        }
        return result
    }

    /// The root and every element in the document, in document order.
    public var documentOrder: [NodeID] { [root] + descendants(of: root) }

    /// Parent, grandparent, … up to the root.
    public func ancestors(of node: NodeID) -> [NodeID] {
        var result: [NodeID] = []
        var current = elements[node].parent
        while let next = current {
            result.append(next)
            current = elements[next].parent
        }
        return result
    }

    /// The element with this `id` in the document (the first in document order).
    public func element(id: String) -> NodeID? {
        documentOrder.first { elements[$0]["id"] == id }
    }

    /// Every element's id → the element (the first of each id).
    public var ids: [String: NodeID] {
        var result: [String: NodeID] = [:]
        for node in documentOrder {
            if let id = elements[node]["id"], result[id] == nil { result[id] = node }
        }
        return result
    }

    /// `#id` when the element has one, else `<name>`: how refusals name an element.
    public func label(_ node: NodeID) -> String {
        derivedIDs.contains(node) ? "<\(elements[node].name)>" : elements[node]["id"].map { "#\($0)" } ?? "<\(elements[node].name)>"
    }

    /// Whether `node` is still in the document.
    public func isAttached(_ node: NodeID) -> Bool {
        node == root || (elements[node].parent.map { parent in elements[parent].children.contains(.element(node)) && isAttached(parent) } ?? false)
    }

    // MARK: Changes

    /// Adds `element` as a child of `parent` at `index` (the end when nil); returns its id.
    @discardableResult
    public mutating func insert(_ element: Element, into parent: NodeID, at index: Int? = nil) -> NodeID {
        var element = element
        element.parent = parent
        let id = elements.count
        elements.append(element)
        let children = elements[parent].children
        elements[parent].children.insert(.element(id), at: min(index ?? children.count, children.count))
        return id
    }

    /// Copies the subtree of `source` (from this or another tree) below `parent`; returns the copy.
    @discardableResult
    public mutating func insertCopy(of source: NodeID, from tree: TemplateTree, into parent: NodeID, at index: Int? = nil,
                                    transform: (inout Element) -> Void = { _ in }) -> NodeID {
        var element = tree.elements[source]
        element.children = []
        transform(&element)
        let copy = insert(element, into: parent, at: index)
        for child in tree.elements[source].children {
            switch child {
            case .element(let id): insertCopy(of: id, from: tree, into: copy, transform: transform)
            case .text, .placeholder: elements[copy].children.append(child)
            }
        }
        return copy
    }

    /// Copies the subtree of `source` (an element of this tree) below `parent`; returns the copy.
    @discardableResult
    public mutating func insertCopy(of source: NodeID, into parent: NodeID, at index: Int? = nil,
                                    transform: (inout Element) -> Void = { _ in }) -> NodeID {
        var element = elements[source]
        let children = element.children
        element.children = []
        transform(&element)
        let copy = insert(element, into: parent, at: index)
        for child in children {
            switch child {
            case .element(let id): insertCopy(of: id, into: copy, transform: transform)
            case .text, .placeholder: elements[copy].children.append(child)
            }
        }
        return copy
    }

    /// The index of `node` among its parent's children.
    public func indexInParent(_ node: NodeID) -> Int? {
        elements[node].parent.flatMap { elements[$0].children.firstIndex(of: .element(node)) }
    }

    /// Takes `node` (and its subtree) out of the document.
    public mutating func detach(_ node: NodeID) {
        guard let parent = elements[node].parent, let index = indexInParent(node) else { return }
        elements[parent].children.remove(at: index)
        elements[node].parent = nil
    }

    /// Puts `replacement` (a new element) where `node` is; `node` is detached.
    @discardableResult
    public mutating func replace(_ node: NodeID, with replacement: Element) -> NodeID? {
        guard let parent = elements[node].parent, let index = indexInParent(node) else { return nil }
        detach(node)
        return insert(replacement, into: parent, at: index)
    }

    /// Replaces the children of `node` with `children` (text or placeholders; elements through `insert`).
    public mutating func setChildren(of node: NodeID, _ children: [Child]) {
        for child in elements[node].children {
            if case .element(let id) = child { elements[id].parent = nil }
        }
        elements[node].children = []
        for child in children {
            switch child {
            case .element(let id):
                elements[id].parent = node
                elements[node].children.append(child)
            case .text, .placeholder:
                elements[node].children.append(child)
            }
        }
    }

    /// A copy holding only the elements reachable from the root (after many edits, the arena
    /// keeps detached ones).
    public func compacted() -> TemplateTree {
        var result = TemplateTree(file: file, root: Element(name: elements[root].name, attributes: elements[root].attributes,
                                                            position: elements[root].position))
        result.estimatedMilliseconds = estimatedMilliseconds
        for child in elements[root].children {
            switch child {
            case .element(let id): result.insertCopy(of: id, from: self, into: result.root)
            case .text, .placeholder: result.elements[result.root].children.append(child)
            }
        }
        return result
    }
}
