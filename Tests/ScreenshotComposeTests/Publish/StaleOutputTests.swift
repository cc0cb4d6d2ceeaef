import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Ingest
@testable import Manifest

/// The publish step owns the output folder: outputs an earlier run's manifest listed and this
/// run does not write are removed; anything the manifest did not list stays.
final class StaleOutputTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testARerunWithFewerCapturesRemovesOnlyWhatTheOldManifestListed() throws {
        let scratch = try Scratch()
        try scratch.write("captures/shot.png", try Fixtures.png(width: 390, height: 844))
        try scratch.write("captures/more.png", try Fixtures.png(width: 390, height: 844, red: 40))
        func job(_ ids: [String]) throws -> String {
            try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                  "captures": ids.map { ["id": $0, "path": "captures/\($0).png", "well": "tuck-browser-mobile"] },
                                  "headlines": ["en-US": Dictionary(uniqueKeysWithValues: ids.map { ($0, "Headline \($0)") })]])
        }
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: try job(["shot", "more"]), options: epoch)), [])
        let out = URL(fileURLWithPath: scratch.path("out/en-US"))
        // The user's own files beside the outputs, named like outputs but never listed.
        try scratch.write("out/en-US/notes.png", Data([1, 2, 3]))
        try scratch.write("out/en-US/captures/reference.png", Data([4, 5, 6]))
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: try job(["shot"]), options: epoch)), [])
        func listing(_ url: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
        XCTAssertEqual(listing(out), ["captures", "notes.png", "shot.png", "shot.svg"])
        XCTAssertEqual(listing(out.appendingPathComponent("captures")), ["reference.png", "shot.png"])
        XCTAssertEqual(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json")).diagnostics.map(\.line), [])
    }

    /// A re-run that drops a locale removes that locale's folders once they are empty (the old
    /// manifest listed files under them); an empty folder of the user's stays, and a linked
    /// folder is never followed nor removed.
    func testARerunWithoutALocaleRemovesItsEmptiedFoldersOnly() throws {
        let scratch = try Scratch()
        try scratch.write("captures/shot.png", try Fixtures.png(width: 390, height: 844))
        func job(_ locales: [String]) throws -> String {
            try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                  "captures": [["id": "shot", "path": "captures/shot.png", "well": "tuck-browser-mobile"]],
                                  "headlines": Dictionary(uniqueKeysWithValues: locales.map { ($0, ["shot": "Headline \($0)"]) })])
        }
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: try job(["en-US", "de-DE", "fr-FR"]), options: epoch)), [])
        let out = URL(fileURLWithPath: scratch.path("out"))
        try FileManager.default.createDirectory(at: out.appendingPathComponent("mine/empty"), withIntermediateDirectories: true)
        // fr-FR's capture folder becomes a link to a folder outside (empty, so it would be removable).
        try FileManager.default.createDirectory(atPath: scratch.path("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: out.appendingPathComponent("fr-FR/captures"))
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("fr-FR/captures").path, withDestinationPath: scratch.path("elsewhere"))
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: try job(["en-US"]), options: epoch)), [])
        func listing(_ url: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
        XCTAssertEqual(listing(out), [".store-screenshot-compose.lock", "en-US", "fr-FR", "index.html", "index.js", "manifest.json", "mine"])
        XCTAssertEqual(listing(out.appendingPathComponent("mine")), ["empty"])
        XCTAssertEqual(listing(out.appendingPathComponent("fr-FR")), ["captures"])
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("fr-FR/captures").path), scratch.path("elsewhere"))
        XCTAssertEqual(listing(URL(fileURLWithPath: scratch.path("elsewhere"))), [])
        XCTAssertEqual(listing(out.appendingPathComponent("en-US")), ["captures", "shot.png", "shot.svg"])
    }

    /// A forged manifest cannot make the publish step remove files outside the output folder.
    func testPathsOutsideTheFolderInAnOldManifestAreNeverRemoved() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        try scratch.write("outside.png", Data([1]))
        let manifestPath = scratch.path("out/manifest.json")
        var manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
        var forged = manifest.outputs[0]
        forged.svg.path = "../outside.png"
        forged.png?.path = scratch.path("outside.png")
        manifest.outputs.append(forged)
        try manifest.encoded().write(to: URL(fileURLWithPath: manifestPath))
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("outside.png")))
    }

    /// A listed path spelled another way than the new run's ("en-US//home.png", "en-US/./home.png")
    /// names a file this run just wrote: it is never removed as stale (the new manifest lists it).
    func testAnOldManifestsOtherSpellingOfANewOutputIsNotRemoved() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        let manifestPath = scratch.path("out/manifest.json")
        var manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
        let png = try XCTUnwrap(manifest.outputs[0].png?.path)
        var forged = manifest.outputs[0]
        forged.svg.path = png.replacingOccurrences(of: "/", with: "//")
        forged.png?.path = png.replacingOccurrences(of: "/", with: "/./")
        forged.capture.path = "./" + manifest.outputs[0].capture.path
        manifest.outputs.append(forged)
        try manifest.encoded().write(to: URL(fileURLWithPath: manifestPath))
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        XCTAssertEqual(ScreenshotComposer.verify(manifestFile: manifestPath).diagnostics.map(\.line), [])
    }

    /// A capture copy the old manifest listed that the new job reads as a capture is an input
    /// of the new run: it stays (it was removed, and verify then missed the new manifest's input).
    func testAnOldOutputTheNewRunReadsAsACaptureIsNotRemoved() throws {
        let scratch = try Scratch()
        try scratch.write("captures/shot.png", try Fixtures.png(width: 390, height: 844))
        func job(_ captures: [(String, String)]) throws -> String {
            try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                  "captures": captures.map { ["id": $0.0, "path": $0.1, "well": "tuck-browser-mobile"] },
                                  "headlines": ["en-US": Dictionary(uniqueKeysWithValues: captures.map { ($0.0, "Headline \($0.0)") })]])
        }
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: try job([("shot", "captures/shot.png"), ("more", "captures/shot.png")]), options: epoch)), [])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: try job([("shot", "captures/shot.png"), ("inside", "out/en-US/captures/more.png")]), options: epoch)), [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/en-US/captures/more.png")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/en-US/more.png")))
        XCTAssertEqual(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json")).diagnostics.map(\.line), [])
    }
}
