import Foundation
import Support
import Diagnostics

package enum FontHashes {
    /// SHA-256 of each distinct font file: a job's font file by the bytes the ingest step read
    /// (never read again), a font of the machine read and hashed once per process while the
    /// file stays the same (device, inode, size, modification time); unreadable files are left out.
    package static func of(_ paths: [String]) -> [String: String] {
        var hashes: [String: String] = [:]
        for path in paths where hashes[path] == nil {
            if let known = FontFileCopies.sha256(ofUserPath: path) {
                hashes[path] = known
            } else if let known = machineFont(path) {
                hashes[path] = known
            }
        }
        return hashes
    }

    private struct Identity: Hashable {
        var path: String
        var device: UInt64, inode: UInt64, size: Int64, modified: Int, modifiedNanoseconds: Int
    }

    private final class Cache: @unchecked Sendable {
        let lock = NSLock()
        var hashes: [Identity: String] = [:]
    }

    private static let cache = Cache()

    private static func machineFont(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let identity = Identity(path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                                modified: info.st_mtim.tv_sec, modifiedNanoseconds: info.st_mtim.tv_nsec)
        cache.lock.lock()
        let known = cache.hashes[identity]
        cache.lock.unlock()
        if let known { return known }
        guard case .success(let data) = InputReader.read(path: path, as: .font) else { return nil }
        let hash = SHA256.hex(data)
        cache.lock.lock()
        cache.hashes[identity] = hash
        cache.lock.unlock()
        return hash
    }
}
