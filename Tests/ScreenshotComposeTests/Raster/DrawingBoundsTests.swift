import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Ingest
@testable import Raster

/// Issue 36 item 1: a template is bounded by measurement, not by estimate. `check` draws each
/// template and canvas once in a worker under the run's bounds (`DrawingBounds`), and refuses a
/// template past one naming the template, the canvas and the bound. The adversarial pass's
/// templates (accepted before: a 5,000-point path dashed every 0.07 px peaked at 3.2 GB; a
/// self-crossing filled path of 20,000 points took 2 min 35 s) are refused here under small
/// bounds the job sets, so each refusal takes a second or two.
final class DrawingBoundsTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// The bounds a check sets stay for the process's next direct drawing: the next test's are the standard ones.
    override func tearDown() {
        RasterWorkers.bounds = .standard
        super.tearDown()
    }

    /// A slot template with `art` drawn under the headline and the capture.
    private func template(_ art: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="390" height="844" viewBox="0 0 390 844">
          <rect id="background" width="390" height="844" fill="#203040"/>
          \(art)
          <g id="headline">
            <rect x="30" y="40" width="330" height="110" fill="none"/>
            <text x="195" y="100" font-family="DejaVu Sans" font-size="34" font-weight="700" fill="#ffffff" text-anchor="middle">Sample headline</text>
          </g>
          <rect id="capture" x="45" y="180" width="300" height="649" rx="24" fill="#cccccc"/>
        </svg>
        """
    }

    /// `count` points spread over the canvas (a fixed sequence: the same template every run).
    private func points(_ count: Int, curves: Bool = false) -> String {
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next(_ range: Double) -> String {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return String(format: "%.1f", Double(state >> 11) / Double(1 << 53) * range)
        }
        let pairs = (0..<count).map { _ in "\(next(390)),\(next(844))" }
        guard curves else { return "M" + pairs.joined(separator: " ") }
        // Cubic curves through the same points (three per curve).
        return "M\(pairs[0]) C" + pairs.dropFirst().joined(separator: " ")
    }

    /// `check`'s error lines for a template with `art`, under the job's `drawingBounds`.
    private func refusals(_ art: String, bounds: [String: Any], options: PlanOptions? = nil) throws -> (lines: [String], file: String) {
        let scratch = try Scratch()
        let file = try scratch.write("bomb.svg", template(art))
        let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "bomb.svg", "drawingBounds": bounds])
        let report = ScreenshotComposer().check(jobFile: job, options: options ?? epoch)
        return (report.diagnostics.filter { $0.severity == .error }.map(\.line), file)
    }

    /// The refusal naming the element (on line 3) that goes past the bound drawn alone too.
    private func memoryRefusal(_ file: String, _ found: String, element: String = "<path>") -> String {
        "error: \(file):3:3: \(element): the template cannot be drawn within its bounds on the 390×844 canvas: drawing went past the memory bound: expected at most 512 MB per drawing process, found more (\(found)), and so does this element drawn alone; simplify it (long, dashed or self-crossing paths, filters, <use> copies), or raise the bound with --max-drawing-memory"
    }

    private let noMemory = "librsvg could not render the SVG: rendering error: NoMemory"

    func testAPathOf5000PointsDashedEvery007IsRefusedByItsMemory() throws {
        let (lines, file) = try refusals(##"<path d="\##(points(5000))" fill="none" stroke="#ffffff" stroke-width="2" stroke-dasharray="0.07"/>"##,
                                         bounds: ["memoryMB": 512])
        XCTAssertEqual(lines, [memoryRefusal(file, noMemory)])
    }

    func testOtherDashPatternsAndCurvesAreRefusedByTheirMemory() throws {
        for art in [##"<path d="\##(points(5000))" fill="none" stroke="#ffffff" stroke-dasharray="0.05 0.02 0.03"/>"##,
                    ##"<path d="\##(points(4999, curves: true))" fill="none" stroke="#ffffff" stroke-width="3" stroke-dasharray="0.1"/>"##,
                    ##"<polyline points="\##(points(5000).dropFirst())" fill="none" stroke="#ffffff" stroke-dasharray="0.07" stroke-linecap="round"/>"##] {
            let (lines, file) = try refusals(art, bounds: ["memoryMB": 512])
            XCTAssertEqual(lines, [memoryRefusal(file, noMemory, element: art.hasPrefix("<path") ? "<path>" : "<polyline>")], String(art.prefix(40)))
        }
    }

    func testASelfCrossingFilledPathOf20000PointsIsRefusedByItsTime() throws {
        let (lines, file) = try refusals(##"<path d="\##(points(20000))Z" fill="#ffffff" fill-opacity="0.3"/>"##, bounds: ["seconds": 1])
        XCTAssertEqual(lines, ["error: \(file):3:3: <path>: the template cannot be drawn within its bounds on the 390×844 canvas: drawing went past the time bound: expected at most 1 s of CPU per drawing, found more (stopped by the kernel), and so does this element drawn alone; simplify it (long, dashed or self-crossing paths, filters, <use> copies), or raise the bound with --max-drawing-seconds"])
    }

    func testAJobMayOnlyLowerTheBounds() throws {
        var options = epoch
        options.drawingCeiling = DrawingBounds(memoryMegabytes: 800, cpuSeconds: 5)
        let (lines, _) = try refusals(##"<rect width="10" height="10"/>"##, bounds: ["memoryMB": 900, "seconds": 6], options: options)
        XCTAssertEqual(lines.map { $0.replacingOccurrences(of: #"^error: .*?job\.json(:\d+:\d+)?: "#, with: "", options: .regularExpression) }, [
            "drawingBounds.memoryMB: a job may only lower the drawing bounds: expected at most 800 MB, found 900 (--max-drawing-memory raises the bound)",
            "drawingBounds.seconds: a job may only lower the drawing bounds: expected at most 5 s, found 6 (--max-drawing-seconds raises the bound)",
        ])
        let (small, _) = try refusals(##"<rect width="10" height="10"/>"##, bounds: ["memoryMB": 100, "seconds": 0.5])
        XCTAssertEqual(small.map { $0.replacingOccurrences(of: #"^error: .*?job\.json(:\d+:\d+)?: "#, with: "", options: .regularExpression) }, [
            "drawingBounds.memoryMB: expected a whole number of MB, at least 512, found 100",
            "drawingBounds.seconds: expected a whole number of CPU seconds, at least 1, found 0.5",
        ])
    }

    func testAnAcceptedTemplateRendersUnderTheJobsBoundsAtTwoJobs() throws {
        let scratch = try Scratch()
        try scratch.write("plain.svg", template(##"<path d="\##(points(200))" fill="none" stroke="#ffffff" stroke-dasharray="4 2"/>"##))
        let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "plain.svg", "drawingBounds": ["memoryMB": 512, "seconds": 2]])
        var options = epoch
        options.output = scratch.path("out")
        let report = ScreenshotComposer().render(jobFile: job, options: options, rendering: RenderOptions(jobs: 2))
        XCTAssertEqual(errorLines(report), [])
        XCTAssertEqual(RasterWorkers.bounds, DrawingBounds(memoryMegabytes: 512, cpuSeconds: 2))
        XCTAssertEqual(report.manifest?.outputs.count, 1)
    }
}
