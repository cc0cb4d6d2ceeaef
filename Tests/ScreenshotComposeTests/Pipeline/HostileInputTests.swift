import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Plan
@testable import Raster
@testable import Manifest
@testable import Publish

/// Issue 17: hostile input and faults, second round. One test (at least) per numbered case.
final class HostileInputTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    // MARK: 1. Memory: size limits before reading, JSON read once into a bounded value

    func testAnOversizedJobIsRefusedBeforeItIsRead() throws {
        let scratch = try Scratch()
        // A sparse 5 MiB file: refused from its size alone, none of it read.
        let path = scratch.path("job.json")
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 5 << 20)
        try handle.close()
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: path, options: epoch)), [
            "error: \(path): (file): cannot read the job file: job file too large: expected at most 4194304 bytes, found 5242880 at \(path)",
        ])
    }

    func testJSONSyntaxErrorsNameLineAndColumn() {
        var d = DiagnosticCollector()
        XCTAssertNil(JSONFieldReader.root(Data("{\n  \"a\": 1,\n  \"b\": tru\n}".utf8), file: "x.json", &d))
        XCTAssertEqual(lines(d), ["error: x.json: (document): not valid JSON: line 3, column 8: expected a value, found 't'"])
        XCTAssertEqual(d.diagnostics.first?.position, JSONPosition(line: 3, column: 8))
    }

    func testJSONNestingAndHugeNumbersAreRefused() {
        var d = DiagnosticCollector()
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertNil(JSONFieldReader.root(Data(deep.utf8), file: "deep.json", &d))
        XCTAssertEqual(lines(d), ["error: deep.json: (document): not valid JSON: line 1, column 65: expected at most 64 levels of nested objects and arrays, found more"])
        var e = DiagnosticCollector()
        XCTAssertNil(JSONFieldReader.root(Data("{\"angle\": 1e400}".utf8), file: "n.json", &e))
        XCTAssertEqual(lines(e), ["error: n.json: (document): not valid JSON: line 1, column 11: expected a number a 64-bit float can hold, found 1e400"])
    }

    func testJSONStringsAndEscapesDecode() throws {
        let document = try JSONDocument.parse(Data(#"{"a": "\u00e9\ud83d\ude80\n\"x\"", "b": [1.5, -0, true, null], "ö": "ü"}"#.utf8))
        XCTAssertEqual(document.root, .object(["a": .string("é🚀\n\"x\""), "b": .array([.number(1.5), .number(0), .bool(true), .null]), "ö": .string("ü")]))
        XCTAssertEqual(document.positions["ö"], JSONPosition(line: 1, column: 69))
        XCTAssertThrowsError(try JSONDocument.parse(Data("\"\u{01}\"".utf8)))
        XCTAssertThrowsError(try JSONDocument.parse(Data([0x22, 0xFF, 0x22])))
        XCTAssertThrowsError(try JSONDocument.parse(Data(#""\udc00""#.utf8)))
        XCTAssertThrowsError(try JSONDocument.parse(Data("[01]".utf8)))
        XCTAssertThrowsError(try JSONDocument.parse(Data("[1,]".utf8)))
        XCTAssertThrowsError(try JSONDocument.parse(Data("{} {}".utf8)))
    }

    func testDuplicateKeysAreRefusedNamingBothLines() throws {
        let scratch = try Scratch()
        _ = try Fixtures.mobileJob(in: scratch)
        let job = try scratch.write("dup.json", """
        {
          "schemaVersion": 1,
          "captures": [{"id": "shot", "path": "captures/shot.png", "well": "tuck-browser-mobile"}],
          "headlines": {"en-US": {"shot": "First",
                                  "shot": "Second"}},
          "output": "out"
        }
        """)
        let report = ScreenshotComposer().check(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [
            "error: \(job): headlines.en-US.shot: key \"shot\" given twice in one object: expected each key once, found it on lines 4 and 5",
        ])
        XCTAssertEqual(report.diagnostics.first?.position, JSONPosition(line: 5, column: 27))
    }

    func testDiagnosticsOfAJSONFieldCarryItsLine() throws {
        let scratch = try Scratch()
        _ = try Fixtures.mobileJob(in: scratch)
        let job = try scratch.write("j.json", """
        {"schemaVersion": 1,
         "captures": [{"id": "shot", "path": "captures/shot.png",
                       "well": "no-such-well"}],
         "headlines": {"en-US": {"shot": "x"}}}
        """)
        let report = ScreenshotComposer().check(jobFile: job, options: epoch)
        XCTAssertEqual(report.diagnostics.map(\.field), ["captures[0].well"])
        XCTAssertEqual(report.diagnostics.first?.position, JSONPosition(line: 3, column: 24))
    }

    func testAStreamedStringCatalogStillFindsDuplicateKeysAndNamesLinesOfEntriesItDrops() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, extra: ["headlines": "h.xcstrings"])
        // "other" is not a capture: its entry is checked (locale keys) and dropped as it is read.
        try scratch.write("h.xcstrings", """
        {"sourceLanguage": "en", "strings": {
          "shot": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Read it"}}}},
          "other": {"localizations": {"en_GB": {"stringUnit": {"state": "translated", "value": "x"}}}},
          "shot": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Again"}}}}
        }}
        """)
        let catalog = scratch.path("h.xcstrings")
        let report = ScreenshotComposer().check(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [
            "error: \(catalog): strings.other.localizations.en_GB: expected a BCP 47 locale, found \"en_GB\"",
            "error: \(catalog): strings.shot: key \"shot\" given twice in one object: expected each key once, found it on lines 2 and 4",
        ])
        XCTAssertEqual(report.diagnostics.map(\.position), [JSONPosition(line: 3, column: 40), JSONPosition(line: 4, column: 3)])
    }

    // MARK: 3. A FIFO among the inputs never blocks

    func testAFIFOInFontFilesOrAsJobIsRefusedWithoutBlocking() throws {
        let scratch = try Scratch()
        XCTAssertEqual(mkfifo(scratch.path("font.ttf"), 0o600), 0)
        XCTAssertEqual(mkfifo(scratch.path("fifo.json"), 0o600), 0)
        let job = try Fixtures.mobileJob(in: scratch, extra: ["fontFiles": ["font.ttf"]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(job): fontFiles[0]: font file not usable: expected a regular file, found a FIFO (named pipe) at \(scratch.path("font.ttf"))",
        ])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: scratch.path("fifo.json"), options: epoch)), [
            "error: \(scratch.path("fifo.json")): (file): cannot read the job file: expected a regular file, found a FIFO (named pipe) at \(scratch.path("fifo.json"))",
        ])
    }

    // MARK: 5. verify stays inside the manifest's folder

    private func renderedManifest(_ scratch: Scratch) throws -> (path: String, json: [String: Any]) {
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch, svgOnly: true)), [])
        let path = scratch.path("out/manifest.json")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return (path, json)
    }

    private func withOutputPath(_ json: [String: Any], _ path: String, sha256: String) throws -> Data {
        var json = json
        var outputs = try XCTUnwrap(json["outputs"] as? [[String: Any]])
        var svg = try XCTUnwrap(outputs[0]["svg"] as? [String: Any])
        svg["path"] = path
        svg["sha256"] = sha256
        svg["bytes"] = 6
        outputs[0]["svg"] = svg
        json["outputs"] = outputs
        return try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    }

    func testVerifyRefusesOutputPathsOutsideItsFolderWithoutHashingThem() throws {
        let scratch = try Scratch()
        let (manifest, json) = try renderedManifest(scratch)
        let secret = try scratch.write("secret.txt", "secret")
        let secretHash = SHA256.hex(Data("secret".utf8))
        try FileManager.default.createSymbolicLink(atPath: scratch.path("out/link.txt"), withDestinationPath: secret)
        for path in ["../secret.txt", secret, "link.txt", "builtin:wells.json", "en-US/../../secret.txt"] {
            try withOutputPath(json, path, sha256: secretHash).write(to: URL(fileURLWithPath: manifest))
            var d = DiagnosticCollector()
            ManifestVerifier.verify(manifestFile: manifest, outputsOnly: true, into: &d)
            let expected = path == "link.txt"
                ? "a path outside the manifest's folder: expected a file inside \(scratch.path("out")), found a symbolic link leading out of it"
                : "a path outside the manifest's folder: expected a relative path without .., found \(path)"
            XCTAssertEqual(lines(d), ["error: \(manifest): outputs[0].svg (\(path)): \(expected)"], path)
            // A wrong hash never reveals the file's real one.
            try withOutputPath(json, path, sha256: String(repeating: "0", count: 64)).write(to: URL(fileURLWithPath: manifest))
            var e = DiagnosticCollector()
            ManifestVerifier.verify(manifestFile: manifest, outputsOnly: true, into: &e)
            XCTAssertFalse(lines(e).joined().contains(secretHash), path)
        }
    }

    /// A part whose output path was `javascript:alert(document.domain)//x.svg` verified with
    /// exit 0 and the contact sheet linked it (issue 36 item 4): a path read from a manifest
    /// is a relative POSIX path, with no scheme, backslash or NUL.
    func testVerifyRefusesOutputPathsWithASchemeABackslashOrANUL() throws {
        let scratch = try Scratch()
        let (manifest, json) = try renderedManifest(scratch)
        let cases = [
            ("javascript:alert(document.domain)//x.svg", "the scheme javascript:"),
            ("https://example.com/x.svg", "the scheme https:"),
            ("C:x.svg", "the scheme C:"),
            ("en-US\\x.svg", "a backslash"),
            ("en-US/x\u{0}.svg", "a NUL"),
        ]
        for (path, form) in cases {
            try withOutputPath(json, path, sha256: String(repeating: "0", count: 64)).write(to: URL(fileURLWithPath: manifest))
            var d = DiagnosticCollector()
            ManifestVerifier.verify(manifestFile: manifest, outputsOnly: true, into: &d)
            let shown = path.replacingOccurrences(of: "\u{0}", with: "\\0")
            XCTAssertEqual(lines(d), ["error: \(manifest): outputs[0].svg (\(shown)): not a relative POSIX path: expected a path without a scheme, a backslash or a NUL, found \(shown) (\(form))"], path)
        }
        XCTAssertNil(RelativePath.refusal("en-US/a:b.svg"), "a colon after the first / is no scheme")
        XCTAssertEqual(RelativePath.refusal("https://x/y.png"), .foreign(form: "the scheme https:"))
        XCTAssertEqual(RelativePath.refusal("C:\\x.png", leaving: true), .foreign(form: "a backslash"), "an input may lie anywhere, as a POSIX path")
        XCTAssertNil(RelativePath.refusal("/abs/../x.png", leaving: true))
        XCTAssertNil(RelativePath.refusal("builtin:wells.json", leaving: true))
        XCTAssertEqual(RelativePath.refusal("builtin:wells.json"), .outside)
    }

    func testVerifyNeverPrintsTheHashOfAnInputOutsideItsFolderAndRefusesAFIFOInput() throws {
        let scratch = try Scratch()
        let (manifest, json) = try renderedManifest(scratch)
        let secret = try scratch.write("secret.txt", "secret")
        let secretHash = SHA256.hex(Data("secret".utf8))
        XCTAssertEqual(mkfifo(scratch.path("pipe.png"), 0o600), 0)
        func verifyCapture(_ path: String) throws -> [String] {
            var json = json
            var inputs = try XCTUnwrap(json["inputs"] as? [String: Any])
            var captures = try XCTUnwrap(inputs["captures"] as? [[String: Any]])
            captures[0]["path"] = path
            inputs["captures"] = captures
            json["inputs"] = inputs
            try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: manifest))
            var d = DiagnosticCollector()
            ManifestVerifier.verify(manifestFile: manifest, into: &d)
            return lines(d).filter { $0.contains("inputs.captures[0]") }
        }
        let expected = try XCTUnwrap((json["inputs"] as? [String: Any])?["captures"] as? [[String: Any]])[0]["sha256"] as? String
        XCTAssertEqual(try verifyCapture(secret), [
            "error: \(manifest): inputs.captures[0] (\(secret)): sha256 differs: expected \(expected ?? ""), found other bytes (a file outside \(scratch.path("out")): its sha256 is not shown)",
        ])
        XCTAssertFalse(try verifyCapture(secret).joined().contains(secretHash))
        XCTAssertEqual(try verifyCapture("../pipe.png"), [
            "error: \(manifest): inputs.captures[0] (../pipe.png): cannot read the file: expected a regular file, found a FIFO (named pipe) at \(scratch.path("pipe.png"))",
        ])
    }

    func testVerifyRefusesAFIFOOrDeviceInsteadOfCallingItMissing() throws {
        let scratch = try Scratch()
        let (manifest, json) = try renderedManifest(scratch)
        XCTAssertEqual(mkfifo(scratch.path("out/pipe.svg"), 0o600), 0)
        try withOutputPath(json, "pipe.svg", sha256: String(repeating: "0", count: 64)).write(to: URL(fileURLWithPath: manifest))
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: manifest, outputsOnly: true, into: &d)
        XCTAssertEqual(lines(d), [
            "error: \(manifest): outputs[0].svg (pipe.svg): cannot read the file: expected a regular file, found a FIFO (named pipe) at \(scratch.path("out/pipe.svg"))",
        ])
    }
}

