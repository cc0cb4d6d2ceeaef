import Foundation
#if canImport(Glibc)
import Glibc
import Support
import Diagnostics
import Plan
import Manifest
#endif

/// The one rule for what in a folder the tool writes is its own; render, `merge-manifests` and
/// preview all ask it before they write. The tool removes or replaces only:
///
/// - files a record of its own in that folder lists: the outputs and upload copies of a
///   manifest it recognises there, and its record of the files it wrote there that no manifest
///   lists (`OwnedFilesRecord`: a preview's files, a publish under way or cut short, the other
///   locales' files after a part run removed the whole run's manifest);
/// - part manifests (`manifest.<selection>.json`) and the whole run's `manifest.json` it
///   recognises by their kind, their plan's fingerprint and, for a part, the name of its own
///   selection;
/// - a contact sheet (`index.html`) it recognises by the marker it writes into it, or by the
///   opening and notice every earlier version wrote, and its script (`index.js`) by its first
///   line.
///
/// Anything else in its way is refused, naming the file, before anything is published, and is
/// never removed. An image in an upload folder the run writes (deliver's
/// `fastlane/screenshots/<language>/`, supply's `images/<type>/`) that no record lists is refused
/// too: fastlane uploads every image it finds there.
struct FolderOwnership {
    let root: URL
    /// Manifests at the top of the folder that are the tool's (this version's or the one
    /// before), by file name.
    private(set) var manifests: [String: EarlierRelease] = [:]
    /// Paths (relative, normalized) the folder's own records list.
    private(set) var listed: Set<String> = []
    /// Whether `index.html` is a contact sheet of the tool.
    private(set) var hasOwnContactSheet = false
    /// Whether `index.js` is the contact sheet's script as the tool writes it.
    private(set) var hasOwnContactSheetScript = false
    /// The record of the tool's files no manifest lists, if any.
    private(set) var record: OwnedFilesRecord?

    /// What an operation may do in the folder: the problems that refuse it (empty: go on), and
    /// the tool's own images in upload folders it writes that it does not write again (removed
    /// once the new files are in place).
    struct Verdict: Equatable {
        var problems: [String] = []
        var staleUploads: [String] = []
    }

    /// Reads what in `root` is the tool's: the top's `manifest*.json` files (and `manifest`, a
    /// name `merge-manifests -o` gives), the records, and the contact sheet's opening. Nothing
    /// is followed through a symbolic link.
    static func scan(_ root: URL, manifest extraName: String? = nil) -> FolderOwnership {
        var ownership = FolderOwnership(root: root)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for name in Set(names.filter(isManifestName) + [extraName].compactMap { $0 }).sorted() {
            guard let manifest = recognisedManifest(named: name, in: root, anyName: name == extraName) else { continue }
            ownership.manifests[name] = manifest
            ownership.listed.formUnion(outputFiles(of: manifest))
        }
        ownership.record = OwnedFilesRecord.read(root.appendingPathComponent(OwnedFilesRecord.name))
        ownership.listed.formUnion(ownership.record?.files.compactMap(normalized) ?? [])
        if case .success(let prefix) = InputReader.readPrefix(path: root.appendingPathComponent(OutputPaths.contactSheet).path,
                                                             count: ContactSheet.recognisedPrefix, opening: InputOpening(followLinks: false)) {
            ownership.hasOwnContactSheet = ContactSheet.isContactSheet(prefix: prefix)
        }
        if case .success(let prefix) = InputReader.readPrefix(path: root.appendingPathComponent(OutputPaths.contactSheetScript).path,
                                                             count: ContactSheet.recognisedPrefix, opening: InputOpening(followLinks: false)) {
            ownership.hasOwnContactSheetScript = ContactSheet.isContactSheetScript(prefix: prefix)
        }
        return ownership
    }

    /// Whether the file at `relative` is the tool's to replace or remove.
    func isOwn(_ relative: String) -> Bool {
        guard let path = Self.normalized(relative) else { return false }
        if listed.contains(path) || manifests[path] != nil { return true }
        return (path == OutputPaths.contactSheet && hasOwnContactSheet) || (path == OutputPaths.contactSheetScript && hasOwnContactSheetScript)
    }

