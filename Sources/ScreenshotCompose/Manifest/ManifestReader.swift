import Foundation

/// Reads a manifest for `verify` and `merge-manifests`: a regular file, decoded, of kind
/// `composed-screenshots` schemaVersion 1, whose output paths stay inside its folder.
enum ManifestReader {
    /// Nil (with the reason in the collector) when the file cannot be read or is not a manifest.
    static func read(_ file: String, into d: inout DiagnosticCollector) -> Manifest? {
        let data: Data
        switch InputReader.read(path: file, as: .manifest) {
        case .success(let bytes): data = bytes
        case .failure(let problem):
            d.error(file, "(file)", "cannot read the manifest: \(problem.message)")
            return nil
        }
        return decode(data, file: file, into: &d)
    }

    /// A manifest from its bytes (`file` names it in diagnostics); nil with the reasons in `d`.
    static func decode(_ data: Data, file: String, into d: inout DiagnosticCollector) -> Manifest? {
        // Parsed once, by the one JSON reader: syntax errors with line and column, nesting and
        // number limits, and a key given twice (which Foundation's decoder would silently
        // resolve, so a forged manifest could show one hash to a reviewer and verify with the
        // other); the typed manifest is then decoded from the values it made. `outputs` is
        // streamed: each entry is decoded as it is read and its tree dropped, and no more than
        // a plan can hold are decoded (a 64 MiB manifest of small entries took 415 MB as one tree).
        var outputs: [Manifest.Output] = []
        var outputProblem: DecodingError?
        var tooMany = false
        let parsed = JSONFieldReader.parse(file: file) {
            try JSONDocument.parse(data, streaming: "outputs") { element in
                guard outputProblem == nil, !tooMany else { return false }
                guard outputs.count < Planner.maximumOutputs else {
                    tooMany = true
                    outputs = []
                    return false
                }
                do {
                    outputs.append(try JSONValueDecoder.decode(Manifest.Output.self, from: element.value,
                                                               codingPath: [JSONPathKey("outputs"), JSONPathKey(outputs.count)]))
                } catch {
                    outputProblem = error as? DecodingError ?? .dataCorrupted(.init(codingPath: [], debugDescription: "\(error)"))
                }
                return false
            }
        }
        if let problem = parsed.problem { d.add(problem) }
        let before = d.errorCount
        guard let document = parsed.document, let reader = JSONFieldReader.root(document, file: file, &d), d.errorCount == before else { return nil }
        var manifest: Manifest
        do {
            manifest = try JSONValueDecoder.decode(Manifest.self, from: .object(reader.fields))
            if let outputProblem { throw outputProblem }
        } catch let error as DecodingError {
            d.error(file, "(document)", "not a manifest: expected the manifest's fields, found \(ManifestDecodeText.describe(error))")
            return nil
        } catch {
            d.error(file, "(document)", "not a manifest: \(JSONErrorText.describe(error))")
            return nil
        }
        if manifest.kind != Manifest.kindName || manifest.schemaVersion != 1 {
            d.error(file, "kind", "expected kind \"\(Manifest.kindName)\" schemaVersion 1, found \"\(manifest.kind)\" schemaVersion \(manifest.schemaVersion)")
            return nil
        }
        if tooMany {
            d.error(file, "outputs", "more outputs than one plan holds: expected at most \(Planner.maximumOutputs), found more")
            return nil
        }
        manifest.outputs = outputs
        return manifest
    }

    /// Every output path (SVG, PNG, capture copy, fastlane copy) that is absolute or climbs out
    /// with `..`: a manifest vouches only for files inside its own folder. Inputs (captures,
    /// template, fonts) lie outside by design and are not checked here.
    static func pathsOutsideFolder(_ manifest: Manifest) -> [(field: String, path: String)] {
        var outside: [(field: String, path: String)] = []
        for (i, o) in manifest.outputs.enumerated() {
            let paths: [(String, String?)] = [("svg", o.svg.path), ("png", o.png?.path), ("capture", o.capture.path), ("fastlane", o.fastlane?.path)]
            for case let (name, path?) in paths where path.isEmpty || path.hasPrefix("/") || path.hasPrefix("builtin:") || path.split(separator: "/").contains("..") {
                outside.append(("outputs[\(i)].\(name)", path))
            }
        }
        return outside
    }

    /// A plan whose fingerprint is not its basis's, a selection outside the plan (a shard index
    /// outside 1…N, a locale the plan lacks), or outputs outside the selection.
    static func planProblem(_ m: Manifest) -> (field: String, message: String)? {
        let expected = Manifest.PlanEntry.fingerprint(of: m.plan.basis)
        if expected != m.plan.fingerprint {
            return ("plan.fingerprint", "the fingerprint is not the SHA-256 of plan.basis: expected \(expected), found \(m.plan.fingerprint)")
        }
        if let shard = m.selection?.shard, shard.count < 1 || !(1...shard.count).contains(shard.index) {
            return ("selection.shard", "shard index outside 1…N: expected 1 ≤ index ≤ \(shard.count), found \(shard.index) of \(shard.count)")
        }
        let plannedLocales = Set(m.plan.outputs.map(\.locale))
        if let locale = m.selection?.locales?.first(where: { !plannedLocales.contains($0) }) {
            return ("selection.locales", "a locale the plan does not have: expected \(Alternatives.oneOf(plannedLocales.sorted(), none: "a locale of the plan (it plans no output)")), found \(locale)")
        }
        // A panorama names store images of the plan, one per panel, each once: the contact sheet
        // and release tooling read them as one unit.
        let plannedIds = Set(m.plan.outputs.map(\.captureId))
        for (index, panorama) in (m.plan.panoramas ?? []).enumerated()
        where !(2...10).contains(panorama.panels) || panorama.outputs.count != panorama.panels
            || Set(panorama.outputs).count != panorama.outputs.count || !panorama.outputs.allSatisfy(plannedIds.contains) {
            return ("plan.panoramas[\(index)]", "a panorama the plan does not have: expected 2 to 10 panels, each a distinct planned output, found \(panorama.panels) panel(s) named \(panorama.outputs.joined(separator: ", "))")
        }
        let allowed = Set(m.selection?.keys(of: m.plan.outputs) ?? m.plan.outputs)
        let outside = m.outputs.map(\.key).filter { !allowed.contains($0) }
        if !outside.isEmpty {
            let selection = m.selection.map { "its selection (\($0.label))" } ?? "the plan"
            return ("outputs", "outputs outside \(selection): expected only the outputs it selects, found \(names(outside))")
        }
        return nil
    }

    /// Planned outputs a manifest does not list.
    static func missing(_ manifest: Manifest) -> [Manifest.OutputKey] {
        let listed = Set(manifest.outputs.map(\.key))
        return manifest.plan.outputs.filter { !listed.contains($0) }
    }

    /// `de-DE/a, de-DE/b`, at most `limit` names then how many more.
    static func names(_ keys: [Manifest.OutputKey], limit: Int = 50) -> String {
        let shown = keys.prefix(limit).map(\.label).joined(separator: ", ")
        return keys.count > limit ? "\(shown) and \(keys.count - limit) more" : shown
    }
}

extension Manifest {
    /// A manifest from its JSON bytes, parsed once (a key given twice is refused naming both
    /// lines), of kind `composed-screenshots` schemaVersion 1; nil with the reasons in `d`
    /// (`file` names the bytes there).
    public static func decode(_ data: Data, file: String, into d: inout DiagnosticCollector) -> Manifest? {
        ManifestReader.decode(data, file: file, into: &d)
    }
}
