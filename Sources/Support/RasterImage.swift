/// A rendered canvas in cairo's RGB24 layout: one native-endian 32-bit word per pixel
/// (xRGB, top byte unused), `stride` bytes per row. Opaque by construction.
public struct RasterImage: Sendable {
    /// Pixels.
    public var width: Int
    /// Pixels.
    public var height: Int
    /// Bytes per row (≥ width × 4).
    public var stride: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, stride: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
    }
}
