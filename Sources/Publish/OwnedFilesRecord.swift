import Foundation
import Support
import Diagnostics

/// The files the tool wrote into a folder that no manifest there lists, kept in that folder so
/// the folder's ownership rule (`FolderOwnership`) still knows them as the tool's:
///
/// - in an output folder, while a publish is under way (the old manifest is removed before the
///   new files move in: a run killed then leaves files no manifest lists), and after a part run
///   removed the whole run's manifest (the other locales' files it listed stay, unlisted);
/// - in the preview's folder, which has no manifest: every file a preview wrote there.
///
/// Absent when every file of the tool in the folder is listed by a manifest there.
struct OwnedFilesRecord: Equatable {
    static let name = ".store-screenshot-compose-files.json"
    static let kind = "store-screenshot-compose files"

    /// Relative to the folder.
    var files: Set<String>

    /// The record at `url`, nil when there is none or it is not one of the tool's (a symbolic
    /// link, another kind, not JSON).
    static func read(_ url: URL) -> OwnedFilesRecord? {
        guard case .success(let data) = InputReader.read(path: url.path, as: .manifest, followLinks: false),
              let object = (try? JSONValue.parse(data))?.objectValue, object["kind"]?.stringValue == kind,
              let files = object["files"]?.arrayValue else { return nil }
        return OwnedFilesRecord(files: Set(files.compactMap(\.stringValue)))
    }

    /// Written atomically, sorted, so a reader sees the old record or the new one.
    func write(to url: URL) throws {
        struct Stored: Encodable {
            var kind: String
            var files: [String]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(Stored(kind: Self.kind, files: files.sorted())), to: url)
    }
}