/// Issue 17 item 2: numbers out of range never reach the SVG writer, and the writer is total.
final class NumberRangeTests: XCTestCase {
    func testSVGNumberFormattingIsTotal() {
        XCTAssertEqual(SVGNumber.format(.nan), "0")
        XCTAssertEqual(SVGNumber.format(.infinity), "1000000000000000")
        XCTAssertEqual(SVGNumber.format(-.infinity), "-1000000000000000")
        XCTAssertEqual(SVGNumber.format(1e308), "1000000000000000")
        XCTAssertEqual(SVGNumber.format(-0.004), "0")
        XCTAssertEqual(SVGNumber.format(12.345), "12.35")
    }

    func testAHugeGradientAngleIsRefusedByCheck() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, extra: ["theme": ["background": ["gradient": ["#ffffff", "#eef1f6"], "angle": 1e308]]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))), [
            "error: \(job): theme.background.angle: expected an angle in degrees from -360 to 360, found 1e+308",
        ])
    }
}

/// Issue 17 items 10 and 11: the output folder's hygiene, and the contact sheet published with
/// the manifest.
final class OutputFolderHygieneTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testOnlyTheToolsOwnStagingFoldersAreRemoved() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        try scratch.write("out/.staging-area/notes.txt", "mine")
        try scratch.write("out/.staging-4242/notes.txt", "mine too")
        try scratch.write("out/.staging-4343/\(OutputFolder.stagingMarker)", "")
        try scratch.write("out/.staging-4343/en-US/shot.svg", "left by a killed run")
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch, svgOnly: true)), [])
        XCTAssertEqual(try String(contentsOfFile: scratch.path("out/.staging-area/notes.txt"), encoding: .utf8), "mine")
        XCTAssertEqual(try String(contentsOfFile: scratch.path("out/.staging-4242/notes.txt"), encoding: .utf8), "mine too")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/.staging-4343")))
    }

    func testALockFileThatIsASymbolicLinkIsRefusedAndNothingIsCreatedOutside() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        try FileManager.default.createDirectory(atPath: scratch.path("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("out/\(OutputFolder.lockName)"), withDestinationPath: scratch.path("outside.txt"))
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch, svgOnly: true)), [
            "error: \(scratch.path("out")): (output folder): the lock file is a symbolic link: expected a regular file or nothing, found a link at \(scratch.path("out/\(OutputFolder.lockName)"))",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("outside.txt")))
    }

    func testALocaleOverTheBCP47LengthIsRefusedByCheck() throws {
        let scratch = try Scratch()
        let long = "en-" + Array(repeating: "abcdefgh", count: 39).joined(separator: "-")
        XCTAssertEqual(long.count, 353)
        let job = try Fixtures.mobileJob(in: scratch, headlines: [long: ["shot": "x"]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(job): headlines.\(long): locale becomes a folder name: expected a BCP 47 tag such as en-US or zh-Hans, at most 35 characters, found \"en-abcdefgh-abcdefgh-abcdefgh-abcdefgh-a…\" (353 characters)",
        ])
        XCTAssertTrue(LocaleTag.isWellFormed("zh-Hans-CN-u-ca-chinese-nu-hanidec"))
    }

    func testTheContactSheetIsNeverPublishedWithoutItsManifest() throws {
        let scratch = try Scratch()
        let root = scratch.url.appendingPathComponent("out")
        // The old sheet and manifest are a release of the tool's (only those are ever removed).
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))), [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/index.html")))
        try scratch.write("out/blocker", "a file where the manifest's folder would be: its write fails like a full disk")
        let folder = try OutputFolder(root)
        try Data("svg".utf8).write(to: folder.staging.appendingPathComponent("a.svg"))
        try Data("new sheet".utf8).write(to: folder.staging.appendingPathComponent("index.html"))
        XCTAssertThrowsError(try folder.publish(["a.svg"], manifest: Data("{}".utf8), name: "blocker/manifest.json", review: ["index.html"]))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/index.html")), "no page shows outputs no manifest vouches for")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/manifest.json")))
        // When the manifest is written, the sheet follows it.
        let again = try OutputFolder(scratch.url.appendingPathComponent("out2"))
        try Data("svg".utf8).write(to: again.staging.appendingPathComponent("a.svg"))
        try Data("new sheet".utf8).write(to: again.staging.appendingPathComponent("index.html"))
        try again.publish(["a.svg"], manifest: Data("{}".utf8), review: ["index.html"])
        XCTAssertEqual(try String(contentsOfFile: scratch.path("out2/index.html"), encoding: .utf8), "new sheet")
        XCTAssertEqual(try String(contentsOfFile: scratch.path("out2/manifest.json"), encoding: .utf8), "{}")
    }
}