    /// The check before an operation writes `files` (relative paths; the manifest and contact
    /// sheet included): each that exists must be the tool's, and so must every image in the
    /// upload folders they go to. Every problem is reported, in the order of `files`.
    func check(writing files: [String]) -> Verdict {
        var verdict = Verdict()
        let writing = Set(files.compactMap(Self.normalized))
        var seen: Set<String> = []
        for relative in files {
            guard let path = Self.normalized(relative), seen.insert(path).inserted,
                  let kind = Self.kind(root.appendingPathComponent(path)), kind != S_IFDIR, !isOwn(path) else { continue }
            verdict.problems.append("\(Self.notOwn(path)): expected nothing or \(Self.whatTheToolWrites(path)), found \(root.appendingPathComponent(path).path), which no manifest, record or marker of this tool in \(root.path) claims; move it away or choose another output folder")
        }
        let places = OutputPaths.fastlaneStalePlaces(written: Array(writing))
        for folder in places.folders.sorted() where realFolder(folder) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            for name in names.sorted() where Self.isUploadedImage(name) {
                let path = "\(folder)/\(name)"
                guard !writing.contains(path), Self.kind(root.appendingPathComponent(path)) != S_IFDIR else { continue }
                if isOwn(path) {
                    verdict.staleUploads.append(path)
                } else {
                    let tool = path.hasPrefix(OutputPaths.fastlanePlayMetadata + "/") ? "fastlane supply" : "fastlane deliver"
                    verdict.problems.append("an image in an upload folder that this tool did not write: expected only the screenshots this tool writes in \(root.appendingPathComponent(folder).path), found \(root.appendingPathComponent(path).path), which \(tool) would upload with them; move it away")
                }
            }
        }
        // supply's one-per-language images (the feature graphic) of a language this run
        // writes without one: the tool's own goes; a file of the team's (uploaded on purpose) stays.
        for path in places.files.sorted() where !writing.contains(path) && isOwn(path) && Self.kind(root.appendingPathComponent(path)) == S_IFREG {
            verdict.staleUploads.append(path)
        }
        return verdict
    }

    /// Why `root` cannot be the preview's folder: a symbolic link (the preview would write where
    /// it leads), or a folder holding a release (a manifest of this tool). Nil when it can.
    static func previewFolderProblem(_ root: URL) -> String? {
        if kind(root) == S_IFLNK {
            return "the preview folder is a symbolic link: expected a folder of the preview's own, found a link at \(root.path); preview writes only into a real folder"
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        if let release = names.filter(isManifestName).sorted().first(where: { recognisedManifest(named: $0, in: root, anyName: true) != nil }) {
            return "the preview folder holds a release: expected a folder of the preview's own, found the manifest \(root.appendingPathComponent(release).path); preview never writes over a release (use <out>/.preview, the default, or another --preview-out)"
        }
        return nil
    }

    /// `name` of a file at the top of the folder that may be a manifest of the tool.
    static func isManifestName(_ name: String) -> Bool {
        name == OutputPaths.manifest || (name.hasPrefix("manifest.") && name.hasSuffix(".json"))
    }

    /// The manifest `name` in `root` when it is the tool's: a regular file (not a link) of kind
    /// `composed-screenshots`, of this schema version or an earlier one, whose plan's fingerprint
    /// is its basis's SHA-256, and for a part manifest (`manifest.<…>.json`) one named after its
    /// own selection (`anyName`: the name is the caller's, as `merge-manifests -o` gives it, and
    /// any whole or part manifest counts).
    static func recognisedManifest(named name: String, in root: URL, anyName: Bool = false) -> EarlierRelease? {
        guard let release = ManifestReader.release(root.appendingPathComponent(name).path, followLinks: false),
              release.fingerprintMatches else { return nil }
        if anyName || name == OutputPaths.manifest { return release }
        return release.partName == name ? release : nil
    }

    /// Every file inside the folder a manifest lists as written by its run: SVGs, PNGs, capture
    /// copies, upload copies (normalized; paths leaving the folder are never the tool's).
    static func outputFiles(of release: EarlierRelease) -> Set<String> {
        Set(release.outputs.flatMap(\.paths).compactMap(normalized))
    }

    /// `relative` without empty and `.` components; nil when `RelativePath.refusal` refuses it
    /// (absolute, empty, climbing out with `..`, a scheme, a backslash, a NUL: never the tool's).
    static func normalized(_ relative: String) -> String? { RelativePath.inside(relative) }

    /// An image fastlane deliver or supply uploads (they take PNG and JPEG, any letter case).
    static func isUploadedImage(_ name: String) -> Bool {
        let lower = name.lowercased()
        return !name.hasPrefix(".") && (lower.hasSuffix(".png") || lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg"))
    }

    /// The file type (`S_IFREG`, `S_IFDIR`, `S_IFLNK`, …) of `url` itself; nil when nothing is there.
    static func kind(_ url: URL) -> mode_t? {
        var info = stat()
        return lstat(url.path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    /// Whether `relative` is a folder reached through real folders only (never a link).
    private func realFolder(_ relative: String) -> Bool {
        var url = root
        for component in relative.split(separator: "/") {
            url = url.appendingPathComponent(String(component))
            if Self.kind(url) != S_IFDIR { return false }
        }
        return true
    }

    private static func notOwn(_ path: String) -> String {
        path == OutputPaths.contactSheet ? "a contact sheet this tool did not write is in the way"
            : path == OutputPaths.contactSheetScript ? "a contact sheet script this tool did not write is in the way"
            : isManifestName(path) ? "a manifest this tool did not write is in the way"
            : "a file this tool did not write is in the way"
    }

    private static func whatTheToolWrites(_ path: String) -> String {
        path == OutputPaths.contactSheet ? "a contact sheet of this tool (it carries its marker)"
            : path == OutputPaths.contactSheetScript ? "the contact sheet's script of this tool (its first line is its marker)"
            : isManifestName(path) ? "a manifest of this tool (kind \(Manifest.kindName), its plan's fingerprint)"
            : "an output a manifest of this folder lists"
    }
}
