import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What a template may hold, checked on its parsed document before anything is rendered, for
/// every kind of template (placeholder and slot-marked). Two families of refusal:
///
/// - **Active content**: `<script>`, `<foreignObject>` (HTML inside SVG), embedded documents,
///   event attributes (`onload=`) and `javascript:` values. A template is artwork; these would
///   run in the browser that shows the composed SVG.
/// - **Bounds**: librsvg 2.54 cannot be interrupted once it draws, and its cost is per output
///   (× locales × screens): one `feTurbulence numOctaves="1000"` took 17.6 s per 390×844
///   output, an 11-level `<use>` fan-out 103 s. So the elements, the filter uses and primitives,
///   the costly filter parameters and the elements `<use>` instantiates are limited, each
///   refusal naming the element. The limits are far above what a store screenshot needs (the
///   shipped templates use under 100 elements and one or no filter).
enum TemplateSafety {
    static let maximumElements = 5_000
    /// Elements after `<use>` references are expanded (librsvg draws each copy).
    static let maximumExpandedElements = 20_000
    /// Elements drawn through a filter; every use filters its own region.
    static let maximumFilterUses = 16
    static let maximumFilterPrimitives = 64
    /// feTurbulence octaves: each octave is another full noise pass over the region.
    static let maximumOctaves = 8
    /// feGaussianBlur / feDropShadow standard deviation, in user units.
    static let maximumBlur = 200.0
    /// feConvolveMatrix order (kernel side).
    static let maximumKernelOrder = 5
    /// feMorphology radius, in user units: the cost grows with the radius per pixel.
    static let maximumMorphologyRadius = 16.0

    static let activeElements: Set<String> = ["script", "foreignObject", "iframe", "embed", "object", "handler", "listener"]

    /// `captureHref`: the value the tool itself fills into `<image id="capture">` of a
    /// placeholder template (the one link to a file outside the document it allows).
    /// `positions`: each element's line and column, which every refusal naming an element carries.
    static func check(_ root: XMLElement, file: String, positions: XMLElementPositions, captureHref: String? = nil, _ d: inout DiagnosticCollector) {
        var elements: [XMLElement] = [root]
        collect(root, into: &elements)
        if elements.count > maximumElements {
            d.error(file, "(template)", "too many elements to render in bounded time: expected at most \(maximumElements), found more than \(maximumElements)")
            return
        }
        var filterUses = 0
        var primitives = 0
        for element in elements {
            let kind = element.localName ?? ""
            let label = Self.label(element)
            if activeElements.contains(kind) {
                d.error(file, label, "active content in a template: expected artwork only, found <\(kind)>", at: positions[element])
            }
            for attr in element.attributes ?? [] {
                let name = attr.localName ?? attr.name ?? ""
                let value = (attr.stringValue ?? "").trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                    .filter { !$0.isWhitespace }
                let raw = attr.stringValue ?? ""
                let isToolsCapture = captureHref != nil && raw == captureHref && kind == "image"
                    && SlotTemplate.attribute(element, "id") == "capture" && (name == "href" || name.hasSuffix(":href"))
                let qualified = attr.name ?? name
                if name.lowercased().hasPrefix("on") {
                    d.error(file, "\(label) \(name)", "event attribute in a template: expected none, found \(name)=", at: positions[element])
                } else if value.hasPrefix("javascript:") || value.hasPrefix("vbscript:") || value.hasPrefix("data:text/html") || value.hasPrefix("data:image/svg") {
                    d.error(file, "\(label) \(name)", "script link in a template: expected none, found \(name)=\"\(value.prefix(20))\"", at: positions[element])
                } else if !isToolsCapture, let found = externalReference(attribute: name, value: raw) {
                    d.error(file, "\(label) \(qualified)", "link to a file outside the template: expected a same-document #fragment or a data: URI, found \(qualified)=\"\(found.prefix(60))\"", at: positions[element])
                }
            }
            if kind == "style", let found = externalReference(inStyle: element.stringValue ?? "") {
                d.error(file, label, "link to a file outside the template: expected a same-document #fragment or a data: URI, found \"\(found.prefix(60))\" in <style>", at: positions[element])
            }
            if let filter = SlotTemplate.attribute(element, "filter") ?? styleFilter(element), filter != "none", !filter.isEmpty {
                filterUses += 1
                if filterUses == maximumFilterUses + 1 {
                    d.error(file, "\(label) filter", "too many filtered elements to render in bounded time: expected at most \(maximumFilterUses), found more", at: positions[element])
                }
            }
            if kind.hasPrefix("fe") {
                primitives += 1
                if primitives == maximumFilterPrimitives + 1 {
                    d.error(file, label, "too many filter primitives to render in bounded time: expected at most \(maximumFilterPrimitives), found more", at: positions[element])
                }
                checkPrimitive(element, kind: kind, label: label, file: file, at: positions[element], &d)
            }
        }
        checkDuplicateIds(elements, file: file, positions: positions, &d)
        checkUseFanOut(elements, file: file, positions: positions, &d)
    }

