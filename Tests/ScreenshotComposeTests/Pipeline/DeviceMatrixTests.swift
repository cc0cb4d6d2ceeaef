import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest

/// Issue 33's device matrix: fastlane snapshot, screengrab and plain folders for every family a
/// team captures on, each device named as Xcode or Android Studio names it, in landscape too
/// where it has it: `init` → `check` → `render --layout fastlane` → `verify` composes every
/// capture to the slot the table gives (and into deliver's or supply's folder), and each
/// capture's four corner markers (`FrameShapeTests.capture`: inside the well's own corner
/// radius) are whole in every output. About 90 s: `scripts/slow-checks/device-matrix`
/// (make check-slow) sets SSC_DEVICE_MATRIX=1; skipped otherwise.
final class DeviceMatrixTests: XCTestCase {
    /// A device: how its captures are written (`snapshot`, a screengrab images folder, `plain`),
    /// its name, its portrait (or only) size, and the slot each orientation must reach (one: no
    /// landscape; none: left out on purpose, Wear OS's store rule).
    struct Device {
        var tool: String, name: String, width: Int, height: Int, slots: [String]
    }

    static func phone(_ name: String, _ w: Int, _ h: Int, _ target: String, _ sw: Int, _ sh: Int, tool: String = "snapshot") -> Device {
        let slug = target.replacingOccurrences(of: ":", with: "-")
        return Device(tool: tool, name: name, width: w, height: h, slots: ["\(slug)-portrait-\(sw)x\(sh)", "\(slug)-landscape-\(sh)x\(sw)"])
    }

    /// One folder per row; a row of several devices is one team's folder (each device its own slot).
    static let folders: [[Device]] = [
        [phone("iPhone SE (3rd generation)", 750, 1334, "app-store:iphone-4.7", 750, 1334)],
        [phone("iPhone 8 Plus", 1242, 2208, "app-store:iphone-5.5", 1242, 2208)],
        [phone("iPhone X", 1125, 2436, "app-store:iphone-6.1", 1170, 2532)],
        [phone("iPhone 11 Pro Max", 1242, 2688, "app-store:iphone-6.5", 1284, 2778)],
        [phone("iPhone 12 mini", 1080, 2340, "app-store:iphone-6.1", 1170, 2532)],
        [phone("iPhone 14", 1170, 2532, "app-store:iphone-6.1", 1170, 2532)],
        [phone("iPhone 15 Pro Max", 1290, 2796, "app-store:iphone-6.9", 1320, 2868)],
        [phone("iPhone 16 Pro Max", 1320, 2868, "app-store:iphone-6.9", 1320, 2868)],
        [phone("iPhone 17 Pro", 1206, 2622, "app-store:iphone-6.3", 1206, 2622)],
        [phone("iPhone Air", 1260, 2736, "app-store:iphone-6.9", 1320, 2868)],
        [phone("iPad (6th generation)", 1536, 2048, "app-store:ipad-9.7", 1536, 2048)],
        [phone("iPad (9th generation)", 1620, 2160, "app-store:ipad-13", 2064, 2752)],
        [phone("iPad Pro (10.5-inch)", 1668, 2224, "app-store:ipad-10.5", 1668, 2224)],
        [phone("iPad Air 11-inch (M2)", 1640, 2360, "app-store:ipad-11", 1668, 2420)],
        [phone("iPad mini (A17 Pro)", 1488, 2266, "app-store:ipad-11", 1668, 2420)],
        [phone("iPad Pro 11-inch (M4)", 1668, 2420, "app-store:ipad-11", 1668, 2420)],
        [phone("iPad Pro (12.9-inch) (6th generation)", 2048, 2732, "app-store:ipad-13", 2064, 2752)],
        [phone("iPad Pro 13-inch (M4)", 2064, 2752, "app-store:ipad-13", 2064, 2752)],
        [phone("Nexus 5X", 1080, 1920, "google-play:phone", 1080, 1920, tool: "phoneScreenshots")],
        [phone("Pixel 7 Pro", 1440, 3120, "google-play:phone", 1080, 1920, tool: "phoneScreenshots")],
        [phone("Pixel 9 Pro Fold", 2076, 2152, "google-play:phone", 1080, 1920, tool: "phoneScreenshots")],
        [phone("Pixel 8", 1080, 2400, "google-play:phone", 1080, 1920, tool: "phoneScreenshots"),
         phone("Nexus 7", 1200, 1920, "google-play:tablet-7", 1080, 1920, tool: "sevenInchScreenshots"),
         phone("Pixel Tablet", 1600, 2560, "google-play:tablet-10", 1440, 2560, tool: "tenInchScreenshots"),
         Device(tool: "wearScreenshots", name: "Wear OS Large Round", width: 454, height: 454, slots: []),
         Device(tool: "tvScreenshots", name: "Android TV (1080p)", width: 1920, height: 1080, slots: ["google-play-tv-landscape-1920x1080"])],
        [Device(tool: "plain", name: "Mac", width: 2880, height: 1800, slots: ["app-store-mac-landscape-2880x1800"])],
        [Device(tool: "plain", name: "Apple Vision Pro", width: 3840, height: 2160, slots: ["app-store-vision-pro-landscape-3840x2160"])],
    ]

