import Support
import Diagnostics

/// CSS tokens as CSS Syntax Level 3 (§4) defines them, with every escape already decoded: a
/// template's `<style>` sheet, its `style=""` attributes and its presentation attribute values
/// (librsvg and browsers parse those as CSS too) are checked on these tokens, never on the text,
/// so `u\72l(` is the `url(` it means and `@\69mport` the `@import`.
struct CSSToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case ident(String)
        case function(String)
        case atKeyword(String)
        /// `#name`; `isID` when the name would start an identifier.
        case hash(String, isID: Bool)
        case string(String)
        case badString
        case url(String)
        case badURL
        case delim(Unicode.Scalar)
        /// `representation` is the number as written (kept when re-writing the value).
        case number(Double, representation: String)
        case percentage(Double, representation: String)
        case dimension(Double, representation: String, unit: String)
        case whitespace
        case cdo, cdc, colon, semicolon, comma
        case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly
    }

    var kind: Kind
    /// 1-based line and column of the token's first character in the file.
    var line: Int
    var column: Int = 1

    var position: JSONPosition { JSONPosition(line: line, column: column) }
}

enum CSSTokenizer {
    /// Tokenizes `text` (comments dropped). `start` is where the text starts in its file.
    static func tokens(_ text: String, start: JSONPosition = JSONPosition(line: 1, column: 1)) -> [CSSToken] {
        var scanner = Scanner(text, line: start.line, column: start.column)
        var result: [CSSToken] = []
        while let token = scanner.next() { result.append(token) }
        return result
    }

    private struct Scanner {
        private var scalars: [Unicode.Scalar]
        private var index = 0
        private var line: Int
        private var column: Int

        init(_ text: String, line: Int, column: Int) {
            // Preprocessing (§3.3): CR LF, CR and FF are LF; NUL is U+FFFD.
            var scalars: [Unicode.Scalar] = []
            scalars.reserveCapacity(text.unicodeScalars.count)
            var previousCR = false
            for s in text.unicodeScalars {
                switch s {
                case "\r": scalars.append("\n")
                case "\n": if !previousCR { scalars.append("\n") }
                case "\u{0C}": scalars.append("\n")
                case "\0": scalars.append("\u{FFFD}")
                default: scalars.append(s)
                }
                previousCR = s == "\r"
            }
            self.scalars = scalars
            self.line = line
            self.column = column
        }

        /// Steps back over the character just read (never a line break).
        private mutating func back() {
            index -= 1
            column -= 1
        }

        private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        private mutating func advance() -> Unicode.Scalar? {
            guard index < scalars.count else { return nil }
            let s = scalars[index]
            index += 1
            if s == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            return s
        }

        private static func isWhitespace(_ s: Unicode.Scalar?) -> Bool { s == " " || s == "\t" || s == "\n" }
        private static func isDigit(_ s: Unicode.Scalar?) -> Bool { s.map { ("0"..."9").contains($0) } ?? false }
        private static func isHex(_ s: Unicode.Scalar?) -> Bool {
            s.map { ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) } ?? false
        }
        private static func isNameStart(_ s: Unicode.Scalar?) -> Bool {
            guard let s else { return false }
            return ("a"..."z").contains(s) || ("A"..."Z").contains(s) || s == "_" || s.value >= 0x80
        }
        private static func isName(_ s: Unicode.Scalar?) -> Bool { isNameStart(s) || isDigit(s) || s == "-" }
        private static func isNonPrintable(_ s: Unicode.Scalar) -> Bool {
            s.value <= 8 || s.value == 0x0B || (0x0E...0x1F).contains(s.value) || s.value == 0x7F
        }

        /// §4.3.8: a backslash not followed by a newline.
        private func isValidEscape(_ offset: Int = 0) -> Bool {
            peek(offset) == "\\" && peek(offset + 1) != "\n"
        }

        /// §4.3.9.
        private func startsIdentifier(_ offset: Int = 0) -> Bool {
            let first = peek(offset)
            if first == "-" {
                return Self.isNameStart(peek(offset + 1)) || peek(offset + 1) == "-" || isValidEscape(offset + 1)
            }
            return Self.isNameStart(first) || isValidEscape(offset)
        }

        /// §4.3.10.
        private func startsNumber(_ offset: Int = 0) -> Bool {
            let first = peek(offset)
            if first == "+" || first == "-" {
                return Self.isDigit(peek(offset + 1)) || (peek(offset + 1) == "." && Self.isDigit(peek(offset + 2)))
            }
            if first == "." { return Self.isDigit(peek(offset + 1)) }
            return Self.isDigit(first)
        }

