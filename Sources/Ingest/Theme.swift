import Foundation
import Diagnostics
import Support

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

    public struct Padding: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
    }

    public enum HeadlinePosition: String, Equatable, Sendable {
        case above, below
    }

    public enum CornerRadius: Equatable, Sendable {
        /// The screen's own corner (`Theme.screenCornerFraction`): the well's recorded shape, else its `screenCornerRadius`, else square.
        case well
        /// A fraction of the capture's width.
        case fraction(Double)
    }

    // The default look's values are `themes/default.json` (`Theme.standard`); these are only
    // what a theme starts from before that file is read.
    public var background = Background.solid("#ffffff")
    public var headlineColor = "#000000"
    public var headlineWeight = 700
    public var frameColor = "#000000"
    public var subtitleColor = "#000000"
    /// Emphasised words (`*word*` with `"emphasis": "asterisks"`): colour and CSS weight.
    public var accent = "#000000"
    public var accentWeight = 700
    /// The font family list of emphasised words, by `"default"` or locale (matched as the
    /// job's `fonts` are); empty, or no key for a locale: the headline's own families. A
    /// frameit keyword drawn in another font than its title comes in here.
    public var accentFont: [String: String] = [:]
    /// A screen's own look (`"screens": {"<screen id>": {"accent": "#d21559"}}`): the keys it
    /// sets, over this theme; frameit's per-`filter` keyword colours come in here.
    public var screens: [String: Theme] = [:]
    public var cornerRadius = CornerRadius.well
    /// A PNG or JPEG drawn over `background` to cover the whole canvas (aspect kept, centred,
    /// cut at the edges), a path resolved against the job file's folder (frameit's `background`).
    public var backgroundImage: URL? = nil
    /// The room kept free at the canvas's edges, fractions of its width (`x`) and height (`y`):
    /// the drawing but its background scaled, aspect kept, and centred to fill what is left
    /// (frameit's `padding`); nil: the template's own margins.
    public var padding: Padding? = nil
    /// The headline's place: above or below the device (frameit's `title_below_image`); nil: the
    /// template's own.
    public var headlinePosition: HeadlinePosition? = nil
    /// A soft shadow under the device: rings drawn before it (cheap); with a
    /// `{{FRAME_FILTER}}` template, a blur filter, only when the job's theme sets it (`shadowGiven`).
    public var shadow = false
    /// True when the job's theme says `shadow` (a `{{FRAME_FILTER}}` blur costs 3–4 × a render,
    /// so such templates draw it only when asked).
    public var shadowGiven = false

    /// The default look: `themes/default.json` shipped with the tool.
    public init() { self = Theme.standard }

    private init(unread: Void) {}

    /// `themes/default.json`, read once; when it is missing or invalid, `standardProblem` says
    /// why (a job is refused with it) and the look is black on white.
    static let shipped: (theme: Theme, problem: String?) = {
        guard let url = BuiltinResources.url("themes/default.json"), let data = FileManager.default.contents(atPath: url.path) else {
            return (Theme(unread: ()), "the default theme shipped with the tool is missing beside the executable")
        }
        var d = DiagnosticCollector()
        guard let reader = JSONFieldReader.root(data, file: "builtin:themes/default.json", &d) else {
            return (Theme(unread: ()), d.errors.first?.message ?? "not a JSON object")
        }
        var theme = ThemeReader.read(reader, path: "theme", base: Theme(unread: ()), &d)
        theme.shadowGiven = false
        return (theme, d.errors.first.map { "\($0.field): \($0.message)" })
    }()

    static var standard: Theme { shipped.theme }
    package static var standardProblem: String? { shipped.problem }

    public static let keys: Set<String> = ["background", "headlineColor", "headlineWeight", "frameColor", "subtitleColor", "cornerRadius", "shadow", "accent", "accentWeight", "accentFont", "screens", "backgroundImage", "padding", "headlinePosition"]

    /// The look of one screen (capture or `"screens"` id): its entry of `screens` over this theme.
    public func forScreen(_ id: String) -> Theme {
        screens[id] ?? self
    }

    /// The family list emphasised words are set in for `locale`; nil: the headline's. The
    /// whole tag, then its language, then `"default"`, ignoring case (as the job's `fonts`).
    public func accentFamilies(for locale: String) -> String? {
        guard !accentFont.isEmpty else { return nil }
        let lowered = Dictionary(accentFont.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        let tag = locale.lowercased()
        if let exact = lowered[tag] { return exact }
        if let language = tag.split(separator: "-").first, let match = lowered[String(language)] { return match }
        return lowered["default"]
    }

    /// What a theme's colour may be written as, for refusals.
    static let colorForms = "a CSS colour (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla(), a name or transparent)"

    /// `#rrggbb` or `#rrggbbaa`: a colour as the theme holds it once read (`CSSColor.resolved`).
    public static func isColor(_ text: String) -> Bool {
        (text.count == 7 || text.count == 9) && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
    }
}

