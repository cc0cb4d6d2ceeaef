import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest

/// The look at store size: `fixtures/devices-job.json` (one job, `"template"` by device family
/// and target) composes the iPhone 6.9 in, iPad 13 in and Google Play phone slots; the images
/// are compared with their references (opened and judged when they change) and the device's
/// width measured in the pixels.
final class StoreSizeLookTests: XCTestCase {
    func testClassicDrawsTheIPhoneAndTheIPadAtFourFifthsOfTheCanvasAndPlaysPhoneWithItsPunchHole() throws {
        let scratch = try Scratch()
        let report = ScreenshotComposer().render(jobFile: Fixtures.repository.appendingPathComponent("fixtures/devices-job.json").path,
                                                 options: PlanOptions(output: scratch.path("out"), sourceDateEpoch: "1767225600"))
        XCTAssertEqual(lines(report), [])
        for (path, name, share) in [("app-store-iphone-6.9/home.png", "store-classic-iphone-6.9", 0.84),
                                    ("app-store-ipad-13/inbox-ipad.png", "store-classic-ipad-13", 0.81),
                                    ("google-play-phone/inbox-android.png", "store-caption-below-play-phone", 0.0)] {
            let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/\(path)")))
            try ReferenceImages.check(data, name: name)
            guard share > 0 else { continue }
            // The frame's colour (the default theme's #1c1f26) across the row through the middle:
            // from the body's left edge to its right edge.
            let png = try PNGCodec.decodeRGBA(data)
            let y = png.header.height / 2
            let frame = (0..<png.header.width).filter { x in
                let p = png.pixel(x: x, y: y)
                return abs(Int(p.r) - 0x1c) <= 2 && abs(Int(p.g) - 0x1f) <= 2 && abs(Int(p.b) - 0x26) <= 2
            }
            let width = Double((frame.max() ?? 0) - (frame.min() ?? 0) + 1) / Double(png.header.width)
            XCTAssertGreaterThanOrEqual(width, 0.8, name)
            XCTAssertEqual(width, share, accuracy: 0.01, name)
        }
    }
}
