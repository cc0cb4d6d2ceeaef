import Foundation

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
