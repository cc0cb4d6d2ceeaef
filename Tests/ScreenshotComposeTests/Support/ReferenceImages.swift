import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Plan

/// Rendered PNGs compared with the reference images in `References/`, 8 levels per channel of
/// tolerance (anti-aliasing), saying where they differ. `make update-references`
/// (UPDATE_REFERENCES=1) rewrites them; a changed reference then shows up in review.
enum ReferenceImages {
    static let folder = Fixtures.testTarget.appendingPathComponent("References")

    static func check(_ rendered: Data, name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try check(rendered, name: name, reference: folder.appendingPathComponent("\(name).png"), file: file, line: line)
    }

    /// `rendered` against the image at `reference` (the guides' images under docs/ too).
    static func check(_ rendered: Data, name: String, reference: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        if ProcessInfo.processInfo.environment["UPDATE_REFERENCES"] == "1" {
            try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
            try rendered.write(to: reference)
            return
        }
        let expected = try PNGCodec.decodeRGBA(try Data(contentsOf: reference))
        let actual = try PNGCodec.decodeRGBA(rendered)
        XCTAssertEqual(actual.header.width, expected.header.width, file: file, line: line)
        XCTAssertEqual(actual.header.height, expected.header.height, file: file, line: line)
        var differing: [(Int, Int)] = []
        for y in 0..<min(actual.header.height, expected.header.height) {
            for x in 0..<min(actual.header.width, expected.header.width) {
                let a = actual.pixel(x: x, y: y), e = expected.pixel(x: x, y: y)
                if max(abs(Int(a.r) - Int(e.r)), abs(Int(a.g) - Int(e.g)), abs(Int(a.b) - Int(e.b))) > 8 { differing.append((x, y)) }
            }
        }
        if !differing.isEmpty {
            let xs = differing.map(\.0), ys = differing.map(\.1)
            XCTFail("\(name): \(differing.count) pixels differ from \(reference.lastPathComponent), within x \(xs.min() ?? 0)…\(xs.max() ?? 0), y \(ys.min() ?? 0)…\(ys.max() ?? 0); `make update-references` rewrites it if the change is intended",
                    file: file, line: line)
        }
    }
}
