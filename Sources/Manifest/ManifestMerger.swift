import Foundation
import Diagnostics
import Support
import Ingest
import Plan

/// Merges part manifests of one plan — per-locale runs, shards, per-locale shards, in any mix —
/// into the manifest of the whole set. Parts must share the plan's fingerprint (everything that
/// determines the output bytes) and its list of planned outputs; each part's outputs must be
/// those its selection names; an output listed by two parts must be listed identically; and
/// the union must be every planned output (unless `allowPartial`, which marks the result
/// `partial`). Outputs are ordered as the plan orders them and paths are rebased onto the merged
/// manifest's folder, so for a complete set the result is byte-identical to an unsharded run's
/// manifest (same inputs and `SOURCE_DATE_EPOCH`).
public enum ManifestMerger {
    public static func merge(_ files: [String], into output: String, allowPartial: Bool = false,
                             diagnostics d: inout DiagnosticCollector) -> Manifest? {
        guard !files.isEmpty else {
            d.error(output, "(arguments)", "nothing to merge: expected at least one part manifest, found none")
            return nil
        }
        let target = URL(fileURLWithPath: output).standardizedFileURL.deletingLastPathComponent()
        var parts: [(file: String, manifest: Manifest)] = []
        var refusedTarget = false
        for file in files {
            guard let manifest = ManifestReader.read(file, into: &d) else { continue }
            if let problem = partProblem(manifest) {
                d.error(file, problem.field, problem.message)
                continue
            }
            let source = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent()
            let rebased = rebase(manifest, from: source, to: target)
            // verify confines outputs to the manifest's folder, so a merged manifest beside
            // none of the outputs could never be verified: refused rather than written.
            if let escaping = rebased.outputs.lazy.flatMap({ [$0.svg.path, $0.png?.path].compactMap { $0 } }).first(where: { RelativePath.refusal($0) != nil }) {
                if !refusedTarget { d.error(output, "-o", "the merged manifest must sit in a folder holding its outputs: expected -o in \(source.path) (the folder of \(file)) or a folder above it, found \(target.path), where an output would be \(escaping)") }
                refusedTarget = true
                continue
            }
            parts.append((file, rebased))
        }
        guard let first = parts.first, !d.hasErrors else { return nil }
        var byKey: [OutputKey: (output: Manifest.Output, file: String)] = [:]
        var fonts: [String: (sha256: String, file: String)] = [:]
        for part in parts {
            let m = part.manifest
            if let difference = planDifference(first.manifest, m, firstFile: first.file) {
                d.error(part.file, difference.field, difference.message)
                continue
            }
            func same<T: Equatable>(_ field: String, _ a: T, _ b: T) {
                if a != b {
                    d.error(part.file, field, "parts of different runs: expected the same \(field) as \(first.file), found another")
                }
            }
            same("notCaptureEvidence", m.notCaptureEvidence, first.manifest.notCaptureEvidence)
            same("tool", m.tool, first.manifest.tool)
            same("toolchain", m.toolchain, first.manifest.toolchain)
            same("inputs.template", m.inputs.template, first.manifest.inputs.template)
            same("inputs.wells", m.inputs.wells, first.manifest.inputs.wells)
            same("inputs.storeWells", m.inputs.storeWells, first.manifest.inputs.storeWells)
            same("inputs.captures", m.inputs.captures, first.manifest.inputs.captures)
            same("inputs.headlines", m.inputs.headlines, first.manifest.inputs.headlines)
            same("inputs.templates", m.inputs.templates, first.manifest.inputs.templates)
            same("inputs.frames", m.inputs.frames, first.manifest.inputs.frames)
            for o in m.outputs {
                // System fonts are not in the plan's basis (a part knows only its own locales'
                // fonts): a font file with other bytes on another runner is refused here.
                for font in o.fonts {
                    if let seen = fonts[font.path], seen.sha256 != font.sha256 {
                        d.error(part.file, "outputs \(o.locale)/\(o.captureId).fonts", "font file differs between runners: expected \(font.path) with sha256 \(seen.sha256) as in \(seen.file), found \(font.sha256)")
                    } else if fonts[font.path] == nil {
                        fonts[font.path] = (font.sha256, part.file)
                    }
                }
                let key = o.key
                if let existing = byKey[key] {
                    if existing.output != o {
                        d.error(part.file, "outputs \(key.label)", "listed by two parts with different files: expected the same hashes as \(existing.file), found others")
                    }
                } else {
                    byKey[key] = (o, part.file)
                }
            }
        }
        if d.hasErrors { return nil }
        let plan = first.manifest.plan
        let missing = plan.outputs.filter { byKey[$0] == nil }
        if !missing.isEmpty && !allowPartial {
            d.error(output, "outputs", "incomplete set: expected all \(plan.outputs.count) planned outputs, found \(plan.outputs.count - missing.count) in \(parts.count) part(s) (\(parts.map { URL(fileURLWithPath: $0.file).lastPathComponent }.joined(separator: ", "))); missing \(ManifestReader.names(missing)); add the missing parts (a runner that failed or was dropped), or pass --allow-partial")
            return nil
        }
        var merged = first.manifest
        merged.selection = nil
        merged.partial = missing.isEmpty ? nil : true
        merged.outputs = plan.outputs.compactMap { byKey[$0]?.output }
        // Each failure once, in the parts' order; found by a lookup, not a scan of those kept.
        var seenFailures: Set<[String]> = []
        let failures = parts.flatMap { $0.manifest.failures ?? [] }.filter { seenFailures.insert([$0.captureId, $0.file, $0.field, $0.message]).inserted }
        merged.failures = failures.isEmpty ? nil : failures
        return merged
    }

