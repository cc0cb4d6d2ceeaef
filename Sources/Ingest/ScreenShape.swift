import Foundation
import Diagnostics
import Support

/// The shape of a device's visible screen, in the capture's own pixels and orientation: what a
/// frame must leave uncovered (rounded corners, a cutout) and where the system bars sit.
/// Apple publishes no corner radii, so a shape without citations is unverified and is drawn only
/// where the catalog records it; a size shared by devices of different shapes gets `clipNothing`.
public struct ScreenShape: Equatable, Sendable {
    public enum CutoutKind: String, Sendable, CaseIterable {
        case notch, dynamicIsland = "dynamic-island", punchHole = "punch-hole"
    }

    /// In the capture's own pixels and orientation (a landscape well's cutout is on its left or right edge).
    public struct Cutout: Equatable, Sendable {
        public var kind: CutoutKind
        public var x, y, width, height: Double

        public init(kind: CutoutKind, x: Double, y: Double, width: Double, height: Double) {
            self.kind = kind
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// Capture pixels; 0 = square corners.
    public var cornerRadius: Double
    /// nil = none.
    public var cutout: Cutout?
    public var homeButton: Bool
    /// Capture pixels, nil = unknown.
    public var statusBarHeight: Double?
    /// Capture pixels (Android keys bar, iPhone home indicator area), nil = unknown.
    public var navigationBarHeight: Double?
    /// Where each fact comes from; empty = unverified.
    public var citations: [StoreCitation]

    public var verified: Bool { !citations.isEmpty }

    public init(cornerRadius: Double = 0, cutout: Cutout? = nil, homeButton: Bool = false,
                statusBarHeight: Double? = nil, navigationBarHeight: Double? = nil, citations: [StoreCitation] = []) {
        self.cornerRadius = cornerRadius
        self.cutout = cutout
        self.homeButton = homeButton
        self.statusBarHeight = statusBarHeight
        self.navigationBarHeight = navigationBarHeight
        self.citations = citations
    }

    /// Used when nothing names the device (one size, several shapes): square, no cutout; clips nothing.
    public static let clipNothing = ScreenShape()
}

extension Well {
    /// `landscape`, `portrait` or `square`, from the well's size.
    public var orientation: String { width > height ? "landscape" : (width < height ? "portrait" : "square") }

    /// The screen's corner radius in capture pixels: the recorded shape's; for a well that
    /// records none, its `screenCornerRadius` (a fraction of the width, as catalogs written
    /// before shapes give it); else 0, square corners, which clip nothing. Never a family's
    /// guess: a frame's opening and the capture's clip are this radius.
    public var screenCornerPixels: Double {
        shape != .clipNothing ? shape.cornerRadius : screenCornerRadius * Double(width)
    }
}

extension Theme {
    /// The corner radius a capture of `well` is clipped to and its frame's screen opening is
    /// drawn at, as a fraction of the capture's width: the theme's `cornerRadius` when it gives
    /// a number (0: square corners), else the well's own (`screenCornerPixels`).
    public func screenCornerFraction(of well: Well) -> Double {
        if case .fraction(let f) = cornerRadius { return f }
        return well.width > 0 ? well.screenCornerPixels / Double(well.width) : 0
    }
}

/// Reads a well's `shape` object: `cornerRadius` (pixels), `cutout` (`kind`, `x`, `y`, `width`,
/// `height`, inside the well), `homeButton`, `statusBarHeight`, `navigationBarHeight` and
/// `citations` (each {url, retrieved, statement, note?}); an empty or absent list marks the
/// shape unverified. Every problem names the field, expected and found.
enum ScreenShapeReader {
    static func read(_ item: JSONFieldReader, width: Int?, height: Int?, _ d: inout DiagnosticCollector) -> ScreenShape? {
        guard let value = item.value("shape"), value != .null else { return .clipNothing }
        guard let shape = JSONFieldReader(value, file: item.file, path: item.fieldPath("shape"), &d) else { return nil }
        let before = d.errorCount
        let shortSide = width.flatMap { w in height.map { Double(min(w, $0)) } }
        let radius = number(shape, "cornerRadius", required: true, max: shortSide.map { $0 / 2 },
                            maxLabel: "half the well's shorter side", &d) ?? 0
        var homeButton = false
        if let flag = shape.value("homeButton") {
            if case .bool(let b) = flag { homeButton = b } else {
                d.error(shape.file, shape.fieldPath("homeButton"), "expected true or false, found \(flag.summary)")
            }
        }
        let status = number(shape, "statusBarHeight", required: false, max: height.map(Double.init), maxLabel: "the well's height", &d)
        let navigation = number(shape, "navigationBarHeight", required: false, max: height.map(Double.init), maxLabel: "the well's height", &d)
        let cutout = readCutout(shape, width: width, height: height, &d)
        var citations: [StoreCitation] = []
        if let list = shape.value("citations"), list != .null {
            for (element, path) in shape.array("citations", &d, allowEmpty: true) {
                if let citation = StoreCitationReader.read(element, file: shape.file, path: path, &d) { citations.append(citation) }
            }
        }
        shape.refuseUnknownKeys(["cornerRadius", "cutout", "homeButton", "statusBarHeight", "navigationBarHeight", "citations"], &d)
        guard d.errorCount == before else { return nil }
        return ScreenShape(cornerRadius: radius, cutout: cutout, homeButton: homeButton, statusBarHeight: status,
                           navigationBarHeight: navigation, citations: citations)
    }

