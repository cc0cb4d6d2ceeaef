import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support

/// The job's fonts win (issue 34 item 4): a family in `fontFiles` is drawn from the job's files
/// even when the machine has a font of that name, and the manifest names the job's file.
/// fontconfig matched the machine's faces first and kept the first of equal scores, so Debian's
/// fonts-lato beside a team's Lato won. Rendered by the command-line tool, since a registration
/// changes the process's fonts for good (the test process keeps the machine's families).
final class JobFontsWinTests: XCTestCase {
    /// DejaVu Sans Mono Bold renamed "DejaVu Serif" (a family the machine has, DejaVuSerif-Bold.ttf
    /// among it): the headline must be drawn in the job's (monospaced) file, pixel for pixel
    /// the installed DejaVu Sans Mono, not in the installed serif.
    func testAJobFontFileWinsOverAnInstalledFontOfItsFamily() throws {
        let scratch = try Scratch()
        let font = scratch.path("fonts/Team-Bold.ttf")
        try FileManager.default.createDirectory(atPath: scratch.path("fonts"), withIntermediateDirectories: true)
        // Debian's python3 (python3-fonttools), ahead of any other on the PATH.
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, Fixtures.repository.appendingPathComponent("scripts/rename-font-family.py").path,
                             "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf", font, "DejaVu Serif"]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python3-fonttools (scripts/setup.sh installs it)")
        func render(_ name: String, _ extra: [String: Any]) throws -> (png: DecodedPNG, fonts: [String]) {
            let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Illicit mill 1il"]],
                                             extra: extra.merging(["output": "out-\(name)"]) { a, _ in a })
            let (code, _, err) = try runTool(["render", job, "--jobs", "1"], environment: ["SOURCE_DATE_EPOCH": "1767225600"])
            XCTAssertEqual(code, 0, err)
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path("out-\(name)/manifest.json")))) as? [String: Any]
            let output = (manifest?["outputs"] as? [[String: Any]])?.first
            let fonts = (output?["fonts"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
            return (try PNGCodec.decodeRGBA(Data(contentsOf: URL(fileURLWithPath: scratch.path("out-\(name)/en-US/shot.png")))), fonts)
        }
        let job = try render("job", ["fontFiles": ["fonts/Team-Bold.ttf"], "fonts": ["default": "DejaVu Serif"]])
        let mono = try render("mono", ["fonts": ["default": "DejaVu Sans Mono"]])
        let serif = try render("serif", ["fonts": ["default": "DejaVu Serif"]])
        XCTAssertEqual(job.fonts, [font], "the manifest names the job's file")
        XCTAssertEqual(serif.fonts, ["/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"])
        XCTAssertNotEqual(mono.png.rgba, serif.png.rgba, "the two fonts must draw differently for the test to tell them apart")
        XCTAssertTrue(job.png.rgba == mono.png.rgba, "the headline was not drawn from the job's file")
    }
}
