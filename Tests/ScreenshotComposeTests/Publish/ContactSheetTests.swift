import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Manifest
@testable import Publish

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

        // Issue 36 item 4: a Content-Security-Policy, no inline script (the locale menu is the
        // script file beside the page, the same bytes every run), links `./`-relative.
        XCTAssertTrue(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; frame-src 'self'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">"#), html)
        XCTAssertNil(html.range(of: #"\son[a-z]+\s*="#, options: [.regularExpression, .caseInsensitive]), "an inline event attribute")
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 1)
        XCTAssertTrue(html.contains(#"<script src="./index.js" defer></script>"#))
        XCTAssertTrue(html.contains(#"<img src="./de-DE/a.png" style="height:390px" alt="Eins">"#), html)
        XCTAssertEqual(try Data(contentsOf: scratch.url.appendingPathComponent("out/index.js")), ContactSheet.script)

        // Moved elsewhere, opened from file:// with no server.
        let moved = scratch.url.appendingPathComponent("moved/review")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: scratch.url.appendingPathComponent("out"), to: moved)
        let page = moved.appendingPathComponent("index.html").absoluteString
        // Each cell is 180 px wide; the capture fills 324/390 of the canvas width and 701/844
        // of its height: about 150 × 324 px. Four cells must all show it.
        let cells = try magentaCells(page, scratch)
        XCTAssertGreaterThan(cells, 3.6, "captures drawn: \(cells) of 4")
        XCTAssertLessThan(cells, 4.4)
        // The locale menu's script runs under the policy from file://: the page opened on
        // de-DE (the menu's choice is kept in the address's fragment) shows that column only.
        let german = try magentaCells(page + "#de-DE", scratch)
        XCTAssertGreaterThan(german, 1.8, "captures drawn: \(german) of 2")
        XCTAssertLessThan(german, 2.2)
    }

    /// Without PNGs (--svg-only, and every preview) each cell is the SVG in a sandboxed frame:
    /// opened from file://, its capture copy loads too and the canvas is scaled into the cell
    /// (issue 34 item 6; before, an opaque-origin frame showed a broken image in every cell).
    func testAnSVGOnlySheetShowsEveryCaptureFromFile() throws {
        let scratch = try Scratch()
        try scratch.write("a.png", try solid(255, 0, 255))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "captures": [["id": "a", "path": "a.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["a": "One"], "de-DE": ["a": "Eins"]]])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch, svgOnly: true)), [])
        let html = try String(contentsOfFile: scratch.path("out/index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains(#"<div style="width:180px;height:390px;overflow:hidden"><iframe sandbox="allow-same-origin" src="./de-DE/a.svg" style="width:390px;height:844px;max-width:none;transform:scale(0.461538);transform-origin:0 0" title="Eins" scrolling="no"></iframe></div>"#), html)
        XCTAssertFalse(html.contains("allow-scripts"))
        let cells = try magentaCells(scratch.url.appendingPathComponent("out/index.html").absoluteString, scratch)
        XCTAssertGreaterThan(cells, 1.8, "captures drawn: \(cells) of 2")
        XCTAssertLessThan(cells, 2.2)
    }

    /// How many cells' worth of magenta (a capture 150 × 324 px in its 180 px cell) headless
    /// Chromium shows of `page`.
    private func magentaCells(_ page: String, _ scratch: Scratch) throws -> Double {
        let shot = scratch.path("shot.png")
        try? FileManager.default.removeItem(atPath: shot)
        let chromium = Process()
        chromium.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        chromium.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1000,1400",
                              "--virtual-time-budget=5000", "--screenshot=\(shot)", page]
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
        return Double(magenta) / ((180.0 * 324 / 390) * (180.0 * 844 / 390 * 701 / 844))
    }

    /// A link is `./` and the path percent-encoded as UTF-8: a space, `#`, `%` or `é` in a name
    /// is part of the name (a `#` began the fragment, a `%` an escape), and the browser loads
    /// the file (issue 36 item 4).
    func testLinksArePercentEncodedAndLoadFromFile() throws {
        XCTAssertEqual(RelativePath.url("en-US/a b#%é?:.png"), "./en-US/a%20b%23%25%C3%A9%3F%3A.png")
        XCTAssertEqual(RelativePath.url("javascript:alert(1)//x.svg"), "./javascript%3Aalert%281%29//x.svg")
        let scratch = try Scratch()
        try scratch.write("a.png", try solid(255, 0, 255))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                        "captures": [["id": "a", "path": "a.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["a": "One"]]])
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [])
        // The same files under names a URL must escape, and the sheet of that manifest.
        var manifest = try XCTUnwrap(report.manifest)
        let name = "en-US/a b#%é"
        for (from, to) in [("en-US/a.png", "\(name).png"), ("en-US/a.svg", "\(name).svg")] {
            try FileManager.default.moveItem(atPath: scratch.path("out/\(from)"), toPath: scratch.path("out/\(to)"))
        }
        manifest.outputs[0].png?.path = "\(name).png"
        manifest.outputs[0].svg.path = "\(name).svg"
        let html = String(decoding: ContactSheet.html(manifest: manifest, warnings: []), as: UTF8.self)
        XCTAssertTrue(html.contains(#"<img src="./en-US/a%20b%23%25%C3%A9.png" style="height:390px" alt="One">"#), html)
        XCTAssertTrue(html.contains(#" · <a href="./en-US/a%20b%23%25%C3%A9.png">PNG</a>"#), html)
        XCTAssertTrue(html.contains(#" · <a href="./en-US/a%20b%23%25%C3%A9.svg">SVG</a>"#), html)
        try Data(html.utf8).write(to: scratch.url.appendingPathComponent("out/index.html"))
        let cells = try magentaCells(scratch.url.appendingPathComponent("out/index.html").absoluteString, scratch)
        XCTAssertGreaterThan(cells, 0.9, "capture drawn: \(cells) of 1")
        XCTAssertLessThan(cells, 1.1)
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
