import Foundation
import Support
import Diagnostics

/// An image a template embeds as a `data:` URL: only base64 PNG and JPEG (what design tools
/// embed and every renderer loads alike), its size read from its header before anything is drawn
/// (libpng's for a PNG, gdk-pixbuf's, the loader librsvg uses, for a JPEG).
enum EmbeddedImage {
    /// `image/png` or `image/jpeg` for a base64 data URL of that type, else nil.
    static func mediaType(of url: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("data:"), let comma = lower.firstIndex(of: ",") else { return nil }
        let header = lower[lower.index(lower.startIndex, offsetBy: 5)..<comma].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard header.contains("base64"), let type = header.first else { return nil }
        switch type {
        case "image/png": return "image/png"
        case "image/jpeg", "image/jpg": return "image/jpeg"
        default: return nil
        }
    }

    /// The decoded bytes of a base64 data URL (white space, which editors wrap long URLs with,
    /// ignored).
    static func bytes(of url: String) -> [UInt8]? {
        guard let comma = url.firstIndex(of: ",") else { return nil }
        let payload = url[url.index(after: comma)...].filter { !$0.isWhitespace }
        return Data(base64Encoded: String(payload)).map { [UInt8]($0) }
    }

    enum Drawn: Equatable {
        /// The data URL of the PNG with only the chunks librsvg draws from (`PNGCodec.drawnChunksCopy`).
        case drawn(String)
        /// A browser would draw it otherwise (`PNGHeader.drawnOtherwiseByBrowsers`).
        case refused(chunk: String, problem: String)
    }

    /// A PNG data URL as the outputs carry it, so a browser shows what librsvg drew (an ICC
    /// profile, gAMA or eXIf a browser would honour left out), or why it or a JPEG is refused
    /// (an EXIF Orientation other than 1, which browsers honour and librsvg does not); nil for
    /// a JPEG carried as it is and for a PNG whose chunks do not read (the bounds check names those).
    static func drawn(_ url: String) -> Drawn? {
        guard let type = mediaType(of: url), let bytes = bytes(of: url) else { return nil }
        if type == "image/jpeg" {
            return PNGHeader.turnedByBrowsers(PNGCodec.jpegEXIFOrientation(bytes)).map { .refused(chunk: "APP1 Exif Orientation", problem: $0) }
        }
        guard let header = try? PNGCodec.readHeader(Data(bytes), sideLimit: Int(Int32.max)) else { return nil }
        if let (chunk, problem) = header.drawnOtherwiseByBrowsers { return .refused(chunk: chunk, problem: problem) }
        guard let copy = try? PNGCodec.drawnChunksCopy(Data(bytes)) else { return nil }
        return .drawn("data:image/png;base64,\(copy.base64EncodedString())")
    }

    enum Problem: Error, Equatable {
        case notDecodable
        case mismatch(declared: String)
    }

    /// Width and height from the image's header, or why not.
    static func size(of url: String) -> Result<(width: Int, height: Int), Problem> {
        guard let type = mediaType(of: url), let bytes = bytes(of: url) else { return .failure(.notDecodable) }
        let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), isJPEG = bytes.starts(with: [0xFF, 0xD8, 0xFF])
        guard type == "image/png" ? isPNG : isJPEG else { return .failure(.mismatch(declared: type)) }
        if isPNG {
            // libpng's header (the capture reader's), any size: the caller reports it.
            guard let header = try? PNGCodec.readHeader(Data(bytes), sideLimit: Int(Int32.max)) else { return .failure(.notDecodable) }
            return .success((header.width, header.height))
        }
        guard let size = PixbufImageHeader.size(bytes, mimeType: type), size.width > 0, size.height > 0 else { return .failure(.notDecodable) }
        return .success(size)
    }
}
