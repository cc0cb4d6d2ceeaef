/// What a job says about setting headlines.
public struct TypesettingOptions: Equatable, Sendable {
    public enum SizePolicy: String, Equatable, Sendable {
        /// Each headline at the largest size that fits it.
        case fit
        /// Every headline of one locale and well at the smallest fitted size among them (the
        /// default: sizes do not jump from one screenshot of a set to the next).
        case uniform
    }

    public enum EmojiPolicy: String, Equatable, Sendable {
        /// Refused: librsvg 2.54 draws text as paths on PNG output, so colour emoji lose their
        /// colour (GNOME/librsvg#911).
        case refuse
        /// Accepted knowingly, drawn from a monochrome font (Symbola).
        case monochrome
        /// Drawn from the colour emoji font (Noto Color Emoji) through cairo into small PNG
        /// `<image>`s where the glyphs go, so every SVG viewer shows the same colour glyph.
        case color
    }

    public enum EmphasisPolicy: String, Equatable, Sendable {
        /// Asterisks are text.
        case none
        /// `*word*` is drawn in the theme's accent colour and weight; `\*` is an asterisk.
        case asterisks
    }

    /// Lines a headline may wrap to (explicit line breaks count).
    public var maxLines = 2
    /// Smallest size as a fraction of the layout's headline size.
    public var minimumScale = 0.6
    public var size = SizePolicy.uniform
    /// Words wider than the band are hyphenated (libhyphen, the locale's patterns) before
    /// the size shrinks; `"hyphenation": false` turns it off.
    public var hyphenation = true
    public var emphasis = EmphasisPolicy.none
    public var emoji = EmojiPolicy.refuse
    /// Font family lists by locale or language (`ja`, `zh-Hant`, `de-DE`) and `default`.
    public var fonts: [String: String] = [:]
    /// Font files registered with fontconfig for this process only (absolute paths).
    public var fontFiles: [String] = []

    public init() {}
}
