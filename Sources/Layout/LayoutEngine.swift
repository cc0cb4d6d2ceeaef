import Support
import Diagnostics
import Ingest
import Plan
/// Computes a `CanvasLayout` from a template's slots, the captures and the texts: pure geometry
/// plus measurements through `Typesetting` (`layout(template:…)`). A `{{PLACEHOLDER}}` template's
/// slots come from `proportions` (`PlaceholderSlots`).
public struct LayoutEngine {
    public var proportions: LayoutProportions
    public var typesetting: TypesettingOptions
    public var fontWeight: Int
    /// Emphasised words (`*word*`): the theme's `accent` colour and `accentWeight`.
    public var accentColor = Theme().accent
    public var accentWeight = Theme().accentWeight
    /// The theme's `accentFont` (by locale); empty: emphasised words in the headline's families.
    public var accentFont: [String: String] = [:]
    /// Where hyphenation patterns come from (loaded once per engine).
    public var hyphenationCatalog = HyphenationCatalog.shared

    public init(proportions: LayoutProportions = LayoutProportions(), typesetting: TypesettingOptions = TypesettingOptions(),
                fontWeight: Int = 700) {
        self.proportions = proportions
        self.typesetting = typesetting
        self.fontWeight = fontWeight
    }

    /// Whether a capture is drawn at most at its own size on a canvas by the `{{PLACEHOLDER}}`
    /// template's slots (never enlarged): `CapturePlacement`'s answer at these proportions.
    public func fitsWithoutEnlarging(canvasWidth: Int, canvasHeight: Int, captureWidth: Int, captureHeight: Int) -> Bool {
        CapturePlacement.fitsWithoutEnlarging(canvasWidth: canvasWidth, canvasHeight: canvasHeight, captureWidth: captureWidth,
                                              captureHeight: captureHeight, proportions: proportions)
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
        var accentTheme = Theme()
        accentTheme.accentFont = accentFont
        style.accentFamily = accentTheme.accentFamilies(for: locale)
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

package enum EmojiScan {
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
