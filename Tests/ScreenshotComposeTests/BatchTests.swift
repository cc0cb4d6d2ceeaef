import Foundation
import XCTest
@testable import ScreenshotCompose

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

    func testShardsMergeIntoTheUnshardedManifestByteForByte() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch, output: "whole")
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: epoch)), [])
        let whole = try Data(contentsOf: URL(fileURLWithPath: scratch.path("whole/manifest.json")))

        var sharded = epoch
        sharded.output = scratch.path("parts")
        var counts: [Int] = []
        for index in 1...3 {
            let report = ScreenshotComposer().render(jobFile: jobFile, options: sharded,
                                                     rendering: RenderOptions(shard: Shard(index: index, count: 3)))
            XCTAssertEqual(lines(report), [])
            counts.append(report.outputCount)
            var d = DiagnosticCollector()
            ManifestVerifier.verify(manifestFile: scratch.path("parts/manifest.shard-\(index)-of-3.json"), into: &d)
            XCTAssertEqual(lines(d), [], "shard \(index) manifest must verify on its own")
        }
        XCTAssertEqual(counts, [2, 2, 2])
        let (code, _, err) = try runTool(["merge-manifests", scratch.path("parts/manifest.shard-2-of-3.json"),
                                          scratch.path("parts/manifest.shard-1-of-3.json"), scratch.path("parts/manifest.shard-3-of-3.json"),
                                          "-o", scratch.path("parts/manifest.json")])
        XCTAssertEqual(err, "")
        XCTAssertEqual(code, 0)
        let merged = try Data(contentsOf: URL(fileURLWithPath: scratch.path("parts/manifest.json")))
        // The output folders differ (whole/ and parts/), so compare after the one difference:
        // nothing in the manifest names its own folder, so the bytes are equal.
        XCTAssertEqual(String(decoding: merged, as: UTF8.self), String(decoding: whole, as: UTF8.self))
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: scratch.path("parts/manifest.json"), into: &d)
        XCTAssertEqual(lines(d), [])
    }

    func testMergeRefusesShardsOfDifferentRunsAndConflictingOutputs() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: epoch, rendering: RenderOptions(shard: Shard(index: 1, count: 2)))), [])
        let later = PlanOptions(sourceDateEpoch: "1767225601")
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: later, rendering: RenderOptions(shard: Shard(index: 2, count: 2)))), [])
        var d = DiagnosticCollector()
        let one = scratch.path("out/manifest.shard-1-of-2.json"), two = scratch.path("out/manifest.shard-2-of-2.json")
        XCTAssertNil(ManifestMerger.merge([one, two], into: scratch.path("out/manifest.json"), diagnostics: &d))
        XCTAssertEqual(lines(d), ["error: \(two): composedAt: shards of different runs: expected the same composedAt as \(one), found another"])

        // The same output listed by two shards with different hashes: shard 2 re-rendered at
        // the first run's time, then given a forged copy of one of shard 1's outputs.
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: epoch, rendering: RenderOptions(shard: Shard(index: 2, count: 2)))), [])
        var manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: two)))
        var copied = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: one))).outputs[0]
        copied.svg.sha256 = String(repeating: "0", count: 64)
        manifest.outputs.append(copied)
        let forged = scratch.path("out/forged.json")
        try manifest.encoded().write(to: URL(fileURLWithPath: forged))
        var e = DiagnosticCollector()
        XCTAssertNil(ManifestMerger.merge([one, forged], into: scratch.path("out/manifest.json"), diagnostics: &e))
        XCTAssertEqual(lines(e), ["error: \(forged): outputs de-DE/a: listed by two shards with different files: expected the same hashes as \(one), found others"])
    }

    func testMergeRefusesAMissingShardAndAnUnshardedManifest() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        for index in [1, 2] {
            XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: epoch, rendering: RenderOptions(shard: Shard(index: index, count: 3)))), [])
        }
        var d = DiagnosticCollector()
        let target = scratch.path("out/manifest.json")
        XCTAssertNil(ManifestMerger.merge([scratch.path("out/manifest.shard-1-of-3.json"), scratch.path("out/manifest.shard-2-of-3.json")], into: target, diagnostics: &d))
        XCTAssertEqual(lines(d), ["error: \(target): shard: expected shards 1 to 3 once each, found 1, 2 (missing 3)"])
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
