import Foundation
import Diagnostics
import Support

/// One `"key" = "value";` entry of a `.strings` file.
public struct StringsEntry: Equatable, Sendable {
    public var key: String
    public var value: String
    /// 1-based line of the key.
    public var line: Int
}

/// A syntax error in a `.strings` file, at a 1-based line and column (in characters).
public struct StringsSyntaxError: Error, Equatable, Sendable {
    public var line: Int
    public var column: Int
    public var message: String
}

/// Reads Apple `.strings` files: UTF-8 (with or without BOM) or UTF-16 with a BOM (either byte
/// order); `/* */` and `//` comments; quoted or bare keys; white space around `=`; escapes
/// `\"`, `\\`, `\n`, `\t`, `\r`, `\0` and `\Uxxxx` / `\uxxxx` (a surrogate pair as two).
public enum StringsFile {
    /// Decodes the bytes by their BOM (`TextDecoding`, strict). Throws `StringsSyntaxError` at
    /// the line and column of the first byte that is not text, its byte offset in the message.
    public static func decode(_ data: Data) throws -> String {
        do {
            return try TextDecoding.decode(data, allowingUTF16: true).text
        } catch let problem as TextDecodingError {
            throw StringsSyntaxError(line: problem.line, column: problem.column, message: problem.message)
        }
    }

    /// Parses decoded text. Throws the first `StringsSyntaxError` (a syntax error leaves the rest
    /// of the file unreliable).
    public static func parse(_ text: String) throws -> [StringsEntry] {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        return try parser.entries()
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1
        var column = 1

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func advance() {
            if current == "\n" { line += 1; column = 1 } else { column += 1 }
            index += 1
        }

        func error(_ message: String) -> StringsSyntaxError {
            StringsSyntaxError(line: line, column: column, message: message)
        }

        func describe(_ s: Unicode.Scalar?) -> String {
            guard let s else { return "the end of the file" }
            return s.properties.isWhitespace || s.value < 0x20 ? XMLText.codePoint(s) : "\"\(Character(s))\""
        }

        mutating func skipTrivia() throws {
            while let c = current {
                if c.properties.isWhitespace || c == "\u{FEFF}" {
                    advance()
                } else if c == "/" && index + 1 < scalars.count && scalars[index + 1] == "*" {
                    let start = (line, column)
                    advance(); advance()
                    while true {
                        guard let d = current else {
                            throw StringsSyntaxError(line: start.0, column: start.1, message: "unterminated comment: expected */, found the end of the file")
                        }
                        if d == "*" && index + 1 < scalars.count && scalars[index + 1] == "/" { advance(); advance(); break }
                        advance()
                    }
                } else if c == "/" && index + 1 < scalars.count && scalars[index + 1] == "/" {
                    while let d = current, d != "\n" { advance() }
                } else {
                    return
                }
            }
        }

        static func isBare(_ c: Unicode.Scalar) -> Bool {
            (c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c))) || "_$+/:.-".unicodeScalars.contains(c)
        }

        mutating func token(_ what: String) throws -> String {
            guard let c = current else { throw error("expected \(what), found the end of the file") }
            if c == "\"" { return try quoted() }
            if Self.isBare(c) {
                var out = ""
                while let d = current, Self.isBare(d) { out.unicodeScalars.append(d); advance() }
                return out
            }
            throw error("expected \(what), found \(describe(c))")
        }

        mutating func quoted() throws -> String {
            let start = (line, column)
            advance()
            var out = String.UnicodeScalarView()
            var pendingHigh: UInt32?
            while true {
                guard let c = current else {
                    throw StringsSyntaxError(line: start.0, column: start.1, message: "unterminated string: expected a closing \", found the end of the file")
                }
                if c == "\"" { advance(); break }
                if c == "\\" {
                    advance()
                    guard let e = current else { continue }
                    switch e {
                    case "n": out.append("\n"); advance()
                    case "t": out.append("\t"); advance()
                    case "r": out.append("\r"); advance()
                    case "0": out.append("\0"); advance()
                    case "\"", "\\", "'": out.append(e); advance()
                    case "U", "u":
                        advance()
                        var hex = ""
                        for _ in 0..<4 {
                            guard let h = current, h.properties.isASCIIHexDigit else {
                                throw error("bad \\U escape: expected 4 hex digits, found \(describe(current))")
                            }
                            hex.unicodeScalars.append(h)
                            advance()
                        }
                        let value = UInt32(hex, radix: 16) ?? 0
                        if pendingHigh != nil && !(0xDC00...0xDFFF).contains(value) {
                            throw error("bad \\U escape: expected a low surrogate after a high one, found \\U\(hex)")
                        }
                        if (0xD800...0xDBFF).contains(value) {
                            pendingHigh = value
                            continue
                        }
                        if (0xDC00...0xDFFF).contains(value), let high = pendingHigh {
                            let combined = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                            if let s = Unicode.Scalar(combined) { out.append(s) }
                            pendingHigh = nil
                            continue
                        }
                        guard let s = Unicode.Scalar(value) else {
                            throw error("bad \\U escape: expected a Unicode scalar, found an unpaired surrogate \(hex)")
                        }
                        out.append(s)
                    default:
                        out.append(e)
                        advance()
                    }
                    if pendingHigh != nil { throw error("bad \\U escape: expected a low surrogate after \\U\(String(pendingHigh ?? 0, radix: 16))") }
                    continue
                }
                if pendingHigh != nil { throw error("bad \\U escape: expected a low surrogate after \\U\(String(pendingHigh ?? 0, radix: 16))") }
                out.append(c)
                advance()
            }
            if pendingHigh != nil { throw error("bad \\U escape: an unpaired high surrogate ends the string") }
            return String(out)
        }

        mutating func entries() throws -> [StringsEntry] {
            var entries: [StringsEntry] = []
            while true {
                try skipTrivia()
                guard current != nil else { return entries }
                let keyLine = line
                let key = try token("a key")
                try skipTrivia()
                guard current == "=" else {
                    throw error("expected \"=\" after the key \"\(key)\", found \(describe(current))")
                }
                advance()
                try skipTrivia()
                let value = try token("a value")
                try skipTrivia()
                guard current == ";" else {
                    throw error("expected \";\" after the value of \"\(key)\", found \(describe(current))")
                }
                advance()
                entries.append(StringsEntry(key: key, value: value, line: keyLine))
            }
        }
    }
}
