import Foundation
import Support

/// The output PNGs earlier runs composed into the job's output folder, by the SHA-256 of their
/// pixels (`pixelsSHA256`, which the folder's manifests record). A capture with the same pixels
/// is one of them with its text chunks stripped (`optipng -strip all`) or re-saved without loss
/// by another tool, so the marker chunk is gone; the planner refuses it all the same.
///
/// Only this folder's manifests are consulted: an output copied elsewhere, or whose manifest
/// was replaced, and any lossy re-encoding (resized, quantized) are not recognised.
public struct ComposedOutputs: Sendable {
    struct Entry: Sendable, Equatable {
        /// The manifest that lists the output, and the output's path in it.
        var manifest: String
        var png: String
    }

    private var byPixels: [String: Entry] = [:]
    /// "width×height" of every recorded output: only captures of such a size are decoded again.
    private var sizes: Set<String> = []

    public init() {}

    var isEmpty: Bool { byPixels.isEmpty }

    /// Every `manifest*.json` at the top of `folder` (whole and part manifests); an unreadable
    /// or broken one is skipped (the run replaces it).
    static func read(folder: URL) -> ComposedOutputs {
        var known = ComposedOutputs()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where name.hasPrefix("manifest") && name.hasSuffix(".json") {
            let path = folder.appendingPathComponent(name).path
            // This version's manifests and the previous version's alike.
            guard let release = ManifestReader.release(path) else { continue }
            for output in release.outputs {
                guard let png = output.png, let pixels = png.pixelsSHA256 else { continue }
                known.byPixels[pixels] = known.byPixels[pixels] ?? Entry(manifest: path, png: folder.appendingPathComponent(png.path).path)
                known.sizes.insert("\(png.width)×\(png.height)")
            }
        }
        return known
    }

    /// The recorded output whose pixels `bytes` (a capture, `header` its IHDR) holds, if any.
    /// Decodes the capture only when its size is an output's.
    func output(matching bytes: Data, header: PNGHeader) -> Entry? {
        guard sizes.contains("\(header.width)×\(header.height)"),
              let decoded = try? PNGCodec.decodeRGBA(bytes), let pixels = PixelHash.of(decoded) else { return nil }
        return byPixels[pixels]
    }
}
