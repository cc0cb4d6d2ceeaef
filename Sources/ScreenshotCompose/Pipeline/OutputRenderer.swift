import Foundation

/// One output rendered and written: the manifest entry for it.
public typealias RenderedOutput = Manifest.Output

/// An encoded output breaks a store rule whose citation is verified.
public struct StoreRuleViolation: Error, Equatable, Sendable {
    public var message: String
}

/// Composed SVG → Raster → files: writes the capture copy, rasterizes with librsvg, encodes
/// the PNG and writes SVG and PNG, each file atomically, under `root` (the run's staging
/// folder; the pipeline moves the files to the output folder once every output succeeded).
public struct OutputRenderer {
    public var plan: Plan
    /// Where files are written; relative paths are the same as in the output folder.
    public var root: URL
    public var pngCompression = PNGCompression.default
    /// SHA-256 of each font file the headlines resolved to (hashed once per run).
    public var fontHashes: [String: String] = [:]

    public init(plan: Plan, root: URL? = nil) {
        self.plan = plan
        self.root = root ?? plan.output
    }

    /// Writes the copy of the capture the SVG links to, so the output folder stands alone.
    public func writeCaptureCopy(_ composed: ComposedSVG) throws -> Manifest.SVGEntry {
        let capture = plan.captures.first { $0.id == composed.captureId }
        guard let capture else { throw RasterError(message: "unknown capture \(composed.captureId)") }
        try AtomicFile.write(capture.drawBytes, to: root.appendingPathComponent(composed.captureCopyRelativePath))
        return Manifest.SVGEntry(path: composed.captureCopyRelativePath, sha256: capture.drawSHA256, bytes: capture.drawBytes.count)
    }

    /// Draws the composed SVG through librsvg and encodes the PNG (8-bit RGB, no alpha, sRGB,
    /// text chunks with the not-evidence statement and the capture id, no tIME). Throws
    /// `RasterError` when the capture copy does not draw (missing, unreadable) or librsvg
    /// fails, `PNGError` when encoding fails.
    public func rasterize(_ composed: ComposedSVG, layout: CanvasLayout, headline: String) throws -> Data {
        let svgURL = root.appendingPathComponent(composed.relativePath)
        let raster = try LibrsvgRasterizer.render(
            svg: composed.data, baseFile: svgURL, width: layout.width, height: layout.height,
            requiredImageID: layout.captureImageID, requiredImagePath: root.appendingPathComponent(composed.captureCopyRelativePath).path,
            requiredImageBox: (layout.capture.x, layout.capture.y, layout.capture.width, layout.capture.height))
        return try PNGCodec.encodeRGB(raster, texts: textChunks(composed, headline: headline), compression: pngCompression)
    }

    func textChunks(_ composed: ComposedSVG, headline: String) -> [PNGText] {
        [
            PNGText(key: "Title", value: headline, international: true, language: composed.locale),
            PNGText(key: "Description",
                    value: "Composed marketing asset, not capture evidence. Source capture: \(composed.captureId)."),
            PNGText(key: "not-capture-evidence", value: "true"),
            PNGText(key: "capture-id", value: composed.captureId),
            PNGText(key: "Software", value: plan.tool.label),
            PNGText(key: "Creation Time", value: plan.composedAt),
        ]
    }

    /// Composes, rasterizes (unless `svgOnly`) and writes one output; returns its manifest entry.
    /// Store rules are checked on the encoded PNG before anything is written: a violated
    /// verified rule throws `StoreRuleViolation`; an unverified one adds a warning to `d`.
    public func render(_ item: LaidOutOutput, svgOnly: Bool, into d: inout DiagnosticCollector) throws -> RenderedOutput {
        let composed = try SVGComposer.compose(item, plan: plan)
        // A custom template can still produce XML that does not parse (a duplicate attribute,
        // say); such an SVG is never written.
        if let problem = XMLText.wellFormednessError(composed.data) {
            throw TemplateError.notWellFormed(problem)
        }
        let captureEntry = try writeCaptureCopy(composed)
        var pngEntry: Manifest.PNGEntry?
        var pngData: Data?
        if !svgOnly {
            let png = try rasterize(composed, layout: item.layout, headline: item.output.headline)
            let canvas = plan.captures[item.output.captureIndex].canvas
            let findings = StoreRuleChecker.checkFile(png, canvas: canvas, rules: plan.wells.storeRules)
            if let violated = findings.first(where: \.enforced) { throw StoreRuleViolation(message: violated.message) }
            let pngField = "\(composed.locale)/\(composed.captureId).png"
            for finding in findings { StoreRuleChecker.report(finding, file: plan.output.appendingPathComponent(pngField).path, field: "(output)", &d) }
            let pngPath = "\(composed.locale)/\(composed.captureId).png"
            pngEntry = Manifest.PNGEntry(path: pngPath, sha256: SHA256.hex(png), bytes: png.count,
                                         width: item.layout.width, height: item.layout.height)
            pngData = png
        }
        let capture = plan.captures[item.output.captureIndex]
        var fastlaneEntry: Manifest.FileEntry?
        if let code = plan.fastlaneCodes[composed.locale], let pngEntry {
            // deliver uploads a folder's screenshots in file-name order: NN is the job order.
            let order = String(format: "%02d", capture.jobIndex + 1)
            fastlaneEntry = Manifest.FileEntry(path: "fastlane/screenshots/\(code)/\(order)_\(capture.id).png", sha256: pngEntry.sha256)
        }
        try AtomicFile.write(composed.data, to: root.appendingPathComponent(composed.relativePath))
        if let pngData, let pngEntry {
            try AtomicFile.write(pngData, to: root.appendingPathComponent(pngEntry.path))
            if let fastlaneEntry { try AtomicFile.write(pngData, to: root.appendingPathComponent(fastlaneEntry.path)) }
        }
        return RenderedOutput(
            locale: composed.locale, captureId: composed.captureId, headline: item.output.headline, well: capture.well.id,
            svg: Manifest.SVGEntry(path: composed.relativePath, sha256: SHA256.hex(composed.data), bytes: composed.data.count),
            png: pngEntry, capture: captureEntry,
            fonts: item.layout.fontFiles.map { Manifest.FileEntry(path: $0, sha256: fontHashes[$0] ?? "") },
            headlineFallback: plan.job.headlineFallbacks[composed.locale]?[capture.id], fastlane: fastlaneEntry,
            storeWell: capture.canvas.storeWell.flatMap { claim in
                claim.store.map { Manifest.StoreWellEntry(id: capture.canvas.id, store: $0, storeClass: claim.storeClass, citation: claim.citation) }
            })
    }
}
