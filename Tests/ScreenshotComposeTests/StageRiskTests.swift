import CPNGShim
import Foundation
import XCTest
@testable import ScreenshotCompose

/// Correctness risks found by reading the code (issue 12), each with the test that failed
/// before its fix.
final class StageRiskTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testASubtitleOverTheHeadlineLimitIsRefusedBeforeMeasuring() throws {
        let scratch = try Scratch()
        let long = String(repeating: "a", count: Planner.maximumHeadlineLength + 1)
        let job = try Fixtures.mobileJob(in: scratch, extra: ["subtitles": ["en-US": ["shot": long]]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(job): subtitles.en-US.shot: subtitle too long: expected at most 1000 characters, found 1001",
        ])
    }

    /// An output that fails while rendering (here: its encoded PNG breaks a verified store
    /// rule) fails only its own capture under --keep-going; its diagnostic used to carry no
    /// capture, so one bad output stopped the whole run.
    func testKeepGoingCoversAnOutputThatFailsWhileRendering() throws {
        let scratch = try Scratch()
        try scratch.write("home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        try scratch.write("shot.png", try Fixtures.png(width: 390, height: 844))
        var store = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.repository.appendingPathComponent("store-wells.json"))) as? [String: Any])
        store["storeRules"] = [["store": "app-store", "rule": "maximumBytes", "bytes": 1000,
                                "citation": ["url": "https://example.invalid", "retrieved": "2026-11-30", "statement": "tiny"]]]
        try scratch.write("tight.json", try JSONSerialization.data(withJSONObject: store))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "storeWells": "tight.json",
                                        "captures": [["id": "home", "path": "home.png", "well": "tuck-ios-simulator-portrait",
                                                      "storeWell": "app-store-iphone-6.9-portrait-1320x2868"],
                                                     ["id": "shot", "path": "shot.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["home": "Home", "shot": "Shot"]]])
        var options = epoch
        options.keepGoing = true
        let report = ScreenshotComposer().render(jobFile: job, options: options)
        let errors = report.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first?.subject, DiagnosticSubject(locale: "en-US", captureId: "home", target: "app-store-iphone-6.9-portrait-1320x2868"))
        XCTAssertTrue(errors.first?.line.hasPrefix("error: \(scratch.path("out/en-US/home.png")): (output): app-store file size limit: expected at most 1000 bytes, found ") == true)
        let manifest = try XCTUnwrap(report.manifest, "--keep-going published nothing")
        XCTAssertEqual(manifest.outputs.map(\.captureId), ["shot"])
        XCTAssertEqual(manifest.failures?.map(\.captureId), ["home"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/en-US/shot.png")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/en-US/home.png")))
    }

    func testPNGEncodingRefusesABufferShorterThanTheImage() throws {
        XCTAssertThrowsError(try PNGCodec.encodeRGBA([0, 0, 0, 255], width: 100, height: 100)) { error in
            XCTAssertEqual((error as? PNGError)?.message, "pixel buffer too short for 100×100 RGBA: expected 40000 bytes, found 4")
        }
        XCTAssertThrowsError(try PNGCodec.encodeRGB(RasterImage(width: 64, height: 64, stride: 256, pixels: [UInt8](repeating: 0, count: 256 * 63)), texts: [])) { error in
            XCTAssertEqual((error as? PNGError)?.message, "pixel buffer too short for 64×64 xRGB: expected 16384 bytes, found 16128")
        }
        XCTAssertThrowsError(try PNGCodec.encodeRGB(RasterImage(width: 64, height: 1, stride: 16, pixels: [UInt8](repeating: 0, count: 256)), texts: [])) { error in
            XCTAssertEqual((error as? PNGError)?.message, "row stride too short: expected at least 256 bytes per row (4 per pixel), found 16")
        }
        // Exactly the right size still encodes.
        XCTAssertNoThrow(try PNGCodec.encodeRGBA([UInt8](repeating: 255, count: 16), width: 2, height: 2))
    }

    func testFontKeysDifferingOnlyInCaseAreRefused() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, extra: ["fonts": ["de": "DejaVu Sans", "DE": "Noto Sans"]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(job): fonts.de: font key given twice: expected each locale once (keys are matched ignoring case), found \"DE\" and \"de\"",
        ])
        // The stack is found by key in sorted order, never by dictionary order.
        var options = TypesettingOptions()
        options.fonts = ["de-DE": "DejaVu Sans", "de": "Noto Sans", "default": "Symbola"]
        XCTAssertEqual(FontStack.families(for: "de-de", options: options), "DejaVu Sans")
        XCTAssertEqual(FontStack.families(for: "de-AT", options: options), "Noto Sans")
        XCTAssertEqual(FontStack.families(for: "fr", options: options), "Symbola")
    }

    /// The first output's progress event waits until a third output has been rendered. A
    /// second thread can only take that output if the callback does not hold the lock the
    /// threads share (it used to, so the run stalled until the wait gave up).
    func testASlowProgressCallbackDoesNotHoldUpTheOtherThreads() {
        final class Seen: @unchecked Sendable {
            let condition = NSCondition()
            var done: Set<Int> = []
            var waitedFor2 = false
            func insert(_ i: Int) { condition.lock(); done.insert(i); condition.broadcast(); condition.unlock() }
            func wait(for i: Int) -> Bool {
                condition.lock(); defer { condition.unlock() }
                let deadline = Date().addingTimeInterval(5)
                while !done.contains(i) { if !condition.wait(until: deadline) { return false } }
                return true
            }
        }
        let seen = Seen()
        let results = ParallelRender.run([0, 1, 2], jobs: 2, progress: { event in
            if event.done == 1 { seen.waitedFor2 = seen.wait(for: 2) }
        }, describe: { _ in ("en-US", "shot") }, succeeded: { _ in true }) { (i: Int) -> Int in
            if i > 0 { Thread.sleep(forTimeInterval: 0.05) }
            seen.insert(i)
            return i * 10
        }
        XCTAssertEqual(results, [0, 10, 20])
        XCTAssertTrue(seen.waitedFor2, "the other thread could not go on while the progress callback ran")
    }
}

