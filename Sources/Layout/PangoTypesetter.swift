import Diagnostics
import CPangoCairo
import Foundation
import Support
import Plan

// The only Swift file that talks to Pango and fontconfig. It sets Pango up the way
// librsvg 2.54 does (create_pango_context / create_pango_layout in its text.rs): resolution
// 72 so a size is in SVG user units, no hinting, hint metrics off, unrounded glyph
// positions, the language from xml:lang, base direction from `direction`, no automatic
// direction, the size in (non-absolute) Pango units truncated like its to_pango_units.
// What is measured here is what librsvg draws.

/// Measures and breaks lines with Pango + PangoCairo + fontconfig. A Pango context is not
/// thread-safe, and copies of `ScreenshotComposer` share their typesetter, so each thread that
/// uses this typesetter gets a font map and context of its own (made on its first use, freed
/// with the typesetter). Font files are registered through `FontRegistry`, the one owner of
/// fontconfig's process-wide configuration.
public final class PangoTypesetter: Typesetting {
    /// One thread's Pango state; used by that thread only.
    private final class ThreadContext {
        let fontMap: UnsafeMutablePointer<PangoFontMap>
        let context: OpaquePointer
        /// The run's configuration this font map has (`FontRegistry.bringUpToDate`).
        var seen: String?

