import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Plan

/// Frames follow the device's shape (issue 33 item 2): nothing inside the device's visible
/// screen is covered or clipped. Each capture carries four marker blocks just inside the corners
/// of its visible screen (inside the well's own corner radius, outside its cutout, where the
/// status bar's clock and battery sit); composed with `classic`, every marker is whole in the
/// PNG, found where the one placement rule (`CapturePlacement`) puts the capture.
final class FrameShapeTests: XCTestCase {
    /// Marker colours (R, G, B) by corner: top left, top right, bottom left, bottom right.
    static let colours: [(UInt8, UInt8, UInt8)] = [(230, 20, 20), (20, 200, 40), (30, 40, 230), (220, 30, 220)]
    static let side = 24

    /// The marker blocks' top-left corners in capture pixels: each block's outer corner on the
    /// screen's rounded corner or inside it, 4 px in.
    static func markers(width: Int, height: Int, radius: Double) -> [(x: Int, y: Int)] {
        let inset = Int((radius * (1 - 1 / 2.0.squareRoot())).rounded(.up)) + 4
        return [(inset, inset), (width - inset - side, inset), (inset, height - inset - side), (width - inset - side, height - inset - side)]
    }

    /// A mid-grey capture with the four markers.
    static func capture(width: Int, height: Int, radius: Double) throws -> Data {
        let stride = width * 4
        var pixels = [UInt8](repeating: 0x80, count: stride * height)
        for i in Swift.stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 0xFF }
        for ((mx, my), (r, g, b)) in zip(markers(width: width, height: height, radius: radius), colours) {
            for y in my..<(my + side) {
                for x in mx..<(mx + side) {
                    let i = y * stride + x * 4
                    (pixels[i], pixels[i + 1], pixels[i + 2]) = (b, g, r)
                }
            }
        }
        return try PNGCodec.encodeRGB(RasterImage(width: width, height: height, stride: stride, pixels: pixels), texts: [])
    }

    /// The shipped catalog and a well of a device with a Dynamic Island whose rectangle is
    /// given here (test data, no device's fact: it tests that a recorded cutout is drawn and
    /// nothing beside it is covered).
    static func wells() throws -> Data {
        var catalog = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.wells)) as? [String: Any])
        let island: [String: Any] = ["id": "test-island", "device": "iPhone simulator capture", "family": "phone", "platform": "ios",
                                     "width": 1206, "height": 2622, "source": "test", "storeWell": NSNull(),
                                     "shape": ["cornerRadius": 165, "cutout": ["kind": "dynamic-island", "x": 413, "y": 33, "width": 380, "height": 110],
                                               "citations": []]]
        let hole: [String: Any] = ["id": "test-punch-hole", "device": "Android emulator capture", "family": "phone", "platform": "android",
                                   "width": 1080, "height": 2400, "source": "test", "storeWell": NSNull(),
                                   "shape": ["cornerRadius": 100, "cutout": ["kind": "punch-hole", "x": 504, "y": 30, "width": 72, "height": 72],
                                             "citations": []]]
        catalog["wells"] = ((catalog["wells"] as? [[String: Any]]) ?? []) + [island, hole]
        return try JSONSerialization.data(withJSONObject: catalog, options: [.sortedKeys])
    }

    struct Composed {
        var png: DecodedPNG
        var svg: String
        var placed: Rect
    }

    /// Composes one capture of `well` with `classic` (and `theme`), the capture's rectangle
    /// from the placement rule.
    func compose(well: String, width: Int, height: Int, radius: Double, theme: [String: Any]? = nil) throws -> Composed {
        let scratch = try Scratch()
        try scratch.write("wells.json", try Self.wells())
        try scratch.write("shot.png", try Self.capture(width: width, height: height, radius: radius))
        var fields: [String: Any] = ["schemaVersion": 1, "output": "out", "template": "classic", "wells": "wells.json",
                                     "captures": [["id": "shot", "path": "shot.png", "well": well]],
                                     "headlines": ["en-US": ["shot": "Plan your week"]]]
        if let theme { fields["theme"] = theme }
        let job = try scratch.writeJob(fields)
        let report = ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))
        XCTAssertEqual(lines(report), [], well)
        var d = DiagnosticCollector()
        let loaded = try XCTUnwrap(JobLoader.load(file: job, into: &d))
        let options = PlanOptions(sourceDateEpoch: "1767225600")
        let plan = try XCTUnwrap(Planner.plan(loaded, inputs: Ingest.read(loaded, options: options), options: options, into: &d))
        let output = try XCTUnwrap(plan.outputs.first)
        let template = try XCTUnwrap(CapturePlacement.slotTemplate(output.templateChoice, canvas: output.canvas, captures: output.captures,
                                                                   theme: output.theme, texts: ["headline"], into: &d))
        XCTAssertEqual(lines(d), [], well)
        guard case .success(let placed) = CapturePlacement.placeCaptures(template, [(0, width, height, nil)]) else {
            throw XCTSkip("not placed")
        }
        let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png"))))
        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")), encoding: .utf8)
        return Composed(png: png, svg: svg, placed: try XCTUnwrap(placed.first).rect)
    }

    /// Every marker's pixels (but a 2 px edge, which the scaling blends with the grey) are the
    /// marker's colour in the composed PNG: none covered by the frame, none cut by a corner.
    static func assertMarkersWhole(_ composed: Composed, width: Int, height: Int, radius: Double, _ what: String) {
        let rect = composed.placed
        let scale = rect.width / Double(width)
        XCTAssertLessThanOrEqual(scale, 1, what)
        for ((mx, my), (r, g, b)) in zip(Self.markers(width: width, height: height, radius: radius), Self.colours) {
            let x0 = Int((rect.x + Double(mx) * scale).rounded(.up)) + 2, x1 = Int((rect.x + Double(mx + Self.side) * scale).rounded(.down)) - 2
            let y0 = Int((rect.y + Double(my) * scale).rounded(.up)) + 2, y1 = Int((rect.y + Double(my + Self.side) * scale).rounded(.down)) - 2
            XCTAssertGreaterThan(x1, x0, what)
            var wrong = 0
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let p = composed.png.pixel(x: x, y: y)
                    if abs(Int(p.r) - Int(r)) > 6 || abs(Int(p.g) - Int(g)) > 6 || abs(Int(p.b) - Int(b)) > 6 { wrong += 1 }
                }
            }
            XCTAssertEqual(wrong, 0, "\(what): the marker at (\(mx), \(my)) of the capture, (\(x0)…\(x1), \(y0)…\(y1)) of the output")
        }
    }

    func testTheIPhone8PlusHasAHomeButtonFrameAndSquareCornersThatCutNothing() throws {
        // The catalog records the 8 Plus's shape: a home button, square corners (radius 0).
        let composed = try compose(well: "ios-simulator-1242x2208", width: 1242, height: 2208, radius: 0)
        Self.assertMarkersWhole(composed, width: 1242, height: 2208, radius: 0, "iPhone 8 Plus")
        // The home button: a ring under the screen (the modern phone frame has none).
        XCTAssertTrue(composed.svg.contains(##"fill="none" stroke="#3a3f4a""##), "the home button's ring")
        XCTAssertFalse(composed.svg.contains("device-cutout"), "no cutout on a phone that has none")
    }

    func testTheIPhone8PlusInLandscapeKeepsItsCornersWhole() throws {
        let composed = try compose(well: "ios-simulator-2208x1242", width: 2208, height: 1242, radius: 0)
        Self.assertMarkersWhole(composed, width: 2208, height: 1242, radius: 0, "iPhone 8 Plus, landscape")
        XCTAssertTrue(composed.svg.contains(##"fill="none" stroke="#3a3f4a""##), "the home button's ring")
    }

    func testAnAndroidPhoneWithARecordedPunchHoleGetsItThereAndNowhereElse() throws {
        let composed = try compose(well: "test-punch-hole", width: 1080, height: 2400, radius: 100)
        Self.assertMarkersWhole(composed, width: 1080, height: 2400, radius: 100, "punch hole")
        let scale = composed.placed.width / 1080
        let middle = composed.png.pixel(x: Int(composed.placed.x + 540 * scale), y: Int(composed.placed.y + 66 * scale))
        XCTAssertEqual([middle.r, middle.g, middle.b], [0, 0, 0], "the hole's middle")
        let beside = composed.png.pixel(x: Int(composed.placed.x + 620 * scale), y: Int(composed.placed.y + 66 * scale))
        XCTAssertEqual([beside.r, beside.g, beside.b], [0x80, 0x80, 0x80], "the status bar beside it is the capture's")
    }

    func testThe1080x1920AndroidPhoneHasSquareCornersAndNoCamera() throws {
        // No shape recorded (four devices share the size): square corners, no cutout.
        let composed = try compose(well: "android-emulator-1080x1920", width: 1080, height: 1920, radius: 0)
        Self.assertMarkersWhole(composed, width: 1080, height: 1920, radius: 0, "1080×1920 Android phone")
        XCTAssertFalse(composed.svg.contains("device-cutout"))
        XCTAssertFalse(composed.svg.contains("<circle id=\"device-camera\""))
    }

    func testTheIPhoneWithADynamicIslandKeepsItsCornersAndDrawsTheIslandAtItsRectangle() throws {
        // The shipped 1206×2622 well: its recorded corner (62 pt, 186 px) and island (378 × 112 px at 414, 41).
        let shipped = try compose(well: "ios-simulator-1206x2622", width: 1206, height: 2622, radius: 186)
        Self.assertMarkersWhole(shipped, width: 1206, height: 2622, radius: 186, "iPhone 17 Pro")
        let inIsland = shipped.png.pixel(x: Int(shipped.placed.x + 603 * shipped.placed.width / 1206), y: Int(shipped.placed.y + 98 * shipped.placed.width / 1206))
        XCTAssertEqual([inIsland.r, inIsland.g, inIsland.b], [0, 0, 0], "the recorded island drawn")
        // A recorded island: drawn at its rectangle scaled with the screen, the markers beside it whole.
        let island = try compose(well: "test-island", width: 1206, height: 2622, radius: 165)
        Self.assertMarkersWhole(island, width: 1206, height: 2622, radius: 165, "iPhone with a Dynamic Island")
        let scale = island.placed.width / 1206
        let cutout = try XCTUnwrap(island.svg.range(of: #"<rect id="device-cutout"[^>]*>"#, options: .regularExpression).map { String(island.svg[$0]) })
        func attribute(_ name: String) -> Double? {
            cutout.range(of: " \(name)=\"[0-9.]+\"", options: .regularExpression).flatMap { Double(cutout[$0].split(separator: "\"")[1]) }
        }
        XCTAssertEqual(try XCTUnwrap(attribute("width")), 380 * scale, accuracy: 0.6)
        XCTAssertEqual(try XCTUnwrap(attribute("height")), 110 * scale, accuracy: 0.6)
        XCTAssertEqual(try XCTUnwrap(attribute("x")), island.placed.x + 413 * scale, accuracy: 1)
        XCTAssertEqual(try XCTUnwrap(attribute("y")), island.placed.y + 33 * scale, accuracy: 1)
        // The island itself is black in the PNG (its middle).
        let middle = island.png.pixel(x: Int(island.placed.x + 603 * scale), y: Int(island.placed.y + 88 * scale))
        XCTAssertEqual([middle.r, middle.g, middle.b], [0, 0, 0])
    }

    func testTheIPad12Point9KeepsItsCornersWhole() throws {
        // Its size is shared by iPads with a home button and with Face ID: square, no cutout.
        let composed = try compose(well: "ios-simulator-2048x2732", width: 2048, height: 2732, radius: 0)
        Self.assertMarkersWhole(composed, width: 2048, height: 2732, radius: 0, "iPad Pro (12.9-inch) (6th generation)")
    }

    func testTheThemesCornerRadiusIsTheScreensCorner() throws {
        // "cornerRadius": 0 squares the corners of a device whose own are round: the markers in
        // the very corners (4 px in) are whole; with the well's radius they would be cut.
        let square = try compose(well: "ios-simulator-1206x2622", width: 1206, height: 2622, radius: 0, theme: ["cornerRadius": 0])
        Self.assertMarkersWhole(square, width: 1206, height: 2622, radius: 0, "theme cornerRadius 0")
        let corner = square.png.pixel(x: Int(square.placed.x) + 1, y: Int(square.placed.y) + 1)
        XCTAssertEqual([corner.r, corner.g, corner.b], [0x80, 0x80, 0x80], "the capture's own grey in its very corner")
    }

    /// A phone with no recorded shape (the iPhone Air's well) has a square opening; the
    /// body and its rim round their corners concentric with it, so the capture's corners lie
    /// inside the body: the pixels 3 px outside each corner, diagonally, are the frame's colour
    /// (they were the background, the corners sticking out past the body's 233 radius).
    func testAShapelessPhonesSquareCornersStayInsideTheBody() throws {
        let composed = try compose(well: "ios-simulator-1260x2736", width: 1260, height: 2736, radius: 0)
        Self.assertMarkersWhole(composed, width: 1260, height: 2736, radius: 0, "iPhone Air")
        let rect = composed.placed
        for (x, y) in [(rect.x - 3, rect.y - 3), (rect.maxX + 2, rect.y - 3), (rect.x - 3, rect.maxY + 2), (rect.maxX + 2, rect.maxY + 2)] {
            let p = composed.png.pixel(x: Int(x), y: Int(y))
            XCTAssertEqual([p.r, p.g, p.b], [0x1c, 0x1f, 0x26], "outside the screen's corner at (\(x), \(y))")
        }
        XCTAssertFalse(composed.svg.contains("data-corner"), "the marker is read, not written")
    }
}
