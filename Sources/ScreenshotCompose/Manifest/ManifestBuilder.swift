import Foundation

/// Plan + rendered outputs → Manifest.
public enum ManifestBuilder {
    /// `record`: the whole job's plan (`PlanRecord`); `selection`: what this part rendered.
    public static func build(plan: Plan, outputs: [RenderedOutput], typesetter: Typesetting,
                             record: Manifest.PlanEntry, selection: Manifest.Selection? = nil) -> Manifest {
        let root = plan.output
        func entry(_ file: InputFile) -> Manifest.FileEntry {
            if let name = file.builtinName { return Manifest.FileEntry(path: "builtin:\(name)", sha256: file.sha256) }
            return Manifest.FileEntry(path: RelativePath.from(root, to: file.url ?? root), sha256: file.sha256)
        }
        let captures = plan.captures.map {
            Manifest.CaptureEntry(id: $0.id, path: RelativePath.from(root, to: $0.url), sha256: $0.sha256,
                                  width: $0.header.width, height: $0.header.height, well: $0.well.id,
                                  colorSource: $0.color.source, convertedToSRGB: $0.color.converted)
        }
        return Manifest(
            schemaVersion: 1, kind: Manifest.kindName, notCaptureEvidence: true, statement: Manifest.notEvidenceStatement,
            tool: Manifest.Tool(name: plan.tool.name, version: plan.tool.version), composedAt: plan.composedAt,
            toolchain: .current(typesetter: typesetter),
            inputs: Manifest.Inputs(template: entry(plan.templateFile), wells: entry(plan.wellsFile),
                                    storeWells: entry(plan.storeWellsFile), captures: captures,
                                    headlines: plan.job.headlineFiles.isEmpty ? nil : plan.job.headlineFiles.map(entry)),
            outputs: outputs, plan: record, selection: selection)
    }
}
