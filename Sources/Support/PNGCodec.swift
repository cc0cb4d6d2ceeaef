import CPNGShim
import Foundation

// The only Swift file that talks to libpng (through CPNGShim, which keeps libpng's
// setjmp/longjmp error handling in C).

/// A PNG's IHDR and the colour chunks before its image data, as libpng reads them.
public struct PNGHeader: Equatable, Sendable {
    public enum ColorType: Int, Sendable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        public var name: String {
            switch self {
            case .gray: return "grayscale"
            case .rgb: return "RGB"
            case .palette: return "palette"
            case .grayAlpha: return "grayscale+alpha"
            case .rgba: return "RGBA"
            }
        }
    }

    /// Pixels.
    public var width: Int
    /// Pixels.
    public var height: Int
    public var bitDepth: Int
    public var colorType: ColorType
    public var interlaced: Bool
    public var hasSRGB: Bool
    public var hasICCP: Bool
    public var hasEXIF: Bool
    /// The eXIf chunk's Orientation (1-8, EXIF's numbering: 1 upright, 6 turned a quarter
    /// clockwise to view); nil when there is no eXIf or it has no Orientation tag.
    public var exifOrientation: Int? = nil
    /// An acTL chunk: an animated PNG (APNG), whose frames browsers play and libpng never reads.
    public var isAnimated = false
    /// A tRNS chunk: transparency for palette, gray or RGB images.
    public var hasTRNS: Bool
    /// What the colour chunks say about the pixels' colour space.
    public var colorChunks = PNGColorChunks()
}

extension PNGHeader {
    /// Why a browser would draw this PNG otherwise than librsvg, which draws a PNG's first image
    /// upright: the chunk and "expected …, found …" (a browser plays an APNG's frames, acTL, and
    /// turns an image by its eXIf Orientation); nil when they draw it alike. An eXIf without an
    /// Orientation (simulators write one) or with 1 is upright. The one rule for captures and
    /// a template's embedded images.
    public var drawnOtherwiseByBrowsers: (chunk: String, problem: String)? {
        if isAnimated {
            return ("acTL", "expected a still PNG, found an animated PNG (an acTL chunk): a browser plays its frames, librsvg draws only its first image")
        }
        return Self.turnedByBrowsers(exifOrientation).map { ("eXIf Orientation", $0) }
    }

    /// Why a browser would show an image whose EXIF Orientation is `orientation` turned while
    /// librsvg draws it upright ("expected …, found …"); nil for 1 or none. A PNG's eXIf and a
    /// JPEG's APP1 Exif (`PNGCodec.jpegEXIFOrientation`) alike.
    public static func turnedByBrowsers(_ orientation: Int?) -> String? {
        let turns = [2: "mirrored left to right", 3: "turned 180°", 4: "mirrored top to bottom", 5: "mirrored left to right and turned 90° anticlockwise",
                     6: "turned 90° clockwise", 7: "mirrored left to right and turned 90° clockwise", 8: "turned 90° anticlockwise"]
        guard let orientation, let turn = turns[orientation] else { return nil }
        return "expected Orientation 1 (upright) or none, found \(orientation): a browser shows it \(turn), librsvg upright"
    }
}

/// The colour chunks before a PNG's image data, as libpng reads them.
public struct PNGColorChunks: Equatable, Sendable {
    /// iCCP: the embedded ICC profile.
    public var iccProfile: Data?
    /// gAMA: file gamma (e.g. 0.45455), nil when absent.
    public var gamma: Double?
    /// cHRM: white, red, green, blue chromaticities (x, y), nil when absent.
    public var chromaticities: [Double]?
    /// cICP: colour primaries, transfer characteristics, matrix, full range (ITU-T H.273).
    public var cicp: [UInt8]?
    /// sRGB chunk present.
    public var sRGB = false
    /// libpng's reason when it dropped an iCCP chunk it found invalid.
    public var rejectedICC: String?

    public init() {}
}

