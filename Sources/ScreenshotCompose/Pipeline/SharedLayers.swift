import Diagnostics
import Foundation
import Support
import Plan
import Layout
import Raster

/// The layers below the text, drawn once per run for every output that shares them (one
/// capture under many locales' headlines), keyed by the SHA-256 of their SVG (`LayerSplit`).
/// Threads that need layers another thread is drawing wait for them. A capture's layers are
/// dropped when its last output is drawn (outputs are rendered capture by capture, so only
/// the captures in progress hold layers), and at most `capacity` canvases are kept in any
/// case, so memory stays bounded by the thread count.
final class SharedLayers: @unchecked Sendable {
    struct Layers {
        var raster: RasterImage
        /// The captures drawn alone, what each output's canvas must show of them (`CaptureVisibility`).
        var captures: CaptureVisibility.Samples
        /// Where the document draws after its text; the text must stay clear of it.
        var afterText: LibrsvgRasterizer.Box?
        /// How long drawing them took (each output drawn over them is charged it, for the
        /// rasterization time limit).
        var seconds: Double
    }

    private enum Entry {
        case drawing
        case ready(Layers)
        case failed
    }

    private let condition = NSCondition()
    private var entries: [String: Entry] = [:]
    /// Keys of ready entries, least recently used first.
    private var recent: [String] = []
    private let capacity: Int
    private var textOnly = 0
    /// Outputs of each capture not drawn yet, and the keys of the layers they use.
    private var remaining: [String: Int]
    private var keysOfCapture: [String: Set<String>] = [:]

    /// How a run takes its outputs (capture by capture, locale order within a capture) and
    /// the layers they share: none for SVG-only runs or when no two outputs share a capture.
    static func plan(_ items: [LaidOutOutput], svgOnly: Bool, jobs: Int) -> (order: [Int], layers: SharedLayers?) {
        let captures = items.map(\.spec.capture.id)
        let first = Dictionary(captures.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: min)
        let order = items.indices.sorted { (first[captures[$0]] ?? 0, $0) < (first[captures[$1]] ?? 0, $1) }
        let shared = !svgOnly && Set(captures).count < items.count
        let layers = SharedLayers(capacity: max(1, min(jobs, items.count)),
                                  outputs: Dictionary(captures.map { ($0, 1) }, uniquingKeysWith: +))
        return (order, shared ? layers : nil)
    }

    /// `outputs`: how many outputs each capture (id) has.
    init(capacity: Int, outputs: [String: Int] = [:]) {
        self.capacity = max(1, capacity)
        remaining = outputs
    }

    /// An output of `capture` is drawn: after its last one, its layers are dropped.
    func finished(capture: String) {
        condition.lock()
        defer { condition.unlock() }
        guard let left = remaining[capture] else { return }
        remaining[capture] = left - 1
        guard left <= 1 else { return }
        for key in keysOfCapture.removeValue(forKey: capture) ?? [] {
            if case .ready = entries[key] {
                entries[key] = nil
                recent.removeAll { $0 == key }
            }
        }
    }

    /// How many outputs were drawn as text over shared layers (the rest in one pass).
    var outputsDrawnOverShared: Int {
        condition.lock()
        defer { condition.unlock() }
        return textOnly
    }

    func noteDrawnOverShared() {
        condition.lock()
        textOnly += 1
        condition.unlock()
    }

    /// The layers for `key`, drawn by `draw` if no thread has drawn them. Nil when drawing
    /// them failed (the caller draws its output in one pass, which reports the problem).
    func layers(key: String, capture: String, draw: () throws -> Layers) -> Layers? {
        condition.lock()
        keysOfCapture[capture, default: []].insert(key)
        while true {
            switch entries[key] {
            case .ready(let layers):
                recent.removeAll { $0 == key }
                recent.append(key)
                condition.unlock()
                return layers
            case .failed:
                condition.unlock()
                return nil
            case .drawing:
                condition.wait()
            case nil:
                entries[key] = .drawing
                condition.unlock()
                let drawn = try? draw()
                condition.lock()
                if let drawn {
                    entries[key] = .ready(drawn)
                    recent.append(key)
                    while recent.count > capacity { entries[recent.removeFirst()] = nil }
                } else {
                    entries[key] = .failed
                }
                condition.broadcast()
                condition.unlock()
                return drawn
            }
        }
    }
}
