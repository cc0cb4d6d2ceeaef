import Foundation
import XCTest
@testable import ScreenshotCompose

/// The guides' pictures of the built-in templates (docs/template-*.png, written by `make docs`
/// from fixtures/templates-job.json) are what the tool draws now, checked like the reference
/// images: a change of the look that leaves the guides showing the old one fails here.
final class DocsImageTests: XCTestCase {
    func testTheDesignersGuideShowsTheBuiltInTemplatesAsTheyAreDrawn() throws {
        let scratch = try Scratch()
        let out = scratch.path("templates")
        let (code, _, err) = try runTool(["render", Fixtures.repository.appendingPathComponent("fixtures/templates-job.json").path, "--out", out],
                                         environment: ["SOURCE_DATE_EPOCH": "1767225600"])
        XCTAssertEqual([String(code), err], ["0", ""])
        let names = ["classic", "caption-below", "browser", "duo", "panorama-1", "panorama-2", "panorama-3", "feature-graphic", "frame-png", "frame-svg"]
        for name in names {
            let image = Fixtures.repository.appendingPathComponent("docs/template-\(name).png")
            try ReferenceImages.check(try Data(contentsOf: URL(fileURLWithPath: "\(out)/en-US/\(name).png")), name: "docs/template-\(name)", reference: image)
        }
    }
}
