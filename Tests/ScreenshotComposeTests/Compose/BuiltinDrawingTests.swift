import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Plan
@testable import Raster

/// The built-in templates and frames as files (`templates/`), the one rule that fits them to
/// other sizes (`DrawingFit`), tried on every slot of the shipped store catalog.
final class BuiltinDrawingTests: XCTestCase {
    static func storeCatalog() throws -> WellsCatalog {
        var d = DiagnosticCollector()
        let base = try XCTUnwrap(WellsCatalogLoader.load(data: Data(contentsOf: Fixtures.wells), file: "wells.json", into: &d))
        let url = Fixtures.repository.appendingPathComponent("store-wells.json")
        let store = try XCTUnwrap(WellsCatalogLoader.load(data: Data(contentsOf: url), file: "store-wells.json", minimums: base.citedMinimumNativeWidths, into: &d))
        return store
    }

    /// The frame family a store target's captures take.
    static func family(_ target: StoreTarget) -> DeviceFamily {
        switch target.family {
        case "phone": return .phone
        case "tablet": return .tablet
        case "desktop": return .laptop
        case "watch": return .watch
        default: return .tv
        }
    }

    /// A built-in drawn on `slot` for captures of the slot's own size: the instance's SVG and
    /// the slot template read from it.
    static func instance(_ builtin: BuiltinTemplate, slot: Well, family: DeviceFamily, platform: String?, texts: Set<String> = ["headline"],
                         theme: Theme = Theme(), capture size: (Int, Int)? = nil) throws -> (TemplateTree, SlotTemplate) {
        let capture = TemplateInstance.Capture(width: size?.0 ?? slot.width, height: size?.1 ?? slot.height, family: family, platform: platform,
                                               frame: nil)
        var d = DiagnosticCollector()
        let template = CapturePlacement.slotTemplate(.builtin(builtin), canvas: slot, captures: Array(repeating: capture, count: builtin.capturesPerPanel),
                                                 theme: theme, texts: texts, into: &d)
        XCTAssertEqual(lines(d), [], "\(builtin.rawValue) on \(slot.id)")
        let parsed = try XCTUnwrap(template, "\(builtin.rawValue) on \(slot.id)")
        return (parsed.tree, parsed)
    }

    static func number(_ tree: TemplateTree, _ node: TemplateTree.NodeID?, _ name: String) -> Double? {
        node.flatMap { tree[$0][name] }.flatMap { SVGLength.number($0) }
    }

    /// The rect (or any element with x, y, width, height) of `id` in `tree`.
    static func rect(_ tree: TemplateTree, _ id: String) -> Rect? {
        let node = tree.element(id: id)
        guard let w = number(tree, node, "width"), let h = number(tree, node, "height") else { return nil }
        return Rect(x: number(tree, node, "x") ?? 0, y: number(tree, node, "y") ?? 0, width: w, height: h)
    }

    func testEveryBuiltinFitsEverySlotOfTheStoreCatalog() throws {
        let catalog = try Self.storeCatalog()
        var tried = 0
        for target in catalog.targets {
            let slots = catalog.wells.filter { catalog.target(ofSlot: $0)?.name == target.name }
            XCTAssertFalse(slots.isEmpty, target.name)
            let builtins: [BuiltinTemplate] = target.family == "graphic" ? [.featureGraphic] : [.classic, .captionBelow, .browser, .duo, .panorama]
            for slot in slots {
                for builtin in builtins {
                    let family = builtin == .browser ? DeviceFamily.browser : Self.family(target)
                    // The feature graphic's capture is the app icon.
                    let size = builtin == .featureGraphic ? (512, 512) : (slot.width, slot.height)
                    let (node, template) = try Self.instance(builtin, slot: slot, family: family, platform: target.store == "app-store" ? "ios" : "android",
                                                             capture: size)
                    tried += 1
                    let what = "\(builtin.rawValue) on \(slot.id)"
                    XCTAssertEqual([template.width, template.height], [slot.width, slot.height], what)
                    let canvas = Rect(x: 0, y: 0, width: Double(slot.width), height: Double(slot.height))
                    func inside(_ r: Rect) -> Bool { r.x >= -0.01 && r.y >= -0.01 && r.maxX <= canvas.maxX + 0.01 && r.maxY <= canvas.maxY + 0.01 }
                    // Every capture slot inside the canvas, at the capture's own aspect (1 %), not tiny.
                    for slotRect in template.captures {
                        XCTAssertTrue(inside(slotRect.rect), "\(what): \(slotRect.id) \(slotRect.rect)")
                        let aspect = slotRect.rect.height / slotRect.rect.width
                        XCTAssertEqual(aspect, Double(size.1) / Double(size.0), accuracy: 0.01 * aspect, what)
                        // (Two watches side by side on a watch's slot are small: the duo is not made
                        // for watches; the feature graphic's icon is a sixth of its width.)
                        let least = builtin == .featureGraphic ? 0.15 : target.family == "watch" && builtin == .duo ? 0.15 : 0.2
                        XCTAssertGreaterThan(slotRect.rect.width, least * canvas.width, what)
                    }
                    // Every text box inside the canvas and clear of the device (its body, or the screen).
                    for (id, text) in template.texts {
                        XCTAssertTrue(inside(text.box), "\(what): #\(id) \(text.box)")
                        for (index, slotRect) in template.captures.enumerated() {
                            let prefix = slotRect.id == "capture" ? "device" : "device-\(index + 1)"
                            let device = Self.rect(node, "\(prefix)-body") ?? slotRect.rect
                            let overlaps = text.box.x < device.maxX && device.x < text.box.maxX && text.box.y < device.maxY && device.y < text.box.maxY
                            XCTAssertFalse(overlaps, "\(what): #\(id) \(text.box) overlaps \(prefix) \(device)")
                        }
                    }
                    // The device body inside the canvas too.
                    if let body = Self.rect(node, "device-body") { XCTAssertTrue(inside(body), "\(what): body \(body)") }
                }
            }
        }
        let slots = catalog.wells.filter { catalog.target(ofSlot: $0) != nil }
        let graphics = slots.filter { catalog.target(ofSlot: $0)?.family == "graphic" }.count
        XCTAssertGreaterThan(slots.count, 60)
        XCTAssertEqual(tried, 5 * (slots.count - graphics) + graphics, "every slot of every target tried")
    }

