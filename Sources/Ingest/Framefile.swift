import Foundation
import Diagnostics
import Support

/// fastlane frameit's `Framefile.json`, as `init` reads it to start a job that draws what frameit
/// drew: `"default"` (a screenshot's look) and `"data"` (entries whose `"filter"` is a part of
/// a screenshot's path, each deep-merged over the default in order, as frameit's ConfigParser
/// merges them). Every value is checked for the kind frameit's docs give it; a key frameit does
/// not document is a warning naming it (never dropped silently). What the keys become is
/// `FrameitImport`'s part.
package struct Framefile: Sendable {
    package static let fileName = "Framefile.json"

    /// `"default"` or one `"data"` entry.
    package struct Entry: Sendable {
        /// Nil for `"default"`.
        package var filter: String?
        /// Where it is in the file: `default` or `data[2]`.
        package var field: String
        package var values: [String: JSONValue]
    }

    /// The file as diagnostics name it.
    package var file: String
    /// The folder its relative paths (`font`, `background`) resolve against.
    package var directory: URL
    package var defaults: Entry
    package var data: [Entry]

    /// The keys of a screenshot's look (frameit's `title` and `keyword` objects and the rest).
    package static let styleKeys: Set<String> = ["title", "keyword", "background", "padding", "title_below_image", "show_complete_frame",
                                                "stack_title", "interline_spacing", "font_scale_factor", "frame", "use_platform",
                                                "force_device_type", "title_min_height"]
    package static let textKeys: Set<String> = ["color", "font", "fonts", "text"]

    /// The entries frameit applies to a screenshot at `path` (relative to the Framefile's
    /// folder): the default, then every `data` entry whose filter is a part of the path.
    package func entries(for path: String) -> [Entry] {
        [defaults] + data.filter { entry in entry.filter.map { path.contains($0) } ?? false }
    }

    /// The look frameit gives a screenshot at `path`: the entries' values deep-merged (an
    /// object's keys merged, any other value replaced), with the field each value came from.
    package func values(for path: String) -> [String: (value: JSONValue, field: String)] {
        var merged: [String: (value: JSONValue, field: String)] = [:]
        for entry in entries(for: path) {
            for (key, value) in entry.values where key != "filter" {
                let field = "\(entry.field).\(key)"
                if let inner = value.objectValue, case .object(var current)? = merged[key]?.value {
                    for (innerKey, innerValue) in inner { current[innerKey] = innerValue }
                    merged[key] = (.object(current), field)
                } else {
                    merged[key] = (value, field)
                }
            }
        }
        return merged
    }

    /// Reads and checks the file; nil (errors in `d`) when it is no JSON, or a value is not of
    /// the kind frameit takes. A key frameit does not document is a warning.
    package static func read(_ url: URL, _ d: inout DiagnosticCollector) -> Framefile? {
        let file = url.path
        guard let bytes = InputReader.read(path: file, as: .job, reporting: "the Framefile", file: file, into: &d) else { return nil }
        let before = d.errorCount
        guard let reader = JSONFieldReader.root(bytes, file: file, &d) else { return nil }
        for key in reader.fields.keys.sorted() where key != "default" && key != "data" {
            d.warning(file, key, "not a key frameit reads: expected \"default\" or \"data\", found \"\(key)\"; left out")
        }
        var defaults = Entry(filter: nil, field: "default", values: [:])
        if let value = reader.value("default") {
            if let object = value.objectValue {
                defaults.values = object
                check(object, field: "default", file: file, &d)
            } else {
                d.error(file, "default", "expected an object of frameit keys (title, keyword, background, …), found \(value.summary)")
            }
        } else {
            d.error(file, "default", "frameit needs a default look: expected \"default\": { … }, found none")
        }
        var data: [Entry] = []
        if let value = reader.value("data") {
            if let items = value.arrayValue {
                for (index, item) in items.enumerated() {
                    let field = "data[\(index)]"
                    guard let object = item.objectValue else {
                        d.error(file, field, "expected an object with a \"filter\" and frameit keys, found \(item.summary)")
                        continue
                    }
                    guard let filter = object["filter"]?.stringValue, !filter.isEmpty else {
                        d.error(file, "\(field).filter", "expected a non-empty part of a screenshot's file name, found \(object["filter"]?.summary ?? "none")")
                        continue
                    }
                    check(object.filter { $0.key != "filter" }, field: field, file: file, &d)
                    data.append(Entry(filter: filter, field: field, values: object))
                }
            } else {
                d.error(file, "data", "expected an array of {\"filter\": …} objects, found \(value.summary)")
            }
        }
        guard d.errorCount == before else { return nil }
        return Framefile(file: file, directory: url.deletingLastPathComponent(), defaults: defaults, data: data)
    }

    /// Each value of one look checked for the kind frameit's ConfigParser accepts.
    static func check(_ object: [String: JSONValue], field: String, file: String, _ d: inout DiagnosticCollector) {
        for key in object.keys.sorted() {
            guard let value = object[key] else { continue }
            let path = "\(field).\(key)"
            func expect(_ ok: Bool, _ what: String) {
                if !ok { d.error(file, path, "expected \(what), found \(value.summary)") }
            }
            switch key {
            case "title", "keyword":
                guard let text = value.objectValue else {
                    d.error(file, path, "expected an object of color, font, fonts and text, found \(value.summary)")
                    continue
                }
                checkText(text, field: path, file: file, &d)
            case "background", "force_device_type":
                expect(value.stringValue.map { !$0.isEmpty } ?? false, key == "background" ? "the path of a background image" : "a device name")
            case "padding":
                expect(value.integerValue.map { $0 >= 0 } ?? false || value.stringValue.map { paddingText($0) } ?? false,
                       "an integer, \"<horizontal>x<vertical>\" or a percentage such as \"5%\"")
            case "title_min_height":
                expect(value.integerValue.map { $0 >= 0 } ?? false || value.stringValue.map(isPercentage) ?? false, "an integer or a percentage such as \"10%\"")
            case "title_below_image", "show_complete_frame", "stack_title":
                if case .bool = value {} else { expect(false, "true or false") }
            case "interline_spacing", "font_scale_factor":
                if case .number(let n) = value, n.isFinite, key == "interline_spacing" || n > 0 {} else {
                    expect(false, key == "font_scale_factor" ? "a number above 0" : "a number")
                }
            case "frame":
                expect(["BLACK", "WHITE", "GOLD", "ROSE_GOLD"].contains(value.stringValue ?? ""), "BLACK, WHITE, GOLD or ROSE_GOLD")
            case "use_platform":
                expect(["IOS", "ANDROID", "ANY"].contains(value.stringValue ?? ""), "IOS, ANDROID or ANY")
            default:
                d.warning(file, path, "not a key frameit reads: expected one of \(styleKeys.sorted().joined(separator: ", ")), found \"\(key)\"; left out")
            }
        }
    }

    static func checkText(_ object: [String: JSONValue], field: String, file: String, _ d: inout DiagnosticCollector) {
        for key in object.keys.sorted() {
            guard let value = object[key] else { continue }
            let path = "\(field).\(key)"
            switch key {
            case "color":
                if value.stringValue.flatMap(FrameitColor.hex) == nil {
                    d.error(file, path, "expected a colour #rgb, #rrggbb or #rrggbbaa, found \(value.summary)")
                }
            case "font", "text":
                if value.stringValue == nil { d.error(file, path, "expected a string, found \(value.summary)") }
            case "fonts":
                guard let fonts = value.arrayValue else {
                    d.error(file, path, "expected an array of {\"font\": path, \"supported\": [languages]}, found \(value.summary)")
                    continue
                }
                for (index, item) in fonts.enumerated() {
                    let itemPath = "\(path)[\(index)]"
                    guard let font = item.objectValue else {
                        d.error(file, itemPath, "expected {\"font\": path, \"supported\": [languages]}, found \(item.summary)")
                        continue
                    }
                    if font["font"]?.stringValue.map({ !$0.isEmpty }) != true {
                        d.error(file, "\(itemPath).font", "expected the path of a font file, found \(font["font"]?.summary ?? "none")")
                    }
                    if let supported = font["supported"], supported.arrayValue?.allSatisfy({ $0.stringValue != nil }) != true {
                        d.error(file, "\(itemPath).supported", "expected an array of language folder names such as [\"en-US\", \"de-DE\"], found \(supported.summary)")
                    }
                    for extra in font.keys.sorted() where extra != "font" && extra != "supported" {
                        d.warning(file, "\(itemPath).\(extra)", "not a key frameit reads: expected font or supported, found \"\(extra)\"; left out")
                    }
                }
            default:
                d.warning(file, path, "not a key frameit reads: expected one of \(textKeys.sorted().joined(separator: ", ")), found \"\(key)\"; left out")
            }
        }
    }

    static func isPercentage(_ text: String) -> Bool {
        text.hasSuffix("%") && (Double(text.dropLast()).map { $0 > 0 } ?? false)
    }

    static func paddingText(_ text: String) -> Bool {
        if isPercentage(text) { return true }
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { Int($0).map { $0 >= 0 } ?? false }
    }
}

/// frameit's colours (ImageMagick reads them) as the theme takes them.
public enum FrameitColor {
    /// `#rgb`, `#rrggbb` or `#rrggbbaa` as lower-case `#rrggbb(aa)`; nil for anything else.
    package static func hex(_ text: String) -> String? {
        guard text.first == "#", text.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        let digits = text.dropFirst().lowercased()
        switch digits.count {
        case 3: return "#" + digits.map { "\($0)\($0)" }.joined()
        case 6, 8: return "#" + digits
        default: return nil
        }
    }
}
