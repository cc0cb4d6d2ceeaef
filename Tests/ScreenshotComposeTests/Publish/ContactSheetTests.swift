import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Manifest

/// The contact sheet opened in a real browser (headless Chromium, installed by the set-up).
final class ContactSheetTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// A capture of one solid colour, so the browser's screenshot shows where it was drawn.
    private func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8) throws -> Data {
        var pixels = [UInt8](repeating: 0xFF, count: 390 * 844 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = r; pixels[i + 1] = g; pixels[i + 2] = b }
        return try PNGCodec.encodeRGBA(pixels, width: 390, height: 844, sRGB: true)
    }

    func testEveryCellShowsItsCaptureAfterTheFolderIsMoved() throws {
        let scratch = try Scratch()
        try scratch.write("a.png", try solid(255, 0, 255))
        try scratch.write("b.png", try solid(255, 0, 255))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                        "captures": [["id": "a", "path": "a.png", "well": "tuck-browser-mobile"],
                                                     ["id": "b", "path": "b.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["a": "One & <two>", "b": "Three"], "de-DE": ["a": "Eins", "b": "Drei"]]])
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [])
        let html = try String(contentsOfFile: scratch.path("out/index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("Composed marketing assets, not capture evidence."))
        XCTAssertTrue(html.contains("One &amp; &lt;two&gt;"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "the page must fetch nothing from the network")
        // Issue 17 item 9: no composed SVG is embedded as a live document, where scripts run.
        XCTAssertEqual(html.components(separatedBy: "<img src=").count - 1, 4)
        XCTAssertFalse(html.contains("<object"))
        for output in try XCTUnwrap(report.manifest).outputs {
            XCTAssertTrue(html.contains(output.png?.sha256 ?? "missing"), "PNG SHA-256 of \(output.locale)/\(output.captureId)")
        }

        // Moved elsewhere, opened from file:// with no server.
        let moved = scratch.url.appendingPathComponent("moved/review")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: scratch.url.appendingPathComponent("out"), to: moved)
        let shot = scratch.path("shot.png")
        let chromium = Process()
        chromium.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        chromium.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1000,1400",
                              "--virtual-time-budget=5000", "--screenshot=\(shot)", moved.appendingPathComponent("index.html").absoluteString]
        chromium.standardOutput = FileHandle.nullDevice
        chromium.standardError = FileHandle.nullDevice
        try chromium.run()
        chromium.waitUntilExit()
        let image = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: shot)))
        var magenta = 0
        for y in 0..<image.header.height {
            for x in 0..<image.header.width {
                let p = image.pixel(x: x, y: y)
                if p.r > 230 && p.g < 30 && p.b > 230 { magenta += 1 }
            }
        }
        // Each cell is 180 px wide; the capture fills 324/390 of the canvas width and 701/844
        // of its height: about 150 × 324 px. Four cells must all show it.
        let perCell = (180.0 * 324 / 390) * (180.0 * 844 / 390 * 701 / 844)
        XCTAssertGreaterThan(Double(magenta), 4 * perCell * 0.9, "captures drawn: \(Double(magenta) / perCell) of 4")
        XCTAssertLessThan(Double(magenta), 4 * perCell * 1.1)
    }

    /// Each headline under its cell carries its locale's language and direction, as the SVG does:
    /// an Arabic headline that starts with a Latin word read in the page's left-to-right order
    /// (found in a first-user release walkthrough).
    func testHeadlineCaptionsCarryTheirLanguageAndDirection() throws {
        let scratch = try Scratch()
        try scratch.write("a.png", try solid(40, 90, 200))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                        "captures": [["id": "a", "path": "a.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["ar": ["a": "DNS في أي مكان"], "ja": ["a": "どこでも"], "en-US": ["a": "Anywhere"]]])
        let report = ScreenshotComposer().render(jobFile: job, options: epoch, svgOnly: true)
        XCTAssertEqual(lines(report), [])
        let html = try String(contentsOfFile: scratch.path("out/index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<div lang=\"ar\" dir=\"rtl\">DNS في أي مكان</div>"), html)
        XCTAssertTrue(html.contains("<div lang=\"ja\" dir=\"ltr\">どこでも</div>"))
        XCTAssertTrue(html.contains("<div lang=\"en-US\" dir=\"ltr\">Anywhere</div>"))
    }
}
