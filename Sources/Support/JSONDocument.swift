import Foundation

/// Where a value starts in a JSON file: 1-based line, and 1-based column in characters.
public struct JSONPosition: Equatable, Hashable, Sendable, Codable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A JSON file read once: the values, the position of every value by its field path (`""` for
/// the document, `captures[2].path`, `headlines.en-US.home`: the paths diagnostics name), and
/// every key an object holds twice (refused by `JSONFieldReader.root`, since Foundation would
/// have kept one of them silently).
///
/// The parser is this file's own, over the bytes: one pass, no intermediate Foundation objects
/// (JSONSerialization plus a decoder used to take 200 × the file's size), nesting limited so a
/// deep document cannot exhaust the stack, numbers that overflow a Double refused.
package struct JSONDocument {
    package struct DuplicateKey: Equatable {
        package var path: String
        package var key: String
        package var first: JSONPosition
        package var again: JSONPosition
    }

    package var root: JSONValue
    package var positions: JSONPositionTable
    package var duplicateKeys: [DuplicateKey]

    /// Deepest nesting of arrays and objects accepted.
    package static let maximumDepth = 64

    /// Parses UTF-8 JSON (an optional UTF-8 byte order mark is skipped). Throws
    /// `JSONSyntaxError` naming the line and column of the first syntax error (and the byte
    /// offset of bytes that are not UTF-8 text).
    package static func parse(_ data: Data) throws -> JSONDocument {
        try data.withUnsafeBytes { raw in
            var parser = try JSONByteParser(bytes: raw.bindMemory(to: UInt8.self))
            return try parser.document()
        }
    }

    /// Parses like `parse(_:)`, but the object or array at the field path `streamed` (`strings`
    /// of a String Catalog, `outputs` of a manifest) is not kept: each of its members (or
    /// elements) is handed to `each` as soon as it is read, then dropped, so a large file never
    /// exists as one tree. In the document that object or array is empty. `each` returns true to keep the member's positions in the document's
    /// table (for diagnostics made later about it); the positions of the others are dropped
    /// with them. Keys given twice in the streamed object are found as anywhere else.
    package static func parse(_ data: Data, streaming streamed: String, each: (JSONStreamedMember) -> Bool) throws -> JSONDocument {
        try withoutActuallyEscaping(each) { each in
            try data.withUnsafeBytes { raw in
                var parser = try JSONByteParser(bytes: raw.bindMemory(to: UInt8.self))
                parser.streamed = (JSONPositionTable.hash(streamed.utf8), each)
                return try parser.document()
            }
        }
    }
}

/// A member of a streamed object (`JSONDocument.parse(_:streaming:each:)`).
package struct JSONStreamedMember {
    /// The member's key; an array element's index.
    package var key: String
    /// Where the key is.
    package var keyPosition: JSONPosition
    package var value: JSONValue
    /// The field path of the member (`strings.home`, `outputs[3]`).
    package var path: String
    /// Positions of the member and of every value inside it, by full field path.
    package var positions: JSONPositionTable
}

/// The position of every value of a document by its field path. Kept compact (16 bytes a
/// value): paths are stored as a 64-bit FNV-1a hash of their text, built while parsing without
/// making the path strings; a collision (about 1 in 10^7 for a million values) could only
/// give a diagnostic a wrong line.
package struct JSONPositionTable: Sendable, Equatable {
    fileprivate var table: [UInt64: UInt64] = [:]

    package static let emptyPathHash: UInt64 = 0xcbf2_9ce4_8422_2325

    package static func hash<S: Sequence>(_ bytes: S, from start: UInt64 = emptyPathHash) -> UInt64 where S.Element == UInt8 {
        var h = start
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return h
    }

    package subscript(path: String) -> JSONPosition? {
        self[hash: Self.hash(path.utf8)]
    }

    fileprivate subscript(hash hash: UInt64) -> JSONPosition? {
        table[hash].map { JSONPosition(line: Int($0 >> 32), column: Int($0 & 0xFFFF_FFFF)) }
    }

    fileprivate mutating func set(_ position: JSONPosition?, hash: UInt64) {
        table[hash] = position.map { UInt64(clamping: $0.line) << 32 | UInt64(UInt32(clamping: $0.column)) }
    }

    fileprivate mutating func merge(_ other: JSONPositionTable) {
        table.merge(other.table) { mine, _ in mine }
    }

    package var count: Int { table.count }
}

/// A syntax error with where it is.
package struct JSONSyntaxError: Error, Equatable {
    package var message: String
    package var position: JSONPosition?

    package init(message: String, position: JSONPosition? = nil) {
        self.message = message
        self.position = position
    }

    package var description: String {
        guard let position else { return message }
        return "line \(position.line), column \(position.column): \(message)"
    }
}

private struct JSONByteParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var line = 1
    var lineStart = 0
    /// UTF-8 continuation bytes seen since `lineStart` (only strings hold them), so columns
    /// count characters without rescanning the line.
    var continuations = 0
    var positions = JSONPositionTable()
    var duplicates: [JSONDocument.DuplicateKey] = []
    /// The keys and indexes leading to the value being read, to name a duplicate key's path.
    var pathStack: [PathComponent] = []
    /// The object whose members are handed over one by one instead of kept (path hash), and
    /// what takes them.
    var streamed: (path: UInt64, each: (JSONStreamedMember) -> Bool)?

    enum PathComponent {
        case key(String)
        case index(Int)
    }

    var pathText: String {
        var text = ""
        for component in pathStack {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// Checks the bytes are UTF-8 text first (`TextDecoding`: the byte offset of a bad byte, a
    /// UTF-16 or UTF-32 byte-order mark, a NUL), so strings need no validating of their own.
    init(bytes: UnsafeBufferPointer<UInt8>) throws {
        self.bytes = bytes
        do {
            offset = try TextDecoding.checkUTF8(bytes)
        } catch let problem as TextDecodingError {
            throw JSONSyntaxError(message: problem.message, position: JSONPosition(line: problem.line, column: problem.column))
        }
        lineStart = offset
    }

    var position: JSONPosition {
        JSONPosition(line: line, column: offset - lineStart - continuations + 1)
    }

    mutating func document() throws -> JSONDocument {
        skipWhitespace()
        let root = try value(path: JSONPositionTable.emptyPathHash, depth: 0)
        skipWhitespace()
        if offset < bytes.count {
            throw error("expected the end of the document, found \(found())")
        }
        return JSONDocument(root: root, positions: positions, duplicateKeys: duplicates)
    }

    func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position)
    }

    /// The next character, for "found …".
    func found() -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0D: offset += 1
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
                continuations = 0
            default: return
            }
        }
    }

    /// `path`: the hash of the value's field path (`JSONPositionTable`).
    mutating func value(path: UInt64, depth: Int) throws -> JSONValue {
        guard offset < bytes.count else { throw error("expected a value, found the end of the file") }
        positions.set(position, hash: path)
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(path: path, depth: depth + 1)
        case UInt8(ascii: "["): return try array(path: path, depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value, found \(found())")
        }
    }

    mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard offset + count <= bytes.count, (0..<count).allSatisfy({ bytes[offset + $0] == expected[$0] }) else {
            throw error("expected a value, found \(found())")
        }
        offset += count
    }

    mutating func object(path: UInt64, depth: Int) throws -> JSONValue {
        guard depth <= JSONDocument.maximumDepth else {
            throw error("expected at most \(JSONDocument.maximumDepth) levels of nested objects and arrays, found more")
        }
        offset += 1
        var members: [String: JSONValue] = [:]
        // The streamed object keeps no members: only its keys, to find one given twice.
        let streaming = streamed?.path == path
        var streamedKeys: Set<String> = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a key in quotes, found \(found())")
            }
            let keyPosition = position
            let key = try string()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("expected ':' after a key, found \(found())") }
            offset += 1
            skipWhitespace()
            let separated = path == JSONPositionTable.emptyPathHash ? path : JSONPositionTable.hash(CollectionOfOne(UInt8(ascii: ".")), from: path)
            let memberPath = JSONPositionTable.hash(key.utf8, from: separated)
            pathStack.append(.key(key))
            defer { pathStack.removeLast() }
            if streaming ? streamedKeys.contains(key) : members[key] != nil, let first = positions[hash: memberPath] {
                duplicates.append(.init(path: pathText, key: key, first: first, again: keyPosition))
                let kept = positions.table[memberPath]
                _ = try value(path: memberPath, depth: depth)
                // The first value stays (and its position), so no later field reads the other.
                positions.table[memberPath] = kept
            } else if streaming {
                streamedKeys.insert(key)
                try handOver(key: key, keyPosition: keyPosition, path: memberPath, depth: depth)
            } else {
                members[key] = try value(path: memberPath, depth: depth)
            }
            skipWhitespace()
            guard offset < bytes.count else { throw error("expected ',' or '}', found the end of the file") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            if bytes[offset] == UInt8(ascii: "}") { offset += 1; return .object(members) }
            throw error("expected ',' or '}', found \(found())")
        }
    }

    mutating func array(path: UInt64, depth: Int) throws -> JSONValue {
        guard depth <= JSONDocument.maximumDepth else {
            throw error("expected at most \(JSONDocument.maximumDepth) levels of nested objects and arrays, found more")
        }
        offset += 1
        var items: [JSONValue] = []
        // The streamed array keeps no elements.
        let streaming = streamed?.path == path
        var count = 0
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            pathStack.append(.index(count))
            defer { pathStack.removeLast() }
            let elementPath = JSONPositionTable.hash("[\(count)]".utf8, from: path)
            if streaming {
                try handOver(key: "\(count)", keyPosition: position, path: elementPath, depth: depth)
            } else {
                items.append(try value(path: elementPath, depth: depth))
            }
            count += 1
            skipWhitespace()
            guard offset < bytes.count else { throw error("expected ',' or ']', found the end of the file") }
            if bytes[offset] == UInt8(ascii: ",") { offset += 1; continue }
            if bytes[offset] == UInt8(ascii: "]") { offset += 1; return .array(items) }
            throw error("expected ',' or ']', found \(found())")
        }
    }

    /// Reads the streamed object's member (or array's element) at `memberPath` and hands it
    /// over. Its positions go to a table of its own, dropped with it unless `each` keeps them;
    /// the member's own position stays in the document's table.
    mutating func handOver(key: String, keyPosition: JSONPosition, path memberPath: UInt64, depth: Int) throws {
        guard let each = streamed?.each else { return }
        // Swapped, not copied: a second reference to the document's table would make every
        // later write copy it whole.
        var own = JSONPositionTable()
        swap(&positions, &own)
        let member = try value(path: memberPath, depth: depth)
        swap(&positions, &own)
        positions.set(own[hash: memberPath], hash: memberPath)
        if each(JSONStreamedMember(key: key, keyPosition: keyPosition, value: member, path: pathText, positions: own)) {
            positions.merge(own)
        }
    }

    mutating func number() throws -> Double {
        let start = offset
        func digits(_ parser: inout JSONByteParser) -> Int {
            let begin = parser.offset
            while parser.offset < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.offset]) { parser.offset += 1 }
            return parser.offset - begin
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let whole = offset
        let count = digits(&self)
        guard count > 0 else { throw error("expected a digit, found \(found())") }
        if count > 1 && bytes[whole] == UInt8(ascii: "0") {
            offset = whole + 1
            throw error("expected no leading zero in a number, found \(found())")
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.', found \(found())") }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent, found \(found())") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            offset = start
            throw error("expected a number a 64-bit float can hold, found \(shown)")
        }
        return number
    }

    mutating func string() throws -> String {
        offset += 1
        let start = offset
        var scratch: [UInt8]? = nil
        var runStart = start
        while true {
            guard offset < bytes.count else { throw error("expected a closing '\"', found the end of the file") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 {
                throw error(String(format: "expected characters in a string, found the control character U+%04X (write it as an escape)", byte))
            }
            if byte & 0xC0 == 0x80 { continuations += 1 }
            if byte == UInt8(ascii: "\\") {
                if scratch == nil { scratch = [] }
                scratch!.append(contentsOf: bytes[runStart..<offset])
                offset += 1
                try escape(into: &scratch!)
                runStart = offset
                continue
            }
            offset += 1
        }
        // The bytes are UTF-8 (checked when the parser was made), and escapes write UTF-8.
        let text: String
        if var scratch {
            scratch.append(contentsOf: bytes[runStart..<offset])
            text = String(decoding: scratch, as: UTF8.self)
        } else {
            text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        }
        offset += 1
        return text
    }

    mutating func escape(into out: inout [UInt8]) throws {
        guard offset < bytes.count else { throw error("expected an escape, found the end of the file") }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw error("expected a low surrogate \\uDC00–\\uDFFF after a high surrogate, found \(found())")
                }
                offset += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error(String(format: "expected a low surrogate, found \\u%04X", low)) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error(String(format: "expected a character, found a lone surrogate \\u%04X", scalar))
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("expected a character, found an invalid escape") }
            out.append(contentsOf: Array(String(unicode).utf8))
        default:
            offset -= 1
            throw error("expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found \(found())")
        }
    }

    mutating func hex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count else { throw error("expected four hex digits, found the end of the file") }
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u, found \(found())")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }
}
