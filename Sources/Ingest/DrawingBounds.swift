import Foundation
import Diagnostics
import Support

/// What one drawing may use: the address space of the worker process librsvg and cairo draw in
/// (`RLIMIT_AS`) and the CPU seconds of one drawing (its soft `RLIMIT_CPU`, re-armed before
/// each); the parent stops waiting after `wallSeconds`. The operating system enforces them:
/// librsvg 2.54 cannot be interrupted, so the process is ended and the next drawing gets a new one.
/// A job may lower them (`"drawingBounds"`); only a flag raises them (`PlanOptions.drawingCeiling`).
public struct DrawingBounds: Equatable, Sendable {
    /// Address space of one worker process, MiB (the worker itself takes some 360 of it).
    public var memoryMegabytes: Int
    /// CPU seconds of one drawing (the kernel counts whole seconds).
    public var cpuSeconds: Int

    public init(memoryMegabytes: Int = Self.standard.memoryMegabytes, cpuSeconds: Int = Self.standard.cpuSeconds) {
        self.memoryMegabytes = memoryMegabytes
        self.cpuSeconds = cpuSeconds
    }

    /// The documented bounds (docs/designers.md, "Template bounds").
    public static let standard = DrawingBounds(memoryMegabytes: 1536, cpuSeconds: 10)
    /// Below these the worker cannot start or draw a store canvas.
    public static let minimum = DrawingBounds(memoryMegabytes: 512, cpuSeconds: 1)

    /// Wall-clock seconds of one drawing: its CPU seconds and 30 more. A machine whose cores are
    /// shared gives a drawing a fraction of one, so the CPU bound, which names what the template
    /// costs, is what a slow template meets first; the wall clock catches a drawing that waits.
    public var wallSeconds: Double { Double(cpuSeconds) + 30 }
    public var memoryBytes: UInt64 { UInt64(memoryMegabytes) << 20 }

    /// The job's `"drawingBounds"`: `memoryMB` and `seconds`, each optional, each at least the
    /// minimum; whether they stay under the run's ceiling is checked when the job is prepared.
    package struct Lowered: Equatable, Sendable {
        package var memoryMegabytes: Int?
        package var cpuSeconds: Int?

        /// `ceiling` lowered by the job's values; problems (a value above the ceiling) named at their field.
        package func applied(to ceiling: DrawingBounds, file: String, into d: inout DiagnosticCollector) -> DrawingBounds {
            var bounds = ceiling
            if let memory = memoryMegabytes {
                if memory > ceiling.memoryMegabytes {
                    d.error(file, "drawingBounds.memoryMB", "a job may only lower the drawing bounds: expected at most \(ceiling.memoryMegabytes) MB, found \(memory) (--max-drawing-memory raises the bound)")
                } else {
                    bounds.memoryMegabytes = memory
                }
            }
            if let seconds = cpuSeconds {
                if seconds > ceiling.cpuSeconds {
                    d.error(file, "drawingBounds.seconds", "a job may only lower the drawing bounds: expected at most \(ceiling.cpuSeconds) s, found \(seconds) (--max-drawing-seconds raises the bound)")
                } else {
                    bounds.cpuSeconds = seconds
                }
            }
            return bounds
        }
    }

    /// Reads `"drawingBounds"` of a job.
    package static func read(_ reader: JSONFieldReader, _ d: inout DiagnosticCollector) -> Lowered {
        guard let value = reader.value("drawingBounds"),
              let object = JSONFieldReader(value, file: reader.file, path: reader.fieldPath("drawingBounds"), &d) else { return Lowered() }
        object.refuseUnknownKeys(["memoryMB", "seconds"], &d)
        var lowered = Lowered()
        if let memory = object.value("memoryMB") {
            if let megabytes = memory.integerValue, megabytes >= minimum.memoryMegabytes {
                lowered.memoryMegabytes = megabytes
            } else {
                d.error(reader.file, object.fieldPath("memoryMB"), "expected a whole number of MB, at least \(minimum.memoryMegabytes), found \(memory.summary)")
            }
        }
        if let seconds = object.value("seconds") {
            if let whole = seconds.integerValue, whole >= minimum.cpuSeconds {
                lowered.cpuSeconds = whole
            } else {
                d.error(reader.file, object.fieldPath("seconds"), "expected a whole number of CPU seconds, at least \(minimum.cpuSeconds), found \(seconds.summary)")
            }
        }
        return lowered
    }
}
