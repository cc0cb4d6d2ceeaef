import Foundation
import XCTest
@testable import Diagnostics
@testable import Ingest
@testable import Support

/// The shipped wells' device sizes against the device definitions recorded from their sources
/// (fixtures/device-sources/device-definitions.json: Android Studio's sdklib device XML from
/// Debian's libandroid-tools-sdklib-java 2.2.2-4 and a mirror of tools/base at 7ff4a35,
/// Paparazzi's DeviceConfig at c640cbb, fastlane frameit's device_types.rb at d534769).
final class WellsSourceTests: XCTestCase {
    private struct Sources: Decodable {
        struct Source: Decodable { var key: String; var url: String; var devices: [Device] }
        struct Device: Decodable { var name: String; var id: String; var width: Int?; var height: Int?; var sizes: [String]? }
        var sources: [Source]
    }

    private func load() throws -> (WellsCatalog, Sources) {
        var d = DiagnosticCollector()
        let catalog = try XCTUnwrap(WellsCatalogLoader.load(data: Data(contentsOf: Fixtures.wells), file: "wells.json", into: &d))
        let url = Fixtures.repository.appendingPathComponent("fixtures/device-sources/device-definitions.json")
        return (catalog, try JSONDecoder().decode(Sources.self, from: Data(contentsOf: url)))
    }

    /// Paparazzi names its configurations after Android Studio's devices (PIXEL_9_PRO_FOLD).
    private func paparazziName(_ device: String) -> String {
        device.uppercased().replacingOccurrences(of: " ", with: "_")
    }

    func testEveryAndroidDeviceNameHasTheSizeItsDefinitionGives() throws {
        let (catalog, sources) = try load()
        var checked: [String] = []
        for well in catalog.wells where well.platform == "android" {
            for device in well.devices where !["Pixel 10", "Pixel 10 Pro XL"].contains(device) {
                // Android Studio's own XML first; Paparazzi's table for devices newer than the copies
                // read (its WEAR_OS_SQUARE is the older 280×280 Android Wear Square).
                func sizes(_ keys: [String]) -> [Set<String>] {
                    sources.sources.filter { keys.contains($0.key) }.flatMap { source in
                        source.devices.filter { $0.name == device || (source.key == "paparazzi" && $0.name == paparazziName(device)) }
                            .compactMap { d in d.width.flatMap { w in d.height.map { Set(["\(w)x\($0)", "\($0)x\(w)"]) } } }
                    }
                }
                let xml = sizes(["debian-sdklib", "studio-sdklib"])
                let sizes = xml.isEmpty ? sizes(["paparazzi"]) : xml
                XCTAssertFalse(sizes.isEmpty, "\(device) (\(well.id)) has no recorded definition")
                for size in sizes {
                    XCTAssertTrue(size.contains("\(well.width)x\(well.height)"), "\(device): \(well.id) is \(well.width)x\(well.height), the definition \(size.sorted())")
                }
                checked.append(device)
            }
        }
        XCTAssertEqual(Set(checked).count, 50)
        XCTAssertTrue(checked.contains("Nexus 7") && checked.contains("Pixel 8") && checked.contains("Pixel Fold") && checked.contains("Wear OS Large Round"))
    }

