import Foundation
import Diagnostics

/// One entry of `"template"` given as an object: the template composing the captures of a
/// device family (`phone`), a store target (`google-play:phone`), or every other (`default`).
public struct JobTemplateEntry: Equatable, Sendable {
    /// The key as written: a family, a target name or `default`.
    public var key: String
    /// A built-in template's name, or nil.
    public var builtin: BuiltinTemplate?
    /// A template file, or nil.
    public var file: URL?

    public init(key: String, builtin: BuiltinTemplate?, file: URL?) {
        self.key = key
        self.builtin = builtin
        self.file = file
    }
}

/// Reads the job's `"template"`: a built-in name or a file (every capture), or an object of
/// them by device family, target or `default` (`{"phone": "classic", "tablet": "ipad.svg",
/// "google-play:phone": "caption-below"}`). A name is a built-in unless a file of that name
/// sits beside the job.
enum TemplateMapReader {
    /// The families a key may name: the store catalog's device families and browser captures.
    static let families = ["phone", "tablet", "desktop", "watch", "tv", "headset", "browser"]

    static func read(_ reader: JSONFieldReader, directory: URL, _ d: inout DiagnosticCollector)
        -> (template: URL?, builtin: BuiltinTemplate?, map: [JobTemplateEntry]) {
        guard let value = reader.value("template"), value != .null else { return (nil, nil, []) }
        if value.stringValue != nil {
            guard let name = reader.optionalString("template", &d) else { return (nil, nil, []) }
            let (builtin, file) = entry(name, directory: directory)
            return (file, builtin, [])
        }
        guard let object = value.objectValue else {
            d.error(reader.file, "template", "expected a built-in name, a template file or an object of them by device family or target ({\"phone\": \"classic\", \"tablet\": \"ipad.svg\"}), found \(value.summary)")
            return (nil, nil, [])
        }
        if object.isEmpty {
            d.error(reader.file, "template", "expected at least one device family, target or \"default\" in the template object, found none")
        }
        var map: [JobTemplateEntry] = []
        for key in object.keys.sorted() {
            let field = "template.\(key)"
            guard let name = object[key]?.stringValue, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                d.error(reader.file, field, "expected a built-in name or a template file, found \(object[key]?.summary ?? "nothing")")
                continue
            }
            // Targets are checked against the store catalog when the job is planned.
            if !key.contains(":") && key != "default" && !families.contains(key) {
                d.error(reader.file, field, "unknown key: expected a device family (\(families.joined(separator: ", "))), a target such as google-play:phone (`wells --store`) or \"default\", found \"\(key)\"")
                continue
            }
            let (builtin, file) = entry(name, directory: directory)
            map.append(JobTemplateEntry(key: key, builtin: builtin, file: file))
        }
        let fallback = map.first { $0.key == "default" }
        return (fallback?.file, fallback?.builtin, map)
    }

    private static func entry(_ name: String, directory: URL) -> (BuiltinTemplate?, URL?) {
        if let builtin = BuiltinTemplate(rawValue: name), !FileManager.default.fileExists(atPath: JobLoader.resolve(name, against: directory).path) {
            return (builtin, nil)
        }
        return (nil, JobLoader.resolve(name, against: directory))
    }
}
