import Foundation
import Diagnostics
import Support
import Plan
import Layout
import Compose
import Raster
import Manifest
import Publish

/// An encoded output breaks a store rule whose citation is verified.
public struct StoreRuleViolation: Error, Equatable, Sendable {
    public var message: String
}

/// Layout → Composed SVG → Raster: fills the template, draws it through librsvg and encodes the
/// PNG. Writes nothing but the capture copy librsvg draws from (librsvg loads an SVG's images
/// only from files beside it), which goes into `staging`.
public struct OutputRenderer: Sendable {
    public var pngCompression = PNGCompression.default
    /// Seconds a rasterization may take (`RenderOptions.rasterTimeLimit`).
    public var rasterTimeLimit = Self.defaultRasterTimeLimit
    /// Far above a real output (a 1320×2868 canvas takes about 0.2 s here), far below the
    /// minutes a filter bomb took before the template bounds.
    public static let defaultRasterTimeLimit = RenderOptions.defaultRasterTimeLimit
    /// The output folder, for naming output files in diagnostics (nil: paths relative to it).
    public var outputRoot: URL?
    /// The layers below the text, shared by outputs that differ only in their text; nil draws
    /// every output in one pass.
    var sharedLayers: SharedLayers?

    public init(pngCompression: PNGCompression = .default, outputRoot: URL? = nil) {
        self.pngCompression = pngCompression
        self.outputRoot = outputRoot
    }

    /// How an output file is named in diagnostics.
    func displayPath(_ relative: String) -> String {
        outputRoot.map { $0.appendingPathComponent(relative).path } ?? relative
    }

    /// Draws the composed SVG through librsvg and encodes the PNG (8-bit RGB, no alpha, sRGB,
    /// text chunks with the not-evidence statement and the capture id, no tIME). The capture
    /// copy must be in `base` at `composed.captureCopyRelativePath`. Throws `RasterError` when
    /// the capture copy does not draw (missing, unreadable) or librsvg fails, `PNGError` when
    /// encoding fails.
    func rasterize(_ composed: ComposedSVG, spec: OutputSpec, layout: CanvasLayout, base: URL) throws -> Data {
        try rasterizeHashing(composed, spec: spec, layout: layout, base: base).png
    }

    /// `rasterize`, with the SHA-256 of the drawn pixels (`PixelHash`) for the manifest.
    func rasterizeHashing(_ composed: ComposedSVG, spec: OutputSpec, layout: CanvasLayout, base: URL) throws -> (png: Data, pixelsSHA256: String) {
        let started = DispatchTime.now()
        let renderer = self
        let (raster, sharedSeconds) = try Self.within(rasterTimeLimit) {
            try renderer.draw(composed, spec: spec, layout: layout, base: base)
        }
        // Layers drawn once count for every output drawn over them, as in a one-pass render.
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9 + sharedSeconds
        if seconds > rasterTimeLimit {
            throw RasterError(message: "rasterizing took too long: expected at most \(SVGNumber.format(rasterTimeLimit)) s, found \(SVGNumber.format(seconds)) s; simplify the template (filters, <use> copies)")
        }
        return try PNGCodec.encodeRGBHashing(raster, texts: Self.textChunks(spec), compression: pngCompression)
    }

    /// Runs `body` on a drawing thread and waits at most `limit` seconds for it. librsvg 2.54
    /// cannot cancel a drawing, so on time-out the run stops waiting, reports the output and
    /// goes on (every run ends within the limit); the drawing finishes in the background, or
    /// ends with the process, and its result is dropped.
    static func within<T>(_ limit: Double, _ body: @escaping @Sendable () throws -> T) throws -> T {
        let outcome = WatchdogOutcome<T>()
        let done = DispatchSemaphore(value: 0)
        DrawingThreads.shared.run {
            outcome.result = Result { try body() }
            done.signal()
        }
        let seconds = max(0, limit.isFinite ? limit : 0)
        guard done.wait(timeout: .now() + seconds) == .success, let result = outcome.result else {
            throw RasterError(message: "rasterizing took too long: expected at most \(SVGNumber.format(seconds)) s, found more (stopped waiting); simplify the template (filters, <use> copies)")
        }
        return try result.get()
    }

