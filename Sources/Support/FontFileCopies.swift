import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// fontconfig opens a font file by its path, and again later (to scan it, then to draw with
/// it): given the job's path, it would open a file other than the one the tool checked and
/// hashed, and a FIFO swapped in there hung the run. So fontconfig gets a private copy made from
/// the bytes the tool read once (`InputReader`), in a folder of this process's own (mode 0700,
/// in the temporary directory), never the user's path. The manifest still records the user's
/// path with the SHA-256 of those bytes, so `verify` and merges are unchanged. The folder is
/// removed when the process exits (and by the CLI's signal thread).
///
/// Process-wide, as fontconfig's configuration is: a copy is made once per bytes and path, and
/// kept until the process ends, since fontconfig reads it again whenever a font map (ours or
/// librsvg's, on any thread) loads the face. Which copies fontconfig is given, once per content,
/// is `FontRegistry`'s (ScreenshotCompose's Layout).
public enum FontFileCopies {
    /// One font file of a job, as fontconfig sees it.
    public struct Copy: Equatable, Sendable {
        /// The path the job names (what the manifest records).
        public var userPath: String
        /// The private copy fontconfig is given.
        public var privatePath: String
        /// SHA-256 of the bytes read from `userPath`, which the copy holds.
        public var sha256: String

        package init(userPath: String, privatePath: String, sha256: String) {
            self.userPath = userPath
            self.privatePath = privatePath
            self.sha256 = sha256
        }
    }

    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var folder: String?
        /// Private path → its copy.
        var byPrivatePath: [String: Copy] = [:]
        /// User path → its latest copy.
        var byUserPath: [String: Copy] = [:]
    }

    private static let state = State()

    /// The private copy of `bytes`, read from `userPath`: made on first use (an existing copy of
    /// the same bytes is reused). Throws `InputReadProblem` when it cannot be written.
    public static func copy(of userPath: String, bytes: Data) throws -> Copy {
        let sha = SHA256.hex(bytes)
        state.lock.lock()
        defer { state.lock.unlock() }
        let folder = try privateFolder()
        let path = "\(folder)/\(sha)\(fontExtension(userPath))"
        if state.byPrivatePath[path] == nil {
            try write(bytes, to: path)
        }
        let copy = Copy(userPath: userPath, privatePath: path, sha256: sha)
        state.byPrivatePath[path] = copy
        state.byUserPath[userPath] = copy
        return copy
    }

    /// The job's path for a file fontconfig reports (a private copy); other paths (the
    /// machine's fonts) unchanged.
    public static func userPath(of path: String) -> String {
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.byPrivatePath[path]?.userPath ?? path
    }

    /// SHA-256 of the bytes last read from the job's font file `userPath`; nil for a file no job
    /// brought (a font of the machine).
    public static func sha256(ofUserPath userPath: String) -> String? {
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.byUserPath[userPath]?.sha256
    }

    /// The latest copy read from the job's font file `userPath`; nil for a file no job brought.
    package static func copy(ofUserPath userPath: String) -> Copy? {
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.byUserPath[userPath]
    }

    /// The copy at `privatePath`, if it is one of this process's.
    package static func copy(atPrivatePath privatePath: String) -> Copy? {
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.byPrivatePath[privatePath]
    }

    /// The private folder, if made (for tests and the signal thread).
    package static var folder: String? {
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.folder
    }

    /// Removes the private folder and every copy in it, as the process ends (at exit, and by the
    /// CLI's signal thread before it exits): fontconfig may read a copy whenever a run draws, so
    /// nothing else releases them. Not for a signal handler.
    package static func removeAll() {
        state.lock.lock()
        defer { state.lock.unlock() }
        guard let folder = state.folder else { return }
        StagingRegistry.removeTree(folder)
        state.folder = nil
        state.byPrivatePath = [:]
        state.byUserPath = [:]
    }

    /// Made on first use with `mkdtemp` (mode 0700, a name no one else has); removed at exit.
    /// Called with the lock held.
    private static func privateFolder() throws -> String {
        if let folder = state.folder { return folder }
        let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array("\(base)store-screenshot-compose-fonts-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw InputReadProblem(message: "cannot make a private folder for font copies in \(base): \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: made)
        state.folder = folder
        atexit { FontFileCopies.removeAll() }
        return folder
    }

    /// Writes a new file (never through a link, never over another), readable by this user only.
    private static func write(_ bytes: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw InputReadProblem(message: "cannot make a private copy of a font file at \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let failed = bytes.withUnsafeBytes { raw -> Bool in
            var written = 0
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 { if errno == EINTR { continue }; return true }
                written += n
            }
            return false
        }
        if failed {
            unlink(path)
            throw InputReadProblem(message: "cannot make a private copy of a font file at \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// `.ttf`, `.otf`, `.ttc`… of the user's file name (lower case, letters and digits only), so
    /// the copy reads as what it is; none otherwise (fontconfig goes by the bytes).
    private static func fontExtension(_ path: String) -> String {
        let ext = (path as NSString).pathExtension.lowercased()
        return !ext.isEmpty && ext.count <= 8 && ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? ".\(ext)" : ""
    }
}
