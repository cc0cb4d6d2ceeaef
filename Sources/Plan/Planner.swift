import Foundation
import Diagnostics
import Support
import Ingest

/// Job + ingested inputs → Plan: parses the template and the wells catalogs (the job's, or the
/// shipped ones), decodes every capture once (a part: only those it composes, `deferPixels`) and checks it against its well (a PNG whose IHDR
/// width × height equal the well's recorded size), and lists the outputs. Every problem is
/// collected. Reads no file: every byte comes from `IngestedInputs` (`Ingest.read`).
///
/// The plan is built from whatever is valid so that the later stages can report their problems
/// in the same run; callers must not render when the collector holds errors. Nil only when
/// the wells catalogs could not be loaded (no canvas can be known).
public enum Planner {
    /// The output folder is not looked at here: the publish step's pre-flight checks it
    /// (`ScreenshotComposer` runs it on `planning`'s `folder` right after planning).
    public static func plan(_ job: Job, inputs: IngestedInputs, options: PlanOptions, into d: inout DiagnosticCollector) -> Plan? {
        planning(job, inputs: inputs, options: options, into: &d).plan
    }

    /// The plan (nil as for `plan`), and what the run writes into the output folder and read,
    /// for the publish step's pre-flight, even without a plan (nil only for a job over the count
    /// limits: refused before anything is planned, or its list of outputs over the limit).
    ///
    /// `deferPixels`: for a part (`--locale`, `--shard`), the captures are planned from their
    /// headers and bytes only (size, SHA-256, colour chunks: all the plan and its record take);
    /// the run then decodes, with `checkPixels`, only those its own outputs compose.
    package static func planning(_ job: Job, inputs: IngestedInputs, options: PlanOptions, deferPixels: Bool = false,
                         into d: inout DiagnosticCollector) -> (plan: Plan?, folder: PlannedOutputFolder?) {
        let composedAt = Timestamp.composedAt(sourceDateEpoch: options.sourceDateEpoch, into: &d)
        let templates = PlannedTemplates.read(job, inputs: inputs, &d)
        let templateChoice = templates.main.choice
        let templateRead = templates.main.read
        let template = templates.main.template
        let wellsRead = readInput(job.wells, builtin: BuiltinResources.wellsName, field: "wells", job: job, inputs: inputs, &d)
        let deviceWells = wellsRead.flatMap { WellsCatalogLoader.load(data: $0.data, file: $0.file.displayPath, into: &d) }
        let storeRead = readInput(job.storeWells, builtin: BuiltinResources.storeWellsName, field: "storeWells", job: job, inputs: inputs, &d)
        let wells = deviceWells.flatMap { base in
            storeRead.flatMap { read in
                WellsCatalogLoader.load(data: read.data, file: read.file.displayPath, minimums: base.citedMinimumNativeWidths, into: &d)
            }.flatMap { store in merge(base, store, file: storeRead?.file.displayPath ?? "", &d) }
        }

        // The plan is the whole job's, every locale: `--locale` and `--shard` select a part of
        // its outputs (`PlanSelection`), so every part of a CI matrix plans the same list.
        let selected = selectLocales(job, requested: options.locales, &d)
        let locales = job.locales
        warnUnusedBadges(job, locales: selected, templateChoice: templateChoice, templateFile: templateRead?.file.displayPath ?? "the template", into: &d)
        if !withinCountLimits(job, locales: locales.count, &d) { return (nil, nil) }
        var captures: [PlannedCapture] = []
        let decoded = CaptureDecodeCache()
        // capture id → locale → (index into `captures`, the locale whose file it is when it
        // stands in for a missing one); the locale is "" for a capture every locale shares.
        var captureFor: [String: [String: (index: Int, fallbackFrom: String?)]] = [:]
        let fallbackLocale = options.headlines.fallbackLocale.flatMap { LocaleTag.isWellFormed($0) ? LocaleTag.canonical($0) : nil }
        for (index, capture) in job.captures.enumerated() {
            let mark = d.diagnostics.count
            defer { d.attribute(since: mark, to: capture.id) }
            guard capture.isPerLocale else {
                if var planned = readCapture(capture, index: index, job: job, wells: wells, inputs: inputs, cache: decoded, pixels: !deferPixels, &d) {
                    planned.jobIndex = index
                    captureFor[capture.id] = ["": (captures.count, nil)]
                    captures.append(planned)
                }
                continue
            }
            // Each locale's own file, read once even when several locales share it. Every
            // locale of the job, not only those `--locale` selects: the parts of one plan list
            // the same inputs, so per-locale CI runs merge (merge-manifests) to the whole run.
            var read: [String: Int] = [:]
            var own: [PlannedCapture] = []
            for file in LocaleCapturePath.resolve(capture, field: capture.field ?? "captures[\(index)].path",
                                                  locales: job.locales.filter { !capture.absentLocales.contains($0) },
                                                  fallbackLocale: fallbackLocale, job: job, inputs: inputs, &d) {
                if read[file.url.path] == nil {
                    var concrete = capture
                    concrete.path = file.path
                    concrete.url = file.url
                    let first = read.isEmpty
                    read[file.url.path] = -1
                    guard var planned = readCapture(concrete, index: index, job: job, wells: wells, inputs: inputs, reportJobFields: first, cache: decoded, pixels: !deferPixels, &d) else { continue }
                    planned.jobIndex = index
                    planned.locale = file.fallbackFrom ?? file.locale
                    read[file.url.path] = captures.count
                    captures.append(planned)
                    own.append(planned)
                }
                if let at = read[file.url.path], at >= 0 { captureFor[capture.id, default: [:]][file.locale] = (at, file.fallbackFrom) }
            }
            // One well per screen in every locale, as `init` holds: a file of another size
            // would fill another target, or none, and leave its locale's listing short.
            for refusal in WellsCatalog.sameWellRefusals(own.map { ($0.url.path, $0.well) }) { d.error(refusal.path, "(size)", refusal.message) }
            LocaleCapturePath.warnSameBytes(own, capture: capture, field: capture.field ?? "captures[\(index)].path", job: job, &d)
        }

        attachFrames(&captures, job: job, inputs: inputs, &d)
        // As read, before targets copy them: `captureFor` indexes this list.
        let readCaptures = captures
        var leftOut: [LeftOutCapture] = []
        if !job.targets.isEmpty, let wells {
            let targets = TargetExpansion.resolve(job.targets, wells: wells, file: job.file, &d)
            captures = TargetExpansion.expand(captures, targets: targets, wells: wells, job: job, enlargedWidth: { copy in
                templates.chosen(for: copy).flatMap { CapturePlacement.enlargedWidth(copy, choice: $0.choice, theme: job.theme) }
            }, leftOut: &leftOut, &d)
        } else if let first = job.leaveOut.first {
            // Without targets every capture is composed at its well's size: nothing is left out.
            d.error(job.file, first.field, "a device is left out of the job's targets: expected \"targets\" (without them every capture is composed at its well's size), found none")
        }

        let icons = graphicIcons(job, wells: wells, inputs: inputs, &d)
        captures += icons.map(\.1)
        let output = options.output.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? job.output
        // From here on each locale's problems are about its own outputs: those of a locale the
        // run does not render are left out below, as that locale's own run reports them.
        let perLocale = d.diagnostics.count
        var fastlaneCodes: [String: String] = [:]
        var playCodes: [String: String] = [:]
        if options.fastlaneLayout, let wells {
            let stores = Set(captures.map { UploadLayout.store(of: $0, wells: wells) })
            // Several fastlane folders: a locale only one folder holds (iOS `ja`, Android
            // `ja-JP`) uploads to that folder's store only, so it shares no store language.
            func storeLocales(_ store: String) -> [String] {
                let absent = captures.filter { UploadLayout.store(of: $0, wells: wells) == store }
                    .map { planned in job.captures.first { $0.id == planned.id }?.absentLocales ?? [] }
                return locales.filter { locale in absent.contains { !$0.contains(locale) } }
            }
            if stores.contains("app-store") { fastlaneCodes = mapToStoreLanguages(storeLocales("app-store"), store: "app-store", job: job, inputs: inputs, &d) }
            if stores.contains("google-play") { playCodes = mapToStoreLanguages(storeLocales("google-play"), store: "google-play", job: job, inputs: inputs, &d) }
            var warned: Set<String> = []
            for capture in captures where warned.insert(capture.outputStem).inserted {
                // A graphic's icon is no job capture; a fastlane folder's capture names its folder
                // and files (its field is the folder list's).
                let field = capture.jobField ?? "captures[\(capture.jobIndex)]"
                let named = job.fastlaneFiles(ofCapture: capture.jobIndex).map { "capture \(capture.id) (\($0)): " } ?? ""
                let mark = d.diagnostics.count
                defer { d.attribute(since: mark, to: DiagnosticSubject(captureId: capture.id, target: capture.canvas.storeWell?.store == nil ? nil : capture.canvas.id)) }
                if UploadLayout.store(of: capture, wells: wells) == "google-play" {
                    if capture.target == nil, capture.canvas.storeWell?.store == nil {
                        // An Android well's own size is no Play slot (1080×2400 breaks its 2:1 rule).
                        d.warning(job.file, field, "\(named)--layout fastlane: \(capture.canvas.width)×\(capture.canvas.height) (\(capture.canvas.id)) is no Google Play slot: expected a target such as \"targets\": [\"google-play:phone\"], found none; its PNGs are not copied to the upload layout")
                    } else if UploadLayout.playType(of: capture, wells: wells) == nil {
                        d.warning(job.file, field, "\(named)--layout fastlane: fastlane supply has no folder for \(capture.target?.name ?? capture.canvas.id): expected phone, tablet, TV or Wear OS screenshots, found \(capture.target?.storeClass ?? "another class"); its PNGs are not copied to the upload layout")
                    }
                } else if capture.canvas.storeWell?.store != "app-store" {
                    // deliver uploads what it finds to App Store Connect: a canvas that is no
                    // App Store slot will likely be rejected.
                    d.warning(job.file, field, "\(named)--layout fastlane: \(capture.canvas.width)×\(capture.canvas.height) is not an App Store slot; App Store Connect may reject it (target a slot with \"storeWell\" or \"targets\")")
                }
            }
        }
        var outputs: [OutputSpec] = []
        // Why a screen or capture has no output (in a locale, or in every one), for the refusal
        // of a run that selects nothing.
        var unplanned: [(locale: String?, reason: String)] = []
        for screen in job.screens {
            for id in screen.captures where !readCaptures.contains(where: { $0.id == id }) {
                let devices = job.captures.filter { $0.screen == id }.map(\.id)
                guard !devices.isEmpty else { continue }
                unplanned.append((nil, "screen \(screen.id) names \(id), a screen of several devices (\(devices.joined(separator: ", "))), not one capture: a screen composes one capture per slot"))
            }
        }
        for locale in locales where !job.screens.isEmpty {
            // A screen finds its captures by id; a {locale} capture has one planned capture per
            // locale file under that id, so a screen sees only this locale's (or its fallback's).
            // Without this every locale composed the first locale's file.
            let localeCaptures = captures.filter { capture in
                guard let found = captureFor[capture.id]?[locale] ?? captureFor[capture.id]?[""] else { return false }
                return capture.url == readCaptures[found.index].url
            }
            for screen in job.screens {
                let missing = screen.captures.filter { id in !localeCaptures.contains { $0.id == id } && readCaptures.contains { $0.id == id } }
                if !missing.isEmpty { unplanned.append((locale, "screen \(screen.id) has no capture file of \(missing.joined(separator: ", ")) for \(locale)")) }
            }
            var screens = screenOutputs(job, locale: locale, captures: localeCaptures, templates: templates,
                                        composedAt: composedAt ?? "", storeRules: wells?.storeRules ?? [],
                                        fastlaneLanguage: fastlaneCodes[locale], wells: wells, inputs: inputs, &d)
            for index in screens.indices where screens[index].capture.locale != nil {
                // As for a screen of one capture: the file the (first) capture slot composed.
                screens[index].captureSource = RelativePath.from(output, to: screens[index].capture.url)
                screens[index].captureFallback = captureFor[screens[index].capture.id]?[locale]?.fallbackFrom
            }
            outputs += screens
        }
        for locale in locales where job.screens.isEmpty {
            var valid: [String: (headline: String, subtitle: String?)] = [:]
            for jobCapture in job.captures {
                guard let headline = job.headlines[locale]?[jobCapture.id] else { continue }
                let mark = d.diagnostics.count
                let headlineValid = checkHeadlineCharacters(headline, job: job, locale: locale, captureId: jobCapture.id, &d)
                let subtitle = job.subtitles[locale]?[jobCapture.id]
                let subtitleValid = subtitle.map { checkHeadlineCharacters($0, job: job, locale: locale, captureId: jobCapture.id, field: "subtitles", &d) } ?? true
                let badgeValid = job.badges[locale]?[jobCapture.id].map { checkHeadlineCharacters($0, job: job, locale: locale, captureId: jobCapture.id, field: "badges", &d) } ?? true
                d.attribute(since: mark, to: DiagnosticSubject(locale: locale, captureId: jobCapture.id))
                if headlineValid, subtitleValid, badgeValid { valid[jobCapture.id] = (headline, subtitle) }
            }
            for jobCapture in job.captures where valid[jobCapture.id] != nil && captureFor[jobCapture.id] != nil
                && captureFor[jobCapture.id]?[locale] == nil && captureFor[jobCapture.id]?[""] == nil {
                unplanned.append((locale, "capture \(jobCapture.id) has no file for \(locale)"))
            }
            // Every planned copy of a capture (one per target with "targets") in plan order:
            // target, then job order.
            for capture in captures {
                guard let text = valid[capture.id] else { continue }
                // The locale's own capture for a {locale} path, else the one every locale shares.
                guard let found = captureFor[capture.id]?[locale] ?? captureFor[capture.id]?[""],
                      capture.url == readCaptures[found.index].url else { continue }
                let upload = UploadLayout.upload(for: capture, locale: locale, wells: wells, appStoreCodes: fastlaneCodes, playCodes: playCodes)
                // The capture's target's or family's template ("template" as an object), else the job's.
                guard let chosen = templates.chosen(for: capture) else { continue }
                var spec = OutputSpec(
                    locale: locale, capture: capture, canvas: capture.canvas, headline: text.headline, subtitle: text.subtitle,
                    headlineFallback: job.headlineFallbacks[locale]?[capture.id], theme: job.theme.forScreen(job.captures[capture.jobIndex].screen ?? capture.id), typesetting: job.typesetting,
                    template: chosen.placeholder, templateChoice: chosen.choice,
                    destination: OutputPaths.destinations(locale: locale, name: capture.id, captureId: capture.id,
                                                          order: capture.jobIndex + 1, folder: capture.target?.folder,
                                                          device: job.captures[capture.jobIndex].device, upload: upload),
                    composedAt: composedAt ?? "", storeRules: wells?.storeRules ?? [], headlineFile: job.file)
                spec.templateFile = chosen.file.displayPath
                if chosen.key != nil, chosen.file.displayPath != templateRead?.file.displayPath { spec.templateInput = chosen.read?.file }
                if capture.locale != nil {
                    spec.captureSource = RelativePath.from(output, to: capture.url)
                    spec.captureFallback = found.fallbackFrom
                }
                // Problems with the headline are reported where it was written.
                // A fastlane screen shown on several devices has one headline, keyed by the screen.
                spec.headlineOrigin = job.headlineOrigins[locale]?[capture.id]
                    ?? job.captures[capture.jobIndex].screen.map { HeadlineOrigin(file: job.file, field: "headlines.\(locale).\($0)") }
                spec.slotTexts["badge"] = job.badges[locale]?[capture.id]
                outputs.append(spec)
            }
        }

        outputs += graphicOutputs(job, icons: icons, locales: locales, placeholder: template ?? SVGTemplate.empty,
                                  composedAt: composedAt ?? "", storeRules: wells?.storeRules ?? [],
                                  wells: wells, playCodes: playCodes, inputs: inputs, &d)
        d.discard(since: perLocale) { $0.subject?.locale.map { !selected.contains($0) } ?? false }
        // Locale, then job order (captures or screens, then graphics).
        // The headline key each locale's outputs were written under, from the one locale model.
        for index in outputs.indices { outputs[index].headlineKey = job.releaseLocales[outputs[index].locale]?.headlineKey }
        outputs = outputs.enumerated().sorted { a, b in
            ((locales.firstIndex(of: a.element.locale) ?? 0), a.offset) < ((locales.firstIndex(of: b.element.locale) ?? 0), b.offset)
        }.map(\.element)
        // The output limit counts the plan's own list, the one every later stage reads: with
        // "targets" a capture is one output per target it fills, which no count from the job
        // alone knows (the bound before reading, `withinCountLimits`, only bounds the files read).
        if outputs.count > maximumOutputs {
            let targets = job.targets.isEmpty ? "" : ", \(job.targets.count) target\(job.targets.count == 1 ? "" : "s"): a capture is one output per target it fills"
            d.error(job.file, job.targets.isEmpty ? "headlines" : "targets", "too many planned outputs: expected at most \(maximumOutputs), found \(outputs.count) in the plan (\(locales.count) locales\(targets)); split the locales\(job.targets.isEmpty ? "" : " or the targets") into several jobs")
            return (nil, nil)
        }
        // Each upload folder's copies numbered from 01 (ranks of the job-order numbers), whatever else
        // the job renders (an iPad and iPhone set before the Play phone set made it 07_…).
        let numbered = OutputPaths.numberedUploads(outputs.map(\.destination.fastlane))
        let fontCopies = OutputPaths.fontCopies(job.typesetting.fontFiles)
        for index in outputs.indices {
            outputs[index].destination.fastlane = numbered[index]
            outputs[index].destination.fontCopies = fontCopies
        }
        if job.screens.isEmpty {
            // A template is fitted to canvases of its own orientation (README, "Templates drawn
            // once, fitted to every slot"); one of another orientation is refused once per canvas.
            var reported: Set<String> = []
            for capture in captures {
                guard case .slots(let slots) = templates.chosen(for: capture)?.choice,
                      let problem = TemplateFitting.orientationProblem(slots, canvas: capture.canvas, panels: 1),
                      reported.insert("\(slots.file) \(capture.canvas.id)").inserted else { continue }
                d.error(slots.file, "<svg> width, height", "\(problem) of capture \(capture.id)")
            }
            reported = []
            for capture in captures {
                guard case .slots(let slots) = templates.chosen(for: capture)?.choice,
                      reported.insert("\(slots.file) \(capture.canvas.id)").inserted,
                      let problem = TemplateFitting.costProblem(slots, canvas: capture.canvas, panels: 1) else { continue }
                d.error(slots.file, problem.element, problem.message, at: problem.position)
            }
        }
        if let wells {
            // The captures the map must cover: each one's own output, or the first of a screen
            // without a template of its own (graphics' icons have their own template).
            let firsts = Set(job.screens.filter { $0.template == nil && $0.builtinTemplate == nil }.compactMap(\.captures.first))
            templates.check(captures.filter { !$0.well.id.hasPrefix("icon:") && (job.screens.isEmpty || firsts.contains($0.id)) }, wells: wells, job: job, &d)
        }
        refuseFramesWithoutSlots(outputs, job: job, &d)
        attachBackgrounds(&outputs, job: job, inputs: inputs, &d)
        StoreRuleChecker.checkPlan(captures: captures, locales: locales, rules: wells?.storeRules ?? [], file: job.file, into: &d)
        StoreRuleChecker.checkAppAlone(captures: captures, rules: wells?.storeRules ?? [], job: job, frame: { capture in
            if let frame = capture.frame { return "the frame \(frame.file.displayPath)" }
            switch templates.chosen(for: capture)?.choice {
            case .builtin(let template)?: return "the device frame template \(template.rawValue) draws around the capture"
            case .placeholder?: return "the device frame the {{PLACEHOLDER}} template draws around the capture"
            default: return nil
            }
        }, into: &d)
        let folder = PlannedOutputFolder(output: output, job: job, captures: captures, outputs: outputs,
                                         readFiles: ([templateRead?.file, wellsRead?.file, storeRead?.file] + captures.map { $0.frame?.file } + outputs.map { $0.background?.file }).compactMap { $0?.url })
        guard let wells, let wellsRead, let storeRead else { return (nil, folder) }
        // A refused template or timestamp is already an error: the empty stand-ins only let
        // the layout stage report its own problems too; nothing is rendered from them.
        let templateFile = templateRead?.file ?? InputFile(displayPath: "", url: nil, builtinName: nil, sha256: "")
        // Only when nothing else is wrong: a refused job or capture plans nothing as a consequence.
        if !d.hasErrors {
            refuseNothingToRender(outputs, job: job, requested: options.locales, selected: selected, unplanned: unplanned, &d)
        }
        var keys: Set<OutputKey> = []
        for spec in outputs where !keys.insert(spec.key).inserted {
            // The planner makes each key once; two outputs of one key would be one file twice.
            d.error(job.file, "(plan)", "two outputs of one key: expected each output once, found \(spec.key.label) twice (a bug of this tool: please report it with the job)")
        }
        // Only when nothing else is wrong: a store rule already refuses two feature graphics.
        if !d.hasErrors { refuseSharedPaths(outputs, job: job, &d) }
        var plan = Plan(jobFile: job.file, jobSHA256: job.sha256, locales: locales, theme: job.theme, typesetting: job.typesetting,
                        headlineFiles: job.headlineFiles, template: template ?? SVGTemplate.empty, templateChoice: templateChoice,
                        templateFile: templateFile, wells: wells, wellsFile: wellsRead.file, storeWellsFile: storeRead.file,
                        captures: captures, outputs: outputs, composedAt: composedAt ?? "", tool: ToolIdentity(), output: output,
                        fastlaneCodes: fastlaneCodes, playCodes: playCodes)
        plan.leftOut = leftOut
        return (plan, folder)
    }

