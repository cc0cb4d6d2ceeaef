import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Raster
@testable import Ingest

/// A part of a CI matrix (`--locale`, `--shard`) decodes only the captures its own outputs
/// compose; the other captures are planned from their headers and bytes. So a capture whose
/// image data does not decode is refused by the part that composes it, and by the whole run,
/// and another part renders its own outputs.
final class PartPixelsTests: XCTestCase {
    private func job(_ scratch: Scratch) throws -> String {
        let good = try Fixtures.png(width: 390, height: 844)
        try scratch.write("captures/en-US/shot.png", good)
        // A real PNG cut in the middle of its image data, its IEND kept: the IHDR reads.
        try scratch.write("captures/de-DE/shot.png", good.prefix(good.count / 2) + good.suffix(12))
        return try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "shot", "path": "captures/{locale}/shot.png", "well": "tuck-browser-mobile"]],
            "headlines": ["en-US": ["shot": "Hello"], "de-DE": ["shot": "Hallo"]],
        ])
    }

    private let refusal = "captures[0].path: capture refused: expected image data that decodes, found "

    func testABrokenCaptureIsRefusedByThePartThatComposesItAndByTheWholeRun() throws {
        let scratch = try Scratch()
        let job = try job(scratch)
        let broken = "error: \(scratch.path("captures/de-DE/shot.png")): \(refusal)"
        let whole = errorLines(ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600")))
        XCTAssertEqual(whole.count, 1, "\(whole)")
        XCTAssertTrue(whole[0].hasPrefix(broken), "\(whole)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))

        let german = errorLines(ScreenshotComposer().render(jobFile: job, options: PlanOptions(locales: ["de-DE"], sourceDateEpoch: "1767225600")))
        XCTAssertEqual(german.count, 1, "\(german)")
        XCTAssertTrue(german[0].hasPrefix(broken), "\(german)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))

        // English's part never decodes the German file: it renders its own output.
        let english = ScreenshotComposer().render(jobFile: job, options: PlanOptions(locales: ["en-US"], sourceDateEpoch: "1767225600"))
        XCTAssertEqual(errorLines(english), [])
        XCTAssertEqual(english.outputCount, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/en-US/shot.png")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/de-DE/shot.png")))
    }

    func testAShardDecodesOnlyItsOwnCaptures() throws {
        let scratch = try Scratch()
        let job = try job(scratch)
        // The plan's list: de-DE then en-US (locales in order), so shard 1/2 is German's output.
        let options = PlanOptions(sourceDateEpoch: "1767225600")
        let first = errorLines(ScreenshotComposer().render(jobFile: job, options: options, rendering: RenderOptions(shard: Shard(index: 1, count: 2))))
        XCTAssertEqual(first.count, 1, "\(first)")
        XCTAssertTrue(first[0].hasPrefix("error: \(scratch.path("captures/de-DE/shot.png")): \(refusal)"), "\(first)")
        let second = ScreenshotComposer().render(jobFile: job, options: options, rendering: RenderOptions(shard: Shard(index: 2, count: 2)))
        XCTAssertEqual(errorLines(second), [])
        XCTAssertEqual(second.outputCount, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/en-US/shot.png")))
    }
}