    /// What is wrong with a part on its own: its output paths, ids, plan and selection.
    private static func partProblem(_ m: Manifest) -> (field: String, message: String)? {
        if let bad = ManifestReader.pathsOutsideFolder(m).first {
            return ("\(bad.field)", bad.message.hasPrefix("a path outside") ? "an output outside the manifest's folder: expected a relative path without .., found \(bad.path)" : bad.message)
        }
        if let bad = m.outputs.first(where: { !LocaleTag.isWellFormed($0.locale) || !CaptureID.isValid($0.captureId) }) {
            return ("outputs", "a bad locale or capture id: expected a BCP 47 tag and a capture id, found \(bad.locale)/\(bad.captureId)")
        }
        return ManifestReader.planProblem(m)
    }

    /// The first thing that makes `m` a part of another plan than `first`, named.
    private static func planDifference(_ first: Manifest, _ m: Manifest, firstFile: String) -> (field: String, message: String)? {
        let a = first.plan, b = m.plan
        if a.fingerprint == b.fingerprint && a.outputs == b.outputs {
            // The panoramas come from the same job as the outputs; a part that says otherwise
            // was edited (the merged manifest would carry the first part's).
            return a.panoramas == b.panoramas ? nil
                : ("plan.panoramas", "parts of different plans: expected the panoramas of \(firstFile), found others")
        }
        let theirs = Dictionary(b.basis.map { ($0.name, $0.value) }, uniquingKeysWith: { x, _ in x })
        let ours = Dictionary(a.basis.map { ($0.name, $0.value) }, uniquingKeysWith: { x, _ in x })
        if let item = a.basis.first(where: { theirs[$0.name] != $0.value }) {
            let found = theirs[item.name] ?? "none"
            if item.name == "--svg-only" {
                return ("plan.basis \(item.name)", "a mix of SVG-only and PNG parts: expected --svg-only \(item.value) as in \(firstFile), found \(found)")
            }
            return ("plan.basis \(item.name)", "parts of different plans: expected \(item.name) \(item.value) as in \(firstFile), found \(found)")
        }
        if let item = b.basis.first(where: { ours[$0.name] == nil }) {
            return ("plan.basis \(item.name)", "parts of different plans: expected no \(item.name) as in \(firstFile), found \(item.value)")
        }
        return ("plan.outputs", "parts of different plans: expected the planned outputs of \(firstFile) (\(a.outputs.count)), found others (\(b.outputs.count))")
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
        m.inputs.templates = m.inputs.templates?.map { var t = $0; t.path = move(t.path); return t }
        m.inputs.frames = m.inputs.frames?.map { var f = $0; f.path = move(f.path); return f }
        m.inputs.backgrounds = m.inputs.backgrounds?.map { var f = $0; f.path = move(f.path); return f }
        m.outputs = m.outputs.map { o in
            var o = o
            o.svg.path = move(o.svg.path)
            o.capture.path = move(o.capture.path)
            o.extraCaptures = o.extraCaptures?.map { var c = $0; c.path = move(c.path); return c }
            o.fontCopies = o.fontCopies?.map { var c = $0; c.path = move(c.path); return c }
            if let path = o.background?.path { o.background?.path = move(path) }
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
