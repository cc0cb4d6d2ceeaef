import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Plan
@testable import Manifest
@testable import Publish

/// The two-store release of `TwoStoreReleaseTests` (iPhone, iPad and an Android phone, three
/// screens, four languages the stores name differently) as a CI matrix: one runner per language,
/// English in two shards, each in its own checkout of the job, its filled catalog and the
/// fastlane folder. Each shard renders its half of English's nine outputs (±1); the runners'
/// folders, combined as CI's download step combines them, merge into the one run's manifest and
/// contact sheet byte for byte (the one run is `TwoStoreRelease`'s, rendered once per process),
/// and the merged release verifies.
final class TwoStoreMatrixTests: XCTestCase {
    func testTheTwoStoreReleaseAsACIMatrixMergesToTheOneRunAndVerifies() throws {
        let whole = try TwoStoreRelease.shared()
        XCTAssertEqual([String(whole.renderRun.code), whole.renderRun.err], ["0", ""])
        let scratch = try Scratch()
        let fm = FileManager.default
        func checkout(_ name: String) throws -> URL {
            let folder = scratch.url.appendingPathComponent("runners/\(name)")
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            for item in ["fastlane", "job.json", "job.schema.json", "headlines.xcstrings"] {
                try fm.copyItem(at: whole.scratch.url.appendingPathComponent(item), to: folder.appendingPathComponent(item))
            }
            return folder
        }
        // The checkout the release is merged in: the parts' folders are copied to its out/.
        let release = try checkout("merge").appendingPathComponent("out")
        var parts: [String] = []
        var rendered: [String: [OutputKey]] = [:]
        for (name, selection) in [("de", ["--locale", "de-DE"]), ("ja", ["--locale", "ja"]), ("ar", ["--locale", "ar"]),
                                  ("en-1", ["--locale", "en-US", "--shard", "1/2"]), ("en-2", ["--locale", "en-US", "--shard", "2/2"])] {
            let runner = try checkout(name)
            let (code, printed, err) = try runTool(TwoStoreRelease.render + selection, environment: TwoStoreRelease.environment, cwd: runner)
            XCTAssertEqual([String(code), printed, err], ["0", "", ""], name)
            let out = runner.appendingPathComponent("out")
            let manifestName = try XCTUnwrap(try fm.contentsOfDirectory(atPath: out.path).first { $0.hasPrefix("manifest.") }, name)
            let part = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: out.appendingPathComponent(manifestName)))
            // Every part plans the whole release and renders its share of it.
            XCTAssertEqual(part.plan.outputs.count, 36, name)
            rendered[name] = part.outputs.map(\.key)
            // The download step of CI: every runner's output folder copied into one (a file
            // every runner writes, such as the contact sheet, is the last runner's).
            for path in fm.subpaths(atPath: out.path) ?? [] where path != OutputFolder.lockName {
                var isFolder: ObjCBool = false
                fm.fileExists(atPath: out.appendingPathComponent(path).path, isDirectory: &isFolder)
                let target = release.appendingPathComponent(path)
                try fm.createDirectory(at: isFolder.boolValue ? target : target.deletingLastPathComponent(), withIntermediateDirectories: true)
                if !isFolder.boolValue {
                    try? fm.removeItem(at: target)
                    try fm.copyItem(at: out.appendingPathComponent(path), to: target)
                }
            }
            parts.append(release.appendingPathComponent(manifestName).path)
        }
        XCTAssertEqual(parts.map { URL(fileURLWithPath: $0).lastPathComponent }, [
            "manifest.de-DE.json", "manifest.ja.json", "manifest.ar.json", "manifest.en-US.shard-1-of-2.json", "manifest.en-US.shard-2-of-2.json",
        ])
        // One part per language of 9 outputs; English's two shards 5 and 4, its nine between them.
        XCTAssertEqual(["de", "ja", "ar", "en-1", "en-2"].map { rendered[$0]?.count ?? -1 }, [9, 9, 9, 5, 4])
        XCTAssertEqual(Set(["de", "ja", "ar"].map { Set(rendered[$0]?.map(\.locale) ?? []) }), [["de-DE"], ["ja"], ["ar"]])
        let english = (rendered["en-1"] ?? []) + (rendered["en-2"] ?? [])
        XCTAssertEqual(Set(english).count, 9)
        XCTAssertEqual(Set(english.map(\.locale)), ["en-US"])

        let merged = release.appendingPathComponent("manifest.json")
        let merge = try runTool(["merge-manifests"] + parts + ["-o", merged.path])
        XCTAssertEqual([String(merge.0), merge.2], ["0", ""])
        XCTAssertEqual(try Data(contentsOf: merged), try Data(contentsOf: URL(fileURLWithPath: whole.scratch.path("out/manifest.json"))))
        XCTAssertEqual(try Data(contentsOf: release.appendingPathComponent("index.html")),
                       try Data(contentsOf: URL(fileURLWithPath: whole.scratch.path("out/index.html"))))
        let verified = try runTool(["verify", merged.path])
        XCTAssertEqual([String(verified.0), verified.2], ["0", ""])
        XCTAssertEqual(verified.1, "verified 187 file(s): every SHA-256 matches\n")
        // Every planned output once, in the plan's order, each rendered by exactly one runner.
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: merged))
        XCTAssertEqual(manifest.outputs.map(\.key), manifest.plan.outputs)
        XCTAssertEqual(Set(rendered.values.joined()), Set(manifest.plan.outputs))
        XCTAssertEqual(rendered.values.map(\.count).reduce(0, +), 36)
    }
}
