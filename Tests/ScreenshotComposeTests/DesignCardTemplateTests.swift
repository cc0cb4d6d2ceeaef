import Foundation
import XCTest
@testable import ScreenshotCompose

/// The design card's placeholder template, exactly as the card gave it, renders the demo job:
/// the renderer derives `xml:lang`, the capture image's id and the wrapped headline lines.
final class DesignCardTemplateTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")
    static let cardTemplate = Fixtures.repository.appendingPathComponent("fixtures/design-card/device-well.svg.tmpl")

    func testTheCardsTemplateIsKeptByteForByte() throws {
        // The card's file as delivered (SHA-256 of ../shared/seed/device-well.svg.tmpl).
        XCTAssertEqual(SHA256.hex(try Data(contentsOf: Self.cardTemplate)),
                       "ff7f59854ed6375099f93a530d47e46c026a0fd735338655b8e69ac163d86bd7")
    }

    func testTheCardsTemplateUneditedRendersTheDemoJob() throws {
        let scratch = try Scratch()
        var job = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.demoJob)) as? [String: Any])
        job["template"] = Self.cardTemplate.path
        job["output"] = "out"
        job["captures"] = (job["captures"] as? [[String: Any]])?.map { capture -> [String: Any] in
            var c = capture
            c["path"] = Fixtures.repository.appendingPathComponent("fixtures/\(capture["path"] as? String ?? "")").path
            return c
        }
        let file = try scratch.writeJob(job)
        let report = ScreenshotComposer().render(jobFile: file, options: epoch)
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(report.manifest?.outputs.count, 8)
        XCTAssertEqual(report.manifest?.inputs.template.sha256, SHA256.hex(try Data(contentsOf: Self.cardTemplate)))

        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/de-DE/home.svg")), encoding: .utf8)
        // The written SVG is the template's normalized tree (issue 24): the namespace first.
        XCTAssertTrue(svg.contains(#"<svg xmlns="http://www.w3.org/2000/svg" xml:lang="de-DE" width="1206" height="2622""#), svg)
        XCTAssertTrue(svg.contains(#"<image id="capture" x="#), svg)
        XCTAssertTrue(svg.contains(#"data-not-capture-evidence="true""#))
        XCTAssertTrue(svg.contains("<title>Frag alles über DNS</title>"))
        XCTAssertTrue(svg.contains(##"fill="#1d1b17"><tspan x="603" y="##), svg)

        // The card's colours, the headline's ink in the band, the capture's pixels in the frame.
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/home.png"))))
        XCTAssertEqual(png.header.width, 1206)
        let corner = png.pixel(x: 5, y: 5)
        XCTAssertEqual([corner.r, corner.g, corner.b], [0xf4, 0xf1, 0xea])
        var dark = 0
        for y in 72..<290 { for x in 0..<1206 where png.pixel(x: x, y: y).r < 0x40 { dark += 1 } }
        XCTAssertGreaterThan(dark, 2000, "headline ink in the band")
        let capture = try PNGCodec.decodeRGBA(try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        let placed = try XCTUnwrap(report.manifest?.outputs.first { $0.locale == "en-US" && $0.captureId == "home" })
        XCTAssertNotNil(placed.png)
        XCTAssertNotEqual([png.pixel(x: 603, y: 1500).r, png.pixel(x: 603, y: 1500).g], [0x1d, 0x1b],
                          "the capture, not the frame, in the middle: \(capture.header.width)")
    }
}
