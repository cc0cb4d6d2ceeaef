import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Layout

/// Issue 36 item 3, done-when: for every output of every fixture job, headless Chromium's
/// screenshot of its SVG matches its PNG in each capture's rectangle, within 2 levels per channel
/// on average (text may differ where Chromium has other fonts; it is outside the rectangles).
/// About three seconds of Chromium per output, 61 outputs: a slow check
/// (`scripts/slow-checks/chromium-fixture-jobs` sets SSC_CHROMIUM_FIXTURES=1); skipped otherwise.
final class FixtureJobsInChromiumTests: XCTestCase {
    /// Where each capture is drawn on the canvas: the layout's capture, or each slot's (the
    /// frame's screen when a job frame holds it), in a panorama's window.
    private func captureRects(_ layout: CanvasLayout) -> [Rect] {
        guard let slots = layout.slots else { return [layout.capture] }
        return slots.captures.map { placed in
            let r = placed.frame?.screen ?? placed.rect
            return Rect(x: r.x - layout.viewBoxX, y: r.y, width: r.width, height: r.height)
        }
    }

    func testEveryFixtureOutputsSVGShowsItsPNGsCapturesInChromium() throws {
        guard ProcessInfo.processInfo.environment["SSC_CHROMIUM_FIXTURES"] == "1" else {
            throw XCTSkip("a slow check: scripts/slow-checks/chromium-fixture-jobs runs it")
        }
        let jobs = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repository.appendingPathComponent("fixtures").path)
            .filter { $0.hasSuffix("-job.json") }.sorted()
        XCTAssertEqual(jobs.count, 11)
        var compared = 0
        for name in jobs {
            let scratch = try Scratch()
            let jobFile = Fixtures.repository.appendingPathComponent("fixtures/\(name)").path
            let options = PlanOptions(output: scratch.path("out"), sourceDateEpoch: "1767225600")
            let report = ScreenshotComposer().render(jobFile: jobFile, options: options)
            XCTAssertEqual(lines(report).filter { $0.hasPrefix("error") }, [], name)
            var d = DiagnosticCollector()
            let laidOut = try XCTUnwrap(ScreenshotComposer().prepare(jobFile: jobFile, options: options, into: &d)?.1, name)
            for output in laidOut {
                let names = output.spec.destination
                let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/\(names.png)"))))
                let shot = try Chromium.screenshot(URL(fileURLWithPath: scratch.path("out/\(names.svg)")), width: png.header.width,
                                                   height: png.header.height, shot: scratch.path("shot.png"))
                XCTAssertEqual([shot.header.width, shot.header.height], [png.header.width, png.header.height], names.svg)
                // A panorama's image shows the captures its window holds; the others lie off it.
                let rects = captureRects(output.layout).filter { $0.x + $0.width > 8 && $0.x < Double(png.header.width) - 8 }
                XCTAssertFalse(rects.isEmpty, "\(name) \(names.svg): no capture rectangle on the canvas")
                for rect in rects {
                    let difference = Chromium.meanDifference(shot, png, in: rect)
                    let line = "chromium-fixture-jobs: \(name) \(names.svg) capture \(SVGNumber.format(rect.x)),\(SVGNumber.format(rect.y)) \(SVGNumber.format(rect.width))×\(SVGNumber.format(rect.height)): mean difference R G B \(difference.map { String(format: "%.3f", $0) }.joined(separator: " "))\n"
                    FileHandle.standardError.write(Data(line.utf8))
                    XCTAssertTrue(!difference.isEmpty && difference.allSatisfy { $0 <= 2 }, "\(name) \(names.svg): \(difference)")
                    compared += 1
                }
            }
        }
        FileHandle.standardError.write(Data("chromium-fixture-jobs: \(compared) capture rectangle(s) compared\n".utf8))
    }
}
