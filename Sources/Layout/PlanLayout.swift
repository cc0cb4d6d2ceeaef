import Diagnostics
import Support
import Ingest
import Plan

/// An output with its layout decided: the output's own values and where everything goes.
public struct LaidOutOutput: Sendable {
    public var spec: OutputSpec
    public var layout: CanvasLayout

    public init(spec: OutputSpec, layout: CanvasLayout) {
        self.spec = spec
        self.layout = layout
    }
}

extension LayoutEngine {
    /// Lays out every output; the canvas is the output's. Every headline that cannot be set is
    /// reported (locale, capture, and why: overflow in pixels, missing glyphs as U+XXXX,
    /// refused emoji). With uniform sizing, each locale × canvas is set at the smallest fitted
    /// size among its headlines. Returns the outputs that could be laid out; callers check the
    /// collector for refusals. Each output is set with its own typesetting options and theme
    /// weight (this engine's are ignored).
    ///
    /// `peers`: the plan's other outputs of the locales this run renders. A shard lays out only
    /// its share, but the uniform size of a locale × canvas is the whole plan's, so every shard
    /// split and the whole run set a headline alike: the peers' fitted sizes count, and nothing
    /// else of theirs (not laid out further, not reported).
    public func layoutAll(_ specs: [OutputSpec], sizedWith peers: [OutputSpec] = [], typesetter: Typesetting,
                          into d: inout DiagnosticCollector) -> [LaidOutOutput] {
        var laidOut: [LaidOutOutput] = []
        let start = d.diagnostics.count
        var canvases: [(name: String, headline: String)] = []
        for spec in specs {
            let mark = d.diagnostics.count
            if let item = fitted(spec, typesetter: typesetter, into: &d) { laidOut.append(item) }
            d.attribute(since: mark, to: spec.subject)
            // A headline is one text in a locale, whichever capture's field it is read at.
            canvases += Array(repeating: (spec.canvas.canvasName, "\(spec.headlineSourceFile)\u{0}\(spec.locale)\u{0}\(spec.headline)"), count: d.diagnostics.count - mark)
        }
        Self.oncePerHeadline(&d, since: start, canvases: canvases)
        // Once per locale: a word did not fit and no patterns could hyphenate it.
        var warned: Set<String> = []
        for item in laidOut where item.layout.headline.lackedPatterns && !warned.contains(item.spec.locale) {
            warned.insert(item.spec.locale)
            d.warning(item.spec.headlineFile, "headlines.\(item.spec.locale)",
                      "no hyphenation patterns are installed for \(item.spec.locale): expected \(HyphenationCatalog.shared.expectedSource(for: item.spec.locale)), found none; long words were fitted by shrinking, without hyphenation")
        }
        var smallest: [String: Double] = [:]
        for item in laidOut where item.spec.typesetting.size == .uniform {
            let key = uniformKey(item.spec)
            smallest[key] = min(smallest[key] ?? .infinity, item.layout.headline.style.size)
        }
        let selected = Set(specs.map(\.key))
        for peer in peers where peer.typesetting.size == .uniform && !selected.contains(peer.key) {
            let key = uniformKey(peer)
            guard smallest[key] != nil else { continue }
            var unreported = DiagnosticCollector()
            if let item = fitted(peer, typesetter: typesetter, into: &unreported) {
                smallest[key] = min(smallest[key] ?? .infinity, item.layout.headline.style.size)
            }
        }
        guard !smallest.isEmpty else { return laidOut }
        var uniform: [LaidOutOutput] = []
        for item in laidOut {
            guard item.spec.typesetting.size == .uniform,
                  let size = smallest[uniformKey(item.spec)], size < item.layout.headline.style.size else {
                uniform.append(item)
                continue
            }
            // A headline that cannot be set at the uniform size is refused, never left at its
            // larger size without a word.
            let mark = d.diagnostics.count
            var refusals = DiagnosticCollector()
            if let template = item.layout.slots?.template,
               let relaid = layoutSlots(item.spec, template: template, typesetter: typesetter, fixedSize: size, into: &refusals) {
                uniform.append(relaid)
                continue
            }
            let why = refusals.errors.first?.message ?? "it cannot be set at that size"
            d.error(item.spec.headlineSourceFile, item.spec.headlineField,
                    "\"headlineSize\": \"uniform\" sets every \(item.spec.locale) headline on the \(item.spec.canvas.canvasName) at \(SVGNumber.format(size)) px, and this one cannot be set at that size: \(why)")
            d.attribute(since: mark, to: item.spec.subject)
        }
        return uniform
    }