/// Issue 17 item 6: no output replaces any input.
final class OutputsOverInputsTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testAJobNamedManifestInsideItsOutputFolderIsRefused() throws {
        let scratch = try Scratch()
        _ = try Fixtures.mobileJob(in: scratch)
        let job = try scratch.write("manifest.json", try Data(contentsOf: URL(fileURLWithPath: scratch.path("job.json")))
            .replacingOutputFolder(with: "."))
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch, svgOnly: true)), [
            "error: \(job): (job file): the run would overwrite this input with an output: expected inputs outside the files the run writes, found \(job)",
        ])
        XCTAssertTrue(try String(contentsOfFile: job, encoding: .utf8).contains("schemaVersion"))
    }

    func testATemplateNamedIndexHTMLOrAPartManifestInTheOutputFolderIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("out/index.html", try Data(contentsOf: Fixtures.template))
        try scratch.write("out/manifest.locale-en-US.json", "{}")
        let job = try Fixtures.mobileJob(in: scratch, extra: ["template": "out/index.html", "wells": "out/manifest.locale-en-US.json"])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: epoch)).filter { $0.contains("overwrite") }, [
            "error: \(job): (input): the run would overwrite this input with an output: expected inputs outside the files the run writes, found \(scratch.path("out/index.html"))",
            "error: \(job): (input): the run would overwrite this input with an output: expected inputs outside the files the run writes, found \(scratch.path("out/manifest.locale-en-US.json"))",
        ])
    }
}

