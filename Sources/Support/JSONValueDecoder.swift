import Foundation

/// Decodes a `Decodable` type (the manifest) from the `JSONValue` the JSON reader already made,
/// so a typed input is parsed once: the reader checks syntax, limits and duplicate keys, and
/// this walks its values (Foundation's `JSONDecoder` parsed the bytes a second time, and
/// silently kept one of two equal keys).
///
/// Errors are `DecodingError`s with the coding path, as `JSONDecoder` throws them: a missing
/// key is `keyNotFound`, a value of another kind (or a number that is not an integer where one
/// is expected) `typeMismatch`, a null where a value is needed `valueNotFound`. Unknown keys are
/// ignored.
package enum JSONValueDecoder {
    /// `codingPath`: where `value` sits in its document (`outputs`, `[3]` for one element of a
    /// manifest's streamed outputs), so errors name the whole path.
    package static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, codingPath: [CodingKey] = []) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: codingPath))
    }
}

/// A key or an array position in a coding path.
package struct JSONPathKey: CodingKey {
    package var intValue: Int?
    package var stringValue: String
    package init(_ index: Int) { intValue = index; stringValue = "\(index)" }
    package init(_ key: String) { stringValue = key }
    package init?(intValue: Int) { self.init(intValue) }
    package init?(stringValue: String) { self.init(stringValue) }
}

private func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [CodingKey]) -> DecodingError {
    if value == .null {
        return .valueNotFound(type, .init(codingPath: path, debugDescription: "expected \(type), found null"))
    }
    return .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(type), found \(value.summary)"))
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let fields) = value else { throw mismatch([String: JSONValue].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedContainer<Key>(fields: fields, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([JSONValue].self, value, codingPath) }
        return UnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        SingleContainer(value: value, codingPath: codingPath)
    }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(type, value, codingPath) }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw mismatch(type, value, codingPath) }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let number) = value else { throw mismatch(type, value, codingPath) }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    /// Integral numbers in the type's range only (1.5 or 1e30 for an Int is a mismatch).
    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let number) = value, let integer = I(exactly: number) else { throw mismatch(type, value, codingPath) }
        return integer
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: codingPath))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: JSONValue]
    let codingPath: [CodingKey]

    var allKeys: [Key] { fields.keys.sorted().compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func decoder(_ key: Key) throws -> ValueDecoder {
        guard let value = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value for \"\(key.stringValue)\""))
        }
        return ValueDecoder(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).value == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try type.init(from: decoder(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try type.init(from: decoder(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try type.init(from: decoder(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try type.init(from: decoder(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try type.init(from: decoder(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try type.init(from: decoder(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try type.init(from: decoder(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try type.init(from: decoder(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try type.init(from: decoder(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try type.init(from: decoder(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try type.init(from: decoder(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try type.init(from: decoder(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try type.init(from: decoder(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try type.init(from: decoder(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try type.init(from: decoder(key)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder {
        ValueDecoder(value: .object(fields), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> Decoder { try decoder(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [CodingKey]
    var currentIndex = 0

    init(items: [JSONValue], codingPath: [CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> ValueDecoder {
        let path = codingPath + [JSONPathKey(currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: path, debugDescription: "no more values in the array"))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(value: items[currentIndex], codingPath: path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try type.init(from: next()) }
    mutating func decode(_ type: String.Type) throws -> String { try type.init(from: next()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try type.init(from: next()) }
    mutating func decode(_ type: Float.Type) throws -> Float { try type.init(from: next()) }
    mutating func decode(_ type: Int.Type) throws -> Int { try type.init(from: next()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try type.init(from: next()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try type.init(from: next()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try type.init(from: next()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try type.init(from: next()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try type.init(from: next()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try type.init(from: next()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try type.init(from: next()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try type.init(from: next()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try type.init(from: next()) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try type.init(from: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder { try next() }
}
