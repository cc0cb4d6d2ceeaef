import Foundation
import XCTest
@testable import store_screenshot_compose

/// The man page and docs/reference/commands.md are written from the option table; the committed
/// copies must be what the tool writes now (scripts/reference.sh --check), and the man page must
/// read in man(1) without a roff warning.
final class ReferencePageTests: XCTestCase {
    private func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.repository
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outText = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, outText, errText)
    }

    private var script: String { Fixtures.repository.appendingPathComponent("scripts/reference.sh").path }

    func testCommittedPagesAreWhatTheToolWrites() throws {
        let (code, _, err) = try run("/bin/sh", [script, "--check"])
        XCTAssertEqual(err, "")
        XCTAssertEqual(code, 0, "run make reference: \(err)")
    }

    /// The check names the page that differs (and the one missing), and what to run.
    func testTheCheckNamesAStalePage() throws {
        let scratch = try Scratch()
        let reference = Fixtures.repository.appendingPathComponent("docs/reference")
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: reference, to: scratch.url.appendingPathComponent("docs/reference"))
        let page = scratch.url.appendingPathComponent("docs/reference/commands.md")
        let stale = try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "| `--jobs N` | render |", with: "| `--jobs N` | render, check |")
        try Data(stale.utf8).write(to: page)
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("docs/reference/store-screenshot-compose.1"))
        let (code, _, err) = try run("/bin/sh", [script, "--check"], environment: ["ROOT": scratch.url.path])
        XCTAssertEqual(code, 1)
        let lines = err.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "reference: docs/reference/store-screenshot-compose.1 is missing: expected what `store-screenshot-compose reference man` writes (run make reference)")
        XCTAssertEqual(lines.dropFirst().first, "reference: docs/reference/commands.md differs from what `store-screenshot-compose reference markdown` writes (run make reference):")
        XCTAssertTrue(lines.contains("-| `--jobs N` | render, check | render N outputs at once (default: the number of cores) |"), err)
        XCTAssertTrue(lines.contains("+| `--jobs N` | render | render N outputs at once (default: the number of cores) |"), err)
    }

    /// groff reads the page without a warning, and man -l shows every command's synopsis.
    func testManPageRendersInMan() throws {
        let scratch = try Scratch()
        let page = try scratch.write("store-screenshot-compose.1", ManPage.text)
        let (groffCode, _, warnings) = try run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", page])
        XCTAssertEqual(groffCode, 0)
        XCTAssertEqual(warnings, "")
        let (code, text, err) = try run("/usr/bin/man", ["-l", page], environment: ["MANWIDTH": "120", "MANPAGER": "cat", "PAGER": "cat"])
        XCTAssertEqual(code, 0, err)
        XCTAssertTrue(text.hasPrefix("STORE-SCREENSHOT-COMPOSE(1)"), text)
        XCTAssertTrue(text.contains("store-screenshot-compose - compose app-store marketing screenshots from raw app captures"), text)
        XCTAssertTrue(text.contains("store-screenshot-compose merge-manifests PART.json... -o MANIFEST [--allow-partial]"), text)
        XCTAssertTrue(text.contains("store-screenshot-compose wells identify FILE.png... [--wells FILE] [--store-wells FILE]"), text)
        // Non-ASCII text comes through (× and ≥ are written as \[uXXXX]).
        XCTAssertTrue(text.contains("compose every capture × locale to SVG + PNG"), text)
        for option in CommandTable.options {
            XCTAssertTrue(text.contains(option.names.joined(separator: ", ")), "the man page lacks \(option.name)")
        }
    }
}
