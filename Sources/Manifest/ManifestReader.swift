import Foundation
import Diagnostics
import Support
import Ingest
import Plan

/// Reads a manifest for `verify` and `merge-manifests`: a regular file, decoded, of kind
/// `composed-screenshots` and this version's schemaVersion (`Manifest.schema`), whose output
/// paths stay inside its folder. `release(_:)` reads what a render needs of an earlier release
/// in its output folder, of this version or an earlier one.
package enum ManifestReader {
    /// Nil (with the reason in the collector) when the file cannot be read or is not a manifest.
    static func read(_ file: String, into d: inout DiagnosticCollector) -> Manifest? {
        guard let data = bytes(file, into: &d) else { return nil }
        return decode(data, file: file, into: &d)
    }

    private static func bytes(_ file: String, into d: inout DiagnosticCollector) -> Data? {
        InputReader.read(path: file, as: .manifest, reporting: "the manifest", file: file, into: &d)
    }

    /// A manifest from its bytes (`file` names it in diagnostics); nil with the reasons in `d`.
    static func decode(_ data: Data, file: String, into d: inout DiagnosticCollector) -> Manifest? {
        guard let parsed = parse(data, file: file, outputs: Manifest.Output.self, into: &d) else { return nil }
        // The version is judged before the fields: another version's are other fields. A value
        // that is no integer is left to the decoder, which names it.
        let found = version(parsed.fields)
        if let schema = found.schemaVersion, found.kind != Manifest.kindName || schema != Manifest.schema {
            let earlier = found.kind == Manifest.kindName && schema < Manifest.schema
                ? " (written by an earlier version of store-screenshot-compose: render the release again with this version, which replaces its outputs)" : ""
            d.error(file, "schemaVersion", "expected kind \"\(Manifest.kindName)\" schemaVersion \(Manifest.schema), found \"\(found.kind)\" schemaVersion \(schema)\(earlier)")
            return nil
        }
        var manifest: Manifest
        do {
            manifest = try JSONValueDecoder.decode(Manifest.self, from: .object(parsed.fields))
            if let problem = parsed.outputProblem { throw problem }
        } catch let error as DecodingError {
            d.error(file, "(document)", "not a manifest: expected the manifest's fields, found \(ManifestDecodeText.describe(error))")
            return nil
        } catch {
            d.error(file, "(document)", "not a manifest: \(JSONErrorText.describe(error))")
            return nil
        }
        if manifest.kind != Manifest.kindName || manifest.schemaVersion != Manifest.schema {
            d.error(file, "schemaVersion", "expected kind \"\(Manifest.kindName)\" schemaVersion \(Manifest.schema), found \"\(manifest.kind)\" schemaVersion \(manifest.schemaVersion)")
            return nil
        }
        if parsed.tooMany {
            d.error(file, "outputs", "more outputs than one plan holds: expected at most \(Planner.maximumOutputs), found more")
            return nil
        }
        manifest.outputs = parsed.outputs
        return manifest
    }

    /// What a render needs of an earlier release in its output folder: the files its outputs
    /// were written to and their pixels' SHA-256. Read from a manifest of this version or an
    /// earlier one (their outputs list the same files), so a release of an earlier version is
    /// rendered over in place — its outputs removed as stale — never refused. Nil for anything
    /// else (another kind or version, not a manifest); the run then leaves the files alone.
    /// `followLinks` false: a symbolic link at `file` is no release (the output folder's
    /// ownership rule reads the folder's own manifests so).
    package static func release(_ file: String, followLinks: Bool = true) -> EarlierRelease? {
        var ignored = DiagnosticCollector()
        guard case .success(let data) = InputReader.read(path: file, as: .manifest, followLinks: followLinks),
              let parsed = parse(data, file: file, outputs: EarlierRelease.Output.self, into: &ignored),
              parsed.outputProblem == nil, !parsed.tooMany else { return nil }
        let found = version(parsed.fields)
        guard found.kind == Manifest.kindName, let schema = found.schemaVersion, (1...Manifest.schema).contains(schema) else { return nil }
        var release = EarlierRelease(schemaVersion: schema, outputs: parsed.outputs)
        release.identify(parsed.fields)
        return release
    }

    /// The document's `kind` and `schemaVersion`, read before anything else of it.
    private static func version(_ fields: [String: JSONValue]) -> (kind: String, schemaVersion: Int?) {
        (fields["kind"]?.stringValue ?? "", fields["schemaVersion"]?.integerValue)
    }

    /// Parsed once, by the one JSON reader: syntax errors with line and column, nesting and
    /// number limits, and a key given twice (which Foundation's decoder would silently resolve,
    /// so a forged manifest could show one hash to a reviewer and verify with the other).
    /// `outputs` is streamed: each entry is decoded as it is read and its tree dropped, and no
    /// more than a plan can hold are decoded (a 64 MiB manifest of small entries took 415 MB as
    /// one tree). The root's other fields come back as values.
    private static func parse<Output: Decodable>(_ data: Data, file: String, outputs type: Output.Type, into d: inout DiagnosticCollector)
        -> (fields: [String: JSONValue], outputs: [Output], outputProblem: DecodingError?, tooMany: Bool)? {
        var outputs: [Output] = []
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
                    outputs.append(try JSONValueDecoder.decode(Output.self, from: element.value,
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
        return (reader.fields, outputs, outputProblem, tooMany)
    }

    /// Every path `RelativePath.refusal` refuses: an output path (SVG, PNG, capture copy,
    /// fastlane copy) outside the manifest's folder (a manifest vouches only for files inside
    /// it) or no POSIX path; an input path (captures, template, fonts, which lie outside by
    /// design) that is no POSIX path.
    static func pathsOutsideFolder(_ manifest: Manifest) -> [(field: String, path: String, message: String)] {
        var refused: [(field: String, path: String, message: String)] = []
        func check(_ field: String, _ path: String, leaving: Bool) {
            switch RelativePath.refusal(path, leaving: leaving) {
            case nil:
                break
            case .outside:
                refused.append((field, path, "a path outside the manifest's folder: expected a relative path without .., found \(path)"))
            case .foreign(let form):
                let shown = RelativePath.shown(path)
                refused.append((field, path, "not a relative POSIX path: expected a path without a scheme, a backslash or a NUL, found \(shown) (\(form))"))
            }
        }
        let inputs: [(String, String)] = [("inputs.template", manifest.inputs.template.path), ("inputs.wells", manifest.inputs.wells.path),
                                          ("inputs.storeWells", manifest.inputs.storeWells.path)]
            + (manifest.inputs.headlines ?? []).enumerated().map { ("inputs.headlines[\($0.offset)]", $0.element.path) }
            + (manifest.inputs.templates ?? []).enumerated().map { ("inputs.templates[\($0.offset)]", $0.element.path) }
            + (manifest.inputs.frames ?? []).enumerated().map { ("inputs.frames[\($0.offset)]", $0.element.path) }
            + (manifest.inputs.backgrounds ?? []).enumerated().map { ("inputs.backgrounds[\($0.offset)]", $0.element.path) }
            + manifest.inputs.captures.enumerated().map { ("inputs.captures[\($0.offset)]", $0.element.path) }
        for (field, path) in inputs { check(field, path, leaving: true) }
        for (i, o) in manifest.outputs.enumerated() {
            let paths: [(String, String?)] = [("svg", o.svg.path), ("png", o.png?.path), ("capture", o.capture.path), ("fastlane", o.fastlane?.path)]
                + (o.extraCaptures ?? []).enumerated().map { ("extraCaptures[\($0.offset)]", $0.element.path) }
                + (o.fontCopies ?? []).enumerated().map { ("fontCopies[\($0.offset)]", $0.element.path) } + [("background", o.background?.path)]
            for case let (name, path?) in paths { check("outputs[\(i)].\(name)", path, leaving: false) }
            for (j, font) in o.fonts.enumerated() { check("outputs[\(i)].fonts[\(j)]", font.path, leaving: true) }
        }
        return refused
    }

    /// A plan whose fingerprint is not its basis's, a selection outside the plan (a shard index
    /// outside 1…N, a locale the plan lacks), a list of outputs that names one twice or
    /// panoramas other than its keys', or outputs outside the selection.
    static func planProblem(_ m: Manifest) -> (field: String, message: String)? {
        var itemNames: Set<String> = []
        if let twice = m.plan.basis.first(where: { !itemNames.insert($0.name).inserted }) {
            return ("plan.basis", "an item given twice: expected each name once, found \(twice.name) again")
        }
        let expected = Manifest.PlanEntry.fingerprint(of: m.plan.basis)
        if expected != m.plan.fingerprint {
            return ("plan.fingerprint", "the fingerprint is not the SHA-256 of plan.basis: expected \(expected), found \(m.plan.fingerprint)")
        }
        var planned: Set<OutputKey> = []
        if let twice = m.plan.outputs.first(where: { !planned.insert($0).inserted }) {
            return ("plan.outputs", "an output planned twice: expected each output once, found \(twice.label) again")
        }
        if let shard = m.selection?.shard, shard.count < 1 || !(1...shard.count).contains(shard.index) {
            return ("selection.shard", "shard index outside 1…N: expected 1 ≤ index ≤ \(shard.count), found \(shard.index) of \(shard.count)")
        }
        let plannedLocales = Set(m.plan.outputs.map(\.locale))
        if let locale = m.selection?.locales?.first(where: { !plannedLocales.contains($0) }) {
            return ("selection.locales", "a locale the plan does not have: expected \(Alternatives.oneOf(plannedLocales.sorted(), none: "a locale of the plan (it plans no output)")), found \(locale)")
        }
        // The panoramas are those the keys' panels name: the contact sheet and release tooling
        // read them as one unit.
        let panoramas = Manifest.PlanEntry.panoramas(of: m.plan.outputs)
        if m.plan.panoramas != panoramas {
            let found = (m.plan.panoramas ?? []).map { "\($0.screen) (\($0.panels) panel(s): \($0.outputs.joined(separator: ", ")))" }.joined(separator: "; ")
            let wanted = (panoramas ?? []).map { "\($0.screen) (\($0.panels) panel(s): \($0.outputs.joined(separator: ", ")))" }.joined(separator: "; ")
            return ("plan.panoramas", "panoramas other than the planned outputs' panels: expected \(wanted.isEmpty ? "none" : wanted), found \(found.isEmpty ? "none" : found)")
        }
        if let misnamed = m.outputs.first(where: { $0.captureId != $0.key.name }) {
            return ("outputs", "an output whose name is not its key's: expected \(misnamed.key.name), found \(misnamed.captureId)")
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
    static func missing(_ manifest: Manifest) -> [OutputKey] {
        let listed = Set(manifest.outputs.map(\.key))
        return manifest.plan.outputs.filter { !listed.contains($0) }
    }

    /// `de-DE/a, de-DE/b`, at most `limit` names then how many more.
    static func names(_ keys: [OutputKey], limit: Int = 50) -> String {
        let shown = keys.prefix(limit).map(\.label).joined(separator: ", ")
        return keys.count > limit ? "\(shown) and \(keys.count - limit) more" : shown
    }
}

extension Manifest {
    /// A manifest from its JSON bytes, parsed once (a key given twice is refused naming both
    /// lines), of kind `composed-screenshots` and this version's schemaVersion; nil with the reasons in `d`
    /// (`file` names the bytes there).
    public static func decode(_ data: Data, file: String, into d: inout DiagnosticCollector) -> Manifest? {
        ManifestReader.decode(data, file: file, into: &d)
    }
}

/// What a render reads of an earlier release in its output folder (`ManifestReader.release`):
/// the output files its manifest lists, with the pixels' SHA-256 of each PNG. The fields are
/// those of schemaVersion 1 and 2 alike.
package struct EarlierRelease: Sendable {
    struct File: Decodable, Sendable {
        var path: String
    }

    package struct PNG: Decodable, Sendable {
        package var path: String
        package var width: Int
        package var height: Int
        package var pixelsSHA256: String?
    }

    package struct Output: Decodable, Sendable {
        var svg: File
        package var png: PNG?
        var capture: File
        var fastlane: File?
        var extraCaptures: [File]?
        var fontCopies: [File]?
        var background: File?

        /// Every file the output wrote, relative to the manifest's folder.
        package var paths: [String] {
            [svg.path, png?.path, capture.path, fastlane?.path, background?.path].compactMap { $0 } + (extraCaptures ?? []).map(\.path) + (fontCopies ?? []).map(\.path)
        }
    }

    var schemaVersion: Int
    package var outputs: [Output]
    /// Whether `plan.fingerprint` is the SHA-256 of `plan.basis` by its version's rule (version 1:
    /// its `name=value` lines; version 2: canonical JSON): a manifest this tool wrote.
    package var fingerprintMatches = false
    /// A part's own file name (`manifest.de-DE.json`), from its `selection`; nil for a whole run's.
    package var partName: String?

    /// Reads the plan's fingerprint and the selection from the manifest's other fields.
    mutating func identify(_ fields: [String: JSONValue]) {
        let plan = fields["plan"]?.objectValue
        let basis = (plan?["basis"]?.arrayValue ?? []).compactMap { item -> Manifest.BasisItem? in
            guard let name = item.objectValue?["name"]?.stringValue, let value = item.objectValue?["value"]?.stringValue else { return nil }
            return Manifest.BasisItem(name: name, value: value)
        }
        let expected = schemaVersion == 1 ? SHA256.hex(Data(basis.map { "\($0.name)=\($0.value)\n" }.joined().utf8))
                                          : Manifest.PlanEntry.fingerprint(of: basis)
        fingerprintMatches = !basis.isEmpty && plan?["fingerprint"]?.stringValue == expected
        partName = fields["selection"].flatMap { try? JSONValueDecoder.decode(Manifest.Selection.self, from: $0) }?.manifestName
    }

    /// The listed output files that are SVGs or PNGs inside the folder (a manifest vouches only
    /// for files inside its own folder: what `RelativePath.refusal` refuses is left out).
    var ownFiles: Set<String> {
        Set(outputs.flatMap(\.paths).filter { path in
            RelativePath.refusal(path) == nil && (path.hasSuffix(".svg") || path.hasSuffix(".png"))
        })
    }
}
