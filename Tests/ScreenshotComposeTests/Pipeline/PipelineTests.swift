import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Compose
@testable import Raster
@testable import Manifest
@testable import Publish
#if canImport(FoundationXML)
import FoundationXML
#endif

final class PipelineTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testRendersSVGPNGAndManifestWithHashesOfTheFilesThemselves() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Read it anywhere"], "de-DE": ["shot": "Überall lesen"]])
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(report.manifestURL?.path, scratch.path("out/manifest.json"))
        XCTAssertEqual(manifest.composedAt, "2026-01-01T00:00:00Z")
        XCTAssertEqual(manifest.outputs.map { "\($0.locale)/\($0.captureId)" }, ["de-DE/shot", "en-US/shot"])
        XCTAssertEqual(manifest.inputs.captures.map(\.path), ["../captures/shot.png"])
        XCTAssertEqual(manifest.inputs.template.path, "builtin:device-well.svg.tmpl")
        XCTAssertTrue(manifest.notCaptureEvidence)
        XCTAssertEqual(manifest.toolchain.librsvg, "2.54.7")

        let out = scratch.url.appendingPathComponent("out")
        let captureBytes = try Data(contentsOf: scratch.url.appendingPathComponent("captures/shot.png"))
        XCTAssertEqual(manifest.inputs.captures[0].sha256, SHA256.hex(captureBytes))
        for output in manifest.outputs {
            let svg = try Data(contentsOf: out.appendingPathComponent(output.svg.path))
            XCTAssertEqual(output.svg.sha256, SHA256.hex(svg))
            XCTAssertEqual(output.svg.bytes, svg.count)
            let png = try Data(contentsOf: out.appendingPathComponent(try XCTUnwrap(output.png).path))
            XCTAssertEqual(output.png?.sha256, SHA256.hex(png))
            XCTAssertEqual(output.png?.bytes, png.count)
            let copy = try Data(contentsOf: out.appendingPathComponent(output.capture.path))
            // The copy is the capture's drawn chunks (its gAMA and cHRM left out), the manifest
            // naming both files' SHA-256.
            XCTAssertEqual(copy, try PNGCodec.drawnChunksCopy(captureBytes))
            XCTAssertNotEqual(copy, captureBytes)
            XCTAssertEqual(output.capture.sha256, SHA256.hex(copy))
            XCTAssertEqual(output.capture.sourceSHA256, manifest.inputs.captures[0].sha256)
        }
        // The manifest's bytes are what `encoded()` gives for it.
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("manifest.json")), try manifest.encoded())
    }

    func testKnownSHA256() {
        XCTAssertEqual(SHA256.hex(Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Data()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func testPNGIsTheCanvasSizeEightBitRGBWithTextChunksAndNoTime() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png"))))
        XCTAssertEqual(png.header.width, 390)
        XCTAssertEqual(png.header.height, 844)
        XCTAssertEqual(png.header.bitDepth, 8)
        XCTAssertEqual(png.header.colorType, .rgb)
        XCTAssertFalse(png.header.interlaced)
        XCTAssertTrue(png.header.hasSRGB)
        XCTAssertFalse(png.header.hasEXIF)
        XCTAssertFalse(png.hasTimeChunk)
        let texts = Dictionary(png.texts.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(texts["not-capture-evidence"], "true")
        XCTAssertEqual(texts["capture-id"], "shot")
        XCTAssertEqual(texts["Title"], "Read it anywhere")
        XCTAssertEqual(texts["Description"], "Composed marketing asset, not capture evidence. Source capture: shot.")
        XCTAssertEqual(texts["Creation Time"], "2026-01-01T00:00:00Z")
    }

    func testRealSimulatorCaptureRGBAWithEXIFGivesRGBWithoutEXIF() throws {
        let scratch = try Scratch()
        try scratch.write("home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "home", "path": "home.png", "well": "tuck-ios-simulator-portrait"]],
            "headlines": ["en-US": ["home": "Ask anything over DNS"]],
        ])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        let source = try PNGCodec.readHeader(try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        XCTAssertEqual(source.colorType, .rgba)
        XCTAssertTrue(source.hasEXIF)
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/home.png"))))
        XCTAssertEqual(png.header.colorType, .rgb)
        XCTAssertEqual(png.header.width, 1206)
        XCTAssertEqual(png.header.height, 2622)
        XCTAssertFalse(png.header.hasEXIF)
        // The simulator well has rounded screen corners: the capture's corner pixel is clipped
        // away (the frame's or the background's colour shows there).
        var d = DiagnosticCollector()
        let layout = try XCTUnwrap(ScreenshotComposer().prepare(jobFile: job, options: epoch, into: &d)?.1.first?.layout)
        XCTAssertEqual(layout.captureRadius, (layout.capture.width * 0.12).rounded())
        let corner = png.pixel(x: Int(layout.capture.x) + 3, y: Int(layout.capture.y) + 3)
        XCTAssertTrue([[0x1C, 0x1F, 0x26], [0xEE, 0xF1, 0xF6]].contains([corner.r, corner.g, corner.b]), "\(corner)")
        XCTAssertEqual(layout.frameRadius, layout.captureRadius + (layout.frame.width - layout.capture.width) / 2)
    }

    func testSameInputsAndSourceDateEpochGiveByteIdenticalOutputs() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        let names = ["out/en-US/shot.svg", "out/en-US/shot.png", "out/manifest.json"]
        let first = try names.map { try Data(contentsOf: URL(fileURLWithPath: scratch.path($0))) }
        try FileManager.default.removeItem(atPath: scratch.path("out"))
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        let second = try names.map { try Data(contentsOf: URL(fileURLWithPath: scratch.path($0))) }
        for (name, (a, b)) in zip(names, zip(first, second)) {
            XCTAssertEqual(SHA256.hex(a), SHA256.hex(b), name)
        }
    }

    func testSVGParsesAndCarriesTheMarkersAndAHrefThatResolvesBesideIt() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["de-DE": ["shot": #"A & B < C > "D" 'E' {{WIDTH}}"#]])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch, svgOnly: true)), [])
        let svgURL = URL(fileURLWithPath: scratch.path("out/de-DE/shot.svg"))
        let data = try Data(contentsOf: svgURL)
        XCTAssertNil(XMLText.wellFormednessError(data))
        let root = try XCTUnwrap(try XMLDocument(data: data, options: []).rootElement())
        func attribute(_ e: XMLElement, _ name: String) -> String? { e.attributes?.first { $0.name == name }?.stringValue }
        XCTAssertEqual(root.elements(forName: "title").first?.stringValue, #"A & B < C > "D" 'E' {{WIDTH}}"#)
        XCTAssertEqual(attribute(root, "data-not-capture-evidence"), "true")
        XCTAssertEqual(attribute(root, "data-composed-at"), "2026-01-01T00:00:00Z")
        XCTAssertEqual(attribute(root, "width"), "390")
        XCTAssertEqual(attribute(root, "viewBox"), "0 0 390 844")
        XCTAssertEqual(attribute(root, "xml:lang"), "de-DE")
        XCTAssertTrue(root.elements(forName: "desc").first?.stringValue?.contains("not capture evidence") == true)
        let image = try XCTUnwrap(root.elements(forName: "image").first)
        let href = try XCTUnwrap(attribute(image, "href"))
        XCTAssertEqual(href, "captures/shot.png")
        XCTAssertTrue(FileManager.default.fileExists(atPath: svgURL.deletingLastPathComponent().appendingPathComponent(href).path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/de-DE/shot.png")), "--svg-only wrote a PNG")
    }

    func testCaptureThatVanishesBeforeRasterizingFailsInsteadOfAnEmptyFrame() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        var d = DiagnosticCollector()
        let (plan, laidOut) = try XCTUnwrap(ScreenshotComposer().prepare(jobFile: job, options: epoch, into: &d))
        let renderer = OutputRenderer()
        let staging = StagingArea(root: plan.output)
        let composed = try SVGComposer.compose(laidOut[0])
        try staging.placeCapture(laidOut[0].spec)
        let copy = scratch.path("out/\(composed.captureCopyRelativePath)")
        try FileManager.default.removeItem(atPath: copy)
        XCTAssertThrowsError(try renderer.rasterize(composed, spec: laidOut[0].spec, layout: laidOut[0].layout, base: plan.output)) { error in
            XCTAssertEqual((error as? RasterError)?.message,
                           "librsvg drew nothing for the capture \(copy) (missing, unreadable or outside the SVG's folder): expected the capture's pixels in the frame, found an empty frame")
        }
        // A capture copy that is not an image fails the same way.
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: copy))
        XCTAssertThrowsError(try renderer.rasterize(composed, spec: laidOut[0].spec, layout: laidOut[0].layout, base: plan.output))
    }

    func testWrongSizeAndNotAPNGAreRefusedTogetherAndNothingIsWritten() throws {
        let scratch = try Scratch()
        try scratch.write("small.png", try Fixtures.png(width: 100, height: 50))
        try scratch.write("fake.png", "GIF89a not a png")
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "small", "path": "small.png", "well": "tuck-browser-mobile"],
                         ["id": "fake", "path": "fake.png", "well": "tuck-browser-desktop"],
                         ["id": "gone", "path": "gone.png", "well": "nowhere"]],
            "headlines": ["en-US": ["small": "a", "fake": "b", "gone": "c"]],
        ])
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [
            "error: \(scratch.path("small.png")): IHDR width×height: capture small does not match well tuck-browser-mobile: expected 390×844, found 100×50",
            "error: \(scratch.path("fake.png")): captures[1].path: capture refused: expected a PNG, found not a PNG (no PNG signature)",
            "error: \(job): captures[2].well: unknown well: expected one of the 119 device wells (`wells` lists them), the nearest being macos-1440x900, macos-1280x800, tuck-browser-mobile (or a store slot id, see `wells --store`), or no \"well\" to pick it from the capture's size, found \"nowhere\"",
            "error: \(scratch.path("gone.png")): captures[2].path: cannot read the capture: expected a file, found nothing at \(scratch.path("gone.png"))",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    func testCaptureWhoseImageDataDoesNotDecodeIsRefusedBeforeRendering() throws {
        let scratch = try Scratch()
        let good = try Fixtures.png(width: 390, height: 844)
        // A byte flipped inside the image data: signature and IHDR still valid.
        var flipped = good
        flipped[flipped.count / 2] ^= 0xFF
        try scratch.write("garbage.png", flipped)
        // A real PNG cut in the middle of its image data, its IEND kept.
        try scratch.write("short.png", good.prefix(good.count / 2) + good.suffix(12))
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "garbage", "path": "garbage.png", "well": "tuck-browser-mobile"],
                         ["id": "short", "path": "short.png", "well": "tuck-browser-mobile"]],
            "headlines": ["en-US": ["garbage": "a", "short": "b"]],
        ])
        let problems = lines(ScreenshotComposer().render(jobFile: job, options: epoch))
        XCTAssertEqual(problems.count, 2, "\(problems)")
        // libpng's own words follow "found" (here "Not enough image data").
        XCTAssertTrue(problems.first?.hasPrefix("error: \(scratch.path("garbage.png")): captures[0].path: capture refused: expected image data that decodes, found ") == true, "\(problems)")
        XCTAssertTrue(problems.last?.hasPrefix("error: \(scratch.path("short.png")): captures[1].path: capture refused: ") == true, "\(problems)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    func testProblemsOfEveryStageComeInOneRun() throws {
        let scratch = try Scratch()
        try scratch.write("small.png", try Fixtures.png(width: 10, height: 10))
        try scratch.write("ok.png", try Fixtures.png(width: 390, height: 844))
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out", "bogus": true,
            "captures": [["id": "small", "path": "small.png", "well": "tuck-browser-mobile"],
                         ["id": "ok", "path": "ok.png", "well": "tuck-browser-mobile"]],
            "headlines": ["en-US": ["small": "fine", "ok": "Rocket 🚀"]],
        ])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: epoch)).map { $0.components(separatedBy: ": ").prefix(3).joined(separator: ": ") }, [
            "error: \(job): bogus",
            "error: \(scratch.path("small.png")): IHDR width×height",
            "error: \(job): headlines.en-US.ok",
        ])
    }

    func testVerifyNamesEveryFileThatDiffersOrIsMissing() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "One"], "de-DE": ["shot": "Eins"]])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        let manifest = scratch.path("out/manifest.json")
        var clean = DiagnosticCollector()
        // template, wells, store wells, capture; per locale svg, png, capture copy; one font file
        XCTAssertEqual(ManifestVerifier.verify(manifestFile: manifest, into: &clean), 11)
        XCTAssertEqual(lines(clean), [])

        let pngPath = scratch.path("out/en-US/shot.png")
        let original = try Data(contentsOf: URL(fileURLWithPath: pngPath))
        var changed = original
        changed[changed.count - 20] ^= 0xFF
        try changed.write(to: URL(fileURLWithPath: pngPath))
        try FileManager.default.removeItem(atPath: scratch.path("out/de-DE/shot.svg"))
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: manifest, into: &d)
        XCTAssertEqual(lines(d), [
            "error: \(manifest): outputs[0].svg (de-DE/shot.svg): file missing: expected a file with sha256 \(try XCTUnwrap(ScreenshotComposer().verifyExpected(manifest, "de-DE/shot.svg"))), found none",
            "error: \(manifest): outputs[1].png (en-US/shot.png): sha256 differs: expected \(SHA256.hex(original)), found \(SHA256.hex(changed))",
        ])
    }
}

extension ScreenshotComposer {
    /// The SHA-256 a manifest records for `path` (test helper).
    func verifyExpected(_ manifestFile: String, _ path: String) throws -> String? {
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestFile)))
        return manifest.outputs.first { $0.svg.path == path }?.svg.sha256
    }
}
