import Foundation
import Diagnostics
import Support
import Ingest

/// Re-hashes every file a manifest lists (inputs and outputs) and compares with the
/// recorded SHA-256. Each file that differs or is missing is an error naming it. A manifest
/// that lists fewer outputs than its plan (a part, or a merge made with `--allow-partial`) is
/// an error naming what is missing, unless `partial`. Output paths must stay inside the
/// manifest's folder.
public enum ManifestVerifier {
    /// Returns how many files were checked; problems go into the collector. `outputsOnly` checks
    /// only the files inside the output folder (SVGs, PNGs, capture copies, fastlane copies), for
    /// a folder that was moved or zipped away from its inputs. `partial` checks a part on its own.
    @discardableResult
    public static func verify(manifestFile: String, outputsOnly: Bool = false, partial: Bool = false,
                              into d: inout DiagnosticCollector) -> Int {
        verified(manifestFile: manifestFile, outputsOnly: outputsOnly, partial: partial, into: &d).files
    }

    /// `verify`, also giving the manifest as read (nil when it could not be read), so a report
    /// names what was verified without reading the file again.
    public static func verified(manifestFile: String, outputsOnly: Bool = false, partial: Bool = false,
                                into d: inout DiagnosticCollector) -> (files: Int, manifest: Manifest?) {
        let url = URL(fileURLWithPath: manifestFile).standardizedFileURL
        guard let manifest = ManifestReader.read(manifestFile, into: &d) else { return (0, nil) }
        if !manifest.notCaptureEvidence {
            d.error(manifestFile, "notCaptureEvidence", "a composed-screenshots manifest marks its outputs as not capture evidence: expected true, found false")
        }
        // A shard of a plan with fewer outputs than shards has none to list: its part is empty.
        let emptyShare = manifest.selection.map { $0.keys(of: manifest.plan.outputs).isEmpty } ?? false
        if manifest.outputs.isEmpty && !emptyShare {
            d.error(manifestFile, "outputs", "nothing to verify: expected at least one output, found none")
        }
        checkPlan(manifest, file: manifestFile, partial: partial, into: &d)
        let outside = ManifestReader.pathsOutsideFolder(manifest)
        for bad in outside {
            d.error(manifestFile, "\(bad.field) (\(RelativePath.shown(bad.path)))", bad.message)
        }
        // Never read a file outside the folder on the manifest's say-so.
        let refused = Set(outside.map(\.path))
        let root = url.deletingLastPathComponent()
        var listed: [Listed] = [
            Listed(field: "inputs.template", path: manifest.inputs.template.path, sha256: manifest.inputs.template.sha256),
            Listed(field: "inputs.wells", path: manifest.inputs.wells.path, sha256: manifest.inputs.wells.sha256),
            Listed(field: "inputs.storeWells", path: manifest.inputs.storeWells.path, sha256: manifest.inputs.storeWells.sha256),
        ]
        if outputsOnly { listed.removeAll() }
        for (i, h) in (outputsOnly ? [] : manifest.inputs.headlines ?? []).enumerated() {
            listed.append(Listed(field: "inputs.headlines[\(i)]", path: h.path, sha256: h.sha256))
        }
        for (i, t) in (outputsOnly ? [] : manifest.inputs.templates ?? []).enumerated() {
            listed.append(Listed(field: "inputs.templates[\(i)]", path: t.path, sha256: t.sha256))
        }
        for (i, f) in (outputsOnly ? [] : manifest.inputs.frames ?? []).enumerated() {
            listed.append(Listed(field: "inputs.frames[\(i)]", path: f.path, sha256: f.sha256))
        }
        for (i, c) in (outputsOnly ? [] : manifest.inputs.captures).enumerated() {
            listed.append(Listed(field: "inputs.captures[\(i)]", path: c.path, sha256: c.sha256))
        }
        // Every path listed so far: a font file many outputs name is checked once, found by a
        // lookup (a scan of the whole list per font entry made 160,000 entries take minutes).
        var seen = Set(listed.map(\.path))
        var fontHashes: [String: (sha256: String, field: String)] = [:]
        for (i, o) in manifest.outputs.enumerated() {
            listed.append(Listed(field: "outputs[\(i)].svg", path: o.svg.path, sha256: o.svg.sha256, bytes: o.svg.bytes, isOutput: true))
            if let png = o.png { listed.append(Listed(field: "outputs[\(i)].png", path: png.path, sha256: png.sha256, bytes: png.bytes, isOutput: true)) }
            listed.append(Listed(field: "outputs[\(i)].capture", path: o.capture.path, sha256: o.capture.sha256, bytes: o.capture.bytes, isOutput: true))
            for (j, copy) in (o.extraCaptures ?? []).enumerated() {
                listed.append(Listed(field: "outputs[\(i)].extraCaptures[\(j)]", path: copy.path, sha256: copy.sha256, bytes: copy.bytes, isOutput: true))
            }
            if let b = o.background {
                listed.append(Listed(field: "outputs[\(i)].background", path: b.path, sha256: b.sha256, bytes: b.bytes, isOutput: true))
            }
            if let f = o.fastlane { listed.append(Listed(field: "outputs[\(i)].fastlane", path: f.path, sha256: f.sha256, isOutput: true)) }
            // A font copy every output lists is read once; each entry must give its one hash.
            for (j, copy) in (o.fontCopies ?? []).enumerated() {
                if let first = fontHashes[copy.path] {
                    if first.sha256 != copy.sha256 {
                        d.error(manifestFile, "outputs[\(i)].fontCopies[\(j)] (\(copy.path))", "one font file listed with two hashes: expected sha256 \(first.sha256) as in \(first.field), found \(copy.sha256)")
                    }
                    continue
                }
                fontHashes[copy.path] = (copy.sha256, "outputs[\(i)].fontCopies[\(j)]")
                listed.append(Listed(field: "outputs[\(i)].fontCopies[\(j)]", path: copy.path, sha256: copy.sha256, bytes: copy.bytes, isOutput: true))
            }
            seen.formUnion([o.svg.path, o.png?.path, o.fastlane?.path].compactMap { $0 } + o.captureCopies.map(\.path) + (o.fontCopies ?? []).map(\.path))
            for (j, font) in (outputsOnly ? [] : o.fonts).enumerated() {
                // One font file is read once, so every entry naming it must give the same hash.
                if let first = fontHashes[font.path] {
                    if first.sha256 != font.sha256 {
                        d.error(manifestFile, "outputs[\(i)].fonts[\(j)] (\(font.path))", "one font file listed with two hashes: expected sha256 \(first.sha256) as in \(first.field), found \(font.sha256)")
                    }
                    continue
                }
                fontHashes[font.path] = (font.sha256, "outputs[\(i)].fonts[\(j)]")
                if seen.insert(font.path).inserted {
                    listed.append(Listed(field: "outputs[\(i)].fonts[\(j)]", path: font.path, sha256: font.sha256, kind: .font))
                }
            }
        }
        listed.removeAll { $0.isOutput && refused.contains($0.path) }
        // Outputs are opened confined to the folder's real path, checked on the descriptor: a
        // symbolic link inside the folder leading out of it (even one swapped in meanwhile) is
        // refused before a byte is read, so verify never hashes (or prints the hash of) a file
        // outside the folder on the manifest's say-so.
        let confined = InputOpening(confinedTo: root)
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        var missingInputs = 0
        for item in listed {
            if item.path.hasPrefix("builtin:"), let generated = BuiltinTemplate(rawValue: String(item.path.dropFirst("builtin:".count))) {
                // A generated template has no file: its identity is the name and tool version.
                if generated.identitySHA256 != item.sha256 {
                    d.error(manifestFile, "\(item.field) (\(item.path))", "sha256 differs: expected \(item.sha256), found \(generated.identitySHA256) (the built-in template of this tool version)")
                }
                continue
            }
            let filePath: String?
            if item.isOutput {
                filePath = rootPath + item.path
            } else if item.path.hasPrefix("builtin:") {
                filePath = BuiltinResources.url(String(item.path.dropFirst("builtin:".count)))?.path
            } else {
                filePath = JobLoader.resolve(item.path, against: root).path
            }
            guard let filePath else {
                d.error(manifestFile, "\(item.field) (\(item.path))", "file missing: expected a file with sha256 \(item.sha256), found none")
                continue
            }
            let bytes: Data
            switch InputReader.read(path: filePath, as: item.kind, opening: item.isOutput ? confined : InputOpening()) {
            case .success(let data): bytes = data
            case .failure(let problem) where problem.outsideFolder:
                d.error(manifestFile, "\(item.field) (\(item.path))", "a path outside the manifest's folder: expected a file inside \(root.path), found a symbolic link leading out of it")
                continue
            case .failure(let problem) where problem.missing:
                d.error(manifestFile, "\(item.field) (\(item.path))", "file missing: expected a file with sha256 \(item.sha256), found none")
                if !item.isOutput { missingInputs += 1 }
                continue
            case .failure(let problem):
                d.error(manifestFile, "\(item.field) (\(item.path))", "cannot read the file: \(problem.message)")
                continue
            }
            let actual = SHA256.hex(bytes)
            if actual != item.sha256 {
                // An untrusted manifest may name any file as an input (/etc/shadow): the hash of
                // a file outside the manifest's folder is not printed, only that it differs.
                let found = item.path.hasPrefix("builtin:") || Self.isInside(URL(fileURLWithPath: filePath), root: root) ? actual : "other bytes (a file outside \(root.path): its sha256 is not shown)"
                d.error(manifestFile, "\(item.field) (\(item.path))", "sha256 differs: expected \(item.sha256), found \(found)")
            } else if let expected = item.bytes, expected != bytes.count {
                d.error(manifestFile, "\(item.field) (\(item.path))", "size differs: expected \(expected) bytes, found \(bytes.count)")
            }
        }
        // Inputs are found relative to the manifest's folder: a release copied away from the
        // job's files (a CI artifact) loses them all, which one line explains.
        if missingInputs > 0 {
            d.warning(manifestFile, "inputs", "\(missingInputs) input file(s) missing: expected the job's files where they were when rendered, relative to \(root.path); a release moved away from its inputs verifies its outputs alone with --outputs-only")
        }
        return (listed.count, manifest)
    }

