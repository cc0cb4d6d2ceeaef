import Foundation
import Diagnostics
import Support

/// How a document is read into a `TemplateTree`.
public struct TemplateReadOptions: Sendable, Equatable {
    /// How the document is named in refusals: `template`, `frame`.
    public var what: String
    /// A `{{PLACEHOLDER}}` template: its placeholders are marked (`PlaceholderMarks`) and kept.
    var placeholders = false
    /// The tool's own composed SVG read back (tests, the layer split of bytes): its links to
    /// the capture copies and embedded frames are the tool's, and its bounds were checked when
    /// its template was read.
    package var composedOutput = false

    public init(what: String = "template") {
        self.what = what
    }
}

extension TemplateTree {
    /// Largest template (or frame) accepted, in bytes.
    public static let maximumBytes = 1 << 20
    /// Elements in the file, before `<use>` references are expanded.
    static let maximumElements = 5_000
    /// Elements nested in elements; libxml2 stops at 256 on its own (and used to print its
    /// message and drop the rest of the file), this is refused first, naming the element.
    static let maximumDepth = 64
    /// Elements nested in elements once every `<use>` is expanded: the output SVG (its tree and
    /// the composer's few groups around it) must stay within libxml2's 256 levels when librsvg
    /// and the tool read it back (a chain of 128 `<use>` was accepted and failed to render).
    static let maximumExpandedDepth = 128

    /// Reads a template (or frame) once, by libxml2, into the normalized tree, and checks it: the
    /// allow-list, links, CSS, `<use>` expansion and the bounds (`TemplateBounds`). Every problem
    /// goes into `d` naming `file`, the element or rule and its line and column; editor data
    /// that was left out is one warning. Nil when anything was refused.
    public static func read(data: Data, file: String, options: TemplateReadOptions = TemplateReadOptions(),
                            into d: inout DiagnosticCollector) -> TemplateTree? {
        let (tree, accepted) = readReportingAll(data: data, file: file, options: options, into: &d)
        return accepted ? tree : nil
    }

    /// `read`, with the tree also when something was refused (nil only when the XML did not
    /// read), so the caller's own checks (slots, markers) report their problems in the same run.
    static func readReportingAll(data: Data, file: String, options: TemplateReadOptions = TemplateReadOptions(),
                                 into d: inout DiagnosticCollector) -> (tree: TemplateTree?, accepted: Bool) {
        let what = options.what
        guard data.count <= maximumBytes else {
            d.error(file, "(file)", "\(what) too large: expected at most \(maximumBytes) bytes, found \(data.count)")
            return (nil, false)
        }
        var reading = TemplateReading(file: file, options: options)
        var tree = reading.read([UInt8](data))
        reading.findings.report(into: &d, what: what)
        tree?.estimatedMilliseconds = reading.findings.estimatedMilliseconds
        return (tree, tree != nil && !reading.findings.hasErrors)
    }

    /// `read(data:)` of text.
    public static func read(text: String, file: String, options: TemplateReadOptions = TemplateReadOptions(),
                            into d: inout DiagnosticCollector) -> TemplateTree? {
        read(data: Data(text.utf8), file: file, options: options, into: &d)
    }
}

/// The steps of `TemplateTree.read`, in order; each adds its problems to `findings`.
struct TemplateReading {
    let file: String
    let options: TemplateReadOptions
    var findings: TemplateFindings
    var tree = TemplateTree(file: "", root: .init(name: "svg"))
    /// Each tree element's place in the file's document order (raw element index), so problems
    /// found by later steps are reported in document order; copies made by `<use>` get their
    /// source's.
    var order: [Int] = [0]
    /// The `<style>` sheets: text, where it starts, the element's document order.
    var sheets: [(text: String, start: JSONPosition, order: Int, position: JSONPosition?)] = []
    /// Names the tree holds until styles are resolved (`switch`, `a` become `g` after: CSS
    /// selects them by their own name).
    var renamed: [TemplateTree.NodeID: String] = [:]
    private var raw = XMLDocumentValue()

    init(file: String, options: TemplateReadOptions) {
        self.file = file
        self.options = options
        findings = TemplateFindings(file: file)
    }

    var what: String { options.what }

