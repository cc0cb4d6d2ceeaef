import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Manifest
@testable import Publish
#if canImport(Glibc)
import Glibc
#endif

/// Runs that fail, collide, get killed, or aim outside their folder.
final class RobustnessTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testASecondRunOnALockedFolderIsRefused() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        try FileManager.default.createDirectory(atPath: scratch.path("out"), withIntermediateDirectories: true)
        let fd = open(scratch.path("out/.store-screenshot-compose.lock"), O_CREAT | O_RDWR, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
        defer { close(fd) }
        let (code, _, err) = try runTool(["render", job])
        XCTAssertEqual(code, 1)
        XCTAssertEqual(err, "error: \(scratch.path("out")): (output folder): another run is writing this output folder: expected it free, found \(scratch.path("out/.store-screenshot-compose.lock")) locked; wait for that run or choose another --out\n1 error(s)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/en-US")))
    }

    func testAFailedRerenderLeavesThePreviousRunIntact() throws {
        let scratch = try Scratch()
        try scratch.write("home.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        let store = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.repository.appendingPathComponent("store-wells.json"))) as? [String: Any]
        var tight = try XCTUnwrap(store)
        // A verified rule no real output can meet: every PNG fails after it is encoded.
        tight["storeRules"] = [["store": "app-store", "rule": "maximumBytes", "bytes": 1000,
                                "citation": ["url": "https://example.invalid", "retrieved": "2026-11-30", "statement": "tiny"]]]
        try scratch.write("tight.json", try JSONSerialization.data(withJSONObject: tight))
        var job: [String: Any] = ["schemaVersion": 1, "output": "out",
                                  "captures": [["id": "home", "path": "home.png", "well": "tuck-ios-simulator-portrait",
                                                "storeWell": "app-store-iphone-6.9-portrait-1320x2868"]],
                                  "headlines": ["en-US": ["home": "First run"]]]
        let first = try scratch.writeJob(job)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: first, options: epoch)), [])
        let before = try ["out/en-US/home.png", "out/en-US/home.svg", "out/manifest.json"].map { try Data(contentsOf: URL(fileURLWithPath: scratch.path($0))) }

        job["storeWells"] = "tight.json"
        job["headlines"] = ["en-US": ["home": "Second run"]]
        let second = try scratch.writeJob(job)
        let report = ScreenshotComposer().render(jobFile: second, options: epoch)
        let errors = report.diagnostics.filter { $0.severity == .error }.map(\.line)
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors[0].hasPrefix("error: \(scratch.path("out/en-US/home.png")): (output): app-store file size limit: expected at most 1000 bytes, found "), errors[0])
        let after = try ["out/en-US/home.png", "out/en-US/home.svg", "out/manifest.json"].map { try Data(contentsOf: URL(fileURLWithPath: scratch.path($0))) }
        XCTAssertEqual(after, before)
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: scratch.path("out/manifest.json"), into: &d)
        XCTAssertEqual(lines(d), [])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted()
        XCTAssertEqual(leftovers, [".store-screenshot-compose.lock", "en-US", "index.html", "index.js", "manifest.json"])
    }

    func testAKilledRunNeverLeavesAManifestThatDoesNotVerify() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "One"], "de-DE": ["shot": "Eins"], "fr-FR": ["shot": "Un"]])
        XCTAssertEqual(try runTool(["render", job]).0, 0)
        let binary = Fixtures.tool.path
        for delay in ["0.05", "0.15", "0.3", "0.5"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            process.arguments = ["-s", "KILL", delay, binary, "render", job]
            process.environment = ["SOURCE_DATE_EPOCH": delay.replacingOccurrences(of: ".", with: "")]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            if FileManager.default.fileExists(atPath: scratch.path("out/manifest.json")) {
                var d = DiagnosticCollector()
                ManifestVerifier.verify(manifestFile: scratch.path("out/manifest.json"), into: &d)
                XCTAssertEqual(lines(d), [], "after a kill at \(delay) s")
            }
            for locale in ["de-DE", "en-US", "fr-FR"] where FileManager.default.fileExists(atPath: scratch.path("out/\(locale)/shot.png")) {
                XCTAssertNoThrow(try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/\(locale)/shot.png")))))
            }
        }
        // The next run cleans up after the killed ones and succeeds.
        XCTAssertEqual(try runTool(["render", job]).0, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).filter { $0.hasPrefix(".staging-") }, [])
    }

    func testOutputsNeverReplaceInputs() throws {
        let scratch = try Scratch()
        try scratch.write("out/en-US/shot.png", try Fixtures.png(width: 390, height: 844))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                        "captures": [["id": "shot", "path": "out/en-US/shot.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["shot": "x"]]])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [
            "error: \(job): captures[0].path: the run would overwrite this input with an output: expected inputs outside the files the run writes, found \(scratch.path("out/en-US/shot.png"))",
        ])
    }

    func testALinkedFolderInsideTheOutputIsRefused() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        try FileManager.default.createDirectory(atPath: scratch.path("victim"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("out/en-US"), withDestinationPath: "../victim")
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [
            "error: \(job): output: a folder inside the output folder is a symbolic link: expected a real folder, found a link at \(scratch.path("out/en-US"))",
        ])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("victim")), [])
    }

    func testAnOutputPathThatIsAFileIsRefused() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        try scratch.write("out", "a file")
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(job): output: the output path is a file: expected a folder, found a file at \(scratch.path("out"))",
        ])
    }

    func testInputsThatAreFoldersOrDevicesAreRefused() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("folder.png"), withIntermediateDirectories: true)
        let job = try scratch.writeJob(["schemaVersion": 1,
                                        "captures": [["id": "a", "path": "folder.png", "well": "tuck-browser-mobile"],
                                                     ["id": "b", "path": "/dev/null", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["a": "x", "b": "y"]]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(scratch.path("folder.png")): captures[0].path: cannot read the capture: expected a file, found a folder at \(scratch.path("folder.png"))",
            "error: /dev/null: captures[1].path: cannot read the capture: expected a regular file, found a device, pipe or socket at /dev/null",
        ])
    }

    func testAFullyTransparentCaptureIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("clear.png", try PNGCodec.encodeRGBA([UInt8](repeating: 0, count: 390 * 844 * 4), width: 390, height: 844))
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": [["id": "clear", "path": "clear.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["clear": "x"]]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(scratch.path("clear.png")): captures[0].path: capture refused: expected visible pixels, found every pixel fully transparent (alpha 0)",
        ])
        // The real simulator capture is RGBA and opaque: it passes.
        XCTAssertFalse(try PNGCodec.validateImageData(try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png"))))
    }

    func testCaptureFileNamesWithSpacesQuotesHashPercentAndAccentsRender() throws {
        let scratch = try Scratch()
        let name = "my shot #1 %20 \"q\" 'é' ü.png"
        try scratch.write("caps/\(name)", try Fixtures.png(width: 390, height: 844))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                        "captures": [["id": "shot", "path": "caps/\(name)", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["shot": "Names"]]])
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [])
        // The SVG links the copy named by the capture id, so the original name never lands in a URL.
        let svg = try String(contentsOfFile: scratch.path("out/en-US/shot.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains(#"href="captures/shot.png""#))
        XCTAssertEqual(report.manifest?.inputs.captures.first?.path, "../caps/\(name)")
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: scratch.path("out/manifest.json"), into: &d)
        XCTAssertEqual(lines(d), [])
    }

    func testASymlinkedCaptureIsRecordedByItsRealPath() throws {
        let scratch = try Scratch()
        try scratch.write("real/shot.png", try Fixtures.png(width: 390, height: 844))
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link.png"), withDestinationPath: scratch.path("real/shot.png"))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                        "captures": [["id": "shot", "path": "link.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["shot": "Linked"]]])
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(report.manifest?.inputs.captures.first?.path, "../real/shot.png")
    }

    func testKeepGoingRendersTheOtherCapturesAndListsTheFailures() throws {
        let scratch = try Scratch()
        try scratch.write("good.png", try Fixtures.png(width: 390, height: 844))
        try scratch.write("bad.png", "JFIF not a png")
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                        "captures": [["id": "good", "path": "good.png", "well": "tuck-browser-mobile"],
                                                     ["id": "bad", "path": "bad.png", "well": "tuck-browser-mobile"]],
                                        "headlines": ["en-US": ["good": "Fine", "bad": "Broken"]]])
        // Without --keep-going nothing is written.
        XCTAssertEqual(try runTool(["render", job]).0, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
        let (code, _, err) = try runTool(["render", job, "--keep-going"])
        XCTAssertEqual(code, 1)
        XCTAssertEqual(err, "error: \(scratch.path("bad.png")): captures[1].path: capture refused: expected a PNG, found not a PNG (no PNG signature)\n1 error(s)\n")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: scratch.path("out/manifest.json"))))
        XCTAssertEqual(manifest.outputs.map(\.captureId), ["good"])
        XCTAssertEqual(manifest.failures, [Manifest.Failure(captureId: "bad", file: scratch.path("bad.png"), field: "captures[1].path",
                                                            message: "capture refused: expected a PNG, found not a PNG (no PNG signature)")])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/en-US/good.png")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/en-US/bad.png")))
        // A problem of the whole run still stops everything, --keep-going or not.
        let broken = try scratch.writeJob(["schemaVersion": 1, "output": "out2", "bogus": 1,
                                           "captures": [["id": "good", "path": "good.png", "well": "tuck-browser-mobile"]],
                                           "headlines": ["en-US": ["good": "Fine"]]], name: "broken.json")
        XCTAssertEqual(try runTool(["render", broken, "--keep-going"]).0, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out2")))
    }

    func testCaptureIdsLongerThanAFileNameAllowsAreRefused() {
        XCTAssertTrue(CaptureID.isValid(String(repeating: "a", count: 100)))
        XCTAssertFalse(CaptureID.isValid(String(repeating: "a", count: 101)))
    }

    func testVerifyRefusesAManifestThatClaimsEvidenceOrListsNothing() throws {
        let scratch = try Scratch()
        try scratch.write("m.json", #"{"schemaVersion": 3, "kind": "composed-screenshots", "notCaptureEvidence": false, "statement": "", "tool": {"name": "x", "version": "1"}, "composedAt": "", "toolchain": {"librsvg": "", "cairo": "", "pango": "", "libpng": "", "lcms2": ""}, "inputs": {"template": {"path": "builtin:device-well.svg.tmpl", "sha256": "0"}, "wells": {"path": "builtin:wells.json", "sha256": "0"}, "storeWells": {"path": "builtin:store-wells.json", "sha256": "0"}, "captures": []}, "outputs": [], "plan": {"fingerprint": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "basis": [], "outputs": []}}"#)
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: scratch.path("m.json"), into: &d)
        XCTAssertEqual(Array(lines(d).prefix(2)), [
            "error: \(scratch.path("m.json")): notCaptureEvidence: a composed-screenshots manifest marks its outputs as not capture evidence: expected true, found false",
            "error: \(scratch.path("m.json")): outputs: nothing to verify: expected at least one output, found none",
        ])
    }
}

