import Foundation
import ScreenshotCompose
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM during `render` or `preview`: the staging folder the run made
/// is removed, then the process exits.
///
/// No code runs in a signal handler (where `exit()`, `FileManager` and locks are not
/// async-signal-safe): the two signals are blocked in the main thread before any other thread
/// exists, so every thread inherits the block, and one thread waits for them with `sigwait`.
/// From that ordinary thread it removes the staging folders (`StagingRegistry.removeAll`,
/// which first waits for a file write or a publish in progress), flushes stdout and leaves
/// with `_exit`, so no atexit handler runs while worker threads are still drawing.
enum Interrupts {
    /// `status`: the exit status for a signal (render: 128 + the signal, so 130 for SIGINT and
    /// 143 for SIGTERM, as a shell reports a process they end; preview: 0, Ctrl-C is how it ends).
    static func watch(status: @escaping @Sendable (Int32) -> Int32) {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let waited = signals
        let thread = Thread {
            var set = waited
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            StagingRegistry.removeAll()
            // The private font copies fontconfig was given (no atexit handler runs after _exit).
            FontFileCopies.removeAll()
            fflush(stdout)
            _exit(status(number))
        }
        thread.name = "signals"
        thread.start()
    }
}
