import Foundation
import XCTest
@testable import ScreenshotCompose

/// Every output's headline is checked, not the first output's (`HeadlineVisibility`): a cover
/// opaque at both ends of the headline's box and clear in the middle lets a short headline
/// through and cuts a long one, so which output comes first must not decide. An adversarial
/// pass shipped "ery no / one pl" with exit 0 when the short headline came first.
final class HeadlineVisibilityTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")
    private static let long = "Every note in one place"

    /// Ways to draw one picture over the headline's box (30,40 330×110 on a 390×844 canvas):
    /// opaque from the canvas edge to 156 and from 234, clear between.
    private static let covers: [(name: String, svg: String)] = [
        ("gradient", ##"<defs><linearGradient id="g"><stop offset="0" stop-color="#203040"/><stop offset="0.4" stop-color="#203040"/><stop offset="0.4" stop-color="#203040" stop-opacity="0"/><stop offset="0.6" stop-color="#203040" stop-opacity="0"/><stop offset="0.6" stop-color="#203040"/><stop offset="1" stop-color="#203040"/></linearGradient></defs><rect x="0" y="30" width="390" height="130" fill="url(#g)"/>"##),
        ("pattern", ##"<defs><pattern id="p" patternUnits="userSpaceOnUse" width="390" height="130" y="30"><rect width="156" height="130" fill="#203040"/><rect x="234" width="156" height="130" fill="#203040"/></pattern></defs><rect x="0" y="30" width="390" height="130" fill="url(#p)"/>"##),
        ("mask", ##"<defs><mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="390" height="844"><rect x="0" y="30" width="156" height="130" fill="#ffffff"/><rect x="234" y="30" width="156" height="130" fill="#ffffff"/></mask></defs><rect x="0" y="30" width="390" height="130" fill="#203040" mask="url(#m)"/>"##),
        ("curves", ##"<path d="M0 30 C120 30 156 60 156 95 C156 130 120 160 0 160 Z M390 30 C270 30 234 60 234 95 C234 130 270 160 390 160 Z" fill="#203040"/>"##),
    ]

    /// The slot template with `cover` drawn after everything (its last line, line 9).
    private func template(_ cover: String) -> String {
        TemplateProbeTests.slotTemplate.replacingOccurrences(of: "</svg>", with: cover + "\n</svg>")
    }

    /// The error lines of `check` (or a render without the probe) of a job with one output per
    /// locale, each with its headline, without the template's path.
    private func refusals(_ cover: String, _ headlines: [(String, String)], render: Bool = false) throws -> [String] {
        let scratch = try Scratch()
        try scratch.write("designer.svg", template(cover))
        var byLocale: [String: [String: String]] = [:]
        for (locale, headline) in headlines { byLocale[locale] = ["shot": headline] }
        let job = try Fixtures.mobileJob(in: scratch, headlines: byLocale, extra: ["template": "designer.svg"])
        var composer = ScreenshotComposer()
        let report: RunReport
        if render {
            // The render's own check, on the canvas it drew (the probe before it left out).
            composer.probesTemplates = false
            report = composer.render(jobFile: job, options: epoch)
        } else {
            report = composer.check(jobFile: job, options: epoch)
        }
        return report.diagnostics.filter { $0.severity == .error }.map(\.line)
            .map { $0.replacingOccurrences(of: scratch.path("designer.svg"), with: "designer.svg") }
    }

    private func hidden(_ output: String, _ percent: Int) -> String {
        "error: designer.svg:5:5: #headline: the headline of the output \(output) is not visible on the canvas: expected its text to change at least 50 % of the pixels its glyphs cover by a contrast of 3:1 or more (WCAG 2, large text), found \(percent) % (a filter, blend mode, mask, clip, opacity, fill, stroke or shape drawn with or over it, or what is behind it, hides the text)"
    }

    func testAShortHeadlineAloneIsShownThroughTheGap() throws {
        for (name, cover) in Self.covers {
            XCTAssertEqual(try refusals(cover, [("en-US", "Hi")]), [], name)
        }
    }

    func testALongSecondHeadlineIsRefusedWhicheverComesFirst() throws {
        let expected: [String: Int] = ["gradient": 32, "pattern": 32, "mask": 32, "curves": 36]
        for (name, cover) in Self.covers {
            XCTAssertEqual(try refusals(cover, [("de-DE", "Hi"), ("en-US", Self.long)]), [hidden("en-US/shot.png", expected[name] ?? -1)], name)
            XCTAssertEqual(try refusals(cover, [("de-DE", Self.long), ("en-US", "Hi")]), [hidden("de-DE/shot.png", expected[name] ?? -1)], name)
        }
    }

    func testALongHeadlineThirdOfFiveIsRefusedNamingThatOutput() throws {
        let (_, gradient) = Self.covers[0]
        let locales = ["de-DE", "en-US", "es-ES", "fr-FR", "it-IT"]
        for long in [2, 4] {
            let headlines = locales.enumerated().map { ($0.element, $0.offset == long ? Self.long : "Hi") }
            XCTAssertEqual(try refusals(gradient, headlines), [hidden("\(locales[long])/shot.png", 32)])
        }
        // The render checks every output's canvas, not the first's.
        let headlines = locales.enumerated().map { ($0.element, $0.offset == 2 ? Self.long : "Hi") }
        XCTAssertEqual(try refusals(Self.covers[3].svg, headlines, render: true), [hidden("es-ES/shot.png", 36)])
    }

    /// The render applies the same rule to the canvas it drew, for every output.
    func testTheRenderRefusesTheOutputWhoseHeadlineItHides() throws {
        let (_, gradient) = Self.covers[0]
        XCTAssertEqual(try refusals(gradient, [("de-DE", "Hi"), ("en-US", Self.long)], render: true), [hidden("en-US/shot.png", 31)])
        XCTAssertEqual(try refusals(gradient, [("de-DE", "Hi"), ("en-US", "Hi")], render: true), [])
    }
}
