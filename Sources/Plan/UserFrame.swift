import Support
import Diagnostics
import Foundation
import Ingest

/// A device frame the job names (`"frame"`): the user's own artwork instead of the project's
/// vector frames. Either a PNG whose screen is transparent (found from its alpha) or an SVG with
/// a `<rect id="capture">` marking the screen. The capture is fitted into the screen and the
/// frame is drawn over it, so the frame's bezel, camera and rounded screen corners cover the
/// capture's edges.
public struct UserFrame: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case png, svg
    }

    /// The frame file as diagnostics and the manifest name it.
    public var file: InputFile
    public var kind: Kind
    /// The frame's own size: PNG pixels, or the SVG's width × height.
    public var width: Double
    public var height: Double
    /// The screen inside the frame, in the frame's own units.
    public var screen: Rect
    /// The screen's corner radius (an SVG frame's capture `rx`; 0 for a PNG, whose opaque
    /// corners cover the capture's).
    public var screenRadius: Double
    /// The frame as the composed SVG links it: a `data:` URI, so the SVG stays one file. A PNG
    /// is re-encoded as plain 8-bit RGBA (no chunks from the file); an SVG loses its capture
    /// rect, whose sample fill would hide the capture.
    public var href: String

    /// The largest scale the frame may be drawn at so that the capture in its screen is never
    /// drawn wider or taller than its own pixels.
    public func maximumScale(captureWidth: Int, captureHeight: Int) -> Double {
        let fit = min(screen.width / Double(captureWidth), screen.height / Double(captureHeight))
        return fit > 0 ? 1 / fit : 1
    }

    /// The frame fitted into `area` (aspect kept, centred, never so large that the capture would
    /// be enlarged) and the screen inside it, in canvas units.
    public func placed(in area: Rect, captureWidth: Int, captureHeight: Int) -> (frame: Rect, screen: Rect, scale: Double) {
        let scale = min(area.width / width, area.height / height, maximumScale(captureWidth: captureWidth, captureHeight: captureHeight))
        let frame = Rect(x: area.x + (area.width - width * scale) / 2, y: area.y + (area.height - height * scale) / 2,
                         width: width * scale, height: height * scale)
        let screen = Rect(x: frame.x + self.screen.x * scale, y: frame.y + self.screen.y * scale,
                          width: self.screen.width * scale, height: self.screen.height * scale)
        return (frame, screen, scale)
    }
}
