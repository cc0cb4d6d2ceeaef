import Support
import Diagnostics

/// A template's CSS as rules and declarations (CSS Syntax Level 3 §5 over `CSSTokenizer`'s
/// tokens). Only what design tools export is understood: rules whose selectors are simple —
/// a type, `*`, classes and an id, alone or compound (`rect.cls-1`), in lists (`.a, .b`) — and
/// their declarations. Everything else is a problem naming its line: at-rules (`@import`,
/// `@font-face`, `@media`), other selectors (combinators, pseudo-classes, attributes).
struct CSSDeclaration: Equatable, Sendable {
    /// Lowercased property name.
    var name: String
    /// The value's tokens, outer white space trimmed, `!important` removed.
    var value: [CSSToken]
    var important: Bool
    var line: Int
    var column = 1

    /// The value as CSS text.
    var valueText: String { value.map(\.kind.css).joined() }
}

struct CSSSelector: Equatable, Sendable {
    /// Element name, nil for `*` or none.
    var type: String?
    var id: String?
    var classes: [String]

    /// (ids, classes, types), compared in that order.
    var specificity: [Int] { [id == nil ? 0 : 1, classes.count, type == nil ? 0 : 1] }

    func matches(name: String, id elementID: String?, classes elementClasses: Set<String>) -> Bool {
        if let type, type != name { return false }
        if let id, id != elementID { return false }
        return classes.allSatisfy(elementClasses.contains)
    }
}

struct CSSRule: Equatable, Sendable {
    var selectors: [CSSSelector]
    var declarations: [CSSDeclaration]
    var line: Int
}

struct CSSProblem: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// `@name` and the rule's text.
        case atRule(String, String)
        case selector(String)
        /// A declaration that is not `name: value`.
        case declaration(String)
    }

    var kind: Kind
    var line: Int
    var column = 1

    var position: JSONPosition { JSONPosition(line: line, column: column) }
}

