import CPangoCairo

// The only Swift file that talks to Pango. It sets up Pango the way librsvg 2.54 does
// (create_pango_context / create_pango_layout in its text.rs): resolution 72 so that a
// size is in SVG user units, no hinting, hint metrics off, unrounded glyph positions,
// the language from xml:lang, no automatic direction, size set in (non-absolute) Pango
// units truncated like librsvg's to_pango_units. Measurements then match what librsvg draws.

/// Measures lines of text with Pango + PangoCairo + fontconfig. Not thread-safe: use one
/// instance per thread.
public final class PangoTypesetter: Typesetting {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer

    public init() {
        // A font map of our own (not the per-thread default) so instances are independent.
        guard let map = pango_cairo_font_map_new() else {
            preconditionFailure("Pango could not create a cairo font map")
        }
        fontMap = map
        context = pango_font_map_create_context(fontMap)
        pango_context_set_round_glyph_positions(context, 0)
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    public var engineVersion: String { String(cString: pango_version_string()) }

    public func measure(_ text: String, style: TextStyle) -> TextMeasurement {
        let ctx = context
        pango_context_set_language(ctx, pango_language_from_string(style.language))
        pango_context_set_base_dir(ctx, PANGO_DIRECTION_LTR)
        let description = pango_font_description_new()
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, style.fontFamily)
        pango_font_description_set_weight(description, PangoWeight(UInt32(clamping: style.weight)))
        pango_font_description_set_size(description, Int32(style.size * Double(PANGO_SCALE)))

        let layout = pango_layout_new(ctx)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_auto_dir(layout, 0)
        pango_layout_set_font_description(layout, description)
        pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        pango_layout_set_text(layout, text, -1)

        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let scale = Double(PANGO_SCALE)
        let baseline = Double(pango_layout_get_baseline(layout)) / scale
        return TextMeasurement(
            width: Double(logical.width) / scale,
            height: Double(logical.height) / scale,
            baseline: baseline - Double(logical.y) / scale,
            inkX: Double(ink.x - logical.x) / scale,
            inkY: Double(ink.y - logical.y) / scale,
            inkWidth: Double(ink.width) / scale,
            inkHeight: Double(ink.height) / scale,
            unknownGlyphs: Int(pango_layout_get_unknown_glyphs_count(layout))
        )
    }
}
