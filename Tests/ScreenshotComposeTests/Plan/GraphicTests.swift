import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Plan
@testable import Publish

/// `"graphics"`: Google Play's feature graphic (1024×500) from the app icon, name and a line.
final class GraphicTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    private func render(graphics: [[String: Any]]) throws -> (Scratch, RunReport) {
        let scratch = try Scratch()
        try scratch.write("icon.png", try Fixtures.png(width: 256, height: 256))
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Read it anywhere"], "de-DE": ["shot": "Überall lesen"]],
                                         extra: ["graphics": graphics])
        return (scratch, ScreenshotComposer().render(jobFile: job, options: epoch))
    }

    func testTheFeatureGraphicIsTheTargetsSizeWithTheIconAndTheTitle() throws {
        let (scratch, report) = try render(graphics: [[
            "id": "feature", "target": "google-play:feature-graphic", "template": "feature-graphic", "icon": "icon.png",
            "title": ["en-US": "Tuck", "de-DE": "Tuck"], "subtitle": ["en-US": "Plan your week in seconds", "de-DE": "Die Woche in Sekunden planen"],
        ]])
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(report.manifest?.outputs.map { "\($0.locale)/\($0.captureId)" }, ["de-DE/shot", "de-DE/feature", "en-US/shot", "en-US/feature"])
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/feature.png")))
        let png = try PNGCodec.decodeRGBA(data)
        XCTAssertEqual([png.header.width, png.header.height], [1024, 500])
        XCTAssertEqual(png.header.colorType, .rgb, "no alpha")
        try ReferenceImages.check(data, name: "builtin-feature-graphic")
        // The icon (R = 200 in the generated PNG) centred above the title, whose dark ink is
        // centred on the canvas too (the left-aligned group left the right third empty).
        XCTAssertEqual(Int(png.pixel(x: 512, y: 160).r), 200, accuracy: 3)
        XCTAssertNotEqual(Int(png.pixel(x: 164, y: 250).r), 200)
        var ink: [Int] = []
        for y in 265..<360 { for x in 0..<1024 where png.pixel(x: x, y: y).r < 0x40 { ink.append(x) } }
        XCTAssertGreaterThan(ink.count, 1000)
        XCTAssertEqual((ink.min() ?? 0) + (ink.max() ?? 0), 1024, accuracy: 6, "the title is centred")
        XCTAssertEqual(report.manifest?.outputs.first { $0.captureId == "feature" }?.storeWell?.id, "google-play-feature-graphic-landscape-1024x500")
    }

    func testAGraphicWithoutATitleForALocaleOrWithAnUnknownTargetIsRefused() throws {
        let (scratch, report) = try render(graphics: [
            ["id": "feature", "target": "google-play:feature-graphic", "icon": "icon.png", "title": ["en-US": "Tuck"]],
            ["id": "other", "target": "google-play:poster", "icon": "icon.png", "title": ["en-US": "Tuck"]],
        ])
        let job = scratch.path("job.json")
        XCTAssertEqual(errorLines(report).filter { $0.contains("graphics[") }.map { $0.components(separatedBy: ": expected").first ?? $0 }, [
            "error: \(job): graphics[1].target: unknown store target",
            "error: \(job): graphics[0].title: no title for locale de-DE",
        ])
    }

    /// A graphic's own template is read once (issue 24: every template read once into the tree),
    /// so a refused one is reported once, not once per locale.
    func testAGraphicsOwnTemplateIsReadOnceAndRefusedOnce() throws {
        let scratch = try Scratch()
        try scratch.write("icon.png", try Fixtures.png(width: 256, height: 256))
        try scratch.write("banner.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="500"><script/><rect id="capture" width="200" height="200"/></svg>"#)
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Read it anywhere"], "de-DE": ["shot": "Überall lesen"]],
                                         extra: ["graphics": [["id": "feature", "target": "google-play:feature-graphic", "template": "banner.svg", "icon": "icon.png",
                                                               "title": ["en-US": "Tuck", "de-DE": "Tuck"]]]])
        let report = ScreenshotComposer().check(jobFile: job, options: epoch)
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .error }.map(\.line), [
            "error: \(scratch.path("banner.svg")):1:67: <script>: active content in a template: expected artwork only, found <script>",
            "error: \(scratch.path("banner.svg")): #headline: no headline slot: expected a <g id=\"headline\"> with a <rect> box and a sample <text>, found none",
        ])
    }
}
