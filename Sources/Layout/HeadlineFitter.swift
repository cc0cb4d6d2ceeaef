/// A headline broken into lines at one size. Pixels.
import Support
import Diagnostics
import Ingest
import Plan

public struct FittedHeadline: Equatable, Sendable {
    public var size: Double
    /// The lines as drawn, with their emphasis.
    public var lines: [StyledText]
    public var measurements: [TextMeasurement]
    /// Distance between baselines: the tallest line's logical height.
    public var lineHeight: Double
    /// Top of the logical box to the baseline, the largest among the lines.
    public var baseline: Double
    /// The hyphenation patterns file (resolved path) when a line breaks at a hyphenation point
    /// the patterns gave; nil when no word was hyphenated.
    public var hyphenationPatterns: String?
    /// True when a word did not fit and no patterns were there to hyphenate it.
    public var lackedPatterns = false

    public var height: Double { lineHeight * Double(lines.count) }
}

/// Why a headline cannot be set.
public enum HeadlineRefusal: Error, Equatable, Sendable {
    /// Even at the floor size it does not fit its band: `detail` says how, `pixels` by how much.
    case overflow(pixels: Double, detail: String)
    /// The resolved fonts have no glyph for these characters.
    case missingGlyphs([Unicode.Scalar])
    /// Emoji refused by the job's emoji policy.
    case emoji([Unicode.Scalar])
    /// `"emphasis": "asterisks"`: an asterisk at `position` (1-based, in Unicode scalars) is
    /// never closed.
    case unclosedEmphasis(position: Int)
    /// `"emoji": "color"`: the colour emoji font has no glyph for these.
    case colorEmojiMissing([Unicode.Scalar])

    /// The refusal of an unclosed `*`, for every place that reports it.
    static func colorEmojiMessage(_ scalars: [Unicode.Scalar]) -> String {
        "the colour emoji font (\(PangoTypesetter.colorEmojiFamily)) has no glyph for \(scalars.map(XMLText.codePoint).joined(separator: ", ")): expected emoji it draws in colour, found emoji that would fall back to a monochrome glyph"
    }

    /// The refusal of emoji under the default policy, offering both policies that accept them.
    static func emojiMessage(_ slot: String, _ scalars: [Unicode.Scalar]) -> String {
        "\(slot) holds emoji \(scalars.map(XMLText.codePoint).joined(separator: ", ")): librsvg 2.54 draws text as paths on PNG output, so colour emoji lose their colour (GNOME/librsvg#911): expected no emoji, or in the job \"emoji\": \"color\" (each emoji drawn in colour from \(PangoTypesetter.colorEmojiFamily) as an image) or \"emoji\": \"monochrome\" (monochrome glyphs)"
    }

    static func unclosedEmphasisMessage(_ position: Int) -> String {
        "emphasis markup: the asterisk at character \(position) is never closed: expected *word* (or \\* for a literal asterisk), found an asterisk without its pair"
    }
}

/// Fits a headline into its band: wrap to at most `maxLines` lines where the language allows,
/// balanced (the narrowest wrap width that keeps the line count), then shrink step by step down
/// to `minimumSize`. Explicit line breaks are kept. Pure logic over `Typesetting`.
struct HeadlineFitter {
    public var maxLines: Int
    /// Pixels.
    public var minimumSize: Double
    /// Loads the locale's patterns, called only when a word is wider than the band (loading
    /// can take seconds); nil: words are never hyphenated (soft hyphens still break).
    public var hyphenation: (() -> (any Hyphenator)?)?
    /// True when hyphenation was wanted but the locale has no patterns (reported, not fatal).
    public var patternsMissing = false
    /// Why the text must be one line, when it must (a badge's pill): a refusal then gives the
    /// text's width against the band's instead of a line count.
    public var oneLineReason: String? = nil
    /// True when the job's headlineMaxLines sets `maxLines` (the headline); false for texts
    /// with a fixed line limit (subtitle, other slots), whose refusal must not advise raising it.
    public var maxLinesFromJob = true

    public init(maxLines: Int, minimumSize: Double, hyphenation: (() -> (any Hyphenator)?)? = nil) {
        self.maxLines = maxLines
        self.minimumSize = minimumSize
        self.hyphenation = hyphenation
    }

    /// Paragraphs of a headline: split at explicit line breaks, white space collapsed.
    public static func paragraphs(_ headline: String) -> [String] {
        paragraphs(StyledText(headline)).map(\.text)
    }

    /// The same for styled text.
    public static func paragraphs(_ headline: StyledText) -> [StyledText] {
        headline.filter { $0 != "\r" }.split(separator: "\n").map { HeadlineText.collapsed($0) }.filter { !$0.isEmpty }
    }

    /// Fits plain text.
    public func fit(_ headline: String, style: TextStyle, band: Rect, typesetter: Typesetting) -> Result<FittedHeadline, HeadlineRefusal> {
        fit(StyledText(headline), style: style, band: band, typesetter: typesetter)
    }