    /// On every portrait phone and iPad slot, `classic` draws the device at 80 % of the canvas's
    /// width or more (a capture of the slot's own size, the headline alone); the figures of every
    /// slot are printed for the README.
    func testClassicDrawsTheDeviceAtFourFifthsOfThePhoneAndIPadSlotsWidth() throws {
        let catalog = try Self.storeCatalog()
        var report: [String] = []
        for target in catalog.targets where target.family != "graphic" {
            for slot in catalog.wells.filter({ catalog.target(ofSlot: $0)?.name == target.name }) {
                let (node, _) = try Self.instance(.classic, slot: slot, family: Self.family(target), platform: target.store == "app-store" ? "ios" : "android")
                let body = try XCTUnwrap(Self.rect(node, "device-body"), slot.id)
                let share = body.width / Double(slot.width)
                report.append("\(slot.id) \(Int((share * 100).rounded())) %")
                if slot.height > slot.width && (target.family == "phone" || target.name.hasPrefix("app-store:ipad")) {
                    XCTAssertGreaterThanOrEqual(share, 0.8, slot.id)
                }
            }
        }
        print("classic, device body width / canvas width:\n" + report.joined(separator: "\n"))
    }

    /// The rule on a small drawing: x and lengths scaled, y scaled and moved below the stretch
    /// line, a rect and a path crossing it stretched, a collapsed slot's height given back.
    func testTheRuleScalesToTheWidthAndMakesUpTheHeightAtTheStretchLine() throws {
        var d = DiagnosticCollector()
        let drawing = try XCTUnwrap(TemplateTree.read(text: """
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="200">
          <rect id="top" x="10" y="10" width="80" height="20" rx="4"/>
          <g id="subtitle" data-collapse="30"><rect x="10" y="30" width="80" height="30"/><text x="50" y="50" font-size="12">s</text></g>
          <rect id="area" x="10" y="60" width="80" height="100"/>
          <path id="ring" d="m10 60 h80 v100 h-80 z"/>
          <circle id="below" cx="50" cy="180" r="5"/>
        </svg>
        """, file: "rule.svg", into: &d))
        func values(_ tree: TemplateTree, _ id: String, _ names: [String]) -> [String?] { names.map { name in tree.element(id: id).flatMap { tree[$0][name] } } }
        // Twice as wide, 100 px taller than twice: the line at y 110.
        let fit = DrawingFit(scale: 2, line: 110, stretch: 100)
        var fitted = drawing
        try fit.apply(&fitted)
        XCTAssertEqual(values(fitted, "top", ["x", "y", "width", "height", "rx"]), ["20", "20", "160", "40", "8"])
        XCTAssertEqual(values(fitted, "area", ["y", "height"]), ["120", "300"])
        XCTAssertEqual(values(fitted, "ring", ["d"]), ["M20 120L180 120L180 420L20 420Z"])
        XCTAssertEqual(values(fitted, "below", ["cx", "cy", "r"]), ["100", "460", "10"])
        // Without its text, the subtitle gives its 30 px back: what lies between it and the line
        // moves up 30 (the area's top), what lies below the line does not move.
        var collapsed = drawing
        if let subtitle = collapsed.element(id: "subtitle") { collapsed.detach(subtitle) }
        try DrawingFit(scale: 2, line: 110, stretch: 100, collapses: [.init(top: 30, bottom: 60, height: 30)]).apply(&collapsed)
        XCTAssertEqual(values(collapsed, "area", ["y", "height"]), ["60", "360"])
        XCTAssertEqual(values(collapsed, "below", ["cy"]), ["460"])
        // What the rule cannot move is refused naming the element and its line.
        var transformed = try XCTUnwrap(TemplateTree.read(text: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">\n<g id=\"art\" transform=\"rotate(3)\"/></svg>", file: "t.svg", into: &d))
        XCTAssertThrowsError(try fit.apply(&transformed)) { error in
            XCTAssertEqual(error as? DrawingFit.Refusal, DrawingFit.Refusal(element: "#art", message: "expected no transform but translations and uniform scales (those are folded into coordinates when the template is read), found transform=\"rotate(3)\"",
                                                                          position: JSONPosition(line: 2, column: 1)))
        }
        XCTAssertEqual(lines(d), [])
    }

