import Foundation
import Diagnostics
import Support
import Ingest
import Plan
import Layout
import Compose
import Raster
import Manifest
import Publish

/// Where a run's outputs go: the output folder (checked before anything is drawn, its
/// earlier release read), or memory (the library API: the output folder is neither read nor
/// written; its path only names the manifest's relative paths).
enum RenderTarget: Sendable {
    case outputFolder
    case memory
}

/// The library's entry point: Job → Plan → Layout → Composed SVG → Raster → Manifest.
/// Never prints; results and diagnostics come back in a `RunReport`.
public struct ScreenshotComposer {
    public var typesetter: Typesetting
    public var layoutEngine: LayoutEngine
    /// Whether each template and canvas is drawn at `check` to see that it shows the headline
    /// and the capture (`TemplateProbe`). Off only for tests of the render's own guards, which
    /// stay behind it for what the probe does not draw (a panorama's panels).
    var probesTemplates = true

    public init(typesetter: Typesetting = PangoTypesetter(), layoutEngine: LayoutEngine = LayoutEngine()) {
        self.typesetter = typesetter
        self.layoutEngine = layoutEngine
    }

    /// Job → Plan → Layout, with every input problem collected: each stage runs on what the
    /// stage before it could validate, so one run reports all problems. Nil when there was any
    /// error. Nothing is written.
    /// The laid-out outputs are those `options.locales` selects (every output of the plan
    /// without `--locale`); the plan holds every output of the job.
    public func prepare(jobFile: String, options: PlanOptions, into d: inout DiagnosticCollector) -> (Plan, [LaidOutOutput])? {
        prepare(jobFile: jobFile, options: options, shard: nil, into: &d)
    }

    /// `prepare`, laying out only `shard`'s share of the selected outputs, for a run into the
    /// output folder or into memory (which neither reads nor checks the output folder).
    func prepare(jobFile: String, options: PlanOptions, shard: Shard?, target: RenderTarget = .outputFolder,
                 into d: inout DiagnosticCollector) -> (Plan, [LaidOutOutput])? {
        let before = d.errorCount
        guard let job = JobLoader.load(file: jobFile, headlineOptions: options.headlines, into: &d) else { return nil }
        return prepare(job, inputs: Ingest.read(job, options: options, target: target), options: options, shard: shard, target: target,
                       errorsBefore: before, into: &d)
    }

    /// Plan → Layout for a job already read (from a file, or built in code): every capture read
    /// (or taken from its PNG bytes) and checked, every headline laid out. Nil when there was
    /// any error (with `options.keepGoing`, only when a problem is not one capture's).
    public func prepare(job: Job, options: PlanOptions, into d: inout DiagnosticCollector) -> (Plan, [LaidOutOutput])? {
        prepare(job, inputs: nil, options: options, shard: nil, target: .outputFolder, errorsBefore: d.errorCount, into: &d)
    }