enum CSSStyleSheet {
    /// The rules of a `<style>` sheet and the problems found, in order.
    static func parse(_ tokens: [CSSToken]) -> (rules: [CSSRule], problems: [CSSProblem]) {
        var rules: [CSSRule] = []
        var problems: [CSSProblem] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .whitespace, .cdo, .cdc:
                index += 1
            case .atKeyword(let name):
                let start = index
                index += 1
                while index < tokens.count {
                    if case .semicolon = tokens[index].kind { index += 1; break }
                    if case .openCurly = tokens[index].kind { index = skipBlock(tokens, from: index); break }
                    index = skipComponent(tokens, from: index)
                }
                let text = tokens[start..<min(index, tokens.count)].map(\.kind.css).joined()
                problems.append(CSSProblem(kind: .atRule(name, text), line: token.line, column: token.column))
            default:
                // A qualified rule: its prelude up to `{`, then the block.
                let start = index
                while index < tokens.count, tokens[index].kind != .openCurly { index = skipComponent(tokens, from: index) }
                let prelude = Array(tokens[start..<index])
                guard index < tokens.count else {
                    problems.append(CSSProblem(kind: .selector(text(prelude)), line: token.line, column: token.column))
                    break
                }
                let blockEnd = skipBlock(tokens, from: index)
                let body = Array(tokens[(index + 1)..<max(index + 1, blockEnd - (tokens[blockEnd - 1].kind == .closeCurly ? 1 : 0))])
                index = blockEnd
                let (declarations, declarationProblems) = parseDeclarations(body)
                problems += declarationProblems
                guard let selectors = selectors(prelude) else {
                    problems.append(CSSProblem(kind: .selector(text(prelude)), line: token.line, column: token.column))
                    continue
                }
                rules.append(CSSRule(selectors: selectors, declarations: declarations, line: token.line))
            }
        }
        return (rules, problems)
    }

    /// `name: value [!important]` separated by `;` (a `style=""` attribute, a rule's block).
    static func parseDeclarations(_ tokens: [CSSToken]) -> ([CSSDeclaration], [CSSProblem]) {
        var declarations: [CSSDeclaration] = []
        var problems: [CSSProblem] = []
        var index = 0
        while index < tokens.count {
            let start = index
            while index < tokens.count, tokens[index].kind != .semicolon { index = skipComponent(tokens, from: index) }
            let part = trimmed(Array(tokens[start..<index]))
            index += 1
            guard let first = part.first else { continue }
            guard case .ident(let name) = first.kind, let colon = part.firstIndex(where: { $0.kind == .colon }),
                  part[1..<colon].allSatisfy({ $0.kind == .whitespace }) else {
                problems.append(CSSProblem(kind: .declaration(text(part)), line: first.line, column: first.column))
                continue
            }
            var value = trimmed(Array(part[(colon + 1)...]))
            var important = false
            if let last = value.last, case .ident(let word) = last.kind, word.lowercased() == "important" {
                let beforeWord = trimmed(Array(value.dropLast()))
                if let bang = beforeWord.last, bang.kind == .delim("!") {
                    important = true
                    value = trimmed(Array(beforeWord.dropLast()))
                }
            }
            declarations.append(CSSDeclaration(name: name.lowercased(), value: value, important: important, line: first.line, column: first.column))
        }
        return (declarations, problems)
    }

    /// The selector list, or nil when any selector is not a simple (compound) one.
    private static func selectors(_ prelude: [CSSToken]) -> [CSSSelector]? {
        var result: [CSSSelector] = []
        for part in split(prelude, on: .comma) {
            let tokens = trimmed(part)
            guard !tokens.isEmpty else { return nil }
            var selector = CSSSelector(type: nil, id: nil, classes: [])
            var index = 0
            while index < tokens.count {
                switch tokens[index].kind {
                case .ident(let name) where index == 0:
                    selector.type = name
                case .delim("*") where index == 0:
                    break
                case .hash(let name, true) where selector.id == nil || selector.id == name:
                    selector.id = name
                case .delim("."):
                    guard index + 1 < tokens.count, case .ident(let name) = tokens[index + 1].kind else { return nil }
                    selector.classes.append(name)
                    index += 1
                default:
                    return nil
                }
                index += 1
            }
            result.append(selector)
        }
        return result
    }

    private static func split(_ tokens: [CSSToken], on separator: CSSToken.Kind) -> [[CSSToken]] {
        var parts: [[CSSToken]] = [[]]
        var index = 0
        while index < tokens.count {
            if tokens[index].kind == separator {
                parts.append([])
                index += 1
                continue
            }
            let next = skipComponent(tokens, from: index)
            parts[parts.count - 1] += tokens[index..<next]
            index = next
        }
        return parts
    }

    static func trimmed(_ tokens: [CSSToken]) -> [CSSToken] {
        var slice = tokens[...]
        while slice.first?.kind == .whitespace { slice = slice.dropFirst() }
        while slice.last?.kind == .whitespace { slice = slice.dropLast() }
        return Array(slice)
    }

    static func text(_ tokens: [CSSToken]) -> String { trimmed(tokens).map(\.kind.css).joined() }

    /// The index after the component value at `index` (a block or function with its contents).
    static func skipComponent(_ tokens: [CSSToken], from index: Int) -> Int {
        switch tokens[index].kind {
        case .openCurly, .openSquare, .openParen, .function: return skipBlock(tokens, from: index)
        default: return index + 1
        }
    }

    /// After the block opened at `index` (its closing token included; the end when unclosed).
    private static func skipBlock(_ tokens: [CSSToken], from index: Int) -> Int {
        var closers: [CSSToken.Kind] = []
        var i = index
        repeat {
            switch tokens[i].kind {
            case .openCurly: closers.append(.closeCurly)
            case .openSquare: closers.append(.closeSquare)
            case .openParen, .function: closers.append(.closeParen)
            case let kind where kind == closers.last: closers.removeLast()
            default: break
            }
            i += 1
        } while !closers.isEmpty && i < tokens.count
        return i
    }
}
