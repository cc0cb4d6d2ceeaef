import Foundation

/// FoundationXML (libxml2 underneath) keeps parser and error state that is not safe to use
/// from several threads at once, and outputs render on worker threads. Every use of it goes
/// through this one lock; parsing is small next to rasterizing, so little is lost.
enum FoundationXMLLock {
    private static let lock = NSLock()

    static func run<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
