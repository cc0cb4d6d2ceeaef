import Foundation

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
        let url = URL(fileURLWithPath: manifestFile).standardizedFileURL
        guard let manifest = ManifestReader.read(manifestFile, into: &d) else { return 0 }
        if !manifest.notCaptureEvidence {
            d.error(manifestFile, "notCaptureEvidence", "a composed-screenshots manifest marks its outputs as not capture evidence: expected true, found false")
        }
        if manifest.outputs.isEmpty {
            d.error(manifestFile, "outputs", "nothing to verify: expected at least one output, found none")
        }
        checkPlan(manifest, file: manifestFile, partial: partial, into: &d)
        let outside = ManifestReader.pathsOutsideFolder(manifest)
        for bad in outside {
            d.error(manifestFile, "\(bad.field) (\(bad.path))", "a path outside the manifest's folder: expected a relative path without .., found \(bad.path)")
        }
        // Never read a file outside the folder on the manifest's say-so.
        let refused = Set(outside.map(\.path))
        let root = url.deletingLastPathComponent()
        var listed: [(field: String, path: String, sha256: String, bytes: Int?)] = [
            ("inputs.template", manifest.inputs.template.path, manifest.inputs.template.sha256, nil),
            ("inputs.wells", manifest.inputs.wells.path, manifest.inputs.wells.sha256, nil),
            ("inputs.storeWells", manifest.inputs.storeWells.path, manifest.inputs.storeWells.sha256, nil),
        ]
        if outputsOnly { listed.removeAll() }
        for (i, h) in (outputsOnly ? [] : manifest.inputs.headlines ?? []).enumerated() {
            listed.append(("inputs.headlines[\(i)]", h.path, h.sha256, nil))
        }
        for (i, c) in (outputsOnly ? [] : manifest.inputs.captures).enumerated() {
            listed.append(("inputs.captures[\(i)]", c.path, c.sha256, nil))
        }
        for (i, o) in manifest.outputs.enumerated() {
            listed.append(("outputs[\(i)].svg", o.svg.path, o.svg.sha256, o.svg.bytes))
            if let png = o.png { listed.append(("outputs[\(i)].png", png.path, png.sha256, png.bytes)) }
            listed.append(("outputs[\(i)].capture", o.capture.path, o.capture.sha256, o.capture.bytes))
            if let f = o.fastlane { listed.append(("outputs[\(i)].fastlane", f.path, f.sha256, nil)) }
            for (j, font) in (outputsOnly ? [] : o.fonts).enumerated() where !listed.contains(where: { $0.path == font.path }) {
                listed.append(("outputs[\(i)].fonts[\(j)]", font.path, font.sha256, nil))
            }
        }
        listed.removeAll { $0.field.hasPrefix("outputs[") && refused.contains($0.path) }
        for item in listed {
            let fileURL: URL?
            if item.path.hasPrefix("builtin:") {
                fileURL = BuiltinResources.url(String(item.path.dropFirst("builtin:".count)))
            } else {
                fileURL = JobLoader.resolve(item.path, against: root)
            }
            guard let fileURL, let bytes = try? Data(contentsOf: fileURL) else {
                d.error(manifestFile, "\(item.field) (\(item.path))", "file missing: expected a file with sha256 \(item.sha256), found none")
                continue
            }
            let actual = SHA256.hex(bytes)
            if actual != item.sha256 {
                d.error(manifestFile, "\(item.field) (\(item.path))", "sha256 differs: expected \(item.sha256), found \(actual)")
            } else if let expected = item.bytes, expected != bytes.count {
                d.error(manifestFile, "\(item.field) (\(item.path))", "size differs: expected \(expected) bytes, found \(bytes.count)")
            }
        }
        return listed.count
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
