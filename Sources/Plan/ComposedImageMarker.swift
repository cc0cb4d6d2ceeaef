import Support
import Diagnostics
import Foundation

/// Finds the marks this tool puts on what it composes, so a composed image is never taken
/// for a capture (a phone inside a phone, and marketing passed off as evidence).
public enum ComposedImageMarker {
    /// The PNG text chunk keyword every composed PNG carries (see `OutputRenderer.textChunks`).
    public static let pngKeyword = "not-capture-evidence"
    /// The root attribute every composed SVG carries.
    public static let svgAttribute = "data-not-capture-evidence"

    /// How the bytes say they were composed by this tool (`PNG text chunk tEXt
    /// "not-capture-evidence"`, `SVG attribute data-not-capture-evidence`), or nil.
    public static func mark(in bytes: Data) -> String? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.count >= 8, Array(bytes.prefix(8)) == signature {
            return pngTextKeyword(in: bytes).map { "PNG text chunk \($0.type) \"\($0.keyword)\"" }
        }
        // An SVG (or any text) naming the marker attribute in its opening: composed SVGs put it
        // on the root element, within the first few hundred bytes.
        let head = bytes.prefix(64 * 1024)
        if let text = String(data: head, encoding: .utf8), text.contains(svgAttribute) {
            return "SVG attribute \(svgAttribute)"
        }
        return nil
    }

    /// Walks the PNG's chunks (length, type, data, CRC) and returns the first tEXt, zTXt or
    /// iTXt chunk whose keyword is the marker. Only keywords are read: nothing is inflated.
    static func pngTextKeyword(in bytes: Data) -> (type: String, keyword: String)? {
        let data = [UInt8](bytes)
        var offset = 8
        while offset + 8 <= data.count {
            let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8
            guard length >= 0, start + length <= data.count else { return nil }
            if ["tEXt", "zTXt", "iTXt"].contains(type) {
                let body = data[start..<start + length]
                let keyword = String(decoding: body.prefix { $0 != 0 }, as: UTF8.self)
                if keyword == pngKeyword { return (type, keyword) }
            }
            if type == "IEND" { return nil }
            offset = start + length + 4
        }
        return nil
    }
}