        /// §4.3.7, after the backslash.
        private mutating func consumeEscape() -> Unicode.Scalar {
            guard let s = advance() else { return "\u{FFFD}" }
            guard Self.isHex(s) else { return s }
            var hex = String(s)
            while hex.count < 6, Self.isHex(peek()), let next = advance() { hex.unicodeScalars.append(next) }
            if Self.isWhitespace(peek()) { _ = advance() }
            guard let value = UInt32(hex, radix: 16), value != 0, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value),
                  let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return scalar
        }

        /// §4.3.11.
        private mutating func consumeName() -> String {
            var name = ""
            while true {
                if Self.isName(peek()), let s = advance() {
                    name.unicodeScalars.append(s)
                } else if isValidEscape() {
                    _ = advance()
                    name.unicodeScalars.append(consumeEscape())
                } else {
                    return name
                }
            }
        }

        /// §4.3.12: the number's value and its text as written.
        private mutating func consumeNumber() -> (Double, String) {
            var text = ""
            if peek() == "+" || peek() == "-", let s = advance() { text.unicodeScalars.append(s) }
            while Self.isDigit(peek()), let s = advance() { text.unicodeScalars.append(s) }
            if peek() == ".", Self.isDigit(peek(1)) {
                text.unicodeScalars.append(advance() ?? ".")
                while Self.isDigit(peek()), let s = advance() { text.unicodeScalars.append(s) }
            }
            if peek() == "e" || peek() == "E" {
                let signed = peek(1) == "+" || peek(1) == "-"
                if Self.isDigit(peek(signed ? 2 : 1)) {
                    text.unicodeScalars.append(advance() ?? "e")
                    if signed { text.unicodeScalars.append(advance() ?? "+") }
                    while Self.isDigit(peek()), let s = advance() { text.unicodeScalars.append(s) }
                }
            }
            return (Double(text) ?? 0, text)
        }

        private mutating func consumeNumeric() -> CSSToken.Kind {
            let (value, text) = consumeNumber()
            if startsIdentifier() { return .dimension(value, representation: text, unit: consumeName()) }
            if peek() == "%" {
                _ = advance()
                return .percentage(value, representation: text)
            }
            return .number(value, representation: text)
        }

        /// §4.3.4.
        private mutating func consumeIdentLike() -> CSSToken.Kind {
            let name = consumeName()
            if name.lowercased() == "url" && peek() == "(" {
                _ = advance()
                while Self.isWhitespace(peek()) && Self.isWhitespace(peek(1)) { _ = advance() }
                if peek() == "\"" || peek() == "'" || (Self.isWhitespace(peek()) && (peek(1) == "\"" || peek(1) == "'")) {
                    return .function(name)
                }
                return consumeURL()
            }
            if peek() == "(" {
                _ = advance()
                return .function(name)
            }
            return .ident(name)
        }

        /// §4.3.6.
        private mutating func consumeURL() -> CSSToken.Kind {
            var value = ""
            while Self.isWhitespace(peek()) { _ = advance() }
            while true {
                guard let s = advance() else { return .url(value) }
                switch s {
                case ")":
                    return .url(value)
                case " ", "\t", "\n":
                    while Self.isWhitespace(peek()) { _ = advance() }
                    if peek() == ")" || peek() == nil {
                        _ = advance()
                        return .url(value)
                    }
                    consumeBadURLRemnants()
                    return .badURL
                case "\"", "'", "(":
                    consumeBadURLRemnants()
                    return .badURL
                case "\\":
                    if peek() != "\n" {
                        value.unicodeScalars.append(consumeEscape())
                    } else {
                        consumeBadURLRemnants()
                        return .badURL
                    }
                default:
                    if Self.isNonPrintable(s) {
                        consumeBadURLRemnants()
                        return .badURL
                    }
                    value.unicodeScalars.append(s)
                }
            }
        }

        private mutating func consumeBadURLRemnants() {
            while let s = advance() {
                if s == ")" { return }
                if s == "\\" && peek() != "\n" && peek() != nil { _ = consumeEscape() }
            }
        }

        /// §4.3.5.
        private mutating func consumeString(_ quote: Unicode.Scalar) -> CSSToken.Kind {
            var value = ""
            while true {
                guard let s = peek() else { return .string(value) }
                if s == quote {
                    _ = advance()
                    return .string(value)
                }
                if s == "\n" { return .badString }
                _ = advance()
                if s == "\\" {
                    if peek() == nil { continue }
                    if peek() == "\n" {
                        _ = advance()
                        continue
                    }
                    value.unicodeScalars.append(consumeEscape())
                } else {
                    value.unicodeScalars.append(s)
                }
            }
        }

        /// §4.3.1 (comments §4.3.2 skipped before each token).
        mutating func next() -> CSSToken? {
            while peek() == "/" && peek(1) == "*" {
                _ = advance()
                _ = advance()
                while peek() != nil && !(peek() == "*" && peek(1) == "/") { _ = advance() }
                _ = advance()
                _ = advance()
            }
            let line = self.line, column = self.column
            guard let s = peek() else { return nil }
            func token(_ kind: CSSToken.Kind) -> CSSToken { CSSToken(kind: kind, line: line, column: column) }
            if Self.isWhitespace(s) {
                while Self.isWhitespace(peek()) { _ = advance() }
                return token(.whitespace)
            }
            if Self.isDigit(s) { return token(consumeNumeric()) }
            if Self.isNameStart(s) { return token(consumeIdentLike()) }
            _ = advance()
            switch s {
            case "\"", "'": return token(consumeString(s))
            case "#":
                if Self.isName(peek()) || isValidEscape() {
                    let isID = startsIdentifier()
                    return token(.hash(consumeName(), isID: isID))
                }
                return token(.delim(s))
            case "(": return token(.openParen)
            case ")": return token(.closeParen)
            case "[": return token(.openSquare)
            case "]": return token(.closeSquare)
            case "{": return token(.openCurly)
            case "}": return token(.closeCurly)
            case ",": return token(.comma)
            case ":": return token(.colon)
            case ";": return token(.semicolon)
            case "+", ".":
                back()
                if startsNumber() { return token(consumeNumeric()) }
                _ = advance()
                return token(.delim(s))
            case "-":
                back()
                if startsNumber() { return token(consumeNumeric()) }
                if peek(1) == "-" && peek(2) == ">" {
                    for _ in 0..<3 { _ = advance() }
                    return token(.cdc)
                }
                if startsIdentifier() { return token(consumeIdentLike()) }
                _ = advance()
                return token(.delim(s))
            case "<":
                if peek() == "!" && peek(1) == "-" && peek(2) == "-" {
                    for _ in 0..<3 { _ = advance() }
                    return token(.cdo)
                }
                return token(.delim(s))
            case "@":
                if startsIdentifier() { return token(.atKeyword(consumeName())) }
                return token(.delim(s))
            case "\\":
                if peek() != "\n" && peek() != nil {
                    back()
                    return token(consumeIdentLike())
                }
                return token(.delim(s))
            default:
                return token(.delim(s))
            }
        }
    }
}

