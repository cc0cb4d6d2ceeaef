import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest
@testable import Plan

/// A job listing one capture file under many ids (adversarial pass, defect 2): the file was
/// decoded per entry, and 3,000 entries ran out of time at ~1 GB. It is now decoded once, and
/// the number of captures, screens and planned outputs is bounded before any capture is read.
final class ManyCapturesTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testOneFileUnderSeveralIdsAndPathsIsDecodedOnce() throws {
        let scratch = try Scratch()
        try scratch.write("captures/shot.png", try Fixtures.png(width: 390, height: 844))
        let job = try Fixtures.mobileJob(in: scratch)
        var d = DiagnosticCollector()
        let loaded = try XCTUnwrap(JobLoader.load(file: job, into: &d))
        let wellsData = try Data(contentsOf: Fixtures.repository.appendingPathComponent("wells.json"))
        let wells = try XCTUnwrap(WellsCatalogLoader.load(data: wellsData, file: "wells.json", into: &d))
        let cache = CaptureDecodeCache()
        let folder = URL(fileURLWithPath: scratch.path("captures"))
        var planned: [PlannedCapture] = []
        for (index, path) in ["shot.png", "./shot.png", "../captures/shot.png"].enumerated() {
            let capture = JobCapture(id: "c\(index)", path: path, url: folder.appendingPathComponent(path), well: "tuck-browser-mobile", storeWell: nil)
            var inputs = IngestedInputs()
            inputs.ingestCapture(capture.url)
            planned += try [XCTUnwrap(Planner.readCapture(capture, index: index, job: loaded, wells: wells, inputs: inputs, cache: cache, &d))]
        }
        XCTAssertEqual(lines(d), [])
        XCTAssertEqual(cache.decodes, 1)
        XCTAssertEqual(Set(planned.map(\.sha256)).count, 1)
        XCTAssertEqual(planned.map(\.id), ["c0", "c1", "c2"])
    }

    func testTooManyCapturesAreRefusedBeforeAnyIsRead() throws {
        let scratch = try Scratch()
        let n = Planner.maximumCaptures + 1
        // The capture file does not exist: a refusal that read it would name it.
        let captures = (0..<n).map { ["id": "c\($0)", "path": "missing.png", "well": "tuck-browser-mobile"] }
        let headlines = Dictionary(uniqueKeysWithValues: (0..<n).map { ("c\($0)", "H") })
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "captures": captures, "headlines": ["en-US": headlines]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(job): captures: too many captures: expected at most 500, found 501",
        ])
    }

    func testTooManyPlannedOutputsAreRefusedNamingTheCount() throws {
        let scratch = try Scratch()
        let ids = (0..<400).map { "c\($0)" }
        let captures = ids.map { ["id": $0, "path": "missing.png", "well": "tuck-browser-mobile"] }
        let row = Dictionary(uniqueKeysWithValues: ids.map { ($0, "H") })
        let locales = ["en-US", "de-DE", "fr-FR", "es-ES", "it-IT", "ja-JP", "ko-KR", "pt-BR", "nl-NL", "sv-SE", "da-DK", "fi-FI", "nb-NO",
                       "pl-PL", "tr-TR", "ru-RU", "uk-UA", "cs-CZ", "el-GR", "hu-HU", "ro-RO", "sk-SK", "hr-HR", "id-ID", "ms-MY", "th-TH"]
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "captures": captures,
                                        "headlines": Dictionary(uniqueKeysWithValues: locales.map { ($0, row) })])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(job): headlines: too many planned outputs: expected at most 10000 (locales × captures + graphics), found 10400 (26 locales)",
        ])
    }
}
