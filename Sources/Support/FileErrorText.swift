import Foundation

package enum FileErrorText {
    /// A short reason for a failed file operation, e.g. "no such file".
    package static func describe(_ error: Error, path: String) -> String {
        let nsError = error as NSError
        // On Linux the underlying error is a Swift error (POSIXError), not an NSError object:
        // `as? NSError` misses it, and the reason fell back to "The operation could not be
        // completed".
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? Error {
            let posix = underlying as NSError
            if posix.domain == NSPOSIXErrorDomain { return "\(path): \(String(cString: strerror(Int32(posix.code))))" }
        }
        switch nsError.code {
        case NSFileReadNoSuchFileError: return "\(path): no such file"
        case NSFileReadNoPermissionError: return "\(path): permission denied"
        default: return "\(path): \(nsError.localizedDescription)"
        }
    }
}
