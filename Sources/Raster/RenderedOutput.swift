import Foundation
import Diagnostics
import Support
import Plan

/// One output drawn, in memory: the SVG and PNG bytes, the font files its text was set in and
/// what the store-rule check found. Everything the publish step and the manifest builder need.
public struct RenderedOutput: Sendable {
    /// The output's own values (locale, capture, canvas, headline, destination names).
    public var spec: OutputSpec
    /// The composed SVG (UTF-8).
    public var svg: Data
    /// The 8-bit RGB PNG; nil for SVG-only renders.
    public var png: Data?
    /// Font files (absolute paths) the headline and subtitle were set in, in order of first use.
    public var fonts: [String]
    /// The hyphenation patterns file a line broke with (absolute path), nil when none.
    public var hyphenation: String? = nil
    /// Warnings found while rendering (store rules whose citation is unverified).
    public var findings: [Diagnostic]
    /// SHA-256 (lowercase hex) of `svg` and `png`.
    public var svgSHA256: String
    public var pngSHA256: String?
    /// SHA-256 of the PNG's pixels as 8-bit RGB rows (`PixelHash`), whatever their encoding.
    public var pngPixelsSHA256: String? = nil
    /// Canvas size of the PNG, pixels.
    public var width: Int
    public var height: Int

    public var locale: String { spec.locale }
    /// The output's name (the capture id, or the screen's).
    public var captureId: String { spec.name }
    /// The capture copy the SVG links to (sRGB), written beside the SVG.
    public var captureCopy: Data { spec.capture.drawBytes }
    package init(spec: OutputSpec, svg: Data, png: Data? = nil, fonts: [String], hyphenation: String? = nil, findings: [Diagnostic], svgSHA256: String, pngSHA256: String? = nil, pngPixelsSHA256: String? = nil, width: Int, height: Int) {
        self.spec = spec
        self.svg = svg
        self.png = png
        self.fonts = fonts
        self.hyphenation = hyphenation
        self.findings = findings
        self.svgSHA256 = svgSHA256
        self.pngSHA256 = pngSHA256
        self.pngPixelsSHA256 = pngPixelsSHA256
        self.width = width
        self.height = height
    }
}
