import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest

/// Strict text decoding (`TextDecoding`): bytes that are not text in the encoding they claim are
/// refused with their byte offset, in `.strings` files, String Catalogs, jobs and templates.
final class TextDecodingTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    private func utf16(_ text: String, bigEndian: Bool = false, mark: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    /// "offset line:column message", or the decoded text.
    private func decoded(_ bytes: [UInt8], utf16 allowed: Bool = true) -> String {
        do {
            return try TextDecoding.decode(Data(bytes), allowingUTF16: allowed).text
        } catch let problem as TextDecodingError {
            return "\(problem.byteOffset) \(problem.line):\(problem.column) \(problem.message)"
        } catch {
            return "\(error)"
        }
    }

    func testValidTextInEveryEncodingDecodesExactly() {
        let text = "\"a\" = \"Grüße 😀 ワンタップ\";\n"
        XCTAssertEqual(decoded(Array(text.utf8)), text)
        XCTAssertEqual(decoded([0xEF, 0xBB, 0xBF] + Array(text.utf8)), text)
        XCTAssertEqual(decoded(utf16(text)), text)
        XCTAssertEqual(decoded(utf16(text, bigEndian: true)), text)
        XCTAssertEqual(decoded([0xFF, 0xFE]), "")
        // CJK-only UTF-16 (no character below U+0080) is still UTF-16.
        XCTAssertEqual(decoded(utf16("日本語のテキスト")), "日本語のテキスト")
    }

    func testAnOddTrailingByteInUTF16IsRefusedNotDropped() {
        // Before: the byte was dropped and the file accepted.
        XCTAssertEqual(decoded(utf16("\"a\" = \"b\";\n") + [0x41]),
                       "24 2:1 expected UTF-16LE text in two-byte code units, found an odd trailing byte 0x41 at byte 24")
        XCTAssertEqual(decoded(utf16("\"a\" = \"b\";", bigEndian: true) + [0x00]),
                       "22 1:11 expected UTF-16BE text in two-byte code units, found an odd trailing byte 0x00 at byte 22")
    }

    func testLoneSurrogatesAndNULInUTF16AreRefused() {
        XCTAssertEqual(decoded([0xFF, 0xFE, 0x61, 0x00, 0x3D, 0xD8, 0x62, 0x00]),
                       "4 1:2 expected UTF-16LE text, found a lone surrogate U+D83D at byte 4")
        XCTAssertEqual(decoded([0xFE, 0xFF, 0x00, 0x61, 0xDC, 0x00]),
                       "4 1:2 expected UTF-16BE text, found a lone surrogate U+DC00 at byte 4")
        XCTAssertEqual(decoded([0xFF, 0xFE, 0x61, 0x00, 0x00, 0x00, 0x62, 0x00]),
                       "4 1:2 expected UTF-16LE text, found U+0000 at byte 4 (UTF-32, or the other byte order?)")
    }

    func testAByteOrderMarkThatDisagreesWithTheTextIsRefused() {
        // A little-endian mark before big-endian text: it decodes, as ideographs (∀…).
        XCTAssertEqual(decoded([0xFF, 0xFE] + utf16("\"a\" = \"b\";", bigEndian: true, mark: false)),
                       "2 1:1 the byte-order mark says UTF-16LE, but the text after it is UTF-16BE: expected a byte-order mark that matches the text (or none, for UTF-8), found UTF-16LE's mark and no character below U+0080 in 10 code units from byte 2")
        XCTAssertEqual(decoded([0xFE, 0xFF] + utf16("\"a\" = \"b\";", mark: false)),
                       "2 1:1 the byte-order mark says UTF-16BE, but the text after it is UTF-16LE: expected a byte-order mark that matches the text (or none, for UTF-8), found UTF-16BE's mark and no character below U+0080 in 10 code units from byte 2")
        // A UTF-16 mark before UTF-8 text.
        XCTAssertEqual(decoded([0xFF, 0xFE] + Array("\"ab\" = \"cd\";".utf8)),
                       "2 1:1 the byte-order mark says UTF-16LE, but the text after it is UTF-8: expected a byte-order mark that matches the text (or none, for UTF-8), found UTF-16LE's mark and no character below U+0080 in 6 code units from byte 2")
        // A UTF-8 mark before UTF-16 text.
        XCTAssertEqual(decoded([0xEF, 0xBB, 0xBF] + utf16("\"a\" = \"b\";", mark: false)),
                       "4 1:2 expected UTF-8 text, found a NUL byte at byte 4 (the byte-order mark says UTF-8; UTF-16 text behind it?)")
        // UTF-32's marks.
        XCTAssertEqual(decoded([0xFF, 0xFE, 0x00, 0x00, 0x61, 0x00, 0x00, 0x00]),
                       "0 1:1 expected UTF-8, or UTF-16 with a byte-order mark, found a UTF-32LE byte-order mark (FF FE 00 00) at byte 0")
        XCTAssertEqual(decoded([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x61]),
                       "0 1:1 expected UTF-8, or UTF-16 with a byte-order mark, found a UTF-32BE byte-order mark (00 00 FE FF) at byte 0")
        // UTF-16 where only UTF-8 is read (templates, JSON).
        XCTAssertEqual(decoded(utf16("<svg/>"), utf16: false),
                       "0 1:1 expected UTF-8 text, found a UTF-16LE byte-order mark (FF FE) at byte 0")
        XCTAssertEqual(decoded(utf16("\"a\" = \"b\";", mark: false)),
                       "1 1:2 expected UTF-8 text, found a NUL byte at byte 1 (UTF-16 without a byte-order mark?)")
    }

    func testInvalidUTF8IsRefusedAtItsByte() {
        XCTAssertEqual(decoded(Array("\"a\" = \"caf".utf8) + [0xE9] + Array("\";".utf8)),
                       "10 1:11 expected UTF-8 text, found bytes that are not UTF-8 (0xE9) at byte 10")
        // After a BOM and multi-byte characters: the column counts characters, the offset bytes.
        XCTAssertEqual(decoded([0xEF, 0xBB, 0xBF] + Array("ü\nüx".utf8) + [0xC0, 0xAF]),
                       "9 2:3 expected UTF-8 text, found bytes that are not UTF-8 (0xC0) at byte 9")
        // A surrogate written in UTF-8 (CESU), and a sequence cut short by the end of the file.
        XCTAssertEqual(decoded(Array("ab".utf8) + [0xED, 0xA0, 0x80]),
                       "2 1:3 expected UTF-8 text, found bytes that are not UTF-8 (0xED) at byte 2")
        XCTAssertEqual(decoded(Array("ab".utf8) + [0xE3, 0x81]),
                       "2 1:3 expected UTF-8 text, found a sequence cut short by the end of the file (0xE3 0x81) at byte 2")
        // Past the eight-byte ASCII stride.
        XCTAssertEqual(decoded(Array("0123456789abcdefgh".utf8) + [0xFF]),
                       "18 1:19 expected UTF-8 text, found bytes that are not UTF-8 (0xFF) at byte 18")
    }

    // MARK: The whole path

    private func job(_ scratch: Scratch, headlines: Any, template: String? = nil) throws -> String {
        try scratch.write("inbox.png", try Fixtures.png(width: 390, height: 844))
        var job: [String: Any] = ["schemaVersion": 1, "output": "out", "headlines": headlines,
                                  "captures": [["id": "inbox", "path": "inbox.png", "well": "tuck-browser-mobile"]]]
        if let template { job["template"] = template }
        return try scratch.writeJob(job)
    }

    func testAStringsFileWithAnOddTrailingByteIsRefusedByCheckAndRender() throws {
        let scratch = try Scratch()
        try scratch.write("titles/de-DE/title.strings", Data(utf16("\"inbox\" = \"Alles auf einen Blick\";\n") + [0x0A]))
        let jobFile = try job(scratch, headlines: "titles")
        let file = scratch.path("titles/de-DE/title.strings")
        let expected = "error: \(file): line 2, column 1: syntax error: expected UTF-16LE text in two-byte code units, found an odd trailing byte 0x0A at byte 72"
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [expected])
        let report = ScreenshotComposer().render(jobFile: jobFile, options: epoch, svgOnly: true)
        XCTAssertEqual(lines(report), [expected])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/de-DE/inbox.svg")))
        let (code, _, stderr) = try runTool(["check", jobFile])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(stderr.contains("error: \(file):2:1: line 2, column 1: syntax error: expected UTF-16LE text in two-byte code units, found an odd trailing byte 0x0A at byte 72"), stderr)
    }

    func testAStringCatalogWithInvalidUTF8IsRefusedWithItsByteOffset() throws {
        let scratch = try Scratch()
        var catalog = Array("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : { \"inbox\" : { \"localizations\" : { \"en\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Caf".utf8)
        let offset = catalog.count
        catalog += [0xE9] + Array("\" } } } } },\n  \"version\" : \"1.0\"\n}\n".utf8)
        try scratch.write("Headlines.xcstrings", Data(catalog))
        let jobFile = try job(scratch, headlines: "Headlines.xcstrings")
        let report = ScreenshotComposer().check(jobFile: jobFile, options: epoch)
        XCTAssertEqual(lines(report), [
            "error: \(scratch.path("Headlines.xcstrings")): (document): not valid JSON: line 3, column 113: expected UTF-8 text, found bytes that are not UTF-8 (0xE9) at byte \(offset)",
        ])
        XCTAssertEqual(offset, 141)
        XCTAssertEqual(report.diagnostics.first?.position, JSONPosition(line: 3, column: 113))
    }

    func testAJobInUTF16OrBehindAMismatchedMarkIsRefused() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch, headlines: ["en-US": ["inbox": "Hi"]])
        let text = try String(contentsOfFile: jobFile, encoding: .utf8)
        try Data(utf16(text)).write(to: URL(fileURLWithPath: jobFile))
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [
            "error: \(jobFile): (document): not valid JSON: line 1, column 1: expected UTF-8 text, found a UTF-16LE byte-order mark (FF FE) at byte 0",
        ])
        try Data([0xEF, 0xBB, 0xBF] + utf16(text, mark: false)).write(to: URL(fileURLWithPath: jobFile))
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [
            "error: \(jobFile): (document): not valid JSON: line 1, column 2: expected UTF-8 text, found a NUL byte at byte 4 (the byte-order mark says UTF-8; UTF-16 text behind it?)",
        ])
        // A UTF-8 mark before UTF-8 is fine.
        try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: jobFile))
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [])
    }

    func testATemplateThatIsNotUTF8IsRefusedWithItsByteOffset() throws {
        let scratch = try Scratch()
        let good = try String(contentsOf: Fixtures.template, encoding: .utf8)
        let cut = try XCTUnwrap(good.range(of: "\n")).upperBound
        var bytes = Array(good[..<cut].utf8)
        let offset = bytes.count + 5
        bytes += Array("<!-- ".utf8) + [0xFF, 0xFE] + Array(" -->\n".utf8) + Array(good[cut...].utf8)
        try scratch.write("card.svg", Data(bytes))
        let jobFile = try job(scratch, headlines: ["en-US": ["inbox": "Hi"]], template: "card.svg")
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [
            "error: \(scratch.path("card.svg")): (file): expected UTF-8 text, found bytes that are not UTF-8 (0xFF) at byte \(offset)",
        ])
        XCTAssertEqual(ScreenshotComposer().check(jobFile: jobFile, options: epoch).diagnostics.first?.position, JSONPosition(line: 2, column: 6))
    }
}
