import Foundation
import XCTest
@testable import ScreenshotCompose

/// Every output's capture slots are checked where they are drawn, by one rule (`CaptureVisibility`):
/// the capture drawn alone against the canvas, at least half of it seen, at `check` (a checker in
/// the slot) and by the render on every canvas it draws (the real capture). Frame art may cover
/// a capture's edges by design; a shape over more than half of it is refused, naming the slot.
final class CaptureVisibilityTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// The refusal of the capture of `output` over its `box` ("299×649 box at 46,180"), `percent` seen.
    static func hidden(_ output: String, _ box: String, _ percent: Int) -> String {
        "the capture of the output \(output) is hidden on the canvas: expected at least 50 % of its pixels over its \(box) seen (within 48 levels, on rows across it), found \(percent) % (frame art or a cutout may cover its edges, up to half of it; a shape, filter, opacity, mask or blend mode drawn with or over it hides more)"
    }

    /// The slot template (capture slot 299×649 at 46,180 once placed) with `art` drawn after
    /// everything, on line 9.
    private func errors(_ art: String, render: Bool) throws -> [String] {
        let scratch = try Scratch()
        try scratch.write("designer.svg", TemplateProbeTests.slotTemplate.replacingOccurrences(of: "</svg>", with: art + "\n</svg>"))
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["de-DE": ["shot": "Hallo"], "en-US": ["shot": "Hello"]], extra: ["template": "designer.svg"])
        var composer = ScreenshotComposer()
        // The render's own check, on the canvas it drew (the probe before it left out).
        composer.probesTemplates = !render
        let report = render ? composer.render(jobFile: job, options: epoch) : composer.check(jobFile: job, options: epoch)
        if render && report.diagnostics.isEmpty {
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out/en-US")).filter { $0.hasSuffix(".png") }, ["shot.png"])
        }
        return report.diagnostics.filter { $0.severity == .error }.map(\.line)
            .map { $0.replacingOccurrences(of: scratch.path("designer.svg"), with: "designer.svg") }
    }

    func testACaptureSlotCoveredPastTheRuleIsRefusedAtCheckAndByTheRender() throws {
        // The lower 60 % of the slot (y 440 … 829) under the background's colour.
        let cover = ##"<rect x="0" y="440" width="390" height="404" fill="#203040"/>"##
        XCTAssertEqual(try errors(cover, render: false), ["error: designer.svg:7:3: #capture: \(Self.hidden("de-DE/shot.png", "299×649 box at 46,180", 41))"])
        // The render refuses each output, naming it; nothing is written.
        XCTAssertEqual(try errors(cover, render: true), [
            "error: designer.svg:7:3: #capture: \(Self.hidden("de-DE/shot.png", "299×649 box at 46,180", 38))",
            "error: designer.svg:7:3: #capture: \(Self.hidden("en-US/shot.png", "299×649 box at 46,180", 38))",
        ])
    }

    func testFrameArtOverACapturesEdgeIsAcceptedByDesign() throws {
        // A bezel over 9 px of each side and 20 px of the top and bottom, a cutout at the top, and
        // a second phone over the slot's lower right quarter, as a duo draws it.
        let art = ##"<path fill-rule="evenodd" fill="#111111" d="M35 170H355V839H35Z M55 200H335V809H55Z"/><rect x="150" y="206" width="90" height="24" rx="12" fill="#000000"/><rect x="195" y="505" width="170" height="339" rx="20" fill="#333333"/>"##
        XCTAssertEqual(try errors(art, render: false), [])
        XCTAssertEqual(try errors(art, render: true), [])
    }
}
