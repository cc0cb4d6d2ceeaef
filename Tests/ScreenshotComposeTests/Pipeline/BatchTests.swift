import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Ingest
@testable import Plan
@testable import Raster

/// Parallel rendering, CI shards and manifest merging.
final class BatchTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// Two captures × three locales on the mobile well.
    private func job(_ scratch: Scratch, output: String = "out") throws -> String {
        let png = try Fixtures.png(width: 390, height: 844)
        try scratch.write("a.png", png)
        try scratch.write("b.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("rust-book-mobile.png")))
        return try scratch.writeJob([
            "schemaVersion": 1, "output": output,
            "captures": [["id": "a", "path": "a.png", "well": "tuck-browser-mobile"], ["id": "b", "path": "b.png", "well": "tuck-browser-mobile"]],
            "headlines": ["en-US": ["a": "One", "b": "Two"], "de-DE": ["a": "Eins", "b": "Zwei"], "fr-FR": ["a": "Un", "b": "Deux"]],
        ])
    }

    func testThreadsDoNotChangeAnyByte() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        let serial = ScreenshotComposer().render(jobFile: jobFile, options: epoch, rendering: RenderOptions(jobs: 1))
        XCTAssertEqual(lines(serial), [])
        let first = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/manifest.json")))
        let parallel = ScreenshotComposer().render(jobFile: jobFile, options: epoch, rendering: RenderOptions(jobs: 4))
        XCTAssertEqual(lines(parallel), [])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/manifest.json"))), first)
        XCTAssertEqual(parallel.manifest?.outputs.map { "\($0.locale)/\($0.captureId)" },
                       ["de-DE/a", "de-DE/b", "en-US/a", "en-US/b", "fr-FR/a", "fr-FR/b"])
    }

    func testProgressComesInOutputOrder() throws {
        let scratch = try Scratch()
        let (code, out, err) = try runTool(["render", try job(scratch), "--jobs", "3", "--verbose"])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(err.split(separator: "\n").map(String.init), [
            "[1/6] ok de-DE/a", "[2/6] ok de-DE/b", "[3/6] ok en-US/a", "[4/6] ok en-US/b", "[5/6] ok fr-FR/a", "[6/6] ok fr-FR/b",
        ])
        XCTAssertTrue(out.hasPrefix("rendered 6 output(s)"))
        let (quietCode, quietOut, quietErr) = try runTool(["render", try job(scratch), "--quiet"])
        XCTAssertEqual(quietCode, 0)
        XCTAssertEqual(quietOut + quietErr, "")
    }

    func testShardArgumentsAreChecked() throws {
        for bad in ["0/2", "3/2", "x", "1/0", "1-2"] {
            XCTAssertNil(Shard(bad), bad)
        }
        XCTAssertEqual(Shard("2/3"), Shard(index: 2, count: 3))
        let (code, _, err) = try runTool(["render", "job.json", "--shard", "4/3"])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(err.hasPrefix("error: --shard takes I/N with 1 ≤ I ≤ N, found \"4/3\""), err)
    }
}
