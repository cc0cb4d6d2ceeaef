import Foundation

/// Merges the manifests of CI shards into one. Shards must come from the same run inputs:
/// the same tool, `composedAt`, toolchain and inputs (template, wells, store wells, captures
/// and headline files, by hash); an output listed by two shards must be listed identically.
/// Outputs are ordered as an unsharded run orders them (locale, then capture order), and paths
/// are rebased onto the merged manifest's folder, so for the same inputs and
/// `SOURCE_DATE_EPOCH` the result is byte-identical to an unsharded run's manifest.
public enum ManifestMerger {
    public static func merge(_ files: [String], into output: String, diagnostics d: inout DiagnosticCollector) -> Manifest? {
        guard !files.isEmpty else {
            d.error(output, "(arguments)", "nothing to merge: expected at least one shard manifest, found none")
            return nil
        }
        let target = URL(fileURLWithPath: output).standardizedFileURL.deletingLastPathComponent()
        var shards: [(file: String, manifest: Manifest)] = []
        for file in files {
            do {
                let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
                guard manifest.kind == Manifest.kindName else {
                    d.error(file, "kind", "expected \"\(Manifest.kindName)\", found \"\(manifest.kind)\"")
                    continue
                }
                shards.append((file, rebase(manifest, from: URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent(), to: target)))
            } catch {
                d.error(file, "(document)", "not a manifest: \(JSONErrorText.describe(error))")
            }
        }
        guard let first = shards.first else { return nil }
        var merged = first.manifest
        var byKey: [String: (output: Manifest.Output, file: String)] = [:]
        for shard in shards {
            let m = shard.manifest
            func same<T: Equatable>(_ field: String, _ a: T, _ b: T) {
                if a != b {
                    d.error(shard.file, field, "shards of different runs: expected the same \(field) as \(first.file), found another")
                }
            }
            same("tool", m.tool, first.manifest.tool)
            same("composedAt", m.composedAt, first.manifest.composedAt)
            same("toolchain", m.toolchain, first.manifest.toolchain)
            same("inputs.template", m.inputs.template, first.manifest.inputs.template)
            same("inputs.wells", m.inputs.wells, first.manifest.inputs.wells)
            same("inputs.storeWells", m.inputs.storeWells, first.manifest.inputs.storeWells)
            same("inputs.captures", m.inputs.captures, first.manifest.inputs.captures)
            same("inputs.headlines", m.inputs.headlines, first.manifest.inputs.headlines)
            for o in m.outputs {
                let key = "\(o.locale)\u{0}\(o.captureId)"
                if let existing = byKey[key] {
                    if existing.output != o {
                        d.error(shard.file, "outputs \(o.locale)/\(o.captureId)", "listed by two shards with different files: expected the same hashes as \(existing.file), found others")
                    }
                } else {
                    byKey[key] = (o, shard.file)
                }
            }
        }
        if d.hasErrors { return nil }
        let order = first.manifest.inputs.captures.map(\.id)
        merged.outputs = byKey.values.map(\.output).sorted { a, b in
            if a.locale != b.locale { return a.locale < b.locale }
            return (order.firstIndex(of: a.captureId) ?? 0) < (order.firstIndex(of: b.captureId) ?? 0)
        }
        return merged
    }

    /// Paths relative to the shard's folder, made relative to the merged manifest's folder.
    private static func rebase(_ manifest: Manifest, from source: URL, to target: URL) -> Manifest {
        guard source.path != target.path else { return manifest }
        func move(_ path: String) -> String {
            if path.hasPrefix("builtin:") || path.hasPrefix("/") { return path }
            return RelativePath.from(target, to: source.appendingPathComponent(path).standardizedFileURL)
        }
        var m = manifest
        m.inputs.template.path = move(m.inputs.template.path)
        m.inputs.wells.path = move(m.inputs.wells.path)
        m.inputs.storeWells.path = move(m.inputs.storeWells.path)
        m.inputs.captures = m.inputs.captures.map { var c = $0; c.path = move(c.path); return c }
        m.inputs.headlines = m.inputs.headlines?.map { var h = $0; h.path = move(h.path); return h }
        m.outputs = m.outputs.map { o in
            var o = o
            o.svg.path = move(o.svg.path)
            o.capture.path = move(o.capture.path)
            if var png = o.png {
                png.path = move(png.path)
                o.png = png
            }
            if var fastlane = o.fastlane {
                fastlane.path = move(fastlane.path)
                o.fastlane = fastlane
            }
            return o
        }
        return m
    }
}