    func testEveryDeviceReachesItsSlotWithItsCornersWhole() throws {
        guard ProcessInfo.processInfo.environment["SSC_DEVICE_MATRIX"] == "1" else {
            throw XCTSkip("slow (about 90 s): scripts/slow-checks/device-matrix (make check-slow) runs it")
        }
        var problems = DiagnosticCollector()
        let catalog = try XCTUnwrap(WellsListing.loadMerged(file: nil, storeFile: nil, into: &problems))
        XCTAssertEqual(Self.folders.joined().count, 28)
        for devices in Self.folders {
            try run(devices, catalog: catalog)
        }
    }

    /// The screens of `device` as (file, screen, width, height): a portrait and, where it has
    /// a landscape slot, a landscape screen.
    func screens(_ device: Device) -> [(path: String, width: Int, height: Int)] {
        let sizes = [(device.width, device.height), (device.height, device.width)].prefix(max(1, device.slots.count))
        return sizes.enumerated().map { index, size in
            let screen = ["01Home", "02Wide"][index]
            switch device.tool {
            case "snapshot": return ("fastlane/screenshots/en-US/\(device.name)-\(screen).png", size.0, size.1)
            case "plain": return ("shots/en-US/\(screen).png", size.0, size.1)
            default: return ("fastlane/metadata/android/en-US/images/\(device.tool)/\(screen)_170000000000\(index).png", size.0, size.1)
            }
        }
    }