        init(fontMap: UnsafeMutablePointer<PangoFontMap>, context: OpaquePointer) {
            self.fontMap = fontMap
            self.context = context
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(context))
            g_object_unref(UnsafeMutableRawPointer(fontMap))
        }
    }

    private let lock = NSLock()
    /// The calling thread's context, by thread. A thread id the system reuses belongs to a
    /// thread that has ended, so its successor may take the context over.
    private var contexts: [pthread_t: ThreadContext] = [:]

    public init() {}

    public var engineVersion: String { String(cString: pango_version_string()) }

    /// This thread's context, made on its first use, its font map brought up to the run's
    /// configuration (the job's font files, which win over the machine's).
    private func context() -> OpaquePointer {
        let thread = pthread_self()
        lock.lock()
        let existing = contexts[thread]
        lock.unlock()
        if let existing {
            FontRegistry.bringUpToDate(OpaquePointer(existing.fontMap), seen: &existing.seen)
            return existing.context
        }
        guard let map = pango_cairo_font_map_new(), let context = pango_font_map_create_context(map) else {
            preconditionFailure("Pango could not create a cairo font map")
        }
        pango_context_set_round_glyph_positions(context, 0)
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        let made = ThreadContext(fontMap: map, context: context)
        FontRegistry.bringUpToDate(OpaquePointer(map), seen: &made.seen)
        lock.lock()
        contexts[thread] = made
        lock.unlock()
        return context
    }

    /// Registers `paths` (each read once and given to fontconfig as a private copy of its
    /// bytes, keyed by content: see `FontRegistry`).
    public func registerFontFiles(_ paths: [String]) throws {
        var copies: [FontFileCopies.Copy] = []
        for path in paths {
            if let copy = FontFileCopies.copy(atPrivatePath: path) {
                copies.append(copy)
                continue
            }
            switch InputReader.read(path: path, as: .font) {
            case .success(let bytes): copies.append(try FontFileCopies.copy(of: path, bytes: bytes))
            case .failure: throw FontRegistrationError(path: path)
            }
        }
        try FontRegistry.register(copies)
    }

    /// Every file fontconfig was given for this process (`FontRegistry`).
    static func applicationFontFiles() -> [String] { FontRegistry.applicationFontFiles() }

    /// Makes this thread's default font map (the one librsvg draws with) see every font file
    /// registered so far (`FontRegistry.refreshThreadFontMap`).
    public static func refreshThreadFontMap() { FontRegistry.refreshThreadFontMap() }

    public func hasFamily(_ family: String) -> Bool { FontRegistry.hasFamily(family) }

    /// A layout of `text`: emphasised scalars in the accent weight; with `keepWordsWhole`
    /// (wrapping Japanese and Chinese), no break inside a dictionary word.
    private func makeLayout(_ styled: StyledText, style: TextStyle, keepWordsWhole: Bool = false) -> OpaquePointer {
        let text = styled.text
        let ctx = context()
        pango_context_set_language(ctx, pango_language_from_string(style.language))
        pango_context_set_base_dir(ctx, style.rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, style.fontFamily)
        pango_font_description_set_weight(description, PangoWeight(UInt32(clamping: style.weight)))
        pango_font_description_set_size(description, Int32(style.size * Double(PANGO_SCALE)))
        let layout = pango_layout_new(ctx)!
        pango_layout_set_auto_dir(layout, 0)
        pango_layout_set_font_description(layout, description)
        pango_layout_set_alignment(layout, style.rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        pango_layout_set_text(layout, text, -1)
        var spans: [Range<Int>] = []
        if keepWordsWhole && DictionaryWordBreaks.applies(to: style.language) {
            spans = DictionaryWordBreaks.unbreakableSpans(text, locale: style.language)
        }
        if styled.hasEmphasis || !spans.isEmpty {
            var byteAt: [Int] = [0]
            for scalar in styled.scalars { byteAt.append((byteAt.last ?? 0) + scalar.utf8.count) }
            let list = pango_attr_list_new()
            defer { pango_attr_list_unref(list) }
            func add(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ range: Range<Int>) {
                guard let attribute else { return }
                attribute.pointee.start_index = guint(byteAt[range.lowerBound])
                attribute.pointee.end_index = guint(byteAt[range.upperBound])
                pango_attr_list_insert(list, attribute)
            }
            for range in styled.emphasizedRanges {
                add(pango_attr_weight_new(PangoWeight(UInt32(clamping: style.accentWeight))), range)
                if let family = style.accentFamily { add(pango_attr_family_new(family), range) }
            }
            // Pango's own rules still apply at the word boundaries (no line starts with
            // closing punctuation).
            for span in spans { add(pango_attr_allow_breaks_new(0), span) }
            pango_layout_set_attributes(layout, list)
        }
        return layout
    }

    public func measure(_ text: StyledText, style: TextStyle) -> TextMeasurement {
        let layout = makeLayout(text, style: style)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        let (unknown, files) = inspectRuns(layout)
        return TextMeasurement(
            width: Double(logical.width) / scale,
            height: Double(logical.height) / scale,
            baseline: Double(pango_layout_get_baseline(layout) - logical.y) / scale,
            inkX: Double(ink.x - logical.x) / scale,
            inkY: Double(ink.y - logical.y) / scale,
            inkWidth: Double(ink.width) / scale,
            inkHeight: Double(ink.height) / scale,
            unknownCharacters: unknown,
            fontFiles: files)
    }

    public func wrap(_ paragraph: StyledText, style: TextStyle, width: Double) -> [StyledText] {
        let layout = makeLayout(paragraph, style: style, keepWordsWhole: true)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        // Byte offset → scalar index, to cut the styled text where Pango broke it.
        var scalarAt: [Int: Int] = [:]
        var byte = 0
        for (index, scalar) in paragraph.scalars.enumerated() {
            scalarAt[byte] = index
            byte += scalar.utf8.count
        }
        scalarAt[byte] = paragraph.scalars.count
        var lines: [StyledText] = []
        let count = pango_layout_get_line_count(layout)
        for index in 0..<count {
            guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
            let start = scalarAt[Int(line.pointee.start_index)] ?? 0
            let end = scalarAt[min(byte, Int(line.pointee.start_index + line.pointee.length))] ?? paragraph.scalars.count
            lines.append(HeadlineText.collapsed(Hyphenation.drawnLine(paragraph[start..<max(start, end)], endsParagraph: index == count - 1)))
        }
        return lines.filter { !$0.isEmpty }
    }

    /// The family colour emoji are drawn from (Debian's fonts-noto-color-emoji).
    public static let colorEmojiFamily = "Noto Color Emoji"
    /// Pixels of an emoji's PNG per pixel of its box in the SVG.
    public static let emojiSupersampling = 2.0

    public func colorEmoji(_ line: StyledText, style: TextStyle, height: Double, baseline: Double) -> Result<[EmojiImage], EmojiRefusal> {
        let layout = makeLayout(line, style: style)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let scale = Double(PANGO_SCALE)
        let fonts = runFonts(layout)
        var images: [EmojiImage] = []
        var missing: [Unicode.Scalar] = []
        var byte = 0
        for cluster in line.text {
            let start = byte
            byte += cluster.utf8.count
            let scalars = Array(cluster.unicodeScalars)
            guard !EmojiScan.emoji(in: String(cluster)).isEmpty else { continue }
            // The run's font must be the colour one: another would draw it monochrome.
            let file = fonts.last { $0.start <= start }?.file ?? ""
            guard file.contains("NotoColorEmoji") else {
                missing.append(contentsOf: scalars.filter { !missing.contains($0) && $0.value != 0xFE0F && $0.value != 0x200D })
                continue
            }
            var position = PangoRectangle()
            pango_layout_index_to_pos(layout, Int32(start), &position)
            let x = Double(min(position.x, position.x + position.width)) / scale
            let width = Double(abs(position.width)) / scale
            guard let png = drawCluster(String(cluster), style: style, width: width, height: height, baseline: baseline) else { continue }
            images.append(EmojiImage(x: x, width: width, png: png))
        }
        return missing.isEmpty ? .success(images) : .failure(EmojiRefusal(scalars: missing))
    }

    /// One emoji cluster in the colour font, its baseline at `baseline`, as a PNG.
    private func drawCluster(_ cluster: String, style: TextStyle, width: Double, height: Double, baseline: Double) -> [UInt8]? {
        var emojiStyle = style
        emojiStyle.fontFamily = Self.colorEmojiFamily
        let layout = makeLayout(StyledText(cluster), style: emojiStyle)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        // Twice the pixels of the box the SVG gives it (width and height rounded up), so the
        // glyph stays sharp in the PNG and in a browser at 200 % zoom or on a 2× display.
        let scale = Self.emojiSupersampling
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(max(1, width.rounded(.up)) * scale), Int32(max(1, height.rounded(.up)) * scale))
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, scale, scale)
        let glyphBaseline = Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
        cairo_move_to(cr, 0, baseline - glyphBaseline)
        pango_cairo_show_layout(cr, layout)
        cairo_surface_flush(surface)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        return withExtendedLifetime(sink) { status == CAIRO_STATUS_SUCCESS ? sink.bytes : nil }
    }

    /// Each run's start (byte) and font file, in text order.
    private func runFonts(_ layout: OpaquePointer) -> [(start: Int, file: String)] {
        var result: [(start: Int, file: String)] = []
        guard let iter = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let item = run.pointee.item,
                  let font = item.pointee.analysis.font,
                  let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)) else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file {
                result.append((Int(item.pointee.offset), FontFileCopies.userPath(of: String(cString: file))))
            }
        } while pango_layout_iter_next_run(iter) != 0
        return result.sorted { $0.start < $1.start }
    }

    /// Unknown glyphs (Pango marks them with PANGO_GLYPH_UNKNOWN_FLAG, the code point in the
    /// low bits) and the font file of each run.
    private func inspectRuns(_ layout: OpaquePointer) -> ([Unicode.Scalar], [String]) {
        var unknown: [Unicode.Scalar] = []
        var files: [String] = []
        guard let iter = pango_layout_get_iter(layout) else { return ([], []) }
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let item = run.pointee.item,
                  let glyphs = run.pointee.glyphs else { continue }
            for i in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = glyphs.pointee.glyphs[i].glyph
                if glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0,
                   let scalar = Unicode.Scalar(glyph & ~PANGO_GLYPH_UNKNOWN_FLAG), scalar.value >= 0x20,
                   !unknown.contains(scalar) {
                    unknown.append(scalar)
                }
            }
            if let font = item.pointee.analysis.font,
               let pattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)) {
                var file: UnsafeMutablePointer<FcChar8>?
                if FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file {
                    // A job's font file is registered as a private copy: recorded by the job's path.
                    let path = FontFileCopies.userPath(of: String(cString: file))
                    if !files.contains(path) { files.append(path) }
                }
            }
        } while pango_layout_iter_next_run(iter) != 0
        return (unknown, files)
    }
}
