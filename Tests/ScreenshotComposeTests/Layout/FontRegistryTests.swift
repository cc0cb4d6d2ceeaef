import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Layout

/// Issue 26 item 4: fontconfig's configuration is one per process, so `FontRegistry` owns it:
/// each distinct font file is registered once, by content, whatever path, job or thread brings
/// it; and a typesetter shared by copies of `ScreenshotComposer` typesets on several threads at
/// once as it does on one (a Pango context per thread).
final class FontRegistryTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// DejaVu Sans Bold renamed to `family` (scripts/rename-font-family.py, python3-fonttools):
    /// bytes no earlier test of this process registered.
    private func renamedFont(_ scratch: Scratch, family: String) throws -> Data {
        let font = scratch.path("renamed.ttf")
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, Fixtures.repository.appendingPathComponent("scripts/rename-font-family.py").path,
                             "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", font, family]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python3-fonttools (scripts/setup.sh installs it)")
        return try Data(contentsOf: URL(fileURLWithPath: font))
    }

    /// The same bytes as `fonts/Brand.ttf` and `other/Copy.otf` in one job, then under a third
    /// path in a second job and in two jobs checked at once on two threads: fontconfig holds one
    /// file of that content (the private copies of a `.ttf` and an `.otf` were two files, both
    /// registered, before the registry keyed them by SHA-256), and every job sets its text in it.
    func testTheSameFontFileUnderSeveralPathsIsRegisteredOnce() throws {
        let scratch = try Scratch()
        let family = "SSC Registry " + String(UUID().uuidString.compactMap { $0.isLetter ? $0 : nil }.prefix(6))
        let bytes = try renamedFont(scratch, family: family)
        let sha = SHA256.hex(bytes)
        for path in ["one/fonts/Brand.ttf", "one/other/Copy.otf", "two/fonts/Again.ttf", "three/f.ttf", "four/g.ttf"] {
            try scratch.write(path, bytes)
        }
        func job(_ folder: String, _ fontFiles: [String]) throws -> String {
            try scratch.write("\(folder)/captures/shot.png", try Fixtures.png(width: 390, height: 844))
            return try scratch.writeJob(["schemaVersion": 1, "output": "out", "headlines": ["en-US": ["shot": "Read it anywhere"]],
                                         "captures": [["id": "shot", "path": "captures/shot.png", "well": "tuck-browser-mobile"]],
                                         "fonts": ["default": family], "fontFiles": fontFiles.map { scratch.path($0) }],
                                        name: "\(folder)/job.json")
        }
        func registrations() -> [String] {
            FontRegistry.applicationFontFiles().filter { ($0 as NSString).lastPathComponent.hasPrefix(sha) }
        }
        XCTAssertEqual(registrations(), [])

        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: try job("one", ["one/fonts/Brand.ttf", "one/other/Copy.otf"]), options: epoch)), [])
        let first = registrations()
        XCTAssertEqual(first.count, 1, "\(first)")
        XCTAssertEqual(FontRegistry.registeredFiles[sha], first.first)

        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: try job("two", ["two/fonts/Again.ttf"]), options: epoch)), [])
        let jobs = [try job("three", ["three/f.ttf"]), try job("four", ["four/g.ttf"])]
        let results = Locked<[[String]]>([])
        let composer = ScreenshotComposer()
        runOnThreads(jobs.count) { index in
            let report = composer.check(jobFile: jobs[index], options: self.epoch)
            results.update { $0.append(lines(report)) }
        }
        XCTAssertEqual(results.value, [[], []])
        XCTAssertEqual(registrations(), first)
    }

    /// One `PangoTypesetter`, as copies of a `ScreenshotComposer` share it, used by two threads
    /// at once, each typesetting the same headlines in another order (languages and directions
    /// interleaved, which set the context's state): every measurement and every wrap equals what
    /// a typesetter used by one thread alone gives.
    func testTwoThreadsTypesettingAtOnceGiveWhatOneThreadGives() {
        let samples: [(String, TextStyle)] = [
            ("Read it anywhere, offline too", TextStyle(fontFamily: "DejaVu Sans", weight: 700, size: 64, language: "en-US")),
            ("اقرأه في أي مكان", TextStyle(fontFamily: "Noto Sans Arabic, DejaVu Sans", weight: 700, size: 64, language: "ar", rightToLeft: true)),
            ("どこでもワンタップで読める", TextStyle(fontFamily: "Noto Sans CJK JP", weight: 700, size: 60, language: "ja")),
            ("随时随地阅读，一键同步", TextStyle(fontFamily: "Noto Sans CJK SC", weight: 400, size: 60, language: "zh-Hans")),
            ("Überall lesen – auch unterwegs", TextStyle(fontFamily: "DejaVu Serif", weight: 400, size: 48, language: "de-DE")),
        ]
        func typeset(_ typesetter: PangoTypesetter, order: [Int]) -> [Int: String] {
            var out: [Int: String] = [:]
            for index in order {
                let (text, style) = samples[index]
                let m = typesetter.measure(text, style: style)
                let lines = typesetter.wrap(text, style: style, width: 300)
                out[index] = "\(m.width) \(m.height) \(m.baseline) \(m.inkX) \(m.inkY) \(m.inkWidth) \(m.inkHeight) \(m.fontFiles) | \(lines)"
            }
            return out
        }
        let alone = typeset(PangoTypesetter(), order: Array(samples.indices))
        XCTAssertEqual(alone.count, samples.count)
        XCTAssertNotEqual(alone[0], alone[1])

        let shared = ScreenshotComposer().typesetter as! PangoTypesetter
        let results = Locked<[[Int: String]]>([])
        runOnThreads(2) { thread in
            for round in 0..<20 {
                let order = (round + thread) % 2 == 0 ? Array(samples.indices) : Array(samples.indices.reversed())
                let result = typeset(shared, order: order)
                results.update { $0.append(result) }
            }
        }
        XCTAssertEqual(results.value.count, 40)
        for result in results.value { XCTAssertEqual(result, alone) }
    }

    /// Two copies of one composer (one typesetter) rendering the same job in memory on two threads
    /// at once give the bytes one render alone gives.
    func testTwoRendersAtOnceThroughOneTypesetterGiveTheBytesOfOne() throws {
        let png = try Fixtures.png(width: 390, height: 844)
        let headlines = ["en-US": ["shot": "Read it anywhere"], "ar": ["shot": "اقرأه في أي مكان"], "ja": ["shot": "どこでもワンタップで読める"]]
        let job = Job(captures: [JobCapture(id: "shot", png: png, well: "tuck-browser-mobile")], headlines: headlines)
        let composer = ScreenshotComposer()
        let alone = composer.renderInMemory(job: job, options: epoch)
        XCTAssertEqual(alone.diagnostics.map(\.line), [])
        XCTAssertEqual(alone.outputs.count, 3)
        let copies = [composer, composer]
        let results = Locked<[[Data?]]>([])
        runOnThreads(2) { index in
            let result = copies[index].renderInMemory(job: job, options: self.epoch)
            results.update { $0.append(result.outputs.map(\.png)) }
        }
        XCTAssertEqual(results.value, [alone.outputs.map(\.png), alone.outputs.map(\.png)])
    }

    /// Runs `body(0..<count)` on `count` threads of their own, started together, and waits for
    /// all (threads, not a dispatch queue, so they run at once on one CPU too).
    private func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for index in 0..<count {
            done.enter()
            let thread = Thread {
                start.wait()
                body(index)
                done.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        for _ in 0..<count { start.signal() }
        XCTAssertEqual(done.wait(timeout: .now() + 600), .success, "the threads did not finish within 10 minutes")
    }
}
