import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The staging folders this process made and has not removed yet, so that a run stopped by
/// Ctrl-C (SIGINT) or SIGTERM removes them before it exits. The CLI takes those signals on a
/// thread of its own (blocked everywhere, `sigwait`), never in a signal handler, and calls
/// `removeAll()` there before `_exit`.
///
/// Writes into a staging folder and the publish step run under `writing`: `removeAll` waits for
/// those in progress and lets no new one start, so no file is written after its folder is
/// removed (a write making its folders again would leave half a staging tree) and a publish
/// that has begun completes (the output folder holds the previous release or the new one).
public enum StagingRegistry {
    private final class State: @unchecked Sendable {
        /// Readers: writes and publishes. The writer: `removeAll`, which never unlocks.
        let gate = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        /// Guarded by `mutex`.
        var folders: Set<String> = []

        init() {
            pthread_rwlock_init(gate, nil)
            pthread_mutex_init(mutex, nil)
        }
    }

    private static let state = State()
    /// Marks a thread already inside `writing` (a publish writes its manifest), so it does not
    /// take the gate twice.
    private static let insideKey = "store-screenshot-compose.staging-writing"

    /// Written into every staging folder the tool makes: only folders holding it are ever
    /// removed as staging folders, so a user's `.staging-area/` stays.
    package static let marker = ".store-screenshot-compose-staging"

    /// A staging folder this process just made (holding its marker).
    package static func register(_ folder: URL) {
        pthread_mutex_lock(state.mutex)
        state.folders.insert(folder.path)
        pthread_mutex_unlock(state.mutex)
    }

    /// Removes a registered staging folder and unregisters it, both under the registry's lock,
    /// as `removeAll` does: the run's own cleanup (after publishing) and the signal thread never
    /// remove the same folder at once, where one unlinks files the other is enumerating and both
    /// stop half way, leaving an empty `.staging-<pid>`. Whoever comes first removes it; the
    /// other finds it unregistered and does nothing. A folder not registered (not made by this
    /// process, or already removed) is left alone.
    package static func remove(_ folder: URL) {
        pthread_mutex_lock(state.mutex)
        defer { pthread_mutex_unlock(state.mutex) }
        guard state.folders.remove(folder.path) != nil else { return }
        removeStaging(folder.path)
    }

    /// Runs `body`, a write into a staging folder or a publish, so that `removeAll` never
    /// interleaves with it.
    package static func writing<T>(_ body: () throws -> T) rethrows -> T {
        let thread = Thread.current.threadDictionary
        if thread[insideKey] != nil { return try body() }
        pthread_rwlock_rdlock(state.gate)
        thread[insideKey] = true
        defer {
            thread[insideKey] = nil
            pthread_rwlock_unlock(state.gate)
        }
        return try body()
    }

    /// Waits for writes and publishes in progress, stops any new one (for good: the process is
    /// about to exit), then removes every registered staging folder. Returns the folders removed.
    /// Not for a signal handler: call it from an ordinary thread.
    @discardableResult
    public static func removeAll() -> [String] {
        pthread_rwlock_wrlock(state.gate)
        pthread_mutex_lock(state.mutex)
        defer { pthread_mutex_unlock(state.mutex) }
        let folders = state.folders.sorted()
        for folder in folders { removeStaging(folder) }
        state.folders.removeAll()
        return folders
    }

    /// Removes a staging folder so that a kill at any step leaves only what the next run removes
    /// (`TemporaryName.removeLeftovers`): it is first renamed to a temporary name of the tool's,
    /// then emptied with its marker last, then removed. (Removed in place, its marker could go
    /// first and leave a `.staging-<pid>` that no run may take for its own.)
    package static func removeStaging(_ path: String) {
        let parent = (path as NSString).deletingLastPathComponent
        let doomed = parent + "/" + TemporaryName.next()
        removeMarkedTree(rename(path, doomed) == 0 ? doomed : path)
    }

    /// Whether the folder at `path` holds the staging marker, a regular file.
    package static func holdsMarker(_ path: String) -> Bool {
        var info = stat()
        return lstat(path + "/" + marker, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Removes a staging folder's entries (never following a link), then its marker, then the
    /// folder: until the marker goes, the folder is known as the tool's.
    package static func removeMarkedTree(_ path: String) {
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() where name != marker {
            removeTree(path + "/" + name)
        }
        unlink(path + "/" + marker)
        rmdir(path)
    }

    /// Removes `path` and everything under it without following symbolic links. An entry that
    /// is already gone is skipped (FileManager's `removeItem` stops at the first one, leaving
    /// the rest); other failures are ignored as before, the process is about to exit.
    package static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            unlink(path)
            return
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            removeTree(path + "/" + name)
        }
        rmdir(path)
    }
}
