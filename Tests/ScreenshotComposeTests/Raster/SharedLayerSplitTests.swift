import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Plan
@testable import Raster
@testable import Manifest

/// Issue 24 item 5, the whole path: every built-in rendered by `render` on 1 and 3 threads, as
/// two shards and as a part of one locale gives the same PNG bytes for every output, and each
/// PNG's pixels are librsvg's one-pass drawing of the SVG written beside it (the layers below
/// the text drawn once are invisible in the result).
final class SharedLayerSplitTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")
    /// Left to right, right to left, CJK (each locale draws its own text over shared layers).
    private let headlines = ["en-US": "Read it anywhere", "ar": "اقرأه في أي مكان", "ja-JP": "どこでも読める"]

    private func job(_ scratch: Scratch, template: BuiltinTemplate) throws -> String {
        try scratch.write("wells.json", try BuiltinTemplateTests.wells())
        let (well, size) = template == .featureGraphic ? ("test-desktop", (720, 500)) : ("test-phone", (400, 868))
        try scratch.write("a.png", try Fixtures.png(width: size.0, height: size.1))
        try scratch.write("b.png", try Fixtures.png(width: size.0, height: size.1, red: 40))
        let names = template == .featureGraphic ? ["en-US": "Reader", "ar": "قارئ", "ja-JP": "リーダー"] : headlines
        return try scratch.writeJob([
            "schemaVersion": 1, "output": "out", "template": template.rawValue, "wells": "wells.json",
            "captures": [["id": "a", "path": "a.png", "well": well], ["id": "b", "path": "b.png", "well": well]],
            "headlines": names.mapValues { ["a": $0, "b": $0] },
            "subtitles": names.mapValues { _ in ["a": "Offline, on every device"] },
        ])
    }

    /// Renders `job` into `folder` with `jobs` threads, `shard` or `locales`; returns each PNG's
    /// SHA-256 by path, and checks each against the one-pass drawing of its SVG.
    private func render(_ job: String, scratch: Scratch, folder: String, jobs: Int, shard: Shard? = nil, locales: [String] = [],
                        file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        var options = epoch
        options.output = scratch.path(folder)
        options.locales = locales
        var rendering = RenderOptions(jobs: jobs)
        rendering.shard = shard
        let report = ScreenshotComposer().render(jobFile: job, options: options, rendering: rendering)
        XCTAssertEqual(errorLines(report), [], folder, file: file, line: line)
        var hashes: [String: String] = [:]
        for output in report.manifest?.outputs ?? [] {
            let png = try XCTUnwrap(output.png, file: file, line: line)
            let svgURL = URL(fileURLWithPath: scratch.path("\(folder)/\(output.svg.path)"))
            let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.path("\(folder)/\(png.path)")))
            XCTAssertEqual(SHA256.hex(bytes), png.sha256, file: file, line: line)
            let whole = try LibrsvgRasterizer.drawWhole(svg: Data(contentsOf: svgURL), baseFile: svgURL, width: png.width, height: png.height)
            XCTAssertEqual(PixelHash.of(try PNGCodec.decodeRGBA(bytes)), PixelHash.of(whole),
                           "\(folder) \(png.path): PNG pixels against the one-pass drawing of its SVG", file: file, line: line)
            hashes[png.path] = png.sha256
        }
        return hashes
    }

    func testEveryBuiltInGivesTheSameBytesAtAnyThreadCountAndSplitAndIsItsSVG() throws {
        for template in BuiltinTemplate.allCases {
            let scratch = try Scratch()
            let job = try job(scratch, template: template)
            let one = try render(job, scratch: scratch, folder: "one", jobs: 1)
            // 2 captures × 3 locales (a panorama draws each of its panels).
            XCTAssertGreaterThanOrEqual(one.count, 6, template.rawValue)
            XCTAssertEqual(try render(job, scratch: scratch, folder: "three", jobs: 3), one, "\(template.rawValue): 3 threads")
            var shards: [String: String] = [:]
            for index in 1...2 {
                let part = try render(job, scratch: scratch, folder: "shard-\(index)", jobs: 2, shard: Shard(index: index, count: 2))
                XCTAssertFalse(part.isEmpty, "\(template.rawValue): shard \(index) of 2 renders something")
                shards.merge(part) { first, _ in first }
            }
            XCTAssertEqual(shards, one, "\(template.rawValue): two shards")
            let arabic = try render(job, scratch: scratch, folder: "ar", jobs: 2, locales: ["ar"])
            XCTAssertEqual(arabic, one.filter { $0.key.hasPrefix("ar/") }, "\(template.rawValue): the ar part")
            XCTAssertEqual(arabic.count, one.count / 3, template.rawValue)
        }
    }
}
