import Foundation
import Support

extension InputReader {
    /// The one read-or-report of an input: its bytes, or nil with "cannot read <what>: <why>"
    /// added to `d` at `file`, `field`.
    package static func read(path: String, as kind: InputKind, reporting what: String, file: String, field: String = "(file)",
                             into d: inout DiagnosticCollector) -> Data? {
        switch read(path: path, as: kind) {
        case .success(let data): return data
        case .failure(let problem):
            d.error(file, field, "cannot read \(what): \(problem.message)")
            return nil
        }
    }
}
