import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest

/// The theme's frameit looks on the built-in templates (issue 34 item 2): the headline above or
/// below the device, padding around the drawing, per screen.
final class ThemeLooksTests: XCTestCase {
    static let background = "#f4f1e8", headline = "#d21559"

    /// Pixels of `hex` (within 8 per channel) in the rows `rows` and columns `columns` (fractions).
    static func count(_ hex: String, _ image: DecodedPNG, rows: Range<Double> = 0..<1, columns: Range<Double> = 0..<1, matching: Bool = true) -> Int {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        let (r, g, b) = ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
        let w = Double(image.header.width), h = Double(image.header.height)
        var n = 0
        for y in Int(rows.lowerBound * h)..<Int(rows.upperBound * h) {
            for x in Int(columns.lowerBound * w)..<Int(columns.upperBound * w) {
                let p = image.pixel(x: x, y: y)
                let same = abs(Int(p.r) - r) <= 8 && abs(Int(p.g) - g) <= 8 && abs(Int(p.b) - b) <= 8
                if same == matching { n += 1 }
            }
        }
        return n
    }

    func render(_ theme: [String: Any], template: String) throws -> DecodedPNG {
        let scratch = try Scratch()
        var look = theme
        look["background"] = Self.background
        look["headlineColor"] = Self.headline
        _ = try Fixtures.mobileJob(in: scratch, extra: ["template": template, "theme": look])
        let (status, _, err) = try runTool(["render", "job.json"], environment: ["SOURCE_DATE_EPOCH": "0"], cwd: scratch.url)
        XCTAssertEqual(status, 0, err)
        return try PNGCodec.decodeRGBA(Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png"))))
    }

    func testTheHeadlineGoesBelowOrAboveTheDeviceInEveryBuiltin() throws {
        // classic and browser draw it above, caption-below below: each moved to the other side.
        for (template, position) in [("classic", "below"), ("browser", "below"), ("caption-below", "above")] {
            let plain = try render([:], template: template), moved = try render(["headlinePosition": position], template: template)
            let top = 0.0..<0.25, bottom = 0.75..<1.0
            let (was, now) = position == "below" ? (top, bottom) : (bottom, top)
            XCTAssertGreaterThan(Self.count(Self.headline, plain, rows: was), 500, template)
            XCTAssertEqual(Self.count(Self.headline, plain, rows: now), 0, template)
            XCTAssertGreaterThan(Self.count(Self.headline, moved, rows: now), 500, template)
            XCTAssertEqual(Self.count(Self.headline, moved, rows: was), 0, template)
        }
    }

    func testPaddingKeepsTheCanvasEdgesFree() throws {
        let plain = try render([:], template: "classic"), padded = try render(["padding": ["x": 0.12, "y": 0.1]], template: "classic")
        // Without padding the device reaches into the outer 12 % of the width; with it, only the background is there.
        XCTAssertGreaterThan(Self.count(Self.background, plain, columns: 0..<0.12, matching: false), 1000)
        XCTAssertEqual(Self.count(Self.background, padded, columns: 0..<0.12, matching: false), 0)
        XCTAssertEqual(Self.count(Self.background, padded, columns: 0.88..<1, matching: false), 0)
        XCTAssertEqual(Self.count(Self.background, padded, rows: 0..<0.1, matching: false), 0)
        XCTAssertEqual(Self.count(Self.background, padded, rows: 0.9..<1, matching: false), 0)
        XCTAssertGreaterThan(Self.count(Self.headline, padded, rows: 0.1..<0.3), 500)
    }

    func testThePlaceholderTemplateRefusesTheLooksItCannotDraw() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, extra: ["theme": ["padding": 0.05, "headlinePosition": "below", "screens": ["shot": ["padding": 0.1]]]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: PlanOptions())), [
            "error: \(job): theme.padding: drawn by a slot template: expected \"template\": \"classic\" (or another built-in: caption-below, browser, duo, panorama) or a slot-marked template, found the placeholder template builtin:device-well.svg.tmpl",
            "error: \(job): theme.headlinePosition: drawn by a slot template: expected \"template\": \"classic\" (or another built-in: caption-below, browser, duo, panorama) or a slot-marked template, found the placeholder template builtin:device-well.svg.tmpl",
        ])
        let bad = try Fixtures.mobileJob(in: scratch, extra: ["template": "classic", "theme": ["padding": 0.5, "headlinePosition": "under"]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: bad, options: PlanOptions())), [
            "error: \(bad): theme.padding: expected a fraction of the canvas from 0 to below 0.5, or {\"x\": fraction of its width, \"y\": fraction of its height}, found 0.5",
            "error: \(bad): theme.headlinePosition: expected \"above\" or \"below\" the device, found \"under\"",
        ])
    }
}
