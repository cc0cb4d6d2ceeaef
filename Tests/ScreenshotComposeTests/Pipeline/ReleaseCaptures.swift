import Foundation
@testable import ScreenshotCompose
@testable import Support

/// Generated per-locale captures of a small travel app ("Tuck Trips") as a two-store release
/// holds them: fastlane snapshot's folder (iPhone 16 Pro Max 1320×2868 and iPad Pro 13-inch
/// (M4) 2064×2752) and screengrab's (a 1080×2400 phone), three screens each, in four
/// languages named as each store names them (deliver `en-US de-DE ja ar-SA`, supply
/// `en-US de-DE ja-JP ar`). Flat shapes drawn row by row, so making them is fast and the PNGs
/// are small; each locale has its own accent colour (its own file, its own SHA-256), and the
/// Arabic screens are laid out right to left.
enum ReleaseCaptures {
    static let screens = ["01Trips", "02Search", "03Profile"]
    static let deliver = ["en-US", "de-DE", "ja", "ar-SA"]
    static let supply = ["en-US", "de-DE", "ja-JP", "ar"]
    static let devices = [("iPhone 16 Pro Max", 1320, 2868), ("iPad Pro 13-inch (M4)", 2064, 2752)]

    /// The accent colour (R, G, B) of a language.
    private static func accent(_ tag: String) -> (UInt8, UInt8, UInt8) {
        switch tag.prefix(2) {
        case "de": return (0xC2, 0x41, 0x0C)
        case "ja": return (0xB9, 0x1C, 0x45)
        case "ar": return (0x0F, 0x76, 0x6E)
        default: return (0x25, 0x63, 0xEB)
        }
    }

    /// Writes every capture; returns path (relative to the scratch folder) → SHA-256.
    @discardableResult
    static func write(_ scratch: Scratch) throws -> [String: String] {
        var hashes: [String: String] = [:]
        for (index, screen) in screens.enumerated() {
            for tag in deliver {
                for (device, width, height) in devices {
                    let path = "fastlane/screenshots/\(tag)/\(device)-\(screen).png"
                    let png = try draw(width: width, height: height, screen: index, tag: tag)
                    try scratch.write(path, png)
                    hashes[path] = SHA256.hex(png)
                }
            }
            for tag in supply {
                let path = "fastlane/metadata/android/\(tag)/images/phoneScreenshots/\(screen)_17000000000\(index)0.png"
                let png = try draw(width: 1080, height: 2400, screen: index, tag: tag)
                try scratch.write(path, png)
                hashes[path] = SHA256.hex(png)
            }
        }
        return hashes
    }

    /// One screen: a status and app bar in the accent colour, cards on a light background
    /// (trips: three photo cards; search: a field and a list; profile: an avatar and a list),
    /// a tab bar with the selected tab marked.
    static func draw(width: Int, height: Int, screen: Int, tag: String) throws -> Data {
        let stride = width * 4
        let rtl = tag.hasPrefix("ar")
        let (r, g, b) = accent(tag)
        typealias Span = (x0: Double, x1: Double, color: (UInt8, UInt8, UInt8))
        func row(_ base: (UInt8, UInt8, UInt8), _ spans: [Span]) -> [UInt8] {
            var line = [UInt8](repeating: 0xFF, count: stride)
            func fill(_ from: Int, _ to: Int, _ c: (UInt8, UInt8, UInt8)) {
                var x = max(0, from)
                while x < min(width, to) {
                    line[x * 4] = c.2; line[x * 4 + 1] = c.1; line[x * 4 + 2] = c.0
                    x += 1
                }
            }
            fill(0, width, base)
            for span in spans {
                // Right to left mirrors each span.
                let a = rtl ? 1 - span.x1 : span.x0, z = rtl ? 1 - span.x0 : span.x1
                fill(Int(a * Double(width)), Int(z * Double(width)), span.color)
            }
            return line
        }
        let background: (UInt8, UInt8, UInt8) = (0xF3, 0xF4, 0xF6)
        let white: (UInt8, UInt8, UInt8) = (0xFF, 0xFF, 0xFF)
        let ink: (UInt8, UInt8, UInt8) = (0x37, 0x41, 0x51)
        let soft: (UInt8, UInt8, UInt8) = (0xD1, 0xD5, 0xDB)
        let tint = (UInt8((Int(r) + 3 * 0xFF) / 4), UInt8((Int(g) + 3 * 0xFF) / 4), UInt8((Int(b) + 3 * 0xFF) / 4))
        // Bands from top to bottom: (fraction of the height it ends at, its row).
        var bands: [(Double, [UInt8])] = [
            (0.06, row((r, g, b), [])),
            (0.10, row((r, g, b), [(0.06, 0.50, white)])),
            (0.13, row((r, g, b), [])),
            (0.15, row(background, [])),
        ]
        switch screen {
        case 0:
            for (top, height) in [(0.15, 0.22), (0.40, 0.22), (0.65, 0.17)] {
                bands.append((top + height * 0.7, row(background, [(0.06, 0.94, tint)])))
                bands.append((top + height * 0.78, row(background, [(0.06, 0.94, white)])))
                bands.append((top + height * 0.86, row(background, [(0.06, 0.10, white), (0.10, 0.62, ink), (0.62, 0.94, white)])))
                bands.append((top + height, row(background, [(0.06, 0.94, white)])))
                bands.append((top + height + 0.02, row(background, [])))
            }
        case 1:
            bands.append((0.20, row(background, [(0.06, 0.94, white)])))
            bands.append((0.22, row(background, [(0.06, 0.10, white), (0.10, 0.14, soft), (0.14, 0.94, white)])))
            bands.append((0.25, row(background, [(0.06, 0.94, white)])))
            bands.append((0.28, row(background, [])))
            var y = 0.28
            for item in 0..<6 {
                bands.append((y + 0.03, row(white, [(0.06, 0.16, item % 2 == 0 ? tint : soft), (0.20, 0.70, ink)])))
                bands.append((y + 0.06, row(white, [(0.06, 0.16, item % 2 == 0 ? tint : soft), (0.20, 0.46, soft)])))
                bands.append((y + 0.075, row(white, [])))
                bands.append((y + 0.08, row(background, [])))
                y += 0.08
            }
        default:
            bands.append((0.32, row(background, [(0.34, 0.66, tint)])))
            bands.append((0.35, row(background, [(0.30, 0.70, ink)])))
            bands.append((0.38, row(background, [])))
            var y = 0.38
            for _ in 0..<4 {
                bands.append((y + 0.05, row(white, [(0.08, 0.50, ink), (0.86, 0.92, soft)])))
                bands.append((y + 0.07, row(white, [])))
                bands.append((y + 0.075, row(background, [])))
                y += 0.075
            }
        }
        var tabs: [Span] = []
        for i in 0..<4 {
            let left = 0.10 + Double(i) * 0.22
            tabs.append((left, left + 0.10, i == screen ? (r, g, b) : soft))
        }
        bands.append((0.90, row(background, [])))
        bands.append((0.91, row(white, [])))
        bands.append((0.95, row(white, tabs)))
        bands.append((1.0, row(white, [])))
        var pixels = [UInt8](repeating: 0, count: stride * height)
        var y = 0
        for (end, line) in bands {
            let last = min(height, Int(end * Double(height)))
            while y < last {
                pixels.replaceSubrange(y * stride..<(y + 1) * stride, with: line)
                y += 1
            }
        }
        return try PNGCodec.encodeRGB(RasterImage(width: width, height: height, stride: stride, pixels: pixels), texts: [], compression: .fast)
    }
}
