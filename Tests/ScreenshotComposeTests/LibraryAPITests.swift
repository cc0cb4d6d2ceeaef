import Foundation
import XCTest
@testable import ScreenshotCompose

/// The library used the way another Swift program uses it: a job built in code, rendered to
/// values in memory.
final class LibraryAPITests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testAJobBuiltInMemoryRendersTheBytesItsJobFileRenders() throws {
        let scratch = try Scratch()
        let png = try Fixtures.png(width: 390, height: 844)
        let headlines = ["en-US": ["shot": "Read it anywhere"], "de-DE": ["shot": "Überall lesen"]]
        let job = Job(captures: [JobCapture(id: "shot", png: png, well: "tuck-browser-mobile")], headlines: headlines,
                      output: scratch.url.appendingPathComponent("never-written"))
        let result = ScreenshotComposer().renderInMemory(job: job, options: epoch)
        XCTAssertEqual(result.diagnostics.map(\.line), [])
        XCTAssertEqual(result.outputs.map { "\($0.locale)/\($0.captureId)" }, ["de-DE/shot", "en-US/shot"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("never-written")), "an in-memory render wrote its output folder")

        // The same job as a file, rendered to a folder: the same SVG and PNG bytes.
        try scratch.write("captures/shot.png", png)
        let jobFile = try scratch.writeJob(["schemaVersion": 1, "output": "out", "headlines": headlines,
                                            "captures": [["id": "shot", "path": "captures/shot.png", "well": "tuck-browser-mobile"]]])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: epoch)), [])
        for output in result.outputs {
            XCTAssertEqual(output.svg, try Data(contentsOf: scratch.url.appendingPathComponent("out/\(output.locale)/shot.svg")))
            XCTAssertEqual(output.png, try Data(contentsOf: scratch.url.appendingPathComponent("out/\(output.locale)/shot.png")))
            XCTAssertEqual(output.pngSHA256, SHA256.hex(try XCTUnwrap(output.png)))
            let decoded = try PNGCodec.decodeRGBA(try XCTUnwrap(output.png))
            XCTAssertEqual([decoded.header.width, decoded.header.height], [390, 844])
        }
        let manifest = try XCTUnwrap(result.manifest)
        XCTAssertEqual(manifest.outputs.map { $0.png?.sha256 }, result.outputs.map(\.pngSHA256))
        XCTAssertEqual(manifest.inputs.captures.first?.sha256, SHA256.hex(png))
    }

    func testACodeBuiltJobIsCheckedLikeAJobFile() throws {
        let png = try Fixtures.png(width: 390, height: 844)
        let job = Job(captures: [JobCapture(id: "../x", png: png, well: "tuck-browser-mobile"),
                                 JobCapture(id: "b", png: png, well: "tuck-browser-mobile")],
                      headlines: ["en_US": ["b": "Hello"], "de-DE": ["c": "Hallo"]])
        XCTAssertEqual(ScreenshotComposer().check(job: job, options: epoch).diagnostics.map(\.line), [
            "error: (job built in code): captures[0].id: capture id becomes a file name: expected [A-Za-z0-9][A-Za-z0-9._-]*, at most 100 characters, found \"../x\"",
            "error: (job built in code): headlines.de-DE.c: headline for an unknown capture: expected one of ../x, b, found \"c\"",
            "error: (job built in code): headlines.en_US: locale becomes a folder name: expected a BCP 47 tag such as en-US or zh-Hans, found \"en_US\"",
            "error: (job built in code): headlines: missing headlines: expected one for every capture in every locale, found none for de-DE/../x, de-DE/b",
        ])
    }

    func testACaptureGivenAsBytesThatIsNoPNGIsRefusedWithItsName() throws {
        let job = Job(captures: [JobCapture(id: "shot", png: Data("GIF89a".utf8), well: "tuck-browser-mobile")],
                      headlines: ["en-US": ["shot": "Hello"]])
        XCTAssertEqual(ScreenshotComposer().renderInMemory(job: job, options: epoch).diagnostics.map(\.line), [
            "error: /<in memory>/shot.png: captures[0].path: capture refused: expected a PNG, found not a PNG (no PNG signature)",
        ])
    }
}
