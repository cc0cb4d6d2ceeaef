import Foundation
import XCTest
@testable import ScreenshotCompose

/// `preview` re-renders what an edit affects, and Ctrl-C ends it cleanly. The test waits on
/// what preview prints (a pass prints its lines once its files are written), never on time.
final class PreviewTests: XCTestCase {
    func testAHeadlineEditReRendersOnlyThatSVG() throws {
        let scratch = try Scratch()
        func writeJob(_ english: String) throws -> String {
            try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": english], "de-DE": ["shot": "Eins"]])
        }
        let job = try writeJob("One")
        let process = Process()
        process.executableURL = Fixtures.tool
        // A quiet window far longer than the burst below, so a loaded machine that stalls between
        // two writes still sees one burst.
        process.arguments = ["preview", job, "--debounce", "2"]
        let output = PipeLines()
        process.standardOutput = output.pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        func renders() -> Int { output.lines.filter { $0 == "rendered en-US/shot.svg" }.count }
        /// Waits for the pass that prints the `n`th "rendered en-US/shot.svg".
        func waitForRender(_ n: Int) -> Bool {
            output.wait(60) { $0.filter { $0 == "rendered en-US/shot.svg" }.count >= n }
        }
        func english() -> String { (try? String(contentsOfFile: scratch.path("out/.preview/en-US/shot.svg"), encoding: .utf8)) ?? "" }

        let german = scratch.path("out/.preview/de-DE/shot.svg")
        XCTAssertTrue(output.wait(60) { $0.contains("watching for changes; Ctrl-C to stop") }, "\(output.lines)")
        XCTAssertEqual(output.lines.sorted(), ["rendered de-DE/shot.svg", "rendered en-US/shot.svg", "watching for changes; Ctrl-C to stop"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/.preview/index.html")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/.preview/en-US/shot.png")), "preview writes SVGs only")
        let germanBefore = try Data(contentsOf: URL(fileURLWithPath: german))
        let germanDate = try FileManager.default.attributesOfItem(atPath: german)[.modificationDate] as? Date

        _ = try writeJob("Two & more")
        XCTAssertTrue(waitForRender(2), "the edited headline was not re-rendered")
        XCTAssertTrue(english().contains("<title>Two &amp; more</title>"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: german)), germanBefore)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: german)[.modificationDate] as? Date, germanDate, "an unaffected SVG was rewritten")
        XCTAssertEqual(output.lines.filter { $0 == "rendered de-DE/shot.svg" }.count, 1, "\(output.lines)")

        // An editor's save burst: three writes at once give one re-render. One more edit after
        // it is the event that ends the wait: a second render of the burst would print before it.
        let before = renders()
        for text in ["Three a", "Three b", "Three"] { _ = try writeJob(text) }
        XCTAssertTrue(waitForRender(before + 1))
        XCTAssertTrue(english().contains("<title>Three</title>"), english())
        _ = try writeJob("Four")
        XCTAssertTrue(waitForRender(before + 2))
        XCTAssertTrue(english().contains("<title>Four</title>"), english())
        XCTAssertEqual(renders() - before, 2, "the burst was rendered more than once: \(output.lines)")

        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
    }

    /// Runs `preview` and returns its status and lines once it exits on its own; nil when it is
    /// still running after `bound` seconds (it then watches, which these cases must not).
    private func runPreview(_ arguments: [String], bound: Double = 120) throws -> (status: Int32, out: [String], err: [String])? {
        let process = Process()
        process.executableURL = Fixtures.tool
        process.arguments = ["preview"] + arguments
        let out = PipeLines(), err = PipeLines()
        process.standardOutput = out.pipe
        process.standardError = err.pipe
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        guard exited.wait(timeout: .now() + bound) == .success else {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        _ = out.wait(10) { _ in false }
        _ = err.wait(10) { _ in false }
        return (process.terminationStatus, out.lines, err.lines)
    }

    /// Issue 34 item 6: `--once` renders one pass and exits with its status.
    func testOnceRendersOnePassAndExitsWithItsStatus() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "One"], "de-DE": ["shot": "Eins"]])
        let ok = try XCTUnwrap(try runPreview([job, "--once"]), "preview --once kept running")
        XCTAssertEqual(ok.status, 0)
        XCTAssertEqual(ok.out.sorted(), ["rendered de-DE/shot.svg", "rendered en-US/shot.svg"])
        XCTAssertEqual(ok.err, [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/.preview/en-US/shot.svg")))
        // Nothing of the run's own is left (its staging folder went with it).
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out/.preview")).filter { $0.hasPrefix(".") }.sorted(),
                       [".store-screenshot-compose-files.json", ".store-screenshot-compose.lock"])

        // A pass with an error: 1, with the error, and nothing watched.
        try FileManager.default.removeItem(atPath: scratch.path("captures/shot.png"))
        let refused = try XCTUnwrap(try runPreview([job, "--once"]), "preview --once kept running")
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.out, [])
        XCTAssertEqual(refused.err, [
            "error: \(scratch.path("captures/shot.png")): captures[0].path: cannot read the capture: expected a file, found nothing at \(scratch.path("captures/shot.png"))",
        ])
    }

    /// A pass refused for a reason no edit of a watched file can fix (--preview-out a release
    /// folder) ends the preview with 1 at once, instead of watching and exiting 0 on Ctrl-C.
    func testAPreviewOutNoEditCanFixExitsOneAtOnce() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(errorLines(ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))), [])
        let release = try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted()
        let refused = try XCTUnwrap(try runPreview([job, "--preview-out", scratch.path("out")]), "preview kept watching")
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.out, [])
        XCTAssertEqual(refused.err, [
            "error: \(scratch.path("out")): (preview folder): the preview folder holds a release: expected a folder of the preview's own, found the manifest \(scratch.path("out/manifest.json")); preview never writes over a release (use <out>/.preview, the default, or another --preview-out)",
        ])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted(), release)
    }
}
