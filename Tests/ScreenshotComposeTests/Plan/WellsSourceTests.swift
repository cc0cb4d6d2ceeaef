import Foundation
import XCTest
@testable import Diagnostics
@testable import Ingest

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
        let cited = shaped.filter(\.shape.verified).map { "\($0.id) \(SVGRadius.text($0.shape.cornerRadius))" }
        XCTAssertEqual(cited, [
            "ios-simulator-1125x2436 117", "ios-simulator-2436x1125 117", "ios-simulator-828x1792 83", "ios-simulator-1792x828 83",
            "ios-simulator-1242x2688 117", "ios-simulator-2688x1242 117", "ios-simulator-1668x2388 36", "ios-simulator-2388x1668 36",
            "wear-os-emulator-454x454 227", "wear-os-emulator-384x384 192",
        ])
        // Home-button devices: square corners and a home button, no source read states it.
        XCTAssertEqual(shaped.filter { !$0.shape.verified }.map(\.id), [
            "ios-simulator-640x1136", "ios-simulator-1136x640", "ios-simulator-750x1334", "ios-simulator-1334x750",
            "ios-simulator-1242x2208", "ios-simulator-2208x1242", "ios-simulator-1536x2048", "ios-simulator-2048x1536",
            "ios-simulator-1620x2160", "ios-simulator-2160x1620", "ios-simulator-1668x2224", "ios-simulator-2224x1668",
        ])
        XCTAssertTrue(shaped.filter { !$0.shape.verified }.allSatisfy { $0.shape.homeButton && $0.shape.cornerRadius == 0 })
    }
}

private enum SVGRadius {
    static func text(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
}