/// The publish step checks every destination before it removes or replaces anything.
final class PublishPreflightTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testAFolderWhereAnOutputFileGoesIsRefusedAndThePreviousRunStays() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "One"], "de-DE": ["shot": "Eins"]])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        let manifest = try Data(contentsOf: scratch.url.appendingPathComponent("out/manifest.json"))
        try FileManager.default.removeItem(atPath: scratch.path("out/en-US/shot.svg"))
        try FileManager.default.createDirectory(atPath: scratch.path("out/en-US/shot.svg"), withIntermediateDirectories: false)
        XCTAssertEqual(errorLines(ScreenshotComposer().render(jobFile: job, options: epoch)), [
            "error: \(job): output: an output file's place is taken by a folder: expected a file or nothing, found a folder at \(scratch.url.resolvingSymlinksInPath().path)/out/en-US/shot.svg",
        ])
        XCTAssertEqual(try Data(contentsOf: scratch.url.appendingPathComponent("out/manifest.json")), manifest, "the previous run's manifest went")
    }

    func testPublishChecksEveryDestinationBeforeRemovingTheOldManifest() throws {
        let scratch = try Scratch()
        let root = scratch.url.appendingPathComponent("out")
        // The old manifest is a release of the tool's (another file there would be refused too).
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        let old = try Data(contentsOf: root.appendingPathComponent("manifest.json"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("de-DE/a.svg"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("en-US/a.png"), withIntermediateDirectories: true)
        let folder = try OutputFolder(root)
        for name in ["de-DE/a.svg", "en-US/a.png", "en-US/a.svg"] {
            try AtomicFile.write(Data("new".utf8), to: folder.staging.appendingPathComponent(name))
        }
        XCTAssertThrowsError(try folder.publish(["en-US/a.svg", "de-DE/a.svg", "en-US/a.png"], manifest: Data("new".utf8))) { error in
            XCTAssertEqual((error as? OutputFolderError)?.messages, [
                "an output file's place is taken by a folder: expected a file or nothing, found a folder at \(root.path)/de-DE/a.svg",
                "an output file's place is taken by a folder: expected a file or nothing, found a folder at \(root.path)/en-US/a.png",
            ])
        }
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("manifest.json")), old)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("en-US/a.svg").path), "a file was moved in before the refusal")
    }
}

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

/// `"headlineSize": "uniform"` never leaves a headline at a larger size without saying so.
final class UniformSizeTests: XCTestCase {
    /// Pango, except that "Short" has no glyphs below 23 px (as a font with a size-limited
    /// character set would).
    final class SizeLimitedFont: Typesetting {
        let pango = PangoTypesetter()
        func measure(_ text: StyledText, style: TextStyle) -> TextMeasurement {
            var m = pango.measure(text, style: style)
            if text.text.contains("Short") && style.size < 23 { m.unknownCharacters = ["S"] }
            return m
        }
        func wrap(_ paragraph: StyledText, style: TextStyle, width: Double) -> [StyledText] { pango.wrap(paragraph, style: style, width: width) }
        func colorEmoji(_ line: StyledText, style: TextStyle, height: Double, baseline: Double) -> Result<[EmojiImage], EmojiRefusal> {
            pango.colorEmoji(line, style: style, height: height, baseline: baseline)
        }
        func registerFontFiles(_ paths: [String]) throws { try pango.registerFontFiles(paths) }
        func hasFamily(_ family: String) -> Bool { pango.hasFamily(family) }
        var engineVersion: String { pango.engineVersion }
    }

    func testAHeadlineThatCannotBeSetAtTheUniformSizeIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("a.png", try Fixtures.png(width: 390, height: 844))
        try scratch.write("b.png", try Fixtures.png(width: 390, height: 844))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "headlineSize": "uniform",
                                        "captures": [["id": "a", "path": "a.png", "well": "tuck-browser-mobile"],
                                                     ["id": "b", "path": "b.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["a": "Short", "b": "A much longer headline that has to shrink to fit its two lines"]]])
        let report = ScreenshotComposer(typesetter: SizeLimitedFont()).check(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))
        let errors = report.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, errorLines(report).joined(separator: "\n"))
        XCTAssertTrue(errors.first?.lineWithoutPosition.hasPrefix("error: \(job): headlines.en-US.a: \"headlineSize\": \"uniform\" sets every en-US headline on the tuck-browser-mobile canvas at ") == true, errors.first?.line ?? "")
        XCTAssertTrue(errors.first?.message.contains("no installed or registered font has a glyph for U+0053") == true, errors.first?.message ?? "")
        XCTAssertEqual(errors.first?.subject?.captureId, "a")
    }
}
