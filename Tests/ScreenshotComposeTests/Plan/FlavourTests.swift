import CPNGShim
import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest

/// Every PNG flavour a capture may come in renders, its transparency flattened; no output
/// ever has an alpha channel.
final class FlavourTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// A 390×844 capture: left half opaque orange, right half half-transparent blue, a black
    /// top band; written in the given flavour by libpng.
    private func capture(colorType: Int32, bitDepth: Int32, interlace: Bool = false, trns: Bool = false) throws -> Data {
        let width = 390, height = 844
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let pixel: [UInt8] = y < 100 ? [0, 0, 0, 255] : (x < width / 2 ? [240, 140, 20, 255] : [20, 60, 230, 128])
                rgba.replaceSubrange(i..<i + 4, with: pixel)
            }
        }
        var buffer = ssc_buffer()
        var message = [CChar](repeating: 0, count: Int(SSC_PNG_MESSAGE_SIZE))
        let status = ssc_png_encode_flavour(rgba, UInt32(width), UInt32(height), colorType, bitDepth, interlace ? 1 : 0, trns ? 1 : 0,
                                            &buffer, &message)
        guard status == 0 else { throw PNGError(message: String(cString: message)) }
        defer { ssc_buffer_free(&buffer) }
        return Data(bytes: buffer.data, count: buffer.size)
    }

    func testEveryFlavourRendersWithoutAlpha() throws {
        let flavours: [(String, Int32, Int32, Bool, Bool)] = [
            ("gray1", 0, 1, false, false), ("gray2", 0, 2, false, false), ("gray4", 0, 4, false, false),
            ("gray8", 0, 8, false, false), ("gray16", 0, 16, false, false), ("grayalpha8", 4, 8, false, false),
            ("grayalpha16", 4, 16, false, false), ("palette8", 3, 8, false, false), ("palette8trns", 3, 8, false, true),
            ("palette4", 3, 4, false, false), ("rgb8", 2, 8, false, false), ("rgb16", 2, 16, false, false),
            ("rgba8", 6, 8, false, false), ("rgba16", 6, 16, false, false), ("rgba8interlaced", 6, 8, true, false),
            ("gray8interlaced", 0, 8, true, false),
        ]
        let scratch = try Scratch()
        var captures: [[String: Any]] = []
        var headlines: [String: String] = [:]
        for (name, type, depth, interlace, trns) in flavours {
            try scratch.write("\(name).png", try capture(colorType: type, bitDepth: depth, interlace: interlace, trns: trns))
            captures.append(["id": name, "path": "\(name).png", "well": "tuck-browser-mobile"])
            headlines[name] = name
        }
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "captures": captures, "headlines": ["en-US": headlines]])
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [])
        var d = DiagnosticCollector()
        let (_, laidOut) = try XCTUnwrap(ScreenshotComposer().prepare(jobFile: job, options: epoch, into: &d))
        for item in laidOut {
            let id = item.spec.capture.id
            let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/\(id).png"))))
            XCTAssertEqual(png.header.colorType, .rgb, id)
            XCTAssertEqual(png.header.bitDepth, 8, id)
            let box = item.layout.capture
            // The capture's top band is black in every flavour: it was drawn.
            let top = png.pixel(x: Int(box.x + box.width / 2), y: Int(box.y + 2))
            XCTAssertLessThan(Int(top.r) + Int(top.g) + Int(top.b), 60, "\(id): \(top)")
            // The half-transparent right half is flattened onto the frame colour (#1c1f26), never
            // left transparent: its pixels differ from both the raw blue and the background.
            let right = png.pixel(x: Int(box.x + box.width * 0.75), y: Int(box.y + box.height / 2))
            XCTAssertEqual(right.a, 255, id)
            if id.hasPrefix("rgba") || id.hasPrefix("grayalpha") || id == "palette8trns" {
                XCTAssertLessThan(Int(right.b), 200, "\(id): alpha was ignored: \(right)")
            }
        }
    }

    func testAHeaderClaimingAHugeImageIsRefusedBeforeAnyPixelMemory() throws {
        // A 60000-pixel side is over libpng's user limit (16384): the header read stops there.
        for (width, height) in [(60000, 1), (1, 60000)] {
            var buffer = ssc_buffer()
            var message = [CChar](repeating: 0, count: Int(SSC_PNG_MESSAGE_SIZE))
            let pixels = [UInt8](repeating: 0, count: width * height * 4)
            XCTAssertEqual(ssc_png_encode_flavour(pixels, UInt32(width), UInt32(height), 0, 1, 0, 0, &buffer, &message), 0)
            let data = Data(bytes: buffer.data, count: buffer.size)
            ssc_buffer_free(&buffer)
            let start = Date()
            XCTAssertThrowsError(try PNGCodec.readHeader(data)) { error in
                XCTAssertTrue((error as? PNGError)?.message.contains("exceeds user limit") == true, "\(error)")
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
        }
    }

    func testBidiOverridesStayTextAndALoneSurrogateIsRefused() throws {
        let scratch = try Scratch()
        let headline = "Price \u{202E}001$\u{202C} today \u{2066}x\u{2069}"
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": headline]])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch, svgOnly: true)), [])
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")))
        XCTAssertNil(XMLText.wellFormednessError(data))
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("<title>\(headline)</title>"))

        try scratch.write("lone.json", #"{"schemaVersion": 1, "captures": [], "headlines": {"en-US": {"x": "\ud800"}}}"#)
        let problems = lines(ScreenshotComposer().check(jobFile: scratch.path("lone.json"), options: epoch))
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("error: \(scratch.path("lone.json")): (document): not valid JSON: "), problems[0])
    }
}
