import Support
import Diagnostics
import Foundation

/// Long-lived threads that run the drawings for the render workers. A worker waits for its
/// drawing with a time limit (librsvg 2.54 cannot cancel one), so the drawing must run on
/// another thread; keeping those threads alive keeps each one's Pango font map and font caches
/// warm from output to output. A thread whose drawing was given up on finishes it and then
/// becomes idle again.
final class DrawingThreads: @unchecked Sendable {
    static let shared = DrawingThreads()

    private let lock = NSLock()
    private var idle: [Worker] = []

    /// Runs `job` on an idle thread (a new one when none is idle); returns at once.
    func run(_ job: @escaping @Sendable () -> Void) {
        lock.lock()
        let worker = idle.popLast() ?? Worker()
        lock.unlock()
        worker.start { [self] in
            job()
            lock.lock()
            idle.append(worker)
            lock.unlock()
        }
    }

    private final class Worker: @unchecked Sendable {
        private let wake = DispatchSemaphore(value: 0)
        // Written before `wake` is signalled and read after it is waited on.
        private var job: (@Sendable () -> Void)?
        private var thread: Thread?

        func start(_ job: @escaping @Sendable () -> Void) {
            self.job = job
            if thread == nil {
                let thread = Thread { [self] in
                    while true {
                        wake.wait()
                        let next = self.job
                        self.job = nil
                        next?()
                    }
                }
                // librsvg and cairo recurse with the document's nesting; as dispatch's workers.
                thread.stackSize = 8 << 20
                self.thread = thread
                thread.start()
            }
            wake.signal()
        }
    }
}
