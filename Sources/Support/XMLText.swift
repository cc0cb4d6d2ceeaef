import Foundation

/// Escaping for values placed into XML, and the XML 1.0 checks.
package enum XMLText {
    /// Nil when `data` is well-formed XML (read by the one XML reader, libxml2); else where and
    /// why it stopped.
    public static func wellFormednessError(_ data: Data) -> String? {
        switch XMLReader.read([UInt8](data), maximumDepth: 256) {
        case .success:
            return nil
        case .failure(let failure):
            let place = failure.position.map { "line \($0.line), column \($0.column): " } ?? ""
            switch failure.kind {
            case .notWellFormed(let message): return place + message
            case .tooDeep(let limit): return place + "nested deeper than \(limit) elements"
            case .entity(let detail): return place + detail
            case .instruction(let found): return place + "a processing instruction (\(found))"
            }
        }
    }

    /// For character data: `&`, `<`, `>` (the last so that `]]>` cannot appear).
    public static func escapeText(_ s: String) -> String { escape(s, attribute: false) }

    /// For attribute values in either quote style; tabs and line breaks as character
    /// references so attribute-value normalization keeps them.
    public static func escapeAttribute(_ s: String) -> String { escape(s, attribute: true) }

    private static func escape(_ s: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\t" where attribute: out += "&#9;"
            case "\n" where attribute: out += "&#10;"
            case "\r" where attribute: out += "&#13;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The first scalar outside XML 1.0's `Char` production (C0 controls other than tab,
    /// LF and CR; U+FFFE; U+FFFF), if any.
    public static func firstInvalidScalar(in s: String) -> Unicode.Scalar? {
        s.unicodeScalars.first { c in
            switch c.value {
            case 0x9, 0xA, 0xD: return false
            case 0x0..<0x20, 0xFFFE, 0xFFFF: return true
            default: return false
            }
        }
    }

    /// `U+XXXX`.
    public static func codePoint(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
