import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Manifest

/// The library used the way another Swift program uses it: a job built in code, rendered to
/// values in memory.
final class LibraryAPITests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testAJobBuiltInMemoryRendersTheBytesItsJobFileRenders() throws {
        let scratch = try Scratch()
        let png = try Fixtures.png(width: 390, height: 844)
        let headlines = ["en-US": ["shot": "Read it anywhere"], "de-DE": ["shot": "Überall lesen"]]
        let job = Job(captures: [JobCapture(id: "shot", png: png, well: "tuck-browser-mobile")], headlines: headlines,
                      output: scratch.url.appendingPathComponent("never-written"))
        let result = ScreenshotComposer().renderInMemory(job: job, options: epoch)
        XCTAssertEqual(result.diagnostics.map(\.line), [])
        XCTAssertEqual(result.outputs.map { "\($0.locale)/\($0.captureId)" }, ["de-DE/shot", "en-US/shot"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("never-written")), "an in-memory render wrote its output folder")

        // The same job as a file, rendered to a folder: the same SVG and PNG bytes.
        try scratch.write("captures/shot.png", png)
        let jobFile = try scratch.writeJob(["schemaVersion": 1, "output": "out", "headlines": headlines,
                                            "captures": [["id": "shot", "path": "captures/shot.png", "well": "tuck-browser-mobile"]]])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: epoch)), [])
        for output in result.outputs {
            XCTAssertEqual(output.svg, try Data(contentsOf: scratch.url.appendingPathComponent("out/\(output.locale)/shot.svg")))
            XCTAssertEqual(output.png, try Data(contentsOf: scratch.url.appendingPathComponent("out/\(output.locale)/shot.png")))
            XCTAssertEqual(output.pngSHA256, SHA256.hex(try XCTUnwrap(output.png)))
            let decoded = try PNGCodec.decodeRGBA(try XCTUnwrap(output.png))
            XCTAssertEqual([decoded.header.width, decoded.header.height], [390, 844])
        }
        let manifest = try XCTUnwrap(result.manifest)
        XCTAssertEqual(manifest.outputs.map { $0.png?.sha256 }, result.outputs.map(\.pngSHA256))
        XCTAssertEqual(manifest.inputs.captures.first?.sha256, SHA256.hex(png))
    }

    func testACodeBuiltJobIsCheckedLikeAJobFile() throws {
        let png = try Fixtures.png(width: 390, height: 844)
        let job = Job(captures: [JobCapture(id: "../x", png: png, well: "tuck-browser-mobile"),
                                 JobCapture(id: "b", png: png, well: "tuck-browser-mobile")],
                      headlines: ["en_US": ["b": "Hello"], "de-DE": ["c": "Hallo"]])
        XCTAssertEqual(ScreenshotComposer().check(job: job, options: epoch).diagnostics.map(\.line), [
            "error: (job built in code): captures[0].id: capture id becomes a file name: expected [A-Za-z0-9][A-Za-z0-9._-]*, at most 100 characters, found \"../x\"",
            "error: (job built in code): headlines.de-DE.c: headline for an unknown capture: expected one of ../x, b, found \"c\"",
            "error: (job built in code): headlines.en_US: locale becomes a folder name: expected a BCP 47 tag such as en-US or zh-Hans, found \"en_US\"",
            "error: (job built in code): headlines: missing headlines: expected one for every capture in every locale, found none for de-DE/../x, de-DE/b",
        ])
    }

    func testACaptureGivenAsBytesThatIsNoPNGIsRefusedWithItsName() throws {
        let job = Job(captures: [JobCapture(id: "shot", png: Data("GIF89a".utf8), well: "tuck-browser-mobile")],
                      headlines: ["en-US": ["shot": "Hello"]])
        XCTAssertEqual(ScreenshotComposer().renderInMemory(job: job, options: epoch).diagnostics.map(\.line), [
            "error: /<in memory>/shot.png: captures[0].path: capture refused: expected a PNG, found not a PNG (no PNG signature)",
        ])
    }

    /// A job given as bytes, with every kind of file it names (capture, String Catalog, wells
    /// catalog, template, frame): the in-memory render gives the SVG, PNG and manifest bytes the
    /// same job renders from files on disk, writes nothing but its private temporary folder
    /// (gone afterwards), and names files in diagnostics as the caller did.
    func testAJobGivenAsBytesRendersWhatItsFilesRender() throws {
        let scratch = try Scratch()
        let repository = Fixtures.repository
        var files: [String: Data] = [
            "captures/home.png": try Data(contentsOf: repository.appendingPathComponent("fixtures/captures/dnschat-home.png")),
            "headlines/Screens.xcstrings": try Data(contentsOf: repository.appendingPathComponent("fixtures/headlines/Screenshots.xcstrings")),
            "catalogs/wells.json": try Data(contentsOf: repository.appendingPathComponent("wells.json")),
            "frames/phone-frame.svg": try Data(contentsOf: repository.appendingPathComponent("fixtures/frames/phone-frame.svg")),
            "templates/device-well.svg.tmpl": try Data(contentsOf: Fixtures.template),
        ]
        let job = Data("""
            { "schemaVersion": 1, "output": "out", "wells": "catalogs/wells.json", "template": "templates/device-well.svg.tmpl",
              "captures": [ { "id": "home", "path": "captures/home.png", "well": "tuck-ios-simulator-portrait" },
                            { "id": "chat", "path": "captures/home.png", "well": "tuck-ios-simulator-portrait", "frame": "frames/phone-frame.svg" } ],
              "screens": [ { "id": "home", "captures": ["home"] }, { "id": "chat", "template": "caption-below", "captures": ["chat"] } ],
              "headlines": "headlines/Screens.xcstrings" }
            """.utf8)
        let options = PlanOptions(locales: ["de"], sourceDateEpoch: "1767225600")
        let temporary = scratch.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        setenv("TMPDIR", temporary.path, 1)
        defer { unsetenv("TMPDIR") }
        let result = ScreenshotComposer().renderInMemory(JobFiles(job: job, files: files, name: "app.json"), options: options)
        XCTAssertEqual(result.diagnostics.map(\.line), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "the private folder is removed")
        XCTAssertEqual(result.outputs.map { "\($0.locale)/\($0.captureId)" }, ["de/home", "de/chat"])

        // The same files on disk, rendered by a job file into its output folder.
        for (path, data) in files { try scratch.write(path, data) }
        let jobFile = try scratch.write("app.json", job)
        let report = ScreenshotComposer().render(jobFile: jobFile, options: options)
        XCTAssertEqual(lines(report), [])
        for output in result.outputs {
            XCTAssertEqual(output.svg, try Data(contentsOf: scratch.url.appendingPathComponent("out/\(output.spec.destination.svg)")))
            XCTAssertEqual(output.png, try Data(contentsOf: scratch.url.appendingPathComponent("out/\(output.spec.destination.png)")))
        }
        XCTAssertEqual(try result.manifest?.encoded(), try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/manifest.de.json"))))
        XCTAssertEqual(result.manifest?.inputs.frames?.map(\.path), ["../frames/phone-frame.svg"])

        // Problems name the files as the caller did; a path out of the job's folder is refused.
        files["captures/home.png"] = Data("GIF89a".utf8)
        files["../escape.png"] = Data()
        let refused = ScreenshotComposer().check(JobFiles(job: job, files: files, name: "app.json"), options: options)
        XCTAssertEqual(refused.diagnostics.map(\.line), [
            "error: app.json: (files) ../escape.png: a file's path must stay inside the job's folder: expected a relative path without . or .. components, found \"../escape.png\"",
        ])
        files["../escape.png"] = nil
        XCTAssertEqual(ScreenshotComposer().check(JobFiles(job: job, files: files, name: "app.json"), options: options).diagnostics.map(\.lineWithoutPosition), [
            "error: captures/home.png: captures[0].path: capture refused: expected a PNG, found not a PNG (no PNG signature)",
            "error: captures/home.png: captures[1].path: capture refused: expected a PNG, found not a PNG (no PNG signature)",
        ])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
    }

    /// The library example renders a job from bytes with the working directory holding an
    /// earlier release whose manifest lists the example capture's pixels as an output: reading
    /// ./out/manifest*.json (as the in-memory render did) would refuse the capture. The working
    /// directory is read-only (for a user other than root) and left as it was, and nothing is
    /// left in the temporary folder.
    func testTheExampleRendersFromBytesWithoutTouchingTheWorkingDirectory() throws {
        let scratch = try Scratch()
        let example = Fixtures.products.appendingPathComponent("ssc-example")
        func run(_ arguments: [String], cwd: URL, environment: [String: String] = [:]) throws -> (Int32, String, String) {
            let process = Process()
            process.executableURL = example
            process.arguments = arguments
            process.currentDirectoryURL = cwd
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let outData = out.fileHandleForReading.readDataToEndOfFile(), errData = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
        }
        // Published once, to learn the capture's pixels.
        let published = try run([scratch.path("published")], cwd: scratch.url)
        XCTAssertEqual(published.0, 0, published.2)
        let capture = try Data(contentsOf: URL(fileURLWithPath: scratch.path("published/captures/inbox.png")))
        let pixels = try XCTUnwrap(PixelHash.of(try PNGCodec.decodeRGBA(capture)))
        var decoy = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: scratch.path("published/out/manifest.json"))))
        decoy.outputs[0].png?.pixelsSHA256 = pixels
        try scratch.write("cwd/out/manifest.json", try decoy.encoded())
        let cwd = scratch.url.appendingPathComponent("cwd")
        chmod(cwd.path, 0o555)
        chmod(cwd.appendingPathComponent("out").path, 0o555)
        defer { chmod(cwd.path, 0o755); chmod(cwd.appendingPathComponent("out").path, 0o755) }
        let before = FileManager.default.subpaths(atPath: cwd.path)?.sorted()
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("tmp"), withIntermediateDirectories: true)

        let (code, out, err) = try run([], cwd: cwd, environment: ["TMPDIR": scratch.path("tmp")])
        XCTAssertEqual([String(code), err], ["0", ""])
        XCTAssertEqual(out.split(separator: "\n").map { $0.split(separator: ":").first.map(String.init) ?? "" }, ["check", "de-DE/inbox", "en-US/inbox"])
        XCTAssertEqual(FileManager.default.subpaths(atPath: cwd.path)?.sorted(), before)
        XCTAssertEqual(try Data(contentsOf: cwd.appendingPathComponent("out/manifest.json")), try decoy.encoded())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("tmp")), [])
        // The bytes the example printed are those it published.
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: scratch.path("published/out/manifest.json"))))
        for png in manifest.outputs.compactMap(\.png) { XCTAssertTrue(out.contains("sha256 \(png.sha256)"), png.path) }
    }

    /// A font file given as bytes: the headline is set in it, and the manifest names it like
    /// the other inputs, relative to the output folder (not by its place in the private folder).
    func testAFontGivenAsBytesIsNamedRelativeToTheOutputFolder() throws {
        let scratch = try Scratch()
        let family = "Bytes Font \(UUID().uuidString.prefix(8))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Debian's python3 has python3-fonttools (scripts/setup.sh installs it).
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        process.arguments = [python, Fixtures.repository.appendingPathComponent("scripts/rename-font-family.py").path,
                             "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf", scratch.path("font.ttf"), family]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let font = try Data(contentsOf: URL(fileURLWithPath: scratch.path("font.ttf")))
        let job = Data("""
            { "schemaVersion": 1, "output": "out", "fontFiles": ["fonts/mono.ttf"], "fonts": { "default": "\(family)" },
              "captures": [ { "id": "shot", "path": "shot.png", "well": "tuck-browser-mobile" } ],
              "headlines": { "en-US": { "shot": "Monospaced" } } }
            """.utf8)
        let result = ScreenshotComposer().renderInMemory(JobFiles(job: job, files: ["fonts/mono.ttf": font, "shot.png": try Fixtures.png(width: 390, height: 844)]),
                                                         options: epoch)
        XCTAssertEqual(result.diagnostics.map(\.line), [])
        XCTAssertEqual(result.manifest?.outputs.first?.fonts, [Manifest.FileEntry(path: "../fonts/mono.ttf", sha256: SHA256.hex(font))])
    }
}