extension CSSToken.Kind {
    /// The token written back as CSS: escapes only where the value needs them, strings in double
    /// quotes, numbers as written.
    var css: String {
        switch self {
        case .ident(let name): return CSSToken.escapeIdentifier(name)
        case .function(let name): return CSSToken.escapeIdentifier(name) + "("
        case .atKeyword(let name): return "@" + CSSToken.escapeIdentifier(name)
        case .hash(let name, _): return "#" + CSSToken.escapeName(name)
        case .string(let value): return CSSToken.quote(value)
        case .badString: return "\"\""
        case .url(let value):
            // Unquoted unless it holds what an unquoted url() cannot (§4.3.6).
            let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { s in
                s.value > 0x20 && s.value != 0x7F && !"\"'()\\".unicodeScalars.contains(s)
            }
            return "url(" + (plain ? value : CSSToken.quote(value)) + ")"
        case .badURL: return "url(\"\")"
        case .delim(let s): return s == "\\" ? "\\\n" : String(s)
        case .number(_, let text): return text
        case .percentage(_, let text): return text + "%"
        case .dimension(_, let text, let unit): return text + CSSToken.escapeName(unit)
        case .whitespace: return " "
        case .cdo: return "<!--"
        case .cdc: return "-->"
        case .colon: return ":"
        case .semicolon: return ";"
        case .comma: return ","
        case .openSquare: return "["
        case .closeSquare: return "]"
        case .openParen: return "("
        case .closeParen: return ")"
        case .openCurly: return "{"
        case .closeCurly: return "}"
        }
    }
}

extension CSSToken {
    /// A string token's value in double quotes, `"`, `\` and line breaks escaped.
    static func quote(_ value: String) -> String {
        var out = "\""
        for s in value.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\a "
            default:
                if s.value < 0x20 || s.value == 0x7F {
                    out += "\\" + String(s.value, radix: 16) + " "
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out + "\""
    }

    /// Name characters kept; anything else escaped.
    static func escapeName(_ name: String) -> String {
        var out = ""
        for s in name.unicodeScalars {
            let plain = ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "-" || s == "_" || s.value >= 0x80
            out += plain ? String(s) : "\\" + String(s.value, radix: 16) + " "
        }
        return out
    }

    /// An identifier that tokenizes back to itself (a leading digit, or `-` and a digit, escaped).
    static func escapeIdentifier(_ name: String) -> String {
        var escaped = escapeName(name)
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) {
            escaped = "\\" + String(first.value, radix: 16) + " " + escapeName(String(name.unicodeScalars.dropFirst()))
        } else if name.hasPrefix("-"), let second = name.unicodeScalars.dropFirst().first, ("0"..."9").contains(second) {
            escaped = "-\\" + String(second.value, radix: 16) + " " + escapeName(String(name.unicodeScalars.dropFirst(2)))
        }
        return escaped
    }
}
