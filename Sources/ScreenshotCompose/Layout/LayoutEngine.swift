import Ingest
/// Proportions of the composition, as fractions of the canvas's shorter side `u`, so that
/// portrait (1206×2622, 390×844) and landscape (1440×1000) canvases look alike.
public struct LayoutProportions: Equatable, Sendable {
    /// Outer margin on every side.
    public var margin = 0.06
    /// Headline font size before any shrinking.
    public var headlineSize = 0.058
    /// Headline band height, in multiples of the headline size: two lines of a CJK font
    /// (line height about 1.45 em) fit without shrinking.
    public var bandHeight = 3.0
    /// Gap between the band and the frame, in multiples of the margin.
    public var gap = 0.5
    /// Bezel: frame width around the capture.
    public var bezel = 0.025
    /// Frame corner radius in multiples of the bezel, for a capture with square corners; at
    /// most 3.4 keeps its corners inside the rounded frame.
    public var frameRadius = 2.0


    public init() {}
}

/// Computes a `CanvasLayout` from the canvas size, the capture size and the headline: pure
/// geometry plus measurements through `Typesetting`.
public struct LayoutEngine {
    public var proportions: LayoutProportions
    public var typesetting: TypesettingOptions
    public var fontWeight: Int
    /// Emphasised words (`*word*`): the theme's `accent` colour and `accentWeight`.
    public var accentColor = Theme().accent
    public var accentWeight = Theme().accentWeight
    /// Where hyphenation patterns come from (loaded once per engine).
    public var hyphenationCatalog = HyphenationCatalog.shared

    public init(proportions: LayoutProportions = LayoutProportions(), typesetting: TypesettingOptions = TypesettingOptions(),
                fontWeight: Int = 700) {
        self.proportions = proportions
        self.typesetting = typesetting
        self.fontWeight = fontWeight
    }

    /// The headline size (pixels) before shrinking, for a canvas.
    public func baseHeadlineSize(canvasWidth: Int, canvasHeight: Int) -> Double {
        (Double(min(canvasWidth, canvasHeight)) * proportions.headlineSize).rounded()
    }

