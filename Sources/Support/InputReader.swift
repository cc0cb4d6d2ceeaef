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
    /// The theme's `backgroundImage`: a PNG or JPEG.
    case image = "background image"
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
        case .frame, .image: return 32 << 20
        case .capture, .listed: return 128 << 20
        case .manifest: return 64 << 20
        }
    }
}

/// Why an input could not be read: one line for "expected …, found …" messages.
public struct InputReadProblem: Error, Equatable, Sendable {
    public var message: String
    /// Nothing is at the path (as opposed to something that cannot be read).
    package var missing = false
    /// The file opened lies outside `InputOpening.confinedTo`.
    package var outsideFolder = false

    package init(message: String, missing: Bool = false, outsideFolder: Bool = false) {
        self.message = message
        self.missing = missing
        self.outsideFolder = outsideFolder
    }
}

/// How one file is opened: whether a symbolic link at its own path is followed, and the
/// folder its real path must lie in.
public struct InputOpening: Sendable {
    /// False: a symbolic link at the path itself is refused (`O_NOFOLLOW`), for files a link must
    /// not stand in for (what the tool reads back from its own output folder).
    public var followLinks = true
    /// The real path of the file opened (read from the descriptor, so no link swapped in after a
    /// check can lead elsewhere) must lie inside this real path (a folder, symbolic links
    /// resolved): a manifest's outputs.
    public var confinedTo: String?

    public init(followLinks: Bool = true, confinedTo folder: URL? = nil) {
        self.followLinks = followLinks
        self.confinedTo = folder.map { $0.resolvingSymlinksInPath().path }
    }
}

/// The one way inputs are opened. Each file is opened once, without blocking (a FIFO or a
/// device would otherwise hang the run); its kind and size are checked with `fstat` on that
/// descriptor and its bytes read through it, so the file checked is the file read. At most
/// `maximumBytes` are read.
public enum InputReader {
    public static func read(_ url: URL, as kind: InputKind) -> Result<Data, InputReadProblem> {
        read(path: url.path, as: kind)
    }

    public static func read(path: String, as kind: InputKind, followLinks: Bool = true) -> Result<Data, InputReadProblem> {
        read(path: path, as: kind, opening: InputOpening(followLinks: followLinks))
    }

    public static func read(path: String, as kind: InputKind, opening: InputOpening) -> Result<Data, InputReadProblem> {
        let fd: Int32
        switch open(path: path, as: kind, opening: opening) {
        case .success(let opened): fd = opened
        case .failure(let problem): return .failure(problem)
        }
        defer { close(fd) }
        var info = stat()
        _ = fstat(fd, &info)
        let limit = kind.maximumBytes
        if Int(info.st_size) > limit {
            return .failure(InputReadProblem(message: "\(kind.rawValue) too large: expected at most \(limit) bytes, found \(info.st_size) at \(path)"))
        }
        // The size may change while reading: read at most limit + 1 bytes and refuse beyond.
        switch readBytes(fd, count: min(Int(info.st_size), limit) + 1, path: path) {
        case .failure(let problem): return .failure(problem)
        case .success(let data) where data.count > limit:
            return .failure(InputReadProblem(message: "\(kind.rawValue) too large: expected at most \(limit) bytes, found more at \(path)"))
        case .success(let data): return .success(data)
        }
    }

    /// The first `count` bytes (fewer when the file is shorter) of a regular file, opened like
    /// any input; for recognising a file by its first lines (the contact sheet's marker).
    package static func readPrefix(path: String, count: Int, opening: InputOpening) -> Result<Data, InputReadProblem> {
        switch open(path: path, as: .listed, opening: opening) {
        case .failure(let problem): return .failure(problem)
        case .success(let fd):
            defer { close(fd) }
            return readBytes(fd, count: count, path: path)
        }
    }

    /// Opens `path` without blocking and checks on the descriptor that it is a regular file
    /// (inside `opening.confinedTo`); the caller closes it.
    private static func open(path: String, as kind: InputKind, opening: InputOpening) -> Result<Int32, InputReadProblem> {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (opening.followLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ELOOP where !opening.followLinks: return .failure(InputReadProblem(message: "expected a regular file, found a symbolic link at \(path)"))
            case ENOENT, ENOTDIR: return .failure(InputReadProblem(message: "expected a file, found nothing at \(path)", missing: true))
            case EACCES: return .failure(InputReadProblem(message: "\(path): permission denied"))
            default: return .failure(InputReadProblem(message: "\(path): \(String(cString: strerror(code)))"))
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            return .failure(InputReadProblem(message: "\(path): \(String(cString: strerror(code)))"))
        }
        if let problem = kindProblem(info.st_mode, path: path, kind: kind) {
            close(fd)
            return .failure(problem)
        }
        if let folder = opening.confinedTo, !isInside(descriptor: fd, realFolder: folder) {
            close(fd)
            return .failure(InputReadProblem(message: "expected a file inside \(folder), found one outside it (through a symbolic link) at \(path)", outsideFolder: true))
        }
        return .success(fd)
    }

    /// Whether the file open on `fd` lies inside `realFolder` (a real path): the kernel's own
    /// path of the descriptor, so the check is of the file that will be read.
    package static func isInside(descriptor fd: Int32, realFolder: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { readlink("/proc/self/fd/\(fd)", $0.baseAddress!, $0.count - 1) }
        }
        guard length > 0 else { return false }
        let real = String(decoding: buffer[..<length], as: UTF8.self)
        return real.hasPrefix(realFolder.hasSuffix("/") ? realFolder : realFolder + "/")
    }

    /// Up to `count` bytes from `fd` (fewer at the end of the file), or why reading stopped.
    private static func readBytes(_ fd: Int32, count: Int, path: String) -> Result<Data, InputReadProblem> {
        var data = Data(count: count)
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
        data.count = filled
        return .success(data)
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
