import Foundation
import XCTest

/// The docs check (`scripts/docs-check.py`, run by `make test`) fails on a stale example and
/// names the page, the line and what the tool said: run on a copy of the guides in which a JSON
/// example, a job's field, a command and a generated page were broken, and a fence left unlabelled.
final class DocsCheckTests: XCTestCase {
    private func runCheck(root: URL, pages: [String]) throws -> (Int32, String) {
        let process = Process()
        // Debian's python3, where scripts/setup.sh installs python3-jsonschema.
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, Fixtures.repository.appendingPathComponent("scripts/docs-check.py").path,
                             "--root", root.path, "--bin", Fixtures.repository.appendingPathComponent(".build/debug/store-screenshot-compose").path]
            + pages.flatMap { ["--only", $0] }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Copies README.md and docs/ into a scratch root and replaces `old` by `new` in `page`
    /// (exactly once); returns the 1-based line the replacement is on.
    private func breakPage(_ root: URL, _ page: String, _ old: String, _ new: String) throws -> Int {
        let url = root.appendingPathComponent(page)
        let text = try String(contentsOf: url, encoding: .utf8)
        let parts = text.components(separatedBy: old)
        XCTAssertEqual(parts.count, 2, "\(page) no longer holds \(old) once: update this test")
        try parts.joined(separator: new).write(to: url, atomically: true, encoding: .utf8)
        return parts[0].components(separatedBy: "\n").count
    }

    private func copyGuides() throws -> (Scratch, URL) {
        let scratch = try Scratch()
        let root = scratch.url.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for item in ["README.md", "docs"] {
            try FileManager.default.copyItem(at: Fixtures.repository.appendingPathComponent(item), to: root.appendingPathComponent(item))
        }
        return (scratch, root)
    }

    func testTheShippedGuidesPassOnThePagesThisTestBreaks() throws {
        let (scratch, root) = try copyGuides()
        defer { withExtendedLifetime(scratch) {} }
        let (code, output) = try runCheck(root: root, pages: ["docs/reference.md", "docs/release-engineers.md"])
        XCTAssertEqual(output.split(separator: "\n").filter { $0.hasPrefix("error: ") }, [], output)
        XCTAssertEqual(code, 0, output)
        XCTAssertTrue(output.contains(", 4 generated page(s), 0 problem(s)"), output)
    }

    func testABrokenExampleFailsNamingThePageLineAndWhatTheToolSaid() throws {
        let (scratch, root) = try copyGuides()
        defer { withExtendedLifetime(scratch) {} }
        // A JSON example that is no longer JSON (a comma left behind).
        let syntax = try breakPage(root, "docs/release-engineers.md",
                                   #""captures": { "fastlane": "fastlane/screenshots" },"#, #""captures": { "fastlane": "fastlane/screenshots" },,"#)
        // A job whose field the schema refuses.
        let field = try breakPage(root, "docs/reference.md", #"{ "schemaVersion": 1,"# + "\n  \"output\": \"out\",",
                                  #"{ "schemaVersion": 1,"# + "\n  \"output\": \"out\", \"headlineMaxLines\": 9,")
        // A command naming a capture that is not there.
        let command = try breakPage(root, "docs/reference.md", "wells identify devices/ipad-13-inbox.png", "wells identify devices/ipad-14-inbox.png")
        // A fence without a label.
        let label = try breakPage(root, "docs/reference.md", "<!-- check: sketch (the manifest's shape, with the kinds of values in place of values) -->\n", "\n")
        // A generated page edited by hand.
        let generated = try breakPage(root, "docs/reference/store-catalog.md", "| `app-store:iphone-6.9` | iPhone 6.9 in |", "| `app-store:iphone-6.9` | iPhone 6.7 in |")

        let (code, output) = try runCheck(root: root, pages: ["docs/reference.md", "docs/release-engineers.md"])
        XCTAssertEqual(code, 1, output)
        XCTAssertTrue(output.contains("error: docs/release-engineers.md:\(syntax): not JSON: Expecting property name enclosed in double quotes"), output)
        XCTAssertTrue(output.contains("error: docs/reference.md:\(field + 1): this job does not validate against `store-screenshot-compose schema job`: headlineMaxLines: 9 is greater than the maximum of 6"), output)
        XCTAssertTrue(output.contains("error: docs/reference.md:\(command): `store-screenshot-compose wells identify devices/ipad-14-inbox.png` exited 1, expected 0; it said:"), output)
        XCTAssertTrue(output.contains("devices/ipad-14-inbox.png"), output)
        XCTAssertTrue(output.contains("error: docs/reference.md:\(label + 1): fenced block without a check label"), output)
        XCTAssertTrue(output.contains("error: docs/reference/store-catalog.md:\(generated): differs from what scripts/docs-reference.py writes (run `make docs`)"), output)
    }
}
