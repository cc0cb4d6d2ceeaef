import Diagnostics
import Foundation
import Support
import Plan
import Raster

/// A folder a run's files are written to before they are published: the output folder's
/// staging folder, or a scratch folder for renders kept in memory. Files go under their
/// destination names, so publishing is a rename of each.
public struct StagingArea: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// Writes the capture copy the output's SVG links to. librsvg draws an SVG's image only
    /// from a file beside it, so this happens before rasterizing. Rewriting the same copy for
    /// another output of the capture writes the same bytes.
    package func placeCapture(_ spec: OutputSpec) throws {
        try AtomicFile.write(spec.capture.drawBytes, to: root.appendingPathComponent(spec.destination.captureCopy))
        for (capture, copy) in zip(spec.extraCaptures, spec.destination.extraCaptureCopies) {
            try AtomicFile.write(capture.drawBytes, to: root.appendingPathComponent(copy))
        }
        // The job's font copies (the bytes the ingest step read), written once per folder.
        for (path, copy) in zip(spec.typesetting.fontFiles, spec.destination.fontCopies) {
            guard let font = FontFileCopies.copy(ofUserPath: path) else { continue }
            let target = root.appendingPathComponent(copy)
            func size(_ path: String) -> Int? { try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int }
            if let written = size(target.path), written == size(font.privatePath) { continue }
            try AtomicFile.write(try Data(contentsOf: URL(fileURLWithPath: font.privatePath)), to: target)
        }
        if let background = spec.background, let copy = spec.destination.backgroundCopy {
            try AtomicFile.write(background.drawBytes, to: root.appendingPathComponent(copy))
        }
    }

    /// Writes every file of `output` under its destination names, each atomically; returns
    /// their paths relative to the folder.
    package func stage(_ output: RenderedOutput) throws -> [String] {
        let names = output.spec.destination
        try placeCapture(output.spec)
        try AtomicFile.write(output.svg, to: root.appendingPathComponent(names.svg))
        guard let png = output.png else { return names.files(svgOnly: true) }
        try AtomicFile.write(png, to: root.appendingPathComponent(names.png))
        if let fastlane = names.fastlane { try AtomicFile.write(png, to: root.appendingPathComponent(fastlane)) }
        return names.files(svgOnly: false)
    }
}
