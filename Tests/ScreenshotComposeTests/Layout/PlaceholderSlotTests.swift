import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest

/// Issue 24, one template system: a `{{PLACEHOLDER}}` template's placeholders are slots of its
/// tree (canvas, headline box, capture box, the frame following the capture), laid out by the one
/// slot layout and checked by the same text-slot rules as a designer's slot-marked template.
final class PlaceholderSlotTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// The shipped template on the demo job's 1206 × 2622 canvas: the slots the proportions give
    /// (margin 72, headline 70 px in a 210 px band, bezel 30), laid out by the slot layout, the
    /// frame 30 px around the placed capture and its corners the screen's plus the bezel.
    func testThePlaceholderTemplateIsLaidOutByTheSlotLayout() throws {
        let scratch = try Scratch()
        try scratch.write("home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "home", "path": "home.png", "well": "ios-simulator-1206x2622"]],
            "headlines": ["en-US": ["home": "Ask anything over DNS"]],
            "subtitles": ["en-US": ["home": "Private by design"]],
        ])
        var d = DiagnosticCollector()
        let laidOut = try XCTUnwrap(ScreenshotComposer().prepare(jobFile: job, options: epoch, into: &d)?.1)
        XCTAssertEqual(lines(d), [])
        let layout = try XCTUnwrap(laidOut.first?.layout)
        let slots = try XCTUnwrap(layout.slots)
        XCTAssertTrue(slots.template.placeholders)
        XCTAssertEqual(slots.template.texts["headline"]?.box, Rect(x: 72, y: 72, width: 1062, height: 210))
        XCTAssertEqual(slots.template.texts["headline"]?.size, 70)
        XCTAssertEqual(slots.template.texts["subtitle"]?.stackedGap, 25)
        // Below the band and its gap (282 + 36), inside the margins, less the 30 px bezel.
        XCTAssertEqual(slots.template.captures.map(\.rect), [Rect(x: 102, y: 348, width: 1002, height: 2172)])
        // The capture on whole pixels, the frame at the bezel around it.
        let capture = layout.capture
        XCTAssertEqual([capture.x, capture.y, capture.width, capture.height].map { $0 == $0.rounded() }, [true, true, true, true])
        XCTAssertEqual(layout.frame, Rect(x: capture.x - 30, y: capture.y - 30, width: capture.width + 60, height: capture.height + 60))
        XCTAssertEqual(layout.frameRadius, layout.captureRadius + 30)
        XCTAssertGreaterThan(layout.captureRadius, 0)
        // The headline and the subtitle under it, centred together in the band.
        let headline = try XCTUnwrap(layout.headline.lines.first), subtitle = try XCTUnwrap(layout.subtitle?.lines.first)
        XCTAssertEqual(headline.x, 603)
        XCTAssertGreaterThan(subtitle.y, headline.y)
        XCTAssertEqual(layout.subtitle?.band, layout.headline.band)
    }

    /// The shipped template's text, with `edit` applied: a designer's own placeholder template.
    private func refusals(_ edits: [(String, String)]) throws -> [String] {
        let scratch = try Scratch()
        var text = try String(contentsOf: Fixtures.repository.appendingPathComponent("templates/device-well.svg.tmpl"), encoding: .utf8)
        for (from, to) in edits {
            XCTAssertTrue(text.contains(from), from)
            text = text.replacingOccurrences(of: from, with: to)
        }
        try scratch.write("mine.svg.tmpl", text)
        let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "mine.svg.tmpl"])
        let report = ScreenshotComposer().check(jobFile: job, options: epoch)
        let prefix = "error: " + scratch.path("mine.svg.tmpl")
        return report.diagnostics.filter { $0.severity == .error }.map(\.line).map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
    }

    /// The design card's headline `<text>` has no id; the tool gives it `headline` (its layers are
    /// then shared), but refusals name it as the designer wrote it, `<text>`, and an element of
    /// the designer's own with that id by its id (here a rect drawn over the headline).
    func testTheCardsHeadlineIsNamedAsWrittenNotByTheIdTheToolGaveIt() throws {
        let scratch = try Scratch()
        var text = try String(contentsOf: DesignCardTemplateTests.cardTemplate, encoding: .utf8)
        let frame = #"  <rect x="{{FRAME_X}}""#
        XCTAssertTrue(text.contains(frame))
        text = text.replacingOccurrences(of: frame, with: ##"  <rect id="headline" x="0" y="0" width="{{WIDTH}}" height="{{FRAME_Y}}" fill="#f4f1ea"/>"## + "\n" + frame)
        try scratch.write("card.svg.tmpl", text)
        let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "card.svg.tmpl"])
        let report = ScreenshotComposer().check(jobFile: job, options: epoch)
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .error }.map(\.line), [
            "error: \(scratch.path("card.svg.tmpl")):5:3: <text>: the headline of the output en-US/shot.png is not visible on the canvas: expected its text to change at least 50 % of the pixels its glyphs cover by a contrast of 3:1 or more (WCAG 2, large text), found 0 % (a filter, blend mode, mask, clip, opacity, fill, stroke or shape drawn with or over it, or what is behind it, hides the text)",
        ])
        // Hidden by its own attribute: the <text> at its line.
        var hidden = try String(contentsOf: DesignCardTemplateTests.cardTemplate, encoding: .utf8)
        hidden = hidden.replacingOccurrences(of: #"<text x="{{HEADLINE_X}}""#, with: #"<text display="none" x="{{HEADLINE_X}}""#)
        try scratch.write("card.svg.tmpl", hidden)
        XCTAssertEqual(ScreenshotComposer().check(jobFile: job, options: epoch).diagnostics.filter { $0.severity == .error }.map(\.line), [
            "error: \(scratch.path("card.svg.tmpl")):5:3: <text> display: text slot hidden on the canvas: expected it displayed, found display=\"none\" on the sample <text>",
        ])
    }

    /// A placeholder template's headline gets the text-slot rules at the canvas it is drawn on:
    /// faint, filtered or covered by a shape drawn after it (here a rect over the band, its
    /// positions placeholders filled for the 390 × 844 canvas), each refused once at check with
    /// its line and column; the shipped template passes.
    func testAPlaceholderTemplatesHeadlineIsCheckedLikeATextSlot() throws {
        XCTAssertEqual(try refusals([]), [])
        XCTAssertEqual(try refusals([(#"<text id="headline" x="{{HEADLINE_X}}""#, #"<text id="headline" opacity="0.2" x="{{HEADLINE_X}}""#)]), [
            ##":11:19: #headline opacity: text slot too faint on the canvas (the contrast check reads its fill as opaque): expected its opacity, fill-opacity and fill alpha together at least 0.5, found 0.2 (opacity="0.2" on the sample <text>)"##,
        ])
        let flood = ##"<defs><filter id="f"><feFlood flood-color="#000000"/></filter></defs><g filter="url(#f)">"##
        XCTAssertEqual(try refusals([("{{FRAME_SHADOW}}<text id=\"headline\"", "{{FRAME_SHADOW}}\(flood)<text id=\"headline\""),
                                     ("{{HEADLINE_TSPANS}}</text>", "{{HEADLINE_TSPANS}}</text></g>")]).map { String($0.prefix(40)) }, [
            ":11:88: #headline filter: text slot hidd",
        ])
        XCTAssertEqual(try refusals([("  {{HEADLINE_IMAGES}}", ##"  <rect id="cover" x="0" y="0" width="{{WIDTH}}" height="{{CAPTURE_Y}}" fill="#102030"/>{{HEADLINE_IMAGES}}"##)]), [
            ":11:19: #headline: the headline of the output en-US/shot.png is not visible on the canvas: expected its text to change at least 50 % of the pixels its glyphs cover by a contrast of 3:1 or more (WCAG 2, large text), found 0 % (a filter, blend mode, mask, clip, opacity, fill, stroke or shape drawn with or over it, or what is behind it, hides the text)",
        ])
    }
}
