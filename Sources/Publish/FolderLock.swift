import Support
import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The lock of a folder the tool writes (`<folder>/.store-screenshot-compose.lock`, `flock`):
/// render, `merge-manifests` and preview each hold it while they write, so two of them never
/// interleave in one folder (a merge during a render wrote a manifest of the old parts over the
/// new files). Taking it removes what killed runs left under the tool's temporary names
/// (`TemporaryName`). Released when the value goes.
final class FolderLock {
    static let name = ".store-screenshot-compose.lock"

    let folder: URL
    private let descriptor: Int32

    /// Takes the lock of `folder`, an existing folder, without waiting. Throws
    /// `OutputFolderError` when another run holds it or the lock file cannot be used.
    init(_ folder: URL) throws {
        self.folder = folder
        let lockPath = folder.appendingPathComponent(Self.name).path
        // O_NOFOLLOW: a symbolic link planted at the lock's name must not make the run create
        // or lock a file outside the folder.
        let fd = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        if fd < 0 {
            let code = errno
            if code == ELOOP {
                throw OutputFolderError(message: "the lock file is a symbolic link: expected a regular file or nothing, found a link at \(lockPath)")
            }
            throw OutputFolderError(message: "cannot create the lock file \(lockPath): \(String(cString: strerror(code)))")
        }
        var lockInfo = stat()
        if fstat(fd, &lockInfo) != 0 || (lockInfo.st_mode & S_IFMT) != S_IFREG {
            close(fd)
            throw OutputFolderError(message: "the lock file is not a regular file: expected a regular file or nothing, found something else at \(lockPath)")
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            close(fd)
            throw OutputFolderError(message: "another run is writing this output folder: expected it free, found \(lockPath) locked; wait for that run or choose another --out")
        }
        descriptor = fd
        // No run writes the folder now: what a killed one left under the tool's temporary
        // names (a file before its rename, a staging folder half made or half removed) goes.
        TemporaryName.removeLeftovers(in: folder)
    }

    /// The lock of a folder the caller only reads (a part manifest's, for a merge): nil when the
    /// lock file cannot be made there (a read-only folder of downloaded parts, which no run can
    /// be writing either); throws when another run holds it or its name is taken by a link.
    static func ifWritable(_ folder: URL) throws -> FolderLock? {
        let probe = folder.appendingPathComponent(name).path
        var info = stat()
        if lstat(probe, &info) != 0 && access(folder.path, W_OK) != 0 { return nil }
        return try FolderLock(folder)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
