import Foundation
import Support

/// The template and wells catalog shipped with the tool (package resources), used when a
/// job names none, so a job in any folder works.
package enum BuiltinResources {
    package static let templateName = "device-well.svg.tmpl"
    package static let wellsName = "wells.json"
    package static let storeWellsName = "store-wells.json"

    /// The resource's URL, or nil if the resource bundle is not beside the executable.
    package static func url(_ name: String) -> URL? {
        let folder = name.contains("/") ? String(name[..<(name.lastIndex(of: "/") ?? name.startIndex)]) : nil
        let file = name.split(separator: "/").last.map(String.init) ?? name
        let dot = file.lastIndex(of: ".") ?? file.endIndex
        let base = String(file[..<dot])
        let ext = dot < file.endIndex ? String(file[file.index(after: dot)...]) : nil
        // The placeholder template lives with the built-in drawings, in `templates/` (looked up
        // there first: a build folder may still hold a copy from before it moved).
        return (folder == nil ? Bundle.module.url(forResource: base, withExtension: ext, subdirectory: "templates") : nil)
            ?? Bundle.module.url(forResource: base, withExtension: ext, subdirectory: folder)
    }

    /// The commit a packaged build was made from (`build-commit.txt`, which `make install` and
    /// `make dist` write beside the installed resources, never into the build folder), or nil.
    /// Kept out of every output: a rebuild of one commit writes the same bytes.
    package static func buildCommit() -> String? {
        guard let url = url("build-commit.txt"), let data = FileManager.default.contents(atPath: url.path),
              let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty, text.allSatisfy({ $0.isHexDigit }) else { return nil }
        return text
    }

    /// A folder of the resources (`templates`), or nil when the bundle is not beside the executable.
    package static func folder(_ name: String) -> URL? {
        guard let url = Bundle.module.resourceURL?.appendingPathComponent(name) else { return nil }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue ? url : nil
    }

    /// The `codes` list of a shipped store-language file (`app-store-languages.json`,
    /// `google-play-languages.json`), or nil when it is missing or unreadable.
    package static func languageCodes(_ name: String) -> [String]? {
        languageTable(name)?.codes
    }

    /// The `codes` list of a shipped store-language file and each code's listing language
    /// (`languages.<code>.listing`), or nil when the file is missing or unreadable.
    package static func languageTable(_ name: String) -> (codes: [String], listing: [String: String])? {
        guard let url = url(name), let data = FileManager.default.contents(atPath: url.path),
              let root = try? JSONValue.parse(data), let codes = root.objectValue?["codes"]?.arrayValue?.compactMap(\.stringValue) else { return nil }
        var listing: [String: String] = [:]
        for (code, entry) in root.objectValue?["languages"]?.objectValue ?? [:] {
            if let language = entry.objectValue?["listing"]?.stringValue { listing[code] = language }
        }
        return (codes, listing)
    }
}
