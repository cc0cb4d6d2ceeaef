import Foundation
import Diagnostics
import Support

/// A placeholder of the device-well template, written `{{NAME}}`.
public enum Placeholder: String, CaseIterable, Sendable {
    case width = "WIDTH", height = "HEIGHT", locale = "LOCALE", captureId = "CAPTURE_ID", tool = "TOOL"
    case composedAt = "COMPOSED_AT", headline = "HEADLINE", headlineX = "HEADLINE_X", headlineY = "HEADLINE_Y"
    case headlineSize = "HEADLINE_SIZE", fontFamily = "FONT_FAMILY"
    case headlineTspans = "HEADLINE_TSPANS", headlineDirection = "HEADLINE_DIRECTION"
    case frameX = "FRAME_X", frameY = "FRAME_Y", frameWidth = "FRAME_WIDTH", frameHeight = "FRAME_HEIGHT"
    case frameRadius = "FRAME_RADIUS"
    case captureX = "CAPTURE_X", captureY = "CAPTURE_Y", captureWidth = "CAPTURE_WIDTH", captureHeight = "CAPTURE_HEIGHT"
    case captureHref = "CAPTURE_HREF", captureRadius = "CAPTURE_RADIUS"
    case storeWell = "STORE_WELL", storeCitation = "STORE_CITATION"
    case backgroundFill = "BACKGROUND_FILL", headlineColor = "HEADLINE_COLOR", headlineWeight = "HEADLINE_WEIGHT"
    case frameColor = "FRAME_COLOR", frameFilter = "FRAME_FILTER", themeDefs = "THEME_DEFS"
    case subtitleTspans = "SUBTITLE_TSPANS", subtitleSize = "SUBTITLE_SIZE", subtitleColor = "SUBTITLE_COLOR"
    /// `"emoji": "color"`: the `<image>`s of the headline's and subtitle's emoji.
    case headlineImages = "HEADLINE_IMAGES"
    /// The frame's soft shadow (rings of the phone frame's shadow around the frame rect), or
    /// nothing when the theme has none: markup, before the frame.
    case frameShadow = "FRAME_SHADOW"

    /// Markup the tool builds (the headline's `<tspan>` lines, their text escaped): inserted
    /// as is, and allowed only where character data goes.
    public var isMarkup: Bool { self == .headlineTspans || self == .themeDefs || self == .subtitleTspans || self == .headlineImages || self == .frameShadow }
}

/// A `{{PLACEHOLDER}}` template, read into the one template model (`TemplateTree`) like every
/// other: each placeholder is marked where it stands (`PlaceholderMarks`: in an attribute value or
/// text, or as markup between elements), the tree is checked like a designer's slot template, and
/// filling it replaces the marks with the tool's values in the tree, which the writer serializes.
/// Values are escaped by the writer for the place they land in, and never scanned again.
public struct SVGTemplate: Equatable, Sendable {
    /// The template as read; nil for no template (a run on a built-in or slot template).
    public var tree: TemplateTree?

    /// No template.
    public static let empty = SVGTemplate(tree: nil)

    /// The placeholders the template uses.
    public var placeholders: Set<Placeholder> {
        guard let tree else { return [] }
        var found: Set<Placeholder> = []
        for node in tree.documentOrder {
            for attribute in tree[node].attributes { found.formUnion(PlaceholderMarks.placeholders(in: attribute.value)) }
            for child in tree[node].children {
                switch child {
                case .text(let text): found.formUnion(PlaceholderMarks.placeholders(in: text))
                case .placeholder(let placeholder): found.insert(placeholder)
                case .element: break
                }
            }
        }
        return found
    }