    private static func checkPrimitive(_ element: XMLElement, kind: String, label: String, file: String, at position: JSONPosition?, _ d: inout DiagnosticCollector) {
        func numbers(_ name: String) -> [Double] {
            (SlotTemplate.attribute(element, name) ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        }
        switch kind {
        case "feTurbulence":
            if let octaves = numbers("numOctaves").first, !(octaves <= Double(maximumOctaves)) {
                d.error(file, "\(label) numOctaves", "filter too costly to render: expected numOctaves at most \(maximumOctaves), found \(SVGNumber.format(octaves))", at: position)
            }
        case "feGaussianBlur", "feDropShadow":
            if let worst = numbers("stdDeviation").map(abs).max(), !(worst <= maximumBlur) {
                d.error(file, "\(label) stdDeviation", "filter too costly to render: expected stdDeviation at most \(SVGNumber.format(maximumBlur)), found \(SVGNumber.format(worst))", at: position)
            }
        case "feConvolveMatrix":
            if let order = numbers("order").max(), !(order <= Double(maximumKernelOrder)) {
                d.error(file, "\(label) order", "filter too costly to render: expected a kernel order at most \(maximumKernelOrder), found \(SVGNumber.format(order))", at: position)
            }
        case "feMorphology":
            if let radius = numbers("radius").map(abs).max(), !(radius <= maximumMorphologyRadius) {
                d.error(file, "\(label) radius", "filter too costly to render: expected radius at most \(SVGNumber.format(maximumMorphologyRadius)), found \(SVGNumber.format(radius))", at: position)
            }
        default:
            break
        }
    }

    /// Counts the elements drawn once every `<use>` is expanded (a reference to an element that
    /// itself holds references multiplies), and refuses a reference cycle.
    private static func checkUseFanOut(_ elements: [XMLElement], file: String, positions: XMLElementPositions, _ d: inout DiagnosticCollector) {
        var byId: [String: XMLElement] = [:]
        for element in elements {
            if let id = SlotTemplate.attribute(element, "id"), byId[id] == nil { byId[id] = element }
        }
        var memo: [ObjectIdentifier: Int] = [:]
        var visiting: Set<ObjectIdentifier> = []
        var cycle: XMLElement?
        let cap = maximumExpandedElements + 1
        func cost(_ element: XMLElement) -> Int {
            let key = ObjectIdentifier(element)
            if let known = memo[key] { return known }
            if visiting.contains(key) {
                if cycle == nil { cycle = element }
                return cap
            }
            visiting.insert(key)
            defer { visiting.remove(key) }
            var total = 1
            for child in element.children ?? [] {
                guard let child = child as? XMLElement else { continue }
                total = min(cap, total + cost(child))
                if total >= cap { break }
            }
            if element.localName == "use", total < cap,
               let href = element.attributes?.first(where: { $0.localName == "href" })?.stringValue, href.hasPrefix("#"),
               let target = byId[String(href.dropFirst())] {
                total = min(cap, total + cost(target))
            }
            memo[key] = total
            return total
        }
        let expanded = elements.first.map(cost) ?? 0
        if let cycle {
            d.error(file, label(cycle), "a <use> reference cycle: expected references that end, found one leading back to this element", at: positions[cycle])
        } else if expanded > maximumExpandedElements {
            // The last over-limit reference in document order: the one drawn, after its <defs>.
            let worst = elements.last { $0.localName == "use" && cost($0) > maximumExpandedElements }
            d.error(file, worst.map(label) ?? "(template)", "<use> references expand to too many elements to render in bounded time: expected at most \(maximumExpandedElements), found more than that", at: worst.flatMap { positions[$0] })
        }
    }

    /// An id names one element: `#headline` twice would ship invalid SVG, and a slot, a `<use>`
    /// or a `url(#…)` would silently pick one of them. Both elements are named by kind; the
    /// position is the second one's.
    private static func checkDuplicateIds(_ elements: [XMLElement], file: String, positions: XMLElementPositions, _ d: inout DiagnosticCollector) {
        var first: [String: String] = [:]
        for element in elements {
            guard let id = SlotTemplate.attribute(element, "id") else { continue }
            let kind = element.localName ?? element.name ?? "?"
            if let earlier = first[id] {
                d.error(file, "#\(id)", "duplicate id: expected each id once, found <\(earlier)> and <\(kind)> with id=\"\(id)\"", at: positions[element])
            } else {
                first[id] = kind
            }
        }
    }

    /// A link the shipped SVG would keep to a file that is not hashed in the manifest (and that
    /// librsvg or a browser would load): `href`/`xlink:href`/`src` that is not `#fragment` or
    /// `data:`, or a `url(…)` in any attribute (`fill`, `style`, `clip-path`) that is not.
    static func externalReference(attribute name: String, value: String) -> String? {
        let lower = name.lowercased()
        if lower == "href" || lower.hasSuffix(":href") || lower == "src" {
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty, !isSameDocument(trimmed) { return trimmed }
        }
        return externalURL(in: value)
    }

    /// `@import` (always a link) or a `url(…)` that is not same-document, in `<style>` text.
    static func externalReference(inStyle text: String) -> String? {
        if let range = text.range(of: "@import", options: .caseInsensitive) {
            return String(text[range.lowerBound...].prefix(60))
        }
        return externalURL(in: text)
    }

    private static func externalURL(in text: String) -> String? {
        var rest = text[...]
        while let open = rest.range(of: "url(", options: .caseInsensitive) {
            let after = rest[open.upperBound...]
            let close = after.firstIndex(of: ")") ?? after.endIndex
            let target = after[..<close].trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\"'")))
            if !isSameDocument(target) { return "url(\(target))" }
            rest = after[close...]
        }
        return nil
    }

    private static func isSameDocument(_ reference: String) -> Bool {
        reference.hasPrefix("#") || reference.lowercased().hasPrefix("data:")
    }

    private static func styleFilter(_ element: XMLElement) -> String? {
        guard let style = SlotTemplate.attribute(element, "style") else { return nil }
        for declaration in style.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == "filter" { return parts[1] }
        }
        return nil
    }

    private static func collect(_ element: XMLElement, into result: inout [XMLElement]) {
        for child in element.children ?? [] {
            guard let e = child as? XMLElement else { continue }
            result.append(e)
            if result.count > maximumElements { return }
            collect(e, into: &result)
        }
    }

    /// `#id` when the element has one, else `<name>`: how refusals name the element.
    static func label(_ element: XMLElement) -> String {
        SlotTemplate.attribute(element, "id").map { "#\($0)" } ?? "<\(element.localName ?? "")>"
    }
}
