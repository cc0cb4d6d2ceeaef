import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest

/// Issue 34 item 6: a template's problem on a canvas is one fact, printed once per (template,
/// canvas, message) in a run, whatever number of locales and screens meet it: by `render` and
/// `check` (DiagnosticLines) and by each `preview` pass, which prints through the same rule.
/// The report (`--json`) keeps one entry per output, each naming its locale and capture.
final class TemplateProblemOnceTests: XCTestCase {
    func testAFitRefusalIsPrintedOncePerTemplateAndCanvas() throws {
        // A stretch line makes the fitting rule draw it, also at its own size; the rotated group
        // cannot be fitted.
        let template = SlotTemplateTests.designerTemplate
            .replacingOccurrences(of: #"viewBox="0 0 390 844">"#, with: #"viewBox="0 0 390 844" data-stretch-y="170">"#)
            .replacingOccurrences(of: #"<g id="frame-art">"#, with: #"<g id="frame-art" transform="rotate(1)">"#)
        let scratch = try Scratch()
        try scratch.write("designer.svg", template)
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "One"], "de-DE": ["shot": "Eins"], "fr-FR": ["shot": "Un"]],
                                         extra: ["template": "designer.svg"])
        let refusal = "error: \(scratch.path("designer.svg")):8:3: #frame-art: cannot fit the drawing to the 390×844 canvas (tuck-browser-mobile): expected no transform but translations and uniform scales (those are folded into coordinates when the template is read), found transform=\"rotate(1)\""
        let report = ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))
        XCTAssertEqual(report.diagnostics.compactMap { $0.subject?.locale }.sorted(), ["de-DE", "en-US", "fr-FR"], "one entry per output in the report")
        XCTAssertEqual(DiagnosticLines.distinct(report.diagnostics), [refusal])

        let (status, out, err) = try runTool(["render", job])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(out, "")
        XCTAssertEqual(err, "\(refusal)\n1 error(s)\n")

        let (previewStatus, previewOut, previewErr) = try runTool(["preview", job, "--once"])
        XCTAssertEqual(previewStatus, 1)
        XCTAssertEqual(previewOut, "")
        XCTAssertEqual(previewErr, "\(refusal)\n")
    }
}
