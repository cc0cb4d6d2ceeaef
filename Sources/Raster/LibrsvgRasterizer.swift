import Diagnostics
import CRsvg
// cairo.h is included by CPangoCairo too; a release (whole-module) build attributes its declarations
// to that module, so CAIRO_FORMAT_* and CAIRO_STATUS_* are only in scope through it.
import CPangoCairo
import Foundation
import Support
import Plan
import Ingest

// The only Swift file that talks to librsvg and cairo. Its drawing functions (`…Here`) run in
// a worker process (`RasterWorkers`); the entry points that send them there are in
// LibrsvgRasterizer+Workers.swift.

/// Why a composed SVG could not be rasterized.
public struct RasterError: Error, Equatable, Sendable {
    public var message: String
    /// The bound the drawing went past, when that is why it failed.
    public var bound: Bound?

    /// The bounds of `DrawingBounds`.
    public enum Bound: String, Sendable {
        case memory, cpu, wall
    }

    package init(message: String) {
        self.message = message
        // Under the worker's address-space cap, an allocation librsvg or cairo could not make.
        if message.contains("NoMemory") || message.contains("out of memory") { bound = .memory }
    }

    /// A drawing past `bound` of `bounds`; `found`: what was seen.
    package init(bound: Bound, bounds: DrawingBounds, found: String) {
        self.bound = bound
        self.message = Self.pastBound(bound, bounds: bounds, found: found)
    }

    /// "went past the … bound: expected at most …, found more (found)".
    package static func pastBound(_ bound: Bound, bounds: DrawingBounds, found: String) -> String {
        switch bound {
        case .memory: return "drawing went past the memory bound: expected at most \(bounds.memoryMegabytes) MB per drawing process, found more (\(found))"
        case .cpu: return "drawing went past the time bound: expected at most \(bounds.cpuSeconds) s of CPU per drawing, found more (\(found))"
        case .wall: return "drawing went past the time bound: expected at most \(SVGNumber.format(bounds.wallSeconds)) s per drawing, found more (\(found))"
        }
    }
}

/// Rasterizes composed SVGs with librsvg at 1:1 (viewport = viewBox; librsvg 2.54
/// misplaces anchored text when it scales, GNOME/librsvg#1109).
public enum LibrsvgRasterizer {
    /// librsvg's version, read at run time.
    public static var librsvgVersion: String {
        "\(rsvg_major_version).\(rsvg_minor_version).\(rsvg_micro_version)"
    }

    /// cairo's version, read at run time.
    public static var cairoVersion: String { String(cString: cairo_version_string()) }

    /// The images `slots` of `svg` each drawn alone (`render_layer`, at 1:1, on transparent) in
    /// the canvas rows `CaptureVisibility.Slot.sampled` gives, over their columns: one ARGB32
    /// image, each slot's rows in turn. cairo draws only inside each row's clip, and librsvg
    /// keeps the decoded image for the next row, so this is a small part of a drawing.
    static func captureRowsHere(svg: Data, baseFile: URL, canvas: (width: Int, height: Int), slots: [CaptureVisibility.Slot]) throws -> RasterImage {
        try withHandle(svg, baseFile: baseFile) { try captureRows(handle: $0, canvas: canvas, slots: slots) }
    }

    /// The whole of `svg` drawn in one pass (`drawWholeHere`), then its capture `slots` drawn
    /// alone from the same document (`captureRowsHere`): librsvg decodes each image once.
    static func drawWholeHere(svg: Data, baseFile: URL, width: Int, height: Int, sampling slots: [CaptureVisibility.Slot]) throws -> (RasterImage, RasterImage) {
        try withHandle(svg, baseFile: baseFile) { handle in
            (try drawCanvas(handle: handle, width: width, height: height), try captureRows(handle: handle, canvas: (width, height), slots: slots))
        }
    }

    private static func captureRows(handle: UnsafeMutablePointer<RsvgHandle>, canvas: (width: Int, height: Int), slots: [CaptureVisibility.Slot]) throws -> RasterImage {
        let sampled = slots.map { $0.sampled(canvas: canvas) }
        let width = max(1, sampled.map(\.width).max() ?? 1), height = max(1, sampled.map(\.ys.count).reduce(0, +))
        return try withSurface(CAIRO_FORMAT_ARGB32, width: width, height: height) { cr, pixels in
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
            var row = 0
            for (slot, (ys, x0, slotWidth)) in zip(slots, sampled) {
                for y in ys {
                    cairo_save(cr)
                    cairo_rectangle(cr, 0, Double(row), Double(slotWidth), 1)
                    cairo_clip(cr)
                    cairo_translate(cr, -Double(x0), Double(row - y))
                    var error: UnsafeMutablePointer<GError>?
                    // An element librsvg will not draw alone draws nothing.
                    if rsvg_handle_render_layer(handle, cr, "#\(slot.id)", &viewport, &error) == 0 { _ = take(&error) }
                    cairo_restore(cr)
                    row += 1
                }
            }
            let (data, stride) = try pixels()
            return RasterImage(width: width, height: height, stride: stride, pixels: [UInt8](UnsafeBufferPointer(start: data, count: stride * height)))
        }
    }

