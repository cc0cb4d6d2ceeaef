import Foundation
import Diagnostics
import Support
import Ingest

extension Planner {
    /// Each graphic's icon read and checked like a capture (PNG signature, IHDR, every row of
    /// image data, colour), its own size standing in for a well, composed onto its target's slot.
    static func graphicIcons(_ job: Job, wells: WellsCatalog?, inputs: IngestedInputs, _ d: inout DiagnosticCollector) -> [(JobGraphic, PlannedCapture)] {
        guard let wells else { return [] }
        var icons: [(JobGraphic, PlannedCapture)] = []
        for (index, graphic) in job.graphics.enumerated() {
            let field = "graphics[\(index)]"
            let mark = d.diagnostics.count
            defer { d.attribute(since: mark, to: DiagnosticSubject(captureId: graphic.id)) }
            guard let target = wells.target(named: graphic.target), let slot = target.preferred["landscape"] ?? target.preferred.values.sorted().first else {
                let names = wells.targets.map(\.name).sorted()
                d.error(job.file, "\(field).target", "unknown store target: expected \(Alternatives.oneOf(names, none: "a store target (the store wells catalog has none)")), found \"\(graphic.target)\"")
                continue
            }
            guard case .success(let bytes) = inputs.read(graphic.icon, as: .capture), let header = try? PNGCodec.readHeader(bytes) else {
                d.error(graphic.icon.path, "\(field).icon", "cannot read the icon: expected a readable PNG, found none or another format")
                continue
            }
            let iconWell = Well(id: "icon:\(graphic.id)", device: "app icon", width: header.width, height: header.height, storeWell: nil,
                                source: "\(job.file) \(field).icon")
            var catalog = wells
            catalog.wells.append(iconWell)
            let capture = JobCapture(id: "\(graphic.id)-icon", path: graphic.iconPath, url: graphic.icon, well: iconWell.id, storeWell: slot)
            if var planned = readCapture(capture, index: job.captures.count + index, job: job, wells: catalog, inputs: inputs, field: "\(field).icon", &d) {
                planned.jobIndex = job.captures.count + index
                icons.append((graphic, planned))
            }
        }
        return icons
    }

    /// A graphic's outputs: one per locale that has a title (every locale of the job needs one).
    /// With `--layout fastlane` (`playCodes` not empty), a Google Play graphic is also copied to
    /// supply's file for it (`images/featureGraphic.png`), one per language (two graphics of one
    /// target would write one file; the store's count rule, 1 per locale, already refuses them).
    static func graphicOutputs(_ job: Job, icons: [(JobGraphic, PlannedCapture)], locales: [String], placeholder: SVGTemplate,
                               composedAt: String, storeRules: [StoreRule], wells: WellsCatalog?, playCodes: [String: String],
                               inputs: IngestedInputs, _ d: inout DiagnosticCollector) -> [OutputSpec] {
        var outputs: [OutputSpec] = []
        // Each graphic's own template is read once (not once per locale): nil when refused.
        var templates: [String: (choice: TemplateChoice, file: String)?] = [:]
        for (graphic, _) in icons where templates[graphic.id] == nil {
            let builtin = graphic.builtinTemplate ?? .featureGraphic
            guard let url = graphic.template else {
                templates[graphic.id] = (.builtin(builtin), "builtin:\(builtin.rawValue)")
                continue
            }
            let mark = d.diagnostics.count
            defer { d.attribute(since: mark, to: DiagnosticSubject(captureId: graphic.id)) }
            let field = "graphics[\(job.graphics.firstIndex(of: graphic) ?? 0)]"
            if let read = readInput(url, builtin: "", field: "\(field).template", job: job, inputs: inputs, &d),
               let text = TextDecoding.text(read.data, file: read.file.displayPath, &d),
               let slots = SlotTemplate.parse(text, file: read.file.displayPath, into: &d) {
                templates[graphic.id] = (.slots(slots), read.file.displayPath)
            } else {
                templates[graphic.id] = .some(nil)
            }
        }
        for locale in locales {
            for (graphic, icon) in icons {
                let index = job.graphics.firstIndex(of: graphic) ?? 0
                let mark = d.diagnostics.count
                defer { d.attribute(since: mark, to: DiagnosticSubject(locale: locale, captureId: graphic.id)) }
                let field = "graphics[\(index)]"
                guard let title = graphic.title[locale] else {
                    d.error(job.file, "\(field).title", "no title for locale \(locale): expected a title for every locale the job renders, found \(graphic.title.isEmpty ? "no title" : "titles for \(graphic.title.keys.sorted().joined(separator: ", ")) only")")
                    continue
                }
                guard checkHeadlineCharacters(title, job: job, locale: locale, captureId: graphic.id, field: "\(field).title", &d) else { continue }
                guard let template = templates[graphic.id] ?? nil else { continue }
                let (choice, file) = template
                let upload = wells.flatMap { UploadLayout.store(of: icon, wells: $0) == "google-play" ? UploadLayout.upload(
                    for: icon, locale: locale, wells: $0, appStoreCodes: [:], playCodes: playCodes) : nil }
                var spec = OutputSpec(
                    locale: locale, capture: icon, canvas: icon.canvas, headline: title, subtitle: graphic.subtitle[locale],
                    theme: job.theme, typesetting: job.typesetting, template: placeholder, templateChoice: choice,
                    destination: OutputPaths.destinations(locale: locale, name: graphic.id, captureId: icon.id, order: icon.jobIndex + 1,
                                                          upload: upload),
                    composedAt: composedAt, storeRules: storeRules, headlineFile: job.file)
                spec.templateFile = file
                spec.screenId = graphic.id
                outputs.append(spec)
            }
        }
        return outputs
    }
}
