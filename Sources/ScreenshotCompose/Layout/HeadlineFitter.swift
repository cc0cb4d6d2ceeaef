/// A headline broken into lines at one size. Pixels.
public struct FittedHeadline: Equatable, Sendable {
    public var size: Double
    public var lines: [String]
    public var measurements: [TextMeasurement]
    /// Distance between baselines: the tallest line's logical height.
    public var lineHeight: Double
    /// Top of the logical box to the baseline, the largest among the lines.
    public var baseline: Double

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
}

/// Fits a headline into its band: wrap to at most `maxLines` lines where the language allows,
/// balanced (the narrowest wrap width that keeps the line count), then shrink step by step down
/// to `minimumSize`. Explicit line breaks are kept. Pure logic over `Typesetting`.
struct HeadlineFitter {
    public var maxLines: Int
    /// Pixels.
    public var minimumSize: Double

    public init(maxLines: Int, minimumSize: Double) {
        self.maxLines = maxLines
        self.minimumSize = minimumSize
    }

    /// Paragraphs of a headline: split at explicit line breaks, white space collapsed.
    public static func paragraphs(_ headline: String) -> [String] {
        headline.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: true)
            .map { HeadlineText.collapsed(String($0)) }.filter { !$0.isEmpty }
    }

    public func fit(_ headline: String, style: TextStyle, band: Rect, typesetter: Typesetting) -> Result<FittedHeadline, HeadlineRefusal> {
        let paragraphs = Self.paragraphs(headline)
        let whole = typesetter.measure(paragraphs.joined(separator: " "), style: style)
        if !whole.unknownCharacters.isEmpty { return .failure(.missingGlyphs(whole.unknownCharacters)) }

        let step = max(0.5, (style.size * 0.025).rounded(.down))
        var size = style.size
        var lastFailure: HeadlineRefusal = .overflow(pixels: 0, detail: "")
        while true {
            var sized = style
            sized.size = size
            switch attempt(paragraphs, style: sized, band: band, typesetter: typesetter) {
            case .success(let fitted): return .success(balance(fitted, paragraphs: paragraphs, style: sized, band: band, typesetter: typesetter))
            case .failure(let refusal): lastFailure = refusal
            }
            if size <= minimumSize { return .failure(lastFailure) }
            size = max(minimumSize, size - step)
        }
    }

    private func attempt(_ paragraphs: [String], style: TextStyle, band: Rect, typesetter: Typesetting) -> Result<FittedHeadline, HeadlineRefusal> {
        let lines = paragraphs.flatMap { typesetter.wrap($0, style: style, width: band.width) }
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
        if lines.count > maxLines || fitted.height > band.height {
            return .failure(.overflow(pixels: fitted.height - allowed,
                detail: "needs \(lines.count) lines (\(SVGNumber.format(fitted.height)) px) at the floor size \(size) px: expected at most \(min(maxLines, Int(band.height / max(lineHeight, 1)))) lines (\(SVGNumber.format(allowed)) px; the band is \(SVGNumber.format(band.height)) px high and headlineMaxLines is \(maxLines))"))
        }
        return .success(fitted)
    }

    /// For each paragraph that wraps, the narrowest width that keeps its line count, so the
    /// lines come out even instead of a long line and a stub.
    private func balance(_ fitted: FittedHeadline, paragraphs: [String], style: TextStyle, band: Rect,
                         typesetter: Typesetting) -> FittedHeadline {
        var lines: [String] = []
        for paragraph in paragraphs {
            var best = typesetter.wrap(paragraph, style: style, width: band.width)
            let target = best.count
            if target > 1 {
                var high = band.width
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
