import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Manifest

/// `verify` and `merge-manifests` stay linear in every list a manifest holds: a manifest whose
/// outputs name 200,000 font entries is verified, and two shards of 2,000 outputs merged, within
/// the test run's own time. No timed assertion: the quadratic scan of every listed file per font
/// entry took minutes at these sizes (160,000 entries: 176 s); `make bench BENCH_ONLY=verify`
/// times verify on release builds.
final class LargeManifestTests: XCTestCase {
    /// A release of `outputs` SVG-only outputs whose entries name `fontsPerOutput` of `fontFiles`
    /// small font files each. Every output lists the first output's SVG and capture copy (this
    /// machine makes a file in milliseconds; verify reads each entry all the same).
    private func release(_ scratch: Scratch, outputs: Int, fontsPerOutput: Int, fontFiles: Int = 50) throws -> (path: String, manifest: Manifest) {
        let job = try Fixtures.mobileJob(in: scratch)
        let report = ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"), svgOnly: true)
        XCTAssertEqual(lines(report), [])
        var manifest = try XCTUnwrap(report.manifest)
        let seed = manifest.outputs[0]
        var fonts: [Manifest.FileEntry] = []
        for f in 0..<fontFiles {
            let bytes = Data("font \(f)\n".utf8)
            fonts.append(Manifest.FileEntry(path: try scratch.write("fonts/f\(f).ttf", bytes), sha256: SHA256.hex(bytes)))
        }
        manifest.outputs = (0..<outputs).map { i in
            var o = seed
            o.screen = String(format: "o%05d", i)
            o.captureId = o.screen
            o.fonts = (0..<fontsPerOutput).map { fonts[(i + $0) % fontFiles] }
            return o
        }
        manifest.plan.outputs = manifest.outputs.map(\.key)
        let path = try scratch.write("out/manifest.json", try manifest.encoded())
        return (path, manifest)
    }

    func testVerifyOf200000FontEntriesChecksEachFileOnce() throws {
        let scratch = try Scratch()
        let (path, manifest) = try release(scratch, outputs: 2_000, fontsPerOutput: 100)
        XCTAssertEqual(manifest.outputs.reduce(0) { $0 + $1.fonts.count }, 200_000)
        var d = DiagnosticCollector()
        let checked = ManifestVerifier.verify(manifestFile: path, into: &d)
        XCTAssertEqual(lines(d), [])
        // Template, wells, store wells, the capture; an SVG and a capture copy per output; each font file once.
        XCTAssertEqual(checked, 4 + 2 * 2_000 + 50)
    }

    /// Each font file is read once, and every entry naming it is still checked: a later entry
    /// giving it another hash is refused naming both places.
    func testAFontListedWithTwoHashesIsRefused() throws {
        let scratch = try Scratch()
        var (path, manifest) = try release(scratch, outputs: 40, fontsPerOutput: 10, fontFiles: 20)
        let font = manifest.outputs[39].fonts[9]
        manifest.outputs[39].fonts[9].sha256 = String(repeating: "0", count: 64)
        try manifest.encoded().write(to: URL(fileURLWithPath: path))
        var d = DiagnosticCollector()
        XCTAssertEqual(ManifestVerifier.verify(manifestFile: path, into: &d), 4 + 2 * 40 + 20)
        // Output i names fonts i … i+9 (mod 20): font (39 + 9) mod 20 = 8 appears first in output 0 at index 8.
        XCTAssertEqual(font.path, scratch.path("fonts/f8.ttf"))
        XCTAssertEqual(lines(d), [
            "error: \(path): outputs[39].fonts[9] (\(font.path)): one font file listed with two hashes: expected sha256 \(font.sha256) as in outputs[0].fonts[8], found \(String(repeating: "0", count: 64))",
        ])
    }

    func testMergeOfTwoLargePartsIsTheWholeManifest() throws {
        let scratch = try Scratch()
        let (path, manifest) = try release(scratch, outputs: 2_000, fontsPerOutput: 10)
        // The two shards of one plan, side by side in the release folder.
        var parts: [String] = []
        for index in 1...2 {
            var part = manifest
            part.selection = Manifest.Selection(locales: nil, shard: Manifest.ShardEntry(index: index, count: 2))
            let keys = Set(try XCTUnwrap(part.selection).keys(of: manifest.plan.outputs))
            part.outputs = manifest.outputs.filter { keys.contains($0.key) }
            parts.append(try scratch.write("out/\(try XCTUnwrap(part.selection).manifestName)", try part.encoded()))
        }
        var d = DiagnosticCollector()
        let merged = ManifestMerger.merge(parts, into: path, diagnostics: &d)
        XCTAssertEqual(lines(d), [])
        XCTAssertEqual(try merged?.encoded(), try manifest.encoded())
    }
}
