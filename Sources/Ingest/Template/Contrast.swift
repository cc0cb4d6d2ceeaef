import Foundation
import Diagnostics
import Support

/// WCAG 2 contrast between sRGB colours in any form `CSSColor` reads (an alpha part is
/// ignored: the colour is judged as if opaque).
public enum Contrast {
    /// Relative luminance (WCAG 2.x definition).
    public static func luminance(_ hex: String) -> Double? {
        guard let (r, g, b) = components(hex) else { return nil }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    private static func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }

    /// `linear` of each 8-bit channel value: drawn pixels are compared by the thousand.
    private static let linearByte: [Double] = (0...255).map { linear(Double($0) / 255) }

    /// Relative luminance of an 8-bit sRGB pixel.
    public static func luminance(red: UInt8, green: UInt8, blue: UInt8) -> Double {
        0.2126 * linearByte[Int(red)] + 0.7152 * linearByte[Int(green)] + 0.0722 * linearByte[Int(blue)]
    }

    /// The contrast ratio of two 8-bit sRGB pixels (drawn pixels, as `ratio` of two colours).
    public static func ratio(_ a: (red: UInt8, green: UInt8, blue: UInt8), _ b: (red: UInt8, green: UInt8, blue: UInt8)) -> Double {
        let la = luminance(red: a.red, green: a.green, blue: a.blue), lb = luminance(red: b.red, green: b.green, blue: b.blue)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The ratio text must have against what it sits on (WCAG 2, large text): below it, refused.
    public static let minimumRatio = 3.0

    /// (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 … 21.
    public static func ratio(_ a: String, _ b: String) -> Double? {
        guard let la = luminance(a), let lb = luminance(b) else { return nil }
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// `amount` of `other` mixed into `color`, as `#rrggbb`.
    static func mix(_ color: String, with other: String, amount: Double) -> String {
        guard let a = components(color), let b = components(other) else { return color }
        func channel(_ x: Double, _ y: Double) -> String {
            String(format: "%02x", Int(((x * (1 - amount) + y * amount) * 255).rounded()))
        }
        return "#" + channel(a.0, b.0) + channel(a.1, b.1) + channel(a.2, b.2)
    }

    private static func components(_ hex: String) -> (Double, Double, Double)? {
        guard let (r, g, b, _) = CSSColor.rgba(hex) else { return nil }
        return (Double(r) / 255, Double(g) / 255, Double(b) / 255)
    }

    /// Text colour against every colour it may sit on (a gradient's stops: its worst stop
    /// counts). Below 3:1 refused, below 4.5:1 warned, naming both colours and the ratio.
    package static func check(text: String, on backgrounds: [String], file: String, field: String, what: String,
                      recommended: Double = 4.5, into d: inout DiagnosticCollector) {
        let rated = backgrounds.compactMap { bg in ratio(text, bg).map { (bg, $0) } }
        guard let worst = rated.min(by: { $0.1 < $1.1 }) else { return }
        let shown = String(format: "%.2f", (worst.1 * 100).rounded(.down) / 100)
        if worst.1 < minimumRatio {
            d.error(file, field, "\(what) colour \(text) on background \(worst.0) has a contrast ratio of \(shown):1: expected at least 3:1 (WCAG 2, large text), found \(shown):1")
        } else if worst.1 < recommended {
            d.warning(file, field, "\(what) colour \(text) on background \(worst.0) has a contrast ratio of \(shown):1, below the 4.5:1 WCAG 2 recommends for text")
        }
    }
}
