import Foundation

/// The SHA-256 of an image's pixels, the same for every lossless encoding of them: 8-bit RGB,
/// row-major, 3 bytes a pixel, no padding. The manifest records it for every output PNG
/// (`pixelsSHA256`), so an output whose text chunks were stripped (`optipng -strip all`) or
/// that another tool re-saved without loss is still recognised when it comes back as a capture
/// (`ComposedImageMarker.output(matching:)`). A render takes it from the rows its encoder
/// packs (`PNGCodec.encodeRGBHashing`); these hash one packed row at a time.
package enum PixelHash {
    /// A rendered canvas (cairo RGB24: a native-endian 32-bit word per pixel, 0x00RRGGBB).
    package static func of(_ raster: RasterImage) -> String {
        let hasher = SHA256.Hasher()
        var row = [UInt8](repeating: 0, count: raster.width * 3)
        raster.pixels.withUnsafeBytes { source in
            for y in 0..<raster.height {
                let start = y * raster.stride
                for x in 0..<raster.width {
                    let word = source.loadUnaligned(fromByteOffset: start + x * 4, as: UInt32.self)
                    row[x * 3] = UInt8(truncatingIfNeeded: word >> 16)
                    row[x * 3 + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    row[x * 3 + 2] = UInt8(truncatingIfNeeded: word)
                }
                row.withUnsafeBytes { hasher.update($0) }
            }
        }
        return hasher.finalize()
    }

    /// A decoded PNG; nil when a pixel is not opaque (an output never is: it is RGB).
    package static func of(_ decoded: DecodedPNG) -> String? {
        let width = decoded.header.width, height = decoded.header.height
        guard decoded.rgba.count >= width * height * 4 else { return nil }
        let hasher = SHA256.Hasher()
        var row = [UInt8](repeating: 0, count: width * 3)
        for y in 0..<height {
            let start = y * width * 4
            for x in 0..<width {
                let i = start + x * 4
                if decoded.rgba[i + 3] != 255 { return nil }
                row[x * 3] = decoded.rgba[i]
                row[x * 3 + 1] = decoded.rgba[i + 1]
                row[x * 3 + 2] = decoded.rgba[i + 2]
            }
            row.withUnsafeBytes { hasher.update($0) }
        }
        return hasher.finalize()
    }
}
