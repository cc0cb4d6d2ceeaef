import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The names of what the tool writes only for a moment in a folder it writes: a file on its way
/// to its final name (`AtomicFile`), a staging folder being made or being removed. All of them
/// begin with `prefix`, a name no one else uses, so the next run, holding the folder's lock
/// (`FolderLock`), removes what a killed run left (`removeLeftovers`) and nothing else.
package enum TemporaryName {
    package static let prefix = ".store-screenshot-compose-tmp-"

    private final class Counter: @unchecked Sendable {
        let lock = NSLock()
        var next = 0
    }
    private static let counter = Counter()

    /// A name no other write of this process uses: `<prefix><pid>-<n>`. Short whatever the
    /// final name is (a final name near the 255-byte limit gets a temporary name too).
    package static func next() -> String {
        counter.lock.lock()
        defer { counter.lock.unlock() }
        counter.next += 1
        return "\(prefix)\(getpid())-\(counter.next)"
    }

    /// Removes what killed runs left at the top of `folder`: every entry named with `prefix`
    /// that is a regular file (a write cut short before its rename), and every such real folder
    /// that holds the staging marker or is empty (a staging folder cut short while it was made
    /// or removed; the marker goes last). A link or another folder bearing the name is left
    /// alone. Call it only while holding the folder's lock: no run is writing there then.
    package static func removeLeftovers(in folder: URL) {
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where name.hasPrefix(prefix) {
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                unlink(path)
            case S_IFDIR where StagingRegistry.holdsMarker(path):
                StagingRegistry.removeMarkedTree(path)
            case S_IFDIR:
                rmdir(path)
            default:
                continue
            }
        }
    }
}
