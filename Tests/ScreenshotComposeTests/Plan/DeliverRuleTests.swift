import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest
@testable import Plan

/// The store catalog against fastlane deliver's table (sizes per display type), and the names
/// of deliver's copies against deliver's rule for sizes two display types share, both as
/// recorded in `fixtures/fastlane-deliver/display-types.json` (facts, not fastlane's code).
final class DeliverRuleTests: XCTestCase {
    private let options = PlanOptions(sourceDateEpoch: "1767225600", fastlaneLayout: true)

    private func catalog() throws -> WellsCatalog {
        var d = DiagnosticCollector()
        let catalog = WellsListing.loadMerged(file: nil, storeFile: nil, into: &d)
        XCTAssertEqual(lines(d), [])
        return try XCTUnwrap(catalog)
    }

    func testTheFactsAreDeliversNewestTableAndItsOlderRules() throws {
        let rules = try DeliverRules.load()
        XCTAssertEqual(rules.versions.map(\.commit), ["8d706b48a86122f79159fd427df443d6feaa2f7e", "e4296f13c345734765c54d0ba09351005055ade4",
                                                      "00afc4fe108556c362e773a56be6a6f21aae7122"])
        let newest = rules.versions[0]
        XCTAssertEqual(newest.displayTypes.count, 21)
        XCTAssertEqual(newest.displayTypes.first { $0.type == "APP_WATCH_ULTRA" }?.sizes, ["410x502", "422x514"])
        XCTAssertEqual(newest.displayTypes.first { $0.type == "APP_WATCH_SERIES_10" }?.sizes, ["416x496"])
        XCTAssertEqual(newest.displayTypes.first { $0.type == "APP_IPAD_97" }?.sizes,
                       ["1024x748", "1024x768", "2048x1496", "2048x1536", "768x1004", "768x1024", "1536x2008", "1536x2048"])
    }

    func testEveryAppStoreClassHoldsExactlyDeliversSizesForItsDisplayTypes() throws {
        let rules = try DeliverRules.load()
        let catalog = try catalog()
        let newest = rules.versions[0]
        // Every display type of deliver's table is a class of the catalog or left out with a reason.
        for (type, _) in newest.displayTypes {
            XCTAssertTrue(rules.targets.contains { $0.type == type } || rules.notInCatalog[type] != nil, type)
        }
        XCTAssertEqual(rules.notInCatalog.keys.sorted(), ["APP_IPHONE_35", "APP_IPHONE_40"])
        let appStoreTargets = catalog.targets.filter { $0.store == "app-store" }
        XCTAssertEqual(Set(rules.targets.map(\.target)), Set(appStoreTargets.map(\.name)))
        for target in appStoreTargets {
            let slots = Set(catalog.wells.filter { $0.storeWell?.store == "app-store" && $0.storeWell?.storeClass == target.storeClass }
                .map { "\($0.width)x\($0.height)" })
            let types = rules.targets.filter { $0.target == target.name }.map(\.type)
            let deliver = Set(newest.displayTypes.filter { types.contains($0.type) }.flatMap(\.sizes))
            XCTAssertEqual(slots, deliver, "\(target.name) against \(types.joined(separator: ", "))")
        }
        // The sizes only deliver's table lists are cited by an unverified rule: reported, not enforced.
        let ipad = try XCTUnwrap(catalog.well(id: "app-store-ipad-9.7-portrait-1536x2008"))
        let findings = StoreRuleChecker.checkCanvas(ipad, claim: try XCTUnwrap(ipad.storeWell), store: "app-store", rules: catalog.storeRules)
        XCTAssertEqual(findings.map(\.message), ["size cited for iPad 9.7 in by a source not confirmed: expected one of 1536×2048, 768×1024 (or swapped for landscape), found 1536×2008"])
        XCTAssertEqual(findings.map(\.enforced), [false])
        let watch = try XCTUnwrap(catalog.well(id: "app-store-watch-portrait-422x514"))
        XCTAssertEqual(StoreRuleChecker.checkCanvas(watch, claim: try XCTUnwrap(watch.storeWell), store: "app-store", rules: catalog.storeRules), [])
        // A size no rule of the class lists is still refused, naming every cited size.
        let odd = Well(id: "odd", device: "d", width: 1536, height: 2000, storeWell: ipad.storeWell, source: "s")
        XCTAssertEqual(StoreRuleChecker.checkCanvas(odd, claim: try XCTUnwrap(odd.storeWell), store: "app-store", rules: catalog.storeRules).map { "\($0.enforced) \($0.message)" },
                       ["true size not accepted for iPad 9.7 in: expected one of 1536×2048, 768×1024 (or swapped for landscape); 1536×2008, 768×1004, 2048×1496, 1024×748, found 1536×2000"])
    }