    /// One file the manifest lists.
    private struct Listed {
        var field: String
        var path: String
        var sha256: String
        var bytes: Int? = nil
        /// Written by the run, so confined to the manifest's folder.
        var isOutput = false
        var kind: InputKind = .listed
    }

    /// Whether `url`'s real path (symbolic links followed) is inside `root`.
    static func isInside(_ url: URL, root: URL) -> Bool {
        let realRoot = root.resolvingSymlinksInPath().path
        return url.standardizedFileURL.resolvingSymlinksInPath().path.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
    }

    /// The plan's fingerprint matches its basis and every output listed is in the selection
    /// (`ManifestReader.planProblem`); and unless
    /// `partial`, the manifest is the whole set (no part selection, nothing missing).
    private static func checkPlan(_ manifest: Manifest, file: String, partial: Bool, into d: inout DiagnosticCollector) {
        let plan = manifest.plan
        if let problem = ManifestReader.planProblem(manifest) {
            d.error(file, problem.field, problem.message)
        }
        let missing = ManifestReader.missing(manifest)
        guard !partial else { return }
        if let selection = manifest.selection {
            d.error(file, "selection", "a part manifest (\(selection.label)): expected the whole set of \(plan.outputs.count) planned outputs, found \(manifest.outputs.count); merge every part with merge-manifests, or check this part alone with verify --partial")
        } else if !missing.isEmpty {
            let what = manifest.partial == true ? "a partial merge (--allow-partial)" : "an incomplete manifest"
            d.error(file, "outputs", "\(what): expected all \(plan.outputs.count) planned outputs, found \(plan.outputs.count - missing.count); missing \(ManifestReader.names(missing)); check the listed files alone with verify --partial")
        }
    }
}