    public func fit(_ headline: StyledText, style: TextStyle, band: Rect, typesetter: Typesetting) -> Result<FittedHeadline, HeadlineRefusal> {
        let paragraphs = Self.paragraphs(headline)
        var joined = StyledText("")
        for (index, paragraph) in paragraphs.enumerated() {
            if index > 0 { joined.append(" ", emphasized: false) }
            joined.append(paragraph)
        }
        let whole = typesetter.measure(joined, style: style)
        if !whole.unknownCharacters.isEmpty { return .failure(.missingGlyphs(whole.unknownCharacters)) }

        let step = max(0.5, (style.size * 0.025).rounded(.down))
        var size = style.size
        var lastFailure: HeadlineRefusal = .overflow(pixels: 0, detail: "")
        var lacked = false
        var patterns: (any Hyphenator)??
        func loadedPatterns() -> (any Hyphenator)? {
            if patterns == nil { patterns = .some(hyphenation?()) }
            return patterns ?? nil
        }
        while true {
            var sized = style
            sized.size = size
            var result = attempt(paragraphs, style: sized, band: band, typesetter: typesetter)
            var used = paragraphs
            // A word wider than the band is hyphenated at this size before the size shrinks.
            if case .failure(.overflow) = result {
                let wide = paragraphs.flatMap { Hyphenation.words(in: $0.text) }.filter { typesetter.measure($0, style: sized).width > band.width }
                if !wide.isEmpty {
                    if let hyphenation = loadedPatterns() {
                        // The source's preferred breaks first (Voikko: between a compound's
                        // parts), then every break, both at this size.
                        for preferredOnly in [true, false] {
                            let hyphenated = paragraphs.map { Hyphenation.insertingSoftHyphens(into: $0, patterns: hyphenation, only: Set(wide), preferredOnly: preferredOnly) }
                            guard hyphenated != paragraphs else { continue }
                            result = attempt(hyphenated, style: sized, band: band, typesetter: typesetter)
                            used = hyphenated
                            if case .success = result { break }
                        }
                    } else if patternsMissing {
                        lacked = true
                    }
                }
            }
            var wrapWidth = band.width
            if size <= minimumSize, case .failure = result,
               let narrower = inkNarrowed(used, style: sized, band: band, typesetter: typesetter) {
                result = .success(narrower.fitted)
                wrapWidth = narrower.wrapWidth
            }
            switch result {
            case .success(let fitted):
                var balanced = balance(fitted, paragraphs: used, style: sized, band: band, wrapWidth: wrapWidth, typesetter: typesetter)
                if used != paragraphs { balanced.hyphenationPatterns = loadedPatterns()?.path }
                balanced.lackedPatterns = lacked
                return .success(balanced)
            case .failure(let refusal): lastFailure = refusal
            }
            if size <= minimumSize {
                if lacked, case .overflow(let pixels, let detail) = lastFailure {
                    lastFailure = .overflow(pixels: pixels, detail: detail + " (no hyphenation patterns are installed for \(style.language))")
                }
                return .failure(lastFailure)
            }
            size = max(minimumSize, size - step)
        }
    }

    /// At the floor size, lines whose ink reaches past the band's side (a glyph overhanging its
    /// advance at a line's end) are broken earlier: the wrap width shrinks below the widest line,
    /// up to three times, while the lines still fit. Without it a short headline set at a
    /// uniform size was refused over 0.59 px of a letter's overhang although it could wrap.
    private func inkNarrowed(_ paragraphs: [StyledText], style: TextStyle, band: Rect,
                             typesetter: Typesetting) -> (fitted: FittedHeadline, wrapWidth: Double)? {
        var width = band.width
        for _ in 0..<3 {
            guard case .success(let laid) = attempt(paragraphs, style: style, band: band, wrapWidth: width, typesetter: typesetter, checkInk: false),
                  let overflow = inkOverflow(laid, band: band) else { return nil }
            guard overflow.sideways else { return nil }
            // Centred lines lose half the narrowing on each side: the widest line must come
            // in by twice the overhang.
            width = min(width, laid.measurements.map(\.width).max() ?? width) - 2 * overflow.pixels - 1
            guard width > band.width / 2 else { return nil }
            if case .success(let fitted) = attempt(paragraphs, style: style, band: band, wrapWidth: width, typesetter: typesetter) {
                return (fitted, width)
            }
        }
        return nil
    }

