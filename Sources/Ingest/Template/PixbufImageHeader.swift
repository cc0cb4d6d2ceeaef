import CRsvg
import Foundation
import Support
import Diagnostics

// The only Swift file that asks gdk-pixbuf (the image loader librsvg draws images with) for an
// image's header: the compose stage checks an embedded JPEG's size before anything is drawn.

/// An image's size as gdk-pixbuf reads its header.
package enum PixbufImageHeader {
    /// The width and height a JPEG's header gives, read by gdk-pixbuf (the loader librsvg draws
    /// images with) without decoding its pixels: the loader is fed until it reports the size,
    /// then closed unfinished (no pixel is decoded or scaled). Nil when gdk-pixbuf does not read
    /// the bytes as an image of `mimeType`.
    package static func size(_ bytes: [UInt8], mimeType: String) -> (width: Int, height: Int)? {
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_mime_type(mimeType, &error) else {
            if let e = error { g_error_free(e) }
            return nil
        }
        defer {
            gdk_pixbuf_loader_close(loader, nil)
            g_object_unref(UnsafeMutableRawPointer(loader))
        }
        let found = ImageSizeBox()
        let box = Unmanaged.passRetained(found)
        defer { box.release() }
        let prepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { _, width, height, data in
            guard let data else { return }
            Unmanaged<ImageSizeBox>.fromOpaque(data).takeUnretainedValue().size = (Int(width), Int(height))
        }
        g_signal_connect_data(UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(prepared, to: GCallback.self),
                              box.toOpaque(), nil, GConnectFlags(rawValue: 0))
        var offset = 0
        while found.size == nil && offset < bytes.count {
            // Small writes: the size is reported after the header's bytes, before the pixels'.
            let count = min(256, bytes.count - offset)
            let written = bytes.withUnsafeBufferPointer { buffer in
                gdk_pixbuf_loader_write(loader, buffer.baseAddress.map { $0 + offset }, gsize(count), &error)
            }
            if let e = error {
                g_error_free(e)
                error = nil
            }
            if written == 0 { break }
            offset += count
        }
        return found.size
    }
}

/// What gdk-pixbuf's size-prepared signal reports.
private final class ImageSizeBox {
    var size: (width: Int, height: Int)?
}

extension PixbufImageHeader {
    /// Every pixel of a JPEG as gdk-pixbuf decodes it (what librsvg would draw), as RGBA rows;
    /// nil when it does not decode. The caller checks the header's size first.
    package static func decodeRGBA(_ bytes: [UInt8], mimeType: String) -> (rgba: [UInt8], width: Int, height: Int)? {
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_mime_type(mimeType, &error) else {
            if let e = error { g_error_free(e) }
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var closeError: UnsafeMutablePointer<GError>?
        let written = bytes.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error) }
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        let failed = error != nil || closeError != nil
        for e in [error, closeError].compactMap({ $0 }) { g_error_free(e) }
        guard written != 0, closed != 0, !failed, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader),
              gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        guard width > 0, height > 0, channels == 3 || channels == 4 else { return nil }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<channels { rgba[(y * width + x) * 4 + c] = pixels[y * stride + x * channels + c] }
            }
        }
        return (rgba, width, height)
    }
}