    mutating func read(_ bytes: [UInt8]) -> TemplateTree? {
        let placeholders = options.placeholders
        switch XMLReader.read(bytes, maximumDepth: TemplateTree.maximumDepth,
                              allowsInstruction: { placeholders && Placeholder(rawValue: $0)?.isMarkup == true }) {
        case .failure(let failure):
            report(failure)
            return nil
        case .success(let document):
            raw = document
        }
        if raw.elements.count > TemplateTree.maximumElements {
            findings.error("(\(what))", "too many elements to render in bounded time: expected at most \(TemplateTree.maximumElements), found more than \(TemplateTree.maximumElements)")
            return nil
        }
        let rootElement = raw.elements[0]
        guard rootElement.name == "svg", rootElement.namespace == TemplateTree.svgNamespace else {
            findings.error(0, "<svg>", "expected an <svg> root element in the SVG namespace (xmlns=\"\(TemplateTree.svgNamespace)\"), found <\(rootElement.qualifiedName)>\(rootElement.namespace.isEmpty ? " without a namespace" : "")", at: rootElement.position)
            return nil
        }
        tree = TemplateTree(file: file, root: TemplateTree.Element(name: "svg", attributes: attributes(of: 0), position: rootElement.position))
        convertChildren(of: 0, into: tree.root)
        resolveStyles()
        checkDuplicateIDs()
        if !options.composedOutput { checkLinks() }
        expandUses()
        if !findings.hasErrors { checkExpandedDepth() }
        if !findings.hasErrors && !options.composedOutput {
            TemplateBounds.check(tree, order: order, into: &findings)
        }
        var result = tree.compacted()
        // An editor's moves are folded into coordinates once, here: every later step reads the
        // folded tree. The tool's own output read back is left as it wrote it.
        if !options.composedOutput { TransformFold.fold(&result) }
        return result
    }

    private mutating func report(_ failure: XMLReadFailure) {
        switch failure.kind {
        case .notWellFormed(let message):
            findings.error(0, "(\(what))", "\(what) is not well-formed XML: \(message)", at: failure.position)
        case .tooDeep(let limit):
            findings.error(0, "(\(what))", "elements nested too deep to render in bounded time: expected at most \(limit) levels, found more", at: failure.position)
        case .entity(let detail):
            findings.error(0, "<!DOCTYPE>", "\(what)s may declare only plain-text internal entities (an external, parameter or nested entity would be resolved differently by librsvg and browsers, or expand without bound): expected none or plain text, found \(detail)", at: failure.position)
        case .instruction(let found):
            findings.error(0, "(\(what))", "processing instruction in a \(what): expected none but the XML declaration at the start, found \(found)", at: failure.position)
        }
    }

    // MARK: Elements

    private mutating func convertChildren(of rawIndex: Int, into parent: TemplateTree.NodeID) {
        for child in raw.elements[rawIndex].children {
            switch child {
            case .text(let text):
                tree.elements[parent].children.append(.text(text))
            case .instruction(let target, _, _):
                if let placeholder = Placeholder(rawValue: target) {
                    tree.elements[parent].children.append(.placeholder(placeholder))
                }
            case .element(let index):
                convert(index, into: parent)
            }
        }
    }

    private func label(_ rawIndex: Int) -> String {
        let element = raw.elements[rawIndex]
        if let id = element.attributes.first(where: { $0.name == "id" && $0.namespace.isEmpty })?.value { return "#\(id)" }
        return "<\(element.namespace == TemplateTree.svgNamespace ? element.name : element.qualifiedName)>"
    }

    private func hasAttribute(_ rawIndex: Int, _ name: String) -> String? {
        raw.elements[rawIndex].attributes.first { $0.namespace.isEmpty && $0.name == name }?.value
    }