/// A PNG decoded to 8-bit RGBA (row-major, 4 bytes per pixel) with its text chunks.
public struct DecodedPNG: Sendable {
    public var header: PNGHeader
    public var rgba: [UInt8]
    /// tEXt/iTXt/zTXt chunks in file order: (keyword, text).
    public var texts: [(key: String, value: String)]
    public var hasTimeChunk: Bool

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * header.width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}

public struct PNGError: Error, Equatable, Sendable {
    /// libpng's reason, e.g. "not a PNG (no PNG signature)" or "file is truncated".
    public var message: String

    package init(message: String) {
        self.message = message
    }
}

/// A text chunk to write: ASCII keywords; `international` values go in iTXt (UTF-8).
public struct PNGText: Equatable, Sendable {
    public var key: String
    public var value: String
    public var international: Bool
    public var language: String?

    public init(key: String, value: String, international: Bool = false, language: String? = nil) {
        self.key = key
        self.value = value
        self.international = international
        self.language = language
    }
}

/// How hard output PNGs are compressed: the libdeflate level of the image data (rows filtered
/// per row as libpng does). Measured in `make bench` (README) against libpng with zlib level 6.
public enum PNGCompression: String, CaseIterable, Sendable {
    /// Fastest, largest.
    case fast
    /// Smaller than zlib level 6 in about half its time (libdeflate's level 5: a tenth less
    /// deflate time than its level 6 for under 1 % more bytes on real outputs; make bench).
    case `default`
    /// Smallest, several times slower.
    case small

    /// libdeflate compression level, 1-12.
    package var deflateLevel: Int {
        switch self {
        case .fast: return 2
        case .default: return 5
        case .small: return 10
        }
    }
}

public enum PNGCodec {
    /// Largest width or height (pixels) a capture header may claim; libpng refuses larger
    /// ones before allocating pixel memory.
    public static let maximumSide = 16384

    /// libpng's version, read at run time.
    public static var libraryVersion: String { String(cString: ssc_png_library_version()) }

    /// libdeflate's version, as built against (the library has no run-time version call).
    public static var deflateVersion: String { String(cString: ssc_deflate_library_version()) }

    /// A JPEG's EXIF Orientation (its first APP1 Exif segment's, read as an eXIf's: the marker
    /// segments walked up to the image data, nothing decoded); nil when it has none.
    public static func jpegEXIFOrientation(_ bytes: [UInt8]) -> Int? {
        let orientation = bytes.withUnsafeBufferPointer { ssc_jpeg_exif_orientation($0.baseAddress, $0.count) }
        return orientation != 0 ? Int(orientation) : nil
    }

    /// Reads the signature and IHDR (plus colour chunk flags) from PNG bytes.
    /// Throws `PNGError` when the bytes are not a PNG or libpng rejects the header.
    public static func readHeader(_ data: Data) throws -> PNGHeader {
        try readHeader(data, sideLimit: maximumSide)
    }

    /// `readHeader` refusing sides over `sideLimit` (a caller that reports the size itself
    /// passes a larger limit than the capture limit).
    package static func readHeader(_ data: Data, sideLimit: Int) throws -> PNGHeader {
        var header = ssc_png_header()
        var message = [CChar](repeating: 0, count: Int(SSC_PNG_MESSAGE_SIZE))
        let status = data.withUnsafeBytes { raw in
            ssc_png_read_header(raw.bindMemory(to: UInt8.self).baseAddress, raw.count,
                                UInt32(sideLimit), UInt32(sideLimit), &header, &message)
        }
        defer { ssc_png_header_free(&header) }
        if status != 0 { throw PNGError(message: String(cString: message)) }
        return try convert(header)
    }

    /// Decodes every row of the image data without keeping it. Throws `PNGError` with libpng's
    /// reason (e.g. "IDAT: incorrect data check", "Not enough image data") when it does not decode.
    /// Returns true when the image has an alpha channel and every pixel is fully transparent.
    @discardableResult
    public static func validateImageData(_ data: Data) throws -> Bool {
        try firstInkPixel(data) == nil
    }

