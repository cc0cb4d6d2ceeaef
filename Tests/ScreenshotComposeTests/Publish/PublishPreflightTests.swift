import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Publish

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