    /// Every file the plan writes has one owner: an output's SVG, PNG and upload copy are its
    /// own; a capture, font or background copy may be shared by the outputs that link it, never
    /// with a file of another kind (a locale named "fonts" would write its PNG over the copy of
    /// a font file named home.png, and the release would not verify).
    private static func refuseSharedPaths(_ outputs: [OutputSpec], job: Job, _ d: inout DiagnosticCollector) {
        var owner: [String: (kind: String, what: String)] = [:], reported: Set<String> = []
        for spec in outputs {
            let names = spec.destination, label = spec.key.label
            var files = [(names.svg, "svg", "the SVG of \(label)"), (names.png, "png", "the PNG of \(label)")]
            files += [names.fastlane].compactMap { $0 }.map { ($0, "upload", "the upload copy of \(label)") }
            files += ([names.captureCopy] + names.extraCaptureCopies).map { ($0, "capture", "a capture copy of \(label)") }
            files += names.fontCopies.enumerated().map { ($1, "font \($0)", "the copy of fontFiles[\($0)]") }
            files += [names.backgroundCopy].compactMap { $0 }.map { ($0, "background", "the background image copy of \(label)") }
            for (path, kind, what) in files {
                guard let first = owner[path] else { owner[path] = (kind, what); continue }
                let shared = first.kind == kind && !["svg", "png", "upload"].contains(kind)
                guard !shared, reported.insert(path).inserted else { continue }
                let font = [first.kind, kind].first { $0.hasPrefix("font ") }.map { "fontFiles[\($0.dropFirst(5))]" }
                d.error(job.file, font ?? "(plan)", "two files at one path: expected each file of the release at its own path, found \(path) as \(first.what) and as \(what)")
            }
        }
    }

