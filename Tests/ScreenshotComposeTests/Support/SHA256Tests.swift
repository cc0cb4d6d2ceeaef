import Foundation
import XCTest
@testable import Support

/// SHA-256 comes from OpenSSL's libcrypto: checked against NIST's vectors and coreutils'
/// sha256sum, and the encoder's streamed pixel hash against the packed pixels hashed whole.
final class SHA256Tests: XCTestCase {
    func testNISTVectors() {
        XCTAssertEqual(SHA256.hex(Data()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Data(repeating: UInt8(ascii: "a"), count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testPiecesMatchWhole() {
        let hasher = SHA256.Hasher()
        for piece in ["a", "b", "c"] { Data(piece.utf8).withUnsafeBytes { hasher.update($0) } }
        XCTAssertEqual(hasher.finalize(), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testLargeBufferMatchesSha256sum() throws {
        // 40 MiB of a byte pattern no block repeats with a short period.
        var bytes = [UInt8](repeating: 0, count: 40 << 20)
        var state: UInt32 = 2_463_534_242
        for i in bytes.indices {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            bytes[i] = UInt8(truncatingIfNeeded: state)
        }
        let data = Data(bytes)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString).bin")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let expected = String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init)
        XCTAssertEqual(expected?.count, 64)
        XCTAssertEqual(SHA256.hex(data), expected)
    }

    func testEncoderStreamsThePixelHash() throws {
        // A canvas with a row stride wider than its pixels, so padding must not be hashed.
        let width = 37, height = 23, stride = width * 4 + 12
        var pixels = [UInt8](repeating: 0xEE, count: stride * height)
        var packed: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = (UInt8((x * 7) & 0xFF), UInt8((y * 11) & 0xFF), UInt8((x * y) & 0xFF))
                let i = y * stride + x * 4
                pixels[i] = b; pixels[i + 1] = g; pixels[i + 2] = r; pixels[i + 3] = 0
                packed += [r, g, b]
            }
        }
        let raster = RasterImage(width: width, height: height, stride: stride, pixels: pixels)
        let (png, streamed) = try PNGCodec.encodeRGBHashing(raster, texts: [])
        XCTAssertEqual(streamed, SHA256.hex(Data(packed)))
        XCTAssertEqual(PixelHash.of(raster), streamed)
        XCTAssertEqual(PixelHash.of(try PNGCodec.decodeRGBA(png)), streamed)
        XCTAssertEqual(png, try PNGCodec.encodeRGB(raster, texts: []))
    }
}
