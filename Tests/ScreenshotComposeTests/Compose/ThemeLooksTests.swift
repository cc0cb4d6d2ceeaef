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
    static func count(_ hex: String, _ image: DecodedPNG, rows: Range<Double> = 0..<1, columns: Range<Double> = 0..<1, matching: Bool = true,
                      tolerance: Int = 8) -> Int {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        let (r, g, b) = ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
        let w = Double(image.header.width), h = Double(image.header.height)
        var n = 0
        for y in Int(rows.lowerBound * h)..<Int(rows.upperBound * h) {
            for x in Int(columns.lowerBound * w)..<Int(columns.upperBound * w) {
                let p = image.pixel(x: x, y: y)
                let same = abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance
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

    /// Too much padding is the job's to fix: refused at theme.padding, not at the built-in
    /// template (breaker run: "builtin:classic: (template): … found 2.13").
    func testPaddingThatLeavesNoRoomIsRefusedAtTheThemesPadding() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "classic", "theme": ["padding": 0.49]])
        let errors = errorLines(ScreenshotComposer().check(jobFile: job, options: PlanOptions(sourceDateEpoch: "0")))
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors.first?.hasPrefix("error: \(job):") ?? false, "\(errors)")
        XCTAssertTrue(errors.first?.contains(": theme.padding: the built-in template could not be drawn for the 390×844 canvas (tuck-browser-mobile) inside the theme's padding (0.49 of the width, 0.49 of the height each side): ") ?? false, "\(errors)")
        XCTAssertTrue(errors.first?.hasSuffix("; a smaller padding leaves it room") ?? false, "\(errors)")
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

    /// The background image covers the canvas around the device in every built-in; its copy
    /// beside the SVG is listed and verified.
    func testABackgroundImageIsDrawnAroundTheDeviceAndCopiedBesideTheSVG() throws {
        for template in ["classic", "caption-below", "browser"] {
            let scratch = try Scratch()
            try scratch.write("paper.jpg", Data(contentsOf: Fixtures.repository.appendingPathComponent("fixtures/backgrounds/paper.jpg")))
            _ = try Fixtures.mobileJob(in: scratch, extra: ["template": template, "theme": ["backgroundImage": "paper.jpg", "background": "#f8e9cf"]])
            let (status, _, err) = try runTool(["render", "job.json"], environment: ["SOURCE_DATE_EPOCH": "0"], cwd: scratch.url)
            XCTAssertEqual(status, 0, err)
            let image = try PNGCodec.decodeRGBA(Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png"))))
            // The left 2 % is the paper (peach with darker stripes), the template's #eef1f6 nowhere.
            let strip = Int(0.02 * Double(image.header.width)) * image.header.height
            XCTAssertGreaterThan(Self.count("#f9ebd1", image, columns: 0..<0.02) + Self.count("#f4e2c4", image, columns: 0..<0.02), strip * 9 / 10, template)
            XCTAssertEqual(Self.count("#eef1f6", image, columns: 0..<0.02), 0, template)
            let svg = try String(contentsOfFile: scratch.path("out/en-US/shot.svg"), encoding: .utf8)
            let href = try XCTUnwrap(svg.range(of: #"href="backgrounds/[0-9a-f]{16}\.png""#, options: .regularExpression).map { String(svg[$0].dropFirst(6).dropLast()) })
            XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/en-US/\(href)")), href)
            if template == "classic" {
                // A browser opening the SVG from file:// shows the copy as librsvg drew it: the stripes too.
                let shown = try Chromium.screenshot(URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")), width: image.header.width,
                                                    height: image.header.height, shot: scratch.path("chromium.png"))
                let edge = Rect(x: 0, y: 0, width: 0.02 * Double(image.header.width) + 8, height: Double(image.header.height))
                XCTAssertLessThan(Chromium.meanDifference(shown, image, in: edge).max() ?? 99, 3)
                XCTAssertGreaterThan(Self.count("#f4e2c4", shown, columns: 0..<0.02, tolerance: 3), strip / 10)
                XCTAssertGreaterThan(Self.count("#f4e2c4", image, columns: 0..<0.02, tolerance: 3), strip / 10)
            }
            let (verified, out, verifyErr) = try runTool(["verify", "out/manifest.json"], cwd: scratch.url)
            XCTAssertEqual(verified, 0, verifyErr)
            XCTAssertTrue(out.hasPrefix("verified "), out)
        }
    }

    /// A background image that is not PNG or JPEG, or over the input limits: exit 1 naming it, nothing written.
    func testABackgroundImageThatIsNoPNGOrJPEGOrTooLargeIsRefusedNamingIt() throws {
        let scratch = try Scratch()
        try scratch.write("bg.gif", Data("GIF89a".utf8) + Data(count: 16))
        try scratch.write("huge.png", try Fixtures.png(width: 9000, height: 2))
        for (image, line) in [("bg.gif", "error: \(scratch.path("bg.gif")): (file): background image refused (theme.backgroundImage in job.json): expected a PNG or JPEG file, found neither signature (47 49 46 38)"),
                              ("huge.png", "error: \(scratch.path("huge.png")): width×height: background image refused (theme.screens.shot.backgroundImage in job.json): expected at most 8192 pixels a side and 36000000 pixels in all, found 9000×2")] {
            let theme: [String: Any] = image == "bg.gif" ? ["backgroundImage": image] : ["screens": ["shot": ["backgroundImage": image]]]
            _ = try Fixtures.mobileJob(in: scratch, extra: ["template": "classic", "theme": theme])
            let (status, _, err) = try runTool(["render", "job.json"], cwd: scratch.url)
            XCTAssertEqual(status, 1)
            XCTAssertEqual(err, line + "\n1 error(s)\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
        }
    }
}