    /// A run with nothing to render is refused, saying why: a job that plans no output, or a
    /// `--locale` none of whose outputs are planned. (A shard left without outputs by a job of
    /// fewer outputs than shards is no failure: its part is empty.)
    private static func refuseNothingToRender(_ outputs: [OutputSpec], job: Job, requested: [String], selected: [String],
                                              unplanned: [(locale: String?, reason: String)], _ d: inout DiagnosticCollector) {
        func why(_ locales: [String]?) -> String {
            let reasons = unplanned.filter { item in item.locale.map { locale in locales?.contains(locale) ?? true } ?? true }.map(\.reason)
            guard !reasons.isEmpty else { return "" }
            let shown = reasons.prefix(5).joined(separator: "; ")
            return " (\(shown)\(reasons.count > 5 ? "; and \(reasons.count - 5) more" : ""))"
        }
        if outputs.isEmpty {
            let field = job.screens.isEmpty ? "captures" : "screens"
            d.error(job.file, field, "nothing to render: expected at least one output, found none planned\(why(nil))")
        } else if !requested.isEmpty, !selected.isEmpty, !outputs.contains(where: { selected.contains($0.locale) }) {
            let planned = job.locales.filter { locale in outputs.contains { $0.locale == locale } }
            d.error(job.file, "--locale", "nothing to render: expected outputs of \(selected.joined(separator: ", ")), found none of the plan's \(outputs.count)\(why(selected)); the plan has outputs for \(planned.joined(separator: ", "))")
        }
    }