    /// Decodes every row: the first pixel (in row order, pixels) that is not fully
    /// transparent, tRNS included; nil when every pixel is transparent. For an opaque image,
    /// its centre. Throws `PNGError` when the image data does not decode.
    public static func firstInkPixel(_ data: Data) throws -> (x: Int, y: Int)? {
        var message = [CChar](repeating: 0, count: Int(SSC_PNG_MESSAGE_SIZE))
        var allTransparent: Int32 = 0
        var x: UInt32 = 0, y: UInt32 = 0
        let status = data.withUnsafeBytes { raw in
            ssc_png_validate(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt32(maximumSide), UInt32(maximumSide),
                             &allTransparent, &x, &y, &message)
        }
        if status != 0 { throw PNGError(message: String(cString: message)) }
        return allTransparent != 0 ? nil : (Int(x), Int(y))
    }

    /// Decodes any PNG to 8-bit RGBA. Throws `PNGError` on bytes libpng rejects.
    public static func decodeRGBA(_ data: Data) throws -> DecodedPNG {
        var image = ssc_png_image()
        var message = [CChar](repeating: 0, count: Int(SSC_PNG_MESSAGE_SIZE))
        let status = data.withUnsafeBytes { raw in
            ssc_png_decode_rgba8(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &image, &message)
        }
        if status != 0 { throw PNGError(message: String(cString: message)) }
        defer { ssc_png_image_free(&image) }
        let header = try convert(image.header)
        let count = header.width * header.height * 4
        let rgba = [UInt8](UnsafeBufferPointer(start: image.rgba, count: count))
        var texts: [(String, String)] = []
        for i in 0..<Int(image.text_count) {
            if let key = image.text_keys[i], let value = image.text_values[i] {
                texts.append((String(cString: key), String(cString: value)))
            }
        }
        return DecodedPNG(header: header, rgba: rgba, texts: texts, hasTimeChunk: image.has_time != 0)
    }

    /// The copy of a capture an SVG links (`ssc_png_copy_drawn_chunks`): the chunks the drawing
    /// reads (IHDR, PLTE, tRNS, sRGB, IDAT, IEND) copied whole, every other chunk left out, so
    /// a browser shows the pixels librsvg drew. `data` must be a PNG whose image data decoded.
    /// Throws `PNGError` when its chunks cannot be walked.
    public static func drawnChunksCopy(_ data: Data) throws -> Data {
        let copy = try buffer { buffer, message in
            data.withUnsafeBytes { raw in
                ssc_png_copy_drawn_chunks(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, buffer, message)
            }
        }
        // Chunks are only ever left out: a copy as long as the file is the file, whose bytes
        // the plan then holds once.
        return copy.count == data.count ? data : copy
    }

    /// For tests: `data` with a chunk `type` holding `payload` inserted before the first chunk
    /// named `before`, its CRC-32 computed (captures with chunks libpng does not write: acTL, fcTL, fdAT).
    package static func insertingChunk(_ type: String, _ payload: [UInt8], before: String, into data: Data) throws -> Data {
        try buffer { buffer, message in
            data.withUnsafeBytes { raw in
                ssc_png_insert_chunk(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, type, payload, payload.count, before, buffer, message)
            }
        }
    }

    /// Runs a C call that fills an `ssc_buffer`, returning its bytes or throwing its message.
    private static func buffer(_ call: (UnsafeMutablePointer<ssc_buffer>, UnsafeMutablePointer<CChar>) -> Int32) throws -> Data {
        var buffer = ssc_buffer()
        var message = [CChar](repeating: 0, count: Int(SSC_PNG_MESSAGE_SIZE))
        let status = call(&buffer, &message)
        if status != 0 { throw PNGError(message: String(cString: message)) }
        defer { ssc_buffer_free(&buffer) }
        return Data(bytes: buffer.data, count: buffer.size)
    }

