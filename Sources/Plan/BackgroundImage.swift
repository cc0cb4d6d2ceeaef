import Foundation
import Diagnostics
import Support
import Ingest

/// The theme's `backgroundImage` as the outputs draw it: the file as read (its SHA-256 in the
/// manifest's inputs), and the copy beside each SVG, a PNG of exactly the pixels librsvg draws
/// (a PNG with only the chunks the drawing reads, converted to sRGB where its chunks ask; a JPEG
/// decoded by gdk-pixbuf, the loader librsvg uses), so a browser shows what was checked.
public struct PlannedBackground: Equatable, Sendable {
    public var file: InputFile
    public var width: Int
    public var height: Int
    public var drawBytes: Data
    public var drawSHA256: String

    /// The SVG's link to the copy beside it: named by its bytes, so two files never share a name.
    public var href: String { "backgrounds/\(drawSHA256.prefix(16)).png" }
}

extension Planner {
    /// Gives every output whose theme has a `backgroundImage` its planned copy and destination,
    /// each file read and checked once.
    static func attachBackgrounds(_ outputs: inout [OutputSpec], job: Job, inputs: IngestedInputs, _ d: inout DiagnosticCollector) {
        var loaded: [String: PlannedBackground?] = [:]
        for index in outputs.indices {
            guard let url = outputs[index].theme.backgroundImage else { continue }
            if loaded[url.path] == nil {
                let field = job.theme.backgroundImage == url ? "theme.backgroundImage"
                    : job.theme.screens.keys.sorted().first { job.theme.screens[$0]?.backgroundImage == url }.map { "theme.screens.\($0).backgroundImage" } ?? "theme"
                loaded[url.path] = .some(loadBackground(url, read: inputs.read(url, as: .image), file: job.file, field: field, &d))
            }
            guard let background = loaded[url.path] ?? nil else { continue }
            outputs[index].background = background
            outputs[index].destination.backgroundCopy = OutputPaths.beside(outputs[index].destination.svg, background.href)
        }
    }

    /// The file at `url` checked and its copy made; nil when refused (`file`, `field`: what named it).
    package static func loadBackground(_ url: URL, read: IngestedInputs.Read, file naming: String, field: String, _ d: inout DiagnosticCollector) -> PlannedBackground? {
        let data: Data
        switch read {
        case .success(let bytes): data = bytes
        case .failure(let problem):
            d.error(naming, field, "cannot read the background image: \(problem.message)")
            return nil
        }
        let file = InputFile(displayPath: url.path, url: url, builtinName: nil, sha256: SHA256.hex(data))
        let refused = "background image refused (\(field) in \(naming)): "
        func withinLimits(_ width: Int, _ height: Int) -> Bool {
            guard width > FrameLoader.maximumSide || height > FrameLoader.maximumSide || width * height > FrameLoader.maximumPixels else { return true }
            d.error(url.path, "width×height", "\(refused)expected at most \(FrameLoader.maximumSide) pixels a side and \(FrameLoader.maximumPixels) pixels in all, found \(width)×\(height)")
            return false
        }
        let drawn: Data, width: Int, height: Int
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            let undecodable: (String) -> String = { "expected a PNG that decodes, found \($0)" }
            guard let header = d.png(url.path, "(file)", refused: refused, undecodable, { try PNGCodec.readHeader(data, sideLimit: Int(Int32.max)) }),
                  withinLimits(header.width, header.height), Planner.stillUpright(header, url: url, what: "background image", &d) != nil,
                  d.png(url.path, "(file)", refused: refused, undecodable, { try PNGCodec.validateImageData(data) }) != nil else { return nil }
            do {
                drawn = try CaptureColor.prepare(bytes: data, header: header).0
            } catch {
                d.error(url.path, "(file)", "\(refused)\((error as? ColorConversionError)?.message ?? "\(error)")")
                return nil
            }
            (width, height) = (header.width, header.height)
        } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            guard let size = PixbufImageHeader.size([UInt8](data), mimeType: "image/jpeg") else {
                d.error(url.path, "(file)", "\(refused)expected a JPEG that decodes, found no size in its header")
                return nil
            }
            guard withinLimits(size.width, size.height) else { return nil }
            // gdk-pixbuf decodes it as stored; a browser turns it by its EXIF Orientation.
            if let problem = PNGHeader.turnedByBrowsers(PNGCodec.jpegEXIFOrientation([UInt8](data))) {
                d.error(url.path, "APP1 Exif Orientation", "background image refused: \(problem); save the background image upright without an Orientation tag")
                return nil
            }
            guard let decoded = PixbufImageHeader.decodeRGBA([UInt8](data), mimeType: "image/jpeg"),
                  let png = try? PNGCodec.encodeRGBA(decoded.rgba, width: decoded.width, height: decoded.height, sRGB: true) else {
                d.error(url.path, "(file)", "\(refused)expected a JPEG that decodes, found image data gdk-pixbuf does not decode")
                return nil
            }
            (drawn, width, height) = (png, decoded.width, decoded.height)
        } else {
            d.error(url.path, "(file)", "\(refused)expected a PNG or JPEG file, found neither signature (\(data.prefix(4).map { String(format: "%02x", $0) }.joined(separator: " ")))")
            return nil
        }
        return PlannedBackground(file: file, width: width, height: height, drawBytes: drawn, drawSHA256: SHA256.hex(drawn))
    }
}
