import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Manifest

/// A screen that draws more than one capture (duo, panorama): every capture copy its SVG links
/// is the tool's, listed in the manifest, verified, and the release renders again in place.
final class ScreenCaptureCopyTests: XCTestCase {
    private let env = ["SOURCE_DATE_EPOCH": "1767225600"]

    private func duoJob(_ scratch: Scratch) throws -> String {
        try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "home", "path": Fixtures.captures.appendingPathComponent("dnschat-home.png").path, "well": "tuck-ios-simulator-portrait"],
                         ["id": "chat", "path": Fixtures.captures.appendingPathComponent("dnschat-chat.png").path, "well": "tuck-ios-simulator-portrait"]],
            "screens": [["id": "duo", "template": "duo", "captures": ["home", "chat"]]],
            "headlines": ["en-US": ["duo": "Ask, then read the answer"]],
        ])
    }

    /// The second capture's copy was listed by no manifest: a second render into the folder
    /// refused it as "a file this tool did not write", and verify never checked it.
    func testADuoReleaseRendersAgainInPlaceAndVerifiesItsSecondCapture() throws {
        let scratch = try Scratch()
        let jobFile = try duoJob(scratch)
        for run in 1...2 {
            let (code, out, err) = try runTool(["render", jobFile], environment: env)
            XCTAssertEqual([String(code), out, err], ["0", "rendered 1 output(s); manifest \(scratch.path("out/manifest.json"))\n", ""], "run \(run)")
        }
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: scratch.path("out/manifest.json"))))
        let chat = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/captures/chat.png")))
        XCTAssertEqual(manifest.outputs.map(\.capture.path), ["en-US/captures/home.png"])
        let source = try Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-chat.png"))
        XCTAssertEqual(manifest.outputs[0].extraCaptures, [Manifest.SVGEntry(path: "en-US/captures/chat.png", sha256: SHA256.hex(chat), bytes: chat.count,
                                                                             sourceSHA256: SHA256.hex(source))])
        XCTAssertEqual(chat, try PNGCodec.drawnChunksCopy(source))
        XCTAssertEqual(try runTool(["verify", scratch.path("out/manifest.json")]).1, "verified 10 file(s): every SHA-256 matches\n")
        try Data("edited".utf8).write(to: URL(fileURLWithPath: scratch.path("out/en-US/captures/chat.png")))
        let (code, _, err) = try runTool(["verify", scratch.path("out/manifest.json")])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(withoutPositions(err).hasPrefix("error: \(scratch.path("out/manifest.json")): outputs[0].extraCaptures[0] (en-US/captures/chat.png): sha256 differs: expected \(SHA256.hex(chat)), found "), err)
    }

    /// `--svg-only` of a job of screens: an output is named after its screen, so the contact
    /// sheet found no capture of that name, took its canvas as 0 × 0 and crashed dividing by it.
    func testSVGOnlyScreensGetAContactSheet() throws {
        let scratch = try Scratch()
        let jobFile = try duoJob(scratch)
        let (code, out, err) = try runTool(["render", jobFile, "--svg-only"], environment: env)
        XCTAssertEqual([String(code), out, err], ["0", "rendered 1 output(s); manifest \(scratch.path("out/manifest.json"))\n", ""])
        let sheet = try String(contentsOfFile: scratch.path("out/index.html"), encoding: .utf8)
        // The capture's canvas, 1206 × 2622: 180 px wide, 391 px tall.
        XCTAssertTrue(sheet.contains("<div style=\"width:180px;height:391px;overflow:hidden\"><iframe sandbox=\"allow-same-origin\" src=\"./en-US/duo.svg\" style=\"width:1206px;height:2622px;"), sheet)
    }
}