    /// `before`: the number of errors in `d` before the job was read, so the job file's own
    /// problems count. `inputs`: what the ingest step read for a job file; nil for a job built
    /// in code, whose files are read here once its own checks pass.
    func prepare(_ job: Job, inputs: IngestedInputs?, options: PlanOptions, shard: Shard?, target: RenderTarget, errorsBefore before: Int,
                 into d: inout DiagnosticCollector) -> (Plan, [LaidOutOutput])? {
        if job.builtInCode {
            job.checkBuiltInCode(into: &d)
            if d.errorCount > before { return nil }
        }
        let inputs = inputs ?? Ingest.read(job, options: options, target: target)
        let fontFiles = FontFiles.usable(job, inputs: inputs, into: &d)
        // A part (--locale, --shard) plans every capture from its header and bytes, and decodes
        // only those its own outputs compose (`Planner.checkPixels` below).
        let part = !options.locales.isEmpty || (shard?.count ?? 1) > 1
        let planning = Planner.planning(job, inputs: inputs, options: options, deferPixels: part, into: &d)
        if target == .outputFolder, let folder = planning.folder { OutputPreflight(folder).check(into: &d) }
        guard let plan = planning.plan else { return nil }
        do {
            // fontconfig is given the private copies, each content once per process (FontRegistry).
            try FontRegistry.register(fontFiles)
            // Measured and drawn with the job's files first (FontRegistry.runFonts).
            FontRegistry.runFonts = fontFiles
        } catch let error as FontRegistrationError {
            let user = FontFileCopies.userPath(of: error.path)
            let field = job.typesetting.fontFiles.firstIndex { inputs.fonts[$0].flatMap { try? $0.get() }?.userPath == user }.map { "fontFiles[\($0)]" }
            d.error(job.file, field ?? "fontFiles", "fontconfig cannot use the font file: expected a TrueType or OpenType font, found \(user)")
            return nil
        } catch {
            d.error(job.file, "fontFiles", "\(error)")
            return nil
        }
        // Pango falls back silently for a family it does not know, so the SVG would name one
        // font and the PNG show another: a family the job names must exist.
        // The theme's accentFont (and each screen's) is matched as fonts is, so it is held to it.
        var named = job.typesetting.fonts.map { ("fonts.\($0.key)", $0.value) }
        for (prefix, theme) in [("theme", job.theme)] + job.theme.screens.map({ ("theme.screens.\($0.key)", $0.value) }) {
            // A screen's look starts from the theme's: only what it sets itself is its own.
            named += theme.accentFont.filter { prefix == "theme" || job.theme.accentFont[$0.key] != $0.value }
                .map { ($0.key == "default" ? "\(prefix).accentFont" : "\(prefix).accentFont.\($0.key)", $0.value) }
        }
        for (field, list) in named.sorted(by: { $0.0 < $1.0 }) {
            for family in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
            where !family.isEmpty && !typesetter.hasFamily(family) {
                d.error(job.file, field, "font family \"\(family)\" is not installed or registered: expected a family fontconfig knows (fc-list : family) or one in fontFiles, found none")
            }
        }
        // Checks of the plan as a whole, then every output laid out from its own values.
        if case .slots(let template) = plan.templateChoice { layoutEngine.warnMissingFamilies(template, typesetter: typesetter, into: &d) }
        layoutEngine.checkContrast(plan, into: &d)
        PlaceholderTextCheck.check(plan, into: &d)
        // Only the outputs this run renders are laid out: a shard of none lays out nothing.
        let rule = PlanRecord.selection(plan: plan, options: options, shard: shard)?.rule ?? PlanSelection()
        var selected = plan.outputs(selected: rule)
        if part { selected = Planner.checkPixels(selected, inputs: inputs, into: &d) }
        let peers = rule.shard == nil ? [] : plan.outputs(selected: PlanSelection(locales: rule.locales))
        let laidOut = layoutEngine.layoutAll(selected, sizedWith: peers, typesetter: typesetter, into: &d)
        // librsvg asked whether each template and canvas shows the headline and the capture;
        // only templates every other check accepted are drawn.
        // Every drawing from here on, at check and render, under the job's bounds.
        RasterWorkers.bounds = job.drawingBounds.applied(to: options.drawingCeiling, file: job.file, into: &d)
        if probesTemplates && d.errorCount == before { TemplateProbe.check(laidOut, into: &d) }
        if d.errorCount == before { return (plan, laidOut) }
        // --keep-going renders the rest only when every problem belongs to one capture.
        let runWide = d.diagnostics.contains { $0.severity == .error && $0.captureId == nil }
        if options.keepGoing && !runWide && !laidOut.isEmpty { return (plan, laidOut) }
        return nil
    }

    /// Re-hashes every file `manifestFile` lists; `outputCount` is the number of files checked.
    /// `partial`: a part manifest checked on its own (what it lists, not the whole plan).
    public static func verify(manifestFile: String, outputsOnly: Bool = false, partial: Bool = false) -> RunReport {
        var d = DiagnosticCollector()
        let (count, manifest) = ManifestVerifier.verified(manifestFile: manifestFile, outputsOnly: outputsOnly, partial: partial, into: &d)
        // The manifest verified and its outputs, as `--json` reports them for a render.
        return RunReport(diagnostics: d.diagnostics, manifest: manifest,
                         manifestURL: manifest.map { _ in URL(fileURLWithPath: manifestFile).standardizedFileURL }, outputCount: count)
    }

    /// Every check `render` makes; writes nothing.
    public func check(jobFile: String, options: PlanOptions) -> RunReport {
        var d = DiagnosticCollector()
        let prepared = prepare(jobFile: jobFile, options: options, into: &d)
        var report = RunReport(diagnostics: d.diagnostics, manifest: nil, manifestURL: nil, outputCount: prepared?.1.count ?? 0)
        report.leftOut = prepared?.0.leftOut ?? []
        return report
    }

    /// Renders every output and writes `manifest.json` into the output folder (see
    /// `render(jobFile:options:rendering:)`).
    public func render(jobFile: String, options: PlanOptions, svgOnly: Bool = false) -> RunReport {
        render(jobFile: jobFile, options: options, rendering: RenderOptions(svgOnly: svgOnly))
    }

    /// Renders every output (of this shard, with `rendering.shard`) on `rendering.jobs` threads
    /// and writes the manifest into the output folder. When any input is refused nothing is
    /// written. Every file is first written to a staging folder inside the output folder; only
    /// when every output succeeded are they moved to their final names (the old manifest
    /// removed first) and the manifest written. When an output fails, the others are still
    /// rendered and reported, and the output folder is left as it was. Diagnostics and the
    /// manifest come out in the same order whatever the number of threads.
    public func render(jobFile: String, options: PlanOptions, rendering: RenderOptions) -> RunReport {
        var d = DiagnosticCollector()
        guard let (plan, allLaidOut) = prepare(jobFile: jobFile, options: options, shard: rendering.shard, into: &d) else {
            return RunReport(diagnostics: d.diagnostics, manifest: nil, manifestURL: nil, outputCount: 0)
        }
        return publish(plan, allLaidOut, options: options, rendering: rendering, diagnostics: d)
    }

