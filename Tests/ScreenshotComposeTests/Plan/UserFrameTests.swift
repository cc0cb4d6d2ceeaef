import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Plan
@testable import Raster
@testable import Manifest
@testable import Publish

/// A job's own device frame (`"frame"`): a PNG whose screen is found from its alpha, or an SVG
/// with a `capture` rect. The capture is fitted into the screen and the frame drawn over it.
final class UserFrameTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")
    static let magenta: [UInt8] = [0xff, 0x00, 0xff]

    /// A 200×420 frame: a magenta body, a transparent 180×400 screen at 10,10, and transparent
    /// 3×3 corners (transparent pixels touching the edge are outside, not the screen).
    static func framePNG(screen: Bool = true) throws -> Data {
        let width = 200, height = 420
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let inScreen = screen && (10..<190).contains(x) && (10..<410).contains(y)
                let corner = (x < 3 || x >= width - 3) && (y < 3 || y >= height - 3)
                rgba[i] = 0xff; rgba[i + 1] = 0; rgba[i + 2] = 0xff
                rgba[i + 3] = inScreen || corner ? 0 : 0xff
            }
        }
        return try PNGCodec.encodeRGBA(rgba, width: width, height: height)
    }

    static let frameSVG = """
    <svg xmlns="http://www.w3.org/2000/svg" width="200" height="420" viewBox="0 0 200 420">
      <path d="M0 0H200V420H0Z M10 10V410H190V10Z" fill-rule="evenodd" fill="#ff00ff"/>
      <rect id="capture" x="10" y="10" width="180" height="400" rx="20" fill="#cccccc"/>
    </svg>
    """

    /// A designer's template with a 300×649 capture slot at 45,180 and no frame art of its own.
    static let template = """
    <svg xmlns="http://www.w3.org/2000/svg" width="390" height="844" viewBox="0 0 390 844">
      <rect id="background" width="390" height="844" fill="#203040"/>
      <g id="headline">
        <rect x="30" y="40" width="330" height="110" fill="none"/>
        <text x="195" y="100" font-family="DejaVu Sans" font-size="34" font-weight="700" fill="#ffffff" text-anchor="middle">Sample</text>
      </g>
      <rect id="capture" x="45" y="180" width="300" height="649" rx="24" fill="#cccccc"/>
    </svg>
    """

    private func render(frame name: String, _ bytes: Data, template: String? = TemplateText.designer,
                        extra: [String: Any] = [:], check: Bool = false) throws -> (Scratch, RunReport) {
        let scratch = try Scratch()
        try scratch.write(name, bytes)
        var fields = extra
        fields["frame"] = name
        if let template {
            if template == TemplateText.designer {
                try scratch.write("designer.svg", Self.template)
                fields["template"] = "designer.svg"
            } else {
                fields["template"] = template
            }
        }
        let job = try Fixtures.mobileJob(in: scratch, extra: fields)
        let composer = ScreenshotComposer()
        return (scratch, check ? composer.check(jobFile: job, options: epoch) : composer.render(jobFile: job, options: epoch))
    }

    private enum TemplateText { static let designer = "(designer)" }

    private func pixels(_ scratch: Scratch) throws -> (Int, Int) -> [UInt8] {
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png"))))
        XCTAssertEqual([png.header.width, png.header.height], [390, 844])
        return { x, y in let p = png.pixel(x: x, y: y); return [p.r, p.g, p.b] }
    }

    func testTheScreenIsTheLargestTransparentRegionTheFrameEncloses() throws {
        let decoded = try PNGCodec.decodeRGBA(try Self.framePNG())
        XCTAssertEqual(FrameScreen.find(alpha: decoded.rgba, width: 200, height: 420, transparentBelow: 128),
                       FrameScreen.Box(x: 10, y: 10, width: 180, height: 400))
        // Two holes: the larger is the screen, the camera hole is not.
        var rgba = decoded.rgba
        for y in 20..<24 { for x in 5..<8 { rgba[(y * 200 + x) * 4 + 3] = 0 } }
        XCTAssertEqual(FrameScreen.find(alpha: rgba, width: 200, height: 420, transparentBelow: 128)?.width, 180)
        let closed = try PNGCodec.decodeRGBA(try Self.framePNG(screen: false))
        XCTAssertNil(FrameScreen.find(alpha: closed.rgba, width: 200, height: 420, transparentBelow: 128))
    }

    func testAPNGFrameIsDrawnOverTheCaptureFittedIntoItsScreen() throws {
        let (scratch, report) = try render(frame: "frame.png", try Self.framePNG())
        XCTAssertEqual(lines(report), [])
        let rgb = try pixels(scratch)
        // The frame fills the slot's width at 1.5 × (300 × 630 at 45,189.5); its screen is
        // 270 × 600 at 60,204.5 and the capture (390 × 844 at 0.6923 ×) is centred in it.
        XCTAssertEqual(rgb(50, 400), Self.magenta, "frame body left of the screen")
        XCTAssertEqual(rgb(195, 197), Self.magenta, "frame body above the screen")
        XCTAssertEqual(rgb(195, 815), Self.magenta, "frame body below the screen")
        XCTAssertEqual(rgb(195, 207), [0, 0, 0], "the screen is black where the capture's aspect leaves a bar")
        XCTAssertEqual(rgb(195, 185), [0x20, 0x30, 0x40], "the canvas above the frame")
        let scale = 270.0 / 390.0
        for (x, y) in [(195, 500), (100, 300), (300, 760)] {
            let cx = Int((Double(x) - 60 + 0.5) / scale), cy = Int((Double(y) - 212.35 + 0.5) / scale)
            let p = rgb(x, y)
            XCTAssertEqual(Int(p[0]), 200, accuracy: 2, "capture at \(x),\(y)")
            XCTAssertEqual(Int(p[1]), (cy * 3) & 0xFF, accuracy: 8, "capture at \(x),\(y)")
            XCTAssertEqual(Int(p[2]), (cx * 7) & 0xFF, accuracy: 16, "capture at \(x),\(y)")
        }
        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")), encoding: .utf8)
        XCTAssertTrue(svg.contains(#"id="capture-frame" preserveAspectRatio="none" width="300" x="45" y="189.5"/>"#), svg)
        XCTAssertTrue(svg.contains(#"href="data:image/png;base64,"#))
    }

    func testAnSVGFrameLosesItsCaptureRectAndClipsTheCaptureToItsRadius() throws {
        let (scratch, report) = try render(frame: "frame.svg", Data(Self.frameSVG.utf8))
        XCTAssertEqual(lines(report), [])
        let rgb = try pixels(scratch)
        XCTAssertEqual(rgb(50, 400), Self.magenta)
        XCTAssertEqual(Int(rgb(195, 500)[0]), 200, accuracy: 2, "capture in the screen")
        // The screen's rx (20 × 1.5) rounds the capture: its corner shows the canvas.
        XCTAssertEqual(rgb(61, 206), [0x20, 0x30, 0x40])
        // The frame's sample screen fill never shows.
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png"))))
        XCTAssertFalse(stride(from: 0, to: png.rgba.count, by: 4).contains { png.rgba[$0] == 0xcc && png.rgba[$0 + 1] == 0xcc && png.rgba[$0 + 2] == 0xcc })
    }

    func testABuiltInTemplateDrawsTheUsersFrameInsteadOfItsOwn() throws {
        let (scratch, report) = try render(frame: "frame.png", try Self.framePNG(), template: "classic")
        XCTAssertEqual(lines(report), [])
        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")), encoding: .utf8)
        XCTAssertFalse(svg.contains(#"id="device""#), "no built-in frame art")
        XCTAssertTrue(svg.contains(#"id="capture-frame""#))
        let rgb = try pixels(scratch)
        var magenta = 0, capture = 0
        for y in stride(from: 0, to: 844, by: 2) {
            for x in stride(from: 0, to: 390, by: 2) {
                let p = rgb(x, y)
                if p == Self.magenta { magenta += 1 } else if p[0] == 200 { capture += 1 }
            }
        }
        XCTAssertGreaterThan(magenta, 1000, "the frame is drawn")
        XCTAssertGreaterThan(capture, 20000, "the capture shows inside it")
    }

    func testTheManifestListsTheFrameWithItsSHA256AndVerifyChecksIt() throws {
        let frame = try Self.framePNG()
        let (scratch, report) = try render(frame: "frame.png", frame)
        XCTAssertEqual(lines(report), [])
        let manifestURL = URL(fileURLWithPath: scratch.path("out/manifest.json"))
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
        XCTAssertEqual(manifest.inputs.frames, [Manifest.FileEntry(path: "../frame.png", sha256: SHA256.hex(frame))])
        XCTAssertTrue(manifest.plan.basis.contains(Manifest.BasisItem(name: "frames[0]", value: SHA256.hex(frame))))
        try scratch.write("frame.png", try Self.framePNG(screen: false))
        let verified = ScreenshotComposer.verify(manifestFile: manifestURL.path)
        XCTAssertEqual(errorLines(verified).count, 1, "\(lines(verified))")
        XCTAssertTrue(errorLines(verified).first?.contains("inputs.frames[0] (../frame.png): sha256 differs") == true, "\(lines(verified))")
    }

    func testAFrameWithoutAScreenIsRefusedNamingTheFileAndNothingIsWritten() throws {
        let (opaque, first) = try render(frame: "frame.png", try Self.framePNG(screen: false))
        XCTAssertEqual(errorLines(first), ["error: \(opaque.path("frame.png")): alpha: frame refused: expected a transparent screen area enclosed by opaque frame pixels, found transparent pixels only where they reach the image's edge (no enclosed screen)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: opaque.path("out")))

        let noCapture = Self.frameSVG.replacingOccurrences(of: ##"<rect id="capture" x="10" y="10" width="180" height="400" rx="20" fill="#cccccc"/>"##, with: "")
        let (svg, second) = try render(frame: "frame.svg", Data(noCapture.utf8))
        XCTAssertEqual(errorLines(second), [##"error: \##(svg.path("frame.svg")): #capture: frame refused: expected a <rect id="capture"> marking the screen, found none"##])
        XCTAssertFalse(FileManager.default.fileExists(atPath: svg.path("out")))

        let script = Self.frameSVG.replacingOccurrences(of: "</svg>", with: "<script>alert(1)</script></svg>")
        let (_, third) = try render(frame: "frame.svg", Data(script.utf8), check: true)
        XCTAssertEqual(errorLines(third).count, 1)
        XCTAssertTrue(errorLines(third).first?.contains("active content in a template: expected artwork only, found <script>") == true, "\(lines(third))")
        // The frame's <script> is on its last line, the fourth.
        XCTAssertEqual(third.diagnostics.first { $0.severity == .error }?.position, JSONPosition(line: 4, column: 1))
    }

    func testAFrameNeedsATemplateWithACaptureSlot() throws {
        let (scratch, report) = try render(frame: "frame.png", try Self.framePNG(), template: nil, check: true)
        XCTAssertEqual(errorLines(report), ["error: \(scratch.path("job.json")): frame: a frame is drawn into a template's capture slot: expected \"template\": \"classic\" (or another built-in: caption-below, browser, duo, panorama) or a slot-marked template, found the placeholder template builtin:device-well.svg.tmpl for \(scratch.path("frame.png"))"])
    }

    /// A PNG that is only a signature, an IHDR of `width` × `height` (8-bit RGBA), an empty IDAT and IEND:
    /// its size is refused from the header, before any pixel is decoded.
    static func headerOnlyPNG(width: UInt32, height: UInt32) -> Data {
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return be(UInt32(body.count)) + typed + be(crc32(typed))
        }
        let ihdr = be(width) + be(height) + [8, 6, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", []) + chunk("IEND", []))
    }

    func testAFrameTooLargeToDecodeIsRefusedFromItsHeader() throws {
        let (scratch, report) = try render(frame: "frame.png", Self.headerOnlyPNG(width: 7000, height: 7000), check: true)
        XCTAssertEqual(errorLines(report), ["error: \(scratch.path("frame.png")): IHDR width×height: frame refused: expected at most 8192 pixels a side and 36000000 pixels in all, found 7000×7000"])
    }

    /// The screen is part of the frame: a capture rect reaching past the frame's own size (here
    /// 1e300 wide, which crashed the blank-output check converting its sample points to Int) is
    /// refused naming the rect and the frame's size.
    func testAnSVGFramesCaptureRectOutsideTheFrameIsRefused() throws {
        let wide = Self.frameSVG.replacingOccurrences(of: ##"x="10" y="10" width="180""##, with: ##"x="-1000" y="10" width="1e300""##)
        let (scratch, report) = try render(frame: "frame.svg", Data(wide.utf8))
        XCTAssertEqual(errorLines(report), [##"error: \##(scratch.path("frame.svg")): #capture: frame refused: expected the screen inside the frame's 200×420 pixels, found <rect id="capture"> x="-1000" y="10" width="1e300" height="400""##])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    /// A screen under a tenth of its frame either way drew the capture at a few pixels (or under
    /// one) and passed as an output: refused, naming both sizes, for SVG and PNG frames.
    func testAScreenTooSmallForItsFrameIsRefused() throws {
        let huge = Self.frameSVG.replacingOccurrences(of: ##"width="200" height="420" viewBox="0 0 200 420""##, with: ##"width="100000" height="200000""##)
        let (svg, first) = try render(frame: "frame.svg", Data(huge.utf8), check: true)
        XCTAssertEqual(errorLines(first), [##"error: \##(svg.path("frame.svg")): #capture: frame refused: expected a screen at least a tenth of the frame's width and height (the capture is drawn at the screen's size), found a 180×400 screen in a 100000×200000 frame"##])
        // A PNG whose big opening reaches the edge: the only enclosed hole is a 17×17 camera.
        var rgba = [UInt8](repeating: 0xff, count: 400 * 400 * 4)
        for y in 0..<400 {
            for x in 0..<400 where (x >= 20 && y >= 60) || ((180..<197).contains(x) && (20..<37).contains(y)) { rgba[(y * 400 + x) * 4 + 3] = 0 }
        }
        let (png, second) = try render(frame: "frame.png", try PNGCodec.encodeRGBA(rgba, width: 400, height: 400), check: true)
        XCTAssertEqual(errorLines(second), ["error: \(png.path("frame.png")): alpha: frame refused: expected a screen at least a tenth of the frame's width and height (the capture is drawn at the screen's size), found a 17×17 screen in a 400×400 frame"])
    }
}