    func run(_ devices: [Device], catalog: WellsCatalog) throws {
        let scratch = try Scratch()
        let what = devices.map(\.name).joined(separator: ", ")
        var radius: [String: Double] = [:]
        for device in devices {
            let folder = ["snapshot", "plain"].contains(device.tool) ? nil : device.tool
            for screen in screens(device) {
                let targets = device.name == "Apple Vision Pro" ? [try XCTUnwrap(catalog.target(named: "app-store:vision-pro"))] : []
                let well = try XCTUnwrap(catalog.pickWell(width: screen.width, height: screen.height, device: device.tool == "plain" ? nil : device.name,
                                                          screengrabFolder: folder, targets: targets).well, "\(device.name) \(screen.width)x\(screen.height)")
                radius[screen.path] = well.screenCornerPixels
                try scratch.write(screen.path, try FrameShapeTests.capture(width: screen.width, height: screen.height, radius: well.screenCornerPixels))
            }
        }
        let root = devices[0].tool == "plain" ? "shots" : "fastlane"
        let named = devices.filter { !["snapshot", "plain"].contains($0.tool) }.flatMap { ["--device", "\($0.tool)=\($0.name)"] }
        let (code, out, err) = try runTool(["init", root] + named, cwd: scratch.url)
        if devices[0].name == "Apple Vision Pro" {
            // One size, three devices: init names them and how the job chooses, and writes nothing.
            XCTAssertEqual(code, 1)
            XCTAssertTrue(err.contains("3 wells have this size 3840×2160 and nothing names the device"), err)
            XCTAssertTrue(err.contains("or let the job's \"targets\" choose: one of app-store:apple-tv, app-store:vision-pro without the others"), err)
            try scratch.writeJob(["schemaVersion": 1, "captures": [["id": "01Home", "path": "shots/{locale}/01Home.png"]], "targets": ["app-store:vision-pro"],
                                  "template": "classic", "headlines": ["en-US": ["01Home": "Plan your week"]], "output": "out"])
        } else {
            XCTAssertEqual(code, 0, "\(what): \(out)\(err)")
            XCTAssertEqual(err, "", what)
            let path = scratch.path("headlines.xcstrings")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try scratch.write("headlines.xcstrings", text.replacingOccurrences(of: "\"state\" : \"new\",\n            \"value\" : \"\"",
                                                                              with: "\"state\" : \"translated\",\n            \"value\" : \"Plan your week\""))
        }
        let epoch = ["SOURCE_DATE_EPOCH": "1767225600"]
        for arguments in [["check", "job.json"], ["render", "job.json", "--layout", "fastlane"], ["verify", "out/manifest.json"]] {
            let (code, out, err) = try runTool(arguments, environment: epoch, cwd: scratch.url)
            XCTAssertEqual(code, 0, "\(what): \(arguments[0]): \(out)\(err)")
            XCTAssertEqual(err, "", "\(what): \(arguments[0])")
        }
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: scratch.url.appendingPathComponent("out/manifest.json"))) as? [String: Any])
        let outputs = try XCTUnwrap(manifest["outputs"] as? [[String: Any]])
        // Each capture in its slot, uploaded; a device without slots left out on purpose.
        var composed: [String] = [], expected: [String] = []
        for device in devices {
            for (screen, slot) in zip(screens(device), device.slots) {
                expected.append("\(screen.path) \(slot)")
            }
        }
        for output in outputs {
            let source = try XCTUnwrap((output["captureSource"] as? [String: Any])?["path"] as? String).replacingOccurrences(of: "../", with: "")
            let canvas = try XCTUnwrap(output["canvas"] as? String)
            composed.append("\(source) \(canvas)")
            XCTAssertNotNil((output["fastlane"] as? [String: Any])?["path"], "\(source): no upload copy")
            // The markers, whole where the placement put the capture.
            let png = try XCTUnwrap(output["png"] as? [String: Any]), pngPath = try XCTUnwrap(png["path"] as? String)
            let svg = try String(contentsOfFile: scratch.path("out/" + pngPath.replacingOccurrences(of: ".png", with: ".svg")), encoding: .utf8)
            let image = try XCTUnwrap(svg.range(of: #"<image [^>]*id="capture"[^>]*>"#, options: .regularExpression).map { String(svg[$0]) }, source)
            func number(_ name: String) throws -> Double {
                let range = try XCTUnwrap(image.range(of: " \(name)=\"[0-9.]+\"", options: .regularExpression), "\(source): \(name)")
                return try XCTUnwrap(Double(image[range].split(separator: "\"")[1]))
            }
            let decoded = try PNGCodec.decodeRGBA(try Data(contentsOf: scratch.url.appendingPathComponent("out/" + pngPath)))
            let placed = Rect(x: try number("x"), y: try number("y"), width: try number("width"), height: try number("height"))
            let header = try PNGCodec.readHeader(try Data(contentsOf: scratch.url.appendingPathComponent(source)))
            FrameShapeTests.assertMarkersWhole(.init(png: decoded, svg: svg, placed: placed), width: header.width, height: header.height,
                                               radius: try XCTUnwrap(radius[source], source), "\(source) on \(canvas)")
        }
        XCTAssertEqual(composed.sorted(), expected.sorted(), what)
        for device in devices where device.slots.isEmpty {
            let job = try String(contentsOfFile: scratch.path("job.json"), encoding: .utf8)
            XCTAssertTrue(job.contains("\"leaveOut\""), "\(device.name): \(job)")
        }
    }
}
