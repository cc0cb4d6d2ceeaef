import Foundation
import Diagnostics

/// Reads `"screens"`: each an id (a file name), the captures in slot order, an optional
/// template (built-in name or slot-marked file) and `panels` (1–10).
package enum ScreenReader {
    /// The fields of a screen (the job schema's `screen` has exactly these).
    package static let keys: Set<String> = ["id", "template", "captures", "panels"]

    static func read(_ reader: JSONFieldReader, directory: URL, captureIds: [String], _ d: inout DiagnosticCollector) -> [JobScreen] {
        guard reader.value("screens") != nil else { return [] }
        var screens: [JobScreen] = []
        var paths: [String] = []
        var ids = FileNameIds(kind: "screen")
        for (value, path) in reader.array("screens", &d) {
            guard let item = JSONFieldReader(value, file: reader.file, path: path, &d) else { continue }
            item.refuseUnknownKeys(keys, &d)
            guard let id = item.string("id", &d) else { continue }
            if !CaptureID.isValid(id) {
                d.error(reader.file, "\(path).id", "screen id becomes a file name: expected [A-Za-z0-9][A-Za-z0-9._-]*, found \"\(id)\"")
                continue
            }
            if !ids.insert(id, field: "\(path).id", file: reader.file, &d) { continue }
            var screen = JobScreen(id: id, captures: [])
            if let name = item.optionalString("template", &d) {
                if let builtin = BuiltinTemplate(rawValue: name), !FileManager.default.fileExists(atPath: JobLoader.resolve(name, against: directory).path) {
                    screen.builtinTemplate = builtin
                } else {
                    screen.template = JobLoader.resolve(name, against: directory)
                }
            }
            for (entry, entryPath) in item.array("captures", &d) {
                guard let captureId = entry.stringValue else {
                    d.error(reader.file, entryPath, "expected a capture id, found \(entry.summary)")
                    continue
                }
                if !captureIds.contains(captureId) {
                    d.error(reader.file, entryPath, "unknown capture: expected \(Alternatives.oneOf(captureIds, none: "the id of a capture of the job (it has no valid capture)")), found \"\(captureId)\"")
                    continue
                }
                screen.captures.append(captureId)
            }
            if let panels = item.value("panels") {
                if let count = panels.integerValue, (1...10).contains(count) {
                    screen.panels = count
                } else {
                    d.error(reader.file, "\(path).panels", "expected a whole number of panels from 1 to 10, found \(panels.summary)")
                }
            }
            if !screen.captures.isEmpty {
                screens.append(screen)
                paths.append(path)
            }
        }
        refusePanelNameClashes(screens, paths: paths, file: reader.file, &d)
        return screens
    }

    /// A panorama's store images are named `<screen>-1` … `<screen>-N` (files and text keys): a
    /// screen with one of those ids would write the same file, and the manifest would list both.
    private static func refusePanelNameClashes(_ screens: [JobScreen], paths: [String], file: String, _ d: inout DiagnosticCollector) {
        var panelOwner: [String: (name: String, index: Int)] = [:]
        for (index, screen) in screens.enumerated() where screen.panels > 1 {
            for name in screen.outputNames { panelOwner[name.lowercased()] = (name, index) }
        }
        for (index, screen) in screens.enumerated() {
            guard let owner = panelOwner[screen.id.lowercased()], owner.index != index else { continue }
            let panorama = screens[owner.index]
            d.error(file, "\(paths[index]).id", "screen id \"\(screen.id)\" is the name of a store image of the panorama \(paths[owner.index]) \"\(panorama.id)\" (\(panorama.outputNames.joined(separator: ", "))): one output would overwrite the other: expected an id no panorama's image has, found \"\(screen.id)\"")
        }
    }
}
