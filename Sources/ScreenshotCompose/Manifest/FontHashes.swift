import Foundation

enum FontHashes {
    /// SHA-256 of each distinct font file, read once; unreadable files are left out.
    static func of(_ paths: [String]) -> [String: String] {
        var hashes: [String: String] = [:]
        for path in paths where hashes[path] == nil {
            if case .success(let data) = InputReader.read(path: path, as: .font) { hashes[path] = SHA256.hex(data) }
        }
        return hashes
    }
}
