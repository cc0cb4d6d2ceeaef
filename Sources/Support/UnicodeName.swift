import Foundation

/// Names read from a folder or a file (fastlane file names, the names derived from them) are
/// brought to Unicode NFC once, where they are read, and compared as bytes from then on.
/// Swift's `String ==` compares by canonical equivalence, so `Café` written with U+00E9 and with
/// `e` + U+0301 were one dictionary key: one of two files was dropped without a word.
public enum UnicodeName {
    public static func nfc(_ name: String) -> String { name.precomposedStringWithCanonicalMapping }

    /// The name with every non-ASCII scalar written `\u{…}`, so two names that look alike in a
    /// message can be told apart.
    public static func spelled(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII { out.unicodeScalars.append(scalar) } else { out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" }
        }
        return out
    }

    /// One entry of a folder listing: the name on disk (to open it) and its NFC form (to
    /// compare it, key it and write it).
    public struct Entry: Sendable {
        public var onDisk: String
        public var name: String
    }

    /// A folder's entries by NFC name (sorted by their bytes), and each pair of entries whose
    /// names are one name in NFC (the later one is left out).
    public static func entries(_ names: [String]) -> (entries: [Entry], twins: [(kept: String, dropped: String)]) {
        var byName: [[UInt8]: Entry] = [:]
        var twins: [(String, String)] = []
        for onDisk in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
            let name = nfc(onDisk)
            let key = Array(name.utf8)
            if let kept = byName[key] {
                twins.append((kept.onDisk, onDisk))
                continue
            }
            byName[key] = Entry(onDisk: onDisk, name: name)
        }
        let sorted = byName.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.value)
        return (sorted, twins)
    }

    /// The refusal of two files whose names are one in NFC.
    public static func twinMessage(_ kept: String, _ dropped: String) -> String {
        "two files with one name after Unicode NFC normalization: expected names that differ, found \"\(spelled(kept))\" and \"\(spelled(dropped))\""
    }
}