    /// The refusal of a `storeWell` that names no slot: a target's name (`app-store:iphone-6.9`)
    /// or an id starting like a target's slots gets that target's slots only; anything else every
    /// slot (all stores' slots on one line are too many to read when one target is meant).
    private static func notAStoreSlot(_ storeId: String, wells: WellsCatalog) -> String {
        let allSlots = wells.wells.filter { $0.storeWell?.store != nil }
        let hint = " (`wells --store` lists every slot)"
        if let target = wells.target(named: storeId) {
            let slots = allSlots.filter { wells.target(ofSlot: $0)?.name == target.name }.map(\.id)
            return "\(storeId) is a target, not a store slot: expected \(slots.isEmpty ? "a store slot (this target has none in the catalog)" : "one of its slots \(slots.joined(separator: ", "))")\(hint), found \"\(storeId)\""
        }
        if let target = wells.targets.first(where: { storeId.hasPrefix($0.folder + "-") }) {
            let slots = allSlots.filter { wells.target(ofSlot: $0)?.name == target.name }.map(\.id)
            return "not a store slot: expected \(Alternatives.oneOf(slots, none: "a store slot (the catalog has none for \(target.name))"))\(hint), found \"\(storeId)\""
        }
        return "not a store slot: expected \(Alternatives.oneOf(allSlots.map(\.id), none: "a store slot (the store wells catalog has none)")), found \"\(storeId)\""
    }