    private mutating func convert(_ index: Int, into parent: TemplateTree.NodeID) {
        let element = raw.elements[index]
        let at = element.position
        if element.namespace != TemplateTree.svgNamespace {
            if TemplateVocabulary.xincludeNamespaces.contains(element.namespace) {
                findings.error(index, label(index), "XInclude in a \(what): expected the \(what)'s own content, found <\(element.qualifiedName)>", at: at)
            } else if element.namespace == TemplateVocabulary.xhtmlNamespace {
                findings.error(index, label(index), "active content in a template: expected artwork only, found <\(element.qualifiedName)> (HTML)", at: at)
            } else if TemplateVocabulary.isEditorNamespace(element.namespace) {
                findings.drop("\(element.prefix.map { "\($0):" } ?? "editor ")… elements")
            } else {
                findings.drop("<\(element.qualifiedName)> (\(element.namespace.isEmpty ? "no namespace" : element.namespace))")
            }
            return
        }
        let name = element.name
        if TemplateVocabulary.activeElements.contains(name) {
            findings.error(index, label(index), "active content in a template: expected artwork only, found <\(name)>", at: at)
            return
        }
        if TemplateVocabulary.animationElements.contains(name) {
            findings.error(index, label(index), "animation in a \(what): expected a still picture, found <\(name)>", at: at)
            return
        }
        if name == "metadata" {
            findings.drop("<metadata>")
            return
        }
        if name == "style" {
            let type = hasAttribute(index, "type")?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard type.isEmpty || type == "text/css" else {
                findings.error(index, "<style> type", "style sheet of another language: expected CSS (no type, or text/css), found type=\"\(type)\"", at: at)
                return
            }
            let text = element.children.map { if case .text(let t) = $0 { return t } else { return "" } }.joined()
            sheets.append((text, element.contentPosition ?? at ?? JSONPosition(line: 1, column: 1), index, at))
            return
        }
        // Conditional processing: librsvg and browsers disagree outside <switch>; an element
        // meant for other renderers (requiredExtensions) is an editor's, one for some viewers'
        // languages (systemLanguage) would be drawn by chance.
        if hasAttribute(index, "systemLanguage") != nil {
            findings.error(index, "\(label(index)) systemLanguage", "drawn or not depending on the viewer's language: expected no systemLanguage (compose each locale from its job instead), found systemLanguage=\"\(hasAttribute(index, "systemLanguage") ?? "")\"", at: at)
            return
        }
        if let extensions = hasAttribute(index, "requiredExtensions"), !extensions.trimmingCharacters(in: .whitespaces).isEmpty {
            findings.drop("elements for other renderers (requiredExtensions)")
            return
        }
        guard TemplateVocabulary.elements.contains(name) || TemplateVocabulary.resolvedElements.contains(name) else {
            findings.drop("<\(name)> (not static SVG librsvg draws)")
            return
        }
        let node = tree.insert(TemplateTree.Element(name: name, attributes: attributes(of: index), position: at), into: parent)
        order.append(index)
        if name == "switch" || name == "a" { renamed[node] = name }
        if name == "switch" {
            convertSwitch(index, into: node)
        } else {
            convertChildren(of: index, into: node)
        }
    }

    /// A `<switch>` draws its first child whose conditions hold: the editor's branches (with
    /// `requiredExtensions`, such as Illustrator's `<foreignObject>` of private data) are dropped,
    /// and the switch becomes a group of the branch every renderer draws.
    private mutating func convertSwitch(_ index: Int, into node: TemplateTree.NodeID) {
        var chosen = false
        for child in raw.elements[index].children {
            guard case .element(let childIndex) = child else { continue }
            if chosen {
                findings.drop("<switch> branches never drawn")
                continue
            }
            if let extensions = hasAttribute(childIndex, "requiredExtensions"), !extensions.trimmingCharacters(in: .whitespaces).isEmpty {
                findings.drop("<switch> branches for other renderers (requiredExtensions)")
                continue
            }
            convert(childIndex, into: node)
            chosen = true
        }
    }

    // MARK: Attributes

    /// The attributes kept, by their SVG names (`xlink:href` is `href`); problems refused.
    private mutating func attributes(of index: Int) -> [TemplateTree.Attribute] {
        let element = raw.elements[index]
        let at = element.position
        var result: [TemplateTree.Attribute] = []
        let hasHref = element.attributes.contains { $0.namespace.isEmpty && $0.name == "href" }
        for attribute in element.attributes {
            let qualified = attribute.qualifiedName
            let value = attribute.value
            let compact = value.lowercased().filter { !$0.isWhitespace }
            if ["javascript:", "vbscript:", "data:text/html", "data:image/svg"].contains(where: compact.hasPrefix)
                && !(options.composedOutput && compact.hasPrefix("data:image/svg")) {
                findings.error(index, "\(label(index)) \(qualified)", "script link in a template: expected none, found \(qualified)=\"\(compact.prefix(20))\"", at: at)
                continue
            }
            switch attribute.namespace {
            case "":
                let name = attribute.name
                if name.lowercased().hasPrefix("on") && name.count > 2 {
                    findings.error(index, "\(label(index)) \(name)", "event attribute in a template: expected none, found \(name)=", at: at)
                } else if name == "requiredFeatures" || name == "requiredExtensions" {
                    findings.drop("\(name) attributes")
                } else if TemplateVocabulary.coreAttributes.contains(name) || TemplateVocabulary.elementAttributes.contains(name)
                            || TemplateVocabulary.isInertKept(name) || TemplateVocabulary.properties[name] != nil
                            || name == "class" || name == "style" {
                    result.append(.init(name, value))
                } else {
                    findings.drop("\(name) attributes")
                }
            case TemplateVocabulary.xlinkNamespace:
                if attribute.name == "href" {
                    if hasHref {
                        // Both: the plain href is what SVG 2 renderers read; the other must not
                        // point anywhere else.
                        if let plain = element.attributes.first(where: { $0.namespace.isEmpty && $0.name == "href" })?.value, plain != value {
                            findings.error(index, "\(label(index)) \(qualified)", "two links on one element: expected href and xlink:href equal, found \"\(plain.prefix(40))\" and \"\(value.prefix(40))\"", at: at)
                        }
                    } else {
                        result.append(.init("href", value))
                        linkNames[index] = qualified
                    }
                } else {
                    findings.drop("xlink:\(attribute.name) attributes")
                }
            case TemplateVocabulary.xmlNamespace:
                if attribute.name == "lang" || attribute.name == "space" {
                    result.append(.init("xml:\(attribute.name)", value))
                } else {
                    findings.drop("xml:\(attribute.name) attributes")
                }
            default:
                findings.drop("\(attribute.prefix.map { "\($0):" } ?? "namespaced ")… attributes")
            }
        }
        return result
    }

