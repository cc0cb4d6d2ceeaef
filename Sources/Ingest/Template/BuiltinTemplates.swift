import Foundation
import Diagnostics
import Support

extension BuiltinTemplate {
    /// What the manifest records for a built-in template: the SHA-256 of
    /// `builtin:<name> <tool name> <version>` and of every shipped file it may draw from (its
    /// own drawings and the frames), which `verify` recomputes from the installed files.
    public var identitySHA256: String { BuiltinDrawings.shared.identity(of: self) }
}

/// A canvas's or capture's orientation, as the drawings' file names spell it.
package enum Orientation: String, Sendable {
    case portrait, landscape, square

    package init(width: Int, height: Int) {
        self = height > width ? .portrait : width > height ? .landscape : .square
    }

    /// The file names tried, in order: a square canvas takes a portrait drawing, then a landscape one.
    var lookup: [String] {
        switch self {
        case .portrait: return ["portrait", "landscape"]
        case .landscape: return ["landscape", "portrait"]
        case .square: return ["square", "portrait", "landscape"]
        }
    }
}

/// The shipped drawings (`templates/` among the tool's resources), each file read and parsed
/// once per process.
package final class BuiltinDrawings: Sendable {
    package static let shared = BuiltinDrawings(folder: BuiltinResources.folder("templates"))

    package struct File: Sendable {
        /// Relative to `templates/`: `classic/phone-portrait.svg`, `frames/phone-portrait.svg`.
        var path: String
        var sha256: String
        /// The drawing as the one reader reads every template; nil when it refused it.
        package var tree: TemplateTree?
        /// Why it was refused.
        var problem: String?
        /// The drawing's width over its height.
        var aspect: Double? {
            guard let tree, let w = tree[tree.root]["width"].flatMap({ SVGLength.number($0) }),
                  let h = tree[tree.root]["height"].flatMap({ SVGLength.number($0) }), h > 0 else { return nil }
            return w / h
        }
    }

    let files: [String: File]
    let folder: URL?

    init(folder: URL?) {
        self.folder = folder
        var files: [String: File] = [:]
        if let folder, let names = try? FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            for name in names.sorted() where name.hasSuffix(".svg") {
                files[name] = Self.read(name, in: folder)
            }
        }
        self.files = files
    }

    /// One shipped drawing, read as every template is; nil when the file cannot be read.
    static func read(_ name: String, in folder: URL?) -> File? {
        guard let folder, let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { return nil }
        var d = DiagnosticCollector()
        let tree = TemplateTree.read(data: data, file: display(name), options: TemplateReadOptions(what: name.hasPrefix("frames/") ? "frame" : "template"), into: &d)
        return File(path: name, sha256: SHA256.hex(data), tree: tree, problem: d.errors.first.map { "\($0.field): \($0.message)" })
    }

    /// The portrait phone frame alone, whose shadow rings a placeholder template's
    /// `{{FRAME_SHADOW}}` draws: read without the other drawings, which such a run never uses.
    package static let phonePortraitFrame: File? = read("frames/phone-portrait.svg", in: BuiltinResources.folder("templates"))

    /// The display name of a shipped drawing.
    static func display(_ path: String) -> String { "builtin:templates/\(path)" }

    /// The drawing `template` composes a canvas of this family and size from, for the canvas's
    /// orientation: the family's own file (a tablet's, else the phone's) where it is drawn within
    /// 25 % of the canvas's proportions, else the orientation's file, else the family's. So a
    /// tablet on Google Play's 9:16 slots is drawn as a phone (its headline the phone's share of
    /// the canvas), not from the 3:4 iPad drawing scaled to the width.
    package func template(_ template: BuiltinTemplate, family: DeviceFamily, width: Int, height: Int) -> File? {
        let canvas = Double(width) / Double(height), own = family == .tablet ? ["tablet", "phone"] : [family.rawValue]
        for orientation in Orientation(width: width, height: height).lookup {
            let families = own.compactMap { self.files["\(template.rawValue)/\($0)-\(orientation).svg"] }
            if let near = families.first(where: { $0.aspect.map { max($0 / canvas, canvas / $0) <= 1.25 } ?? false }) { return near }
            if let file = files["\(template.rawValue)/\(orientation).svg"] ?? families.first { return file }
        }
        return nil
    }

    /// The device frame for a capture of this size: of the frame names (`iphone-home-button`,
    /// then `phone`), the first drawn for the capture's orientation, else for the next one tried
    /// (a landscape capture takes the family's landscape frame before a shape's portrait one).
    package func frame(_ stems: [String], width: Int, height: Int) -> File? {
        Orientation(width: width, height: height).lookup.lazy.flatMap { orientation in stems.lazy.map { "frames/\($0)-\(orientation).svg" } }
            .compactMap { self.files[$0] }.first
    }

    /// Every file a built-in may draw from: its folder and the frames.
    func filesOf(_ template: BuiltinTemplate) -> [File] {
        files.keys.sorted().filter { $0.hasPrefix("\(template.rawValue)/") || $0.hasPrefix("frames/") }.compactMap { files[$0] }
    }

    func identity(of template: BuiltinTemplate) -> String {
        var text = "builtin:\(template.rawValue) \(ToolIdentity().label)\n"
        for file in filesOf(template) { text += "\(file.path) \(file.sha256)\n" }
        return SHA256.hex(Data(text.utf8))
    }

    /// Shipped files that are missing a drawing or do not parse (a broken install).
    package func problems(_ template: BuiltinTemplate) -> [String] {
        let own = filesOf(template).filter { !$0.path.hasPrefix("frames/") }
        if own.isEmpty { return ["no drawings of \(template.rawValue) in \(folder?.path ?? "the tool's resources")"] }
        return filesOf(template).filter { $0.tree == nil }.map { "\(Self.display($0.path)) is refused: \($0.problem ?? "not SVG")" }
    }
}