    /// `--layout fastlane`: every locale needs a language of each store it uploads to, and no
    /// two locales may share one (their screenshots would land in one folder). The codes are
    /// the release's locale model's (`Job.releaseLocales`): a locale's own store folder's name,
    /// else its listing language's code in that store.
    private static func mapToStoreLanguages(_ locales: [String], store: String, job: Job, inputs: IngestedInputs,
                                            _ d: inout DiagnosticCollector) -> [String: String] {
        let upload: UploadStore = store == "google-play" ? .googlePlay : .appStore
        let name = upload == .googlePlay ? "Google Play" : "App Store Connect"
        var codes: [String: String] = [:]
        for locale in locales {
            let mark = d.diagnostics.count
            defer { d.attribute(since: mark, to: DiagnosticSubject(locale: locale)) }
            let field = job.localeMap.first(where: { $0.value == locale }).map { "localeMap.\($0.key)" } ?? "headlines.\(locale)"
            guard let result = job.releaseLocales[locale]?.code(upload) ?? job.releaseLocales.lists.code(for: locale, in: upload) else {
                d.error("builtin:\(store)-languages.json", "(file)", "the \(name) language list shipped with the tool is missing beside the executable")
                return [:]
            }
            switch result {
            case .success(let code):
                if let other = codes.first(where: { $0.value == code })?.key {
                    d.error(job.file, field, "--layout fastlane: \(locale) and \(other) both map to \(name) language \(code): expected one locale per language, found two")
                }
                codes[locale] = code
            case .failure(let error):
                let hint = job.localeMap.isEmpty ? " (a \"localeMap\" in the job renames a locale, e.g. {\"en\": \"en-US\"})" : ""
                d.error(job.file, field, "--layout fastlane: \(error.message)\(hint)")
            }
        }
        return codes
    }

