import Support
import Foundation
import Diagnostics

enum Timestamp {
    /// RFC 3339 UTC (`2024-05-01T12:00:00Z`) from `SOURCE_DATE_EPOCH` when given, else now.
    /// A value that is not a whole number of seconds ≥ 0 is refused.
    static func composedAt(sourceDateEpoch: String?, into d: inout DiagnosticCollector) -> String? {
        let seconds: Int
        if let raw = sourceDateEpoch {
            guard let value = Int(raw), value >= 0, value < 253_402_300_800 else {
                d.error("SOURCE_DATE_EPOCH", "(environment)", "expected whole seconds since 1970-01-01 UTC, found \"\(raw)\"")
                return nil
            }
            seconds = value
        } else {
            seconds = Int(Date().timeIntervalSince1970)
        }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