    /// The canvas of `composed`: its text drawn over the shared layers when it has them (byte
    /// for byte the one-pass canvas, see `LayerSplit`), else drawn in one pass; with the seconds
    /// the shared layers took to draw (0 in one pass). The shared layers' key holds the SHA-256 of
    /// the images the SVG links: per-locale captures link the same href (`captures/<id>.png`)
    /// from each locale's folder, so equal SVG bytes can draw different pixels.
    /// The drawn canvas must show the output's headline (`HeadlineVisibility`; not a panorama's
    /// panel, whose headline may run on into the next) and its captures (`CaptureVisibility`),
    /// by the rules `check` applied; a `VisibilityRefusal` when it does not.
    func draw(_ composed: ComposedSVG, spec: OutputSpec, layout: CanvasLayout, base: URL) throws -> (RasterImage, Double) {
        defer { sharedLayers?.finished(capture: composed.captureId) }
        // Font files registered after this thread's font map was made must be seen by it, or
        // librsvg would draw another font than the one measured.
        PangoTypesetter.refreshThreadFontMap()
        let svgURL = base.appendingPathComponent(composed.relativePath)
        guard let tree = composed.tree else { throw RasterError(message: "the composed SVG has no document") }
        // A row where the capture has ink (found when planning), as a fraction of its box.
        let inkY = spec.capture.header.height > 0 ? (Double(spec.capture.inkPixel.y) + 0.5) / Double(spec.capture.header.height) : nil
        let output = spec.destination.png
        func checked(_ raster: RasterImage, _ captures: CaptureVisibility.Samples, withoutText: RasterImage?) throws -> RasterImage {
            var d = DiagnosticCollector()
            CaptureVisibility.check(captures, on: raster, tree: tree, template: layout.slots?.template.tree, output: output, into: &d)
            if spec.panel == nil {
                try HeadlineVisibility.check(tree, layout: layout, output: output, baseFile: svgURL, drawn: raster, withoutText: withoutText, into: &d)
            }
            if let refusal = d.diagnostics.first(where: { $0.severity == .error }) { throw VisibilityRefusal(diagnostic: refusal) }
            return raster
        }
        // Whether this output drew the shared layers (its own time then includes them).
        var drewLayers = false
        if let sharedLayers, case .success(let split) = LayerSplit.split(tree),
           let layers = sharedLayers.layers(key: ([SHA256.hex(split.base)] + spec.captures.map(\.drawSHA256) + [spec.background?.drawSHA256].compactMap { $0 }).joined(separator: " "), capture: composed.captureId, draw: {
               drewLayers = true
               let started = DispatchTime.now()
               let (raster, captures) = try CaptureVisibility.drawSampling(split.base, tree: tree, layout: layout, svgURL: svgURL, inkY: inkY)
               return SharedLayers.Layers(raster: raster, captures: captures,
                                          afterText: try LibrsvgRasterizer.inkExtent(svg: split.afterText, baseFile: svgURL,
                                                                                     width: layout.width, height: layout.height),
                                          seconds: Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9)
           }),
           let raster = try LibrsvgRasterizer.drawLayers(svg: composed.data, baseFile: svgURL, over: layers.raster,
                                                         ids: split.textIDs, clearOf: layers.afterText) {
            sharedLayers.noteDrawnOverShared()
            return (try checked(raster, layers.captures, withoutText: layers.raster), drewLayers ? 0 : layers.seconds)
        }
        let (raster, captures) = try CaptureVisibility.drawSampling(composed.data, tree: tree, layout: layout, svgURL: svgURL, inkY: inkY)
        return (try checked(raster, captures, withoutText: nil), 0)
    }

