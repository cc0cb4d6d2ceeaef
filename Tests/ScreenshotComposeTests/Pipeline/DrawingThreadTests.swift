import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Layout
@testable import Raster

/// Work on drawing threads: templates read at once agree, fonts registered later are drawn by
/// threads that drew before, a publish failure keeps its reason. Each fails with its fix reverted.
final class DrawingThreadTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// Templates are read by libxml2 on worker threads too (built-in templates per output, the
    /// tool's markup per output, the layer split), each parse with its own parser context and no
    /// lock (FoundationXML, which needed one, is gone). Sixteen reads at once on 8 threads of the
    /// same documents give the same trees and the same refusals as one read alone.
    func testTemplatesReadOnManyThreadsAtOnceAgree() {
        let shipped = (try? String(contentsOf: Fixtures.template, encoding: .utf8)) ?? ""
        func readAll() -> [String] {
            var d = DiagnosticCollector()
            let slot = SlotTemplate.parse(SlotTemplateTests.designerTemplate, file: "d.svg", into: &d)?.tree.svgText() ?? "nil"
            let placeholder = SVGTemplate.parse(shipped, file: "t.svg", into: &d)?.tree?.svgText() ?? "nil"
            let broken = XMLText.wellFormednessError(Data("<svg><g></svg>".utf8)) ?? "none"
            _ = TemplateTree.read(text: "<svg xmlns=\"http://www.w3.org/2000/svg\"><script/></svg>", file: "s.svg", into: &d)
            return [slot, placeholder, broken] + d.diagnostics.map(\.line)
        }
        let alone = readAll()
        XCTAssertEqual(alone[2], "line 1, column 15: Opening and ending tag mismatch: g line 1 and svg")
        let results = Locked<[[String]]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let result = readAll()
            results.update { $0.append(result) }
        }
        XCTAssertEqual(results.value.count, 16)
        for result in results.value { XCTAssertEqual(result, alone) }
    }

    /// A long-lived process (preview, a library user) keeps its drawing threads and their Pango
    /// font maps. A font file registered after such a thread drew must be drawn by it too:
    /// its font map used to keep the families it knew, so librsvg drew a fallback font where
    /// the layout had measured the registered one. The font is DejaVu Sans Mono Bold (headlines
    /// are bold) renamed to a family no system has, so its glyphs can only come from the
    /// registered file; the PNG must equal the same job set in the installed DejaVu Sans Mono.
    func testAFontFileRegisteredLaterIsDrawnByADrawingThreadThatDrewBefore() throws {
        try checkRegisteredFontIsDrawn(family: "SSC Test Mono " + String(UUID().uuidString.compactMap { $0.isLetter ? $0 : nil }.prefix(6)))
    }

    /// A family with a word that starts with a digit ("M PLUS 1p" is a real one) is no CSS
    /// identifier list: written unquoted into the SVG, librsvg dropped the whole value and drew
    /// Times where the layout measured the family. It is quoted in the SVG.
    func testAFamilyWithAWordStartingWithADigitIsDrawnInThatFamily() throws {
        try checkRegisteredFontIsDrawn(family: "SSC 1Test Mono " + String(UUID().uuidString.compactMap { $0.isLetter ? $0 : nil }.prefix(6)))
        XCTAssertEqual(FontStack.cssValue("Noto Sans, DejaVu Sans, sans-serif"), "Noto Sans, DejaVu Sans, sans-serif")
        XCTAssertEqual(FontStack.cssValue("M PLUS 1p,Noto Sans"), "'M PLUS 1p', Noto Sans")
        XCTAssertEqual(FontStack.cssValue("Font 2E5, 'Quoted 1'"), "'Font 2E5', 'Quoted 1'")
    }

    /// Renders the same job before `family` exists, then with it registered from a renamed copy
    /// of DejaVu Sans Mono Bold, and checks the pixels are those of the installed DejaVu Sans Mono.
    private func checkRegisteredFontIsDrawn(family: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let scratch = try Scratch()
        let font = scratch.path("test-mono.ttf")
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, Fixtures.repository.appendingPathComponent("scripts/rename-font-family.py").path,
                             "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf", font, family]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python3-fonttools (scripts/setup.sh installs it)")
        let rendering = RenderOptions(jobs: 1)
        func png(_ name: String, _ extra: [String: Any]) throws -> DecodedPNG {
            let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Illicit mill 1il"]],
                                             extra: extra.merging(["output": "out-\(name)"]) { a, _ in a })
            let report = ScreenshotComposer().render(jobFile: job, options: epoch, rendering: rendering)
            XCTAssertEqual(lines(report), [], name)
            return try PNGCodec.decodeRGBA(Data(contentsOf: URL(fileURLWithPath: scratch.path("out-\(name)/en-US/shot.png"))))
        }
        // Drawing threads that have drawn (and made their font maps) before the font exists.
        _ = try png("before", [:])
        let registered = try png("registered", ["fontFiles": ["test-mono.ttf"], "fonts": ["default": family]])
        let installed = try png("installed", ["fonts": ["default": "DejaVu Sans Mono"]])
        let proportional = try png("proportional", ["fonts": ["default": "DejaVu Sans"]])
        XCTAssertNotEqual(installed.rgba, proportional.rgba, "the two fonts must draw differently for the test to tell them apart", file: file, line: line)
        XCTAssertTrue(registered.rgba == installed.rgba, "the registered font \(family) was not drawn by a thread that drew before it was registered", file: file, line: line)
    }

    /// A failed write while publishing names the file system's reason. `localizedDescription`
    /// dropped it ("The operation could not be completed. (NSCocoaErrorDomain error 512.)"),
    /// and so did `FileErrorText` on Linux, whose underlying error is no NSError object. Here
    /// the contact sheet's place in the staging folder is taken by a folder while the outputs
    /// render.
    func testAWriteFailureWhilePublishingKeepsTheFileSystemsReason() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        let staging = scratch.path("out/.staging-\(getpid())")
        var rendering = RenderOptions(jobs: 1)
        rendering.progress = { _ in
            try? FileManager.default.createDirectory(atPath: staging + "/index.html/taken", withIntermediateDirectories: true)
        }
        let report = ScreenshotComposer().render(jobFile: job, options: epoch, rendering: rendering)
        let manifest = scratch.path("out/manifest.json")
        XCTAssertEqual(lines(report), ["error: \(manifest): (output): cannot write: \(manifest): Is a directory"])
    }
}

/// A value shared by test threads.
final class Locked<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T { lock.lock(); defer { lock.unlock() }; return stored }
    func update(_ body: (inout T) -> Void) { lock.lock(); defer { lock.unlock() }; body(&stored) }
}
