import Foundation
import XCTest
@testable import Manifest
@testable import Support

/// A machine font's hash is kept for the process while the file stays the same, and taken
/// again when it changes.
final class FontHashCacheTests: XCTestCase {
    func testAChangedFileIsHashedAgain() throws {
        let scratch = try Scratch()
        let path = scratch.path("fonts/Test.ttf")
        _ = try scratch.write("fonts/Test.ttf", Data("first".utf8))
        XCTAssertEqual(FontHashes.of([path, path]), [path: SHA256.hex(Data("first".utf8))])
        XCTAssertEqual(FontHashes.of([path]), [path: "a7937b64b8caa58f03721bb6bacf5c78cb235febe0e70b1b84cd99541461a08e"])
        // Same size, new bytes and modification time: hashed again, not taken from the cache.
        try Data("other".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: path)
        XCTAssertEqual(FontHashes.of([path]), [path: SHA256.hex(Data("other".utf8))])
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(FontHashes.of([path]), [:])
    }
}
