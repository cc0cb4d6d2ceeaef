import CRsvg
import Foundation

// The only Swift file that talks to librsvg and cairo.

/// Why a composed SVG could not be rasterized.
public struct RasterError: Error, Equatable, Sendable {
    public var message: String
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

    /// Renders `svg` (UTF-8 bytes) to a `width` × `height` pixel RGB24 canvas, opaque white
    /// beneath. Relative hrefs resolve against `baseFile`, the path the SVG is written to;
    /// librsvg only loads files in that file's folder or below.
    ///
    /// librsvg draws nothing, silently, for an image it cannot load. So before drawing the
    /// canvas, the element `#<requiredImageID>` is drawn alone and must leave ink inside
    /// `requiredImageBox` (canvas pixels); if it does not, this throws `RasterError` naming
    /// `requiredImagePath`. Also throws when librsvg
    /// rejects the document or cairo fails.
    public static func render(svg: Data, baseFile: URL, width: Int, height: Int,
                              requiredImageID: String, requiredImagePath: String,
                              requiredImageBox: (x: Double, y: Double, width: Double, height: Double)) throws -> RasterImage {
        try svg.withUnsafeBytes { raw -> RasterImage in
            let stream = g_memory_input_stream_new_from_data(raw.baseAddress, gssize(raw.count), nil)
            defer { g_object_unref(stream) }
            let base = g_file_new_for_path(baseFile.path)
            defer { g_object_unref(UnsafeMutableRawPointer(base)) }
            var error: UnsafeMutablePointer<GError>?
            guard let handle = rsvg_handle_new_from_stream_sync(stream, base, RSVG_HANDLE_FLAGS_NONE, nil, &error) else {
                throw RasterError(message: "librsvg rejected the SVG: \(take(&error))")
            }
            defer { g_object_unref(handle) }
            try requireInk(handle: handle, elementID: requiredImageID, imagePath: requiredImagePath,
                           box: requiredImageBox, canvas: (width, height))
            return try drawCanvas(handle: handle, width: width, height: height)
        }
    }

    /// Draws the element's layer alone, at 1:1, into small patches around five points of its
    /// box (centre and quarter points); some pixel must have ink. Drawing only small patches
    /// at scale 1 keeps this nearly free: cairo rasterizes only inside each patch, and librsvg
    /// keeps the decoded image for the canvas drawn next.
    private static func requireInk(handle: UnsafeMutablePointer<RsvgHandle>, elementID: String, imagePath: String,
                                   box: (x: Double, y: Double, width: Double, height: Double),
                                   canvas: (width: Int, height: Int)) throws {
        let side: Int32 = 8
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side) else {
            throw RasterError(message: "cairo could not create a surface")
        }
        defer { cairo_surface_destroy(surface) }
        let points = [(0.5, 0.5), (0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]
        for (fx, fy) in points {
            let cr = cairo_create(surface)
            defer { cairo_destroy(cr) }
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_translate(cr, -(box.x + box.width * fx).rounded(.down), -(box.y + box.height * fy).rounded(.down))
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
            var error: UnsafeMutablePointer<GError>?
            if rsvg_handle_render_layer(handle, cr, "#\(elementID)", &viewport, &error) == 0 {
                throw RasterError(message: "librsvg could not draw the capture \(imagePath): \(take(&error))")
            }
            cairo_surface_flush(surface)
            let stride = Int(cairo_image_surface_get_stride(surface))
            guard let data = cairo_image_surface_get_data(surface) else {
                throw RasterError(message: "cairo gave no pixel data")
            }
            for y in 0..<Int(side) {
                let row = UnsafeRawPointer(data.advanced(by: y * stride)).assumingMemoryBound(to: UInt32.self)
                for x in 0..<Int(side) where row[x] >> 24 != 0 { return }
            }
        }
        throw RasterError(message: "librsvg drew nothing for the capture \(imagePath) (missing, unreadable or outside the SVG's folder): expected the capture's pixels in the frame, found an empty frame")
    }

    private static func drawCanvas(handle: UnsafeMutablePointer<RsvgHandle>, width: Int, height: Int) throws -> RasterImage {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw RasterError(message: "cairo could not create a \(width)×\(height) surface")
        }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
        var error: UnsafeMutablePointer<GError>?
        if rsvg_handle_render_document(handle, cr, &viewport, &error) == 0 {
            throw RasterError(message: "librsvg could not render the SVG: \(take(&error))")
        }
        let status = cairo_status(cr)
        if status != CAIRO_STATUS_SUCCESS {
            throw RasterError(message: "cairo failed: \(String(cString: cairo_status_to_string(status)))")
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            throw RasterError(message: "cairo gave no pixel data")
        }
        let pixels = [UInt8](UnsafeBufferPointer(start: data, count: stride * height))
        return RasterImage(width: width, height: height, stride: stride, pixels: pixels)
    }

    private static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        guard let e = error else { return "unknown error" }
        defer { g_error_free(e); error = nil }
        return e.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
