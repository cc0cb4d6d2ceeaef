import Foundation

/// Reads a manifest for `verify` and `merge-manifests`: a regular file, decoded, of kind
/// `composed-screenshots` schemaVersion 1, whose output paths stay inside its folder.
enum ManifestReader {
    /// Nil (with the reason in the collector) when the file cannot be read or is not a manifest.
    static func read(_ file: String, into d: inout DiagnosticCollector) -> Manifest? {
        let url = URL(fileURLWithPath: file)
        if let problem = FileKind.problem(at: url) {
            d.error(file, "(file)", "cannot read the manifest: \(problem)")
            return nil
        }
        let manifest: Manifest
        do {
            manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
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
        return manifest
    }

    /// Every output path (SVG, PNG, capture copy, fastlane copy) that is absolute or climbs out
    /// with `..`: a manifest vouches only for files inside its own folder. Inputs (captures,
    /// template, fonts) lie outside by design and are not checked here.
    static func pathsOutsideFolder(_ manifest: Manifest) -> [(field: String, path: String)] {
        var outside: [(field: String, path: String)] = []
        for (i, o) in manifest.outputs.enumerated() {
            let paths: [(String, String?)] = [("svg", o.svg.path), ("png", o.png?.path), ("capture", o.capture.path), ("fastlane", o.fastlane?.path)]
            for case let (name, path?) in paths where path.isEmpty || path.hasPrefix("/") || path.split(separator: "/").contains("..") {
                outside.append(("outputs[\(i)].\(name)", path))
            }
        }
        return outside
    }

    /// Output keys a manifest lists that its plan does not, and planned ones it does not list.
    static func coverage(_ manifest: Manifest) -> (unplanned: [Manifest.OutputKey], missing: [Manifest.OutputKey]) {
        let listed = manifest.outputs.map { Manifest.OutputKey(locale: $0.locale, captureId: $0.captureId) }
        let planned = Set(manifest.plan.outputs)
        let listedSet = Set(listed)
        return (listed.filter { !planned.contains($0) }, manifest.plan.outputs.filter { !listedSet.contains($0) })
    }

    /// `de-DE/a, de-DE/b`, at most `limit` names then how many more.
    static func names(_ keys: [Manifest.OutputKey], limit: Int = 50) -> String {
        let shown = keys.prefix(limit).map(\.label).joined(separator: ", ")
        return keys.count > limit ? "\(shown) and \(keys.count - limit) more" : shown
    }
}
