import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

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

    /// Markup the tool builds (the headline's `<tspan>` lines, their text escaped): inserted
    /// as is, and allowed only where character data goes.
    public var isMarkup: Bool { self == .headlineTspans || self == .themeDefs || self == .subtitleTspans || self == .headlineImages }
}

/// A parsed SVG template: literal text and placeholders, each placeholder knowing whether
/// it lands in an attribute value or in character data, so that its value is escaped for
/// that place. Values are inserted once and never scanned for placeholders again.
public struct SVGTemplate: Equatable, Sendable {
    public enum Context: Equatable, Sendable {
        case text
        case attribute
    }

    public enum Segment: Equatable, Sendable {
        case literal(String)
        case placeholder(Placeholder, Context)
    }

    public var segments: [Segment]

    /// The placeholders the template uses.
    public var placeholders: Set<Placeholder> {
        Set(segments.compactMap { if case .placeholder(let p, _) = $0 { return p } else { return nil } })
    }

    /// Parses and checks template text. Each problem is reported with `file` and the
    /// placeholder or element named in the field: an unknown or malformed placeholder, a
    /// missing not-capture-evidence marker (the root's `data-not-capture-evidence="true"`
    /// and a `<desc>` saying "not capture evidence" and naming `{{CAPTURE_ID}}`), a root
    /// without `xml:lang="{{LOCALE}}"`, no `<image id="capture">` whose href is
    /// `{{CAPTURE_HREF}}`, or output that is not well-formed XML. Nil when any error.
    public static func parse(_ original: String, file: String, into d: inout DiagnosticCollector) -> SVGTemplate? {
        let before = d.errorCount
        let text = TemplateDerivation.derive(original)
        if text.utf8.count > maximumBytes {
            d.error(file, "(file)", "template too large: expected at most \(maximumBytes) bytes, found \(text.utf8.count)")
            return nil
        }
        if text.range(of: "<!DOCTYPE", options: .caseInsensitive) != nil || text.range(of: "<!ENTITY", options: .caseInsensitive) != nil {
            d.error(file, "<!DOCTYPE>", "templates may not declare a DOCTYPE or entities (librsvg and browsers resolve them differently, and entities can expand without bound): expected none, found one")
        }
        var segments: [Segment] = []
        // The same template with unknown placeholders as "0", so its structure is still
        // checked and every problem reported in one run.
        var checkable: [Segment] = []
        var literal = ""
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
                if !literal.isEmpty {
                    segments.append(.literal(literal))
                    checkable.append(.literal(literal))
                }
                literal = ""
                let context = scanner.context
                if Placeholder(rawValue: name) != nil, case .refused(let reason) = context {
                    d.error(file, "{{\(name)}} (line \(line))", "placeholder in an unsafe place: expected it in element text or a quoted attribute value, found it \(reason)")
                    checkable.append(.literal("0"))
                } else if let placeholder = Placeholder(rawValue: name), placeholder.isMarkup, context != .allowed(.text) {
                    d.error(file, "{{\(name)}} (line \(line))", "markup placeholder inside a tag: expected {{\(name)}} between elements, as the content of <text>, found it inside a tag")
                    checkable.append(.literal("0"))
                } else if let placeholder = Placeholder(rawValue: name), case .allowed(let place) = context {
                    segments.append(.placeholder(placeholder, place))
                    checkable.append(.placeholder(placeholder, place))
                } else {
                    checkable.append(.literal("0"))
                    let known = Placeholder.allCases.map(\.rawValue).joined(separator: ", ")
                    d.error(file, "{{\(name)}} (line \(line))", "unknown placeholder: expected one of \(known), found {{\(name)}}")
                }
                rest = rest[close.upperBound...]
                continue
            }
            let c = rest.removeFirst()
            scanner.feed(c)
            if c == "\n" { line += 1 }
            literal.append(c)
        }
        if !literal.isEmpty {
            segments.append(.literal(literal))
            checkable.append(.literal(literal))
        }
        SVGTemplate(segments: checkable).checkStructure(file: file, into: &d)
        return d.errorCount == before ? SVGTemplate(segments: segments) : nil
    }

    /// Largest template accepted, in bytes.
    public static let maximumBytes = 1 << 20

    /// Fills every placeholder. Throws `TemplateError.unfilled` naming a placeholder without a
    /// value, `.invalidCharacter` for a value holding a character XML 1.0 cannot carry.
    public func fill(_ values: [Placeholder: String]) throws -> String {
        var out = ""
        for segment in segments {
            switch segment {
            case .literal(let text):
                out += text
            case .placeholder(let placeholder, let context):
                guard let value = values[placeholder] else { throw TemplateError.unfilled(placeholder) }
                if let bad = XMLText.firstInvalidScalar(in: value) {
                    throw TemplateError.invalidCharacter(placeholder, bad)
                }
                if placeholder.isMarkup {
                    out += value
                } else {
                    out += context == .attribute ? XMLText.escapeAttribute(value) : XMLText.escapeText(value)
                }
            }
        }
        return out
    }

    private static let sample: [Placeholder: String] = {
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

    private func checkStructure(file: String, into d: inout DiagnosticCollector) {
        let filled: String
        do {
            filled = try fill(Self.sample)
        } catch {
            d.error(file, "(template)", "cannot fill the template: \(error)")
            return
        }
        if let problem = XMLText.wellFormednessError(Data(filled.utf8)) {
            d.error(file, "(template)", "filled template is not well-formed XML: \(problem)")
            return
        }
        guard let document = try? XMLDocument(xmlString: filled, options: []) else {
            d.error(file, "(template)", "filled template is not well-formed XML")
            return
        }
        guard let root = document.rootElement(), root.localName == "svg" else {
            d.error(file, "<svg>", "expected an <svg> root element, found \(document.rootElement()?.name ?? "none")")
            return
        }
        // Lines of the filled sample are the file's (no sample value holds a line break).
        let shown = segments.map { segment -> String in
            switch segment {
            case .literal(let text): return text
            case .placeholder(let p, _): return "{{\(p.rawValue)}}"
            }
        }.joined()
        TemplateSafety.check(root, file: file, positions: XMLElementPositions(text: filled, root: root, shownText: shown),
                             captureHref: Self.sample[.captureHref], &d)
        func attribute(_ element: XMLElement, _ name: String) -> String? {
            element.attributes?.first { $0.name == name }?.stringValue
        }
        let marker = attribute(root, "data-not-capture-evidence")
        if marker != "true" {
            d.error(file, "<svg> data-not-capture-evidence",
                    "missing not-capture-evidence marker: expected data-not-capture-evidence=\"true\" on the root, found \(marker.map { "\"\($0)\"" } ?? "none")")
        }
        // A template may declare the placeholders it needs (`data-template-requires="A B"` on
        // the root); each must be one the tool fills.
        for name in (attribute(root, "data-template-requires") ?? "").split(separator: " ").map(String.init)
        where Placeholder(rawValue: name) == nil {
            d.error(file, "<svg> data-template-requires", "required placeholder the tool does not fill: expected one of \(Placeholder.allCases.map(\.rawValue).joined(separator: ", ")), found \(name)")
        }
        let lang = attribute(root, "xml:lang")
        if lang != Self.sample[.locale] {
            d.error(file, "<svg> xml:lang", "librsvg chooses fonts by xml:lang only: expected xml:lang=\"{{LOCALE}}\" on the root, found \(lang.map { "\"\($0)\"" } ?? "none")")
        }
        let descs = root.elements(forName: "desc")
        // Only the <desc>'s own text counts: a comment saying "not capture evidence" is not
        // part of the document's text, and no viewer or screen reader ever shows it.
        let descText = (descs.first?.children ?? []).filter { $0.kind == .text }.map { $0.stringValue ?? "" }.joined()
        if !descText.lowercased().contains("not capture evidence") || !descText.contains(Self.sample[.captureId] ?? "") {
            d.error(file, "<desc>", "missing not-capture-evidence marker: expected a <desc> that says \"not capture evidence\" and names {{CAPTURE_ID}}, found \(descs.isEmpty ? "no <desc>" : "\"\(descText)\"")")
        }
        let images = (try? root.nodes(forXPath: "//*[local-name()='image'][@id='capture']")) ?? []
        let href = (images.first as? XMLElement).flatMap { image in
            image.attributes?.first { $0.localName == "href" }?.stringValue
        }
        if href != Self.sample[.captureHref] {
            d.error(file, "<image id=\"capture\">", "expected an <image id=\"capture\"> with href=\"{{CAPTURE_HREF}}\", found \(images.isEmpty ? "none" : "href \(href.map { "\"\($0)\"" } ?? "missing")")")
        }
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
