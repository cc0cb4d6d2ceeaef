import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support

/// The output encoder: rows filtered in the C shim, image data deflated by libdeflate, every
/// chunk written by libpng. Decoded with libpng, every preset gives back the canvas exactly.
final class PNGEncoderTests: XCTestCase {
    /// A canvas (cairo RGB24: native-endian xRGB words) whose rows call for each of the five
    /// filters: flat, horizontal ramps, repeated rows, noise, smooth 2-D gradients; with
    /// `noiseOnly` every row is noise (it hardly compresses).
    private func canvas(width: Int, height: Int, noiseOnly: Bool = false) -> RasterImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var seed: UInt32 = 12345
        func noise() -> Int {
            seed = seed &* 1_103_515_245 &+ 12345
            return Int(seed >> 16) & 0xFF
        }
        for y in 0..<height {
            for x in 0..<width {
                let rgb: (Int, Int, Int)
                switch noiseOnly ? 3 : (y / 8) % 6 {
                case 0: rgb = (240, 241, 246)                                  // flat background
                case 1: rgb = (x * 5, x * 3 + y, 255 - x * 2)                    // horizontal ramps
                case 2: rgb = (x * x / 7 + y / 8, (x * 13) ^ (y / 8), 90)        // rows repeating downwards
                case 3: rgb = (noise(), noise(), noise())                        // photo noise
                case 4: rgb = (x * 2 + y * 3, (x + y) * 2 + noise() % 5, y * 4)   // smooth 2-D gradient
                default: rgb = ((x + y) % 2 * 200, (x ^ y) & 0xFF, x * y % 251)   // hard edges
                }
                let word = UInt32(0xFF00_0000) | UInt32(rgb.0 & 0xFF) << 16 | UInt32(rgb.1 & 0xFF) << 8 | UInt32(rgb.2 & 0xFF)
                withUnsafeBytes(of: word) { bytes in
                    for (k, byte) in bytes.enumerated() { pixels[(y * width + x) * 4 + k] = byte }
                }
            }
        }
        return RasterImage(width: width, height: height, stride: width * 4, pixels: pixels)
    }

    /// The canvas's pixels as libpng decodes an RGB PNG: R, G, B, 255.
    private func expectedRGBA(_ raster: RasterImage) -> [UInt8] {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(raster.width * raster.height * 4)
        for y in 0..<raster.height {
            for x in 0..<raster.width {
                let word = raster.pixels.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: y * raster.stride + x * 4, as: UInt32.self) }
                rgba += [UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF), 255]
            }
        }
        return rgba
    }

    func testEveryPresetDecodesWithLibpngToTheCanvasExactly() throws {
        let texts = [PNGText(key: "Title", value: "home"), PNGText(key: "Description", value: "Antworten in Sekunden ✓", international: true, language: "de-DE")]
        // Odd sizes, a single pixel, a single column, and one large enough (noise) for several IDAT chunks.
        for (width, height) in [(67, 53), (1, 1), (1, 9), (5, 1), (200, 200)] {
            let raster = canvas(width: width, height: height, noiseOnly: width == 200)
            let expected = expectedRGBA(raster)
            for preset in PNGCompression.allCases {
                let png = try PNGCodec.encodeRGB(raster, texts: texts, compression: preset)
                let decoded = try PNGCodec.decodeRGBA(png)
                XCTAssertEqual(decoded.header.width, width)
                XCTAssertEqual(decoded.header.height, height)
                XCTAssertEqual(decoded.header.colorType, .rgb)
                XCTAssertEqual(decoded.header.bitDepth, 8)
                XCTAssertTrue(decoded.header.hasSRGB)
                XCTAssertEqual(decoded.rgba, expected, "\(width)×\(height) \(preset)")
                XCTAssertEqual(decoded.texts.map(\.key), ["Title", "Description"])
                XCTAssertEqual(decoded.texts.map(\.value), ["home", "Antworten in Sekunden ✓"])
                XCTAssertFalse(decoded.hasTimeChunk)
                // libpng's validation path (CRC-32 of every chunk, whole zlib stream) accepts it too.
                XCTAssertFalse(try PNGCodec.validateImageData(png))
                let types = pngChunks(png).map(\.type)
                let idats = types.filter { $0 == "IDAT" }.count
                XCTAssertEqual(types.filter { $0 != "IDAT" }, ["IHDR", "gAMA", "sRGB", "cHRM", "tEXt", "iTXt", "IEND"])
                XCTAssertEqual(Array(types.drop { $0 != "IDAT" }.prefix(idats)), Array(repeating: "IDAT", count: idats), "IDAT chunks are consecutive")
                if width == 200 { XCTAssertGreaterThan(idats, 1, "\(preset): 120 000 bytes of noise need several 64 KiB IDAT chunks") }
            }
        }
    }

    func testRowsAreFilteredExactlyAsLibpngFiltersThem() throws {
        let raster = canvas(width: 67, height: 96)
        let ours = try PNGCodec.encodeRGB(raster, texts: [])
        let libpngs = try PNGCodec.encodeRGBWithZlib(raster, texts: [])
        let filtered = try XCTUnwrap(PNGCodec.filteredImageData(ours, width: 67, height: 96))
        let reference = try XCTUnwrap(PNGCodec.filteredImageData(libpngs, width: 67, height: 96))
        let rowBytes = 1 + 67 * 3
        let differing = (0..<96).filter { filtered[$0 * rowBytes..<($0 + 1) * rowBytes] != reference[$0 * rowBytes..<($0 + 1) * rowBytes] }
        XCTAssertEqual(differing, [], "rows filtered differently from libpng (first: filter \(differing.first.map { filtered[$0 * rowBytes] } ?? 0), libpng's \(differing.first.map { reference[$0 * rowBytes] } ?? 0))")
        XCTAssertEqual(filtered.count, reference.count)
        // Every filter was chosen somewhere, so each one's code is compared with libpng's.
        let types = Set(stride(from: 0, to: filtered.count, by: rowBytes).map { filtered[$0] })
        XCTAssertEqual(types, [0, 1, 2, 3, 4])
    }

    func testDefaultPresetIsNoLargerThanZlibLevel6OnARealCapture() throws {
        // The browser capture (390×844) as a canvas: text, icons, flat areas.
        let capture = try PNGCodec.decodeRGBA(Data(contentsOf: Fixtures.captures.appendingPathComponent("rust-book-mobile.png")))
        let (width, height) = (capture.header.width, capture.header.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let word = UInt32(0xFF00_0000) | UInt32(capture.rgba[i * 4]) << 16 | UInt32(capture.rgba[i * 4 + 1]) << 8 | UInt32(capture.rgba[i * 4 + 2])
            withUnsafeBytes(of: word) { bytes in for (k, byte) in bytes.enumerated() { pixels[i * 4 + k] = byte } }
        }
        let raster = RasterImage(width: width, height: height, stride: width * 4, pixels: pixels)
        let zlib6 = try PNGCodec.encodeRGBWithZlib(raster, texts: [], zlibLevel: 6).count
        let sizes = try PNGCompression.allCases.map { try PNGCodec.encodeRGB(raster, texts: [], compression: $0).count }
        XCTAssertLessThanOrEqual(Double(sizes[1]), 1.05 * Double(zlib6), "default preset: \(sizes[1]) bytes, zlib level 6: \(zlib6)")
        XCTAssertGreaterThan(sizes[0], sizes[1], "fast is larger than default")
        XCTAssertGreaterThan(sizes[1], sizes[2], "small is smaller than default")
    }
}
