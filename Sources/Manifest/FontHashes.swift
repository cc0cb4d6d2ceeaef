import Foundation
import Support
import Diagnostics

package enum FontHashes {
    /// SHA-256 of each distinct font file: a job's font file by the bytes the ingest step read
    /// (never read again), a font of the machine read once; unreadable files are left out.
    package static func of(_ paths: [String]) -> [String: String] {
        var hashes: [String: String] = [:]
        for path in paths where hashes[path] == nil {
            if let known = FontFileCopies.sha256(ofUserPath: path) {
                hashes[path] = known
            } else if case .success(let data) = InputReader.read(path: path, as: .font) {
                hashes[path] = SHA256.hex(data)
            }
        }
        return hashes
    }
}
