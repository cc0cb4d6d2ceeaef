import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Manifest
@testable import Publish

/// `--json` prints one document on stdout in the documented shape; GitHub Actions annotations.
final class JSONOutputTests: XCTestCase {
    func testRenderJSONIsTheOnlyThingOnStdout() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "One"], "de-DE": ["shot": "Eins"]])
        let (code, out, _) = try runTool(["render", job, "--json"], environment: ["SOURCE_DATE_EPOCH": "0"])
        XCTAssertEqual(code, 0)
        // Decoding with the documented type is the shape check; extra or missing keys fail it.
        let report = try JSONDecoder().decode(JSONReport.self, from: Data(out.utf8))
        XCTAssertEqual(report.command, "render")
        XCTAssertEqual(report.status, "succeeded")
        XCTAssertEqual(report.counts, JSONReport.Counts(outputs: 2, errors: 0, warnings: 0))
        XCTAssertEqual(report.manifest, scratch.path("out/manifest.json"))
        XCTAssertEqual(report.outputs.map { "\($0.locale)/\($0.captureId)" }, ["de-DE/shot", "en-US/shot"])
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: scratch.path("out/manifest.json"))))
        XCTAssertEqual(report.outputs, manifest.outputs)
        XCTAssertEqual(report.problems, [])
        let keys = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]).keys.sorted()
        XCTAssertEqual(keys, ["command", "counts", "leftOut", "manifest", "outputs", "problems", "status"])
    }

    func testCheckJSONListsProblemsWithTheirJobLine() throws {
        let scratch = try Scratch()
        try scratch.write("shot.png", try Fixtures.png(width: 390, height: 844))
        let job = try scratch.write("job.json", """
        {
          "schemaVersion": 1,
          "captures": [
            { "id": "shot", "path": "shot.png", "well": "tuck-browser-mobile" }
          ],
          "headlines": {
            "en-US": {
              "shot": "Rocket 🚀"
            }
          }
        }
        """)
        let (code, out, err) = try runTool(["check", job, "--json"], environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(code, 1)
        let report = try JSONDecoder().decode(JSONReport.self, from: Data(out.utf8))
        XCTAssertEqual(report.status, "failed")
        XCTAssertEqual(report.counts.errors, 1)
        XCTAssertEqual(report.problems.map(\.field), ["headlines.en-US.shot"])
        XCTAssertEqual(report.problems.first?.line, 8)
        XCTAssertEqual(report.problems.first?.column, 15)
        XCTAssertEqual(report.problems.first?.severity, "error")
        // The subject comes from the stage that found the problem, not from the text.
        XCTAssertEqual(report.problems.first?.locale, "en-US")
        XCTAssertEqual(report.problems.first?.captureId, "shot")
        XCTAssertNil(report.problems.first?.target)
        XCTAssertTrue(out.contains("\"target\" : null"), "absent values are written as null")
        let annotation = try XCTUnwrap(err.split(separator: "\n").first { $0.hasPrefix("::error ") })
        XCTAssertTrue(annotation.hasPrefix("::error file=\(job),line=8,col=15,title=headlines.en-US.shot::headline holds emoji U+1F680"), String(annotation))
    }

    func testAnnotationsEscapeWhatWorkflowCommandsReserve() {
        let d = Diagnostic(.warning, file: "a,b:c.json", field: "x", message: "50% done\nnext")
        XCTAssertEqual(d.githubAnnotation(), "::warning file=a%2Cb%3Ac.json,title=x::50%25 done%0Anext")
    }

    /// One problem, one stderr line: a file name (or quoted text) holding a line break or another
    /// control character is escaped, so it cannot start a line of its own (which GitHub Actions
    /// would read as a workflow command, `::error::…`).
    func testAStderrLineEscapesLineBreaksAndControlCharacters() {
        let d = Diagnostic(.error, file: "shots/a\n::error::b.png", field: "(file\r)", message: "found \"a\n::error::b.png\u{1B}[31m\t\"")
        XCTAssertEqual(d.line, #"error: shots/a\n::error::b.png: (file\r): found "a\n::error::b.png\u{1B}[31m\t""#)
        XCTAssertEqual(d.lineWithoutPosition, d.line)
    }

    func testVerifyJSON() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(try runTool(["render", job]).0, 0)
        try Data("changed".utf8).write(to: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")))
        let (code, out, _) = try runTool(["verify", scratch.path("out/manifest.json"), "--json"])
        XCTAssertEqual(code, 1)
        let report = try JSONDecoder().decode(JSONReport.self, from: Data(out.utf8))
        XCTAssertEqual(report.command, "verify")
        XCTAssertEqual(report.problems.map(\.field), ["outputs[0].svg (en-US/shot.svg)"])
        // The manifest verified and its outputs are named, as for a render.
        let path = URL(fileURLWithPath: scratch.path("out/manifest.json")).standardizedFileURL.path
        XCTAssertEqual(report.manifest, path)
        XCTAssertEqual(report.outputs.map(\.svg.path), ["en-US/shot.svg"])
        XCTAssertEqual(report.counts.outputs, 1)
        XCTAssertEqual(report.status, "failed")
        // A manifest that cannot be read: null, no outputs.
        let (missingCode, missing, _) = try runTool(["verify", scratch.path("nowhere/manifest.json"), "--json"])
        XCTAssertEqual(missingCode, 1)
        let unread = try JSONDecoder().decode(JSONReport.self, from: Data(missing.utf8))
        XCTAssertNil(unread.manifest)
        XCTAssertEqual(unread.outputs.count, 0)
    }

    func testJSONPositionsFollowArrayIndexes() throws {
        let text = "{\n\"captures\": [\n {\"id\": \"a\", \"path\": \"x\"},\n {\"id\": \"b\",\n  \"path\": \"y\"}\n]}"
        let document = try JSONDocument.parse(Data(text.utf8))
        XCTAssertEqual(document.positions["captures[1].path"], JSONPosition(line: 5, column: 11))
        XCTAssertEqual(document.positions["captures[0].path"], JSONPosition(line: 3, column: 22))
        XCTAssertNil(document.positions["nothing.here"])
        // A missing field points at the object that lacks it.
        XCTAssertEqual(DiagnosticCollector.position(of: "captures[1].well", in: document.positions), JSONPosition(line: 4, column: 2))
        // A field with a note after it (a manifest entry and its path) points at the entry.
        XCTAssertEqual(DiagnosticCollector.position(of: "captures[1] (shots/b.png)", in: document.positions), JSONPosition(line: 4, column: 2))
        XCTAssertEqual(DiagnosticCollector.position(of: "captures[0].path (x.y)", in: document.positions), JSONPosition(line: 3, column: 22))
    }

    /// verify's errors about one listed input point at that input's entry, not at the list.
    func testVerifyErrorsPointAtTheEntry() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(try runTool(["render", job]).0, 0)
        let manifestPath = scratch.path("out/manifest.json")
        let data = try Data(contentsOf: URL(fileURLWithPath: manifestPath))
        let document = try JSONDocument.parse(data)
        let manifest = try JSONDecoder().decode(Manifest.self, from: data)
        let capture = try XCTUnwrap(manifest.inputs.captures.first)
        try FileManager.default.removeItem(at: URL(fileURLWithPath: manifestPath).deletingLastPathComponent().appendingPathComponent(capture.path))
        var d = DiagnosticCollector()
        _ = ManifestVerifier.verify(manifestFile: manifestPath, into: &d)
        let problem = try XCTUnwrap(d.diagnostics.first { $0.field == "inputs.captures[0] (\(capture.path))" }, "\(d.diagnostics.map(\.line))")
        XCTAssertNotNil(document.positions["inputs.captures[0]"])
        XCTAssertEqual(problem.position, document.positions["inputs.captures[0]"])
        XCTAssertNotEqual(problem.position, document.positions["inputs.captures"])
    }
}
