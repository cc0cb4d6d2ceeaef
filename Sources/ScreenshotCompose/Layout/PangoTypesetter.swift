import CPangoCairo
import Foundation

// The only Swift file that talks to Pango and fontconfig. It sets Pango up the way
// librsvg 2.54 does (create_pango_context / create_pango_layout in its text.rs): resolution
// 72 so a size is in SVG user units, no hinting, hint metrics off, unrounded glyph
// positions, the language from xml:lang, base direction from `direction`, no automatic
// direction, the size in (non-absolute) Pango units truncated like its to_pango_units.
// What is measured here is what librsvg draws.

/// Measures and breaks lines with Pango + PangoCairo + fontconfig. Not thread-safe: use one
/// instance per thread.
public final class PangoTypesetter: Typesetting {
    private var state: (fontMap: UnsafeMutablePointer<PangoFontMap>, context: OpaquePointer)?

    public init() {}

    deinit {
        if let state {
            g_object_unref(UnsafeMutableRawPointer(state.context))
            g_object_unref(UnsafeMutableRawPointer(state.fontMap))
        }
    }

    public var engineVersion: String { String(cString: pango_version_string()) }

    /// Created on first use, so fonts registered before then are seen without a reload.
    private func context() -> OpaquePointer {
        if let state { return state.context }
        guard let map = pango_cairo_font_map_new() else { preconditionFailure("Pango could not create a cairo font map") }
        let context = pango_font_map_create_context(map)
        pango_context_set_round_glyph_positions(context, 0)
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        state = (map, context!)
        return context!
    }

    public func registerFontFiles(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        let config = FcConfigGetCurrent()
        for path in paths where FcConfigAppFontAddFile(config, path) == 0 {
            throw FontRegistrationError(path: path)
        }
        // Font maps made before this (ours, and the per-thread default librsvg draws with)
        // must drop their caches to see the new files.
        if let state {
            pango_fc_font_map_config_changed(OpaquePointer(state.fontMap))
        }
        if let shared = pango_cairo_font_map_get_default() {
            pango_fc_font_map_config_changed(OpaquePointer(shared))
        }
        // The default font map is per thread: the other threads' maps catch up before they
        // next draw (`refreshThreadFontMap`).
        Self.registrations.lock()
        Self.registrationCount += 1
        Self.registrations.unlock()
    }

    private static let registrations = NSLock()
    nonisolated(unsafe) private static var registrationCount = 0
    private static let seenKey = "store-screenshot-compose.fontRegistrations"

    /// Makes this thread's default font map (the one librsvg draws with) see every font file
    /// registered so far, on any thread. Cheap when nothing changed: call before drawing.
    public static func refreshThreadFontMap() {
        registrations.lock()
        let count = registrationCount
        registrations.unlock()
        let dictionary = Thread.current.threadDictionary
        guard (dictionary[seenKey] as? Int) != count else { return }
        if let shared = pango_cairo_font_map_get_default() {
            pango_fc_font_map_config_changed(OpaquePointer(shared))
        }
        dictionary[seenKey] = count
    }

    public func hasFamily(_ family: String) -> Bool {
        guard let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        guard let objects = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        guard let list = FcFontList(FcConfigGetCurrent(), pattern, objects) else { return false }
        defer { FcFontSetDestroy(list) }
        return list.pointee.nfont > 0
    }

    private func makeLayout(_ text: String, style: TextStyle) -> OpaquePointer {
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
        return layout
    }

    public func measure(_ text: String, style: TextStyle) -> TextMeasurement {
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

    public func wrap(_ paragraph: String, style: TextStyle, width: Double) -> [String] {
        let layout = makeLayout(paragraph, style: style)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
        pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
        let utf8 = Array(paragraph.utf8)
        var lines: [String] = []
        for index in 0..<pango_layout_get_line_count(layout) {
            guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
            let start = Int(line.pointee.start_index)
            let end = min(utf8.count, start + Int(line.pointee.length))
            let text = String(decoding: utf8[start..<end], as: UTF8.self)
            lines.append(HeadlineText.collapsed(Hyphenation.drawnLine(text)))
        }
        return lines.filter { !$0.isEmpty }
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
                    let path = String(cString: file)
                    if !files.contains(path) { files.append(path) }
                }
            }
        } while pango_layout_iter_next_run(iter) != 0
        return (unknown, files)
    }
}
