import Support
import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches files through inotify. Editors often save by writing a new file and renaming it
/// over the old one, so the folders are watched and events filtered by file name.
final class FileWatcher {
    private let descriptor: Int32
    private var folders: [Int32: URL] = [:]
    private var files: Set<String> = []

    init?() {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        if descriptor < 0 { return nil }
    }

    deinit { close(descriptor) }

    /// Replaces the watched set with `urls` (files; their folders are watched).
    func watch(_ urls: [URL]) {
        for (wd, _) in folders { inotify_rm_watch(descriptor, wd) }
        folders = [:]
        files = Set(urls.map { $0.standardizedFileURL.path })
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)
        for folder in Set(urls.map { $0.standardizedFileURL.deletingLastPathComponent() }) {
            let wd = inotify_add_watch(descriptor, folder.path, mask)
            if wd >= 0 { folders[wd] = folder }
        }
    }

    /// Waits up to `timeout` seconds for a change to a watched file; then keeps reading until
    /// `quiet` seconds pass without another event, so an editor's save burst counts once.
    /// Returns the changed paths (empty on timeout).
    func waitForChanges(timeout: Double, quiet: Double = 0.2) -> Set<String> {
        var changed: Set<String> = []
        var wait = timeout
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(wait * 1000))
            if ready <= 0 { return changed }
            changed.formUnion(readEvents())
            if !changed.isEmpty { wait = quiet }
        }
    }

    private func readEvents() -> Set<String> {
        var changed: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return changed }
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let (wd, length) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, Int(event.len))
            }
            if length > 0, let folder = folders[wd] {
                let nameBytes = buffer[(offset + headerSize)..<(offset + headerSize + length)].prefix { $0 != 0 }
                let path = folder.appendingPathComponent(String(decoding: nameBytes, as: UTF8.self)).path
                if files.contains(path) { changed.insert(path) }
            }
            offset += headerSize + length
        }
        return changed
    }
}
