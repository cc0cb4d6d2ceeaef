import Foundation

/// A decoded JSON document read field by field, so that every bad field of a file can be
/// reported with its path instead of stopping at the first (as `Decodable` does).
package enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Parses UTF-8 JSON bytes (`JSONDocument`, which also keeps positions). Throws
    /// `JSONSyntaxError` when the bytes are not JSON.
    package static func parse(_ data: Data) throws -> JSONValue {
        try JSONDocument.parse(data).root
    }

    package var objectValue: [String: JSONValue]? {
        if case .object(let values) = self { return values }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value as an integer, only when it is a JSON number with no fraction.
    package var integerValue: Int? {
        if case .number(let value) = self, value.rounded() == value, abs(value) < 1e15 {
            return Int(value)
        }
        return nil
    }

    /// A short description of the value for "found …" in messages.
    package var summary: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string(let s): return "\"\(s)\""
        case .number(let n): return n.rounded() == n && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .bool(let b): return String(b)
        case .null: return "null"
        }
    }
}

