import Foundation

#if canImport(Glibc)
import Glibc
#endif

enum FileKind {
    /// Why `url` cannot be read as an input file, or nil when it is a regular file. Checked
    /// before reading, since reading a FIFO would block and a folder gives an opaque error.
    static func problem(at url: URL) -> String? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            return errno == ENOENT ? "expected a file, found nothing at \(url.path)"
                                   : "\(url.path): \(String(cString: strerror(errno)))"
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return access(url.path, R_OK) == 0 ? nil : "\(url.path): permission denied"
        case S_IFDIR: return "expected a file, found a folder at \(url.path)"
        default: return "expected a regular file, found a device, pipe or socket at \(url.path)"
        }
    }
}

enum FileErrorText {
    /// A short reason for a failed file operation, e.g. "no such file".
    static func describe(_ error: Error, path: String) -> String {
        let nsError = error as NSError
        if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return "\(path): \(String(cString: strerror(Int32(posix.code))))"
        }
        switch nsError.code {
        case NSFileReadNoSuchFileError: return "\(path): no such file"
        case NSFileReadNoPermissionError: return "\(path): permission denied"
        default: return "\(path): \(nsError.localizedDescription)"
        }
    }
}
