import Foundation

/// The look of a composition: background, headline colour and weight, frame colour, corner
/// radius and shadow. From the job's `"theme"`: the name of a built-in theme (`light`, `dark`,
/// plain JSON files in `themes/` that a team can copy) or an object of the same keys.
public struct Theme: Equatable, Sendable {
    public enum Background: Equatable, Sendable {
        case solid(String)
        /// Two or more colour stops, evenly spaced, along `angle` degrees (CSS convention:
        /// 0 = upwards, 90 = to the right, 180 = downwards).
        case gradient([String], angle: Double)
    }

    public enum CornerRadius: Equatable, Sendable {
        /// The recorded well's `screenCornerRadius`.
        case well
        /// A fraction of the capture's width.
        case fraction(Double)
    }

    public var background = Background.solid("#eef1f6")
    public var headlineColor = "#14171f"
    public var headlineWeight = 700
    public var frameColor = "#1c1f26"
    public var subtitleColor = "#4a5060"
    /// Emphasised words (`*word*` with `"emphasis": "asterisks"`): colour and CSS weight.
    public var accent = "#2f6fed"
    public var accentWeight = 800
    public var cornerRadius = CornerRadius.well
    /// A soft drop shadow under the frame (an SVG filter; opt-in, see the README for its cost).
    public var shadow = false
    /// True when the theme says `shadow` either way (the built-in templates draw one unless told not to).
    public var shadowGiven = false

    public init() {}

    public static let keys: Set<String> = ["background", "headlineColor", "headlineWeight", "frameColor", "subtitleColor", "cornerRadius", "shadow", "accent", "accentWeight"]

    /// `#rrggbb` or `#rrggbbaa`.
    public static func isColor(_ text: String) -> Bool {
        (text.count == 7 || text.count == 9) && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
    }
}

/// Reads a theme (object or built-in name) from the job, reporting every bad key or value.
enum ThemeReader {
    static func read(_ value: JSONValue, file: String, _ d: inout DiagnosticCollector) -> Theme {
        if let name = value.stringValue {
            guard ["light", "dark"].contains(name), let url = BuiltinResources.url("themes/\(name).json"),
                  let data = FileManager.default.contents(atPath: url.path) else {
                d.error(file, "theme", "unknown theme: expected \"light\", \"dark\" or an object, found \"\(name)\"")
                return Theme()
            }
            guard let reader = JSONFieldReader.root(data, file: "builtin:themes/\(name).json", &d) else { return Theme() }
            return read(reader, path: "theme", &d)
        }
        guard let reader = JSONFieldReader(value, file: file, path: "theme", &d) else { return Theme() }
        return read(reader, path: "theme", &d)
    }

    private static func read(_ reader: JSONFieldReader, path: String, _ d: inout DiagnosticCollector) -> Theme {
        var theme = Theme()
        let file = reader.file
        func field(_ key: String) -> String { reader.path.isEmpty ? "\(path).\(key)" : reader.fieldPath(key) }
        func color(_ key: String) -> String? {
            guard let value = reader.value(key) else { return nil }
            guard let text = value.stringValue, Theme.isColor(text) else {
                d.error(file, field(key), "bad colour: expected #rrggbb or #rrggbbaa, found \(value.summary)")
                return nil
            }
            return text
        }
        for key in reader.fields.keys.sorted() where !Theme.keys.contains(key) {
            d.error(file, field(key), "unknown theme key: expected one of \(Theme.keys.sorted().joined(separator: ", ")), found \"\(key)\"")
        }
        if let value = reader.value("background") {
            if let text = value.stringValue {
                if Theme.isColor(text) { theme.background = .solid(text) } else {
                    d.error(file, field("background"), "bad colour: expected #rrggbb or #rrggbbaa, found \"\(text)\"")
                }
            } else if let object = value.objectValue, let stops = object["gradient"]?.arrayValue {
                let colors = stops.compactMap(\.stringValue).filter(Theme.isColor)
                var angle = 180.0
                if let given = object["angle"] {
                    // Range-checked where it is read: a 1e308 angle once trapped the SVG writer.
                    if case .number(let a) = given, (-360...360).contains(a) { angle = a } else {
                        d.error(file, field("background.angle"), "expected an angle in degrees from -360 to 360, found \(given.summary)")
                    }
                }
                if colors.count != stops.count || colors.count < 2 {
                    d.error(file, field("background.gradient"), "expected two or more colours #rrggbb or #rrggbbaa, found \(JSONValue.array(stops).summary) \(stops.map(\.summary).joined(separator: ", "))")
                } else {
                    theme.background = .gradient(colors, angle: angle)
                }
                for key in object.keys.sorted() where !["gradient", "angle"].contains(key) {
                    d.error(file, field("background.\(key)"), "unknown background key: expected gradient, angle, found \"\(key)\"")
                }
            } else {
                d.error(file, field("background"), "expected a colour or {\"gradient\": [colours], \"angle\": degrees}, found \(value.summary)")
            }
        }
        if let c = color("headlineColor") { theme.headlineColor = c }
        if let c = color("frameColor") { theme.frameColor = c }
        if let c = color("subtitleColor") { theme.subtitleColor = c }
        if let c = color("accent") { theme.accent = c }
        for key in ["headlineWeight", "accentWeight"] {
            guard let value = reader.value(key) else { continue }
            if let weight = value.integerValue, (100...900).contains(weight), weight % 100 == 0 {
                if key == "headlineWeight" { theme.headlineWeight = weight } else { theme.accentWeight = weight }
            } else {
                d.error(file, field(key), "expected a CSS weight 100, 200, … 900, found \(value.summary)")
            }
        }
        if let value = reader.value("cornerRadius") {
            if value.stringValue == "well" {
                theme.cornerRadius = .well
            } else if case .number(let fraction) = value, (0...0.5).contains(fraction) {
                theme.cornerRadius = .fraction(fraction)
            } else {
                d.error(file, field("cornerRadius"), "expected \"well\" or a fraction of the capture width from 0 to 0.5, found \(value.summary)")
            }
        }
        if let value = reader.value("shadow") {
            if case .bool(let on) = value { theme.shadow = on; theme.shadowGiven = true } else {
                d.error(file, field("shadow"), "expected true or false, found \(value.summary)")
            }
        }
        return theme
    }
}