    /// One output laid out at its own fitted size, or its refusals reported.
    private func fitted(_ spec: OutputSpec, typesetter: Typesetting, into d: inout DiagnosticCollector) -> LaidOutOutput? {
        var generated = DiagnosticCollector()
        guard let template = slotTemplate(for: spec, into: &generated) else {
            // A designer's template: its own refusal, naming its element and line.
            if case .slots = spec.templateChoice, let first = generated.errors.first {
                d.error(spec.templateFile, first.field, first.message, at: first.position)
                return nil
            }
            let why = generated.errors.first.map { ": \($0.field): \($0.message)" } ?? ""
            // The job's padding shrinks the whole drawing: too much of it is the job's to fix.
            if let padding = spec.theme.padding {
                d.error(spec.headlineFile, "theme.padding", "the built-in template could not be drawn for the \(spec.canvas.canvasName) inside the theme's padding (\(SVGNumber.format(padding.x)) of the width, \(SVGNumber.format(padding.y)) of the height each side)\(why); a smaller padding leaves it room")
                return nil
            }
            d.error(spec.templateFile, "(template)", "the built-in template could not be drawn for the \(spec.canvas.canvasName)\(why)")
            return nil
        }
        return layoutSlots(spec, template: template, typesetter: typesetter, into: &d)
    }

    /// A headline too long for its band is refused once (new-user run: one line per canvas,
    /// 7 for one headline): the worst canvas's refusal, naming the other canvases.
    private static func oncePerHeadline(_ d: inout DiagnosticCollector, since start: Int, canvases: [(name: String, headline: String)]) {
        let found = Array(d.diagnostics[start...])
        func pixels(_ at: Int) -> Double? {
            guard found[at].severity == .error, let match = found[at].message.firstMatch(of: #/refused rather than clipped: overflows by ([0-9.]+) px/#) else { return nil }
            return Double(match.1)
        }
        var groups: [String: [Int]] = [:]
        for index in found.indices where pixels(index) != nil { groups[canvases[index].headline, default: []].append(index) }
        guard groups.values.contains(where: { $0.count > 1 }) else { return }
        var merged: [Diagnostic] = []
        for index in found.indices {
            guard pixels(index) != nil, let group = groups[canvases[index].headline], group.count > 1 else {
                merged.append(found[index])
                continue
            }
            guard index == group[0], let worst = group.max(by: { pixels($0) ?? 0 < pixels($1) ?? 0 }) else { continue }
            var one = found[worst]
            let others = group.filter { $0 != worst }.map { canvases[$0].name }
            one.message += " (refused on \(others.count) more canvas\(others.count == 1 ? "" : "es") too, by as much or less: \(others.joined(separator: ", ")))"
            merged.append(one)
        }
        d.discard(since: start) { _ in true }
        for diagnostic in merged { d.add(diagnostic) }
    }

    private func uniformKey(_ spec: OutputSpec) -> String {
        "\(spec.locale)\u{0}\(spec.canvas.id)"
    }

    /// A `{{PLACEHOLDER}}` template's refusal of a text: the job's headline, on its canvas.
    func diagnostic(_ refusal: HeadlineRefusal, spec: OutputSpec) -> Diagnostic {
        let field = spec.headlineField
        let file = spec.headlineSourceFile
        switch refusal {
        case .overflow(let pixels, let detail):
            return .error(file, field, "headline does not fit its band on the \(spec.canvas.canvasName), refused rather than clipped: overflows by \(SVGNumber.format(pixels)) px: \(detail)")
        case .missingGlyphs(let scalars):
            return .error(file, field, "no installed or registered font has a glyph for \(scalars.map(XMLText.codePoint).joined(separator: ", ")) in locale \(spec.locale): expected every character drawable, found characters that would be drawn as boxes")
        case .unclosedEmphasis(let position):
            return .error(file, field, HeadlineRefusal.unclosedEmphasisMessage(position))
        case .colorEmojiMissing(let scalars):
            return .error(file, field, HeadlineRefusal.colorEmojiMessage(scalars))
        case .emoji(let scalars):
            return .error(file, field, HeadlineRefusal.emojiMessage("headline", scalars))
        }
    }
}
