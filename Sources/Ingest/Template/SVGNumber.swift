/// Numbers as written into SVG: at most two decimals, no trailing zeros, never exponent
/// notation, the same bytes on every machine. Total: NaN is written as 0 and magnitudes beyond
/// ±10^15 (no canvas comes near) are clamped, so no Double can trap the conversion to Int.
/// Inputs are range-checked where they are read; this is the last line of defence.
import Support
import Diagnostics

package enum SVGNumber {
    static let limit = 1e15

    public static func format(_ value: Double) -> String {
        let value = value.isNaN ? 0 : min(max(value, -limit), limit)
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits)"
    }
}
