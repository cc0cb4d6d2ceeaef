import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Publish
#if canImport(Glibc)
import Glibc
#endif

/// Issue 36 item 7: a publish leaves nothing behind. The tool's temporary files and folders carry
/// its own prefix and the next run removes them under the folder's lock (nothing else); the
/// files a publish replaces go in a fixed order. Killing a render at every rename and unlink is
/// the slow check scripts/slow-checks/publish-kill.
final class PublishLeftoversTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testTakingTheLockRemovesTheToolsLeftoversAndNothingElse() throws {
        let scratch = try Scratch()
        let prefix = TemporaryName.prefix
        let marker = OutputFolder.stagingMarker
        // What killed runs leave: a file before its rename, a staging folder half made (empty),
        // one half removed (its marker goes last), a staging folder of the old name.
        try scratch.write("out/\(prefix)4242-7", "half a manifest")
        try FileManager.default.createDirectory(atPath: scratch.path("out/\(prefix)4242-8"), withIntermediateDirectories: true)
        try scratch.write("out/\(prefix)4242-9/\(marker)", "")
        try scratch.write("out/\(prefix)4242-9/en-US/captures/shot.png", "staged")
        try scratch.write("out/.staging-77/\(marker)", "")
        try scratch.write("out/.staging-77/en-US/shot.svg", "staged")
        // Not the tool's: a folder with the prefix holding no marker, a link with the prefix,
        // Foundation's temporary name, the prefix without its dot, and the same names one level down.
        try scratch.write("out/\(prefix)4242-10/notes.txt", "mine")
        try scratch.write("elsewhere.txt", "outside")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("out/\(prefix)link"), withDestinationPath: scratch.path("elsewhere.txt"))
        try scratch.write("out/.dat.nosync1234.abcdef", "mine")
        try scratch.write("out/\(prefix.dropFirst())1", "mine")
        try scratch.write("out/en-US/\(prefix)4242-11", "mine")

        let folder = try OutputFolder(scratch.url.appendingPathComponent("out"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted(), [
            ".dat.nosync1234.abcdef", ".staging-\(getpid())", ".store-screenshot-compose-tmp-4242-10", ".store-screenshot-compose-tmp-link",
            ".store-screenshot-compose.lock", "en-US", "store-screenshot-compose-tmp-1",
        ])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.staging.path), [marker])
        XCTAssertEqual(try String(contentsOfFile: scratch.path("out/\(prefix)4242-10/notes.txt"), encoding: .utf8), "mine")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path("out/\(prefix)link")), scratch.path("elsewhere.txt"))
        XCTAssertEqual(try String(contentsOfFile: scratch.path("elsewhere.txt"), encoding: .utf8), "outside")
        XCTAssertEqual(try String(contentsOfFile: scratch.path("out/en-US/\(prefix)4242-11"), encoding: .utf8), "mine")
    }

    func testAWriteLeavesOnlyItsFile() throws {
        let scratch = try Scratch()
        let target = scratch.url.appendingPathComponent("out/manifest.json")
        try AtomicFile.write(Data("first".utf8), to: target)
        try AtomicFile.write(Data("second".utf8), to: target)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")), ["manifest.json"])
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "second")
        XCTAssertTrue(TemporaryName.next().hasPrefix(".store-screenshot-compose-tmp-\(getpid())-"))
        XCTAssertNotEqual(TemporaryName.next(), TemporaryName.next())
    }

    /// The contact sheet goes before its script and the manifests it shows (a `Set`'s order
    /// removed `manifest.json` first now and then), this run's manifest before `manifest.json`,
    /// and a whole run's recognised parts after them, by name.
    func testTheFilesAPublishReplacesGoInAFixedOrder() {
        XCTAssertEqual(OutputFolder.staleInRemovalOrder(name: "manifest.json", review: ["index.js", "index.html"],
                                                        manifests: ["manifest.json", "manifest.fr-FR.json", "manifest.de-DE.json"]),
                       ["index.html", "index.js", "manifest.json", "manifest.de-DE.json", "manifest.fr-FR.json"])
        XCTAssertEqual(OutputFolder.staleInRemovalOrder(name: "manifest.de-DE.json", review: [],
                                                        manifests: ["manifest.json", "manifest.fr-FR.json", "manifest.de-DE.json"]),
                       ["index.html", "index.js", "manifest.de-DE.json", "manifest.json"])
    }

    /// A whole run leaves the release and its lock, nothing else (no temporary file, staging
    /// folder or record); a re-render over it too.
    func testARenderLeavesOnlyItsRelease() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "One"], "de-DE": ["shot": "Eins"]])
        for _ in 0..<2 {
            XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch, svgOnly: true)), [])
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted(),
                           [".store-screenshot-compose.lock", "de-DE", "en-US", "index.html", "index.js", "manifest.json"])
        }
    }
}
