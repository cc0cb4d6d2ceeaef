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
            if let problem = FileKind.problem(at: URL(fileURLWithPath: file)) {
                d.error(file, "(file)", "cannot read the shard manifest: \(problem)")
                continue
            }
            do {
                let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
                guard manifest.kind == Manifest.kindName, manifest.schemaVersion == 1, manifest.notCaptureEvidence else {
                    d.error(file, "kind", "expected a \"\(Manifest.kindName)\" manifest, schemaVersion 1, notCaptureEvidence true; found \"\(manifest.kind)\", \(manifest.schemaVersion), \(manifest.notCaptureEvidence)")
                    continue
                }
                if let bad = manifest.outputs.first(where: { !LocaleTag.isWellFormed($0.locale) || !CaptureID.isValid($0.captureId)
                    || [$0.svg.path, $0.capture.path, $0.png?.path ?? "x", $0.fastlane?.path ?? "x"].contains { $0.hasPrefix("/") || $0.split(separator: "/").contains("..") } }) {
                    d.error(file, "outputs", "an output outside the output folder or with a bad locale or id: expected paths inside the folder, found \(bad.locale)/\(bad.captureId)")
                    continue
                }
                shards.append((file, rebase(manifest, from: URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent(), to: target)))
            } catch let error as DecodingError {
                d.error(file, "(document)", "not a manifest: expected the manifest's fields, found \(ManifestDecodeText.describe(error))")
            } catch {
                d.error(file, "(document)", "not a manifest: \(JSONErrorText.describe(error))")
            }
        }
        guard let first = shards.first else { return nil }
        // Every shard of the same split, each once: a missing one would leave outputs out.
        let counts = Set(shards.map { $0.manifest.shard?.count ?? 0 })
        if counts.count != 1 || counts.contains(0) {
            d.error(output, "shard", "expected manifests of one --shard I/N split, found \(shards.map { $0.manifest.shard.map { "\($0.index)/\($0.count)" } ?? "an unsharded run" }.joined(separator: ", "))")
            return nil
        }
        let count = counts.first ?? 0
        let indexes = shards.compactMap { $0.manifest.shard?.index }
        let missing = (1...count).filter { !indexes.contains($0) }
        if !missing.isEmpty || indexes.count != Set(indexes).count {
            d.error(output, "shard", "expected shards 1 to \(count) once each, found \(indexes.sorted().map(String.init).joined(separator: ", "))\(missing.isEmpty ? "" : " (missing \(missing.map(String.init).joined(separator: ", ")))")")
            return nil
        }
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
        merged.shard = nil
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

enum ManifestDecodeText {
    /// A short reason from a decoding error: the missing key or the mismatched field's path.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "no \"\(key.stringValue)\" in \(path(context).isEmpty ? "the document" : path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "a wrong value at \(path(context))"
        case .dataCorrupted(let context): return JSONErrorText.describe(DecodingError.dataCorrupted(context))
        @unknown default: return "\(error)"
        }
    }
}
