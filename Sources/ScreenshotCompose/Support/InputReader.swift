import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What an input file is read as, and the most bytes it may have. Every input read whole goes
/// through `InputReader.read`, which checks the size before reading, so no input can make the
/// tool allocate more than its limit.
public enum InputKind: String, Sendable {
    case job = "job file"
    case template = "template"
    case catalog = "catalog"
    case localization = "localization file"
    case font = "font file"
    case capture = "capture"
    case manifest = "manifest"
    case theme = "theme"
    /// A device frame (`"frame"`): a PNG with a transparent screen or an SVG.
    case frame = "frame file"
    /// A file a manifest lists, re-hashed by `verify`.
    case listed = "listed file"

    /// Largest accepted file, in bytes. Catalogs and localization files are big by nature
    /// (16 MiB, as before); a template is markup (1 MiB); fonts include CJK collections (about
    /// 20 MiB), captures 16-bit RGBA at 2× store sizes.
    public var maximumBytes: Int {
        switch self {
        case .job: return 4 << 20
        case .template: return 1 << 20
        case .catalog, .localization, .theme: return 16 << 20
        case .font: return 64 << 20
        // A 2× phone frame as RGBA PNG is a few MiB; an SVG frame is further limited as a template.
        case .frame: return 32 << 20
        case .capture, .listed: return 128 << 20
        case .manifest: return 64 << 20
        }
    }
}

/// Why an input could not be read: one line for "expected …, found …" messages.
public struct InputReadProblem: Error, Equatable, Sendable {
    public var message: String
}

/// The one way inputs are opened. The file is opened without blocking (a FIFO or a device
/// would otherwise hang the run), its kind and size are checked on the open descriptor (so
/// the file checked is the file read), and at most `maximumBytes` are read.
public enum InputReader {
    public static func read(_ url: URL, as kind: InputKind) -> Result<Data, InputReadProblem> {
        read(path: url.path, as: kind)
    }

    public static func read(path: String, as kind: InputKind) -> Result<Data, InputReadProblem> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: return .failure(InputReadProblem(message: "expected a file, found nothing at \(path)"))
            case EACCES: return .failure(InputReadProblem(message: "\(path): permission denied"))
            default: return .failure(InputReadProblem(message: "\(path): \(String(cString: strerror(code)))"))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            return .failure(InputReadProblem(message: "\(path): \(String(cString: strerror(errno)))"))
        }
        if let problem = kindProblem(info.st_mode, path: path, kind: kind) { return .failure(problem) }
        let limit = kind.maximumBytes
        if Int(info.st_size) > limit {
            return .failure(InputReadProblem(message: "\(kind.rawValue) too large: expected at most \(limit) bytes, found \(info.st_size) at \(path)"))
        }
        // The size may change while reading: read at most limit + 1 bytes and refuse beyond.
        var data = Data(count: min(Int(info.st_size), limit) + 1)
        var filled = 0
        let failure: Int32? = data.withUnsafeMutableBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            while filled < buffer.count {
                let n = Glibc.read(fd, base + filled, buffer.count - filled)
                if n == 0 { return nil }
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                filled += n
            }
            return nil
        }
        if let failure { return .failure(InputReadProblem(message: "\(path): \(String(cString: strerror(failure)))")) }
        if filled > limit {
            return .failure(InputReadProblem(message: "\(kind.rawValue) too large: expected at most \(limit) bytes, found more at \(path)"))
        }
        data.count = filled
        return .success(data)
    }

    /// Nil when `path` is a regular file (following symbolic links), else why not; without
    /// opening it. For inputs handed to a library by path (fonts to fontconfig).
    public static func checkRegularFile(path: String, as kind: InputKind) -> InputReadProblem? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            return InputReadProblem(message: code == ENOENT || code == ENOTDIR ? "expected a file, found nothing at \(path)"
                                                                               : "\(path): \(String(cString: strerror(code)))")
        }
        if let problem = kindProblem(info.st_mode, path: path, kind: kind) { return problem }
        if Int(info.st_size) > kind.maximumBytes {
            return InputReadProblem(message: "\(kind.rawValue) too large: expected at most \(kind.maximumBytes) bytes, found \(info.st_size) at \(path)")
        }
        if access(path, R_OK) != 0 { return InputReadProblem(message: "\(path): permission denied") }
        return nil
    }

    private static func kindProblem(_ mode: mode_t, path: String, kind: InputKind) -> InputReadProblem? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return InputReadProblem(message: "expected a file, found a folder at \(path)")
        case S_IFIFO: return InputReadProblem(message: "expected a regular file, found a FIFO (named pipe) at \(path)")
        default: return InputReadProblem(message: "expected a regular file, found a device, pipe or socket at \(path)")
        }
    }
}
