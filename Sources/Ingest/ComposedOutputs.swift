import Foundation
import Support

/// The output PNGs earlier runs composed into the job's output folder, by the SHA-256 of their
/// pixels (`pixelsSHA256`, which the folder's manifests record). A capture with the same pixels
/// is one of them with its text chunks stripped (`optipng -strip all`) or re-saved without loss
/// by another tool, so the marker chunk is gone; the planner refuses it all the same.
///
/// Read from the folder's manifests by the orchestration (`ComposedOutputs.read(folder:)`).
/// Only this folder's manifests are consulted: an output copied elsewhere, or whose manifest
/// was replaced, and any lossy re-encoding (resized, quantized) are not recognised.
public struct ComposedOutputs: Sendable {
    package struct Entry: Sendable, Equatable {
        /// The manifest that lists the output, and the output's path in it.
        package var manifest: String
        package var png: String
        package init(manifest: String, png: String) {
            self.manifest = manifest
            self.png = png
        }
    }

    package var byPixels: [String: Entry] = [:]
    /// "width×height" of every recorded output: only captures of such a size are decoded again.
    package var sizes: Set<String> = []

    public init() {}

    var isEmpty: Bool { byPixels.isEmpty }

    /// The recorded output whose pixels `bytes` (a capture, `header` its IHDR) holds, if any.
    /// Decodes the capture only when its size is an output's.
    package func output(matching bytes: Data, header: PNGHeader) -> Entry? {
        guard sizes.contains("\(header.width)×\(header.height)"),
              let decoded = try? PNGCodec.decodeRGBA(bytes), let pixels = PixelHash.of(decoded) else { return nil }
        return byPixels[pixels]
    }
}
