import Support
import Diagnostics

/// The CSS step of `TemplateTree.read`: `<style>` sheets, `style=""` attributes and presentation
/// attributes (all CSS values, for librsvg and browsers alike) are tokenized with their escapes
/// decoded, checked, and the cascade resolved into attributes, so the tree keeps no `<style>`
/// and no `class`, and every value is re-written from its checked tokens.
extension TemplateReading {
    /// A declaration with its place in the cascade.
    private struct Candidate {
        var declaration: CSSDeclaration
        /// Origin rank: 0 presentation attribute, 1 sheet, 2 `style=""`, 3 sheet `!important`,
        /// 4 `style=""` `!important`.
        var origin: Int
        var specificity: [Int]
        var order: Int
        /// The attribute's own text, kept when it needs no re-writing (no escape, no comment).
        var original: String?
    }

    mutating func resolveStyles() {
        // The sheets' rules, checked once each (not once per element they select).
        var rules: [(rule: CSSRule, order: Int)] = []
        var ruleOrder = 0
        for sheet in sheets {
            let (parsed, problems) = CSSStyleSheet.parse(CSSTokenizer.tokens(sheet.text, start: sheet.start))
            for problem in problems {
                let at = problem.position
                switch problem.kind {
                case .atRule(let name, let text) where name.lowercased() == "import":
                    findings.error(sheet.order, "<style>", "link to a file outside the template: expected a same-document #fragment or a data: URI, found \"\(text.prefix(60))\" in <style>", at: at)
                case .atRule(let name, _):
                    findings.error(sheet.order, "<style> @\(name)", "CSS at-rule in a template: expected rules of simple selectors (type, .class, #id) and declarations, found @\(name)", at: at)
                case .selector(let text):
                    findings.error(sheet.order, "<style> \(text.prefix(60))", "CSS selector the tool does not resolve: expected a type, .class or #id, alone, compound (rect.cls-1) or in a list, found \"\(text.prefix(60))\"", at: at)
                case .declaration(let text):
                    findings.error(sheet.order, "<style>", "malformed CSS declaration: expected name: value, found \"\(text.prefix(60))\"", at: at)
                }
            }
            for var rule in parsed {
                rule.declarations = rule.declarations.flatMap { declaration in
                    checked(declaration, field: "<style> \(declaration.name)", order: sheet.order,
                            at: JSONPosition(line: declaration.line, column: declaration.column))
                }
                rules.append((rule, ruleOrder))
                ruleOrder += 1
            }
        }
        for node in tree.documentOrder {
            resolve(node, rules: rules)
        }
        for (node, _) in renamed { tree.elements[node].name = "g" }
    }

