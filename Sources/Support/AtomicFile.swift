import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that a failed or killed run never leaves a partial file under a final
/// name: the bytes go to a new file in the same folder under a name the tool owns
/// (`TemporaryName`), are flushed to disk (`fsync`, so the rename never publishes a file whose
/// bytes a crash could still lose), and the file is then renamed. A run killed before the
/// rename leaves that file, and the next run removes it under the folder's lock
/// (`TemporaryName.removeLeftovers`). Foundation's `.atomic` writes named theirs
/// `.dat.nosync…`, which nothing could tell from a user's file.
package enum AtomicFile {
    /// Throws the file system's error, with the path, when the folder cannot be made or the
    /// file cannot be written.
    /// Never interleaves with the removal of an interrupted run's staging folder
    /// (`StagingRegistry`), which would otherwise see the folders made again.
    package static func write(_ data: Data, to url: URL) throws {
        try StagingRegistry.writing {
            let folder = url.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let temporary = folder.appendingPathComponent(TemporaryName.next()).path
            try writeNew(data, at: temporary)
            if rename(temporary, url.path) != 0 {
                let code = errno
                unlink(temporary)
                throw fileError(code, path: url.path)
            }
        }
    }

    /// Creates `path` (never an existing file, never through a link), writes `data` and syncs it.
    private static func writeNew(_ data: Data, at path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard fd >= 0 else { throw fileError(errno, path: path) }
        var failure: Int32 = 0
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += count
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            throw fileError(failure, path: path)
        }
    }

    /// The error Foundation's writes threw: a Cocoa write error naming the path, with the POSIX
    /// error under it (what `FileErrorText` reads).
    package static func fileError(_ code: Int32, path: String) -> Error {
        NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
                userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code))])
    }
}
