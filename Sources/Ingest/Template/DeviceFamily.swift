/// The kind of device a capture was recorded on: it picks the built-in template's drawing
/// and, with its recorded screen shape, its device frame (`DeviceFrameChoice`).
import Support
import Diagnostics

public enum DeviceFamily: String, CaseIterable, Equatable, Sendable {
    case phone, tablet, laptop, browser, watch, tv

    /// From the recorded well: its device text first (`browser, desktop viewport`,
    /// `iOS simulator capture`, `iPad …`), then its shape.
    public static func of(_ well: Well) -> DeviceFamily {
        // A well that names its family (the shipped device wells do) is taken at its word.
        switch well.family {
        case "phone": return .phone
        case "tablet": return .tablet
        case "desktop": return .laptop
        case "watch": return .watch
        case "tv", "headset": return .tv
        case "browser": return .browser
        default: break
        }
        let text = "\(well.id) \(well.device)".lowercased()
        if text.contains("browser") || text.contains("web") { return .browser }
        if text.contains("watch") { return .watch }
        if text.contains("ipad") || text.contains("tablet") { return .tablet }
        if text.contains(" tv") || text.contains("-tv") || text.contains("television") { return .tv }
        if text.contains("mac") || text.contains("laptop") || text.contains("desktop") { return .laptop }
        if text.contains("phone") || text.contains("simulator") || text.contains("emulator") || text.contains("android") { return .phone }
        let ratio = Double(max(well.width, well.height)) / Double(min(well.width, well.height))
        if well.width > well.height { return .laptop }
        return ratio > 1.6 ? .phone : .tablet
    }
}

/// The platform a capture was recorded on, for which shape family's frame draws it (an iPhone's
/// or an Android phone's, `DeviceFrameChoice`): the well's `platform`, else read from its device
/// text (`iOS simulator capture`, `Android emulator …`); nil when neither says.
package enum DevicePlatform {
    package static func of(_ well: Well) -> String? {
        if let platform = well.platform { return platform }
        let text = "\(well.id) \(well.device)".lowercased()
        if ["ios", "iphone", "ipad", "simulator", "watchos", "visionos"].contains(where: text.contains) { return "ios" }
        if ["android", "emulator", "pixel", "wear os"].contains(where: text.contains) { return "android" }
        return nil
    }
}
