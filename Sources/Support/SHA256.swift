import CGLib
import Foundation

// The only Swift file that uses GLib directly: SHA-256 through GChecksum (GLib is already
// linked through librsvg), so no hashing code of our own.

public enum SHA256 {
    /// The SHA-256 of `data` as 64 lowercase hex digits.
    public static func hex(_ data: Data) -> String {
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else {
            preconditionFailure("GLib could not allocate a SHA-256 checksum")
        }
        defer { g_checksum_free(checksum) }
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            // g_checksum_update takes a gssize length; feed large buffers in pieces.
            var offset = 0
            let chunk = 1 << 30
            while offset < raw.count {
                let length = min(chunk, raw.count - offset)
                g_checksum_update(checksum, base.advanced(by: offset).assumingMemoryBound(to: guchar.self), gssize(length))
                offset += length
            }
        }
        return String(cString: g_checksum_get_string(checksum))
    }
}