    /// Every check `render` makes, for a job built in code; writes nothing.
    public func check(job: Job, options: PlanOptions = PlanOptions()) -> RunReport {
        var d = DiagnosticCollector()
        let prepared = prepare(job: job, options: options, into: &d)
        var report = RunReport(diagnostics: d.diagnostics, outputCount: prepared?.1.count ?? 0)
        report.leftOut = prepared?.0.leftOut ?? []
        return report
    }

    /// Renders a job built in code into its output folder (`job.output`, or `options.output`),
    /// exactly as `render(jobFile:options:rendering:)` does for a job file.
    public func render(job: Job, options: PlanOptions = PlanOptions(), rendering: RenderOptions = RenderOptions()) -> RunReport {
        var d = DiagnosticCollector()
        guard let (plan, allLaidOut) = prepare(job, inputs: nil, options: options, shard: rendering.shard, target: .outputFolder, errorsBefore: 0, into: &d) else {
            return RunReport(diagnostics: d.diagnostics)
        }
        return publish(plan, allLaidOut, options: options, rendering: rendering, diagnostics: d)
    }

    /// The whole job's plan as the manifest records it.
    func planRecord(_ plan: Plan, options: PlanOptions, rendering: RenderOptions) -> Manifest.PlanEntry {
        PlanRecord.entry(plan: plan, options: options, rendering: rendering, toolchain: .current(typesetter: typesetter))
    }

    /// The render stage and the publish step: every output rendered and staged into the output
    /// folder's staging folder (`FolderSink`), then moved into place with the manifest and the
    /// contact sheet.
    private func publish(_ plan: Plan, _ laidOut: [LaidOutOutput], options: PlanOptions, rendering: RenderOptions,
                         diagnostics: DiagnosticCollector) -> RunReport {
        var d = diagnostics
        let folder: OutputFolder
        do {
            folder = try OutputFolder(plan.output)
        } catch let error as OutputFolderError {
            d.error(plan.output.path, "(output folder)", error.message)
            return RunReport(diagnostics: d.diagnostics)
        } catch {
            d.error(plan.output.path, "(output folder)", "\(error)")
            return RunReport(diagnostics: d.diagnostics)
        }
        let run = renderLoop(plan, laidOut, options: options, rendering: rendering,
                             into: FolderSink(staging: StagingArea(root: folder.staging), outputRoot: plan.output), diagnostics: &d)
        guard let manifest = run.manifest else { return RunReport(diagnostics: d.diagnostics, outputCount: 0) }
        let manifestName = OutputPaths.manifestName(selection: run.selection)
        let manifestURL = plan.output.appendingPathComponent(manifestName)
        do {
            // Screens may share a capture copy (a panorama's panels, a capture in two screens): once each.
            var seen: Set<String> = []
            let files = run.outputs.flatMap(\.kept).filter { seen.insert($0).inserted }
            var review: [String] = []
            // The review page, for whole runs (a part's would show only its part; merging
            // the parts writes the whole page).
            if run.selection == nil {
                // The script first: the page is never there without it.
                let sheet = ContactSheet.html(manifest: manifest, warnings: d.diagnostics.filter { $0.severity == .warning })
                try AtomicFile.write(ContactSheet.script, to: folder.staging.appendingPathComponent(OutputPaths.contactSheetScript))
                try AtomicFile.write(sheet, to: folder.staging.appendingPathComponent(OutputPaths.contactSheet))
                review += [OutputPaths.contactSheetScript, OutputPaths.contactSheet]
            }
            try folder.publish(files, manifest: try manifest.encoded(), name: manifestName, review: review)
        } catch let error as OutputFolderError {
            for message in error.messages { d.error(plan.output.path, "(output folder)", message) }
            return RunReport(diagnostics: d.diagnostics, outputCount: 0)
        } catch {
            d.error(manifestURL.path, "(output)", "cannot write: \(FileErrorText.describe(error, path: manifestURL.path))")
            return RunReport(diagnostics: d.diagnostics, outputCount: 0)
        }
        return RunReport(diagnostics: d.diagnostics, manifest: manifest, manifestURL: manifestURL, outputCount: run.outputs.count)
    }
}

/// The output folder as a sink: each output's files are staged in the folder's staging folder
/// as it is drawn, and only their names kept (the publish step moves them into place).
struct FolderSink: OutputSink {
    let staging: StagingArea
    let outputRoot: URL?

    /// The staged files, relative to the output folder.
    func keep(_ rendered: RenderedOutput) throws -> [String] { try staging.stage(rendered) }
}
