import Foundation
import Support

extension TextDecoding {
    /// A template's or an SVG's text (UTF-8 only: the XML readers are given UTF-8); nil, with
    /// the refusal at its line and column in `d`, when the bytes are not UTF-8 text.
    package static func text(_ data: Data, file: String, _ d: inout DiagnosticCollector) -> String? {
        do {
            return try decode(data, allowingUTF16: false).text
        } catch {
            let problem = error as? TextDecodingError
            d.error(file, "(file)", problem?.message ?? "\(error)", at: problem.map { JSONPosition(line: $0.line, column: $0.column) })
            return nil
        }
    }
}