    /// The document drawn on white over a `width` × `height` canvas; with `region`, only those
    /// canvas pixels, scaled by `scale` (cairo rasterizes only inside the surface, so a small
    /// region is cheap on a large canvas).
    private static func drawCanvas(handle: UnsafeMutablePointer<RsvgHandle>, width canvasWidth: Int, height canvasHeight: Int,
                                   region: Region? = nil, scale: Double = 1) throws -> RasterImage {
        let width = region.map { max(1, Int((Double($0.width) * scale).rounded(.up))) } ?? canvasWidth
        let height = region.map { max(1, Int((Double($0.height) * scale).rounded(.up))) } ?? canvasHeight
        return try withSurface(CAIRO_FORMAT_RGB24, width: width, height: height) { cr, pixels in
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            if let region {
                cairo_scale(cr, scale, scale)
                cairo_translate(cr, -Double(region.x), -Double(region.y))
            }
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(canvasWidth), height: Double(canvasHeight))
            var error: UnsafeMutablePointer<GError>?
            if rsvg_handle_render_document(handle, cr, &viewport, &error) == 0 {
                throw RasterError(message: "librsvg could not render the SVG: \(take(&error))")
            }
            let status = cairo_status(cr)
            if status != CAIRO_STATUS_SUCCESS {
                throw RasterError(message: "cairo failed: \(String(cString: cairo_status_to_string(status)))")
            }
            let (data, stride) = try pixels()
            return RasterImage(width: width, height: height, stride: stride, pixels: [UInt8](UnsafeBufferPointer(start: data, count: stride * height)))
        }
    }

    /// A box on the canvas, in pixels.
    public struct Box: Equatable, Sendable, Codable {
        public var x, y, width, height: Double

        func intersects(_ other: Box) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }

    /// The whole of `svg` drawn in one pass on white, as the tool draws an output that shares no
    /// layers (without the capture checks `render` makes): what shared layers must equal.
    static func drawWholeHere(svg: Data, baseFile: URL, width: Int, height: Int) throws -> RasterImage {
        try withHandle(svg, baseFile: baseFile) { try drawCanvas(handle: $0, width: width, height: height) }
    }

    /// Where the whole of `svg` draws on a `width` × `height` canvas (librsvg's ink rectangle),
    /// nil when it draws nothing. Images are measured by their box (decoding them is not needed).
    static func inkExtentHere(svg: Data, baseFile: URL, width: Int, height: Int) throws -> Box? {
        try withHandle(svg, baseFile: baseFile) { handle in
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
            var ink = RsvgRectangle(), logical = RsvgRectangle()
            var error: UnsafeMutablePointer<GError>?
            if rsvg_handle_get_geometry_for_layer(handle, nil, &viewport, &ink, &logical, &error) == 0 {
                throw RasterError(message: "librsvg could not measure the SVG: \(take(&error))")
            }
            return ink.width > 0 && ink.height > 0 ? Box(x: ink.x, y: ink.y, width: ink.width, height: ink.height) : nil
        }
    }

    /// Draws the elements `ids` of `svg` (its whole document: each element with the transform
    /// and inherited style it has there) in order over a copy of `base`, as the one-pass render
    /// would draw them last. Returns nil, having drawn nothing, when the ink of any of them
    /// comes within a pixel of `clearOf` (what the document draws after them), or cannot be
    /// measured.
    static func drawLayersHere(svg: Data, baseFile: URL, over base: RasterImage, ids: [String], clearOf: Box?) throws -> RasterImage? {
        var pixels = base.pixels
        let drawn = try pixels.withUnsafeMutableBytes { raw in
            try drawLayersHere(svg: svg, baseFile: baseFile, onto: raw.baseAddress!, width: base.width, height: base.height,
                               stride: base.stride, ids: ids, clearOf: clearOf)
        }
        return drawn ? RasterImage(width: base.width, height: base.height, stride: base.stride, pixels: pixels) : nil
    }

    /// `drawLayersHere` onto the canvas at `pixels` (cairo RGB24, `stride` bytes a row) in place:
    /// the worker draws into its shared memory file, so a canvas is not copied in and out of it.
    /// False, having drawn nothing, where the other returns nil.
    static func drawLayersHere(svg: Data, baseFile: URL, onto pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                               ids: [String], clearOf: Box?) throws -> Bool {
        try withHandle(svg, baseFile: baseFile) { handle -> Bool in
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
            if let clearOf {
                // Pixels an anti-aliased edge can touch, and one more.
                let keepOut = Box(x: clearOf.x.rounded(.down) - 1, y: clearOf.y.rounded(.down) - 1,
                                  width: clearOf.width.rounded(.up) + 3, height: clearOf.height.rounded(.up) + 3)
                for id in ids {
                    guard let ink = try measuredInk(handle: handle, id: id, canvas: (width, height)) else { return false }
                    if ink.width > 0 && ink.intersects(keepOut) { return false }
                }
            }
            guard let surface = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                                    Int32(width), Int32(height), Int32(stride)),
                  cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
                throw RasterError(message: "cairo could not wrap a \(width)×\(height) canvas")
            }
            defer { cairo_surface_destroy(surface) }
            let cr = cairo_create(surface)
            defer { cairo_destroy(cr) }
            for id in ids {
                var error: UnsafeMutablePointer<GError>?
                if rsvg_handle_render_layer(handle, cr, "#\(id)", &viewport, &error) == 0 {
                    throw RasterError(message: "librsvg could not draw #\(id): \(take(&error))")
                }
            }
            let status = cairo_status(cr)
            if status != CAIRO_STATUS_SUCCESS {
                throw RasterError(message: "cairo failed: \(String(cString: cairo_status_to_string(status)))")
            }
            cairo_surface_flush(surface)
            return true
        }
    }

    /// The pixels element `id` inks, measured by drawing it alone into a transparent patch
    /// around librsvg's rectangles for it (widened by half their height: glyphs can overhang
    /// their advance and line box). An empty box when it draws nothing; nil when its ink
    /// reaches the patch's edge inside the canvas (it goes further than measured).
    private static func measuredInk(handle: UnsafeMutablePointer<RsvgHandle>, id: String, canvas: (width: Int, height: Int)) throws -> Box? {
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        var ink = RsvgRectangle(), logical = RsvgRectangle()
        var error: UnsafeMutablePointer<GError>?
        if rsvg_handle_get_geometry_for_layer(handle, "#\(id)", &viewport, &ink, &logical, &error) == 0 {
            throw RasterError(message: "librsvg could not measure #\(id): \(take(&error))")
        }
        let boxes = [ink, logical].filter { $0.width > 0 || $0.height > 0 }
        guard let left = boxes.map(\.x).min(), let top = boxes.map(\.y).min(),
              let right = boxes.map({ $0.x + $0.width }).max(), let bottom = boxes.map({ $0.y + $0.height }).max() else {
            return Box(x: 0, y: 0, width: 0, height: 0)
        }
        let margin = max(8, (bottom - top) / 2)
        let x0 = max(0, Int((left - margin).rounded(.down))), y0 = max(0, Int((top - margin).rounded(.down)))
        let x1 = min(canvas.width, Int((right + margin).rounded(.up))), y1 = min(canvas.height, Int((bottom + margin).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return Box(x: 0, y: 0, width: 0, height: 0) }
        return try withSurface(CAIRO_FORMAT_ARGB32, width: x1 - x0, height: y1 - y0) { cr, pixels in
            cairo_translate(cr, Double(-x0), Double(-y0))
            if rsvg_handle_render_layer(handle, cr, "#\(id)", &viewport, &error) == 0 {
                throw RasterError(message: "librsvg could not draw #\(id): \(take(&error))")
            }
            let (data, stride) = try pixels()
            var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
            for y in 0..<(y1 - y0) {
                let row = UnsafeRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
                for x in 0..<(x1 - x0) where row[x] >> 24 != 0 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            guard maxX >= 0 else { return Box(x: 0, y: 0, width: 0, height: 0) }
            let touchesEdge = (minX == 0 && x0 > 0) || (minY == 0 && y0 > 0)
                || (maxX == x1 - x0 - 1 && x1 < canvas.width) || (maxY == y1 - y0 - 1 && y1 < canvas.height)
            if touchesEdge { return nil }
            return Box(x: Double(x0 + minX), y: Double(y0 + minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
        }
    }

    // MARK: What the template probe draws (`TemplateProbe`)

    /// Whole canvas pixels: a part of a canvas the probe draws.
    package struct Region: Equatable, Sendable, Codable {
        var x, y, width, height: Int
    }

    /// The whole of `svg` drawn on white as the output would be, but only the pixels of `region`
    /// (canvas pixels), scaled by `scale` (≤ 1: a smaller picture of the region). cairo
    /// rasterizes only inside the surface, so a small region is cheap on a large canvas.
    static func drawRegionHere(svg: Data, baseFile: URL, canvas: (width: Int, height: Int), region: Region, scale: Double = 1) throws -> RasterImage {
        try withHandle(svg, baseFile: baseFile) { try drawCanvas(handle: $0, width: canvas.width, height: canvas.height, region: region, scale: scale) }
    }

    /// Where the elements `ids` of `svg` draw, each alone as `render_layer` draws it (with the
    /// transforms and inherited style it has in the document): the union of librsvg's ink
    /// rectangles, canvas pixels; nil when none draws anything.
    static func layersInkHere(svg: Data, baseFile: URL, canvas: (width: Int, height: Int), ids: [String]) throws -> Box? {
        try withHandle(svg, baseFile: baseFile) { handle in
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
            var union: Box?
            for id in ids {
                var ink = RsvgRectangle(), logical = RsvgRectangle()
                var error: UnsafeMutablePointer<GError>?
                // An element librsvg does not draw (display none on it or a group) has no geometry.
                guard rsvg_handle_get_geometry_for_layer(handle, "#\(id)", &viewport, &ink, &logical, &error) != 0 else {
                    _ = take(&error)
                    continue
                }
                guard ink.width > 0, ink.height > 0 else { continue }
                let box = Box(x: ink.x, y: ink.y, width: ink.width, height: ink.height)
                union = union.map { u in
                    let x0 = min(u.x, box.x), y0 = min(u.y, box.y)
                    return Box(x: x0, y: y0, width: max(u.x + u.width, box.x + box.width) - x0, height: max(u.y + u.height, box.y + box.height) - y0)
                } ?? box
            }
            return union
        }
    }

    /// The coverage (alpha, 0 … 255) of the elements `ids` of `svg` drawn alone (`render_layer`,
    /// in order, on transparent) over `region`, scaled by `scale`, row by row (the rows are
    /// `region.width × scale` rounded up long). An element librsvg will not draw alone covers nothing.
    static func layersCoverageHere(svg: Data, baseFile: URL, canvas: (width: Int, height: Int), ids: [String], region: Region,
                               scale: Double = 1) throws -> (width: Int, height: Int, alpha: [UInt8]) {
        try withHandle(svg, baseFile: baseFile) { handle in
            let width = max(1, Int((Double(region.width) * scale).rounded(.up))), height = max(1, Int((Double(region.height) * scale).rounded(.up)))
            return try withSurface(CAIRO_FORMAT_ARGB32, width: width, height: height) { cr, pixels in
                cairo_scale(cr, scale, scale)
                cairo_translate(cr, -Double(region.x), -Double(region.y))
                var viewport = RsvgRectangle(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
                for id in ids {
                    var error: UnsafeMutablePointer<GError>?
                    // Past the memory bound, librsvg's own "NoMemory": the drawing's bound, not the element's.
                    if rsvg_handle_render_layer(handle, cr, "#\(id)", &viewport, &error) == 0, case let refusal = RasterError(message: "librsvg could not draw #\(id): \(take(&error))"), refusal.bound != nil {
                        throw refusal
                    }
                }
                let (data, stride) = try pixels()
                var alpha = [UInt8](repeating: 0, count: width * height)
                for y in 0..<height {
                    let row = UnsafeRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width { alpha[y * width + x] = UInt8(row[x] >> 24) }
                }
                return (width, height, alpha)
            }
        }
    }

    /// A new image surface of `format` and its context for `body`, which calls `pixels` (the
    /// surface flushed: its data and stride) once it has drawn; both released after.
    private static func withSurface<T>(_ format: cairo_format_t, width: Int, height: Int,
                                       _ body: (OpaquePointer, () throws -> (UnsafeMutablePointer<UInt8>, Int)) throws -> T) throws -> T {
        guard let surface = cairo_image_surface_create(format, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw RasterError(message: "cairo could not create a \(width)×\(height) surface")
        }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        return try body(cr!) {
            cairo_surface_flush(surface)
            guard let data = cairo_image_surface_get_data(surface) else { throw RasterError(message: "cairo gave no pixel data") }
            return (data, Int(cairo_image_surface_get_stride(surface)))
        }
    }

    private static func withHandle<T>(_ svg: Data, baseFile: URL, _ body: (UnsafeMutablePointer<RsvgHandle>) throws -> T) throws -> T {
        try svg.withUnsafeBytes { raw -> T in
            let stream = g_memory_input_stream_new_from_data(raw.baseAddress, gssize(raw.count), nil)
            defer { g_object_unref(stream) }
            let base = g_file_new_for_path(baseFile.path)
            defer { g_object_unref(UnsafeMutableRawPointer(base)) }
            var error: UnsafeMutablePointer<GError>?
            guard let handle = rsvg_handle_new_from_stream_sync(stream, base, RSVG_HANDLE_FLAGS_NONE, nil, &error) else {
                throw RasterError(message: "librsvg rejected the SVG: \(take(&error))")
            }
            defer { g_object_unref(handle) }
            return try body(handle)
        }
    }

    private static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        guard let e = error else { return "unknown error" }
        defer { g_error_free(e); error = nil }
        return e.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}

