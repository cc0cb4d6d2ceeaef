import Foundation
import Support

extension DiagnosticCollector {
    /// The one try-or-report of a PNG operation: `body`'s value, or nil with the refusal added
    /// at `file`, `field`: "<refused><pngProblem(libpng's reason)>" for a `PNGError`,
    /// "<refused><the error>" for any other.
    package mutating func png<T>(_ file: String, _ field: String, refused: String, _ pngProblem: (String) -> String,
                                 _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let problem as PNGError {
            error(file, field, refused + pngProblem(problem.message))
        } catch let other {
            error(file, field, refused + "\(other)")
        }
        return nil
    }
}
