import Foundation

/// A colour as designers write it, read the way librsvg 2.54 reads SVG and CSS colours (its
/// cssparser, CSS Color 3 with the hex forms of level 4): `#rgb`, `#rgba`, `#rrggbb`,
/// `#rrggbbaa`, `rgb()`/`rgba()` in numbers or percentages, `hsl()`/`hsla()`, the 148 named
/// colours, `transparent`. Resolved to `#rrggbb` (opaque) or `#rrggbbaa`, the one form the
/// contrast check, the theme and the composed SVG carry. `currentColor` is not a colour by
/// itself: the caller resolves it against the element's `color` (`resolving`).
public enum CSSColor {
    /// `text` as `#rrggbb` or `#rrggbbaa` (lower case); nil when it is no colour librsvg reads.
    public static func resolved(_ text: String) -> String? {
        rgba(text).map(hex)
    }

    /// `text`, or for `currentColor` (any case) `current()`, resolved; nil when neither is a colour.
    public static func resolving(_ text: String, current: () -> String?) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "currentcolor" { return current().flatMap { resolved($0) } }
        return resolved(trimmed)
    }

    /// Red, green, blue and alpha, 0…255 each.
    public static func rgba(_ text: String) -> (UInt8, UInt8, UInt8, UInt8)? {
        let s = text.trimmingCharacters(in: .whitespaces).lowercased()
        if s.first == "#" { return hexColor(s.dropFirst()) }
        if s == "transparent" { return (0, 0, 0, 0) }
        if let value = named[s] { return (UInt8(value >> 16), UInt8((value >> 8) & 0xff), UInt8(value & 0xff), 255) }
        guard let open = s.firstIndex(of: "("), s.last == ")" else { return nil }
        let function = s[..<open]
        let inner = s[s.index(after: open)..<s.index(before: s.endIndex)]
        guard let arguments = split(inner) else { return nil }
        switch function {
        case "rgb", "rgba": return rgbFunction(arguments)
        case "hsl", "hsla": return hslFunction(arguments)
        default: return nil
        }
    }

    static func hex(_ c: (UInt8, UInt8, UInt8, UInt8)) -> String {
        let digits = String(format: "#%02x%02x%02x", c.0, c.1, c.2)
        return c.3 == 255 ? digits : digits + String(format: "%02x", c.3)
    }

    private static func hexColor(_ digits: Substring) -> (UInt8, UInt8, UInt8, UInt8)? {
        guard digits.allSatisfy(\.isHexDigit), [3, 4, 6, 8].contains(digits.count) else { return nil }
        let values = digits.map { UInt8($0.hexDigitValue!) }
        if digits.count <= 4 {
            let v = values.map { $0 * 17 }
            return (v[0], v[1], v[2], v.count == 4 ? v[3] : 255)
        }
        let v = stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
        return (v[0], v[1], v[2], v.count == 4 ? v[3] : 255)
    }

    /// The arguments of `rgb(…)`: comma separated, or space separated with the alpha after `/`;
    /// nil for a mix of both or an empty one.
    private static func split(_ inner: Substring) -> [Substring]? {
        if inner.contains(",") {
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmed }
            return parts.contains(where: \.isEmpty) || inner.contains("/") ? nil : parts
        }
        let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        var parts = halves[0].split(separator: " ").map { $0.trimmed }.filter { !$0.isEmpty }
        if halves.count == 2 {
            let alpha = halves[1].trimmed
            guard parts.count == 3, !alpha.isEmpty, !alpha.contains(" ") else { return nil }
            parts.append(alpha)
        }
        return parts
    }

    /// A CSS number (no units); nil for anything else.
    private static func number(_ text: Substring) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.e".contains($0)) }),
              let value = Double(text), value.isFinite else { return nil }
        return value
    }

    private static func percentage(_ text: Substring) -> Double? {
        guard text.last == "%" else { return nil }
        return number(text.dropLast()).map { $0 / 100 }
    }

    /// cssparser's `clamp_unit_f32`: a 0…1 value to 0…255, rounded to nearest (in 32 bits).
    private static func unit(_ value: Double) -> UInt8 { UInt8((min(max(Float(value), 0), 1) * 255).rounded()) }

    private static func alpha(_ arguments: [Substring]) -> UInt8?? {
        guard arguments.count == 4 else { return .some(255) }
        guard let a = percentage(arguments[3]) ?? number(arguments[3]) else { return nil }
        return unit(a)
    }

    private static func rgbFunction(_ arguments: [Substring]) -> (UInt8, UInt8, UInt8, UInt8)? {
        guard arguments.count == 3 || arguments.count == 4, let a = alpha(arguments), let a else { return nil }
        let channels = arguments.prefix(3)
        // All three numbers or all three percentages, as CSS Color 3 asks.
        let percentages = channels.compactMap(percentage)
        if percentages.count == 3 {
            return (unit(percentages[0]), unit(percentages[1]), unit(percentages[2]), a)
        }
        let numbers = channels.compactMap(number)
        guard numbers.count == 3 else { return nil }
        func byte(_ v: Double) -> UInt8 { UInt8(min(max(Float(v).rounded(), 0), 255)) }
        return (byte(numbers[0]), byte(numbers[1]), byte(numbers[2]), a)
    }

    /// A hue: a number of degrees or an angle in deg, grad, rad or turn.
    private static func hue(_ text: Substring) -> Double? {
        for (suffix, perDegree) in [("deg", 1.0), ("grad", 360.0 / 400), ("rad", 180 / Double.pi), ("turn", 360.0)] where text.hasSuffix(suffix) {
            return number(text.dropLast(suffix.count)).map { $0 * perDegree }
        }
        return number(text)
    }

    /// CSS Color 3's HSL to RGB (section 4.2.4), in the thirds of a turn and 32-bit floats
    /// cssparser computes it in, so a channel halfway between two bytes rounds as librsvg's does.
    private static func hslFunction(_ arguments: [Substring]) -> (UInt8, UInt8, UInt8, UInt8)? {
        guard arguments.count == 3 || arguments.count == 4, let a = alpha(arguments), let a,
              let degrees = hue(arguments[0]), let s = percentage(arguments[1]), let l = percentage(arguments[2]) else { return nil }
        let turns = Float(degrees) / 360
        let hue = turns - turns.rounded(.down)
        let saturation = min(max(Float(s), 0), 1), lightness = min(max(Float(l), 0), 1)
        let m2 = lightness <= 0.5 ? lightness * (saturation + 1) : lightness + saturation - lightness * saturation
        let m1 = lightness * 2 - m2
        func channel(_ thirds: Float) -> UInt8 {
            var h = thirds
            if h < 0 { h += 3 }
            if h > 3 { h -= 3 }
            let value: Float = h * 2 < 1 ? m1 + (m2 - m1) * h * 2 : h * 2 < 3 ? m2 : h < 2 ? m1 + (m2 - m1) * (2 - h) * 2 : m1
            return UInt8((min(max(value, 0), 1) * 255).rounded())
        }
        return (channel(hue * 3 + 1), channel(hue * 3), channel(hue * 3 - 1), a)
    }

    /// CSS Color 3's named colours (section 4.3) and level 4's rebeccapurple, which cssparser knows.
    static let named: [String: UInt32] = [
        "aliceblue": 0xf0f8ff,
        "antiquewhite": 0xfaebd7,
        "aqua": 0x00ffff,
        "aquamarine": 0x7fffd4,
        "azure": 0xf0ffff,
        "beige": 0xf5f5dc,
        "bisque": 0xffe4c4,
        "black": 0x000000,
        "blanchedalmond": 0xffebcd,
        "blue": 0x0000ff,
        "blueviolet": 0x8a2be2,
        "brown": 0xa52a2a,
        "burlywood": 0xdeb887,
        "cadetblue": 0x5f9ea0,
        "chartreuse": 0x7fff00,
        "chocolate": 0xd2691e,
        "coral": 0xff7f50,
        "cornflowerblue": 0x6495ed,
        "cornsilk": 0xfff8dc,
        "crimson": 0xdc143c,
        "cyan": 0x00ffff,
        "darkblue": 0x00008b,
        "darkcyan": 0x008b8b,
        "darkgoldenrod": 0xb8860b,
        "darkgray": 0xa9a9a9,
        "darkgreen": 0x006400,
        "darkgrey": 0xa9a9a9,
        "darkkhaki": 0xbdb76b,
        "darkmagenta": 0x8b008b,
        "darkolivegreen": 0x556b2f,
        "darkorange": 0xff8c00,
        "darkorchid": 0x9932cc,
        "darkred": 0x8b0000,
        "darksalmon": 0xe9967a,
        "darkseagreen": 0x8fbc8f,
        "darkslateblue": 0x483d8b,
        "darkslategray": 0x2f4f4f,
        "darkslategrey": 0x2f4f4f,
        "darkturquoise": 0x00ced1,
        "darkviolet": 0x9400d3,
        "deeppink": 0xff1493,
        "deepskyblue": 0x00bfff,
        "dimgray": 0x696969,
        "dimgrey": 0x696969,
        "dodgerblue": 0x1e90ff,
        "firebrick": 0xb22222,
        "floralwhite": 0xfffaf0,
        "forestgreen": 0x228b22,
        "fuchsia": 0xff00ff,
        "gainsboro": 0xdcdcdc,
        "ghostwhite": 0xf8f8ff,
        "gold": 0xffd700,
        "goldenrod": 0xdaa520,
        "gray": 0x808080,
        "green": 0x008000,
        "greenyellow": 0xadff2f,
        "grey": 0x808080,
        "honeydew": 0xf0fff0,
        "hotpink": 0xff69b4,
        "indianred": 0xcd5c5c,
        "indigo": 0x4b0082,
        "ivory": 0xfffff0,
        "khaki": 0xf0e68c,
        "lavender": 0xe6e6fa,
        "lavenderblush": 0xfff0f5,
        "lawngreen": 0x7cfc00,
        "lemonchiffon": 0xfffacd,
        "lightblue": 0xadd8e6,
        "lightcoral": 0xf08080,
        "lightcyan": 0xe0ffff,
        "lightgoldenrodyellow": 0xfafad2,
        "lightgray": 0xd3d3d3,
        "lightgreen": 0x90ee90,
        "lightgrey": 0xd3d3d3,
        "lightpink": 0xffb6c1,
        "lightsalmon": 0xffa07a,
        "lightseagreen": 0x20b2aa,
        "lightskyblue": 0x87cefa,
        "lightslategray": 0x778899,
        "lightslategrey": 0x778899,
        "lightsteelblue": 0xb0c4de,
        "lightyellow": 0xffffe0,
        "lime": 0x00ff00,
        "limegreen": 0x32cd32,
        "linen": 0xfaf0e6,
        "magenta": 0xff00ff,
        "maroon": 0x800000,
        "mediumaquamarine": 0x66cdaa,
        "mediumblue": 0x0000cd,
        "mediumorchid": 0xba55d3,
        "mediumpurple": 0x9370db,
        "mediumseagreen": 0x3cb371,
        "mediumslateblue": 0x7b68ee,
        "mediumspringgreen": 0x00fa9a,
        "mediumturquoise": 0x48d1cc,
        "mediumvioletred": 0xc71585,
        "midnightblue": 0x191970,
        "mintcream": 0xf5fffa,
        "mistyrose": 0xffe4e1,
        "moccasin": 0xffe4b5,
        "navajowhite": 0xffdead,
        "navy": 0x000080,
        "oldlace": 0xfdf5e6,
        "olive": 0x808000,
        "olivedrab": 0x6b8e23,
        "orange": 0xffa500,
        "orangered": 0xff4500,
        "orchid": 0xda70d6,
        "palegoldenrod": 0xeee8aa,
        "palegreen": 0x98fb98,
        "paleturquoise": 0xafeeee,
        "palevioletred": 0xdb7093,
        "papayawhip": 0xffefd5,
        "peachpuff": 0xffdab9,
        "peru": 0xcd853f,
        "pink": 0xffc0cb,
        "plum": 0xdda0dd,
        "powderblue": 0xb0e0e6,
        "purple": 0x800080,
        "rebeccapurple": 0x663399,
        "red": 0xff0000,
        "rosybrown": 0xbc8f8f,
        "royalblue": 0x4169e1,
        "saddlebrown": 0x8b4513,
        "salmon": 0xfa8072,
        "sandybrown": 0xf4a460,
        "seagreen": 0x2e8b57,
        "seashell": 0xfff5ee,
        "sienna": 0xa0522d,
        "silver": 0xc0c0c0,
        "skyblue": 0x87ceeb,
        "slateblue": 0x6a5acd,
        "slategray": 0x708090,
        "slategrey": 0x708090,
        "snow": 0xfffafa,
        "springgreen": 0x00ff7f,
        "steelblue": 0x4682b4,
        "tan": 0xd2b48c,
        "teal": 0x008080,
        "thistle": 0xd8bfd8,
        "tomato": 0xff6347,
        "turquoise": 0x40e0d0,
        "violet": 0xee82ee,
        "wheat": 0xf5deb3,
        "white": 0xffffff,
        "whitesmoke": 0xf5f5f5,
        "yellow": 0xffff00,
        "yellowgreen": 0x9acd32,
    ]
}

private extension Substring {
    var trimmed: Substring {
        var s = self
        while s.first == " " || s.first == "\t" || s.first == "\n" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" || s.last == "\n" { s = s.dropLast() }
        return s
    }
}
