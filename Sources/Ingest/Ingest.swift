import Foundation
import Diagnostics
import Support

/// The ingest step, the one place a job's inputs are read: the job file (with the headline
/// files, fastlane capture folders and font-file checks its decoding needs, `JobLoader`), then
/// every file the job names — template(s), wells and store-wells catalogs (or the shipped
/// ones), captures (each locale's file of a `{locale}` path, and the fallback locale's),
/// graphic icons — into `IngestedInputs` (the store-language lists are read with the job:
/// `Job.releaseLocales`). Reading never reports: a file that cannot be read is
/// reported by the planner when it needs it, so the diagnostics are those of a run that reads
/// as it goes. Font files are read here too, and fontconfig is given a private copy of their
/// bytes (`FontFileCopies`), never the job's path, which it would open again later.
public enum Ingest {
    /// Every file `job` names (a job read from a file, or built in code). Captures are not read
    /// for a job over the count limits (it is refused before any capture is needed).
    /// `composedOutputs`: the outputs earlier runs composed into the output folder (read from
    /// its manifests by the orchestration, `Ingest.read(_:options:)`; none for a render to memory).
    package static func read(_ job: Job, options: PlanOptions, composedOutputs: ComposedOutputs) -> IngestedInputs {
        var inputs = IngestedInputs()
        if job.builtinTemplate == nil {
            inputs.ingest(job.template, builtin: BuiltinResources.templateName, as: .template)
        }
        // "template" by device family or target: each file once.
        for entry in job.templateMap where entry.file != nil {
            inputs.ingest(entry.file, as: .template)
        }
        inputs.ingest(job.wells, builtin: BuiltinResources.wellsName, as: .catalog)
        inputs.ingest(job.storeWells, builtin: BuiltinResources.storeWellsName, as: .catalog)
        // A screen's or graphic's own template is read with the catalogs' limit, as it always was.
        for url in job.screens.compactMap(\.template) + job.graphics.compactMap(\.template) {
            inputs.ingest(url, as: .catalog)
        }
        // A capture whose pixels are an earlier output's is refused even with its marker chunk stripped.
        inputs.composedOutputs = composedOutputs
        for path in job.typesetting.fontFiles { inputs.ingestFont(path) }
        // Device frames: the job's and each capture's own.
        for url in ([job.frame] + job.captures.map(\.frame)).compactMap({ $0 }) {
            inputs.ingest(url, as: .frame)
        }
        // The theme's background images: the job's and each screen's own.
        for url in ([job.theme] + job.theme.screens.values).compactMap(\.backgroundImage) {
            inputs.ingest(url, as: .image)
        }
        var scratch = DiagnosticCollector()
        // The plan is the whole job's, every locale (whatever `--locale` selects).
        guard JobLimits.withinCountLimits(job, locales: job.locales.count, &scratch) else {
            return inputs
        }
        for graphic in job.graphics { inputs.ingestCapture(graphic.icon) }
        let fallbackLocale = options.headlines.fallbackLocale.flatMap { LocaleTag.isWellFormed($0) ? LocaleTag.canonical($0) : nil }
        for capture in job.captures where capture.png == nil {
            guard capture.isPerLocale else {
                inputs.ingestCapture(capture.url)
                continue
            }
            // Every locale of the job, not only those `--locale` selects (see `Planner.plan`).
            for locale in job.locales + [fallbackLocale].compactMap({ $0 }) {
                let url = LocaleCapturePath.file(capture, locale: locale, job: job).url
                // Opened once: a candidate that is not there is simply absent (no stat first,
                // which the file could change between).
                inputs.ingestCapture(url)
                if case .failure(let problem) = inputs.read(url, as: .capture), problem.missing { continue }
                inputs.existing.insert(url.path)
            }
        }
        return inputs
    }
}

extension IngestedInputs {
    /// Reads `url` as `kind` (once), or the shipped resource `builtin` when `url` is nil.
    mutating func ingest(_ url: URL?, builtin: String = "", as kind: InputKind) {
        if let url {
            let key = Key(path: url.path, kind: kind)
            if reads[key] == nil { reads[key] = InputReader.read(url, as: kind) }
        } else if builtins[builtin] == nil, let resource = BuiltinResources.url(builtin), case .success(let data) = InputReader.read(resource, as: kind) {
            builtins[builtin] = Builtin(url: resource, data: data)
        }
    }

    /// A font file of the job: read once, then copied privately for fontconfig.
    mutating func ingestFont(_ path: String) {
        guard fonts[path] == nil else { return }
        fonts[path] = InputReader.read(path: path, as: .font).flatMap { bytes in
            Result { try FontFileCopies.copy(of: path, bytes: bytes) }.mapError { $0 as? InputReadProblem ?? InputReadProblem(message: "\($0)") }
        }
    }

    /// A capture file: its bytes and the path its decoded facts are shared under.
    package mutating func ingestCapture(_ url: URL) {
        ingest(url, as: .capture)
        if identities[url.path] == nil { identities[url.path] = url.standardizedFileURL.resolvingSymlinksInPath().path }
    }
}