private extension Data {
    /// The job's bytes with `"output": "out"` replaced.
    func replacingOutputFolder(with folder: String) throws -> Data {
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: self) as? [String: Any])
        json["output"] = folder
        return try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    }
}

/// Issue 17 item 7: the not-evidence statement must be the <desc>'s text.
final class DescMarkerTests: XCTestCase {
    func testAStatementOnlyInACommentDoesNotCount() throws {
        let template = try String(contentsOf: Fixtures.template, encoding: .utf8)
        let desc = try XCTUnwrap(template.range(of: #"<desc>[^<]*</desc>"#, options: .regularExpression))
        let commented = template.replacingCharacters(in: desc, with: "<desc><!-- not capture evidence -->Marketing art for {{CAPTURE_ID}}.</desc>")
        var d = DiagnosticCollector()
        _ = SVGTemplate.parse(commented, file: "t.svg", into: &d)
        XCTAssertEqual(lines(d), [
            "error: t.svg: <desc>: missing not-capture-evidence marker: expected a <desc> that says \"not capture evidence\" and names {{CAPTURE_ID}}, found \"Marketing art for sample-capture-id.\"",
        ])
        var e = DiagnosticCollector()
        _ = SVGTemplate.parse(template, file: "t.svg", into: &e)
        XCTAssertEqual(lines(e), [])
    }
}

/// Issue 17 items 4 and 9: templates are bounded and hold no active content, refused naming
/// the element before anything is rendered.
final class TemplateSafetyTests: XCTestCase {
    /// The shipped placeholder template with `markup` added before its closing tag.
    private func parse(adding markup: String) throws -> [String] {
        let template = try String(contentsOf: Fixtures.template, encoding: .utf8)
        let end = try XCTUnwrap(template.range(of: "</svg>", options: .backwards))
        var d = DiagnosticCollector()
        _ = SVGTemplate.parse(template.replacingCharacters(in: end, with: markup + "</svg>"), file: "t.svg", into: &d)
        return lines(d)
    }

    func testCostlyFiltersAreRefusedNamingTheElement() throws {
        XCTAssertEqual(try parse(adding: #"<filter id="noise"><feTurbulence id="t" numOctaves="1000"/></filter><rect width="9" height="9" filter="url(#noise)"/>"#), [
            "error: t.svg: #t numOctaves: filter too costly to render: expected numOctaves at most 8, found 1000",
        ])
        XCTAssertEqual(try parse(adding: #"<filter id="b"><feGaussianBlur stdDeviation="5 5000"/><feConvolveMatrix order="9" kernelMatrix="1"/><feMorphology radius="400"/></filter>"#), [
            "error: t.svg: <feGaussianBlur> stdDeviation: filter too costly to render: expected stdDeviation at most 200, found 5000",
            "error: t.svg: <feConvolveMatrix> order: filter too costly to render: expected a kernel order at most 5, found 9",
            "error: t.svg: <feMorphology> radius: filter too costly to render: expected radius at most 16, found 400",
        ])
        let rects = String(repeating: #"<rect width="9" height="9" filter="url(#f)"/>"#, count: 200)
        XCTAssertEqual(try parse(adding: #"<filter id="f"><feFlood/></filter>"# + rects), [
            "error: t.svg: <rect> filter: too many filtered elements to render in bounded time: expected at most 16, found more",
        ])
    }

    func testUseFanOutAndCyclesAreRefused() throws {
        // Each level holds ten copies of the one below: 10^11 elements drawn from 12 defined.
        var defs = #"<rect id="l0" width="1" height="1"/>"#
        for level in 1...11 {
            defs += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
        }
        let started = Date()
        XCTAssertEqual(try parse(adding: "<defs>\(defs)</defs><use id=\"top\" href=\"#l11\"/>"), [
            "error: t.svg: #top: <use> references expand to too many elements to render in bounded time: expected at most 20000, found more than that",
        ])
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertEqual(try parse(adding: ##"<g id="a"><use id="b" href="#c"/></g><g id="c"><use href="#a"/></g>"##), [
            "error: t.svg: #a: a <use> reference cycle: expected references that end, found one leading back to this element",
        ])
        // 6,000 elements: the count stops at the limit, so the refusal says "more than".
        XCTAssertEqual(try parse(adding: String(repeating: "<g/>", count: 6_000)), [
            "error: t.svg: (template): too many elements to render in bounded time: expected at most 5000, found more than 5000",
        ])
    }

    func testAnIdUsedTwiceIsRefusedNamingTheTemplateTheIdAndBothElements() throws {
        // The second #headline painted over the canvas was refused only as "capture hidden",
        // naming a staging path instead of the template.
        XCTAssertEqual(try parse(adding: #"<rect id="headline" width="2000" height="3000" fill="red" opacity="0.5"/><g id="x"/><use id="x"/>"#), [
            "error: t.svg: #headline: duplicate id: expected each id once, found <text> and <rect> with id=\"headline\"",
            "error: t.svg: #x: duplicate id: expected each id once, found <g> and <use> with id=\"x\"",
        ])
    }

    /// A placeholder template is checked filled with sample values, which hold no line break:
    /// the lines are the file's, and so is the column on a line without a placeholder.
    func testAPlaceholderTemplatesRefusalCarriesTheLineOfTheElement() throws {
        let template = try String(contentsOf: Fixtures.template, encoding: .utf8)
        let end = try XCTUnwrap(template.range(of: "</svg>", options: .backwards))
        let line = template[..<end.lowerBound].filter { $0 == "\n" }.count + 1
        let column = template[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.count + 1 } ?? 0
        var d = DiagnosticCollector()
        _ = SVGTemplate.parse(template.replacingCharacters(in: end, with: "<script/>\n<g id=\"a\"/><g id=\"a\"/></svg>"), file: "t.svg", into: &d)
        XCTAssertEqual(d.diagnostics.map(\.line), [
            "error: t.svg:\(line):\(column): <script>: active content in a template: expected artwork only, found <script>",
            "error: t.svg:\(line + 1):12: #a: duplicate id: expected each id once, found <g> and <g> with id=\"a\"",
        ])
    }

    func testLinksToFilesOutsideTheTemplateAreRefused() throws {
        // The shipped SVG kept these links to files the manifest does not hash.
        XCTAssertEqual(try parse(adding: ##"<image id="i" width="9" height="9" href="file:///etc/secret.png"/><image width="9" height="9" xlink:href="../secret.png"/><use href="../x.svg#a"/><rect id="r" width="9" height="9" fill="url(/tmp/p.png)"/><style>@import url(/tmp/x.css);</style><rect width="1" height="1" fill="url(#ok)" href="#ok"/><image width="1" height="1" href="data:image/png;base64,AA=="/>"##), [
            "error: t.svg: #i href: link to a file outside the template: expected a same-document #fragment or a data: URI, found href=\"file:///etc/secret.png\"",
            "error: t.svg: <image> xlink:href: link to a file outside the template: expected a same-document #fragment or a data: URI, found xlink:href=\"../secret.png\"",
            "error: t.svg: <use> href: link to a file outside the template: expected a same-document #fragment or a data: URI, found href=\"../x.svg#a\"",
            "error: t.svg: #r fill: link to a file outside the template: expected a same-document #fragment or a data: URI, found fill=\"url(/tmp/p.png)\"",
            "error: t.svg: <style>: link to a file outside the template: expected a same-document #fragment or a data: URI, found \"@import url(/tmp/x.css);\" in <style>",
        ])
        // Only the tool's own capture link is allowed: the same value elsewhere is refused.
        XCTAssertEqual(try parse(adding: #"<image width="1" height="1" href="captures/sample-capture-id.png"/>"#), [
            "error: t.svg: <image> href: link to a file outside the template: expected a same-document #fragment or a data: URI, found href=\"captures/sample-capture-id.png\"",
        ])
    }

    func testActiveContentIsRefusedNamingTheElement() throws {
        XCTAssertEqual(try parse(adding: #"<script>alert(1)</script><foreignObject id="html"/><rect id="r" width="1" height="1" onload="alert(1)"/><a href=" JavaScript:alert(1)"><text>x</text></a>"#), [
            "error: t.svg: <script>: active content in a template: expected artwork only, found <script>",
            "error: t.svg: #html: active content in a template: expected artwork only, found <foreignObject>",
            "error: t.svg: #r onload: event attribute in a template: expected none, found onload=",
            "error: t.svg: <a> href: script link in a template: expected none, found href=\"javascript:alert(1)\"",
        ])
    }
}

/// Issue 17 item 4: a rasterization over the time limit fails its output, naming it.
final class RasterTimeLimitTests: XCTestCase {
    func testAnOutputOverTheTimeLimitFailsNamingIt() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        var rendering = RenderOptions()
        rendering.rasterTimeLimit = 0
        let report = ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"), rendering: rendering)
        XCTAssertEqual(report.diagnostics.count, 1)
        let line = try XCTUnwrap(report.diagnostics.first?.line)
        XCTAssertTrue(line.hasPrefix("error: \(scratch.path("out/en-US/shot.png")): (output): rasterizing took too long: expected at most 0 s, found "), line)
        XCTAssertNil(report.manifest)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/en-US/shot.png")))
    }
}

/// librsvg cannot cancel a drawing: the run stops waiting at the limit, so it ends on time.
final class RasterWatchdogTests: XCTestCase {
    func testADrawingThatOutlastsTheLimitIsGivenUpOnTime() throws {
        let started = Date()
        XCTAssertThrowsError(try OutputRenderer.within(0.2) { () -> Int in _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 6); return 1 }) { error in
            XCTAssertEqual((error as? RasterError)?.message,
                           "rasterizing took too long: expected at most 0.2 s, found more (stopped waiting); simplify the template (filters, <use> copies)")
        }
        // The body blocks 6 s (a wait nothing ends); giving up must not wait for it (a wide margin for a loaded machine).
        XCTAssertLessThan(Date().timeIntervalSince(started), 4.5)
        XCTAssertEqual(try OutputRenderer.within(30) { 7 }, 7)
        XCTAssertThrowsError(try OutputRenderer.within(30) { () -> Int in throw RasterError(message: "inner") }) { error in
            XCTAssertEqual((error as? RasterError)?.message, "inner")
        }
    }
}

/// Issue 17 item 12 (and issue 12's preview risks): preview has its own folder, never touches a
/// release, and follows the job's output to a new folder with its lock.
final class PreviewFolderTests: XCTestCase {
    func testPreviewLeavesTheReleaseAndItsManifestExactlyAsTheyWere() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Released"]])
        let options = PlanOptions(sourceDateEpoch: "1767225600", fastlaneLayout: true)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: options)), [
            "warning: \(job): captures[0]: --layout fastlane: 390×844 is not an App Store slot; App Store Connect may reject it (target a slot with \"storeWell\" or \"targets\")",
        ])
        func snapshot() throws -> [String: String] {
            var files: [String: String] = [:]
            for case let path as String in FileManager.default.enumerator(atPath: scratch.path("out"))! where !path.hasPrefix(".preview") {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: scratch.path("out/\(path)"), isDirectory: &isDirectory), !isDirectory.boolValue {
                    files[path] = SHA256.hex(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/\(path)"))))
                }
            }
            return files
        }
        let released = try snapshot()
        XCTAssertNotNil(released["manifest.json"])
        XCTAssertNotNil(released["fastlane/screenshots/en-US/01_shot.png"])

        _ = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Edited"]])
        let session = PreviewSession(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))
        XCTAssertEqual(session.renderPass(), ["rendered en-US/shot.svg"])
        XCTAssertEqual(try snapshot(), released, "preview changed the release")
        XCTAssertTrue(try String(contentsOfFile: scratch.path("out/.preview/en-US/shot.svg"), encoding: .utf8).contains("<title>Edited</title>"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/.preview/index.html")))

        // The job's output moves: the new folder is written (and locked) in full, the old
        // folder's lock is released.
        _ = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Edited"]], extra: ["output": "elsewhere"])
        XCTAssertEqual(session.renderPass(), ["rendered en-US/shot.svg"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("elsewhere/.preview/en-US/shot.svg")))
        XCTAssertNoThrow(try OutputFolder(scratch.url.appendingPathComponent("out/.preview")), "the old preview folder is still locked")
        XCTAssertThrowsError(try OutputFolder(scratch.url.appendingPathComponent("elsewhere/.preview")), "the new preview folder is not locked")
    }
}

