import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Plan

/// Captures in colour spaces other than sRGB are converted (Little CMS) before composing.
final class ColorTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// A 390×844 RGBA capture filled with one colour, tagged with `icc` (or untagged).
    private func capture(_ r: UInt8, _ g: UInt8, _ b: UInt8, icc: Data?) throws -> Data {
        var pixels = [UInt8](repeating: 0xFF, count: 390 * 844 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = r
            pixels[i + 1] = g
            pixels[i + 2] = b
        }
        return try PNGCodec.encodeRGBA(pixels, width: 390, height: 844, iccProfile: icc)
    }

    func testDisplayP3CaptureIsConvertedToSRGBBeforeComposing() throws {
        let scratch = try Scratch()
        // A saturated P3 red: the same numbers mean a more saturated red than in sRGB, so in
        // sRGB the red rises and green and blue fall.
        try scratch.write("p3.png", try capture(200, 60, 60, icc: CaptureColor.displayP3Profile()))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                        "captures": [["id": "p3", "path": "p3.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["p3": "Colour"]]])
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [])
        let entry = try XCTUnwrap(report.manifest?.inputs.captures.first)
        XCTAssertEqual(entry.colorSource, "ICC profile \"Display P3\"")
        XCTAssertTrue(entry.convertedToSRGB)
        // The copy the SVG shows holds the converted pixels, with an sRGB chunk.
        let copy = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/captures/p3.png"))))
        XCTAssertTrue(copy.header.hasSRGB)
        XCTAssertFalse(copy.header.hasICCP)
        let c = copy.pixel(x: 100, y: 100)
        XCTAssertGreaterThan(c.r, 210, "\(c)")
        XCTAssertLessThan(c.g, 50, "\(c)")
        XCTAssertLessThan(c.b, 55, "\(c)")
        XCTAssertEqual(report.manifest?.outputs.first?.capture.sha256, SHA256.hex(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/captures/p3.png")))))
        XCTAssertNotEqual(report.manifest?.outputs.first?.capture.sha256, entry.sha256)
        // And the composed PNG shows the converted colour in the middle of the capture.
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/p3.png"))))
        let middle = png.pixel(x: 195, y: 500)
        XCTAssertLessThanOrEqual(abs(Int(middle.r) - Int(c.r)) + abs(Int(middle.g) - Int(c.g)) + abs(Int(middle.b) - Int(c.b)), 3, "\(middle) vs \(c)")
    }

    /// Their pixels as they are: the copy is the file's drawn chunks (the simulator capture's
    /// eXIf left out; a file of only drawn chunks unchanged).
    func testSRGBAndUntaggedCapturesAreUsedAsTheyAre() throws {
        let tagged = try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png"))
        let (same, decision) = try CaptureColor.prepare(bytes: tagged, header: try PNGCodec.readHeader(tagged))
        XCTAssertEqual(same, try PNGCodec.drawnChunksCopy(tagged))
        XCTAssertEqual(pngChunks(same).map(\.type).filter { $0 != "IDAT" }, ["IHDR", "sRGB", "IEND"])
        XCTAssertEqual(decision, CaptureColorDecision(source: "sRGB (sRGB chunk)", converted: false))
        let untagged = try capture(10, 20, 30, icc: nil)
        let (bytes, untaggedDecision) = try CaptureColor.prepare(bytes: untagged, header: try PNGCodec.readHeader(untagged))
        XCTAssertEqual(bytes, untagged)
        XCTAssertEqual(untaggedDecision, CaptureColorDecision(source: "untagged (assumed sRGB)", converted: false))
    }

    func testAProfileLittleCMSCannotReadIsRefused() throws {
        // libpng itself refuses to write a broken iCCP, so the header is given the bytes directly.
        let untagged = try capture(1, 2, 3, icc: nil)
        var header = try PNGCodec.readHeader(untagged)
        header.colorChunks.iccProfile = Data(repeating: 7, count: 200)
        XCTAssertThrowsError(try CaptureColor.prepare(bytes: untagged, header: header)) { error in
            XCTAssertEqual((error as? ColorConversionError)?.message,
                           "the embedded ICC profile cannot be read by Little CMS: expected a valid ICC profile, found 200 bytes it rejects")
        }
    }
}