    /// Encodes 8-bit RGBA pixels (row-major, 4 bytes per pixel) as an RGBA PNG. Throws `PNGError`.
    /// With `iccProfile` an iCCP chunk is written, else with `sRGB` an sRGB chunk.
    public static func encodeRGBA(_ rgba: [UInt8], width: Int, height: Int, iccProfile: Data? = nil, sRGB: Bool = false) throws -> Data {
        try checkBuffer(count: rgba.count, width: width, height: height, stride: width.multipliedReportingOverflow(by: 4), channels: "RGBA")
        var buffer = ssc_buffer()
        var message = [CChar](repeating: 0, count: Int(SSC_PNG_MESSAGE_SIZE))
        let icc = iccProfile.map { [UInt8]($0) } ?? []
        let status = rgba.withUnsafeBufferPointer { pixels in
            icc.withUnsafeBufferPointer { profile in
                ssc_png_encode_rgba8(pixels.baseAddress, UInt32(width), UInt32(height), icc.isEmpty ? nil : profile.baseAddress,
                                     icc.count, sRGB ? 1 : 0, &buffer, &message)
            }
        }
        if status != 0 { throw PNGError(message: String(cString: message)) }
        defer { ssc_buffer_free(&buffer) }
        return Data(bytes: buffer.data, count: buffer.size)
    }

    /// Encodes a rendered canvas as an 8-bit RGB PNG (no alpha channel, sRGB chunk, no tIME)
    /// with the given text chunks and compression. Throws `PNGError` if libpng or libdeflate fails.
    public static func encodeRGB(_ raster: RasterImage, texts: [PNGText], compression: PNGCompression = .default) throws -> Data {
        try encodeRGB(raster, texts: texts) { pixels, chunks, count, buffer, message in
            ssc_png_encode_xrgb32(pixels, UInt32(raster.width), UInt32(raster.height), raster.stride, chunks, count,
                                  Int32(compression.deflateLevel), nil, nil, buffer, message)
        }
    }

    /// `encodeRGB`, with the pixels' SHA-256 (`PixelHash`) taken from the packed RGB rows as
    /// the encoder makes them: no second pass over the canvas, no buffer of the whole image.
    public static func encodeRGBHashing(_ raster: RasterImage, texts: [PNGText], compression: PNGCompression = .default) throws -> (png: Data, pixelsSHA256: String) {
        let hasher = SHA256.Hasher()
        let context = Unmanaged.passUnretained(hasher).toOpaque()
        let png = try encodeRGB(raster, texts: texts) { pixels, chunks, count, buffer, message in
            ssc_png_encode_xrgb32(pixels, UInt32(raster.width), UInt32(raster.height), raster.stride, chunks, count,
                                  Int32(compression.deflateLevel), SHA256.Hasher.rowSink, context, buffer, message)
        }
        return (png, hasher.finalize())
    }

    /// The same PNG as libpng alone makes it (its filter choice, zlib at `zlibLevel`): the
    /// reference `make bench` and the tests measure the encoder against.
    public static func encodeRGBWithZlib(_ raster: RasterImage, texts: [PNGText], zlibLevel: Int = 6) throws -> Data {
        try encodeRGB(raster, texts: texts) { pixels, chunks, count, buffer, message in
            ssc_png_encode_xrgb32_zlib(pixels, UInt32(raster.width), UInt32(raster.height), raster.stride, chunks, count,
                                       Int32(zlibLevel), buffer, message)
        }
    }

    /// The image data of an 8-bit RGB PNG as stored: every row's filter type byte and filtered
    /// bytes, inflated from the IDAT chunks. Nil when it does not inflate to exactly
    /// height × (1 + 3 × width) bytes. For tests of the filter choice.
    public static func filteredImageData(_ png: Data, width: Int, height: Int) -> [UInt8]? {
        var rows = [UInt8](repeating: 0, count: height * (1 + 3 * width))
        let status = png.withUnsafeBytes { raw in
            rows.withUnsafeMutableBufferPointer { out in
                ssc_png_inflate_image_data(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, out.baseAddress, out.count)
            }
        }
        return status == 0 ? rows : nil
    }

    private typealias RGBEncoder = (UnsafePointer<UInt8>?, UnsafePointer<ssc_png_text>?, Int32,
                                    UnsafeMutablePointer<ssc_buffer>, UnsafeMutablePointer<CChar>) -> Int32

