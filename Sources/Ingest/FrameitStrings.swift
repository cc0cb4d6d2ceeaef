import Foundation
import Diagnostics
import Support

/// A frameit language folder's `title.strings` and `keyword.strings` (UTF-8, or UTF-16 with a
/// byte-order mark, as Xcode writes them), read by the project's `.strings` reader. frameit
/// gives a screenshot the value of the first key, in file order, that is a part of its path
/// ignoring case; an empty value counts as none (its `text` in the Framefile then applies).
package struct FrameitStrings: Sendable {
    package enum Kind: String, Sendable, CaseIterable { case keyword, title }

    /// Kind → the file's entries, in file order; a missing file has none.
    package var entries: [Kind: [StringsEntry]] = [:]
    /// Kind → the file, where there is one.
    package var files: [Kind: String] = [:]

    /// The text frameit draws for a screenshot whose path (relative to the Framefile's folder)
    /// is `path`, with the file and line it came from.
    package func text(_ kind: Kind, for path: String) -> (text: String, file: String, line: Int)? {
        let upper = path.uppercased()
        guard let entry = entries[kind]?.first(where: { upper.contains($0.key.uppercased()) }), !entry.value.isEmpty,
              let file = files[kind] else { return nil }
        return (entry.value, file, entry.line)
    }

    /// Reads `folder`'s two files; a syntax error is an error at its line and column, and the
    /// folder then has no strings (nil).
    package static func read(_ folder: URL, _ d: inout DiagnosticCollector) -> FrameitStrings? {
        var result = FrameitStrings()
        var fine = true
        for kind in Kind.allCases {
            let url = folder.appendingPathComponent("\(kind.rawValue).strings")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            guard let data = InputReader.read(path: url.path, as: .localization, reporting: "the strings file", file: url.path, into: &d) else {
                fine = false
                continue
            }
            do {
                result.entries[kind] = try StringsFile.parse(try StringsFile.decode(data))
                result.files[kind] = url.path
            } catch let error as StringsSyntaxError {
                d.add(Diagnostic(.error, file: url.path, field: "line \(error.line), column \(error.column)",
                                 message: "syntax error: \(error.message)", position: JSONPosition(line: error.line, column: error.column)))
                fine = false
            } catch {
                d.error(url.path, "(file)", "\(error)")
                fine = false
            }
        }
        return fine ? result : nil
    }
}
