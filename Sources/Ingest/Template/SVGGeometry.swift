import Foundation
import Support
import Diagnostics

/// An affine map `(x, y) → (a x + c y + e, b x + d y + f)`, as SVG writes `matrix(a b c d e f)`.
public struct Affine: Equatable, Sendable {
    public var a, b, c, d, e, f: Double

    public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    public static func translate(_ x: Double, _ y: Double) -> Affine { Affine(a: 1, b: 0, c: 0, d: 1, e: x, f: y) }
    public static func scale(_ x: Double, _ y: Double) -> Affine { Affine(a: x, b: 0, c: 0, d: y, e: 0, f: 0) }

    /// `self` after `other`: applies `other` first, then `self` (SVG's `transform="self other"`).
    public func then(_ inner: Affine) -> Affine {
        Affine(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
               c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
               e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }

    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (a * x + c * y + e, b * x + d * y + f) }

    /// The bounding box of `rect` mapped.
    public func apply(_ rect: Rect) -> Rect {
        let corners = [apply(rect.x, rect.y), apply(rect.maxX, rect.y), apply(rect.x, rect.maxY), apply(rect.maxX, rect.maxY)]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// No rotation or skew: a rectangle stays an upright rectangle.
    public var isAxisAligned: Bool { b == 0 && c == 0 }

    /// The horizontal and vertical scale of an axis-aligned map.
    public var scales: (x: Double, y: Double) { (abs(a), abs(d)) }

    /// The largest factor a length grows by (for rotations too).
    public var largestScale: Double {
        let sx = (a * a + b * b).squareRoot(), sy = (c * c + d * d).squareRoot()
        return max(sx, sy)
    }

    public var inverse: Affine? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return Affine(a: d / det, b: -b / det, c: -c / det, d: a / det, e: (c * f - d * e) / det, f: (b * e - a * f) / det)
    }

    public var isFinite: Bool { [a, b, c, d, e, f].allSatisfy(\.isFinite) }
}

/// SVG lengths and numbers as attributes write them.
package enum SVGLength {
    /// The number of a length in user units: a plain number, `px`, or an absolute unit at 96 per
    /// inch (`mm`, `cm`, `in`, `pt`, `pc`); `%` of `reference` when given. Nil for anything else
    /// (`em`, a placeholder, words), or a value that is not finite.
    package static func number(_ text: String, percentOf reference: Double? = nil) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let units: [(String, Double)] = [("px", 1), ("mm", 96 / 25.4), ("cm", 96 / 2.54), ("in", 96), ("pt", 4.0 / 3), ("pc", 16)]
        var scale = 1.0
        var digits = Substring(trimmed)
        if trimmed.hasSuffix("%") {
            guard let reference else { return nil }
            scale = reference / 100
            digits = digits.dropLast()
        } else if let unit = units.first(where: { trimmed.lowercased().hasSuffix($0.0) }) {
            scale = unit.1
            digits = digits.dropLast(unit.0.count)
        }
        guard let value = Double(digits), value.isFinite, digits.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true else { return nil }
        let result = value * scale
        return result.isFinite ? result : nil
    }

    /// Numbers of a list (`viewBox`, `points`, `stdDeviation`), separated by white space or commas.
    package static func numbers(_ text: String) -> [Double]? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        var result: [Double] = []
        for part in parts {
            guard let value = Double(part), value.isFinite else { return nil }
            result.append(value)
        }
        return result
    }
}

extension SVGNumber {
    /// A number written in full (no rounding to hundredths), never in exponent notation: for
    /// values the reader moves between attributes (a `<use>`'s x becomes a translation).
    package static func exact(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// The `transform` attribute's syntax (SVG 1.1 §7.6): a list of `matrix`, `translate`, `scale`,
/// `rotate`, `skewX`, `skewY`, applied left to right as written.
enum SVGTransform {
    static func parse(_ text: String) -> Affine? {
        var result = Affine.identity
        var rest = Substring(text)
        func skipSeparators() { rest = rest.drop { $0.isWhitespace || $0 == "," } }
        skipSeparators()
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = rest[..<open].trimmingCharacters(in: .whitespaces)
            guard let values = SVGLength.numbers(String(rest[rest.index(after: open)..<close])) else { return nil }
            let step: Affine
            switch (name, values.count) {
            case ("matrix", 6): step = Affine(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
            case ("translate", 1): step = .translate(values[0], 0)
            case ("translate", 2): step = .translate(values[0], values[1])
            case ("scale", 1): step = .scale(values[0], values[0])
            case ("scale", 2): step = .scale(values[0], values[1])
            case ("rotate", 1), ("rotate", 3):
                let angle = values[0] * .pi / 180
                let rotation = Affine(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), e: 0, f: 0)
                step = values.count == 3 ? Affine.translate(values[1], values[2]).then(rotation).then(.translate(-values[1], -values[2])) : rotation
            case ("skewX", 1): step = Affine(a: 1, b: 0, c: tan(values[0] * .pi / 180), d: 1, e: 0, f: 0)
            case ("skewY", 1): step = Affine(a: 1, b: tan(values[0] * .pi / 180), c: 0, d: 1, e: 0, f: 0)
            default: return nil
            }
            result = result.then(step)
            rest = rest[rest.index(after: close)...]
            skipSeparators()
        }
        return result.isFinite ? result : nil
    }
}

/// A nested viewport's `viewBox` and `preserveAspectRatio` (SVG 1.1 §7.8) as a map from its user
/// space to the viewport rectangle.
enum SVGViewport {
    static func transform(viewBox: String?, preserveAspectRatio: String?, viewport: Rect) -> Affine? {
        guard let viewBox else { return .translate(viewport.x, viewport.y) }
        guard let box = SVGLength.numbers(viewBox), box.count == 4, box[2] > 0, box[3] > 0 else { return nil }
        let words = (preserveAspectRatio ?? "").split(separator: " ").map(String.init).filter { $0 != "defer" }
        let align = words.first ?? "xMidYMid"
        let slice = words.count > 1 && words[1] == "slice"
        var sx = viewport.width / box[2], sy = viewport.height / box[3]
        if align != "none" {
            let s = slice ? max(sx, sy) : min(sx, sy)
            sx = s
            sy = s
        }
        var tx = viewport.x - box[0] * sx, ty = viewport.y - box[1] * sy
        if align != "none" {
            let extraX = viewport.width - box[2] * sx, extraY = viewport.height - box[3] * sy
            if align.contains("xMid") { tx += extraX / 2 } else if align.contains("xMax") { tx += extraX }
            if align.contains("YMid") { ty += extraY / 2 } else if align.contains("YMax") { ty += extraY }
        }
        return Affine(a: sx, b: 0, c: 0, d: sy, e: tx, f: ty)
    }
}
