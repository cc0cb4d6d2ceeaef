import Foundation

/// The SHA-256 of an image's pixels, the same for every lossless encoding of them: 8-bit RGB,
/// row-major, 3 bytes a pixel, no padding. The manifest records it for every output PNG
/// (`pixelsSHA256`), so an output whose text chunks were stripped (`optipng -strip all`) or
/// that another tool re-saved without loss is still recognised when it comes back as a capture
/// (`ComposedImageMarker.output(matching:)`).
package enum PixelHash {
    /// A rendered canvas (cairo RGB24: a native-endian 32-bit word per pixel, 0x00RRGGBB).
    package static func of(_ raster: RasterImage) -> String {
        var rgb = [UInt8](repeating: 0, count: raster.width * raster.height * 3)
        raster.pixels.withUnsafeBytes { source in
            var o = 0
            for y in 0..<raster.height {
                let row = y * raster.stride
                for x in 0..<raster.width {
                    let word = source.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                    rgb[o] = UInt8(truncatingIfNeeded: word >> 16)
                    rgb[o + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    rgb[o + 2] = UInt8(truncatingIfNeeded: word)
                    o += 3
                }
            }
        }
        return SHA256.hex(Data(rgb))
    }

    /// A decoded PNG; nil when a pixel is not opaque (an output never is: it is RGB).
    package static func of(_ decoded: DecodedPNG) -> String? {
        let pixels = decoded.header.width * decoded.header.height
        guard decoded.rgba.count >= pixels * 4 else { return nil }
        var rgb = [UInt8](repeating: 0, count: pixels * 3)
        for i in 0..<pixels {
            if decoded.rgba[i * 4 + 3] != 255 { return nil }
            rgb[i * 3] = decoded.rgba[i * 4]
            rgb[i * 3 + 1] = decoded.rgba[i * 4 + 1]
            rgb[i * 3 + 2] = decoded.rgba[i * 4 + 2]
        }
        return SHA256.hex(Data(rgb))
    }
}