    static func textChunks(_ spec: OutputSpec) -> [PNGText] {
        [
            PNGText(key: "Title", value: spec.typesetting.plainText(spec.headline), international: true, language: spec.locale),
            PNGText(key: "Description",
                    value: "Composed marketing asset, not capture evidence. Source capture: \(spec.capture.id)."),
            PNGText(key: "not-capture-evidence", value: "true"),
            PNGText(key: "capture-id", value: spec.capture.id),
            PNGText(key: "Software", value: spec.tool.label),
            PNGText(key: "Creation Time", value: spec.composedAt),
        ]
    }

    /// Composes and rasterizes (unless `svgOnly`) one output. Store rules are checked on the
    /// encoded PNG: a violated verified rule throws `StoreRuleViolation`; an unverified one is
    /// a finding (warning) of the result.
    public func render(_ item: LaidOutOutput, svgOnly: Bool, staging: StagingArea) throws -> RenderedOutput {
        let spec = item.spec
        let composed = try SVGComposer.compose(item)
        // A custom template can still produce XML that does not parse (a duplicate attribute,
        // say); such an SVG is never written.
        if let problem = XMLText.wellFormednessError(composed.data) {
            throw TemplateError.notWellFormed(problem)
        }
        var png: Data?
        var pixelsSHA256: String?
        var findings = DiagnosticCollector()
        if !svgOnly {
            try staging.placeCapture(spec)
            let (encoded, pixels) = try rasterizeHashing(composed, spec: spec, layout: item.layout, base: staging.root)
            pixelsSHA256 = pixels
            let checked = StoreRuleChecker.checkFile(encoded, canvas: spec.canvas, rules: spec.storeRules)
            if let violated = checked.first(where: \.enforced) { throw StoreRuleViolation(message: violated.message) }
            for finding in checked { StoreRuleChecker.report(finding, file: displayPath(spec.destination.png), field: "(output)", &findings) }
            png = encoded
        }
        findings.attribute(since: 0, to: spec.subject)
        var rendered = RenderedOutput(spec: spec, svg: composed.data, png: png, fonts: item.layout.fontFiles,
                                      findings: findings.diagnostics, svgSHA256: SHA256.hex(composed.data),
                                      pngSHA256: png.map(SHA256.hex), width: item.layout.width, height: item.layout.height)
        rendered.hyphenation = item.layout.hyphenationPatterns
        rendered.pngPixelsSHA256 = pixelsSHA256
        return rendered
    }

    /// `render`, with a failure turned into a diagnostic about this output (its subject set,
    /// so `--keep-going` fails only this capture's outputs).
    func renderReporting(_ item: LaidOutOutput, svgOnly: Bool, staging: StagingArea) -> (RenderedOutput?, Diagnostic?) {
        let spec = item.spec
        var problem: Diagnostic
        do {
            return (try render(item, svgOnly: svgOnly, staging: staging), nil)
        } catch let error as StoreRuleViolation {
            problem = .error(displayPath(spec.destination.png), "(output)", error.message)
        } catch let error as VisibilityRefusal {
            problem = error.diagnostic
        } catch let error as RasterError {
            problem = .error(displayPath(spec.destination.png), "(output)", error.message)
        } catch let error as PNGError {
            problem = .error(displayPath(spec.destination.png), "(output)", "PNG encoding failed: \(error.message)")
        } catch let error as TemplateError {
            problem = .error(displayPath(spec.destination.svg), "(output)", "\(error)")
        } catch {
            problem = .error(displayPath(spec.destination.captureCopy), "(output)", "cannot write: \(FileErrorText.describe(error, path: displayPath(spec.destination.captureCopy)))")
        }
        problem.subject = spec.subject
        return (nil, problem)
    }
}

/// A drawn output does not show what the template must show; the diagnostic names the
/// template's element and line, and the output.
struct VisibilityRefusal: Error {
    var diagnostic: Diagnostic
}

/// The result a watched drawing thread leaves; read only after its semaphore is signalled.
private final class WatchdogOutcome<T>: @unchecked Sendable {
    var result: Result<T, Error>?
}