/// Issue 17 item 8: an output whose capture is painted over is never shipped.
final class BlankOutputTests: XCTestCase {
    func testATemplatePaintingOverTheCaptureFailsTheOutput() throws {
        let scratch = try Scratch()
        let template = try String(contentsOf: Fixtures.template, encoding: .utf8)
        let end = try XCTUnwrap(template.range(of: "</svg>", options: .backwards))
        // Over the capture, below the headline's band (a rect over the whole canvas hides the
        // headline too, and is refused at check like a designer's template hiding its text slot).
        try scratch.write("cover.svg.tmpl", template.replacingCharacters(in: end, with: ##"<rect y="{{CAPTURE_Y}}" width="100%" height="100%" fill="#123456"/></svg>"##))
        try scratch.write("all.svg.tmpl", template.replacingCharacters(in: end, with: ##"<rect width="100%" height="100%" fill="#123456"/></svg>"##))
        try scratch.write("glare.svg.tmpl", template.replacingCharacters(in: end, with: ##"<rect width="100%" height="100%" fill="#ffffff" fill-opacity="0.1"/></svg>"##))
        let options = PlanOptions(sourceDateEpoch: "1767225600")
        var ignored = DiagnosticCollector()
        let covered = try Fixtures.mobileJob(in: scratch, extra: ["template": "cover.svg.tmpl"])
        // The template probe refuses such a template at check (TemplateProbeTests); the render's
        // own guard stays behind it, tested here with the probe off.
        XCTAssertTrue(errorLines(ScreenshotComposer().check(jobFile: covered, options: options)).contains { $0.contains("#capture: the capture of the output en-US/shot.png is hidden on the canvas") })
        var composer = ScreenshotComposer()
        composer.probesTemplates = false
        let report = composer.render(jobFile: covered, options: options)
        XCTAssertEqual(lines(report), [
            "error: \(scratch.path("cover.svg.tmpl")): #capture: \(CaptureVisibilityTests.hidden("en-US/shot.png", "322×697 box at 34,114", 0))",
        ])
        XCTAssertNil(report.manifest)
        // Covering everything but a band through the slot's centre (where a probe used to be
        // enough) is caught too: the regions are sampled over the whole slot.
        let (_, laidOut) = try XCTUnwrap(composer.prepare(jobFile: covered, options: options, into: &ignored))
        let box = laidOut[0].layout.capture
        let band = "M0 \(box.y - 1)H10000V10000H0Z M\(box.x) \(box.y + box.height / 2 - 6)h\(box.width)v12h-\(box.width)Z"
        try scratch.write("band.svg.tmpl", template.replacingCharacters(in: end, with: ##"<path fill-rule="evenodd" fill="#123456" d="\##(band)"/></svg>"##))
        let banded = try Fixtures.mobileJob(in: scratch, extra: ["template": "band.svg.tmpl"])
        XCTAssertTrue(errorLines(ScreenshotComposer().check(jobFile: banded, options: options)).contains { $0.contains("#capture: the capture of the output en-US/shot.png is hidden on the canvas") })
        let bandReport = composer.render(jobFile: banded, options: options)
        XCTAssertEqual(lines(bandReport), ["error: \(scratch.path("band.svg.tmpl")): #capture: \(CaptureVisibilityTests.hidden("en-US/shot.png", "322×697 box at 34,114", 2))"])
        // A translucent glare over the screen still shows the capture.
        let glare = try Fixtures.mobileJob(in: scratch, extra: ["template": "glare.svg.tmpl"])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: glare, options: options)), [])
        let all = try Fixtures.mobileJob(in: scratch, extra: ["template": "all.svg.tmpl"])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: all, options: options)), [
            "error: \(scratch.path("all.svg.tmpl")): #headline: the headline of the output en-US/shot.png is not visible on the canvas: expected its text to change at least 50 % of the pixels its glyphs cover by a contrast of 3:1 or more (WCAG 2, large text), found 0 % (a filter, blend mode, mask, clip, opacity, fill, stroke or shape drawn with or over it, or what is behind it, hides the text)",
            "error: \(scratch.path("all.svg.tmpl")): #capture: \(CaptureVisibilityTests.hidden("en-US/shot.png", "322×697 box at 34,114", 0))",
        ])
    }
}

/// Manifests go through the one JSON reader too: a key given twice is refused naming both lines.
final class ManifestJSONTests: XCTestCase {
    func testAManifestIsDecodedFromTheOneParseAsFoundationWouldAndRefusedNamingTheField() throws {
        let scratch = try Scratch()
        // A full manifest (PNGs included) decodes to the same value as Foundation's decoder made.
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))), [])
        let path = scratch.path("out/manifest.json")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let once = try JSONValueDecoder.decode(Manifest.self, from: JSONDocument.parse(data).root)
        XCTAssertEqual(once, try JSONDecoder().decode(Manifest.self, from: data))
        XCTAssertNotNil(once.outputs.first?.png)
        // A missing key, a fraction where an integer goes, null where a string goes.
        func refusal(_ edit: (inout [String: Any]) -> Void) throws -> [String] {
            var changed = json
            edit(&changed)
            try JSONSerialization.data(withJSONObject: changed).write(to: URL(fileURLWithPath: path))
            var d = DiagnosticCollector()
            ManifestVerifier.verify(manifestFile: path, into: &d)
            return lines(d)
        }
        XCTAssertEqual(try refusal { $0["tool"] = nil }, ["error: \(path): (document): not a manifest: expected the manifest's fields, found no \"tool\" in the document"])
        XCTAssertEqual(try refusal { $0["schemaVersion"] = 1.5 }, ["error: \(path): (document): not a manifest: expected the manifest's fields, found a wrong value at .schemaVersion"])
        XCTAssertEqual(try refusal { m in
            var outputs = m["outputs"] as? [[String: Any]] ?? []
            var svg = outputs[0]["svg"] as? [String: Any] ?? [:]
            svg["sha256"] = NSNull()
            outputs[0]["svg"] = svg
            m["outputs"] = outputs
        }, ["error: \(path): (document): not a manifest: expected the manifest's fields, found a wrong value at .outputs[0].svg.sha256"])
    }

    func testAManifestListingMoreOutputsThanAPlanHoldsIsRefusedWithoutDecodingThemAll() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"), svgOnly: true)), [])
        let path = scratch.path("out/manifest.json")
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let first = try XCTUnwrap((json["outputs"] as? [Any])?.first)
        json["outputs"] = Array(repeating: first, count: Planner.maximumOutputs + 1)
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: path, into: &d)
        XCTAssertEqual(lines(d), ["error: \(path): outputs: more outputs than one plan holds: expected at most 10000, found more"])
    }

    func testAManifestWithADuplicateKeyIsRefused() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"), svgOnly: true)), [])
        let manifest = scratch.path("out/manifest.json")
        var text = try String(contentsOfFile: manifest, encoding: .utf8)
        let kind = try XCTUnwrap(text.range(of: "\"kind\""))
        text.replaceSubrange(kind.lowerBound..<kind.lowerBound, with: "\"kind\" : \"forged\",\n  ")
        try text.write(toFile: manifest, atomically: true, encoding: .utf8)
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: manifest, into: &d)
        XCTAssertEqual(d.errors.count, 1)
        XCTAssertTrue(d.errors.first?.lineWithoutPosition.hasPrefix("error: \(manifest): kind: key \"kind\" given twice in one object: expected each key once, found it on lines ") == true,
                      d.errors.first?.line ?? "none")
    }
}

