import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Raster
@testable import Publish

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

/// The card's template has no shadow placeholder: a theme's `"shadow": true` gets the rings the
/// shipped template draws (`{{FRAME_SHADOW}}`, derived before the headline), never a blur, and
/// the layers below the text stay shared; without it the card's output is unchanged.
final class DesignCardShadowTests: XCTestCase {
    private func render(shadow: Bool?, jobs: Int = 2) throws -> (Scratch, RunReport) {
        let scratch = try Scratch()
        try scratch.write("home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        var fields: [String: Any] = [
            "schemaVersion": 1, "output": "out", "template": DesignCardTemplateTests.cardTemplate.path,
            "captures": [["id": "home", "path": "home.png", "well": "ios-simulator-1206x2622"]],
            "headlines": ["en-US": ["home": "Ask anything over DNS"], "de-DE": ["home": "Frag alles über DNS"]],
        ]
        if let shadow { fields["theme"] = ["shadow": shadow] }
        return (scratch, ScreenshotComposer().render(jobFile: try scratch.writeJob(fields), options: PlanOptions(sourceDateEpoch: "1767225600"), rendering: RenderOptions(jobs: jobs)))
    }

    func testTheCardsTemplateDrawsTheRingShadowWhenTheThemeAsks() throws {
        let (plain, plainReport) = try render(shadow: nil)
        let (shadowed, report) = try render(shadow: true)
        XCTAssertEqual(lines(plainReport), [])
        XCTAssertEqual(lines(report), [])
        let svg = try String(contentsOf: URL(fileURLWithPath: shadowed.path("out/en-US/home.svg")), encoding: .utf8)
        let without = try String(contentsOf: URL(fileURLWithPath: plain.path("out/en-US/home.svg")), encoding: .utf8)
        XCTAssertFalse(without.contains("frame-shadow"))
        // 24 rings, before the headline (after the card's background), no filter.
        let rings = try XCTUnwrap(svg.range(of: #"<g id="frame-shadow""#))
        XCTAssertLessThan(rings.lowerBound, try XCTUnwrap(svg.range(of: "<text")).lowerBound)
        XCTAssertGreaterThan(rings.lowerBound, try XCTUnwrap(svg.range(of: ##"fill="#f4f1ea""##)).lowerBound)
        XCTAssertEqual(svg.components(separatedBy: #"fill-opacity="0.01""#).count - 1, 24)
        XCTAssertFalse(svg.contains("<filter"))
        // The rings follow the card's frame around its corners: each ring's hole has the
        // frame's corner radius (less the one-unit overlap the phone's rings have with its
        // body), not the phone drawing's much rounder one.
        let frameRadius = try XCTUnwrap(svg.firstMatch(of: #/<rect x="[0-9.]+" y="[0-9.]+" width="[0-9.]+" height="[0-9.]+" rx="([0-9.]+)" fill="#1d1b17"/#).flatMap { Double($0.1) })
        let ring = try XCTUnwrap(svg.firstMatch(of: #/<g id="frame-shadow"[^>]*>\s*<path d="([^"]+)"/#).map { String($0.1) })
        let radii = ring.matches(of: #/A([0-9.]+) /#).compactMap { Double($0.1) }
        XCTAssertEqual(radii.count, 8, ring)
        XCTAssertEqual(radii[4...].map { ($0 - frameRadius).magnitude < 1.5 }, [true, true, true, true], "hole \(radii) around rx \(frameRadius)")
        XCTAssertTrue(radii[..<4].allSatisfy { $0 > frameRadius && $0 < frameRadius * 2 }, "outer \(radii) around rx \(frameRadius)")
        // Without the theme's shadow the card's SVG is what it was; with it, only the rings differ.
        XCTAssertEqual(svg.replacingOccurrences(of: #"<g id="frame-shadow"[\s\S]*?</g>"#, with: "", options: .regularExpression), without)
        // Pixels: the card's background beside the frame's lower corner is darkened a little by
        // the rings; far from the frame it is the card's #f4f1ea.
        let frame = try XCTUnwrap(report.manifest?.outputs.first)
        XCTAssertEqual(frame.png?.width, 1206)
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: shadowed.path("out/en-US/home.png"))))
        let before = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: plain.path("out/en-US/home.png"))))
        let far = png.pixel(x: 5, y: 2600)
        XCTAssertEqual([far.r, far.g, far.b], [0xf4, 0xf1, 0xea])
        var darker = 0
        for y in 0..<png.header.height where png.pixel(x: 603, y: y).r < before.pixel(x: 603, y: y).r { darker += 1 }
        XCTAssertGreaterThan(darker, 5, "rings below the frame on the centre line")
        // The headline's <text> is the text slot `headline`, so the layers under it are drawn
        // once per capture (the shadow's 24 rings are the costly part) and shared by locales;
        // the PNG is still librsvg's one-pass drawing of the SVG beside it.
        XCTAssertTrue(svg.contains(##"<text id="headline" x="603""##), svg)
        let svgData = try Data(contentsOf: URL(fileURLWithPath: shadowed.path("out/en-US/home.svg")))
        XCTAssertEqual(try LayerSplit.split(svgData).get().textIDs, ["headline"])
        let whole = try LibrsvgRasterizer.drawWhole(svg: svgData, baseFile: URL(fileURLWithPath: shadowed.path("out/en-US/home.svg")),
                                                    width: 1206, height: 2622)
        XCTAssertEqual(PixelHash.of(png), PixelHash.of(whole))
        // The same bytes on one thread and on two (layers below the text shared).
        let (one, _) = try render(shadow: true, jobs: 1)
        for locale in ["en-US", "de-DE"] {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: one.path("out/\(locale)/home.png"))),
                           try Data(contentsOf: URL(fileURLWithPath: shadowed.path("out/\(locale)/home.png"))), locale)
        }
    }
}