    private mutating func resolve(_ node: TemplateTree.NodeID, rules: [(rule: CSSRule, order: Int)]) {
        let element = tree[node]
        let at = element.position
        let label = tree.label(node)
        var candidates: [Candidate] = []
        var sequence = 0
        for attribute in element.attributes where TemplateVocabulary.properties[attribute.name] != nil {
            let declaration = CSSDeclaration(name: attribute.name, value: CSSStyleSheet.trimmed(CSSTokenizer.tokens(attribute.value, start: at ?? JSONPosition(line: 1, column: 1))),
                                             important: false, line: at?.line ?? 1)
            let plain = !attribute.value.contains("\\") && !attribute.value.contains("/*")
            for kept in checked(declaration, field: "\(label) \(attribute.name)", order: order[node], at: at, quoting: attribute.value) {
                candidates.append(Candidate(declaration: kept, origin: 0, specificity: [0, 0, 0], order: sequence,
                                            original: plain && kept.name == attribute.name ? attribute.value.trimmingCharacters(in: .whitespaces) : nil))
                sequence += 1
            }
        }
        let name = renamed[node] ?? element.name
        let id = element["id"]
        let classes = Set((element["class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init))
        for (rule, ruleOrder) in rules {
            let matching = rule.selectors.filter { $0.matches(name: name, id: id, classes: classes) }
            guard let specificity = matching.map(\.specificity).max(by: { $0.lexicographicallyPrecedes($1) }) else { continue }
            for declaration in rule.declarations {
                // Rules come in sheet order, so the running sequence orders them too.
                _ = ruleOrder
                candidates.append(Candidate(declaration: declaration, origin: declaration.important ? 3 : 1, specificity: specificity,
                                            order: sequence, original: nil))
                sequence += 1
            }
        }
        if let style = element["style"] {
            let (declarations, problems) = CSSStyleSheet.parseDeclarations(CSSTokenizer.tokens(style, start: at ?? JSONPosition(line: 1, column: 1)))
            for problem in problems {
                if case .declaration(let text) = problem.kind {
                    findings.error(order[node], "\(label) style", "malformed CSS declaration: expected name: value, found \"\(text.prefix(60))\"", at: at)
                }
            }
            for declaration in declarations {
                for kept in checked(declaration, field: "\(label) style \(declaration.name)", order: order[node], at: at) {
                    candidates.append(Candidate(declaration: kept, origin: kept.important ? 4 : 2, specificity: [0, 0, 0],
                                                order: sequence, original: nil))
                    sequence += 1
                }
            }
        }
        guard !candidates.isEmpty || element["class"] != nil || element["style"] != nil else { return }
        // The winner per property: highest origin, then specificity, then the later one.
        var winners: [String: Candidate] = [:]
        var firstSeen: [String] = []
        for candidate in candidates {
            let property = candidate.declaration.name
            guard let current = winners[property] else {
                winners[property] = candidate
                firstSeen.append(property)
                continue
            }
            let newer = (candidate.origin, candidate.specificity, candidate.order)
            let older = (current.origin, current.specificity, current.order)
            if newer.0 > older.0 || (newer.0 == older.0 && (older.1.lexicographicallyPrecedes(newer.1)
                || (newer.1 == older.1 && newer.2 > older.2))) {
                winners[property] = candidate
            }
        }
        func value(_ property: String) -> String? {
            guard let winner = winners[property] else { return nil }
            return winner.original ?? winner.declaration.valueText
        }
        var result: [TemplateTree.Attribute] = []
        var written: Set<String> = []
        func pending() -> [TemplateTree.Attribute] {
            var attributes: [TemplateTree.Attribute] = []
            var styleOnly: [String] = []
            for property in firstSeen where !written.contains(property) {
                guard let text = value(property) else { continue }
                written.insert(property)
                if TemplateVocabulary.properties[property] == .styleOnly {
                    styleOnly.append("\(property):\(text)")
                } else {
                    attributes.append(.init(property, text))
                }
            }
            if !styleOnly.isEmpty { attributes.append(.init("style", styleOnly.joined(separator: ";"))) }
            return attributes
        }
        for attribute in element.attributes {
            if attribute.name == "class" { continue }
            if attribute.name == "style" {
                result += pending()
                continue
            }
            if TemplateVocabulary.properties[attribute.name] != nil {
                if !written.contains(attribute.name), let text = value(attribute.name) {
                    written.insert(attribute.name)
                    result.append(.init(attribute.name, text))
                }
                continue
            }
            result.append(attribute)
        }
        result += pending()
        tree.elements[node].attributes = result
    }

    /// The declaration as kept (`marker` is its three longhands), or none when refused or an
    /// editor's own property (dropped).
    private mutating func checked(_ declaration: CSSDeclaration, field: String, order: Int, at position: JSONPosition?,
                                  quoting original: String? = nil) -> [CSSDeclaration] {
        let name = declaration.name
        if TemplateVocabulary.isEditorProperty(name) {
            findings.drop(name.hasPrefix("-") ? "-\(name.dropFirst().prefix { $0 != "-" })-* CSS properties" : "\(name) (CSS)")
            return []
        }
        let longhands = name == "marker" ? ["marker-start", "marker-mid", "marker-end"] : [name]
        guard longhands.allSatisfy({ TemplateVocabulary.properties[$0] != nil }) else {
            findings.error(order, field, "unknown CSS property in a \(what): expected an SVG presentation property (fill, stroke, opacity, font-family, …), found \(name)", at: position)
            return []
        }
        if let problem = valueProblem(declaration.value) {
            let shown = original.map { "\(name)=\"\(PlaceholderMarks.shown($0).prefix(60))\"" } ?? "\(name): \(declaration.valueText.prefix(60))"
            switch problem {
            case .link(let target):
                findings.error(order, field, "link to a file outside the template: expected a same-document #fragment or a data: URI, found \(original == nil ? "url(\(target.prefix(60)))" : shown)", at: position)
            case .function(let function):
                findings.error(order, field, "CSS function a renderer may evaluate differently: expected colours (rgb(), hsl()) and url(#id) only, found \(function)() in \(shown)", at: position)
            case .malformed:
                findings.error(order, field, "malformed CSS value: expected a value of \(name), found \(shown)", at: position)
            }
            return []
        }
        return longhands.map { longhand in
            var kept = declaration
            kept.name = longhand
            return kept
        }
    }

    private enum ValueProblem {
        case link(String)
        case function(String)
        case malformed
    }

    /// What is wrong with a value's tokens: a `url()` that is not a same-document `#id`, a
    /// function other than the colour ones, or tokens no property value holds.
    private func valueProblem(_ tokens: [CSSToken]) -> ValueProblem? {
        var index = 0
        while index < tokens.count {
            switch tokens[index].kind {
            case .url(let target):
                if !target.trimmingCharacters(in: .whitespaces).hasPrefix("#") { return .link(target) }
            case .function(let function):
                let lower = function.lowercased()
                if lower == "url" {
                    // url("…"): the string is the link.
                    let inner = tokens[(index + 1)...].first { $0.kind != .whitespace }
                    guard case .string(let target)? = inner?.kind else { return .malformed }
                    if !target.trimmingCharacters(in: .whitespaces).hasPrefix("#") { return .link(target) }
                } else if !TemplateVocabulary.valueFunctions.contains(lower) {
                    return .function(function)
                }
            case .badURL, .badString, .atKeyword, .openCurly, .closeCurly, .openSquare, .closeSquare, .cdo, .cdc, .semicolon:
                return .malformed
            case .delim(let scalar) where scalar == "\\" || scalar == "<" || scalar == ">" || scalar == "{" || scalar == "}" || scalar == "@":
                return .malformed
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