/// Reads a theme (object or built-in name) from the job, reporting every bad key or value.
enum ThemeReader {
    static func read(_ value: JSONValue, file: String, directory: URL? = nil, _ d: inout DiagnosticCollector) -> Theme {
        if let name = value.stringValue {
            // "default" is the look a job without a theme gets, shadow rule included (a
            // placeholder template's shadow only when the job's own theme asks for one).
            if name == "default" { return Theme() }
            guard ["default", "light", "dark"].contains(name), let url = BuiltinResources.url("themes/\(name).json"),
                  let data = FileManager.default.contents(atPath: url.path) else {
                d.error(file, "theme", "unknown theme: expected \"default\", \"light\", \"dark\" or an object, found \"\(name)\"")
                return Theme()
            }
            guard let reader = JSONFieldReader.root(data, file: "builtin:themes/\(name).json", &d) else { return Theme() }
            return read(reader, path: "theme", base: Theme(), &d)
        }
        guard let reader = JSONFieldReader(value, file: file, path: "theme", &d) else { return Theme() }
        return read(reader, path: "theme", base: Theme(), directory: directory, &d)
    }

    /// `base` with the reader's keys set: the default theme for a job's theme, so a key left out
    /// keeps its default.
    static func read(_ reader: JSONFieldReader, path: String, base: Theme, directory: URL? = nil, _ d: inout DiagnosticCollector) -> Theme {
        var theme = base
        let file = reader.file
        func field(_ key: String) -> String { reader.path.isEmpty ? "\(path).\(key)" : reader.fieldPath(key) }
        func color(_ key: String) -> String? {
            guard let value = reader.value(key) else { return nil }
            guard let text = value.stringValue, let color = CSSColor.resolved(text) else {
                d.error(file, field(key), "bad colour: expected \(Theme.colorForms), found \(value.summary)")
                return nil
            }
            return color
        }
        for key in reader.fields.keys.sorted() where !Theme.keys.contains(key) {
            d.error(file, field(key), "unknown theme key: expected one of \(Theme.keys.sorted().joined(separator: ", ")), found \"\(key)\"")
        }
        if let value = reader.value("background") {
            if let text = value.stringValue {
                if let color = CSSColor.resolved(text) { theme.background = .solid(color) } else {
                    d.error(file, field("background"), "bad colour: expected \(Theme.colorForms), found \"\(text)\"")
                }
            } else if let object = value.objectValue, let stops = object["gradient"]?.arrayValue {
                let colors = stops.compactMap(\.stringValue).compactMap(CSSColor.resolved)
                var angle = 180.0
                if let given = object["angle"] {
                    // Range-checked where it is read: a 1e308 angle once trapped the SVG writer.
                    if case .number(let a) = given, (-360...360).contains(a) { angle = a } else {
                        d.error(file, field("background.angle"), "expected an angle in degrees from -360 to 360, found \(given.summary)")
                    }
                }
                if colors.count != stops.count || colors.count < 2 {
                    d.error(file, field("background.gradient"), "expected two or more colours, each \(Theme.colorForms), found \(JSONValue.array(stops).summary) \(stops.map(\.summary).joined(separator: ", "))")
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
        if let value = reader.value("accentFont") {
            theme.accentFont = readAccentFont(value, file: file, field: field("accentFont"), &d)
        }
        if let value = reader.value("backgroundImage") {
            if let text = value.stringValue, !text.isEmpty, let directory {
                theme.backgroundImage = JobLoader.resolve(text, against: directory)
            } else {
                d.error(file, field("backgroundImage"), "expected the path of a PNG or JPEG file, relative to the job file, found \(value.summary)")
            }
        }
        if let value = reader.value("padding") {
            func fraction(_ value: JSONValue?) -> Double? {
                if case .number(let n)? = value, (0..<0.5).contains(n) { return n }
                return nil
            }
            if let both = fraction(value) {
                theme.padding = Theme.Padding(x: both, y: both)
            } else if let object = value.objectValue, Set(object.keys) == ["x", "y"], let x = fraction(object["x"]), let y = fraction(object["y"]) {
                theme.padding = Theme.Padding(x: x, y: y)
            } else {
                d.error(file, field("padding"), "expected a fraction of the canvas from 0 to below 0.5, or {\"x\": fraction of its width, \"y\": fraction of its height}, found \(value.summary)")
            }
        }
        if let value = reader.value("headlinePosition") {
            if let position = value.stringValue.flatMap(Theme.HeadlinePosition.init(rawValue:)) { theme.headlinePosition = position } else {
                d.error(file, field("headlinePosition"), "expected \"above\" or \"below\" the device, found \(value.summary)")
            }
        }
        if let value = reader.value("shadow") {
            if case .bool(let on) = value { theme.shadow = on; theme.shadowGiven = true } else {
                d.error(file, field("shadow"), "expected true or false, found \(value.summary)")
            }
        }
        if let value = reader.value("screens") {
            guard let object = value.objectValue else {
                d.error(file, field("screens"), "expected an object of screen id → theme keys, found \(value.summary)")
                return theme
            }
            var screens: [String: Theme] = [:]
            for key in object.keys.sorted() {
                guard let entry = object[key] else { continue }
                var base = theme
                base.screens = [:]
                guard let screenReader = JSONFieldReader(entry, file: file, path: field("screens.\(key)"), &d) else { continue }
                if screenReader.value("screens") != nil {
                    d.error(file, screenReader.fieldPath("screens"), "a screen's look sets theme keys: expected no \"screens\" inside a screen, found one")
                    continue
                }
                screens[key] = read(screenReader, path: field("screens.\(key)"), base: base, directory: directory, &d)
            }
            theme.screens = screens
        }
        return theme
    }

    /// `"accentFont"`: a family list for every locale, or `"default"`/locale → family list.
    static func readAccentFont(_ value: JSONValue, file: String, field: String, _ d: inout DiagnosticCollector) -> [String: String] {
        func family(_ value: JSONValue?, _ field: String) -> String? {
            guard let text = value?.stringValue, !text.trimmingCharacters(in: .whitespaces).isEmpty,
                  !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\"" || $0 == "<" || $0 == ">" }) else {
                d.error(file, field, "expected a font family list such as \"Lato, Noto Sans\", found \(value?.summary ?? "nothing")")
                return nil
            }
            return text
        }
        if value.stringValue != nil { return family(value, field).map { ["default": $0] } ?? [:] }
        guard let object = value.objectValue else {
            d.error(file, field, "expected a font family list or an object of \"default\" or locale → family list, found \(value.summary)")
            return [:]
        }
        var map: [String: String] = [:]
        for key in object.keys.sorted() {
            guard key == "default" || LocaleTag.isWellFormed(key) else {
                d.error(file, "\(field).\(key)", "expected \"default\" or a BCP 47 locale or language, found \"\(key)\"")
                continue
            }
            if let name = family(object[key], "\(field).\(key)") { map[key] = name }
        }
        return map
    }
}
