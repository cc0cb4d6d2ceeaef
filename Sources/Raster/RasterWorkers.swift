import Foundation
import CProcessShim
import Layout
import Ingest

/// The processes librsvg and cairo draw in: at most `capacity` (one per `--jobs`), started with
/// `posix_spawn` from `executablePath` (never a fork of this threaded process), kept from one
/// drawing to the next, and replaced when the kernel or the watchdog ends one.
public enum RasterWorkers {
    private final class State: @unchecked Sendable {
        let condition = NSCondition()
        var executablePath: String?
        var capacity = ProcessInfo.processInfo.activeProcessorCount
        var idle: [Worker] = []
        var running = 0
        var bounds = DrawingBounds.standard
        /// Set in the worker process itself: drawings happen here.
        var drawHere = false
    }

    private static let state = State()

    /// The worker executable. Default: `ssc-raster-worker` beside the running executable (the
    /// tool's install folder, or `.build/<config>/` for tests and the examples).
    public static var executablePath: String {
        get {
            state.condition.lock()
            defer { state.condition.unlock() }
            return state.executablePath ?? defaultExecutablePath
        }
        set {
            state.condition.lock()
            state.executablePath = newValue
            state.condition.unlock()
        }
    }

    static var defaultExecutablePath: String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(workerName).path
    }

    /// The worker executable's file name.
    public static let workerName = "ssc-raster-worker"

    /// Workers at most (drawings at once); a drawing waits for a free one. At least 1.
    public static var capacity: Int {
        get {
            state.condition.lock()
            defer { state.condition.unlock() }
            return state.capacity
        }
        set {
            state.condition.lock()
            state.capacity = max(1, newValue)
            state.condition.broadcast()
            state.condition.unlock()
        }
    }

    /// The bounds drawings run under from now on (a run sets its job's).
    public static var bounds: DrawingBounds {
        get {
            state.condition.lock()
            defer { state.condition.unlock() }
            return state.bounds
        }
        set {
            state.condition.lock()
            state.bounds = newValue
            state.condition.unlock()
        }
    }

    /// True in the worker process: `LibrsvgRasterizer` draws in this process.
    static var drawHere: Bool {
        state.condition.lock()
        defer { state.condition.unlock() }
        return state.drawHere
    }

    package static func becomeWorker() {
        state.condition.lock()
        state.drawHere = true
        state.condition.unlock()
    }

    /// The process ids of the idle workers (tests end one to see it replaced).
    package static var idleProcessIDs: [pid_t] {
        state.condition.lock()
        defer { state.condition.unlock() }
        return state.idle.map(\.pid)
    }

    /// Ends every idle worker and waits for it (its CPU is then counted as this process's
    /// children's). A drawing under way keeps its worker, ended when it comes back.
    public static func shutdown() {
        state.condition.lock()
        let idle = state.idle
        state.idle = []
        state.condition.unlock()
        for worker in idle { worker.end(kill: false) }
    }

    /// Sends `request` (with `svg`, and `pixels` into the shared memory file) to a worker and
    /// waits for its reply, at most the bounds' wall-clock seconds; returns the reply and the
    /// worker's shared memory file's first `load(reply)` bytes.
    static func draw(_ request: RasterRequest, svg: Data, pixels: [UInt8]? = nil,
                     load: (RasterReply) -> Int) throws -> (RasterReply, [UInt8]) {
        do {
            return try draw(request, svg: svg, pixels: pixels, load: load, fresh: false)
        } catch is KilledWhileIdle {
            // An idle worker killed from outside (the OOM killer, a test) can still look alive
            // for a moment: a killed process's first thread is a zombie before its others have
            // gone, and only then can it be reaped. Its death is not this drawing's: drawn once
            // more by a new worker, whose failure is the drawing's.
            return try draw(request, svg: svg, pixels: pixels, load: load, fresh: true)
        }
    }

    /// A reused worker ended by SIGKILL without answering (`draw` retries on a new one).
    private struct KilledWhileIdle: Error {}

    private static func draw(_ request: RasterRequest, svg: Data, pixels: [UInt8]?,
                             load: (RasterReply) -> Int, fresh: Bool) throws -> (RasterReply, [UInt8]) {
        let bounds = self.bounds
        let (worker, reused) = try checkOut(bounds: bounds, fresh: fresh)
        var keep = true
        func failed(timedOut: Bool) -> Error {
            keep = false
            let error = worker.ended(bounds: bounds, timedOut: timedOut)
            return reused && !timedOut && worker.killed ? KilledWhileIdle() : error
        }
        defer { checkIn(worker, keep: keep) }
        var request = request
        request.cpuSeconds = Double(bounds.cpuSeconds)
        request.fonts = FontRegistry.runFonts.map { [$0.sha256, $0.privatePath] }
        if let pixels { try pixels.withUnsafeBytes { try worker.shared.store($0) } }
        let header = try JSONEncoder().encode(request)
        guard WorkerIO.write(worker.socket, WorkerIO.frame(header) + WorkerIO.frame(svg)) else { throw failed(timedOut: false) }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, min(bounds.wallSeconds, 1e6)) * 1e9)
        var timedOut = false
        guard let frame = WorkerIO.readFrame(worker.socket, deadline: deadline, timedOut: &timedOut),
              let reply = try? JSONDecoder().decode(RasterReply.self, from: frame) else { throw failed(timedOut: timedOut) }
        if let error = reply.error {
            let refusal = RasterError(message: error)
            // librsvg's or cairo's own "out of memory" under the address-space cap.
            if refusal.bound == .memory { throw RasterError(bound: .memory, bounds: bounds, found: error) }
            throw refusal
        }
        let count = load(reply)
        return (reply, count > 0 ? try worker.shared.load(count: count) : [])
    }

    /// An idle worker started under `bounds` (`reused`), else a new one; `fresh`: always new.
    private static func checkOut(bounds: DrawingBounds, fresh: Bool) throws -> (Worker, reused: Bool) {
        state.condition.lock()
        while state.running >= state.capacity { state.condition.wait() }
        state.running += 1
        // A worker started under other memory bounds is replaced.
        var stale: [Worker] = []
        var found: Worker?
        while !fresh, let worker = state.idle.popLast() {
            // One that ended while idle (killed from outside) is replaced before it is used.
            if worker.memoryBytes == bounds.memoryBytes && worker.isRunning { found = worker; break }
            stale.append(worker)
        }
        let path = state.executablePath ?? defaultExecutablePath
        state.condition.unlock()
        for worker in stale { worker.end(kill: false) }
        if let found { return (found, true) }
        do {
            return (try Worker(path: path, memoryBytes: bounds.memoryBytes), false)
        } catch {
            state.condition.lock()
            state.running -= 1
            state.condition.signal()
            state.condition.unlock()
            throw error
        }
    }

    private static func checkIn(_ worker: Worker, keep: Bool) {
        if !keep { worker.end(kill: true) }
        state.condition.lock()
        state.running -= 1
        if keep { state.idle.append(worker) }
        state.condition.signal()
        state.condition.unlock()
    }

    /// One worker process: its socket (stdin and stdout) and shared memory file (descriptor 3).
    private final class Worker: @unchecked Sendable {
        let pid: pid_t
        let socket: Int32
        let shared: SharedPixels
        let memoryBytes: UInt64
        private var status: Int32?
        /// Ended by SIGKILL (from outside, or by `ended`'s own kill of a worker not answering).
        var killed: Bool { status.map { ssc_term_signal($0) == SIGKILL } ?? false }

        init(path: String, memoryBytes: UInt64) throws {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw RasterError(message: "the drawing worker is missing: expected the executable \(path) (installed beside the tool; RasterWorkers.executablePath in the library), found none")
            }
            var fds: [Int32] = [-1, -1]
            guard ssc_socketpair(&fds) == 0 else { throw RasterError(message: "cannot make a socket for the drawing worker: \(String(cString: strerror(errno)))") }
            let shared = ssc_memfd("ssc-raster")
            guard shared >= 0 else {
                close(fds[0]); close(fds[1])
                throw RasterError(message: "cannot make the drawing worker's shared memory (memfd_create): \(String(cString: strerror(errno)))")
            }
            let arguments = [path, "--memory-bytes", String(memoryBytes)]
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            let error = ssc_spawn(path, &argv, fds[1], fds[1], shared, &pid)
            close(fds[1])
            guard error == 0 else {
                close(fds[0]); close(shared)
                throw RasterError(message: "cannot start the drawing worker \(path): \(String(cString: strerror(error)))")
            }
            self.pid = pid
            self.socket = fds[0]
            self.shared = SharedPixels(fd: shared)
            self.memoryBytes = memoryBytes
        }

        /// Still running (reaped when not).
        var isRunning: Bool {
            guard status == nil else { return false }
            let done = ssc_wait(pid, 1)
            if done == -1 { return true }
            status = done
            return false
        }

        /// Closes our ends (the worker reads the end of its input and exits), kills it first
        /// when asked, and reaps it.
        func end(kill shouldKill: Bool) {
            if shouldKill { kill(pid, SIGKILL) }
            close(socket)
            shared.unmap()
            close(shared.fd)
            if status == nil { status = ssc_wait(pid, 0) }
        }

        /// The error for a worker that stopped answering: killed by the watchdog, ended by the
        /// kernel past its CPU bound, or ended otherwise (past its memory bound: librsvg and
        /// GLib abort when an allocation fails).
        func ended(bounds: DrawingBounds, timedOut: Bool) -> RasterError {
            if timedOut { return RasterError(bound: .wall, bounds: bounds, found: "stopped after \(SVGNumber.format(bounds.wallSeconds)) s") }
            kill(pid, SIGKILL)
            let status = ssc_wait(pid, 0)
            self.status = status
            let signal = ssc_term_signal(status)
            if signal == SIGXCPU { return RasterError(bound: .cpu, bounds: bounds, found: "stopped by the kernel") }
            let how = signal != 0 ? "ended by signal \(signal)" : "exited with status \(ssc_exit_code(status))"
            return RasterError(bound: .memory, bounds: bounds, found: "the drawing process \(how)")
        }
    }
}
