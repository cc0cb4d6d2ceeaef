import Foundation
import Support
import Diagnostics

/// What composing computes alike for many outputs of a run (a capture's frame and its shadow under
/// every locale's headline), kept by key under a lock, at most `capacity` entries (the oldest
/// dropped first), so the work is done once per frame rather than once per output.
package final class ComposeMemo<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Value] = [:]
    private var order: [String] = []
    private let capacity: Int

    package init(capacity: Int) { self.capacity = max(1, capacity) }

    package func value(_ key: String, make: () throws -> Value) rethrows -> Value {
        lock.lock()
        if let found = values[key] {
            lock.unlock()
            return found
        }
        lock.unlock()
        let made = try make()
        lock.lock()
        defer { lock.unlock() }
        if values[key] == nil {
            values[key] = made
            order.append(key)
            if order.count > capacity { values[order.removeFirst()] = nil }
        }
        return made
    }
}
