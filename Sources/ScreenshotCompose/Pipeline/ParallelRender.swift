import Support
import Diagnostics
import Dispatch
import Foundation
import Plan
import Raster

/// Runs one piece of work per item on a bounded number of threads. Each thread takes the next
/// item, finishes it and drops its pixels before taking another, so memory grows with the
/// number of threads, not with the batch. Items are taken in `order` when given (outputs
/// capture by capture, so the layers one capture's outputs share are needed only while that
/// capture is in progress); results keep their input order.
enum ParallelRender {
    /// Shared state of one run, behind one lock.
    private final class State<Result>: @unchecked Sendable {
        let lock = NSLock()
        /// Held while progress events are delivered, never together with `lock` being waited
        /// for by a worker: a slow progress callback must not stop the other threads.
        let delivery = NSLock()
        var next = 0
        var results: [Result?]
        var reported = 0
        var pending: [ProgressEvent] = []
        let start = Date()

        init(count: Int) {
            results = Array(repeating: nil, count: count)
        }
    }

    /// `work(i)` for every index of `items` on at most `jobs` threads; `progress` gets one event
    /// per finished item, in item order, called outside the lock the threads share.
    /// `describe` gives an item's locale and capture id for its event, and `succeeded` whether
    /// its result is a success.
    static func run<Item, Result>(_ items: [Item], jobs: Int,
                                  progress: (@Sendable (ProgressEvent) -> Void)?,
                                  describe: (Item) -> (locale: String, captureId: String),
                                  succeeded: (Result) -> Bool,
                                  order: [Int]? = nil,
                                  work: (Item) -> Result) -> [Result] {
        let state = State<Result>(count: items.count)
        let workers = max(1, min(jobs, items.count))
        // Threads of our own, not concurrentPerform: Dispatch runs as many iterations at once
        // as there are CPUs, so on one CPU (a small container, taskset) `--jobs 3` drew on one
        // thread and a slow progress callback stopped the whole run.
        withoutActuallyEscaping(work) { work in
        withoutActuallyEscaping(describe) { describe in
        withoutActuallyEscaping(succeeded) { succeeded in
        let worker = {
            while true {
                state.lock.lock()
                let next = state.next
                state.next += 1
                state.lock.unlock()
                guard next < items.count else { return }
                let index = order?[next] ?? next
                let result = work(items[index])
                state.lock.lock()
                state.results[index] = result
                // Queue the finished prefix, so events come in output order.
                while state.reported < items.count, let done = state.results[state.reported] {
                    let (locale, captureId) = describe(items[state.reported])
                    state.reported += 1
                    state.pending.append(ProgressEvent(done: state.reported, total: items.count,
                                                       elapsed: Date().timeIntervalSince(state.start), locale: locale,
                                                       captureId: captureId, succeeded: succeeded(done)))
                }
                state.lock.unlock()
                guard let progress else { continue }
                // Whoever holds `delivery` drains the queue in order; the others go on working.
                while state.delivery.try() {
                    while true {
                        state.lock.lock()
                        let events = state.pending
                        state.pending.removeAll()
                        state.lock.unlock()
                        if events.isEmpty { break }
                        events.forEach(progress)
                    }
                    state.delivery.unlock()
                    // Events queued between the last drain and the unlock: drain again.
                    state.lock.lock()
                    let more = !state.pending.isEmpty
                    state.lock.unlock()
                    if !more { break }
                }
            }
        }
        // Joined before the closures' scope ends (withoutActuallyEscaping checks that nothing
        // kept them): pthreads, since a Foundation Thread may hold its block after it finished.
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // librsvg and Pango recurse deeply on nested templates: the main thread's stack size.
        pthread_attr_setstacksize(&attributes, 8 << 20)
        var threads: [pthread_t] = []
        for _ in 1..<workers {
            let body = Unmanaged.passRetained(WorkerBody(worker)).toOpaque()
            var thread = pthread_t()
            let started = pthread_create(&thread, &attributes, { raw in
                guard let raw else { return nil }
                Unmanaged<WorkerBody>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, body)
            // A thread the system refuses is work the others take over.
            if started == 0 { threads.append(thread) } else { Unmanaged<WorkerBody>.fromOpaque(body).release() }
        }
        worker()
        for thread in threads { pthread_join(thread, nil) }
        }
        }
        }
        // Events queued while another thread was finishing its delivery.
        if let progress { state.pending.forEach(progress) }
        return state.results.compactMap { $0 }
    }
}

/// A worker's loop handed to a pthread.
private final class WorkerBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