    /// Reads and checks template text. Each problem is reported with `file` and the
    /// placeholder or element named in the field: an unknown or malformed placeholder, a
    /// missing not-capture-evidence marker (the root's `data-not-capture-evidence="true"`
    /// and a `<desc>` saying "not capture evidence" and naming `{{CAPTURE_ID}}`), a root
    /// without `xml:lang="{{LOCALE}}"`, no `<image id="capture">` whose href is
    /// `{{CAPTURE_HREF}}`, and everything `TemplateTree.read` refuses. Nil when any error.
    public static func parse(_ text: String, file: String, into d: inout DiagnosticCollector) -> SVGTemplate? {
        let before = d.errorCount
        if text.utf8.count > TemplateTree.maximumBytes {
            d.error(file, "(file)", "template too large: expected at most \(TemplateTree.maximumBytes) bytes, found \(text.utf8.count)")
            return nil
        }
        var marked = ""
        var scanner = TemplateScanner()
        var rest = Substring(text)
        var line = 1
        while !rest.isEmpty {
            if rest.hasPrefix("{{") {
                guard let close = rest.range(of: "}}") else {
                    d.error(file, "line \(line)", "malformed placeholder: expected {{NAME}}, found an unclosed \"{{\"")
                    break
                }
                let name = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound])
                let context = scanner.context
                if Placeholder(rawValue: name) != nil, case .refused(let reason) = context {
                    d.error(file, "{{\(name)}} (line \(line))", "placeholder in an unsafe place: expected it in element text or a quoted attribute value, found it \(reason)")
                    marked += "0"
                } else if let placeholder = Placeholder(rawValue: name), placeholder.isMarkup, context != .allowed(.text) {
                    d.error(file, "{{\(name)}} (line \(line))", "markup placeholder inside a tag: expected {{\(name)}} between elements, as the content of <text>, found it inside a tag")
                    marked += "0"
                } else if let placeholder = Placeholder(rawValue: name), case .allowed = context {
                    marked += placeholder.isMarkup ? PlaceholderMarks.instruction(placeholder) : PlaceholderMarks.mark(placeholder)
                } else {
                    marked += "0"
                    let known = Placeholder.allCases.map(\.rawValue).joined(separator: ", ")
                    d.error(file, "{{\(name)}} (line \(line))", "unknown placeholder: expected one of \(known), found {{\(name)}}")
                }
                rest = rest[close.upperBound...]
                continue
            }
            let c = rest.removeFirst()
            scanner.feed(c)
            if c == "\n" { line += 1 }
            marked.append(c)
        }
        var options = TemplateReadOptions()
        options.placeholders = true
        guard var tree = TemplateTree.readReportingAll(data: Data(marked.utf8), file: file, options: options, into: &d).tree else { return nil }
        derive(&tree)
        checkStructure(tree, file: file, into: &d)
        return d.errorCount == before ? SVGTemplate(tree: tree) : nil
    }

    /// Largest template accepted, in bytes.
    public static let maximumBytes = TemplateTree.maximumBytes

    /// What the renderer needs but a designer's template may not say, derived in the tree rather
    /// than asking for edits (the design card's template is read byte for byte as it was given):
    /// `xml:lang="{{LOCALE}}"` on the root (librsvg picks fonts by `xml:lang` only), `id="capture"`
    /// on the `<image>` whose href is `{{CAPTURE_HREF}}` (the rasterizer checks that it draws
    /// ink), and a `<text>` whose whole content is `{{HEADLINE}}` gets the fitted lines
    /// (`{{HEADLINE_TSPANS}}`), so a headline that wraps is drawn as the lines it was measured as,
    /// and `id="headline"` when no element has it.
    static func derive(_ tree: inout TemplateTree) {
        if tree[tree.root]["xml:lang"] == nil {
            tree.elements[tree.root].attributes.insert(.init("xml:lang", PlaceholderMarks.mark(.locale)), at: 0)
        }
        let nodes = tree.documentOrder
        if !nodes.contains(where: { tree[$0]["id"] == "capture" }),
           let image = nodes.first(where: { tree[$0].name == "image" && tree[$0]["href"] == PlaceholderMarks.mark(.captureHref) && tree[$0]["id"] == nil }) {
            tree.elements[image].attributes.insert(.init("id", "capture"), at: 0)
        }
        var headlineID = nodes.contains { tree[$0]["id"] == "headline" }
        for node in nodes where tree[node].name == "text" && tree[node].children == [.text(PlaceholderMarks.mark(.headline))] {
            tree.elements[node].children = [.placeholder(.headlineTspans)]
            // The text slot's id: locales' outputs then share the layers drawn under and around
            // the headline (`LayerSplit`), as a slot-marked template's do.
            if !headlineID && tree[node]["id"] == nil {
                tree.elements[node].attributes.insert(.init("id", "headline"), at: 0)
                tree.derivedIDs.insert(node)
                headlineID = true
            }
        }
        deriveShadow(&tree)
    }

    /// A template with no shadow of its own to fill (`{{FRAME_SHADOW}}` or `{{FRAME_FILTER}}`,
    /// as the design card's) gets `{{FRAME_SHADOW}}` before its frame, the rect at `{{FRAME_X}}`:
    /// a theme's `"shadow": true` then draws the rings there too (never a blur; nothing without
    /// it). When a `<text>` of the same group comes before the frame, the rings go before it,
    /// so nothing drawn after the headline is new and its layers stay shared.
    private static func deriveShadow(_ tree: inout TemplateTree) {
        let own = SVGTemplate(tree: tree).placeholders
        guard !own.contains(.frameShadow), !own.contains(.frameFilter),
              let frame = tree.documentOrder.first(where: { tree[$0].name == "rect" && tree[$0]["x"] == PlaceholderMarks.mark(.frameX) }),
              let parent = tree[frame].parent else { return }
        let children = tree[parent].children
        guard let at = children.firstIndex(of: .element(frame)) else { return }
        let text = children[..<at].firstIndex { child in
            if case .element(let id) = child { return tree[id].name == "text" || tree.descendants(of: id).contains { tree[$0].name == "text" } }
            return false
        }
        tree.elements[parent].children.insert(.placeholder(.frameShadow), at: text ?? at)
    }

    /// Fills every placeholder, returning the SVG text. Throws `TemplateError.unfilled` naming a
    /// placeholder without a value, `.invalidCharacter` for a value holding a character XML 1.0
    /// cannot carry, `.notWellFormed` for markup values that do not read.
    public func fill(_ values: [Placeholder: String]) throws -> String {
        try filled(values).svgText()
    }

    /// The tree with every placeholder filled: attribute values and text in place, markup values
    /// (the tool's headline lines, theme definitions, emoji images) read as SVG into elements.
    public func filled(_ values: [Placeholder: String]) throws -> TemplateTree {
        guard var tree else { throw TemplateError.notWellFormed("no template") }
        for node in tree.documentOrder {
            for index in tree[node].attributes.indices {
                tree.elements[node].attributes[index].value = try PlaceholderMarks.fill(tree[node].attributes[index].value, values)
            }
            let children = tree[node].children
            guard children.contains(where: { if case .element = $0 { return false } else { return true } }) else { continue }
            var kept: [TemplateTree.Child] = []
            var markup: [(index: Int, fragment: TemplateTree)] = []
            for child in children {
                switch child {
                case .element: kept.append(child)
                case .text(let text): kept.append(.text(try PlaceholderMarks.fill(text, values)))
                case .placeholder(let placeholder):
                    guard let value = values[placeholder] else { throw TemplateError.unfilled(placeholder) }
                    if let bad = XMLText.firstInvalidScalar(in: value) { throw TemplateError.invalidCharacter(placeholder, bad) }
                    if !value.isEmpty {
                        // The frame's shadow is the same markup under every locale's headline: read once.
                        let fragment = placeholder == .frameShadow ? try Self.shadowFragments.value(value) { try Self.fragment(value) } : try Self.fragment(value)
                        markup.append((kept.count, fragment))
                    }
                }
            }
            tree.elements[node].children = kept
            for (index, fragment) in markup.reversed() {
                var at = index
                for child in fragment[fragment.root].children {
                    switch child {
                    case .element(let id):
                        tree.insertCopy(of: id, from: fragment, into: node, at: at)
                    case .text, .placeholder:
                        tree.elements[node].children.insert(child, at: at)
                    }
                    at += 1
                }
            }
        }
        return tree
    }

    private static let shadowFragments = ComposeMemo<TemplateTree>(capacity: 64)

    /// Markup the tool built, read by the one reader.
    package static func fragment(_ markup: String) throws -> TemplateTree {
        var d = DiagnosticCollector()
        guard let tree = TemplateTree.read(text: "<svg xmlns=\"\(TemplateTree.svgNamespace)\">\(markup)</svg>", file: "(markup)", into: &d) else {
            throw TemplateError.notWellFormed(d.errors.first?.message ?? "markup that does not read")
        }
        return tree
    }

    package static let sample: [Placeholder: String] = {
        var values: [Placeholder: String] = [:]
        for p in Placeholder.allCases { values[p] = "1" }
        values[.locale] = "en-US"
        values[.captureId] = "sample-capture-id"
        values[.captureHref] = "captures/sample-capture-id.png"
        values[.headline] = "Sample"
        values[.headlineTspans] = "<tspan x=\"1\" y=\"1\">Sample</tspan>"
        values[.headlineDirection] = "ltr"
        values[.themeDefs] = ""
        values[.subtitleTspans] = ""
        values[.headlineImages] = ""
        values[.frameShadow] = ""
        values[.subtitleColor] = "#000000"
        values[.backgroundFill] = "#000000"
        values[.headlineColor] = "#000000"
        values[.frameColor] = "#000000"
        values[.frameFilter] = "none"
        values[.fontFamily] = "sans-serif"
        values[.tool] = "tool"
        values[.composedAt] = "1970-01-01T00:00:00Z"
        return values
    }()

    /// A value shown with the sample values filled in.
    private static func sampled(_ text: String) -> String { (try? PlaceholderMarks.fill(text, sample)) ?? PlaceholderMarks.shown(text) }

    /// The markers and the capture image, and the placeholders that are canvas positions
    /// (`{{CAPTURE_X}}` …) not moved by a transform or a nested viewport around them.
    private static func checkStructure(_ tree: TemplateTree, file: String, into d: inout DiagnosticCollector) {
        let root = tree[tree.root]
        let marker = root["data-not-capture-evidence"]
        if marker != "true" {
            d.error(file, "<svg> data-not-capture-evidence",
                    "missing not-capture-evidence marker: expected data-not-capture-evidence=\"true\" on the root, found \(marker.map { "\"\(sampled($0))\"" } ?? "none")")
        }
        // A template may declare the placeholders it needs (`data-template-requires="A B"` on
        // the root); each must be one the tool fills.
        for name in (root["data-template-requires"] ?? "").split(separator: " ").map(String.init)
        where Placeholder(rawValue: name) == nil {
            d.error(file, "<svg> data-template-requires", "required placeholder the tool does not fill: expected one of \(Placeholder.allCases.map(\.rawValue).joined(separator: ", ")), found \(name)")
        }
        let lang = root["xml:lang"]
        if lang != PlaceholderMarks.mark(.locale) {
            d.error(file, "<svg> xml:lang", "librsvg chooses fonts by xml:lang only: expected xml:lang=\"{{LOCALE}}\" on the root, found \(lang.map { "\"\(PlaceholderMarks.shown($0))\"" } ?? "none")")
        }
        let descs = root.elementChildren.filter { tree[$0].name == "desc" }
        // Only the <desc>'s own text counts: a comment saying "not capture evidence" is not
        // part of the document's text, and no viewer or screen reader ever shows it.
        let descText = descs.first.map { tree[$0].ownText } ?? ""
        // The capture's href names it too (the design card's template says "Source capture: {{CAPTURE_HREF}}").
        let namesCapture = descText.contains(PlaceholderMarks.mark(.captureId)) || descText.contains(PlaceholderMarks.mark(.captureHref))
        if !descText.lowercased().contains("not capture evidence") || !namesCapture {
            d.error(file, "<desc>", "missing not-capture-evidence marker: expected a <desc> that says \"not capture evidence\" and names {{CAPTURE_ID}}, found \(descs.isEmpty ? "no <desc>" : "\"\(sampled(descText))\"")")
        }
        let nodes = tree.documentOrder
        let images = nodes.filter { tree[$0].name == "image" && tree[$0]["id"] == "capture" }
        let href = images.first.flatMap { tree[$0]["href"] }
        if href != PlaceholderMarks.mark(.captureHref) {
            d.error(file, "<image id=\"capture\">", "expected an <image id=\"capture\"> with href=\"{{CAPTURE_HREF}}\", found \(images.isEmpty ? "none" : "href \(href.map { "\"\(sampled($0))\"" } ?? "missing")")")
        }
        // Only the capture links the tool's capture file.
        for node in nodes where tree[node]["href"] == PlaceholderMarks.mark(.captureHref) && !images.prefix(1).contains(node) {
            d.error(file, "\(tree.label(node)) href", "link to a file outside the template: expected a same-document #fragment or a data: URI, found href=\"\(sampled(tree[node]["href"] ?? ""))\"", at: tree[node].position)
        }
        let positions: Set<Placeholder> = [.headlineX, .headlineY, .frameX, .frameY, .frameWidth, .frameHeight, .captureX, .captureY,
                                           .captureWidth, .captureHeight, .width, .height]
        for node in nodes where node != tree.root {
            let used = tree[node].attributes.flatMap { PlaceholderMarks.placeholders(in: $0.value) }.filter(positions.contains)
            guard let first = used.first else { continue }
            let moved = ([node] + tree.ancestors(of: node)).first { ($0 != tree.root && tree[$0].name == "svg") || tree[$0]["transform"] != nil }
            if let moved {
                d.error(file, "\(tree.label(node)) {{\(first.rawValue)}}", "placeholder positions are canvas pixels: expected no transform or nested <svg> on the element or its groups, found \(tree[moved]["transform"].map { "transform=\"\($0)\"" } ?? "a viewport") on <\(tree[moved].name)>", at: tree[node].position)
            }
        }
    }

    /// The headline's colour as the template draws it (its effective fill, after CSS) and the
    /// background's, with the theme's values where the template uses its placeholders; nil when
    /// the template has no headline text.
    package func drawnColors(theme: Theme) -> (headline: String, headlineField: String?, backgrounds: [String])? {
        guard let tree else { return nil }
        let nodes = tree.documentOrder
        guard let text = nodes.first(where: { tree[$0].name == "text" && tree[$0].children.contains(.placeholder(.headlineTspans)) }) else { return nil }
        let themeBackgrounds: [String]
        switch theme.background {
        case .solid(let color): themeBackgrounds = [color]
        case .gradient(let colors, _): themeBackgrounds = colors
        }
        let fill = tree.inherited(text, "fill") ?? "#000000"
        let headline: String, field: String?
        if PlaceholderMarks.contains(fill) {
            headline = (try? PlaceholderMarks.fill(fill, [.headlineColor: theme.headlineColor, .subtitleColor: theme.subtitleColor])) ?? theme.headlineColor
            field = nil
        } else {
            headline = fill
            field = "\(tree.label(text)) fill"
        }
        let covering = nodes.first { tree[$0]["id"] == "background" } ?? nodes.first { tree[$0].name == "rect" }
        let backgroundFill = covering.flatMap { tree.inherited($0, "fill") } ?? ""
        let backgrounds = PlaceholderMarks.contains(backgroundFill) || backgroundFill.isEmpty ? themeBackgrounds : [backgroundFill]
        return (headline, field, backgrounds)
    }
}

public enum TemplateError: Error, Equatable, CustomStringConvertible {
    case unfilled(Placeholder)
    case invalidCharacter(Placeholder, Unicode.Scalar)
    case notWellFormed(String)
    /// A value the output needs has no placeholder in the template (colour emoji images).
    case missing(Placeholder, reason: String)

    public var description: String {
        switch self {
        case .unfilled(let p):
            return "placeholder {{\(p.rawValue)}} has no value"
        case .invalidCharacter(let p, let s):
            return "value of {{\(p.rawValue)}} holds \(XMLText.codePoint(s)), which XML 1.0 cannot carry"
        case .notWellFormed(let problem):
            return "the filled template is not well-formed XML: expected an SVG that parses, found an error at \(problem)"
        case .missing(let p, let reason):
            return "\(reason): expected {{\(p.rawValue)}} in the template, found none"
        }
    }
}
