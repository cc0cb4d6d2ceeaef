import Foundation
import Diagnostics
import Support
import Ingest

/// The job's templates, each read and checked once: the one `"template"` names (or the one
/// shipped with the tool), or each of the object form's (`{"phone": …, "tablet": …,
/// "google-play:phone": …, "default": …}`). Each capture then composes with its target's
/// template, else its device family's, else the default.
struct PlannedTemplates {
    struct Chosen {
        var choice: TemplateChoice
        /// The `{{PLACEHOLDER}}` template (empty for slot-marked and built-in ones); nil when refused.
        var template: SVGTemplate?
        /// The file as read (a built-in's identity has no bytes); nil when it could not be read.
        var read: (file: InputFile, data: Data)?
        /// The map's key, nil for the job's one template.
        var key: String?

        var file: InputFile { read?.file ?? InputFile(displayPath: "", url: nil, builtinName: nil, sha256: "") }
        var placeholder: SVGTemplate { template ?? SVGTemplate.empty }
    }

    /// The default: the single template, the map's `default`, else its first entry.
    var main: Chosen
    /// The map's entries by key.
    var entries: [String: Chosen] = [:]

    static func read(_ job: Job, inputs: IngestedInputs, _ d: inout DiagnosticCollector) -> PlannedTemplates {
        guard !job.templateMap.isEmpty else {
            return PlannedTemplates(main: Planner.readTemplate(file: job.template, builtin: job.builtinTemplate, field: "template", job: job, inputs: inputs, &d))
        }
        var entries: [String: Chosen] = [:]
        for entry in job.templateMap {
            let field = "template.\(entry.key)"
            var chosen = Planner.readTemplate(file: entry.file, builtin: entry.builtin, field: field, job: job, inputs: inputs, &d)
            chosen.key = entry.key
            entries[entry.key] = chosen
        }
        let main = entries["default"] ?? job.templateMap.lazy.compactMap { entries[$0.key] }.first
            ?? Planner.readTemplate(file: nil, builtin: nil, field: "template", job: job, inputs: inputs, &d)
        return PlannedTemplates(main: main, entries: entries)
    }

    /// The template a capture composes with, and whether it is `main`. With a map, a capture
    /// no key covers is refused (reported once per capture by `refuseUncovered`).
    func chosen(for capture: PlannedCapture) -> Chosen? {
        guard !entries.isEmpty else { return main }
        if let target = capture.target, let chosen = entries[target.name] { return chosen }
        if let chosen = entries[Self.family(of: capture)] { return chosen }
        return entries["default"]
    }

    /// A capture's family as the map's keys name it.
    static func family(of capture: PlannedCapture) -> String {
        if let family = capture.target?.family ?? capture.well.family { return family }
        switch DeviceFamily.of(capture.well) {
        case .laptop: return "desktop"
        case let other: return other.rawValue
        }
    }

    /// Keys naming no target of the catalog, captures no key of the map covers, and keys that
    /// cover no capture.
    func check(_ captures: [PlannedCapture], wells: WellsCatalog, job: Job, _ d: inout DiagnosticCollector) {
        guard !entries.isEmpty else { return }
        for key in entries.keys.sorted() where key.contains(":") && wells.target(named: key) == nil {
            let valid = wells.targets.filter { $0.family != "graphic" }.map(\.name).joined(separator: ", ")
            d.error(job.file, "template.\(key)", "unknown target: expected a device family, \"default\" or one of \(valid), found \"\(key)\"")
        }
        var used: Set<String> = []
        var reported: Set<String> = []
        for capture in captures {
            let keys = [capture.target?.name, Self.family(of: capture), "default"].compactMap { $0 }
            if let key = keys.first(where: { entries[$0] != nil }) {
                used.insert(key)
            } else if reported.insert(capture.outputStem).inserted {
                let mark = d.diagnostics.count
                d.error(job.file, "template", "no template for capture \(capture.id)\(capture.target.map { " on target \($0.name)" } ?? "") (\(Self.family(of: capture))): expected a key \(keys.map { "\"\($0)\"" }.joined(separator: ", ")) in the template object, found \(entries.keys.sorted().joined(separator: ", "))")
                d.attribute(since: mark, to: capture.id)
            }
        }
        for key in entries.keys.sorted() where !used.contains(key) && key != "default" && (!key.contains(":") || wells.target(named: key) != nil) {
            d.warning(job.file, "template.\(key)", "no capture composes with this template: expected a capture \(key.contains(":") ? "on target \(key)" : "of family \(key)"), found none")
        }
    }
}

extension Planner {
    /// One template as a job names it: a built-in, a slot-marked or `{{PLACEHOLDER}}` file, or
    /// (neither given) the one shipped with the tool.
    static func readTemplate(file: URL?, builtin: BuiltinTemplate?, field: String, job: Job, inputs: IngestedInputs,
                             _ d: inout DiagnosticCollector) -> PlannedTemplates.Chosen {
        if let builtin {
            // Drawn from the shipped files: the name, tool version and files identify it.
            for problem in BuiltinDrawings.shared.problems(builtin) {
                d.error("builtin:\(builtin.rawValue)", "(template)", "the built-in template shipped with the tool is broken: \(problem)")
            }
            return PlannedTemplates.Chosen(choice: .builtin(builtin), template: SVGTemplate.empty,
                                           read: (InputFile(displayPath: "builtin:\(builtin.rawValue)", url: nil, builtinName: builtin.rawValue,
                                                            sha256: builtin.identitySHA256), Data()))
        }
        var choice = TemplateChoice.placeholder
        let read = readInput(file, builtin: BuiltinResources.templateName, field: field, job: job, inputs: inputs, &d)
        let template = read.flatMap { read -> SVGTemplate? in
            guard let text = TextDecoding.text(read.data, file: read.file.displayPath, &d) else { return nil }
            if SlotTemplate.isSlotMarked(text) {
                guard let slots = SlotTemplate.parse(text, file: read.file.displayPath, into: &d) else { return nil }
                choice = .slots(slots)
                return SVGTemplate.empty
            }
            return SVGTemplate.parse(text, file: read.file.displayPath, into: &d)
        }
        return PlannedTemplates.Chosen(choice: choice, template: template, read: read)
    }
}