    func testTheCatalogsNameHintsAreCited() throws {
        let catalog = try catalog()
        XCTAssertEqual(catalog.targets.compactMap { target in target.deliverNameHint.map { "\(target.name) \($0)" } }, [
            "app-store:ipad-13 APP_IPAD_PRO_3GEN_129", "app-store:ipad-12.9 APP_IPAD_PRO_129", "app-store:vision-pro APP_APPLE_VISION_PRO",
        ])
    }

    /// Plans `targets` over the captures with `--layout fastlane`; deliver's copies with their
    /// canvas sizes.
    private func copies(_ scratch: Scratch, captures: [(String, Int, Int)], targets: [String]) throws -> [(path: String, width: Int, height: Int)] {
        var list: [[String: Any]] = []
        var headlines: [String: String] = [:]
        for (id, w, h) in captures {
            try scratch.write("\(id).png", try Fixtures.png(width: w, height: h))
            list.append(["id": id, "path": "\(id).png"])
            headlines[id] = "Plan every trip"
        }
        var object: [String: Any] = ["schemaVersion": 1, "output": "out", "captures": list, "headlines": ["en-US": headlines]]
        if !targets.isEmpty { object["targets"] = targets }
        let file = try scratch.writeJob(object, name: "job-\(targets.joined(separator: "+")).json")
        var d = DiagnosticCollector()
        let job = try XCTUnwrap(JobLoader.load(file: file, into: &d))
        let plan = try XCTUnwrap(Planner.plan(job, inputs: Ingest.read(job, options: options), options: options, into: &d))
        XCTAssertEqual(lines(d).filter { $0.hasPrefix("error") }, [])
        return plan.outputs.compactMap { spec in
            spec.destination.fastlane.map { (plan.output.appendingPathComponent($0).path, spec.canvas.width, spec.canvas.height) }
        }
    }

    func testDeliverFilesEveryIPadCopyUnderItsOwnClassInEveryVersion() throws {
        let scratch = try Scratch()
        let rules = try DeliverRules.load()
        // Both 13-inch sizes (each capture's own size is a 13-inch slot), then the 12.9-inch class.
        let thirteen = try copies(scratch, captures: [("trips", 2064, 2752), ("search", 2048, 2732)], targets: [])
        let twelve = try copies(scratch, captures: [("trips", 2064, 2752)], targets: ["app-store:ipad-12.9"])
        XCTAssertEqual(thirteen.map { URL(fileURLWithPath: $0.path).lastPathComponent },
                       ["01_trips_APP_IPAD_PRO_3GEN_129.png", "02_search_APP_IPAD_PRO_3GEN_129.png"])
        XCTAssertEqual(twelve.map { URL(fileURLWithPath: $0.path).lastPathComponent }, ["01_trips_app-store-ipad-12.9_APP_IPAD_PRO_129.png"])
        for version in rules.versions {
            XCTAssertEqual(thirteen.map { version.classify(path: $0.path, width: $0.width, height: $0.height) ?? "refused" },
                           version.displayTypes.contains { $0.sizes.contains("2064x2752") }
                               ? ["APP_IPAD_PRO_3GEN_129", "APP_IPAD_PRO_3GEN_129"] : ["refused", "APP_IPAD_PRO_3GEN_129"], version.name)
            XCTAssertEqual(twelve.map { version.classify(path: $0.path, width: $0.width, height: $0.height) }, ["APP_IPAD_PRO_129"], version.name)
        }
        // Without the hints the classes are lost: the older rule files a 13-inch 2048 × 2732 copy
        // as the 12.9-inch class, the newer one a 12.9-inch copy as the 13-inch class.
        let bare = { (path: String) in path.replacingOccurrences(of: "_APP_IPAD_PRO_3GEN_129", with: "").replacingOccurrences(of: "_APP_IPAD_PRO_129", with: "") }
        XCTAssertEqual(rules.versions[1].classify(path: bare(thirteen[1].path), width: 2048, height: 2732), "APP_IPAD_PRO_129")
        XCTAssertEqual(rules.versions[0].classify(path: bare(twelve[0].path), width: 2048, height: 2732), "APP_IPAD_PRO_3GEN_129")
    }

    func testAppleTVAndVisionProCopiesAreToldApart() throws {
        let rules = try DeliverRules.load()
        let catalog = try catalog()
        for (target, expected) in [("app-store:vision-pro", "APP_APPLE_VISION_PRO"), ("app-store:apple-tv", "APP_APPLE_TV")] {
            let t = try XCTUnwrap(catalog.target(named: target))
            let copy = try XCTUnwrap(OutputPaths.destinations(locale: "en-US", name: "home", captureId: "home", order: 1, folder: t.folder,
                                                              upload: .appStore(language: "en-US", nameHint: t.deliverNameHint)).fastlane)
            XCTAssertEqual(rules.versions[0].classify(path: "/release/out/\(copy)", width: 3840, height: 2160), expected, copy)
        }
    }
}