    private static func number(_ reader: JSONFieldReader, _ key: String, required: Bool, max: Double?, maxLabel: String,
                               _ d: inout DiagnosticCollector) -> Double? {
        guard let value = reader.value(key), value != .null else {
            if required { d.error(reader.file, reader.fieldPath(key), "missing field: expected a number of pixels, 0 or more, found none") }
            return nil
        }
        guard case .number(let n) = value, n.isFinite, n >= 0 else {
            d.error(reader.file, reader.fieldPath(key), "expected a number of pixels, 0 or more, found \(value.summary)")
            return nil
        }
        if let max, n > max {
            d.error(reader.file, reader.fieldPath(key), "expected at most \(plain(max)) pixels (\(maxLabel)), found \(plain(n))")
            return nil
        }
        return n
    }

    private static func readCutout(_ shape: JSONFieldReader, width: Int?, height: Int?, _ d: inout DiagnosticCollector) -> ScreenShape.Cutout? {
        guard let value = shape.value("cutout"), value != .null else { return nil }
        guard let cut = JSONFieldReader(value, file: shape.file, path: shape.fieldPath("cutout"), &d) else { return nil }
        let kinds = ScreenShape.CutoutKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        var kind: ScreenShape.CutoutKind?
        if let name = cut.value("kind") {
            kind = name.stringValue.flatMap(ScreenShape.CutoutKind.init(rawValue:))
            if kind == nil { d.error(cut.file, cut.fieldPath("kind"), "expected one of \(kinds), found \(name.summary)") }
        } else {
            d.error(cut.file, cut.fieldPath("kind"), "missing field: expected one of \(kinds), found none")
        }
        let x = number(cut, "x", required: true, max: width.map(Double.init), maxLabel: "the well's width", &d)
        let y = number(cut, "y", required: true, max: height.map(Double.init), maxLabel: "the well's height", &d)
        let w = number(cut, "width", required: true, max: width.map(Double.init), maxLabel: "the well's width", &d)
        let h = number(cut, "height", required: true, max: height.map(Double.init), maxLabel: "the well's height", &d)
        cut.refuseUnknownKeys(["kind", "x", "y", "width", "height"], &d)
        guard let kind, let x, let y, let w, let h else { return nil }
        if let width, x + w > Double(width) {
            d.error(cut.file, cut.fieldPath("width"), "the cutout ends outside the well: expected x + width at most \(width), found \(plain(x + w))")
            return nil
        }
        if let height, y + h > Double(height) {
            d.error(cut.file, cut.fieldPath("height"), "the cutout ends outside the well: expected y + height at most \(height), found \(plain(y + h))")
            return nil
        }
        return ScreenShape.Cutout(kind: kind, x: x, y: y, width: w, height: h)
    }

    private static func plain(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }
}
