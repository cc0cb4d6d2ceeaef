import Diagnostics
import Foundation
import Support

/// What one capture file's bytes say, decoded once per run: a job may list one file under many
/// ids (or targets), and decoding it per entry cost ~20 ms and ~320 KB each (3,000 entries ran
/// out of time at ~1 GB). Entries share the decoded facts, and `Data` shares the bytes.
final class CaptureDecodeCache {
    struct Facts {
        var bytes: Data
        var header: PNGHeader
        /// Nil until the pixels were decoded (a part plans other parts' captures without).
        var inkPixel: (x: Int, y: Int)?
        var sha256: String
        /// Colour preparation, once it has been asked for (it may refuse the file).
        var color: Result<(Data, CaptureColorDecision), Error>?
    }

    private var byPath: [String: Facts] = [:]
    /// How many files were decoded (tests check that a repeated file is decoded once).
    private(set) var decodes = 0

    /// Keyed by the resolved path (`IngestedInputs.identity(of:)`), so `a.png`, `./a.png` and
    /// a link to it are one file.
    func facts(_ key: String) -> Facts? { byPath[key] }

    func store(_ facts: Facts, _ key: String, decoded: Bool) {
        if decoded { decodes += 1 }
        byPath[key] = facts
    }
}