    private static func encodeRGB(_ raster: RasterImage, texts: [PNGText], with encoder: RGBEncoder) throws -> Data {
        let rowBytes = raster.width.multipliedReportingOverflow(by: 4)
        if !rowBytes.overflow && raster.stride < rowBytes.partialValue {
            throw PNGError(message: "row stride too short: expected at least \(rowBytes.partialValue) bytes per row (4 per pixel), found \(raster.stride)")
        }
        try checkBuffer(count: raster.pixels.count, width: raster.width, height: raster.height,
                        stride: (raster.stride, false), channels: "xRGB")
        var buffer = ssc_buffer()
        var message = [CChar](repeating: 0, count: Int(SSC_PNG_MESSAGE_SIZE))
        // Keep the C strings alive for the duration of the call.
        let cStrings = texts.map { (strdup($0.key), strdup($0.value), $0.language.map { strdup($0) } ?? nil) }
        defer { cStrings.forEach { free($0.0); free($0.1); free($0.2) } }
        let chunks = zip(texts, cStrings).map { text, c in
            ssc_png_text(key: c.0, text: c.1, international: text.international ? 1 : 0, language: c.2)
        }
        let status = raster.pixels.withUnsafeBufferPointer { pixels in
            chunks.withUnsafeBufferPointer { chunkPointer in
                encoder(pixels.baseAddress, chunkPointer.baseAddress, Int32(chunkPointer.count), &buffer, &message)
            }
        }
        if status != 0 { throw PNGError(message: String(cString: message)) }
        defer { ssc_buffer_free(&buffer) }
        return Data(bytes: buffer.data, count: buffer.size)
    }

    private static func convert(_ h: ssc_png_header) throws -> PNGHeader {
        guard let colorType = PNGHeader.ColorType(rawValue: Int(h.color_type)) else {
            throw PNGError(message: "unknown colour type \(h.color_type)")
        }
        var chunks = PNGColorChunks()
        chunks.sRGB = h.has_srgb != 0
        if let icc = h.icc, h.icc_size > 0 { chunks.iccProfile = Data(bytes: icc, count: h.icc_size) }
        if h.gamma > 0 { chunks.gamma = h.gamma }
        if h.has_chrm != 0 {
            chunks.chromaticities = withUnsafeBytes(of: h.chrm) { Array($0.bindMemory(to: Double.self)) }
        }
        if h.has_cicp != 0 { chunks.cicp = withUnsafeBytes(of: h.cicp) { Array($0) } }
        let iccWarning = withUnsafeBytes(of: h.icc_warning) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if !iccWarning.isEmpty { chunks.rejectedICC = iccWarning }
        return PNGHeader(width: Int(h.width), height: Int(h.height), bitDepth: Int(h.bit_depth), colorType: colorType,
                         interlaced: h.interlace != 0, hasSRGB: h.has_srgb != 0, hasICCP: h.has_iccp != 0,
                         hasEXIF: h.has_exif != 0, exifOrientation: h.exif_orientation != 0 ? Int(h.exif_orientation) : nil,
                         isAnimated: h.has_actl != 0, hasTRNS: h.has_trns != 0, colorChunks: chunks)
    }

    /// The C encoder reads `height` rows of `stride` bytes: a shorter buffer (or a size whose
    /// byte count overflows) is refused before libpng reads past its end.
    private static func checkBuffer(count: Int, width: Int, height: Int, stride: (partialValue: Int, overflow: Bool), channels: String) throws {
        guard width > 0, height > 0, width <= Int(UInt32.max), height <= Int(UInt32.max) else {
            throw PNGError(message: "image size out of range: expected a width and height from 1 to \(UInt32.max), found \(width)×\(height)")
        }
        let total = stride.partialValue.multipliedReportingOverflow(by: height)
        guard !stride.overflow, !total.overflow, count >= total.partialValue else {
            throw PNGError(message: "pixel buffer too short for \(width)×\(height) \(channels): expected \(stride.overflow || total.overflow ? "more than Int.max" : String(total.partialValue)) bytes, found \(count)")
        }
    }
}