    static func readInput(_ url: URL?, builtin: String, field: String, job: Job, inputs: IngestedInputs,
                          _ d: inout DiagnosticCollector) -> (file: InputFile, data: Data)? {
        if let url {
            switch inputs.read(url, as: field == "template" || field.hasPrefix("template.") ? .template : .catalog) {
            case .success(let data):
                return (InputFile(displayPath: url.path, url: url, builtinName: nil, sha256: SHA256.hex(data)), data)
            case .failure(let problem):
                // A bare word that names no file is most likely a misspelt built-in ("clasic").
                let builtins = problem.missing && field.hasPrefix("template") && url.pathExtension.isEmpty
                    ? "; a built-in template is \(Alternatives.oneOf(BuiltinTemplate.allCases.map(\.rawValue), none: "none"))" : ""
                d.error(job.file, field, "cannot read the \(field) file: \(problem.message)\(builtins)")
                return nil
            }
        }
        guard let resource = inputs.builtin(builtin) else {
            d.error(job.file, field, "the \(field) file shipped with the tool is missing: expected builtin:\(builtin) beside the executable, found nothing; name one in the job")
            return nil
        }
        return (InputFile(displayPath: "builtin:\(builtin)", url: resource.url, builtinName: builtin, sha256: SHA256.hex(resource.data)), resource.data)
    }

    /// `reportJobFields`: false for the second and later locale of a `{locale}` capture, whose
    /// `well` and `storeWell` were already reported with the first.
    static func readCapture(_ capture: JobCapture, index: Int, job: Job, wells: WellsCatalog?, inputs: IngestedInputs,
                            field name: String? = nil, reportJobFields: Bool = true,
                            cache: CaptureDecodeCache = CaptureDecodeCache(), pixels: Bool = true,
                            _ d: inout DiagnosticCollector) -> PlannedCapture? {
        let field = name ?? capture.field ?? "captures[\(index)]"
        let named = capture.well.flatMap { wells?.well(id: $0) }
        if let wells, let id = capture.well, named == nil, reportJobFields {
            // Store slots may be named too, but the list names the recorded device wells: a
            // capture is recorded in one of those (`wells --store` lists the slots).
            let recorded = wells.wells.filter { $0.storeWell?.store == nil }.map(\.id)
            d.error(job.file, "\(field).well", "unknown well: expected \(Alternatives.oneOf(recorded, nearest: id, whole: "device wells (`wells` lists them)", none: "a device well (the wells catalog has none)")) (or a store slot id, see `wells --store`), or no \"well\" to pick it from the capture's size, found \"\(id)\"")
        }
        // A file read and decoded for an earlier entry is not read again (bytes given in code
        // have no path to share and are decoded as given).
        let cacheKey = capture.png == nil ? inputs.identity(of: capture.url) : nil
        var cached = cacheKey.flatMap { cache.facts($0) }
        let bytes: Data
        if let cached {
            bytes = cached.bytes
        } else if let png = capture.png {
            bytes = png
        } else {
            switch inputs.read(capture.url, as: .capture) {
            case .success(let data): bytes = data
            case .failure(let problem):
                d.error(capture.url.path, "\(field).path", "cannot read the capture: \(problem.message)")
                return nil
            }
        }
        if cached == nil, let mark = ComposedImageMarker.mark(in: bytes) {
            d.error(capture.url.path, "\(field).path", "capture refused: expected a capture from a simulator, emulator, device or browser, found an image this tool composed (\(mark)): a composed image is marketing, never capture evidence")
            return nil
        }
        let header: PNGHeader
        if let cached {
            header = cached.header
        } else {
            guard let read = d.png(capture.url.path, "\(field).path", refused: "capture refused: ", { "expected a PNG, found \($0)" }, {
                try PNGCodec.readHeader(bytes)
            }) else { return nil }
            guard let still = stillUpright(read, url: capture.url, &d) else { return nil }
            header = still
        }
        if cached == nil || (pixels && cached?.inkPixel == nil) {
            var inkPixel: (x: Int, y: Int)?
            if pixels {
                guard let found = pixelFacts(bytes, header: header, url: capture.url, field: field, inputs: inputs, &d) else { return nil }
                inkPixel = found
            }
            let facts = CaptureDecodeCache.Facts(bytes: bytes, header: header, inkPixel: inkPixel, sha256: cached?.sha256 ?? SHA256.hex(bytes),
                                                 color: cached?.color)
            cached = facts
            if let cacheKey { cache.store(facts, cacheKey, decoded: pixels) }
        }
        guard let wells, let well = named ?? (capture.well == nil ? wellFromSize(header, capture: capture, field: field, wells: wells, job: job, &d) : nil) else {
            return nil
        }
        var canvas = well
        if let storeId = capture.storeWell {
            guard let slot = wells.well(id: storeId), slot.storeWell?.store != nil else {
                if reportJobFields { d.error(job.file, "\(field).storeWell", notAStoreSlot(storeId, wells: wells)) }
                return nil
            }
            canvas = slot
        }
        // A recorded device well whose size is exactly a store slot of its family composes to
        // that slot (same size, and the store's rules are checked); fixtures keep their own.
        if capture.storeWell == nil, !well.fixture, well.storeWell == nil,
           let slot = wells.slots(width: well.width, height: well.height).first(where: { wells.target(ofSlot: $0)?.family == well.family }) {
            canvas = slot
        }
        if header.width != well.width || header.height != well.height {
            d.error(capture.url.path, "IHDR width×height",
                    "capture \(capture.id) does not match well \(well.id): expected \(well.width)×\(well.height), found \(header.width)×\(header.height)")
            return nil
        }
        let sha = cached?.sha256 ?? SHA256.hex(bytes)
        let drawBytes: Data
        let color: CaptureColorDecision
        do {
            let prepared = cached?.color ?? Result { try CaptureColor.prepare(bytes: bytes, header: header, convert: pixels) }
            if var facts = cached, facts.color == nil, let cacheKey {
                facts.color = prepared
                cache.store(facts, cacheKey, decoded: false)
            }
            (drawBytes, color) = try prepared.get()
        } catch let error as ColorConversionError {
            d.error(capture.url.path, "\(field).path", "capture refused: \(error.message)")
            return nil
        } catch {
            d.error(capture.url.path, "\(field).path", "capture refused: \(error)")
            return nil
        }
        var planned = PlannedCapture(id: capture.id, path: capture.path, url: capture.url, well: well, canvas: canvas, bytes: bytes,
                                     header: header, sha256: sha, drawBytes: drawBytes,
                                     drawSHA256: pixels ? SHA256.hex(drawBytes) : sha, color: color,
                                     inkPixel: cached?.inkPixel ?? (0, 0))
        planned.jobField = capture.field
        planned.pixelsPending = !pixels
        return planned
    }

