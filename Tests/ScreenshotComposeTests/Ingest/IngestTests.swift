import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest
@testable import Plan

/// The ingest step reads every file a job names; planning is a function of what it read.
final class IngestTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// Every input removed from disk after ingest: the plan is the same as from the files.
    func testThePlanComesFromIngestedValuesWithNoFileLeftOnDisk() throws {
        let scratch = try Scratch()
        let repository = Fixtures.repository
        try scratch.write("wells.json", try Data(contentsOf: repository.appendingPathComponent("wells.json")))
        try scratch.write("store-wells.json", try Data(contentsOf: repository.appendingPathComponent("store-wells.json")))
        try scratch.write("template.svg.tmpl", try Data(contentsOf: repository.appendingPathComponent("templates/device-well.svg.tmpl")))
        for locale in ["de-DE", "en-US"] {
            try scratch.write("shots/\(locale)/home.png", try Fixtures.png(width: 390, height: 844, red: locale == "de-DE" ? 10 : 200))
        }
        let jobFile = try scratch.writeJob([
            "schemaVersion": 1, "output": "out", "template": "template.svg.tmpl", "wells": "wells.json", "storeWells": "store-wells.json",
            "captures": [["id": "home", "path": "shots/{locale}/home.png", "well": "tuck-browser-mobile"]],
            "headlines": ["en-US": ["home": "Home"], "de-DE": ["home": "Start"]],
        ])
        var d = DiagnosticCollector()
        let (job, inputs) = try XCTUnwrap(Ingest.read(jobFile: jobFile, options: epoch, into: &d))
        var fromDisk = DiagnosticCollector()
        let expected = try XCTUnwrap(Planner.plan(job, inputs: Ingest.read(job, options: epoch), options: epoch, into: &fromDisk))
        for name in ["wells.json", "store-wells.json", "template.svg.tmpl", "shots"] {
            try FileManager.default.removeItem(atPath: scratch.path(name))
        }
        let plan = try XCTUnwrap(Planner.plan(job, inputs: inputs, options: epoch, into: &d))
        XCTAssertEqual(lines(d), [])
        XCTAssertEqual(plan.outputs.map { "\($0.locale) \($0.capture.sha256)" }, expected.outputs.map { "\($0.locale) \($0.capture.sha256)" })
        XCTAssertEqual(plan.outputs.map(\.captureSource), ["../shots/de-DE/home.png", "../shots/en-US/home.png"])
        XCTAssertEqual([plan.templateFile.sha256, plan.wellsFile.sha256, plan.storeWellsFile.sha256],
                       [expected.templateFile.sha256, expected.wellsFile.sha256, expected.storeWellsFile.sha256])
        // Planned again from disk, the missing files are refused as before.
        var again = DiagnosticCollector()
        _ = Planner.plan(job, inputs: Ingest.read(job, options: epoch), options: epoch, into: &again)
        XCTAssertEqual(lines(again).first, "error: \(jobFile): template: cannot read the template file: expected a file, found nothing at \(scratch.path("template.svg.tmpl"))")
    }
}
