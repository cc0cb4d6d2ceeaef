import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Layout
@testable import Plan

/// The job's fonts win (issue 34 item 4): a family in `fontFiles` is drawn from the job's files
/// even when the machine has a font of that name, and the manifest names the job's file. Each run
/// with font files gets a fontconfig configuration of its own (`FontRegistry.runFonts`), so the
/// next job in the same process draws the machine's faces again (an earlier attempt changed the
/// process's configuration and was reverted for that).
final class JobFontsWinTests: XCTestCase {
    /// `source` renamed to `family` (scripts/rename-font-family.py, python3-fonttools).
    static func renamedFont(_ source: String, to destination: String, family: String) throws {
        try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, Fixtures.repository.appendingPathComponent("scripts/rename-font-family.py").path, source, destination, family]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python3-fonttools (scripts/setup.sh installs it)")
    }

    /// Rendered in this process: the PNG, the headline's band and the manifest's font paths.
    static func render(_ scratch: Scratch, _ name: String, headline: String, _ extra: [String: Any]) throws -> (png: DecodedPNG, band: Rect, fonts: [String], folder: String) {
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": headline]], extra: extra.merging(["output": "out-\(name)"]) { a, _ in a })
        let options = PlanOptions(sourceDateEpoch: "1767225600")
        let report = ScreenshotComposer().render(jobFile: job, options: options)
        XCTAssertEqual(lines(report).filter { $0.hasPrefix("error") }, [], name)
        var d = DiagnosticCollector()
        let band = try XCTUnwrap(ScreenshotComposer().prepare(jobFile: job, options: options, into: &d)?.1.first).layout.headline.band
        let folder = scratch.path("out-\(name)")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))) as? [String: Any]
        let fonts = ((manifest?["outputs"] as? [[String: Any]])?.first?["fonts"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
        return (try PNGCodec.decodeRGBA(Data(contentsOf: URL(fileURLWithPath: folder + "/en-US/shot.png"))), band, fonts, folder)
    }

    /// The pixels of `png` in `band`, row by row.
    static func pixels(_ png: DecodedPNG, in band: Rect) -> [UInt8] {
        var out: [UInt8] = []
        for y in max(0, Int(band.y))..<min(png.header.height, Int(band.maxY.rounded(.up))) {
            for x in max(0, Int(band.x))..<min(png.header.width, Int(band.maxX.rounded(.up))) {
                let p = png.pixel(x: x, y: y)
                out += [p.r, p.g, p.b]
            }
        }
        return out
    }

    /// DejaVu Sans Mono Bold renamed "DejaVu Sans" (installed here): the headline's band shows the
    /// job's monospaced file, pixel for pixel the installed DejaVu Sans Mono, and the manifest
    /// names the job's file; a job without it, rendered next in the same process, draws and names
    /// the installed DejaVu Sans again.
    func testAJobFontFileWinsOverAnInstalledFontOfItsFamilyForItsRunOnly() throws {
        let scratch = try Scratch()
        let font = scratch.path("fonts/Team-Bold.ttf")
        try Self.renamedFont("/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf", to: font, family: "DejaVu Sans")
        let headline = "Illicit mill 1il"
        let job = try Self.render(scratch, "job", headline: headline, ["fontFiles": ["fonts/Team-Bold.ttf"], "fonts": ["default": "DejaVu Sans"]])
        let sans = try Self.render(scratch, "sans", headline: headline, ["fonts": ["default": "DejaVu Sans"]])
        let mono = try Self.render(scratch, "mono", headline: headline, ["fonts": ["default": "DejaVu Sans Mono"]])
        XCTAssertEqual(job.fonts, [font], "the manifest names the job's file")
        XCTAssertEqual(sans.fonts, ["/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"], "the next job draws the machine's font")
        XCTAssertEqual([job.band, sans.band], [mono.band, mono.band])
        let jobPixels = Self.pixels(job.png, in: job.band)
        XCTAssertNotEqual(Self.pixels(mono.png, in: mono.band), Self.pixels(sans.png, in: sans.band), "the two fonts must draw differently for the test to tell them apart")
        XCTAssertTrue(jobPixels == Self.pixels(mono.png, in: mono.band), "the headline was not drawn from the job's file")
    }

    /// The SVG a designer opens carries the job's faces (issue 34 item 4): an `@font-face` rule
    /// per job font, linking one copy in the output folder (hashed in the manifest, checked by
    /// verify). Headless Chromium's screenshot of the SVG, from file://, with a family no machine
    /// has (DejaVu Serif Bold renamed), matches the PNG in the headline's band; without the rule
    /// it draws a sans-serif fallback.
    func testAnOutputsSVGShowsTheJobFontInChromium() throws {
        let scratch = try Scratch()
        let family = "Brand Serif \(UUID().uuidString.prefix(8))"
        let font = scratch.path("fonts/Brand Bold.ttf")
        try Self.renamedFont("/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf", to: font, family: family)
        let job = try Self.render(scratch, "job", headline: "Read it anywhere", ["fontFiles": ["fonts/Brand Bold.ttf"], "fonts": ["default": family]])
        XCTAssertEqual(job.fonts, [font])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: font))
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: job.folder + "/manifest.json"))) as? [String: Any]
        let copies = (manifest?["outputs"] as? [[String: Any]])?.first?["fontCopies"] as? [[String: Any]]
        XCTAssertEqual(copies?.map { [$0["path"] as? String, $0["sha256"] as? String, ($0["bytes"] as? Int).map(String.init)] },
                       [["fonts/Brand_Bold.ttf", SHA256.hex(bytes), String(bytes.count)]])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: job.folder + "/fonts/Brand_Bold.ttf")), bytes)
        let svg = try String(contentsOfFile: job.folder + "/en-US/shot.svg", encoding: .utf8)
        let rule = "@font-face{font-family:\"\(family)\";src:url(\"../fonts/Brand_Bold.ttf\");font-weight:700;font-style:normal}"
        XCTAssertTrue(svg.contains("<style>\(rule)</style>"), svg)
        let (code, out, err) = try runTool(["verify", job.folder + "/manifest.json"])
        XCTAssertEqual(code, 0, out + err)
        // The same SVG without the rule, beside it: what a browser drew before.
        try svg.replacingOccurrences(of: "<style>\(rule)</style>", with: "").write(toFile: job.folder + "/en-US/plain.svg", atomically: true, encoding: .utf8)
        let (width, height) = (job.png.header.width, job.png.header.height)
        let shot = try Chromium.screenshot(URL(fileURLWithPath: job.folder + "/en-US/shot.svg"), width: width, height: height, shot: scratch.path("shot.png"))
        let plain = try Chromium.screenshot(URL(fileURLWithPath: job.folder + "/en-US/plain.svg"), width: width, height: height, shot: scratch.path("plain.png"))
        let withRule = Chromium.meanDifference(shot, job.png, in: job.band), without = Chromium.meanDifference(plain, job.png, in: job.band)
        FileHandle.standardError.write(Data("JobFontsWinTests: headline band \(job.band), mean difference R G B with the rule \(withRule), without \(without)\n".utf8))
        XCTAssertEqual(withRule.count, 3)
        // Measured: 2.8 with the rule (Chromium hints and anti-aliases its glyph edges otherwise than
        // cairo), 15.5 without (a sans-serif fallback).
        XCTAssertTrue(withRule.allSatisfy { $0 <= 4 }, "Chromium did not draw the job's face: \(withRule)")
        XCTAssertTrue(zip(withRule, without).allSatisfy { $0 * 3 < $1 }, "without the rule Chromium must draw another face: \(withRule) vs \(without)")
        // verify checks the copy's bytes.
        try (bytes + Data([0])).write(to: URL(fileURLWithPath: job.folder + "/fonts/Brand_Bold.ttf"))
        let (tampered, _, tamperedErr) = try runTool(["verify", job.folder + "/manifest.json"])
        XCTAssertEqual(tampered, 1)
        XCTAssertTrue(tamperedErr.contains("outputs[0].fontCopies[0] (fonts/Brand_Bold.ttf): sha256 differs: expected \(SHA256.hex(bytes)), found \(SHA256.hex(bytes + Data([0])))"), tamperedErr)
    }

    /// The font copy is the run's like a capture copy: a file of someone else's at its name is
    /// refused, nothing written; a later run of the job without fontFiles removes it.
    /// A locale named "fonts" writes its outputs into the font copies' folder: a font file
    /// named like an output is refused at check, naming the entry (breaker run: render exited 0
    /// and the PNG replaced the font copy, so verify refused the release).
    func testAFontCopyAtAnOutputsPathIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("c/shot.png", try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["fonts": ["shot": "Hello"]], extra: ["fontFiles": ["c/shot.png"]])
        let report = ScreenshotComposer().check(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))
        let errors = errorLines(report)
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors.first?.hasPrefix("error: \(job):") ?? false)
        XCTAssertTrue(errors.first?.hasSuffix(": fontFiles[0]: two files at one path: expected each file of the release at its own path, found fonts/shot.png as the PNG of fonts/shot and as the copy of fontFiles[0]") ?? false, "\(errors)")
    }

    /// Copy names fit a file name's 255 bytes, the "-2" of a second file included (breaker
    /// run: check said ok, then render failed writing "-2" at 257 bytes, naming the SVG).
    func testFontCopyNamesFitAFileName() {
        let long = String(repeating: "L", count: 251) + ".ttf"
        let copies = OutputPaths.fontCopies(["a/\(long)", "b/\(long)", "c/Brand Bold.otf"])
        XCTAssertEqual(copies.map { $0.dropFirst("fonts/".count).utf8.count }, [255, 255, 14])
        XCTAssertEqual(copies[1], "fonts/" + String(repeating: "L", count: 249) + "-2.ttf")
        XCTAssertEqual(copies[2], "fonts/Brand_Bold.otf")
    }

    func testTheFontCopyIsOwnedAndRemovedLikeACaptureCopy() throws {
        let scratch = try Scratch()
        try Self.renamedFont("/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf", to: scratch.path("fonts/Brand.ttf"), family: "Brand Serif Owned")
        try scratch.write("out-job/fonts/Brand.ttf", Data("notes".utf8))
        let extra: [String: Any] = ["fontFiles": ["fonts/Brand.ttf"], "fonts": ["default": "Brand Serif Owned"], "output": "out-job"]
        let job = try Fixtures.mobileJob(in: scratch, extra: extra)
        let options = PlanOptions(sourceDateEpoch: "1767225600")
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: options)), [
            "error: \(job): output: a file this tool did not write is in the way: expected nothing or an output a manifest of this folder lists, found \(scratch.path("out-job/fonts/Brand.ttf")), which no manifest, record or marker of this tool in \(scratch.path("out-job")) claims; move it away or choose another output folder"])
        try FileManager.default.removeItem(atPath: scratch.path("out-job/fonts/Brand.ttf"))
        _ = try Self.render(scratch, "job", headline: "Read it anywhere", extra)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out-job/fonts/Brand.ttf")))
        _ = try Self.render(scratch, "job", headline: "Read it anywhere", [:])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out-job/fonts/Brand.ttf")))
    }
}
