import Diagnostics
import Support
import Plan
import Layout
import Raster

extension Manifest.Toolchain {
    /// The versions of the C libraries as loaded at run time.
    package static func current(typesetter: Typesetting) -> Manifest.Toolchain {
        Manifest.Toolchain(librsvg: LibrsvgRasterizer.librsvgVersion, cairo: LibrsvgRasterizer.cairoVersion,
                           pango: typesetter.engineVersion, libpng: PNGCodec.libraryVersion,
                           lcms2: CaptureColor.version, libdeflate: PNGCodec.deflateVersion)
    }
}
