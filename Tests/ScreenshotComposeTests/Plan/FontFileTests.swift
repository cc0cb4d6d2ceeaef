import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Layout

/// Issue 25 item 2: every input opened once. A job's font file is read once, without blocking,
/// checked on its descriptor; fontconfig, which opens a font by path again and again, is given
/// a private copy of those bytes and never the job's path. The manifest records the job's path
/// and the SHA-256 of the bytes read.
final class FontFileTests: XCTestCase {
    private static let dejaVu = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// DejaVu Sans Bold renamed to a family no machine has (scripts/rename-font-family.py, with
    /// Debian's python3-fonttools), so the text can only be set in the job's file.
    private func brandFont(_ scratch: Scratch, family: String) throws -> String {
        let font = scratch.path("fonts/Brand.ttf")
        try FileManager.default.createDirectory(atPath: scratch.path("fonts"), withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Debian's python3 (with python3-fonttools), not another one first on PATH.
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        process.arguments = [python, Fixtures.repository.appendingPathComponent("scripts/rename-font-family.py").path, Self.dejaVu.path, font, family]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python3-fonttools (scripts/setup.sh installs it)")
        return font
    }

    func testFontconfigIsGivenAPrivateCopyNeverTheJobsPath() throws {
        let scratch = try Scratch()
        let family = "SSC Private Copy \(UUID().uuidString.prefix(8))"
        let user = try brandFont(scratch, family: family)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: user))
        let job = try Fixtures.mobileJob(in: scratch, extra: ["fonts": ["en": family], "fontFiles": ["fonts/Brand.ttf"]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: epoch)), [])

        let given = PangoTypesetter.applicationFontFiles()
        XCTAssertFalse(given.contains(user), "fontconfig was given the job's path")
        XCTAssertFalse(given.contains { $0.hasPrefix(scratch.url.path) }, "\(given)")
        let folder = try XCTUnwrap(FontFileCopies.folder)
        let copy = "\(folder)/\(SHA256.hex(bytes)).ttf"
        XCTAssertTrue(given.contains(copy), "\(given)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), bytes)
        // The private folder is this user's alone.
        var info = stat()
        XCTAssertEqual(lstat(folder, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)

        // The manifest records the job's path and the SHA-256 of the bytes read; verify reads
        // the job's path again (and refuses a FIFO there at once).
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [])
        let fonts = try XCTUnwrap(report.manifest?.outputs.first?.fonts)
        XCTAssertEqual(fonts.map(\.path), [user])
        XCTAssertEqual(fonts.map(\.sha256), [SHA256.hex(bytes)])
        XCTAssertEqual(lines(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json"))), [])
        try FileManager.default.removeItem(atPath: user)
        XCTAssertEqual(mkfifo(user, 0o600), 0)
        XCTAssertEqual(lines(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json"))), [
            "error: \(scratch.path("out/manifest.json")): outputs[0].fonts[0] (\(user)): cannot read the file: expected a regular file, found a FIFO (named pipe) at \(user)",
        ])
    }

    /// The job's font path swapped between a real font and a FIFO, as fast as the machine goes,
    /// while `check` runs again and again: each check either takes the font or refuses the FIFO,
    /// and none blocks (the path was stat()ed, then opened by fontconfig: 2 hangs in 12 tries).
    /// Bounded by the test run's own time limit, not by a timer here.
    func testSwappingAFontAndAFIFOAtItsPathNeverHangsCheck() throws {
        let scratch = try Scratch()
        let real = try scratch.write("fonts/real.ttf", try Data(contentsOf: Self.dejaVu))
        let user = scratch.path("fonts/Brand.ttf")
        let spare = scratch.path("fonts/next")
        XCTAssertEqual(link(real, user), 0)
        let job = try Fixtures.mobileJob(in: scratch, extra: ["fontFiles": ["fonts/Brand.ttf"]])
        let fifoLine = "error: \(job): fontFiles[0]: font file not usable: expected a regular file, found a FIFO (named pipe) at \(user)"

        final class Flag: @unchecked Sendable {
            private let lock = NSLock()
            private var value = false
            private var swaps = 0
            var stopped: Bool { lock.lock(); defer { lock.unlock() }; return value }
            func stop() { lock.lock(); value = true; lock.unlock() }
            func swapped() { lock.lock(); swaps += 1; lock.unlock() }
        }
        let flag = Flag()
        let done = DispatchSemaphore(value: 0)
        let swapper = Thread {
            var fifo = true
            while !flag.stopped {
                // A new entry under a spare name, then renamed over the job's path: the path
                // always names a font or a FIFO, never nothing.
                let made = fifo ? mkfifo(spare, 0o600) : link(real, spare)
                if made == 0, rename(spare, user) == 0 { flag.swapped() }
                fifo.toggle()
            }
            done.signal()
        }
        swapper.start()
        for _ in 0..<24 {
            let found = lines(ScreenshotComposer().check(jobFile: job, options: epoch))
            XCTAssertTrue(found == [] || found == [fifoLine], "\(found)")
        }
        flag.stop()
        done.wait()
        // Both outcomes, made deterministic: the FIFO in place, then the font.
        unlink(user)
        XCTAssertEqual(mkfifo(user, 0o600), 0)
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: epoch)), [fifoLine])
        unlink(user)
        XCTAssertEqual(link(real, user), 0)
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: epoch)), [])
        XCTAssertFalse(PangoTypesetter.applicationFontFiles().contains(user))
    }
}
