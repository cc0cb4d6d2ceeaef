import Diagnostics
import Foundation
import Support
import Ingest
import Plan
import Layout
import Raster

/// Rendered outputs → Manifest: the one place manifest entries are made.
public enum ManifestBuilder {
    /// The manifest entry of one rendered output. `fontHashes`: font file → SHA-256.
    public static func entry(_ output: RenderedOutput, fontHashes: [String: String]) -> Manifest.Output {
        let spec = output.spec
        let names = spec.destination
        let png = output.png.map {
            Manifest.PNGEntry(path: names.png, sha256: output.pngSHA256 ?? SHA256.hex($0), bytes: $0.count,
                              width: output.width, height: output.height, pixelsSHA256: output.pngPixelsSHA256)
        }
        return Manifest.Output(
            locale: spec.locale, screen: spec.key.screen, canvas: spec.key.canvas, panel: spec.key.panel, captureId: spec.name, headline: spec.typesetting.plainText(spec.headline), headlineKey: spec.headlineKey, well: spec.capture.well.id,
            svg: Manifest.SVGEntry(path: names.svg, sha256: output.svgSHA256, bytes: output.svg.count),
            png: png,
            capture: Manifest.SVGEntry(path: names.captureCopy, sha256: spec.capture.drawSHA256, bytes: spec.capture.drawBytes.count,
                                      sourceSHA256: spec.capture.sha256),
            fonts: output.fonts.map { Manifest.FileEntry(path: $0, sha256: fontHashes[$0] ?? "") },
            hyphenation: output.hyphenation.map { Manifest.FileEntry(path: $0, sha256: HyphenationCatalog.shared.sha256(ofFile: $0)) },
            headlineFallback: spec.headlineFallback,
            fastlane: png.flatMap { png in names.fastlane.map { Manifest.FileEntry(path: $0, sha256: png.sha256) } },
            storeWell: spec.canvas.storeWell.flatMap { claim in
                claim.store.map { Manifest.StoreWellEntry(id: spec.canvas.id, store: $0, storeClass: claim.storeClass, citation: claim.citation) }
            }, target: spec.capture.target?.name,
            captureSource: spec.captureSource.map { Manifest.FileEntry(path: $0, sha256: spec.capture.sha256) },
            captureFallback: spec.captureFallback,
            extraCaptures: spec.extraCaptures.isEmpty ? nil : zip(spec.extraCaptures, names.extraCaptureCopies).map { capture, copy in
                Manifest.SVGEntry(path: copy, sha256: capture.drawSHA256, bytes: capture.drawBytes.count, sourceSHA256: capture.sha256)
            },
            fontCopies: names.fontCopies.isEmpty ? nil : zip(spec.typesetting.fontFiles, names.fontCopies).compactMap { path, copy in
                FontFileCopies.copy(ofUserPath: path).map { font in
                    Manifest.SVGEntry(path: copy, sha256: font.sha256, bytes: (try? FileManager.default.attributesOfItem(atPath: font.privatePath)[.size] as? Int) ?? 0)
                }
            },
            background: spec.background.flatMap { background in names.backgroundCopy.map {
                Manifest.SVGEntry(path: $0, sha256: background.drawSHA256, bytes: background.drawBytes.count, sourceSHA256: background.file.sha256)
            } })
    }

    /// The whole manifest: the plan's inputs (paths relative to `plan.output`) and the entries
    /// of the outputs, in the order given. `record`: the whole job's plan (`PlanRecord`);
    /// `selection`: what this part rendered.
    public static func build(plan: Plan, outputs: [Manifest.Output], typesetter: Typesetting,
                             record: Manifest.PlanEntry, selection: Manifest.Selection? = nil) -> Manifest {
        let root = plan.output
        func entry(_ file: InputFile) -> Manifest.FileEntry {
            if let name = file.builtinName { return Manifest.FileEntry(path: "builtin:\(name)", sha256: file.sha256) }
            return Manifest.FileEntry(path: RelativePath.from(root, to: file.url ?? root), sha256: file.sha256)
        }
        // Each capture file once, though it is planned once per target ({locale} captures have
        // a file per locale under one id).
        var listed: Set<String> = []
        let captures = plan.captures.filter { listed.insert("\($0.id)\u{0}\($0.url.path)").inserted }.map {
            Manifest.CaptureEntry(id: $0.id, path: RelativePath.from(root, to: $0.url), sha256: $0.sha256,
                                  width: $0.header.width, height: $0.header.height, well: $0.well.id, locale: $0.locale,
                                  colorSource: $0.color.source, convertedToSRGB: $0.color.converted)
        }
        var inputs = Manifest.Inputs(template: entry(plan.templateFile), wells: entry(plan.wellsFile),
                                     storeWells: entry(plan.storeWellsFile), captures: captures,
                                     headlines: plan.headlineFiles.isEmpty ? nil : plan.headlineFiles.map(entry))
        // Each file once, in plan order.
        func unique(_ files: [InputFile?]) -> [Manifest.FileEntry]? {
            var seen: Set<String> = []
            let entries = files.compactMap { $0 }.filter { seen.insert($0.displayPath).inserted }.map(entry)
            return entries.isEmpty ? nil : entries
        }
        inputs.templates = unique(plan.outputs.map(\.templateInput))
        inputs.frames = unique(plan.captures.map { $0.frame?.file })
        inputs.backgrounds = unique(plan.outputs.map { $0.background?.file })
        return Manifest(
            schemaVersion: Manifest.schema, kind: Manifest.kindName, notCaptureEvidence: true, statement: Manifest.notEvidenceStatement,
            tool: Manifest.Tool(name: plan.tool.name, version: plan.tool.version), composedAt: plan.composedAt,
            toolchain: .current(typesetter: typesetter),
            inputs: inputs,
            outputs: outputs, plan: record, selection: selection)
    }
}
