import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder of this run's own under the system's temporary folder (`TMPDIR`, else /tmp),
/// readable by this user only (`mkdtemp`, mode 0700), removed with everything in it by
/// `remove()`. The library's in-memory renders write nothing anywhere else: librsvg 2.54 reads an
/// SVG's images only from files beside it, and fontconfig reads font files by path.
package struct PrivateFolder: Sendable {
    package let url: URL

    package static func make() throws -> PrivateFolder {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array(URL(fileURLWithPath: base).appendingPathComponent("store-screenshot-compose.XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let start = buffer.baseAddress, let made = mkdtemp(start) else { return nil }
            return String(cString: made)
        }
        guard let made else {
            throw InputReadProblem(message: "cannot make a private folder in \(base): \(String(cString: strerror(errno)))")
        }
        return PrivateFolder(url: URL(fileURLWithPath: made))
    }

    /// Removes the folder and everything in it (links are removed, never followed).
    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