    /// A cutout is drawn at the rectangle the well's shape records, scaled with the screen
    /// (a punch hole as the ellipse the rectangle holds), and nowhere else: a phone whose shape
    /// records none gets none, whatever its platform.
    func testACutoutIsDrawnAtItsRecordedRectangleAndOnlyThere() throws {
        let catalog = try Self.storeCatalog()
        let play = try XCTUnwrap(catalog.well(id: "google-play-phone-portrait-1080x1920"))
        let hole = ScreenShape.Cutout(kind: .punchHole, x: 510, y: 30, width: 60, height: 60)
        for (width, height) in [(1080, 2400), (1080, 1920)] {
            let capture = TemplateInstance.Capture(width: width, height: height, family: .phone, platform: "android", frame: nil,
                                                   frameStems: ["android-punch-hole", "phone"], cutout: hole)
            var d = DiagnosticCollector()
            let template = try XCTUnwrap(CapturePlacement.slotTemplate(.builtin(.classic), canvas: play, captures: [capture], theme: Theme(), texts: ["headline"], into: &d))
            XCTAssertEqual(lines(d), [])
            let screen = try XCTUnwrap(template.captures.first?.rect)
            let scale = screen.width / Double(width)
            let drawn = try XCTUnwrap(Self.rect(template.tree, "device-cutout"), "\(width)×\(height)")
            XCTAssertEqual(drawn.x, screen.x + 510 * scale, accuracy: 0.6)
            XCTAssertEqual(drawn.y, screen.y + 30 * scale, accuracy: 0.6)
            XCTAssertEqual(drawn.width, 60 * scale, accuracy: 0.01)
            XCTAssertEqual(template.tree[try XCTUnwrap(template.tree.element(id: "device-cutout"))]["rx"].flatMap { SVGLength.number($0) } ?? 0, 30 * scale, accuracy: 0.01)
        }
        for platform in ["android", "ios"] {
            let (node, _) = try Self.instance(.classic, slot: play, family: .phone, platform: platform)
            XCTAssertNil(node.element(id: "device-cutout"), platform)
            XCTAssertNil(node.element(id: "device-camera"), platform)
            XCTAssertNotNil(node.element(id: "device-body"))
        }
    }

    /// The default look's values are themes/default.json: the job's theme when it names none,
    /// and the colours the shipped drawings show in a browser are those values.
    func testTheShippedDrawingsShowTheDefaultThemesValues() throws {
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.repository.appendingPathComponent("themes/default.json"))) as? [String: Any])
        let theme = Theme()
        XCTAssertNil(Theme.standardProblem)
        XCTAssertEqual(theme.background, .solid(try XCTUnwrap(json["background"] as? String)))
        XCTAssertEqual([theme.headlineColor, theme.frameColor, theme.subtitleColor, theme.accent],
                       ["headlineColor", "frameColor", "subtitleColor", "accent"].map { json[$0] as? String })
        XCTAssertEqual([theme.headlineWeight, theme.accentWeight], [json["headlineWeight"] as? Int, json["accentWeight"] as? Int])
        XCTAssertEqual(theme.shadow, json["shadow"] as? Bool)
        let values: [String: String] = ["background": json["background"] as? String ?? "", "headlineColor": theme.headlineColor,
                                        "subtitleColor": theme.subtitleColor, "frameColor": theme.frameColor, "accent": theme.accent,
                                        "onAccent": ThemeMarkup.readable(on: theme.accent),
                                        "headlineWeight": String(theme.headlineWeight), "accentWeight": String(theme.accentWeight)]
        var marked = 0
        for file in BuiltinDrawings.shared.files.values.sorted(by: { $0.path < $1.path }) {
            let tree = try XCTUnwrap(file.tree, file.path)
            for element in tree.documentOrder.map({ tree[$0] }) {
                if let key = element["data-theme-fill"] {
                    XCTAssertEqual(element["fill"], values[key], "\(file.path) <\(element.name)> data-theme-fill=\(key)")
                    marked += 1
                }
                if let key = element["data-theme-font-weight"] {
                    XCTAssertEqual(element["font-weight"], values[key], "\(file.path) <\(element.name)>")
                }
            }
        }
        XCTAssertGreaterThan(marked, 60)
        XCTAssertEqual(BuiltinDrawings.shared.files.count, 48)
    }
}
