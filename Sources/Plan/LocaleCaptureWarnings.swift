import Support
import Foundation
import Diagnostics
import Ingest

extension LocaleCapturePath {
    /// A `{locale}` capture whose file is byte for byte the same in several locales was most
    /// likely copied rather than captured per language: one warning per such group.
    static func warnSameBytes(_ captures: [PlannedCapture], capture: JobCapture, field: String, job: Job, _ d: inout DiagnosticCollector) {
        let groups = Dictionary(grouping: captures.filter { $0.locale != nil }, by: \.sha256)
        for (sha, group) in groups.sorted(by: { $0.key < $1.key }) where group.count > 1 {
            let locales = group.compactMap(\.locale).sorted()
            d.warning(job.file, field, "capture \(capture.id) is the same image in \(locales.joined(separator: ", ")) (SHA-256 \(sha)): expected each locale's own capture for a path with {locale}, found the same bytes")
        }
    }
}