    /// The header of a capture a browser shows as librsvg draws it, or nil (refused,
    /// `PNGHeader.drawnOtherwiseByBrowsers`): the SVG beside the PNG would show another picture.
    static func stillUpright(_ header: PNGHeader, url: URL, what: String = "capture", _ d: inout DiagnosticCollector) -> PNGHeader? {
        guard let (chunk, problem) = header.drawnOtherwiseByBrowsers else { return header }
        d.error(url.path, chunk, "\(what) refused: \(problem); save \(chunk == "acTL" ? "one frame as a still PNG" : "the \(what) upright without an Orientation tag")")
        return nil
    }

    /// Decodes every row of a capture: the first pixel that shows (the rasterizer checks that
    /// librsvg drew ink there), refusing image data that does not decode, a capture with no
    /// visible pixel, and the pixels of an output this tool composed. Nil when refused.
    static func pixelFacts(_ bytes: Data, header: PNGHeader, url: URL, field: String, inputs: IngestedInputs,
                           _ d: inout DiagnosticCollector) -> (x: Int, y: Int)? {
        // Transparency and ink are decided once, here, from the decoded pixels (tRNS included).
        guard let ink = d.png(url.path, "\(field).path", refused: "capture refused: ", { "expected image data that decodes, found \($0)" }, {
            try PNGCodec.firstInkPixel(bytes)
        }) else { return nil }
        guard let found = ink else {
            d.error(url.path, "\(field).path", "capture refused: expected visible pixels, found every pixel fully transparent (alpha 0)")
            return nil
        }
        if let output = inputs.composedOutputs.output(matching: bytes, header: header) {
            d.error(url.path, "\(field).path", "capture refused: expected a capture from a simulator, emulator, device or browser, found the pixels of \(output.png), an output this tool composed (its pixels' SHA-256 is in \(output.manifest)), with its marker chunk stripped or re-encoded: a composed image is marketing, never capture evidence")
            return nil
        }
        return found
    }

    /// A capture without `"well"`: its size, and its device name or screengrab folder where
    /// the fastlane folder gives one, pick the well (`WellsCatalog.pickWell`, the one rule).
    private static func wellFromSize(_ header: PNGHeader, capture: JobCapture, field: String, wells: WellsCatalog, job: Job,
                                     _ d: inout DiagnosticCollector) -> Well? {
        // The job's targets choose among wells of one size (Apple TV or Vision Pro at 3840×2160).
        let targets = job.targets.compactMap { wells.target(named: $0) ?? wells.well(id: $0).flatMap(wells.target(ofSlot:)) }
        let pick = wells.pickWell(width: header.width, height: header.height, device: capture.deviceName,
                                  screengrabFolder: capture.screengrabFolder, targets: targets)
        if let well = pick.well { return well }
        d.error(capture.url.path, "\(field).well", "capture \(capture.id) has no \"well\": \(wells.refusal(pick, width: header.width, height: header.height))")
        return nil
    }

    /// The device wells with the store slots and rules added; an id in both is refused.
    static func merge(_ base: WellsCatalog, _ store: WellsCatalog, file: String, _ d: inout DiagnosticCollector) -> WellsCatalog? {
        WellsListing.merge(base, store, file: file, &d)
    }

    static func selectLocales(_ job: Job, requested: [String], _ d: inout DiagnosticCollector) -> [String] {
        if requested.isEmpty { return job.locales }
        var selected: [String] = []
        for tag in requested {
            if let match = job.locales.first(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) {
                if !selected.contains(match) { selected.append(match) }
            } else {
                d.error("--locale", tag, "not a locale of the job: expected \(Alternatives.oneOf(job.locales, none: "a locale of the job's headlines (none could be read)")), found \(tag)"
                        + ((storeFolderHint(tag, job: job) ?? spellingHint(tag, job: job)).map { " (\($0))" } ?? ""))
            }
        }
        return selected.sorted()
    }

