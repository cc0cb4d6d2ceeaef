import Diagnostics
import CLcms2
import Foundation
import Support
import Ingest

// The only Swift file that talks to Little CMS. librsvg and cairo ignore embedded colour
// profiles and draw every capture as sRGB, so a capture in another colour space is converted
// to sRGB here, by lcms2, before it is composed. No colour maths of our own.

/// A capture's colour space as its chunks describe it, and what was done about it.
public struct CaptureColorDecision: Equatable, Sendable {
    /// e.g. `sRGB (sRGB chunk)`, `ICC profile "Display P3"`, `untagged (assumed sRGB)`.
    public var source: String
    /// True when the pixels were converted to sRGB for composing.
    public var converted: Bool
}

public struct ColorConversionError: Error, Equatable, Sendable {
    public var message: String
}

public enum CaptureColor {
    /// Little CMS's version, read at run time.
    public static var version: String {
        let v = Int(cmsGetEncodedCMMversion())
        return "\(v / 1000).\((v % 1000) / 10)"
    }

    /// Decides whether `bytes` (a PNG whose header is `header`) are sRGB, and if not converts
    /// them: returns the PNG to compose from, the copy the SVG links and librsvg draws (when
    /// already sRGB, the bytes with only the chunks the drawing reads, `PNGCodec.drawnChunksCopy`,
    /// so a browser cannot read another colour space, orientation or animation into them; else
    /// an 8-bit RGBA PNG of the converted pixels with an sRGB chunk) and the decision.
    ///
    /// sRGB: an sRGB chunk, an ICC profile whose description names sRGB, cICP 1/13, gAMA
    /// 0.45455 with sRGB (or no) cHRM, or no colour chunk at all (assumed, as browsers do).
    /// Converted: any other RGB ICC profile (Display P3 above all), cICP 12/13 (Display P3),
    /// gAMA/cHRM describing another RGB space. Throws `ColorConversionError` for an ICC profile
    /// lcms2 cannot read or that is not RGB, a cICP it does not know, or a failed transform.
    ///
    /// `convert: false` decides from the chunks alone and returns `bytes` as they are: a part of
    /// a CI matrix plans every capture but converts (decodes) and copies only those it composes.
    public static func prepare(bytes: Data, header: PNGHeader, convert: Bool = true) throws -> (Data, CaptureColorDecision) {
        let copy: (Data) throws -> Data = convert ? { try drawnCopy($0) } : { $0 }
        let convert: (Data, cmsHPROFILE) throws -> Data = convert ? { try Self.convert($0, from: $1) } : { data, _ in data }
        let chunks = header.colorChunks
        if let reason = chunks.rejectedICC {
            throw ColorConversionError(message: "the embedded ICC profile was rejected by libpng: expected a valid RGB profile, found \"\(reason)\"")
        }
        if let icc = chunks.iccProfile {
            let profile = try open(icc)
            defer { cmsCloseProfile(profile) }
            let name = description(profile)
            guard cmsGetColorSpace(profile) == cmsSigRgbData else {
                throw ColorConversionError(message: "ICC profile \"\(name)\" is not an RGB profile: expected RGB, found another colour space")
            }
            if isSRGB(profile) {
                return (try copy(bytes), CaptureColorDecision(source: "ICC profile \"\(name)\" (sRGB)", converted: false))
            }
            return (try convert(bytes, profile), CaptureColorDecision(source: "ICC profile \"\(name)\"", converted: true))
        }
        if let cicp = chunks.cicp {
            switch (cicp[0], cicp[1]) {
            case (1, 13):
                return (try copy(bytes), CaptureColorDecision(source: "cICP 1/13 (sRGB)", converted: false))
            case (12, 13):
                let profile = displayP3Handle()
                defer { cmsCloseProfile(profile) }
                return (try convert(bytes, profile), CaptureColorDecision(source: "cICP 12/13 (Display P3)", converted: true))
            default:
                throw ColorConversionError(message: "cICP primaries \(cicp[0]), transfer \(cicp[1]) not supported: expected 1/13 (sRGB) or 12/13 (Display P3), found \(cicp[0])/\(cicp[1])")
            }
        }
        if chunks.sRGB {
            return (try copy(bytes), CaptureColorDecision(source: "sRGB (sRGB chunk)", converted: false))
        }
        if chunks.gamma != nil || chunks.chromaticities != nil {
            let gamma = chunks.gamma ?? 1 / 2.2
            let c = chunks.chromaticities ?? srgbChromaticities
            let nearSRGB = abs(gamma - 0.45455) < 0.0005 && zip(c, srgbChromaticities).allSatisfy { abs($0 - $1) < 0.002 }
            if nearSRGB {
                return (try copy(bytes), CaptureColorDecision(source: "gAMA/cHRM (sRGB)", converted: false))
            }
            let profile = try calibrated(gamma: gamma, chromaticities: c)
            defer { cmsCloseProfile(profile) }
            return (try convert(bytes, profile),
                    CaptureColorDecision(source: "gAMA \(SVGNumber.format(gamma))" + (chunks.chromaticities.map { " cHRM \($0.map { SVGNumber.format($0 * 1000) }.joined(separator: "/")) e-3" } ?? ""),
                                         converted: true))
        }
        return (try copy(bytes), CaptureColorDecision(source: "untagged (assumed sRGB)", converted: false))
    }

