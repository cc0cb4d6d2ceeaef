import Foundation

/// The encodings a text input may be in.
public enum TextEncoding: String, Sendable {
    case utf8 = "UTF-8"
    case utf16LE = "UTF-16LE"
    case utf16BE = "UTF-16BE"
}

/// Bytes refused as text: the byte offset from the file's start, where that is in the text
/// before it (1-based line, and column in characters, the byte-order mark not counted), and
/// an "expected …, found … at byte N" message.
public struct TextDecodingError: Error, Equatable, Sendable {
    public var byteOffset: Int
    public var line: Int
    public var column: Int
    public var message: String
}

/// The one decoder of text inputs (jobs and every JSON file through the JSON reader, `.strings`
/// files, templates, SVG frames). Strict: a byte is never dropped or replaced. Refused, with the
/// byte offset: bytes that are not UTF-8 (overlong forms, surrogates, truncated sequences), a
/// NUL byte, a UTF-32 byte-order mark, and where UTF-16 is allowed an odd trailing byte, a lone
/// surrogate, U+0000, and a byte-order mark that disagrees with the text after it.
public enum TextDecoding {
    /// Decodes `data`: UTF-8, with or without its byte-order mark; with `allowingUTF16`, also
    /// UTF-16 with a byte-order mark in either byte order (as Apple's `.strings` files may be).
    /// The byte-order mark is not part of the text.
    public static func decode(_ data: Data, allowingUTF16: Bool) throws -> (text: String, encoding: TextEncoding) {
        try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            switch try byteOrderMark(bytes, allowingUTF16: allowingUTF16) {
            case .utf8:
                let start = try checkUTF8(bytes)
                return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self), .utf8)
            case let encoding:
                return (try utf16(bytes, encoding: encoding), encoding)
            }
        }
    }

    /// Checks that `bytes` are UTF-8 text as `decode` would, without making a String (the JSON
    /// reader reads the bytes themselves). Returns the length of the byte-order mark (0 or 3).
    package static func checkUTF8(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Int {
        _ = try byteOrderMark(bytes, allowingUTF16: false)
        let start = bytes.starts(with: utf8Mark) ? 3 : 0
        var offset = start
        let count = bytes.count
        while offset < count {
            // Eight ASCII bytes without a NUL at a time: the common case.
            if offset + 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 && (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 == 0 {
                    offset += 8
                    continue
                }
            }
            let byte = bytes[offset]
            if byte == 0 {
                let hint = start == 3 ? " (the byte-order mark says UTF-8; UTF-16 text behind it?)" : (looksLikeUTF16(bytes) ? " (UTF-16 without a byte-order mark?)" : "")
                throw error(bytes, at: offset, start: start, "expected UTF-8 text, found a NUL byte at byte \(offset)\(hint)")
            }
            if byte < 0x80 {
                offset += 1
                continue
            }
            var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<min(count, offset + 4)]).makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error(let length):
                let shown = bytes[offset..<offset + max(1, length)].map { String(format: "0x%02X", $0) }.joined(separator: " ")
                let what = offset + length >= count && length < 4 && byte >= 0xC2 && byte <= 0xF4 ? "a sequence cut short by the end of the file" : "bytes that are not UTF-8"
                throw error(bytes, at: offset, start: start, "expected UTF-8 text, found \(what) (\(shown)) at byte \(offset)")
            case .emptyInput: offset = count
            }
        }
        return start
    }

    private static let utf8Mark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The encoding the byte-order mark names (UTF-8 without one); refuses UTF-32's marks, and
    /// UTF-16's where it is not allowed.
    private static func byteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>, allowingUTF16: Bool) throws -> TextEncoding {
        func refuse(_ mark: String, _ name: String) -> TextDecodingError {
            TextDecodingError(byteOffset: 0, line: 1, column: 1,
                              message: "expected \(allowingUTF16 ? "UTF-8, or UTF-16 with a byte-order mark" : "UTF-8 text"), found a \(name) byte-order mark (\(mark)) at byte 0")
        }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { throw refuse("FF FE 00 00", "UTF-32LE") }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { throw refuse("00 00 FE FF", "UTF-32BE") }
        if bytes.starts(with: [0xFF, 0xFE]) {
            if !allowingUTF16 { throw refuse("FF FE", "UTF-16LE") }
            return .utf16LE
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            if !allowingUTF16 { throw refuse("FE FF", "UTF-16BE") }
            return .utf16BE
        }
        return .utf8
    }

    /// UTF-16 after its two-byte mark.
    private static func utf16(_ bytes: UnsafeBufferPointer<UInt8>, encoding: TextEncoding) throws -> String {
        let little = encoding == .utf16LE
        let body = bytes.count - 2
        var units: [UInt16] = []
        units.reserveCapacity(body / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (a, b) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(little ? a | b << 8 : a << 8 | b)
            index += 2
        }
        func failure(_ unit: Int, _ message: String) -> TextDecodingError {
            let (line, column) = position(of: units[..<unit])
            return TextDecodingError(byteOffset: 2 + 2 * unit, line: line, column: column, message: message)
        }
        // A mark in front of text of another encoding (UTF-8, or UTF-16 in the other byte order)
        // still decodes, as rare ideographs: such text has no character below U+0080, where
        // real text has its spaces, line breaks, digits and punctuation.
        if !units.isEmpty, !units.contains(where: { $0 < 0x80 }) {
            let other = little ? TextEncoding.utf16BE : .utf16LE
            let swappedASCII = units.filter { $0.byteSwapped < 0x80 }.count
            let swapped = swappedASCII * 2 >= units.count
            let rest = UnsafeBufferPointer(rebasing: bytes[2...])
            let utf8 = !swapped && !rest.contains(0) && String(validating: rest, as: UTF8.self) != nil && rest.filter { $0 < 0x80 }.count * 2 >= rest.count
            if swapped || utf8 {
                throw TextDecodingError(byteOffset: 2, line: 1, column: 1,
                    message: "the byte-order mark says \(encoding.rawValue), but the text after it is \(swapped ? other.rawValue : "UTF-8"): expected a byte-order mark that matches the text (or none, for UTF-8), found \(encoding.rawValue)'s mark and no character below U+0080 in \(units.count) code units from byte 2")
            }
        }
        if body % 2 == 1 {
            let last = bytes.count - 1
            throw failure(units.count, "expected \(encoding.rawValue) text in two-byte code units, found an odd trailing byte \(String(format: "0x%02X", bytes[last])) at byte \(last)")
        }
        var unit = 0
        while unit < units.count {
            let value = units[unit]
            switch value {
            case 0:
                throw failure(unit, "expected \(encoding.rawValue) text, found U+0000 at byte \(2 + 2 * unit) (UTF-32, or the other byte order?)")
            case 0xD800...0xDBFF where unit + 1 < units.count && (0xDC00...0xDFFF).contains(units[unit + 1]):
                unit += 2
            case 0xD800...0xDFFF:
                throw failure(unit, "expected \(encoding.rawValue) text, found a lone surrogate \(String(format: "U+%04X", value)) at byte \(2 + 2 * unit)")
            default:
                unit += 1
            }
        }
        return String(decoding: units, as: UTF16.self)
    }

    private static func position(of units: ArraySlice<UInt16>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// Where `offset` is in the valid UTF-8 before it.
    private static func error(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, start: Int, _ message: String) -> TextDecodingError {
        var line = 1, column = 1
        for byte in bytes[start..<offset] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return TextDecodingError(byteOffset: offset, line: line, column: column, message: message)
    }

    /// NUL bytes at every other offset in the first bytes: UTF-16 text of a Latin script.
    private static func looksLikeUTF16(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let head = bytes.prefix(64)
        let zeros = head.enumerated().filter { $0.element == 0 }
        return zeros.count * 4 >= head.count && (zeros.allSatisfy { $0.offset % 2 == 0 } || zeros.allSatisfy { $0.offset % 2 == 1 })
    }
}