    /// When `tag` is a store's folder code of a job locale (the App Store's `ar-SA` for `ar`,
    /// Play's `ja-JP` for `ja`), what to pass instead: `--locale` takes the job's locale, which
    /// names `<out>/<locale>/` and the part manifests.
    static func storeFolderHint(_ tag: String, job: Job) -> String? {
        for locale in job.releaseLocales.locales where job.locales.contains(locale.tag) {
            let stores = UploadStore.allCases.filter { store in
                guard case .success(let code)? = locale.code(store) else { return false }
                return code.caseInsensitiveCompare(tag) == .orderedSame
            }
            guard !stores.isEmpty else { continue }
            let names = stores.map { $0 == .appStore ? "the App Store's" : "Google Play's" }.joined(separator: " and ")
            return "\(tag) is \(names) folder for the locale \(locale.tag): use --locale \(locale.tag)"
        }
        return nil
    }

    /// When `tag` is another spelling of a job locale (`he-IL` or `iw` for `he`, `no-NO` for
    /// `nb-NO`): the same language once the stores' old codes are read as today's, and no
    /// region or script that differs from the locale's. `en-GB` is no spelling of `en-US`.
    static func spellingHint(_ tag: String, job: Job) -> String? {
        let aliases = ["iw": "he", "nb": "no", "in": "id", "ji": "yi", "fil": "tl"]
        let asked = LocaleSubtags(tag, aliases: aliases)
        let matches = job.locales.filter { locale in
            let own = LocaleSubtags(locale, aliases: aliases)
            func agrees(_ a: String?, _ b: String?) -> Bool { a == nil || b == nil || a!.caseInsensitiveCompare(b!) == .orderedSame }
            return own.language == asked.language && agrees(own.region, asked.region) && agrees(own.script, asked.script)
        }
        guard matches.count == 1, let locale = matches.first else { return nil }
        return "\(tag) is another spelling of the job's locale \(locale): use --locale \(locale)"
    }

    /// The job's count limits (`JobLimits`), read by the ingest step too.
    public static let maximumCaptures = JobLimits.maximumCaptures
    public static let maximumOutputs = JobLimits.maximumOutputs

    static func withinCountLimits(_ job: Job, locales: Int, _ d: inout DiagnosticCollector) -> Bool {
        JobLimits.withinCountLimits(job, locales: locales, &d)
    }

    /// A headline is placed into XML: characters XML 1.0 cannot carry are refused here,
    /// before anything is written. False when refused.
    /// Longest headline accepted, in characters: far beyond any that fits a band, short of
    /// lengths whose layout would overflow Pango's 32-bit units.
    public static let maximumHeadlineLength = 1000
    /// Longest headline in Unicode scalars: four per character covers emoji sequences and
    /// accented scripts; beyond it the grapheme count itself is the expensive part.
    public static let maximumHeadlineScalars = 4000
    /// Most combining marks stacked on one base ("stacked marks"): real scripts stack a few
    /// (Vietnamese two, Tibetan and Hebrew cantillation a handful); more is Zalgo text.
    public static let maximumStackedMarks = 16

    /// The longest run of consecutive combining marks (categories Mn, Mc, Me), counted per
    /// scalar so it stays linear whatever the clusters look like.
    static func longestMarkRun(_ text: String) -> Int {
        var longest = 0, run = 0
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                run += 1
                longest = max(longest, run)
            default:
                run = 0
            }
        }
        return longest
    }

    static func checkHeadlineCharacters(_ headline: String, job: Job, locale: String, captureId: String,
                                                field: String = "headlines", _ d: inout DiagnosticCollector) -> Bool {
        // A subtitle is measured by Pango like a headline, so the same limit keeps it within
        // Pango's 32-bit units.
        let what = field == "headlines" ? "headline" : field == "badges" ? "badge" : "subtitle"
        // A headline read from a String Catalog or a .strings file is refused there (its line
        // and key), not at the job's "headlines".
        let origin = field == "headlines" ? job.headlineOrigins[locale]?[captureId] : nil
        func refuse(_ message: String) {
            d.add(Diagnostic(.error, file: origin?.file ?? job.file, field: origin?.field ?? "\(field).\(locale).\(captureId)", message: message,
                             position: origin?.line.map { JSONPosition(line: $0, column: 1) }))
        }
        // Grapheme clusters hide their length: one letter with 50,000 accents is one
        // character, and counting or typesetting it takes minutes. Scalars and stacked marks
        // are bounded first, in one linear pass, before anything segments or measures.
        let scalars = headline.unicodeScalars.count
        if scalars > maximumHeadlineScalars {
            refuse("\(what) too long: expected at most \(maximumHeadlineScalars) Unicode scalars, found \(scalars)")
            return false
        }
        let stacked = longestMarkRun(headline)
        if stacked > maximumStackedMarks {
            refuse("\(what) stacks too many combining marks on one character: expected at most \(maximumStackedMarks) stacked marks, found \(stacked)")
            return false
        }
        if headline.count > maximumHeadlineLength {
            refuse("\(what) too long: expected at most \(maximumHeadlineLength) characters, found \(headline.count)")
            return false
        }
        if let bad = XMLText.firstInvalidScalar(in: headline) {
            refuse("\(what) holds \(XMLText.codePoint(bad)), a character XML cannot carry: expected text, found \(XMLText.codePoint(bad))")
            return false
        }
        return true
    }
}