    /// How each element's link was written (`xlink:href`), for refusals.
    var linkNames: [Int: String] = [:]

    // MARK: Links

    /// Every `href` is a same-document `#id`, or a PNG or JPEG `data:` image on an `<image>` or
    /// `<feImage>` (whose size the bounds check reads from its header).
    private mutating func checkLinks() {
        for node in tree.documentOrder {
            guard let value = tree[node]["href"] else { continue }
            let name = linkNames[order[node]] ?? "href"
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            let at = tree[node].position
            if trimmed.hasPrefix("#") { continue }
            if options.placeholders && PlaceholderMarks.contains(trimmed) {
                if trimmed != PlaceholderMarks.mark(.captureHref) || tree[node].name != "image" {
                    findings.error(order[node], "\(tree.label(node)) \(name)", "placeholder in a link: expected {{CAPTURE_HREF}} only, as the href of the capture's <image>, found \(name)=\"\(PlaceholderMarks.shown(trimmed).prefix(60))\"", at: at)
                }
                continue
            }
            if trimmed.lowercased().hasPrefix("data:") {
                if EmbeddedImage.mediaType(of: trimmed) == nil || !["image", "feImage"].contains(tree[node].name) {
                    findings.error(order[node], "\(tree.label(node)) \(name)", "embedded data a renderer may load differently: expected a base64 data:image/png or data:image/jpeg on an <image>, found \(name)=\"\(trimmed.prefix(40))\" on <\(tree[node].name)>", at: at)
                } else {
                    // Outputs carry the PNG as librsvg draws it: what a browser shows.
                    switch EmbeddedImage.drawn(trimmed) {
                    case .refused(let chunk, let problem)?:
                        let kind = EmbeddedImage.mediaType(of: trimmed) == "image/jpeg" ? "JPEG" : "PNG"
                        findings.error(order[node], "\(tree.label(node)) \(name) \(chunk)", "embedded \(kind) a browser draws otherwise: \(problem)", at: at)
                    case .drawn(let copy)?: tree[node].set("href", copy)
                    case nil: break
                    }
                }
                continue
            }
            findings.error(order[node], "\(tree.label(node)) \(name)", "link to a file outside the template: expected a same-document #fragment or a data: URI, found \(name)=\"\(trimmed.prefix(60))\"", at: at)
        }
    }

    /// The first element (in document order) nested deeper than `maximumExpandedDepth` once
    /// `<use>` references are expanded, refused where its reference stands in the file.
    private mutating func checkExpandedDepth() {
        var stack: [(node: TemplateTree.NodeID, depth: Int)] = [(tree.root, 1)]
        while let (node, depth) = stack.popLast() {
            if depth > TemplateTree.maximumExpandedDepth {
                let node = order.indices.contains(node) ? node : tree.root
                findings.error(order[node], tree.label(node), "elements nested too deep to render once <use> references are expanded (librsvg reads at most 256 levels): expected at most \(TemplateTree.maximumExpandedDepth) levels, found more at this element (a chain of <use> each drawing the next)", at: tree[node].position)
                return
            }
            for child in tree[node].elementChildren.reversed() { stack.append((child, depth + 1)) }
        }
    }

    /// An id names one element: `#headline` twice would ship invalid SVG, and a slot, a `<use>`
    /// or a `url(#…)` would silently pick one of them. Named at the second.
    private mutating func checkDuplicateIDs() {
        var first: [String: String] = [:]
        for node in tree.documentOrder {
            guard let id = tree[node]["id"] else { continue }
            let kind = renamed[node] ?? tree[node].name
            if let earlier = first[id] {
                findings.error(order[node], "#\(id)", "duplicate id: expected each id once, found <\(earlier)> and <\(kind)> with id=\"\(id)\"", at: tree[node].position)
            } else {
                first[id] = kind
            }
        }
    }
}
