import Dispatch
import Foundation

/// Renders outputs on a bounded number of threads. Each thread takes the next output, renders
/// it start to finish and drops its pixels before taking another, so memory grows with the
/// number of threads, not with the batch. Results keep their input order.
enum ParallelRender {
    struct Result {
        var output: RenderedOutput?
        var diagnostics: DiagnosticCollector
    }

    /// Shared state of one run, behind one lock.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var next = 0
        var results: [Result?]
        var finished: [Bool]
        var reported = 0
        let start = Date()

        init(count: Int) {
            results = Array(repeating: nil, count: count)
            finished = Array(repeating: false, count: count)
        }
    }

    static func run(_ items: [LaidOutOutput], renderer: OutputRenderer, svgOnly: Bool, jobs: Int,
                    progress: (@Sendable (ProgressEvent) -> Void)?) -> [Result] {
        let state = State(count: items.count)
        let workers = max(1, min(jobs, items.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                state.lock.lock()
                let index = state.next
                state.next += 1
                state.lock.unlock()
                guard index < items.count else { return }
                let result = renderOne(items[index], renderer: renderer, svgOnly: svgOnly)
                state.lock.lock()
                state.results[index] = result
                state.finished[index] = true
                // Report the finished prefix, so events come in output order.
                var events: [ProgressEvent] = []
                while state.reported < items.count && state.finished[state.reported] {
                    let item = items[state.reported]
                    let capture = renderer.plan.captures[item.output.captureIndex]
                    state.reported += 1
                    events.append(ProgressEvent(done: state.reported, total: items.count,
                                                elapsed: Date().timeIntervalSince(state.start), locale: item.output.locale,
                                                captureId: capture.id,
                                                succeeded: !(state.results[state.reported - 1]?.diagnostics.hasErrors ?? true)))
                }
                if let progress { events.forEach(progress) }
                state.lock.unlock()
            }
        }
        return state.results.map { $0 ?? Result(output: nil, diagnostics: DiagnosticCollector()) }
    }

    private static func renderOne(_ item: LaidOutOutput, renderer: OutputRenderer, svgOnly: Bool) -> Result {
        var d = DiagnosticCollector()
        let plan = renderer.plan
        let capture = plan.captures[item.output.captureIndex]
        let target = plan.output.appendingPathComponent("\(item.output.locale)/\(capture.id)").path
        do {
            return Result(output: try renderer.render(item, svgOnly: svgOnly, into: &d), diagnostics: d)
        } catch let error as StoreRuleViolation {
            d.error(target + ".png", "(output)", error.message)
        } catch let error as RasterError {
            d.error(target + ".png", "(output)", error.message)
        } catch let error as PNGError {
            d.error(target + ".png", "(output)", "PNG encoding failed: \(error.message)")
        } catch let error as TemplateError {
            d.error(target + ".svg", "(output)", "\(error)")
        } catch {
            d.error(target, "(output)", "cannot write: \(error.localizedDescription)")
        }
        return Result(output: nil, diagnostics: d)
    }
}
