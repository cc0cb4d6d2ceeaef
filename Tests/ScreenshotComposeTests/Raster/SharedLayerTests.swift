import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest
@testable import Plan
@testable import Raster
@testable import Manifest
@testable import Publish

/// Layers below the text drawn once per capture, text drawn per output over a copy: every PNG
/// is byte for byte the one-pass PNG, and templates that cannot be split fall back to one pass.
final class SharedLayerTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")
    /// Left to right, right to left, CJK, and a long headline that wraps.
    private let headlines = ["en-US": "Read it anywhere", "ar": "اقرأه في أي مكان", "ja-JP": "どこでも読める",
                             "de-DE": "Überall lesen, auch ohne Verbindung und auf jedem Gerät"]

    /// Renders `job` with shared layers and in one pass; asserts every PNG's bytes are equal.
    /// Returns how many outputs were drawn over shared layers.
    @discardableResult
    private func compareWithOnePass(_ job: String, scratch: Scratch, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        var d = DiagnosticCollector()
        let prepared = ScreenshotComposer().prepare(jobFile: job, options: epoch, into: &d)
        XCTAssertEqual(lines(d).filter { $0.hasPrefix("error") }, [], file: file, line: line)
        let (plan, laidOut) = try XCTUnwrap(prepared, file: file, line: line)
        let (order, planned) = SharedLayers.plan(laidOut, svgOnly: false, jobs: 2)
        let shared = try XCTUnwrap(planned, "outputs share a capture", file: file, line: line)
        var outputs: [String: [String]] = [:]
        for (name, layers) in [("shared", Optional(shared)), ("one-pass", nil)] {
            var renderer = OutputRenderer()
            renderer.sharedLayers = layers
            let staging = StagingArea(root: URL(fileURLWithPath: scratch.path(name)))
            let rendered = ParallelRender.run(laidOut, jobs: 2, progress: nil, describe: { ($0.spec.locale, $0.spec.capture.id) },
                                              succeeded: { $0.0 != nil }, order: order) { [renderer] item in
                renderer.renderReporting(item, svgOnly: false, staging: staging)
            }
            XCTAssertEqual(rendered.compactMap { $0.1?.line }, [], file: file, line: line)
            outputs[name] = rendered.compactMap { $0.0?.pngSHA256 }
            if name == "shared" {
                // The SVGs beside the captures, as a run stages them, for the tests that read them.
                for output in rendered.compactMap(\.0) {
                    try scratch.write("shared/\(output.spec.destination.svg)", output.svg)
                }
            }
        }
        XCTAssertEqual(outputs["shared"]?.count, laidOut.count, file: file, line: line)
        XCTAssertEqual(outputs["shared"], outputs["one-pass"], "PNG bytes differ from the one-pass render", file: file, line: line)
        return shared.outputsDrawnOverShared
    }

    private func job(_ scratch: Scratch, template: String? = nil, theme: Any? = nil) throws -> String {
        try scratch.write("shot.png", try Fixtures.png(width: 390, height: 844))
        var fields: [String: Any] = ["schemaVersion": 1, "output": "out",
                                     "captures": [["id": "shot", "path": "shot.png", "well": "tuck-browser-mobile"]],
                                     "headlines": headlines.mapValues { ["shot": $0] }]
        if let template { fields["template"] = template }
        if let theme { fields["theme"] = theme }
        return try scratch.writeJob(fields)
    }

    func testTheDefaultTemplateDrawsTextOverSharedLayersByteForByte() throws {
        let scratch = try Scratch()
        // The dark theme's gradient and colours, without its (filter) shadow.
        let theme: [String: Any] = ["background": ["gradient": ["#1d2333", "#0b0d12"], "angle": 160], "headlineColor": "#f5f7fb",
                                    "frameColor": "#3a4152", "shadow": false]
        XCTAssertEqual(try compareWithOnePass(try job(scratch, theme: theme), scratch: scratch), 4)
    }

    func testTheDemoJobDrawsTextOverSharedLayersByteForByte() throws {
        let scratch = try Scratch()
        var job = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.demoJob)) as? [String: Any])
        job["output"] = "out"
        job["captures"] = (job["captures"] as? [[String: Any]])?.map { capture -> [String: Any] in
            var c = capture
            c["path"] = Fixtures.repository.appendingPathComponent("fixtures/\(capture["path"] as? String ?? "")").path
            return c
        }
        // The real captures (1206×2622 and a desktop browser), two locales each.
        XCTAssertEqual(try compareWithOnePass(try scratch.writeJob(job), scratch: scratch), 8)
    }

    func testEveryBuiltInTemplateDrawsTextOverSharedLayersByteForByte() throws {
        for template in BuiltinTemplate.allCases {
            let scratch = try Scratch()
            try scratch.write("wells.json", try BuiltinTemplateTests.wells())
            // The feature graphic is a landscape banner.
            let (well, size) = template == .featureGraphic ? ("test-desktop", (720, 500)) : ("test-phone", (400, 868))
            try scratch.write("shot.png", try Fixtures.png(width: size.0, height: size.1))
            let file = try scratch.writeJob([
                "schemaVersion": 1, "output": "out", "template": template.rawValue, "wells": "wells.json",
                "captures": [["id": "shot", "path": "shot.png", "well": well]],
                // The feature graphic's headline is the app's name: short.
                "headlines": (template == .featureGraphic ? ["en-US": "Reader", "ar": "قارئ", "ja-JP": "リーダー", "de-DE": "Leser"] : headlines)
                    .mapValues { ["shot": $0] },
                "subtitles": headlines.mapValues { _ in ["shot": "Offline, on every device"] },
            ])
            XCTAssertEqual(try compareWithOnePass(file, scratch: scratch), 4, template.rawValue)
        }
    }

    /// A designer's slot-marked template: background art, the headline and subtitle slots,
    /// the capture with a frame drawn over it, and a badge over the capture.
    private let designerTemplate = """
    <svg xmlns="http://www.w3.org/2000/svg" width="390" height="844" viewBox="0 0 390 844">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fdf6e3"/><stop offset="1" stop-color="#e8dcc0"/></linearGradient></defs>
      <rect id="background" width="390" height="844" fill="url(#sky)"/>
      <circle cx="330" cy="60" r="120" fill="#d33682" fill-opacity="0.15"/>
      <g id="headline"><rect x="24" y="24" width="342" height="90" fill="none"/><text x="195" y="80" font-family="Noto Sans" font-size="34" font-weight="700" fill="#073642" text-anchor="middle">Your headline</text></g>
      <g id="subtitle"><rect x="24" y="120" width="342" height="40" fill="none"/><text x="195" y="146" font-family="Noto Sans" font-size="18" fill="#586e75" text-anchor="middle">A line</text></g>
      <rect x="60" y="176" width="270" height="640" rx="36" fill="#002b36"/>
      <rect id="capture" x="72" y="188" width="246" height="616" rx="26"/>
      <rect x="150" y="196" width="90" height="14" rx="7" fill="#002b36"/>
    </svg>
    """

    func testADesignersSlotTemplateDrawsTextOverSharedLayersByteForByte() throws {
        let scratch = try Scratch()
        let template = try scratch.write("card.svg", designerTemplate)
        var fields: [String: Any] = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: try job(scratch, template: template)))) as? [String: Any])
        fields["subtitles"] = headlines.mapValues { _ in ["shot": "Offline, on every device"] }
        let file = try scratch.writeJob(fields)
        XCTAssertEqual(try compareWithOnePass(file, scratch: scratch), 4)
    }

    func testTextUnderGroupOpacityIsDrawnInOnePass() throws {
        let scratch = try Scratch()
        let faded = designerTemplate.replacingOccurrences(of: "<g id=\"headline\">", with: "<g opacity=\"0.8\"><g id=\"headline\">")
            .replacingOccurrences(of: "Your headline</text></g>", with: "Your headline</text></g></g>")
        let template = try scratch.write("faded.svg", faded)
        XCTAssertEqual(try compareWithOnePass(try job(scratch, template: template), scratch: scratch), 0)
        let svg = try Data(contentsOf: URL(fileURLWithPath: scratch.path("shared/en-US/shot.svg")))
        XCTAssertEqual(LayerSplit.split(svg).failureValue, .groupEffect("#headline inside <g>"))
    }

    func testTextOverlappedByLaterArtIsDrawnInOnePass() throws {
        let scratch = try Scratch()
        // A ribbon drawn after the headline, across it: the text cannot simply go on top.
        let ribbon = designerTemplate.replacingOccurrences(of: "</svg>", with: "  <rect x=\"0\" y=\"60\" width=\"390\" height=\"12\" fill=\"#cb4b16\" fill-opacity=\"0.6\"/>\n</svg>")
        let template = try scratch.write("ribbon.svg", ribbon)
        XCTAssertEqual(try compareWithOnePass(try job(scratch, template: template), scratch: scratch), 0)
        let svg = try Data(contentsOf: URL(fileURLWithPath: scratch.path("shared/en-US/shot.svg")))
        XCTAssertEqual(try LayerSplit.split(svg).get().textIDs, ["headline"], "the split exists; the overlap is found when drawing")
    }

    func testFiltersOverTheTextAreDrawnInOnePass() throws {
        let scratch = try Scratch()
        // A placeholder template whose frame shadow is the {{FRAME_FILTER}} blur, drawn after the
        // headline (the shipped template's own shadow is rings, drawn before it: shared).
        let shipped = try String(contentsOf: Fixtures.template, encoding: .utf8)
        let filtered = try scratch.write("filtered.svg.tmpl", shipped.replacingOccurrences(of: "{{FRAME_SHADOW}}", with: ""))
        XCTAssertEqual(try compareWithOnePass(try job(scratch, template: filtered, theme: ["shadow": true]), scratch: scratch), 0)
        let svg = try Data(contentsOf: URL(fileURLWithPath: scratch.path("shared/en-US/shot.svg")))
        XCTAssertEqual(LayerSplit.split(svg).failureValue, .filterOverText("drawn over the text"))
        // Every output (4 locales) drawn over the shared layers, byte for byte the one-pass PNG.
        let rings = try Scratch()
        XCTAssertEqual(try compareWithOnePass(try job(rings, theme: ["shadow": true]), scratch: rings), 4)
        let ringed = try Data(contentsOf: URL(fileURLWithPath: rings.path("shared/en-US/shot.svg")))
        XCTAssertEqual(try LayerSplit.split(ringed).get().textIDs, ["headline", "subtitle"])
    }

    /// Issue 24 item 5: what reaches the text is read from the tree, CSS resolved: a mask set in
    /// a <style> sheet through a CSS escape (`ma\73k`) on a group around the headline is seen,
    /// and the outputs are drawn in one pass (the shared PNGs lacked text their own SVG showed).
    /// On the headline's own group the mask is drawn with it (`render_layer` draws the element
    /// as the document does): shared, byte for byte.
    func testAMaskSetThroughAnEscapedStyleSheetPropertyIsSeen() throws {
        let scratch = try Scratch()
        let masked = designerTemplate.replacingOccurrences(of: "<defs>", with: """
        <defs><style>#band{ma\\73k:url(#m)} #headline{ma\\73k:url(#m)}</style><mask id="m"><rect width="390" height="120" fill="#ffffff"/></mask>
        """).replacingOccurrences(of: #"<g id="headline">"#, with: #"<g id="band"><g id="headline">"#)
            .replacingOccurrences(of: "Your headline</text></g>", with: "Your headline</text></g></g>")
        let template = try scratch.write("masked.svg", masked)
        XCTAssertEqual(try compareWithOnePass(try job(scratch, template: template), scratch: scratch), 0)
        let svg = try Data(contentsOf: URL(fileURLWithPath: scratch.path("shared/en-US/shot.svg")))
        XCTAssertTrue(String(decoding: svg, as: UTF8.self).contains(#"<g id="band" mask="url(#m)"><g id="headline" mask="url(#m)">"#))
        XCTAssertEqual(LayerSplit.split(svg).failureValue, .groupEffect("#headline inside <g id=\"band\">"))

        let own = try Scratch()
        let onHeadline = designerTemplate.replacingOccurrences(of: "<defs>", with: """
        <defs><style>#headline{ma\\73k:url(#m)}</style><mask id="m"><rect width="390" height="120" fill="#ffffff"/></mask>
        """)
        XCTAssertEqual(try compareWithOnePass(try job(own, template: try own.write("masked.svg", onHeadline)), scratch: own), 4)
    }

    /// Something outside the text referring into it (a gradient a designer kept in the headline's
    /// group, used by the background) would be missing from the shared layers: one pass.
    func testArtReferringIntoATextSlotIsDrawnInOnePass() throws {
        let scratch = try Scratch()
        let shared = designerTemplate
            .replacingOccurrences(of: ##"<rect id="background" width="390" height="844" fill="url(#sky)"/>"##,
                                  with: ##"<rect id="background" width="390" height="844" fill="url(#warm)"/>"##)
            .replacingOccurrences(of: ##"<g id="headline">"##,
                                  with: ##"<g id="headline"><linearGradient id="warm"><stop offset="0" stop-color="#fdf6e3"/><stop offset="1" stop-color="#f0d9b5"/></linearGradient>"##)
        let template = try scratch.write("shared.svg", shared)
        XCTAssertEqual(try compareWithOnePass(try job(scratch, template: template), scratch: scratch), 0)
        let svg = try Data(contentsOf: URL(fileURLWithPath: scratch.path("shared/en-US/shot.svg")))
        XCTAssertEqual(LayerSplit.split(svg).failureValue, .refersToText("<rect> fill → #warm"))
    }

    /// Design tools' real exports (fixtures/templates) share their layers byte for byte.
    func testDesignToolExportsDrawTextOverSharedLayersByteForByte() throws {
        // Their headline boxes are a designer's: shorter headlines, four scripts.
        let short = ["en-US": "Read it anywhere", "ar": "اقرأه في أي مكان", "ja-JP": "どこでも読める", "de-DE": "Überall lesen"]
        for fixture in ["inkscape-1.2-export.svg", "illustrator-export.svg", "illustrator-save-as.svg"] {
            let scratch = try Scratch()
            let template = try scratch.write("template.svg", try Data(contentsOf: Fixtures.repository.appendingPathComponent("fixtures/templates/\(fixture)")))
            var fields = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: try job(scratch, template: template)))) as? [String: Any])
            fields["headlines"] = short.mapValues { ["shot": $0] }
            XCTAssertEqual(try compareWithOnePass(try scratch.writeJob(fields), scratch: scratch), 4, fixture)
        }
    }

    func testTheBaseHoldsNoTextAndNoLanguage() throws {
        let scratch = try Scratch()
        try compareWithOnePass(try job(scratch), scratch: scratch)
        let bases = try ["en-US", "ar"].map { locale in
            try LayerSplit.split(Data(contentsOf: URL(fileURLWithPath: scratch.path("shared/\(locale)/shot.svg")))).get()
        }
        // One base for every locale: the key the layers are shared by.
        XCTAssertEqual(bases[0].base, bases[1].base)
        let base = String(decoding: bases[0].base, as: UTF8.self)
        XCTAssertFalse(base.contains("<text"), base)
        XCTAssertFalse(base.contains("<title"), base)
        XCTAssertFalse(base.contains("lang="), base)
        XCTAssertTrue(base.contains("<image"), base)
        XCTAssertEqual(bases[0].textIDs, ["headline", "subtitle"])
        let after = String(decoding: bases[0].afterText, as: UTF8.self)
        XCTAssertFalse(after.contains("<image"), "images are measured as rectangles: \(after)")
        XCTAssertFalse(after.contains("id=\"background\""), after)
    }
}

private extension Result {
    var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