    /// The band the headline must stay inside (pixels).
    public func headlineBand(canvasWidth: Int, canvasHeight: Int) -> Rect {
        let u = Double(min(canvasWidth, canvasHeight))
        let margin = (u * proportions.margin).rounded()
        let size = baseHeadlineSize(canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        return Rect(x: margin, y: margin, width: Double(canvasWidth) - 2 * margin, height: (size * proportions.bandHeight).rounded())
    }

    /// The style a locale's headlines are set in, at `size` pixels.
    public func style(locale: String, size: Double) -> TextStyle {
        var style = TextStyle(fontFamily: FontStack.families(for: locale, options: typesetting), weight: fontWeight, size: size,
                              language: locale, rightToLeft: FontStack.isRightToLeft(locale))
        if typesetting.emoji == .color && !style.fontFamily.contains(PangoTypesetter.colorEmojiFamily) {
            // Before the monochrome fallback, so Pango (and librsvg) take the colour glyphs.
            style.fontFamily = style.fontFamily.contains(", Symbola")
                ? style.fontFamily.replacingOccurrences(of: ", Symbola", with: ", \(PangoTypesetter.colorEmojiFamily), Symbola")
                : style.fontFamily + ", \(PangoTypesetter.colorEmojiFamily)"
        }
        style.accentColor = accentColor
        style.accentWeight = accentWeight
        return style
    }

    /// The headline with its emphasis markup read (`"emphasis": "asterisks"`), else plain.
    public func styled(_ headline: String) -> Result<StyledText, HeadlineRefusal> {
        guard typesetting.emphasis == .asterisks else { return .success(StyledText(headline)) }
        return EmphasisMarkup.parse(headline).mapError { .unclosedEmphasis(position: $0.position) }
    }

    /// With `"emoji": "color"`, each centred line's emoji drawn as images (canvas pixels, in
    /// the line's logical box).
    func withColorEmoji(_ lines: [HeadlineLine], style: TextStyle, typesetter: Typesetting,
                        anchor: String = "middle") -> Result<[HeadlineLine], HeadlineRefusal> {
        guard typesetting.emoji == .color else { return .success(lines) }
        var result: [HeadlineLine] = []
        for var line in lines {
            if !EmojiScan.emoji(in: line.text).isEmpty {
                let m = line.measurement
                let styled = line.emphasized.isEmpty ? StyledText(line.text)
                    : StyledText(scalars: Array(line.text.unicodeScalars), emphasized: line.emphasized)
                switch typesetter.colorEmoji(styled, style: style, height: m.height, baseline: m.baseline) {
                case .success(let images):
                    line.emoji = images.map { image in
                        var placed = image
                        let left = anchor == "start" ? line.x : anchor == "end" ? line.x - m.width : line.x - m.width / 2
                        placed.x = left + image.x
                        placed.y = line.y - m.baseline
                        placed.height = m.height
                        return placed
                    }
                case .failure(let refusal):
                    return .failure(.colorEmojiMissing(refusal.scalars))
                }
            }
            result.append(line)
        }
        return .success(result)
    }

    /// Languages written without hyphenation (no patterns are expected for them): CJK and the
    /// Southeast Asian scripts break between words or syllables; Arabic-script and Hebrew
    /// text is not hyphenated; Vietnamese words are single syllables.
    static let unhyphenatedLanguages: Set<String> = ["ja", "zh", "ko", "th", "lo", "km", "my", "yue", "cmn",
                                                     "ar", "fa", "ur", "he", "iw", "vi"]

    /// A fitter for `locale` with its hyphenation patterns (when the job allows hyphenation).
    func headlineFitter(locale: String, maxLines: Int, minimumSize: Double) -> HeadlineFitter {
        var fitter = HeadlineFitter(maxLines: maxLines, minimumSize: minimumSize)
        guard typesetting.hyphenation else { return fitter }
        guard hyphenationCatalog.path(for: locale) != nil else {
            let language = locale.split(separator: "-").first.map { $0.lowercased() } ?? ""
            fitter.patternsMissing = !Self.unhyphenatedLanguages.contains(language)
            return fitter
        }
        let catalog = hyphenationCatalog
        fitter.hyphenation = { catalog.patterns(for: locale) }
        return fitter
    }

    /// Lays out a canvas of `canvasWidth` × `canvasHeight` pixels holding a capture of
    /// `captureWidth` × `captureHeight` pixels and `headline` in `locale`. `fixedSize` sets
    /// the headline at exactly that size (uniform sizing); otherwise it is fitted.
    /// Fails with a `HeadlineRefusal` when the headline cannot be set: headlines are refused,
    /// never clipped.
    /// `screenCornerRadius` is the recorded well's (a fraction of the capture's width): the
    /// capture is clipped to it and the frame's corners follow at the bezel's distance.
    /// Scale of the subtitle's size relative to the headline's base size.
    public var subtitleScale = 0.6

    /// A `subtitle` is set like the headline at `subtitleScale` of its size (up to 2 lines)
    /// and placed under it; the two share the band.
    public func layout(canvasWidth: Int, canvasHeight: Int, captureWidth: Int, captureHeight: Int,
                       headline: String, locale: String, typesetter: Typesetting,
                       fixedSize: Double? = nil, screenCornerRadius: Double = 0,
                       subtitle: String? = nil) -> Result<CanvasLayout, HeadlineRefusal> {
        let emoji = EmojiScan.emoji(in: headline)
        if !emoji.isEmpty && typesetting.emoji == .refuse { return .failure(.emoji(emoji)) }
        let styledHeadline: StyledText
        switch styled(headline) {
        case .success(let value): styledHeadline = value
        case .failure(let refusal): return .failure(refusal)
        }
        let w = Double(canvasWidth), h = Double(canvasHeight)
        let u = min(w, h)
        let p = proportions
        let band = headlineBand(canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        let base = baseHeadlineSize(canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        // The subtitle is fitted first (its own size, up to two lines); the headline gets the
        // rest of the band.
        var subtitleFit: FittedHeadline?
        var headlineBand = band
        let gapBetween = (base * 0.35).rounded()
        if let subtitle, !HeadlineFitter.paragraphs(subtitle).isEmpty {
            let size = (base * subtitleScale).rounded()
            var fitter = headlineFitter(locale: locale, maxLines: 2, minimumSize: (size * typesetting.minimumScale).rounded(.down))
            fitter.maxLinesFromJob = false
            var subtitleStyle = style(locale: locale, size: size)
            subtitleStyle.weight = 400
            let subtitleBand = Rect(x: band.x, y: band.y, width: band.width, height: band.height * 0.45)
            switch fitter.fit(subtitle, style: subtitleStyle, band: subtitleBand, typesetter: typesetter) {
            case .success(let value): subtitleFit = value
            case .failure(let refusal): return .failure(refusal)
            }
            headlineBand.height = band.height - (subtitleFit?.height ?? 0) - gapBetween
        }
        let fitter = headlineFitter(locale: locale, maxLines: typesetting.maxLines,
                                    minimumSize: fixedSize ?? (base * typesetting.minimumScale).rounded(.down))
        let fitted: FittedHeadline
        switch fitter.fit(styledHeadline, style: style(locale: locale, size: fixedSize ?? base), band: headlineBand, typesetter: typesetter) {
        case .success(let value): fitted = value
        case .failure(let refusal): return .failure(refusal)
        }
        let blockHeight = fitted.height + (subtitleFit.map { $0.height + gapBetween } ?? 0)
        let top = band.y + (band.height - blockHeight) / 2
        let lines = zip(fitted.lines, fitted.measurements).enumerated().map { index, pair in
            HeadlineLine(pair.0, x: w / 2, y: top + Double(index) * fitted.lineHeight + fitted.baseline, measurement: pair.1)
        }
        let headlineStyle = style(locale: locale, size: fitted.size)
        let headlineLines: [HeadlineLine]
        switch withColorEmoji(lines, style: headlineStyle, typesetter: typesetter) {
        case .success(let value): headlineLines = value
        case .failure(let refusal): return .failure(refusal)
        }
        let placed = HeadlineLayout(style: headlineStyle, lines: headlineLines, band: band,
                                    hyphenationPatterns: fitted.hyphenationPatterns,
                                    lackedPatterns: fitted.lackedPatterns || subtitleFit?.lackedPatterns == true)
        var placedSubtitle: HeadlineLayout?
        if let sub = subtitleFit {
            let subTop = top + fitted.height + gapBetween
            let subLines = zip(sub.lines, sub.measurements).enumerated().map { index, pair in
                HeadlineLine(pair.0, x: w / 2, y: subTop + Double(index) * sub.lineHeight + sub.baseline, measurement: pair.1)
            }
            var subStyle = style(locale: locale, size: sub.size)
            subStyle.weight = 400
            switch withColorEmoji(subLines, style: subStyle, typesetter: typesetter) {
            case .success(let value):
                placedSubtitle = HeadlineLayout(style: subStyle, lines: value, band: band, hyphenationPatterns: sub.hyphenationPatterns)
            case .failure(let refusal): return .failure(refusal)
            }
        }

        let bezel = (u * p.bezel).rounded()
        let capture = captureBox(canvasWidth: canvasWidth, canvasHeight: canvasHeight, captureWidth: captureWidth, captureHeight: captureHeight)
        let captureW = capture.width, captureH = capture.height
        let frame = Rect(x: capture.x - bezel, y: capture.y - bezel, width: captureW + 2 * bezel, height: captureH + 2 * bezel)
        let captureRadius = (captureW * screenCornerRadius).rounded()
        return .success(CanvasLayout(width: canvasWidth, height: canvasHeight, headline: placed, subtitle: placedSubtitle, frame: frame,
                                     frameRadius: captureRadius > 0 ? captureRadius + bezel : bezel * p.frameRadius, capture: capture,
                                     captureRadius: captureRadius))
    }
}

extension LayoutEngine {
    /// Where the capture is drawn on a canvas (pixels): below the headline band, inside the
    /// margins and the bezel, scaled to fit. It depends on the sizes only, so whether a capture
    /// would be enlarged on a canvas is known before any headline is set.
    public func captureBox(canvasWidth: Int, canvasHeight: Int, captureWidth: Int, captureHeight: Int) -> Rect {
        let w = Double(canvasWidth), h = Double(canvasHeight)
        let u = min(w, h)
        let margin = (u * proportions.margin).rounded()
        let band = headlineBand(canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        let bezel = (u * proportions.bezel).rounded()
        let areaTop = band.maxY + (margin * proportions.gap).rounded()
        let area = Rect(x: margin, y: areaTop, width: w - 2 * margin, height: h - margin - areaTop)
        let scale = min((area.width - 2 * bezel) / Double(captureWidth), (area.height - 2 * bezel) / Double(captureHeight))
        let captureW = (Double(captureWidth) * scale).rounded(.down)
        let captureH = (Double(captureHeight) * scale).rounded(.down)
        return Rect(x: ((w - captureW) / 2).rounded(), y: (area.y + (area.height - captureH) / 2).rounded(),
                    width: captureW, height: captureH)
    }

    /// Whether a capture is drawn at most at its own size on a canvas (never enlarged).
    public func fitsWithoutEnlarging(canvasWidth: Int, canvasHeight: Int, captureWidth: Int, captureHeight: Int) -> Bool {
        captureBox(canvasWidth: canvasWidth, canvasHeight: canvasHeight, captureWidth: captureWidth, captureHeight: captureHeight).width
            <= Double(captureWidth) + 0.5
    }
}

enum HeadlineText {
    /// White space as librsvg's default `xml:space` handling leaves it: line breaks and tabs
    /// become spaces, runs collapse to one, ends trimmed. Measuring this string measures what
    /// is drawn.
    public static func collapsed(_ text: String) -> String { collapsed(StyledText(text)).text }

    /// The same, keeping each scalar's emphasis (a kept space takes the style before it).
    public static func collapsed(_ text: StyledText) -> StyledText {
        var result = StyledText("")
        var pendingSpace: Bool?
        for (scalar, flag) in zip(text.scalars, text.emphasized) {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                if !result.isEmpty && pendingSpace == nil { pendingSpace = flag && (result.emphasized.last ?? false) }
            } else {
                if let space = pendingSpace { result.append(" ", emphasized: space) }
                pendingSpace = nil
                result.append(scalar, emphasized: flag)
            }
        }
        return result
    }
}

enum EmojiScan {
    /// Emoji in `text`: scalars shown as emoji by default, and any emoji-capable scalar
    /// followed by VS16 (U+FE0F).
    public static func emoji(in text: String) -> [Unicode.Scalar] {
        let scalars = Array(text.unicodeScalars)
        var found: [Unicode.Scalar] = []
        for (i, s) in scalars.enumerated() {
            let presented = s.properties.isEmojiPresentation
                || (s.properties.isEmoji && i + 1 < scalars.count && scalars[i + 1].value == 0xFE0F)
            if presented && !found.contains(s) { found.append(s) }
        }
        return found
    }
}
