import Foundation

/// The template and wells catalog shipped with the tool (package resources), used when a
/// job names none, so a job in any folder works.
enum BuiltinResources {
    static let templateName = "device-well.svg.tmpl"
    static let wellsName = "wells.json"
    static let storeWellsName = "store-wells.json"

    /// The resource's URL, or nil if the resource bundle is not beside the executable.
    static func url(_ name: String) -> URL? {
        let dot = name.lastIndex(of: ".") ?? name.endIndex
        let base = String(name[..<dot])
        let ext = dot < name.endIndex ? String(name[name.index(after: dot)...]) : nil
        return Bundle.module.url(forResource: base, withExtension: ext)
    }
}
