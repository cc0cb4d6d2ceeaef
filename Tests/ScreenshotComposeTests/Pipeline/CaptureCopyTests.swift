import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Manifest
@testable import Ingest
import CPNGShim

/// Issue 36 item 3: what a browser shows is what was checked. The capture copy beside the SVG
/// holds only the chunks librsvg draws from, and captures a browser would draw otherwise (an
/// animation, an EXIF orientation) are refused.
final class CaptureCopyTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// A 390×844 opaque capture of one colour (the mobile browser well), as libpng writes it.
    private func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8) throws -> Data {
        var pixels = [UInt8](repeating: 0xFF, count: 390 * 844 * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = r; pixels[i + 1] = g; pixels[i + 2] = b }
        return try PNGCodec.encodeRGBA(pixels, width: 390, height: 844, sRGB: true)
    }

    private func job(_ scratch: Scratch, _ file: String, well: String = "tuck-browser-mobile") throws -> String {
        try scratch.writeJob(["schemaVersion": 1, "output": "out",
                              "captures": [["id": "shot", "path": file, "well": well]],
                              "headlines": ["en-US": ["shot": "Read it anywhere"]]])
    }

    private func big(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8((value >> (8 * (bytes - 1 - $0))) & 0xFF) } }

    /// An eXIf payload (big-endian TIFF) whose first IFD holds one Orientation tag.
    private func exif(orientation: Int) -> [UInt8] {
        Array("MM".utf8) + big(42, 2) + big(8, 4) + big(1, 2) + big(0x0112, 2) + big(3, 2) + big(1, 4) + big(orientation, 2) + big(0, 2) + big(0, 4)
    }

    /// An APNG of two frames: the blue default image, then a solid red frame (its image data is
    /// a red PNG's, in an fdAT chunk), every chunk's CRC computed by the shim.
    private func animated() throws -> Data {
        let red = try solid(255, 0, 0)
        let redData = pngChunks(red).filter { $0.type == "IDAT" }.flatMap(\.payload)
        func control(_ sequence: Int) -> [UInt8] { big(sequence, 4) + big(390, 4) + big(844, 4) + big(0, 4) + big(0, 4) + big(1, 2) + big(1, 2) + [0, 0] }
        var png = try solid(0, 0, 255)
        png = try PNGCodec.insertingChunk("acTL", big(2, 4) + big(0, 4), before: "IDAT", into: png)
        png = try PNGCodec.insertingChunk("fcTL", control(0), before: "IDAT", into: png)
        png = try PNGCodec.insertingChunk("fcTL", control(1), before: "IEND", into: png)
        return try PNGCodec.insertingChunk("fdAT", big(2, 4) + redData, before: "IEND", into: png)
    }

    func testAnAnimatedCaptureIsRefusedNamingItsChunk() throws {
        let scratch = try Scratch()
        let path = try scratch.write("apng.png", try animated())
        XCTAssertTrue(try PNGCodec.readHeader(try Data(contentsOf: URL(fileURLWithPath: path))).isAnimated)
        let report = ScreenshotComposer().render(jobFile: try job(scratch, "apng.png"), options: epoch)
        XCTAssertEqual(lines(report), [
            "error: \(path): acTL: capture refused: expected a still PNG, found an animated PNG (an acTL chunk): a browser plays its frames, librsvg draws only its first image; save one frame as a still PNG",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    func testAnOrientationOtherThanUprightIsRefusedNamingIt() throws {
        let scratch = try Scratch()
        for (orientation, turn) in [(6, "turned 90° clockwise"), (3, "turned 180°"), (2, "mirrored left to right")] {
            let path = try scratch.write("turned\(orientation).png", try PNGCodec.insertingChunk("eXIf", exif(orientation: orientation), before: "IDAT", into: try solid(0, 0, 255)))
            let report = ScreenshotComposer().render(jobFile: try job(scratch, "turned\(orientation).png"), options: epoch)
            XCTAssertEqual(lines(report), [
                "error: \(path): eXIf Orientation: capture refused: expected Orientation 1 (upright) or none, found \(orientation): a browser shows it \(turn), librsvg upright; save the capture upright without an Orientation tag",
            ])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    /// Orientation 1, and a simulator's eXIf without an Orientation tag, are upright: accepted,
    /// and the copy holds neither the eXIf nor any other chunk librsvg does not draw from.
    func testTheCopyHoldsOnlyTheChunksTheDrawingReads() throws {
        let scratch = try Scratch()
        var png = try solid(0, 120, 255)
        png = try PNGCodec.insertingChunk("eXIf", exif(orientation: 1), before: "IDAT", into: png)
        png = try PNGCodec.insertingChunk("tEXt", Array("Comment\u{0}from a simulator".utf8), before: "IDAT", into: png)
        png = try PNGCodec.insertingChunk("prVt", [1, 2, 3], before: "IDAT", into: png)
        png = try PNGCodec.insertingChunk("zzZz", [4], before: "IEND", into: png)
        try scratch.write("upright.png", png)
        XCTAssertEqual(try PNGCodec.readHeader(png).exifOrientation, 1)
        let report = ScreenshotComposer().render(jobFile: try job(scratch, "upright.png"), options: epoch)
        XCTAssertEqual(lines(report), [])
        let copy = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/captures/shot.png")))
        XCTAssertEqual(pngChunks(png).map(\.type), ["IHDR", "gAMA", "sRGB", "cHRM", "eXIf", "tEXt", "prVt", "IDAT", "zzZz", "IEND"])
        XCTAssertEqual(pngChunks(copy).map(\.type), ["IHDR", "sRGB", "IDAT", "IEND"])
        // Each kept chunk is the input's, byte for byte: the same pixels, decoded alike.
        XCTAssertEqual(pngChunks(copy).filter { $0.type == "IDAT" }.map(\.payload), pngChunks(png).filter { $0.type == "IDAT" }.map(\.payload))
        XCTAssertEqual(try PNGCodec.decodeRGBA(copy).rgba, try PNGCodec.decodeRGBA(png).rgba)
        let output = try XCTUnwrap(report.manifest?.outputs.first)
        XCTAssertEqual(report.manifest?.schemaVersion, 3)
        XCTAssertEqual(output.capture, Manifest.SVGEntry(path: "en-US/captures/shot.png", sha256: SHA256.hex(copy), bytes: copy.count, sourceSHA256: SHA256.hex(png)))
        XCTAssertEqual(report.manifest?.inputs.captures.first?.sha256, SHA256.hex(png))

        // The simulator fixture: IHDR, sRGB, an eXIf with an Exif IFD pointer and no Orientation.
        let simulator = try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png"))
        XCTAssertEqual(pngChunks(simulator).map(\.type).filter { $0 != "IDAT" }, ["IHDR", "sRGB", "eXIf", "IEND"])
        XCTAssertNil(try PNGCodec.readHeader(simulator).exifOrientation)
        let stripped = try PNGCodec.drawnChunksCopy(simulator)
        XCTAssertEqual(pngChunks(stripped).map(\.type).filter { $0 != "IDAT" }, ["IHDR", "sRGB", "IEND"])
        XCTAssertEqual(stripped.count, simulator.count - 12 - pngChunks(simulator).first { $0.type == "eXIf" }!.payload.count)
    }

    /// A kept ancillary chunk whose CRC does not match is left out (libpng ignored it); a
    /// palette image keeps PLTE and tRNS.
    func testACorruptAncillaryChunkIsLeftOutAndAPaletteKeepsItsTransparency() throws {
        var rgba = [UInt8](repeating: 0, count: 8 * 8 * 4)
        for i in stride(from: 0, to: rgba.count, by: 4) { rgba[i] = 10; rgba[i + 3] = i < 128 ? 0 : 255 }
        var buffer = ssc_buffer()
        var message = [CChar](repeating: 0, count: Int(SSC_PNG_MESSAGE_SIZE))
        XCTAssertEqual(ssc_png_encode_flavour(rgba, 8, 8, 3, 8, 0, 1, &buffer, &message), 0)
        let flavour = Data(bytes: buffer.data, count: buffer.size)
        ssc_buffer_free(&buffer)
        let palette = try PNGCodec.insertingChunk("sRGB", [0], before: "PLTE", into: flavour)
        XCTAssertEqual(pngChunks(try PNGCodec.drawnChunksCopy(palette)).map(\.type), ["IHDR", "sRGB", "PLTE", "tRNS", "IDAT", "IEND"])
        var broken = [UInt8](palette)
        let sRGBAt = try XCTUnwrap(pngChunks(palette).first { $0.type == "sRGB" }?.offset)
        broken[sRGBAt + 8 + 1] ^= 0xFF  // the CRC's first byte
        XCTAssertEqual(pngChunks(try PNGCodec.drawnChunksCopy(Data(broken))).map(\.type), ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
        XCTAssertThrowsError(try PNGCodec.drawnChunksCopy(palette.prefix(palette.count - 12))) { error in
            XCTAssertEqual((error as? PNGError)?.message, "a chunk at byte \(palette.count - 12) runs past the end of the file (no IEND chunk)")
        }
        // Every shorter file is refused (a chunk cut short, or no IEND), none read past its end;
        // bytes after IEND are dropped.
        for length in 0..<palette.count {
            XCTAssertThrowsError(try PNGCodec.drawnChunksCopy(palette.prefix(length)), "\(length) bytes")
        }
        XCTAssertEqual(try PNGCodec.drawnChunksCopy(palette + Data([1, 2, 3])), palette)
    }

    /// The same capture gives the same copy in a whole run and in a part of a CI matrix (which
    /// makes the copy after planning).
    func testAPartMakesTheSameCopy() throws {
        let scratch = try Scratch()
        try scratch.write("home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        let jobFile = try job(scratch, "home.png", well: "tuck-ios-simulator-portrait")
        let whole = ScreenshotComposer().render(jobFile: jobFile, options: epoch, svgOnly: true)
        XCTAssertEqual(lines(whole), [])
        let wholeCopy = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/captures/shot.png")))
        try FileManager.default.removeItem(atPath: scratch.path("out"))
        var partOptions = epoch
        partOptions.locales = ["en-US"]
        let part = ScreenshotComposer().render(jobFile: jobFile, options: partOptions, svgOnly: true)
        XCTAssertEqual(lines(part), [])
        let partCopy = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/captures/shot.png")))
        XCTAssertEqual(partCopy, wholeCopy)
        XCTAssertEqual(whole.manifest?.outputs.first?.capture, part.manifest?.outputs.first?.capture)
        XCTAssertEqual(pngChunks(partCopy).map(\.type).filter { $0 != "IDAT" }, ["IHDR", "sRGB", "IEND"])
    }

    /// Done-when of issue 36 item 3: Chromium's screenshot of each output's SVG matches its PNG
    /// in the capture's rectangle, within 2 levels per channel on average: a simulator capture
    /// (eXIf without an Orientation) and a capture with an eXIf of Orientation 1, text and private
    /// chunks. The copy made byte-identical to an Orientation 6 file, as copies were before,
    /// is shown turned by Chromium, which the comparison sees.
    func testChromiumShowsThePNGsCaptureInEverySVG() throws {
        let scratch = try Scratch()
        var pixels = [UInt8](repeating: 0xFF, count: 390 * 844 * 4)
        for y in 0..<844 {
            for x in 0..<390 {
                let i = (y * 390 + x) * 4
                pixels[i] = UInt8(x * 255 / 389); pixels[i + 1] = y < 300 ? 30 : 200; pixels[i + 2] = UInt8(y * 255 / 843)
            }
        }
        let plain = try PNGCodec.encodeRGBA(pixels, width: 390, height: 844, sRGB: true)
        var tagged = try PNGCodec.insertingChunk("eXIf", exif(orientation: 1), before: "IDAT", into: plain)
        tagged = try PNGCodec.insertingChunk("tEXt", Array("Comment\u{0}a browser capture".utf8), before: "IDAT", into: tagged)
        tagged = try PNGCodec.insertingChunk("prVt", [9, 9], before: "IEND", into: tagged)
        try scratch.write("web.png", tagged)
        try scratch.write("home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        let jobFile = try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                            "captures": [["id": "web", "path": "web.png", "well": "tuck-browser-mobile"],
                                                         ["id": "home", "path": "home.png", "well": "tuck-ios-simulator-portrait"]],
                                            "headlines": ["en-US": ["web": "Read it anywhere", "home": "Ask anything over DNS"]]])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: epoch)), [])
        var d = DiagnosticCollector()
        let laidOut = try XCTUnwrap(ScreenshotComposer().prepare(jobFile: jobFile, options: epoch, into: &d)?.1)
        XCTAssertEqual(laidOut.map(\.spec.destination.svg), ["en-US/web.svg", "en-US/home.svg"])
        let out = scratch.url.appendingPathComponent("out")
        for output in laidOut {
            let png = try PNGCodec.decodeRGBA(try Data(contentsOf: out.appendingPathComponent(output.spec.destination.png)))
            let shot = try Chromium.screenshot(out.appendingPathComponent(output.spec.destination.svg), width: png.header.width, height: png.header.height,
                                    shot: scratch.path("shot.png"))
            XCTAssertEqual([shot.header.width, shot.header.height], [png.header.width, png.header.height])
            let difference = Chromium.meanDifference(shot, png, in: output.layout.capture)
            XCTAssertTrue(difference.allSatisfy { $0 <= 2 }, "\(output.spec.destination.svg): \(difference)")
        }
        // The control: the web output's copy replaced by the capture with Orientation 6.
        let web = laidOut[0]
        try PNGCodec.insertingChunk("eXIf", exif(orientation: 6), before: "IDAT", into: plain).write(to: out.appendingPathComponent(web.spec.destination.captureCopy))
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: out.appendingPathComponent(web.spec.destination.png)))
        let turned = try Chromium.screenshot(out.appendingPathComponent(web.spec.destination.svg), width: png.header.width, height: png.header.height,
                                  shot: scratch.path("shot.png"))
        XCTAssertTrue(Chromium.meanDifference(turned, png, in: web.layout.capture).contains { $0 > 20 }, "Chromium turns an eXIf Orientation 6 image")
    }

    /// A PNG a template embeds follows the captures' rule: refused when a browser would turn or
    /// play it, else carried in the outputs as its drawn chunks.
    func testATemplatesEmbeddedPNGIsHeldToTheSameRule() throws {
        let small = try PNGCodec.encodeRGBA([UInt8](repeating: 200, count: 8 * 8 * 4), width: 8, height: 8, sRGB: true)
        func template(_ png: Data) -> String {
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
              <image width="8" height="8" href="data:image/png;base64,\(png.base64EncodedString())"/>
            </svg>
            """
        }
        let turned = try PNGCodec.insertingChunk("eXIf", exif(orientation: 8), before: "IDAT", into: small)
        let animated = try PNGCodec.insertingChunk("acTL", big(1, 4) + big(0, 4), before: "IDAT", into: small)
        for (png, chunk, problem) in [(turned, "eXIf Orientation", "expected Orientation 1 (upright) or none, found 8: a browser shows it turned 90° anticlockwise, librsvg upright"),
                                      (animated, "acTL", "expected a still PNG, found an animated PNG (an acTL chunk): a browser plays its frames, librsvg draws only its first image")] {
            var d = DiagnosticCollector()
            XCTAssertNil(TemplateTree.read(text: template(png), file: "t.svg", into: &d))
            XCTAssertEqual(lines(d), ["error: t.svg: <image> href \(chunk): embedded PNG a browser draws otherwise: \(problem)"])
        }
        let tagged = try PNGCodec.insertingChunk("tEXt", Array("Comment\u{0}exported".utf8), before: "IDAT",
                                                 into: try PNGCodec.insertingChunk("eXIf", exif(orientation: 1), before: "IDAT", into: small))
        var d = DiagnosticCollector()
        let tree = try XCTUnwrap(TemplateTree.read(text: template(tagged), file: "t.svg", into: &d))
        XCTAssertEqual(lines(d), [])
        let href = try XCTUnwrap(tree.elements.first { $0.name == "image" }?["href"])
        let carried = try XCTUnwrap(Data(base64Encoded: String(href.dropFirst("data:image/png;base64,".count))))
        XCTAssertEqual(carried, try PNGCodec.drawnChunksCopy(tagged))
        XCTAssertEqual(pngChunks(carried).map(\.type), ["IHDR", "sRGB", "IDAT", "IEND"])
    }

    /// A 16×8 JPEG (red left, blue right) gdk-pixbuf wrote, with no EXIF.
    private static let jpeg = [UInt8](Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAAIABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD50rwKiiv3D6Mv/M4/7gf+5j+jfpDf8yr/ALjf+4j/2Q==")!)

    /// A JPEG a template embeds is held to the rule too: Chromium turns one whose EXIF Orientation
    /// is 6 (its top row red), librsvg draws it upright (rsvg-convert, checked by hand).
    /// A background image is held to the same rule (breaker run: drawn sideways, exit 0).
    func testABackgroundJPEGWithAnOrientationIsRefused() throws {
        let scratch = try Scratch()
        var bytes = Self.jpeg
        let segment: [UInt8] = [0xFF, 0xE1] + big(2 + 6 + 26, 2) + Array("Exif\u{0}\u{0}".utf8) + exif(orientation: 6)
        bytes.insert(contentsOf: segment, at: 2)
        try scratch.write("turned.jpg", Data(bytes))
        let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "classic", "theme": ["backgroundImage": "turned.jpg"]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))), [
            "error: \(scratch.path("turned.jpg")): APP1 Exif Orientation: background image refused: expected Orientation 1 (upright) or none, found 6: a browser shows it turned 90° clockwise, librsvg upright; save the background image upright without an Orientation tag"])
    }

    func testATemplatesEmbeddedJPEGWithAnOrientationIsRefused() throws {
        func template(_ orientation: Int?) -> String {
            var bytes = Self.jpeg
            if let orientation {
                // An APP1 segment after SOI: its length (itself, "Exif\0\0" and the TIFF), then those.
                let segment: [UInt8] = [0xFF, 0xE1] + big(2 + 6 + 26, 2) + Array("Exif\u{0}\u{0}".utf8) + exif(orientation: orientation)
                bytes.insert(contentsOf: segment, at: 2)
            }
            return """
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
              <image width="16" height="8" href="data:image/jpeg;base64,\(Data(bytes).base64EncodedString())"/>
            </svg>
            """
        }
        var d = DiagnosticCollector()
        XCTAssertNil(TemplateTree.read(text: template(6), file: "t.svg", into: &d))
        XCTAssertEqual(lines(d), ["error: t.svg: <image> href APP1 Exif Orientation: embedded JPEG a browser draws otherwise: expected Orientation 1 (upright) or none, found 6: a browser shows it turned 90° clockwise, librsvg upright"])
        for upright in [1, nil] {
            var d = DiagnosticCollector()
            let tree = try XCTUnwrap(TemplateTree.read(text: template(upright), file: "t.svg", into: &d))
            XCTAssertEqual(lines(d), [])
            XCTAssertEqual(tree.elements.first { $0.name == "image" }?["href"]?.hasPrefix("data:image/jpeg;base64,/9j/"), true)
        }
    }
}
