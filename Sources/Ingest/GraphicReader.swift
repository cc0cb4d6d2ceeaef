import Foundation
import Diagnostics
import Support

/// A store graphic a job asks for (`"graphics"`): composed per locale like a screen, from the
/// app icon (a PNG, filling the template's capture slot), a title and an optional subtitle.
public struct JobGraphic: Equatable, Sendable {
    /// Names the output files (`<locale>/<id>.png`).
    public var id: String
    /// A store target (`google-play:feature-graphic`) whose slot is the canvas.
    public var target: String
    public var builtinTemplate: BuiltinTemplate?
    public var template: URL?
    /// The icon as written in the job, and resolved.
    public var iconPath: String
    public var icon: URL
    /// locale (canonical) → title / subtitle.
    public var title: [String: String]
    public var subtitle: [String: String]
}

/// Reads `"graphics"`: each an id, a target, a template (default `feature-graphic`), an icon
/// PNG, and titles (and optional subtitles) by locale.
package enum GraphicReader {
    /// The fields of a graphic (the job schema's `graphic` has exactly these).
    package static let keys: Set<String> = ["id", "target", "template", "icon", "title", "subtitle"]

    static func read(_ reader: JSONFieldReader, directory: URL, _ d: inout DiagnosticCollector) -> [JobGraphic] {
        guard reader.value("graphics") != nil else { return [] }
        var graphics: [JobGraphic] = []
        var ids = FileNameIds(kind: "graphic")
        for (value, path) in reader.array("graphics", &d) {
            guard let item = JSONFieldReader(value, file: reader.file, path: path, &d) else { continue }
            item.refuseUnknownKeys(keys, &d)
            let id = item.string("id", &d)
            let target = item.string("target", &d)
            let iconPath = item.string("icon", &d)
            if let id, !CaptureID.isValid(id) {
                d.error(reader.file, "\(path).id", "graphic id becomes a file name: expected [A-Za-z0-9][A-Za-z0-9._-]*, found \"\(id)\"")
                continue
            }
            if let id, !ids.insert(id, field: "\(path).id", file: reader.file, &d) { continue }
            var builtin: BuiltinTemplate? = .featureGraphic
            var template: URL?
            if let name = item.optionalString("template", &d) {
                if let named = BuiltinTemplate(rawValue: name), !FileManager.default.fileExists(atPath: JobLoader.resolve(name, against: directory).path) {
                    builtin = named
                } else {
                    builtin = nil
                    template = JobLoader.resolve(name, against: directory)
                }
            }
            let title = texts(item, "title", path: path, required: true, &d)
            let subtitle = texts(item, "subtitle", path: path, required: false, &d)
            guard let id, let target, let iconPath else { continue }
            graphics.append(JobGraphic(id: id, target: target, builtinTemplate: builtin, template: template, iconPath: iconPath,
                                       icon: JobLoader.resolve(iconPath, against: directory), title: title, subtitle: subtitle))
        }
        return graphics
    }

    private static func texts(_ item: JSONFieldReader, _ key: String, path: String, required: Bool, _ d: inout DiagnosticCollector) -> [String: String] {
        guard let value = item.value(key) else {
            if required { d.error(item.file, "\(path).\(key)", "missing field: expected an object of locale → \(key)") }
            return [:]
        }
        guard let byLocale = value.objectValue else {
            d.error(item.file, "\(path).\(key)", "expected an object of locale → \(key), found \(value.summary)")
            return [:]
        }
        var result: [String: String] = [:]
        for locale in byLocale.keys.sorted() {
            guard LocaleTag.isWellFormed(locale), let text = byLocale[locale]?.stringValue, !text.isEmpty else {
                d.error(item.file, "\(path).\(key).\(locale)", "expected a BCP 47 locale holding a non-empty \(key), found \(byLocale[locale]?.summary ?? "nothing")")
                continue
            }
            if let bad = XMLText.firstInvalidScalar(in: text) {
                d.error(item.file, "\(path).\(key).\(locale)", "\(key) holds \(XMLText.codePoint(bad)), a character XML cannot carry")
                continue
            }
            result[LocaleTag.canonical(locale)] = text
        }
        return result
    }
}