    /// The sRGB capture's copy; chunks that do not walk (after libpng decoded the image data,
    /// not expected) refuse it like a colour problem, naming the capture.
    private static func drawnCopy(_ bytes: Data) throws -> Data {
        do {
            return try PNGCodec.drawnChunksCopy(bytes)
        } catch let error as PNGError {
            throw ColorConversionError(message: "cannot copy the chunks librsvg draws from: expected whole chunks up to IEND, found \(error.message)")
        }
    }

    /// A Display P3 ICC profile (DCI-P3 primaries, D65 white, sRGB transfer curve) made by
    /// lcms2, e.g. for test captures.
    public static func displayP3Profile() -> Data {
        let profile = displayP3Handle()
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        cmsSaveProfileToMem(profile, nil, &size)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        cmsSaveProfileToMem(profile, &bytes, &size)
        return Data(bytes)
    }

    /// True when the profile's red, green and blue colorants are sRGB's (within 0.002), so
    /// the pixels are sRGB whatever the profile calls itself.
    private static func isSRGB(_ profile: cmsHPROFILE) -> Bool {
        let srgb = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(srgb) }
        for tag in [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag] {
            guard let a = cmsReadTag(profile, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee,
                  let b = cmsReadTag(srgb, tag)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee else { return false }
            if abs(a.X - b.X) > 0.002 || abs(a.Y - b.Y) > 0.002 || abs(a.Z - b.Z) > 0.002 { return false }
        }
        return true
    }

    private static let srgbChromaticities = [0.3127, 0.329, 0.64, 0.33, 0.3, 0.6, 0.15, 0.06]

    private static func open(_ icc: Data) throws -> cmsHPROFILE {
        let profile = icc.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        guard let profile else {
            throw ColorConversionError(message: "the embedded ICC profile cannot be read by Little CMS: expected a valid ICC profile, found \(icc.count) bytes it rejects")
        }
        return profile
    }

    private static func description(_ profile: cmsHPROFILE) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        cmsGetProfileInfoASCII(profile, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count))
        let name = String(cString: buffer)
        return name.isEmpty ? "(no description)" : name
    }

    private static func displayP3Handle() -> cmsHPROFILE {
        // sRGB's transfer curve as lcms2's parametric type 4.
        var parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = cmsBuildParametricToneCurve(nil, 4, &parameters)
        defer { cmsFreeToneCurve(curve) }
        var white = cmsCIExyY(x: 0.3127, y: 0.329, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.68, y: 0.32, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.69, Y: 1),
                                        Blue: cmsCIExyY(x: 0.15, y: 0.06, Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = cmsCreateRGBProfile(&white, &primaries, &curves)!
        cmsSetProfileVersion(profile, 4.3)
        if let text = cmsMLUalloc(nil, 1) {
            cmsMLUsetASCII(text, "en", "US", "Display P3")
            cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(text))
            cmsMLUfree(text)
        }
        return profile
    }

    private static func calibrated(gamma: Double, chromaticities c: [Double]) throws -> cmsHPROFILE {
        let curve = cmsBuildGamma(nil, 1 / gamma)
        defer { cmsFreeToneCurve(curve) }
        var white = cmsCIExyY(x: c[0], y: c[1], Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: c[2], y: c[3], Y: 1), Green: cmsCIExyY(x: c[4], y: c[5], Y: 1),
                                        Blue: cmsCIExyY(x: c[6], y: c[7], Y: 1))
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else {
            throw ColorConversionError(message: "gAMA/cHRM do not describe a usable RGB space: expected valid chromaticities, found \(c)")
        }
        return profile
    }

    /// Decodes, transforms every pixel to sRGB with lcms2 (alpha copied), re-encodes.
    private static func convert(_ bytes: Data, from source: cmsHPROFILE) throws -> Data {
        let decoded: DecodedPNG
        do {
            decoded = try PNGCodec.decodeRGBA(bytes)
        } catch let error as PNGError {
            throw ColorConversionError(message: "cannot decode for colour conversion: \(error.message)")
        }
        let srgb = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(srgb) }
        guard let transform = cmsCreateTransform(source, SSC_TYPE_RGBA_8, srgb, SSC_TYPE_RGBA_8,
                                                 cmsUInt32Number(INTENT_PERCEPTUAL), cmsUInt32Number(cmsFLAGS_COPY_ALPHA)) else {
            throw ColorConversionError(message: "Little CMS could not build a transform to sRGB from this profile")
        }
        defer { cmsDeleteTransform(transform) }
        var pixels = decoded.rgba
        let count = decoded.header.width * decoded.header.height
        pixels.withUnsafeMutableBytes { buffer in
            cmsDoTransform(transform, buffer.baseAddress, buffer.baseAddress, cmsUInt32Number(count))
        }
        return try PNGCodec.encodeRGBA(pixels, width: decoded.header.width, height: decoded.header.height, sRGB: true)
    }
}
