import Foundation
import Support

/// Reads the fields of one JSON object, adding a diagnostic with the file and the field's
/// full path (`captures[2].well`) for every field that is missing or of the wrong kind.
package struct JSONFieldReader {
    package let file: String
    /// Path of this object inside the document; empty for the root.
    package let path: String
    package let fields: [String: JSONValue]

    /// Nil (with a diagnostic) when `value` is not an object.
    package init?(_ value: JSONValue, file: String, path: String, _ d: inout DiagnosticCollector) {
        self.file = file
        self.path = path
        guard let fields = value.objectValue else {
            d.error(file, path.isEmpty ? "(document)" : path, "expected an object, found \(value.summary)")
            return nil
        }
        self.fields = fields
    }

    /// The top-level object of a JSON document; nil (with a diagnostic) when the bytes are not
    /// JSON or the document is not an object.
    /// Positions of every value are handed to the collector, so each diagnostic about this
    /// file carries the line of its field. A key given twice in one object is an error naming
    /// both lines (the first value is the one read).
    package static func root(_ data: Data, file: String, _ d: inout DiagnosticCollector) -> JSONFieldReader? {
        let parsed = parse(file: file) { try JSONDocument.parse(data) }
        if let problem = parsed.problem { d.add(problem) }
        return parsed.document.flatMap { root($0, file: file, &d) }
    }

    /// Runs `parse` (one of `JSONDocument`'s parsers); a syntax error becomes the diagnostic
    /// naming its line and column.
    package static func parse(file: String, _ parse: () throws -> JSONDocument) -> (document: JSONDocument?, problem: Diagnostic?) {
        do {
            return (try parse(), nil)
        } catch let error as JSONSyntaxError {
            var diagnostic = Diagnostic.error(file, "(document)", "not valid JSON: \(error.description)")
            diagnostic.position = error.position
            return (nil, diagnostic)
        } catch {
            return (nil, .error(file, "(document)", "not valid JSON: \(error)"))
        }
    }

    /// The top-level object of a parsed document (see `root(_:file:_:)`).
    package static func root(_ document: JSONDocument, file: String, _ d: inout DiagnosticCollector) -> JSONFieldReader? {
        d.record(positions: document.positions, of: file)
        for duplicate in document.duplicateKeys {
            var diagnostic = Diagnostic.error(file, duplicate.path, "key \"\(duplicate.key)\" given twice in one object: expected each key once, found it on lines \(duplicate.first.line) and \(duplicate.again.line)")
            diagnostic.position = duplicate.again
            d.add(diagnostic)
        }
        return JSONFieldReader(document.root, file: file, path: "", &d)
    }

    package func fieldPath(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    package func value(_ key: String) -> JSONValue? { fields[key] }

    /// A required non-empty string. `missingMessage` replaces the generic message when the
    /// field is absent, null or empty.
    package func string(_ key: String, _ d: inout DiagnosticCollector, missingMessage: String? = nil) -> String? {
        guard let value = fields[key], value != .null else {
            d.error(file, fieldPath(key), (missingMessage ?? "missing field: expected a non-empty string") + ", found none")
            return nil
        }
        guard let string = value.stringValue else {
            d.error(file, fieldPath(key), "expected a string, found \(value.summary)")
            return nil
        }
        if string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            d.error(file, fieldPath(key), missingMessage.map { $0 + ", found \"\(string)\"" } ?? "expected a non-empty string, found \"\(string)\"")
            return nil
        }
        return string
    }

    /// An optional string: nil without a diagnostic when absent or null.
    package func optionalString(_ key: String, _ d: inout DiagnosticCollector) -> String? {
        guard let value = fields[key], value != .null else { return nil }
        return string(key, &d)
    }

    /// A required integer greater than zero.
    package func positiveInteger(_ key: String, _ d: inout DiagnosticCollector) -> Int? {
        guard let value = fields[key], value != .null else {
            d.error(file, fieldPath(key), "missing field: expected a positive integer")
            return nil
        }
        guard let integer = value.integerValue, integer > 0 else {
            d.error(file, fieldPath(key), "expected a positive integer, found \(value.summary)")
            return nil
        }
        return integer
    }

    package func require(_ key: String, integer expected: Int, _ d: inout DiagnosticCollector) {
        let value = fields[key]
        if value?.integerValue != expected {
            d.error(file, fieldPath(key), "expected \(expected), found \(value?.summary ?? "nothing")")
        }
    }

    package func require(_ key: String, string expected: String, _ d: inout DiagnosticCollector) {
        let value = fields[key]
        if value?.stringValue != expected {
            d.error(file, fieldPath(key), "expected \"\(expected)\", found \(value?.summary ?? "nothing")")
        }
    }

    /// The elements of a required array, each paired with its path (`key[i]`).
    package func array(_ key: String, _ d: inout DiagnosticCollector, allowEmpty: Bool = false) -> [(JSONValue, String)] {
        guard let value = fields[key], value != .null else {
            d.error(file, fieldPath(key), "missing field: expected an array")
            return []
        }
        guard let items = value.arrayValue else {
            d.error(file, fieldPath(key), "expected an array, found \(value.summary)")
            return []
        }
        if items.isEmpty && !allowEmpty {
            d.error(file, fieldPath(key), "expected at least one entry, found an empty array")
        }
        return items.enumerated().map { ($0.element, "\(fieldPath(key))[\($0.offset)]") }
    }

    /// Refuses keys outside `known`, so a misspelt field is an error rather than ignored.
    package func refuseUnknownKeys(_ known: Set<String>, _ d: inout DiagnosticCollector) {
        for key in fields.keys.sorted() where !known.contains(key) {
            d.error(file, fieldPath(key), "unknown field: expected one of \(known.sorted().joined(separator: ", ")), found \"\(key)\"")
        }
    }
}

package enum JSONErrorText {
    /// A one-line reason from a JSON decoding error.
    package static func describe(_ error: Error) -> String {
        if let syntax = error as? JSONSyntaxError { return syntax.description }
        if case DecodingError.dataCorrupted(let context) = error {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        }
        return String(describing: error)
    }
}