    func testEveryIPhoneAndIPadFrameitListsHasItsSizeThere() throws {
        let (catalog, sources) = try load()
        let frameit = try XCTUnwrap(sources.sources.first { $0.key == "frameit" })
        var checked = 0
        for well in catalog.wells where well.platform == "ios" {
            for device in well.devices {
                // frameit gives the 12 mini's rendered size (1125×2436); its simulator's screenshot is
                // the 13 mini's 1080×2340 (recorded in the well's source).
                guard device != "iPhone 12 mini", let entry = frameit.devices.first(where: { $0.name.caseInsensitiveCompare("Apple \(device)") == .orderedSame }) else { continue }
                XCTAssertTrue(entry.sizes?.contains("\(well.width)x\(well.height)") == true, "\(device): \(well.id), frameit \(entry.sizes ?? [])")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 78)
    }

    func testRecordedShapesAreCitedOrMarkedUnverified() throws {
        let (catalog, _) = try load()
        let shaped = catalog.wells.filter { $0.shape != .clipNothing }
        let cited = shaped.filter(\.shape.verified).map { "\($0.id) \(SVGRadius.text($0.shape.cornerRadius))\($0.shape.cutout.map { " \($0.kind.rawValue)" } ?? "")" }
        XCTAssertEqual(cited, [
            "ios-simulator-1125x2436 117 notch", "ios-simulator-2436x1125 117", "ios-simulator-828x1792 83 notch", "ios-simulator-1792x828 83",
            "ios-simulator-1242x2688 117 notch", "ios-simulator-2688x1242 117", "ios-simulator-1080x2340 132", "ios-simulator-2340x1080 132",
            "ios-simulator-1170x2532 142", "ios-simulator-2532x1170 142", "ios-simulator-1179x2556 165 dynamic-island", "ios-simulator-2556x1179 165",
            "ios-simulator-1206x2622 186 dynamic-island", "ios-simulator-2622x1206 186", "ios-simulator-1284x2778 160", "ios-simulator-2778x1284 160",
            "ios-simulator-1290x2796 165 dynamic-island", "ios-simulator-2796x1290 165", "ios-simulator-1320x2868 186 dynamic-island", "ios-simulator-2868x1320 186",
            "ios-simulator-1668x2388 36", "ios-simulator-2388x1668 36", "android-emulator-1080x2400 0 punch-hole", "android-emulator-1440x3120 0 punch-hole",
            "android-1080x2424 0 punch-hole", "android-emulator-1280x2856 0 punch-hole", "wear-os-emulator-454x454 227", "wear-os-emulator-384x384 192",
        ])
        // Home-button devices: square corners and a home button, no source read states it.
        XCTAssertEqual(shaped.filter { !$0.shape.verified }.map(\.id), [
            "ios-simulator-640x1136", "ios-simulator-1136x640", "ios-simulator-750x1334", "ios-simulator-1334x750",
            "ios-simulator-1242x2208", "ios-simulator-2208x1242", "ios-simulator-1536x2048", "ios-simulator-2048x1536",
            "ios-simulator-1620x2160", "ios-simulator-2160x1620", "ios-simulator-1668x2224", "ios-simulator-2224x1668",
        ])
        XCTAssertTrue(shaped.filter { !$0.shape.verified }.allSatisfy { $0.shape.homeButton && $0.shape.cornerRadius == 0 })
    }

    /// The recorded shapes (fixtures/device-sources/screen-shapes.json, read on 2026-12-06).
    private struct Shapes: Decodable {
        struct Radii: Decodable { var points: [String: Double]; var alsoRead: Also; struct Also: Decodable { var points: [String: Double] } }
        struct Island: Decodable { var widthPoints, heightPoints: Double }
        struct Notches: Decodable { var millimetres: [String: [Double]] }
        struct Hole: Decodable { var device: String; var path: String }
        var cornerRadii: Radii
        var dynamicIsland: Island
        var notches: Notches
        var punchHoles: [Hole]
    }

    private func shapes() throws -> Shapes {
        let url = Fixtures.repository.appendingPathComponent("fixtures/device-sources/screen-shapes.json")
        return try JSONDecoder().decode(Shapes.self, from: Data(contentsOf: url))
    }

    func testEveryIPhoneCornerRadiusIsItsDevicesReportedRadiusAtScale3() throws {
        let (catalog, _) = try load()
        let radii = try shapes().cornerRadii
        var checked = 0
        for well in catalog.wells where well.platform == "ios" && well.family == "phone" && well.shape.verified && well.shape.cornerRadius > 117 {
            var covered = false
            for device in well.devices {
                for points in [radii.points[device], radii.alsoRead.points[device]].compactMap({ $0 }) {
                    XCTAssertEqual(well.shape.cornerRadius, points * 3, accuracy: 0.5, "\(well.id): \(device) \(points) pt")
                    covered = true
                    checked += 1
                }
            }
            XCTAssertTrue(covered, "\(well.id): no device of it has a recorded radius")
        }
        XCTAssertEqual(checked, 50)
    }

    func testEveryNotchCoversItsDevicesNotchesAndASizeWhoseNotchesDifferHasNone() throws {
        let (catalog, _) = try load()
        let notches = try shapes().notches.millimetres
        for well in catalog.wells where well.platform == "ios" && well.width < well.height {
            let sizes = well.devices.compactMap { notches[$0] }.map { (width: $0[0] / 25.4 * $0[2], height: $0[1] / 25.4 * $0[2]) }
            guard let widest = sizes.map(\.width).max(), let tallest = sizes.map(\.height).max() else { continue }
            guard let cutout = well.shape.cutout else {
                XCTAssertGreaterThan(widest - sizes.map(\.width).min()!, 100, "\(well.id): notches alike, none recorded")
                continue
            }
            XCTAssertEqual(cutout.kind, .notch)
            XCTAssertEqual(cutout.width, widest, accuracy: 0.05, well.id)
            XCTAssertEqual(cutout.height, tallest, accuracy: 0.05, well.id)
            XCTAssertEqual([cutout.x * 2 + cutout.width, cutout.y], [Double(well.width), 0], well.id)
        }
    }

    func testEveryDynamicIslandHasTheRecordedSizeAndTheCapturesIslandIsWhereTheCatalogSays() throws {
        let (catalog, _) = try load()
        let island = try shapes().dynamicIsland
        let islands = catalog.wells.compactMap { well in well.shape.cutout.map { (well, $0) } }.filter { $0.1.kind == .dynamicIsland }
        XCTAssertEqual(islands.map(\.0.id), ["ios-simulator-1179x2556", "ios-simulator-1206x2622", "ios-simulator-1290x2796", "ios-simulator-1320x2868"])
        for (well, cutout) in islands {
            XCTAssertEqual([cutout.width, cutout.x * 2 + cutout.width], [island.widthPoints * 3, Double(well.width)], well.id)
            XCTAssertEqual(cutout.height, island.heightPoints * 3, accuracy: 0.5, well.id)
        }
        // The iPhone 17 Pro capture shows its island: black from 414.75 to 791.25 across its middle
        // row and from 41.75 to 152.25 down its middle column (the edge pixels part covered).
        let png = try PNGCodec.decodeRGBA(Data(contentsOf: Fixtures.repository.appendingPathComponent("fixtures/captures/dnschat-home.png")))
        let cutout = try XCTUnwrap(islands.first { $0.0.id == "ios-simulator-1206x2622" }?.1)
        func edges(_ at: (Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ range: Range<Int>) -> (Double, Double) {
            let background = Double(at(range.lowerBound).r)
            let cover = range.map { 1 - Double(at($0).r) / background }
            let first = try! XCTUnwrap(cover.firstIndex { $0 > 0.05 }), last = try! XCTUnwrap(cover.lastIndex { $0 > 0.05 })
            return (Double(range.lowerBound + first) + 1 - cover[first], Double(range.lowerBound + last) + cover[last])
        }
        let across = edges({ png.pixel(x: $0, y: Int(cutout.y + cutout.height / 2)) }, 300..<900)
        let down = edges({ png.pixel(x: Int(cutout.x + cutout.width / 2), y: $0) }, 0..<250)
        XCTAssertEqual(across.0, cutout.x, accuracy: 1)
        XCTAssertEqual(across.1, cutout.x + cutout.width, accuracy: 1)
        XCTAssertEqual(down.0, cutout.y, accuracy: 1)
        XCTAssertEqual(down.1, cutout.y + cutout.height, accuracy: 1)
    }

    func testEveryPunchHoleIsADevicesHoleAndHoldsTheOtherDevicesOfItsSize() throws {
        let (catalog, _) = try load()
        // A cutout path "M x,y a r,r 0 f f dx,0 …": a circle through (x, y) and (x + dx, y).
        let holes: [String: Rect] = Dictionary(uniqueKeysWithValues: try shapes().punchHoles.map { hole in
            let n = hole.path.split(whereSeparator: { " ,".contains($0) }).compactMap { Double($0) }
            let (r, cx) = (n[2], n[0] + n[7] / 2)
            return (hole.device, Rect(x: cx - r, y: n[1] - r, width: 2 * r, height: 2 * r))
        })
        var drawn: [String] = []
        for well in catalog.wells where well.platform == "android" && well.width < well.height {
            let recorded = well.devices.compactMap { holes[$0] }
            guard let cutout = well.shape.cutout else {
                if recorded.count > 1 { XCTAssertFalse(recorded.allSatisfy { $0.y == recorded[0].y }, "\(well.id): holes alike, none recorded") }
                continue
            }
            let rect = Rect(x: cutout.x, y: cutout.y, width: cutout.width, height: cutout.height)
            XCTAssertEqual(cutout.kind, .punchHole)
            XCTAssertTrue(recorded.contains(rect), "\(well.id): the rectangle of one of its devices")
            for hole in recorded {
                XCTAssertTrue(hole.x >= rect.x - 0.5 && hole.y >= rect.y - 0.5 && hole.maxX <= rect.maxX + 0.5 && hole.maxY <= rect.maxY + 0.5, "\(well.id): \(hole)")
            }
            drawn.append(well.id)
        }
        XCTAssertEqual(drawn, ["android-emulator-1080x2400", "android-emulator-1440x3120", "android-1080x2424", "android-emulator-1280x2856"])
    }
}

private enum SVGRadius {
    static func text(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
}
