import Foundation
import XCTest
@testable import Support
@testable import Raster
@testable import Ingest

/// Issue 36 item 1: librsvg and cairo draw in worker processes (`RasterWorkers`), started from
/// the worker executable beside the tests, kept between drawings and replaced when one ends.
final class RasterWorkerTests: XCTestCase {
    private let svg = Data("""
        <svg xmlns="http://www.w3.org/2000/svg" width="64" height="48" viewBox="0 0 64 48">
          <rect x="4" y="4" width="40" height="30" fill="#3366cc"/>
          <path d="M0 48 L64 0" stroke="#cc3300" stroke-width="3" stroke-dasharray="5 2"/>
          <text x="8" y="44" font-family="DejaVu Sans" font-size="10">Ag</text>
        </svg>
        """.utf8)
    private let base = URL(fileURLWithPath: "/nonexistent/worker-test/test.svg")

    override func tearDown() {
        RasterWorkers.executablePath = RasterWorkers.defaultExecutablePath
        super.tearDown()
    }

    func testTheWorkersCanvasIsTheInProcessCanvasByteForByte() throws {
        let drawn = try LibrsvgRasterizer.drawWhole(svg: svg, baseFile: base, width: 64, height: 48)
        let here = try LibrsvgRasterizer.drawWholeHere(svg: svg, baseFile: base, width: 64, height: 48)
        XCTAssertEqual([drawn.width, drawn.height, drawn.stride], [64, 48, 256])
        XCTAssertEqual(drawn.pixels, here.pixels)
        // The rectangle's blue at 10,10 (cairo RGB24, little-endian: B, G, R).
        XCTAssertEqual(Array(drawn.pixels[(10 * 256 + 40)..<(10 * 256 + 43)]), [0xCC, 0x66, 0x33])
        XCTAssertFalse(RasterWorkers.idleProcessIDs.contains(getpid()))
        XCTAssertFalse(RasterWorkers.idleProcessIDs.isEmpty)
    }

    func testAWorkerKilledBetweenDrawingsIsReplaced() throws {
        let first = try LibrsvgRasterizer.drawWhole(svg: svg, baseFile: base, width: 64, height: 48)
        let killed = RasterWorkers.idleProcessIDs
        XCTAssertFalse(killed.isEmpty)
        for pid in killed {
            kill(pid, SIGKILL)
            // Dead (a zombie, not reaped: the pool reaps it) before the next drawing.
            while (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first != "Z" {
                sched_yield()
            }
        }
        // Reaped when next checked out, and replaced: the drawing does not fail.
        let second = try LibrsvgRasterizer.drawWhole(svg: svg, baseFile: base, width: 64, height: 48)
        XCTAssertEqual(second.pixels, first.pixels)
        XCTAssertTrue(Set(RasterWorkers.idleProcessIDs).isDisjoint(with: killed))
    }

    func testAWorkerRunsUnderItsAddressSpaceBoundAndWritesNoCoreFile() throws {
        RasterWorkers.shutdown()
        RasterWorkers.bounds = DrawingBounds(memoryMegabytes: 600, cpuSeconds: 4)
        defer { RasterWorkers.bounds = .standard }
        _ = try LibrsvgRasterizer.drawWhole(svg: svg, baseFile: base, width: 64, height: 48)
        let pid = try XCTUnwrap(RasterWorkers.idleProcessIDs.first)
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8).split(separator: "\n")
        func row(_ name: String) -> [Substring] {
            limits.first { $0.hasPrefix(name) }.map { $0.dropFirst(name.count).split(separator: " ") } ?? []
        }
        XCTAssertEqual(row("Max address space").prefix(2), ["\(600 << 20)", "\(600 << 20)"])
        XCTAssertEqual(row("Max core file size").prefix(2), ["0", "0"])
        // The soft CPU limit was re-armed for the drawing: the CPU used so far plus 4 s, whole seconds.
        let soft = try XCTUnwrap(row("Max cpu time").first.flatMap { Int($0) })
        XCTAssertTrue((4...6).contains(soft), "\(soft)")
        RasterWorkers.shutdown()
    }

    func testAMissingWorkerExecutableIsNamed() {
        RasterWorkers.shutdown()
        RasterWorkers.executablePath = "/nonexistent/libexec/ssc-raster-worker"
        XCTAssertThrowsError(try LibrsvgRasterizer.drawWhole(svg: svg, baseFile: base, width: 64, height: 48)) { error in
            XCTAssertEqual((error as? RasterError)?.message,
                           "the drawing worker is missing: expected the executable /nonexistent/libexec/ssc-raster-worker (installed beside the tool; RasterWorkers.executablePath in the library), found none")
        }
    }
}
