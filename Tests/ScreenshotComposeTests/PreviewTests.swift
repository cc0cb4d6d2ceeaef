import Foundation
import XCTest
@testable import ScreenshotCompose

/// `preview` re-renders what an edit affects, and Ctrl-C ends it cleanly.
final class PreviewTests: XCTestCase {
    private func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }

    func testAHeadlineEditReRendersOnlyThatSVG() throws {
        let scratch = try Scratch()
        func writeJob(_ english: String) throws -> String {
            try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": english], "de-DE": ["shot": "Eins"]])
        }
        let job = try writeJob("One")
        let process = Process()
        process.executableURL = Fixtures.repository.appendingPathComponent(".build/debug/store-screenshot-compose")
        // A quiet window far longer than the burst below, so a loaded machine that stalls between
        // two writes still sees one burst.
        process.arguments = ["preview", job, "--debounce", "2"]
        FileManager.default.createFile(atPath: scratch.path("preview.log"), contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path("preview.log")))
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let english = scratch.path("out/.preview/en-US/shot.svg"), german = scratch.path("out/.preview/de-DE/shot.svg")
        XCTAssertTrue(waitUntil(15) { FileManager.default.fileExists(atPath: english) && FileManager.default.fileExists(atPath: scratch.path("out/.preview/index.html")) })
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/.preview/en-US/shot.png")), "preview writes SVGs only")
        Thread.sleep(forTimeInterval: 0.5)
        let germanBefore = try Data(contentsOf: URL(fileURLWithPath: german))
        let germanDate = try FileManager.default.attributesOfItem(atPath: german)[.modificationDate] as? Date

        _ = try writeJob("Two & more")
        XCTAssertTrue(waitUntil(15) {
            (try? String(contentsOfFile: english, encoding: .utf8))?.contains("<title>Two &amp; more</title>") == true
        }, "the edited headline was not re-rendered")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: german)), germanBefore)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: german)[.modificationDate] as? Date, germanDate, "an unaffected SVG was rewritten")

        // An editor's save burst: three writes a few ms apart give one re-render.
        func renders() -> Int {
            ((try? String(contentsOfFile: scratch.path("preview.log"), encoding: .utf8)) ?? "")
                .components(separatedBy: "\n").filter { $0 == "rendered en-US/shot.svg" }.count
        }
        let before = renders()
        for text in ["Three a", "Three b", "Three"] {
            _ = try writeJob(text)
            Thread.sleep(forTimeInterval: 0.005)
        }
        XCTAssertTrue(waitUntil(20) { (try? String(contentsOfFile: english, encoding: .utf8))?.contains("<title>Three</title>") == true })
        Thread.sleep(forTimeInterval: 2.5)
        XCTAssertEqual(renders() - before, 1)

        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
    }
}