    private func attempt(_ paragraphs: [StyledText], style: TextStyle, band: Rect, wrapWidth: Double? = nil,
                         typesetter: Typesetting, checkInk: Bool = true) -> Result<FittedHeadline, HeadlineRefusal> {
        let lines = paragraphs.flatMap { typesetter.wrap($0, style: style, width: wrapWidth ?? band.width) }
        let measurements = lines.map { typesetter.measure($0, style: style) }
        let lineHeight = measurements.map(\.height).max() ?? 0
        let fitted = FittedHeadline(size: style.size, lines: lines, measurements: measurements, lineHeight: lineHeight,
                                    baseline: measurements.map(\.baseline).max() ?? 0)
        let widest = measurements.map(\.width).max() ?? 0
        let size = SVGNumber.format(style.size)
        if widest > band.width {
            return .failure(.overflow(pixels: widest - band.width,
                detail: "a word is wider than the band even at the floor size \(size) px: expected at most \(SVGNumber.format(band.width)) px, found \(SVGNumber.format(widest)) px"))
        }
        let allowed = min(band.height, lineHeight * Double(maxLines))
        if let reason = oneLineReason, lines.count > 1 {
            let width = paragraphs.map { typesetter.measure($0, style: style).width }.max() ?? 0
            return .failure(.overflow(pixels: width - band.width,
                detail: "the text is \(SVGNumber.format(width)) px wide at the floor size \(size) px: expected at most \(SVGNumber.format(band.width)) px in one line (\(reason))"))
        }
        if lines.count > maxLines || fitted.height > band.height {
            // A soft hyphen helps only when the text, broken anywhere, fits the lines allowed;
            // raising the line limit only when the band has room for the lines needed.
            let allowedLines = min(maxLines, Int(band.height / max(lineHeight, 1)))
            let fewest = paragraphs.map { Int((typesetter.measure($0, style: style).width / band.width).rounded(.up)) }.reduce(0, +)
            let remedies = ["shorten it"] + (fewest < lines.count && fewest <= allowedLines ? ["add a soft hyphen"] : [])
                + (maxLinesFromJob && fitted.height <= band.height ? ["raise headlineMaxLines"] : [])
            let remedy = remedies.count == 1 ? remedies[0] : remedies.dropLast().joined(separator: ", ") + " or " + remedies[remedies.count - 1]
            return .failure(.overflow(pixels: fitted.height - allowed,
                detail: "needs \(lines.count) lines (\(SVGNumber.format(fitted.height)) px) at the floor size \(size) px: expected at most \(allowedLines) lines (\(SVGNumber.format(allowed)) px; the band is \(SVGNumber.format(band.height)) px high and headlineMaxLines is \(maxLines)); \(remedy)"))
        }
        if checkInk, let inkProblem = inkOverflow(fitted, band: band) {
            return .failure(.overflow(pixels: inkProblem.pixels,
                detail: "its ink (stacked marks or tall glyphs) leaves the band at the floor size \(size) px: \(inkProblem.detail)"))
        }
        return .success(fitted)
    }

    /// The lines are placed centred in the band; their logical boxes fit, but marks stacked
    /// above or below a letter can still draw outside it. Nil when all ink is inside.
    private func inkOverflow(_ fitted: FittedHeadline, band: Rect) -> (pixels: Double, detail: String, sideways: Bool)? {
        let slackY = (band.height - fitted.height) / 2
        var top = 0.0, bottom = 0.0, sideways = 0.0
        for (index, m) in fitted.measurements.enumerated() {
            let lineTop = Double(index) * fitted.lineHeight + fitted.baseline - m.baseline
            top = min(top, lineTop + m.inkY)
            bottom = max(bottom, lineTop + m.inkY + m.inkHeight)
            let slackX = (band.width - m.width) / 2
            sideways = max(sideways, -m.inkX - slackX, m.inkX + m.inkWidth - m.width - slackX)
        }
        let above = -top - slackY, below = bottom - fitted.height - slackY
        let n = SVGNumber.format
        // Half a pixel of antialiasing is allowed.
        if above > 0.5 { return (above, "expected ink at most \(n(slackY)) px above the lines, found \(n(-top)) px", false) }
        if below > 0.5 { return (below, "expected ink at most \(n(slackY)) px below the lines, found \(n(bottom - fitted.height)) px", false) }
        if sideways > 0.5 { return (sideways, "expected ink inside the band's \(n(band.width)) px width, found \(n(sideways)) px outside", true) }
        return nil
    }

    /// For each paragraph that wraps, the narrowest width that keeps its line count, so the
    /// lines come out even instead of a long line and a stub.
    private func balance(_ fitted: FittedHeadline, paragraphs: [StyledText], style: TextStyle, band: Rect,
                         wrapWidth: Double, typesetter: Typesetting) -> FittedHeadline {
        var lines: [StyledText] = []
        for paragraph in paragraphs {
            var best = typesetter.wrap(paragraph, style: style, width: wrapWidth)
            let target = best.count
            if target > 1 {
                var high = wrapWidth
                var low = high / Double(target)
                for _ in 0..<12 where high - low > 0.5 {
                    let mid = (low + high) / 2
                    let candidate = typesetter.wrap(paragraph, style: style, width: mid)
                    if candidate.count == target {
                        best = candidate
                        high = mid
                    } else {
                        low = mid
                    }
                }
            }
            lines.append(contentsOf: best)
        }
        let measurements = lines.map { typesetter.measure($0, style: style) }
        return FittedHeadline(size: fitted.size, lines: lines, measurements: measurements,
                              lineHeight: measurements.map(\.height).max() ?? fitted.lineHeight,
                              baseline: measurements.map(\.baseline).max() ?? fitted.baseline)
    }
}
