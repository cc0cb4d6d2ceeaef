import CPNGShim
import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest

/// Transparency and ink are decided once, from decoded pixels, when planning.
final class CaptureInkTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// A 390×844 capture in a PNG flavour written by libpng; `visible` says which pixels have
    /// alpha 255 (the others are fully transparent).
    private func capture(colorType: Int32, interlace: Bool = false, trns: Bool = false, visible: (Int, Int) -> Bool) throws -> Data {
        let width = 390, height = 844
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width where visible(x, y) {
                let i = (y * width + x) * 4
                rgba.replaceSubrange(i..<i + 4, with: [240, 140, 20, 255])
            }
        }
        var buffer = ssc_buffer()
        var message = [CChar](repeating: 0, count: Int(SSC_PNG_MESSAGE_SIZE))
        guard ssc_png_encode_flavour(rgba, UInt32(width), UInt32(height), colorType, 8, interlace ? 1 : 0, trns ? 1 : 0,
                                     &buffer, &message) == 0 else { throw PNGError(message: String(cString: message)) }
        defer { ssc_buffer_free(&buffer) }
        return Data(bytes: buffer.data, count: buffer.size)
    }

    func testAPaletteCaptureWhoseTRNSHidesEveryPixelIsRefusedWhenPlanning() throws {
        let scratch = try Scratch()
        try scratch.write("captures/shot.png", try capture(colorType: 3, trns: true) { _, _ in false })
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "headlines": ["en-US": ["shot": "Hi"]],
                                        "captures": [["id": "shot", "path": "captures/shot.png", "well": "tuck-browser-mobile"]]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(scratch.path("captures/shot.png")): captures[0].path: capture refused: expected visible pixels, found every pixel fully transparent (alpha 0)",
        ])
    }

    func testACaptureTransparentAtTheFixedProbePointsStillRenders() throws {
        // Ink only in a block near the top-left corner: none at the centre or quarter points.
        let block = { (x: Int, y: Int) in (20..<60).contains(x) && (30..<70).contains(y) }
        XCTAssertEqual(try PNGCodec.firstInkPixel(try capture(colorType: 6, visible: block)).map { [$0.x, $0.y] }, [20, 30])
        XCTAssertEqual(try PNGCodec.firstInkPixel(try capture(colorType: 6, interlace: true, visible: block)).map { [$0.x, $0.y] }, [20, 30])
        XCTAssertEqual(try PNGCodec.firstInkPixel(try capture(colorType: 3, trns: true, visible: block)).map { [$0.x, $0.y] }, [20, 30])
        let scratch = try Scratch()
        try scratch.write("captures/shot.png", try capture(colorType: 6, visible: block))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "headlines": ["en-US": ["shot": "Hi"]],
                                        "captures": [["id": "shot", "path": "captures/shot.png", "well": "tuck-browser-mobile"]]])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/en-US/shot.png")))
    }
}