/// Ctrl-C or SIGTERM during `render` (issue 17; issue 12's "exit() inside signal handlers"):
/// the staging folder the run made is removed, the exit status is 130 or 143, and the previous
/// release is untouched. Runs the built binary and interrupts it mid-render.
final class InterruptTests: XCTestCase {
    private func snapshot(_ folder: String) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = folder + "/" + relative
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[relative] = SHA256.hex(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        return files
    }

    func testAnInterruptedRenderRemovesItsStagingFolderAndKeepsTheRelease() throws {
        let scratch = try Scratch()
        let locales = ["en-US", "de-DE", "fr-FR", "es-ES", "it-IT", "nl-NL", "sv-SE", "da-DK"]
        let job = try Fixtures.mobileJob(in: scratch, headlines: Dictionary(uniqueKeysWithValues: locales.map { ($0, ["shot": "Release \($0)"]) }))
        XCTAssertEqual(try runTool(["render", job], environment: ["SOURCE_DATE_EPOCH": "1767225600"]).0, 0)
        let out = scratch.path("out")
        let release = try snapshot(out)
        // The next run changes every headline, and is stopped once it has staged an output.
        _ = try Fixtures.mobileJob(in: scratch, headlines: Dictionary(uniqueKeysWithValues: locales.map { ($0, ["shot": "Next \($0)"]) }))
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            let process = Process()
            process.executableURL = Fixtures.tool
            process.arguments = ["render", job, "--jobs", "1", "--png-compression", "small", "--verbose"]
            process.environment = ["SOURCE_DATE_EPOCH": "1767225700"]
            process.standardOutput = FileHandle.nullDevice
            // --verbose: a line on stderr as each output is staged, the event the test waits on.
            let progress = PipeLines()
            process.standardError = progress.pipe
            try process.run()
            let staging = out + "/.staging-\(process.processIdentifier)"
            XCTAssertTrue(progress.wait(60) { $0.contains { $0.hasPrefix("[1/8] ok ") } }, "no output staged: \(progress.lines)")
            XCTAssertTrue(((try? FileManager.default.subpathsOfDirectory(atPath: staging)) ?? []).contains(where: { $0.hasSuffix(".png") }))
            XCTAssertTrue(process.isRunning, "the render ended before it could be interrupted")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "ended by signal \(signal) instead of exiting")
            XCTAssertEqual(process.terminationStatus, status)
            XCTAssertFalse(FileManager.default.fileExists(atPath: staging), "\(staging) left behind")
            XCTAssertEqual(try snapshot(out), release)
        }
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: out + "/manifest.json", into: &d)
        XCTAssertEqual(lines(d), [])
    }

    /// A SIGTERM just after publishing left an empty `.staging-<pid>`: the run's own cleanup and
    /// the signal thread removed the folder at once, each failing on entries the other had
    /// unlinked. Both go through the registry's lock now: two threads removing one registered
    /// folder leave nothing, and neither returns before the folder is gone, every round.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }

    func testTwoThreadsRemovingOneStagingFolderLeaveNothing() throws {
        let scratch = try Scratch()
        for round in 0..<30 {
            let folder = scratch.url.appendingPathComponent(".staging-\(round)")
            try scratch.write(".staging-\(round)/\(OutputFolder.stagingMarker)", "")
            for locale in ["en-US", "de-DE", "fr-FR", "ja"] {
                for n in 0..<20 { try scratch.write(".staging-\(round)/\(locale)/captures/shot-\(n).png", "x") }
            }
            StagingRegistry.register(folder)
            // Each thread checks as soon as its own call returns: the signal thread `_exit`s
            // right then, so a folder still being removed by the other thread stays.
            let leftAfterReturn = Counter()
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                StagingRegistry.remove(folder)
                if FileManager.default.fileExists(atPath: folder.path) { leftAfterReturn.add() }
            }
            XCTAssertEqual(leftAfterReturn.value, 0, "round \(round): a removal returned with \(folder.path) still there")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "round \(round): \(folder.path) left behind")
        }
    }

    /// Removal never follows a link out of the staging folder, and leaves a folder this process
    /// did not register (a name taken by someone else) alone.
    func testStagingRemovalKeepsWhatIsNotItsOwn() throws {
        let scratch = try Scratch()
        try scratch.write("elsewhere/keep.txt", "mine")
        try scratch.write(".staging-1/\(OutputFolder.stagingMarker)", "")
        try FileManager.default.createSymbolicLink(atPath: scratch.path(".staging-1/link"), withDestinationPath: scratch.path("elsewhere"))
        try scratch.write(".staging-2/notes.txt", "not registered")
        StagingRegistry.register(scratch.url.appendingPathComponent(".staging-1"))
        StagingRegistry.remove(scratch.url.appendingPathComponent(".staging-1"))
        StagingRegistry.remove(scratch.url.appendingPathComponent(".staging-2"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path(".staging-1")))
        XCTAssertEqual(try String(contentsOfFile: scratch.path("elsewhere/keep.txt"), encoding: .utf8), "mine")
        XCTAssertEqual(try String(contentsOfFile: scratch.path(".staging-2/notes.txt"), encoding: .utf8), "not registered")
    }
}
