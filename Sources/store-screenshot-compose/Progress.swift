import Foundation
import ScreenshotCompose
#if canImport(Glibc)
import Glibc
#endif

/// Progress on stderr: a line rewritten in place on a terminal; one line per finished output
/// with --verbose; nothing with --quiet or when stderr is not a terminal.
enum Progress {
    static let isTerminal = isatty(STDERR_FILENO) != 0

    static func reporter(_ verbosity: Verbosity) -> (@Sendable (ProgressEvent) -> Void)? {
        switch verbosity {
        case .quiet: return nil
        case .verbose:
            return { event in
                let mark = event.succeeded ? "ok" : "failed"
                write("[\(event.done)/\(event.total)] \(mark) \(event.locale)/\(event.captureId)\n")
            }
        case .normal:
            guard isTerminal else { return nil }
            return { event in
                let remaining = event.done > 0 ? event.elapsed / Double(event.done) * Double(event.total - event.done) : 0
                write(String(format: "\r%d/%d outputs, %.1f s elapsed, about %.0f s left ", event.done, event.total, event.elapsed, remaining))
            }
        }
    }

    /// Ends the in-place line so diagnostics start on a line of their own.
    static func end(_ verbosity: Verbosity) {
        if verbosity == .normal && isTerminal { write("\n") }
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