// MARK: 12 (second round). A composed PNG whose marker chunk was stripped

final class StrippedComposedCaptureTests: XCTestCase {
    /// The PNG with every text chunk (tEXt, zTXt, iTXt) left out, as `optipng -strip all` does;
    /// the other chunks keep their bytes and CRCs.
    private func strippingText(_ png: Data) -> Data {
        let bytes = [UInt8](png)
        var out = Array(bytes[0..<8])
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let end = offset + 12 + length
            if !["tEXt", "zTXt", "iTXt"].contains(type) { out += bytes[offset..<end] }
            offset = end
        }
        return Data(out)
    }

    func testAnOutputWithItsMarkerChunkStrippedIsRefusedAsACaptureOfItsOutputFolder() throws {
        let scratch = try Scratch()
        let options = PlanOptions(sourceDateEpoch: "1767225600")
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: options)), [])
        let output = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png")))
        let stripped = strippingText(output)
        XCTAssertNil(ComposedImageMarker.mark(in: stripped), "the marker chunk is gone")
        XCTAssertEqual(try PNGCodec.decodeRGBA(stripped).rgba, try PNGCodec.decodeRGBA(output).rgba)
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: scratch.path("out/manifest.json"))))
        let recorded = try XCTUnwrap(manifest.outputs.first?.png?.pixelsSHA256)
        XCTAssertEqual(PixelHash.of(try PNGCodec.decodeRGBA(stripped)), recorded)
        // The stripped output comes back as the capture of a job writing the same folder.
        try scratch.write("captures/again.png", stripped)
        let again = try scratch.writeJob(["schemaVersion": 1, "output": "out",
                                          "captures": [["id": "again", "path": "captures/again.png", "well": "tuck-browser-mobile"]],
                                          "headlines": ["en-US": ["again": "Again"]]], name: "again.json")
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: again, options: options)), [
            "error: \(scratch.path("captures/again.png")): captures[0].path: capture refused: expected a capture from a simulator, emulator, device or browser, found the pixels of \(scratch.path("out/en-US/shot.png")), an output this tool composed (its pixels' SHA-256 is in \(scratch.path("out/manifest.json"))), with its marker chunk stripped or re-encoded: a composed image is marketing, never capture evidence",
        ])
        // A capture that is not an output still passes in that folder.
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: options)), [])
    }
}
