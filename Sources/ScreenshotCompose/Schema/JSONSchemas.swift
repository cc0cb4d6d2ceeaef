import Support
import Diagnostics
import Foundation
import Ingest

/// JSON Schemas (draft 2020-12) of the files the tool reads, for editors and CI linters:
/// `job`, `wells`, `store-wells`, `theme`. All definitions live in one shipped resource
/// (`schemas/definitions.json`) so a field is described once; each printed schema is
/// self-contained: its root refers to one definition and it carries only the definitions
/// reachable from it. The loaders remain the authority: a schema cannot check, say, a
/// capture's size against its well.
public enum JSONSchemas {
    public static let names = ["job", "wells", "store-wells", "theme"]
    public static let resourceName = "schemas/definitions.json"
    public static let draft = "https://json-schema.org/draft/2020-12/schema"

    public struct SchemaError: Error, Equatable {
        public var message: String
    }

    /// The schema named `name` as pretty-printed JSON with sorted keys and a final newline.
    public static func document(_ name: String) throws -> Data {
        let definitions = try loadDefinitions()
        guard let roots = definitions["roots"] as? [String: [String: String]], let root = roots[name],
              let rootDefinition = root["definition"] else {
            throw SchemaError(message: "unknown schema: expected one of \(names.joined(separator: ", ")), found \"\(name)\"")
        }
        let all = definitions["$defs"] as? [String: Any] ?? [:]
        var reachable: Set<String> = []
        var pending = [rootDefinition]
        while let next = pending.popLast() {
            guard reachable.insert(next).inserted, let definition = all[next] else { continue }
            pending.append(contentsOf: references(in: definition))
        }
        let schema: [String: Any] = [
            "$schema": draft,
            "title": root["title"] ?? name,
            "$ref": "#/$defs/\(rootDefinition)",
            "$defs": all.filter { reachable.contains($0.key) },
        ]
        var data = try JSONSerialization.data(withJSONObject: schema, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
        return data
    }

    private static func loadDefinitions() throws -> [String: Any] {
        guard let url = BuiltinResources.url(resourceName), let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SchemaError(message: "the schema definitions shipped with the tool are missing: expected builtin:\(resourceName) beside the executable, found nothing")
        }
        return object
    }

    /// Names of the local definitions (`#/$defs/<name>`) a schema value refers to.
    private static func references(in value: Any) -> [String] {
        if let object = value as? [String: Any] {
            var found: [String] = []
            if let ref = object["$ref"] as? String, ref.hasPrefix("#/$defs/") { found.append(String(ref.dropFirst(8))) }
            for (_, child) in object { found += references(in: child) }
            return found
        }
        if let array = value as? [Any] { return array.flatMap(references(in:)) }
        return []
    }
}
