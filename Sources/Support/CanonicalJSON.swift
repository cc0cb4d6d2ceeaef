import Foundation

/// A value written in one canonical JSON form, for hashing: object keys sorted by their UTF-8
/// bytes, no whitespace, strings escaped only where JSON requires it, and numbers in one fixed
/// form (an integer as its digits; any other number rounded to 9 decimals, trailing zeros
/// dropped). The bytes depend on the values alone — never on a compiler's, Foundation's or a
/// type's own description of them — so the plan's fingerprint is the same on every CI runner.
package enum CanonicalJSON: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([CanonicalJSON])
    case object([String: CanonicalJSON])

    /// The canonical bytes (UTF-8).
    package var encoded: Data { Data(text.utf8) }

    /// SHA-256 (lowercase hex) of the canonical bytes.
    package var sha256: String { SHA256.hex(encoded) }

    package var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .string(let s): Self.writeString(s, into: &out)
        case .integer(let i): out += String(i)
        case .number(let n): out += Self.format(n)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if i > 0 { out += "," }
                Self.writeString(key, into: &out)
                out += ":"
                members[key]?.write(into: &out)
            }
            out += "}"
        }
    }

    /// `"…"` with `"` and `\` escaped, the control characters as `\b \t \n \f \r` or `\u00XX`.
    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\u{0C}": out += "\\f"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// Decimal digits only, never an exponent: `0.6`, `-12.5`, `180`; 9 decimals at most.
    /// Values the plan holds are colours' fractions, angles and scales, far inside ±9·10⁹.
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "\"NaN\"" : (value < 0 ? "\"-Infinity\"" : "\"Infinity\"") }
        let scale = 1_000_000_000.0
        guard abs(value) < 9e9 else { return String(Int64(value.rounded())) }
        let scaled = Int64((abs(value) * scale).rounded())
        if scaled == 0 { return "0" }
        let whole = scaled / Int64(scale), fraction = scaled % Int64(scale)
        var text = (value < 0 ? "-" : "") + String(whole)
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 9 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }
}
