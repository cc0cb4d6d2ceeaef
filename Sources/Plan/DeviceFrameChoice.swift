import Ingest

/// Which shipped frame draws a capture: the device's shape family, read from its well's
/// recorded screen shape (`ScreenShape`), never guessed from its size. Each name is a file stem,
/// `templates/frames/<stem>-<orientation>.svg`; the family's own frame (`phone`, `tablet`, …)
/// comes last, so a shape family without a drawing for an orientation falls back to it.
///
/// - an iPhone or iPad with a home button: `iphone-home-button`, `ipad-home-button`;
/// - an iPhone with a notch or a Dynamic Island: `iphone-notch`, `iphone-dynamic-island`
///   (the cutout is drawn at the shape's cited rectangle, `FramePlacement`);
/// - an Android phone with a cutout: `android-punch-hole`; a 16:9 one with square corners:
///   `android-phone` (the system's navigation keys on the screen, a chin, nothing over it);
/// - an Android tablet: `android-tablet`; Vision Pro: `vision-pro` (a window);
/// - anything else, and every well whose shape is not recorded: the family's frame, whose
///   screen opening is the well's own corner radius (square when unknown) with no cutout.
package enum DeviceFrameChoice {
    package static func stems(_ well: Well, family: DeviceFamily, platform: String?) -> [String] {
        [shapeFamily(family: family, wellFamily: well.family, platform: platform, shape: well.shape, width: well.width, height: well.height,
                     squareCorners: well.screenCornerPixels == 0), family.rawValue].compactMap { $0 }
    }

    private static func shapeFamily(family: DeviceFamily, wellFamily: String?, platform: String?, shape: ScreenShape, width: Int, height: Int,
                                    squareCorners: Bool) -> String? {
        if wellFamily == "headset" { return "vision-pro" }
        switch (family, platform) {
        case (.phone, "ios"):
            if shape.homeButton { return "iphone-home-button" }
            switch shape.cutout?.kind {
            case .notch?: return "iphone-notch"
            case .dynamicIsland?: return "iphone-dynamic-island"
            // Another kind: the family's frame, the cutout drawn all the same.
            case .punchHole?, nil: return nil
            }
        case (.phone, "android"):
            if shape.cutout != nil { return "android-punch-hole" }
            // Square corners on a screen of 16:9 or less: the phones of navigation keys and a
            // chin (Nexus 5X, Pixel 2); a taller screen with no shape recorded takes the
            // family's slim frame, its opening square.
            return Double(max(width, height)) <= Double(min(width, height)) * 16 / 9 + 0.5 && squareCorners ? "android-phone" : nil
        case (.tablet, "ios"):
            return shape.homeButton ? "ipad-home-button" : nil
        case (.tablet, "android"):
            return "android-tablet"
        default:
            return nil
        }
    }
}
