import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Plan
@testable import Manifest
@testable import Publish

/// The built-in templates (generated in the slot convention for each canvas) with the
/// project's own frames: reference images, pixel checks and the contrast check.
final class BuiltinTemplateTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// Small wells, so the reference images stay small and fast: the shipped catalog (its cited
    /// minimums, which the store slots need) plus these.
    static func wells() throws -> Data {
        var catalog = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.wells)) as? [String: Any])
        let extra: [[String: Any]] = [
            ["id": "test-phone", "device": "iOS simulator capture", "width": 400, "height": 868, "source": "test", "screenCornerRadius": 0.12],
            ["id": "test-desktop", "device": "browser, desktop viewport", "width": 720, "height": 500, "source": "test"],
            ["id": "test-mobile", "device": "browser, mobile viewport", "width": 390, "height": 844, "source": "test"],
            ["id": "test-tablet", "device": "iPad simulator capture", "width": 600, "height": 800, "source": "test"],
            ["id": "test-watch", "device": "Apple Watch simulator capture", "width": 396, "height": 484, "source": "test"],
            ["id": "test-mac", "device": "Mac app window capture", "width": 800, "height": 500, "source": "test"],
            ["id": "test-iphone", "device": "iPhone simulator capture", "family": "phone", "platform": "ios", "width": 400, "height": 868, "source": "test"],
            ["id": "test-android", "device": "Android emulator capture", "family": "phone", "platform": "android", "width": 400, "height": 868, "source": "test"],
        ].map { var well = $0; well["storeWell"] = NSNull(); return well }
        catalog["wells"] = ((catalog["wells"] as? [[String: Any]]) ?? []) + extra
        return try JSONSerialization.data(withJSONObject: catalog, options: [.sortedKeys])
    }

    /// Renders one capture of `well` (size `capture`) with a built-in template; returns the PNG.
    func render(_ template: String, well: String, capture: (Int, Int), headline: String = "Plan your week",
                extra: [String: Any] = [:], file: StaticString = #filePath, line: UInt = #line) throws -> (Scratch, RunReport, Data?) {
        let scratch = try Scratch()
        try scratch.write("wells.json", try Self.wells())
        try scratch.write("shot.png", try Fixtures.png(width: capture.0, height: capture.1))
        var fields: [String: Any] = ["schemaVersion": 1, "output": "out", "template": template, "wells": "wells.json",
                                     "captures": [["id": "shot", "path": "shot.png", "well": well]],
                                     "headlines": ["en-US": ["shot": headline]]]
        for (k, v) in extra { fields[k] = v }
        let job = try scratch.writeJob(fields)
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        let png = try? Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.png")))
        return (scratch, report, png)
    }

    func testABadgeIsOneLineInsideItsPillAndALongerOneIsRefusedNamingThePill() throws {
        let (scratch, report, data) = try render("classic", well: "test-phone", capture: (400, 868), extra: ["badges": ["en-US": ["shot": "Free for the whole family"]]])
        XCTAssertEqual(lines(report), [])
        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")), encoding: .utf8)
        XCTAssertEqual(svg.components(separatedBy: ">Free for the whole family</tspan>").count, 2, "one line, shrunk to the pill: \(svg)")
        // The pill (accent #2f6fed, 168×27 at 116,21): the text's ink (black on the accent) in
        // its middle, none within half its height of either end, none above or below it.
        let png = try PNGCodec.decodeRGBA(try XCTUnwrap(data))
        func inkColumns(_ xs: Range<Int>, _ ys: Range<Int> = 24..<51) -> Int {
            xs.filter { x in ys.contains { y in let p = png.pixel(x: x, y: y); return p.r < 0x30 && p.g < 0x40 && p.b < 0x60 } }.count
        }
        XCTAssertGreaterThan(inkColumns(130..<270), 15)
        XCTAssertEqual(inkColumns(116..<130) + inkColumns(270..<284), 0)
        XCTAssertEqual(inkColumns(116..<284, 18..<24) + inkColumns(116..<284, 51..<58), 0)
        let pill = png.pixel(x: 125, y: 37)
        XCTAssertEqual([pill.r, pill.g, pill.b], [0x2f, 0x6f, 0xed])

        let long = "Free forever and ever and ever and ever and ever and ever and ever"
        let (other, refused, _) = try render("classic", well: "test-phone", capture: (400, 868), extra: ["badges": ["en-US": ["shot": long]]])
        XCTAssertEqual(lines(refused).map { $0.replacingOccurrences(of: other.url.path + "/", with: "") }, [
            "error: job.json: badges.en-US.shot: badge does not fit its box #badge (167.88×27.27 at 116.06,21.21) in builtin:classic on the 400×868 canvas (test-phone), refused rather than clipped: overflows by 162.19 px: the text is 302.8 px wide at the floor size 9 px: expected at most 140.61 px in one line (a badge is one line, clear of its pill's ends, 13.64 px each side)"])
    }

    func testABadgeNothingDrawsIsWarnedAboutNamingItsLocaleAndScreen() throws {
        let scratch = try Scratch()
        try scratch.write("wells.json", try Self.wells())
        try scratch.write("shot.png", try Fixtures.png(width: 400, height: 868))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "wells": "wells.json",
                                        "captures": [["id": "shot", "path": "shot.png", "well": "test-phone"]],
                                        "headlines": ["en-US": ["shot": "Plan your week"]],
                                        "badges": ["en-US": ["shot": "New"], "de-DE": ["shot": "Neu"]]])
        let report = ScreenshotComposer().render(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report).map { $0.replacingOccurrences(of: scratch.url.path + "/", with: "") }, [
            "warning: job.json: badges.de-DE.shot: badge for shot in de-DE is not drawn: expected a rendered locale (en-US), found de-DE, which has no headlines or is not selected",
            "warning: job.json: badges.en-US.shot: badge for shot in en-US is not drawn: expected a template with a badge slot (<g id=\"badge\">) or a built-in template (\"template\": \"classic\"), found builtin:device-well.svg.tmpl without one"])
        XCTAssertEqual(report.manifest?.outputs.count, 1)
    }

    /// A bare word that is neither a file nor a built-in ("clasic") is refused once, listing the
    /// built-ins; a path with an extension is only a missing file.
    func testAMisspeltBuiltInNameIsRefusedListingTheBuiltIns() throws {
        let (scratch, report, png) = try render("clasic", well: "test-phone", capture: (400, 868))
        XCTAssertNil(png)
        XCTAssertFalse(report.succeeded)
        XCTAssertEqual(errorLines(report), [
            "error: \(scratch.path("job.json")): template: cannot read the template file: expected a file, found nothing at \(scratch.path("clasic")); a built-in template is one of classic, caption-below, browser, duo, panorama, feature-graphic"])
    }

    func testClassicPhoneHasAFrameOverAShadowAndTheCaptureInItsScreen() throws {
        let (scratch, report, data) = try render("classic", well: "test-phone", capture: (400, 868))
        XCTAssertEqual(lines(report), [])
        let png = try PNGCodec.decodeRGBA(try XCTUnwrap(data))
        try ReferenceImages.check(try XCTUnwrap(data), name: "builtin-classic-phone")
        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")), encoding: .utf8)
        XCTAssertTrue(svg.contains(#"<g id="device-shadow""#))
        XCTAssertFalse(svg.contains("<filter"), "the shadow is shapes, not a filter")
        XCTAssertEqual(report.manifest?.inputs.template.path, "builtin:classic")
        XCTAssertEqual(report.manifest?.inputs.template.sha256, BuiltinTemplate.classic.identitySHA256)
        // The capture in the middle of the screen (R = 200 in the generated capture), the frame
        // colour beside the screen, a shadow darker than the background under the device.
        let middle = png.pixel(x: 200, y: 560)
        XCTAssertEqual(Int(middle.r), 200, accuracy: 3)
        let background = png.pixel(x: 3, y: 3)
        XCTAssertEqual([background.r, background.g, background.b], [0xee, 0xf1, 0xf6])
        let row = (0..<400).map { png.pixel(x: $0, y: 560) }
        let frameColumns = row.enumerated().filter { [$0.element.r, $0.element.g, $0.element.b] == [0x1c, 0x1f, 0x26] }.map(\.offset)
        XCTAssertFalse(frameColumns.isEmpty, "frame colour on the row")
        XCTAssertLessThan(frameColumns.min() ?? 0, 200)
        XCTAssertGreaterThan(frameColumns.max() ?? 0, 200)
        let verify = ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json"))
        XCTAssertEqual(lines(verify), [])
    }

    /// A cutout (notch, Dynamic Island, punch hole) is drawn only where the well's shape records
    /// one: neither phone here records a shape, so neither gets a camera over its status bar; the
    /// Android phone takes the Android frame (a speaker grille above the screen, square corners).
    func testNoCutoutIsDrawnWhereTheWellRecordsNone() throws {
        for well in ["test-iphone", "test-android"] {
            let (scratch, report, _) = try render("classic", well: well, capture: (400, 868))
            XCTAssertEqual(lines(report), [], well)
            let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/shot.svg")), encoding: .utf8)
            XCTAssertTrue(svg.contains(#"<g id="device-shadow""#), "\(well) still has its frame")
            XCTAssertFalse(svg.contains("device-cutout") || svg.contains("device-camera"), well)
            XCTAssertTrue(svg.contains(#"<rect id="capture""#) || svg.contains(#"id="capture""#), well)
        }
    }

    func testBrowserWindowAroundDesktopAndMobileCaptures() throws {
        let (_, desktop, desktopPNG) = try render("browser", well: "test-desktop", capture: (720, 500), headline: "Learn Rust from the book")
        XCTAssertEqual(lines(desktop), [])
        try ReferenceImages.check(try XCTUnwrap(desktopPNG), name: "builtin-browser-desktop")
        let (_, mobile, mobilePNG) = try render("browser", well: "test-mobile", capture: (390, 844), headline: "Read it anywhere")
        XCTAssertEqual(lines(mobile), [])
        try ReferenceImages.check(try XCTUnwrap(mobilePNG), name: "builtin-browser-mobile")
    }

    func testCaptionBelowPutsTheHeadlineUnderTheDevice() throws {
        let (_, report, data) = try render("caption-below", well: "test-phone", capture: (400, 868), headline: "Read it anywhere")
        XCTAssertEqual(lines(report), [])
        try ReferenceImages.check(try XCTUnwrap(data), name: "builtin-caption-below")
        let png = try PNGCodec.decodeRGBA(try XCTUnwrap(data))
        // Headline ink (dark) in the bottom fifth, none in the top margin.
        func dark(_ ys: Range<Int>) -> Int { ys.reduce(0) { sum, y in sum + (0..<400).filter { png.pixel(x: $0, y: y).r < 0x40 }.count } }
        XCTAssertGreaterThan(dark(720..<850), 300)
        XCTAssertEqual(dark(0..<20), 0)
    }

    func testEachDeviceFamilyHasItsOwnFrame() throws {
        for (well, size) in [("test-tablet", (600, 800)), ("test-watch", (396, 484)), ("test-mac", (800, 500))] {
            let (_, report, data) = try render("classic", well: well, capture: size, headline: "Plan your week")
            XCTAssertEqual(lines(report), [], well)
            try ReferenceImages.check(try XCTUnwrap(data), name: "builtin-classic-\(well)")
        }
    }

    func testHeadlineColourBelowThreeToOneIsRefusedAndBelowFourAndAHalfWarned() throws {
        let (scratch, refused, _) = try render("classic", well: "test-mobile", capture: (390, 844),
                                               extra: ["theme": ["background": ["gradient": ["#3b6fd8", "#1d3f8f"]], "headlineColor": "#14171f"]])
        XCTAssertEqual(lines(refused), [
            "error: \(scratch.path("job.json")): theme.headlineColor: headline colour #14171f on background #1d3f8f has a contrast ratio of 1.84:1: expected at least 3:1 (WCAG 2, large text), found 1.84:1",
        ])
        let (warnedScratch, warned, png) = try render("classic", well: "test-mobile", capture: (390, 844),
                                                      extra: ["theme": ["background": "#4a7be0", "headlineColor": "#ffffff"]])
        XCTAssertEqual(lines(warned), [
            "warning: \(warnedScratch.path("job.json")): theme.headlineColor: headline colour #ffffff on background #4a7be0 has a contrast ratio of 4.03:1, below the 4.5:1 WCAG 2 recommends for text",
        ])
        XCTAssertNotNil(png)
    }

    /// Emphasised words (a frameit keyword) are drawn in the accent: a faint accent is refused
    /// naming the field and both colours, once, not as a hidden headline (new-user run).
    func testAnAccentBelowThreeToOneOnTheBackgroundIsRefusedNamingIt() throws {
        let theme: [String: Any] = ["background": "#20304a", "headlineColor": "#ffffff", "accent": "#d21559"]
        let (scratch, refused, png) = try render("classic", well: "test-mobile", capture: (390, 844), headline: "*Vorlesungen* hören",
                                                 extra: ["emphasis": "asterisks", "theme": theme])
        XCTAssertNil(png)
        XCTAssertEqual(lines(refused), [
            "error: \(scratch.path("job.json")): theme.accent: emphasised words' colour #d21559 on background #20304a has a contrast ratio of 2.52:1: expected at least 3:1 (WCAG 2, large text), found 2.52:1",
        ])
        // Without emphasised words the accent is not drawn, so not judged.
        let (_, plain, _) = try render("classic", well: "test-mobile", capture: (390, 844), headline: "Vorlesungen hören",
                                       extra: ["emphasis": "asterisks", "theme": theme])
        XCTAssertEqual(lines(plain), [])
    }

    func testContrastRatiosAreWCAGs() {
        XCTAssertEqual(Contrast.ratio("#000000", "#ffffff") ?? 0, 21, accuracy: 0.001)
        XCTAssertEqual(Contrast.ratio("#777777", "#ffffff") ?? 0, 4.48, accuracy: 0.01)
        XCTAssertEqual(Contrast.ratio("#ffffff", "#ffffff") ?? 0, 1, accuracy: 0.001)
    }
}

/// `"screens"`: several captures on one canvas (duo) and panoramas cut into store images.
final class ScreenTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    private func render(screens: [[String: Any]], headlines: [String: String], extra: [String: Any] = [:]) throws -> (Scratch, RunReport) {
        let scratch = try Scratch()
        try scratch.write("wells.json", try BuiltinTemplateTests.wells())
        try scratch.write("a.png", try Fixtures.png(width: 400, height: 868))
        try scratch.write("b.png", try Fixtures.png(width: 400, height: 868))
        var fields: [String: Any] = ["schemaVersion": 1, "output": "out", "wells": "wells.json",
                                     "captures": [["id": "a", "path": "a.png", "well": "test-phone"], ["id": "b", "path": "b.png", "well": "test-phone"]],
                                     "screens": screens, "headlines": ["en-US": headlines]]
        for (k, v) in extra { fields[k] = v }
        let job = try scratch.writeJob(fields)
        return (scratch, ScreenshotComposer().render(jobFile: job, options: epoch))
    }

    private func png(_ scratch: Scratch, _ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/\(name).png")))
    }

    func testDuoPutsTwoCapturesOnOneCanvas() throws {
        let (scratch, report) = try render(screens: [["id": "pair", "template": "duo", "captures": ["a", "b"]]], headlines: ["pair": "Plan and share"])
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(report.manifest?.outputs.map(\.captureId), ["pair"])
        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/pair.svg")), encoding: .utf8)
        XCTAssertTrue(svg.contains(#"href="captures/a.png" id="capture-1""#), svg)
        XCTAssertTrue(svg.contains(#"href="captures/b.png" id="capture-2""#), svg)
        XCTAssertTrue(svg.contains(#"data-capture-id="a b""#))
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/en-US/captures/b.png")))
        try ReferenceImages.check(try png(scratch, "pair"), name: "builtin-duo")
        XCTAssertEqual(lines(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json"))), [])
    }

    func testPanoramaIsCutIntoStoreImagesWithTheBackgroundContinuousAcrossTheSeams() throws {
        let (scratch, report) = try render(screens: [["id": "tour", "template": "panorama", "captures": ["a", "b", "a"], "panels": 3]],
                                           headlines: ["tour": "Your week at a glance"])
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(report.manifest?.outputs.map(\.captureId), ["tour-1", "tour-2", "tour-3"])
        // The manifest records the three store images as one panorama, in order.
        XCTAssertEqual(report.manifest?.plan.panoramas, [Manifest.Panorama(screen: "tour", panels: 3, outputs: ["tour-1", "tour-2", "tour-3"])])
        // The contact sheet shows them as one row, side by side.
        let sheet = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/index.html")), encoding: .utf8)
        XCTAssertTrue(sheet.contains(#"<tr><th>tour</th><td data-locale="en-US"><div class="panorama"><img src="./en-US/tour-1.png" style="height:391px" alt="Your week at a glance"><img src="./en-US/tour-2.png" style="height:391px" alt="Your week at a glance"><img src="./en-US/tour-3.png" style="height:391px" alt="Your week at a glance"></div>"#), sheet)
        XCTAssertFalse(sheet.contains("<th>tour-2</th>"))
        var panels: [DecodedPNG] = []
        for index in 1...3 {
            let data = try png(scratch, "tour-\(index)")
            try ReferenceImages.check(data, name: "builtin-panorama-\(index)")
            let decoded = try PNGCodec.decodeRGBA(data)
            XCTAssertEqual([decoded.header.width, decoded.header.height], [400, 868])
            panels.append(decoded)
        }
        // Across each seam the last column of one image and the first of the next are the same
        // picture: neighbouring pixels differ by little, all the way down.
        for seam in 0..<2 {
            var worst = 0
            for y in stride(from: 0, to: 868, by: 4) {
                let left = panels[seam].pixel(x: 399, y: y), right = panels[seam + 1].pixel(x: 0, y: y)
                worst = max(worst, abs(Int(left.r) - Int(right.r)), abs(Int(left.g) - Int(right.g)), abs(Int(left.b) - Int(right.b)))
            }
            XCTAssertLessThanOrEqual(worst, 6, "seam \(seam + 1)")
        }
        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/tour-2.svg")), encoding: .utf8)
        XCTAssertTrue(svg.contains(#"viewBox="400 0 400 868""#), svg)
    }

    func testAPanoramaTextBoxAcrossASeamIsRefusedNamingTheSeam() throws {
        let template = """
        <svg xmlns="http://www.w3.org/2000/svg" width="800" height="868" viewBox="0 0 800 868">
          <rect id="background" width="800" height="868" fill="#ffffff"/>
          <g id="headline"><rect x="300" y="20" width="200" height="80" fill="none"/><text font-family="DejaVu Sans" font-size="20" fill="#000000">Sample</text></g>
          <rect id="capture-1" x="20" y="200" width="300" height="651"/>
          <rect id="capture-2" x="300" y="200" width="300" height="651"/>
        </svg>
        """
        let scratch = try Scratch()
        try scratch.write("wide.svg", template)
        let (rendered, report) = try render(screens: [["id": "tour", "template": scratch.path("wide.svg"), "captures": ["a", "b"], "panels": 2]],
                                            headlines: ["tour": "Across"])
        _ = rendered
        XCTAssertEqual(errorLines(report), [
            "error: \(scratch.path("wide.svg")): #headline: text box crosses the seam at x = 400 between panels 1 and 2: expected each text box inside one panel (400 px wide), found 300…500",
        ])
    }

    func testAScreensOwnTemplateFileIsAManifestInputThatVerifyChecks() throws {
        let template = """
        <svg xmlns="http://www.w3.org/2000/svg" width="400" height="868" viewBox="0 0 400 868">
          <rect id="background" width="400" height="868" fill="#ffffff"/>
          <g id="headline"><rect x="20" y="20" width="360" height="80" fill="none"/><text font-family="DejaVu Sans" font-size="20" fill="#000000">Sample</text></g>
          <rect id="capture" x="50" y="120" width="300" height="700"/>
        </svg>
        """
        let files = try Scratch()
        try files.write("own.svg", template)
        let (scratch, report) = try render(screens: [["id": "mine", "template": files.path("own.svg"), "captures": ["a"]],
                                                     ["id": "pair", "template": "duo", "captures": ["a", "b"]]],
                                           headlines: ["mine": "My own", "pair": "Two"])
        XCTAssertEqual(lines(report), [])
        let entries = try XCTUnwrap(report.manifest?.inputs.templates)
        XCTAssertEqual(entries.map(\.sha256), [SHA256.hex(Data(template.utf8))])
        XCTAssertEqual(entries.map { $0.path.hasSuffix("/own.svg") && $0.path.hasPrefix("../") }, [true])
        XCTAssertEqual(lines(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json"))), [])
        try files.write("own.svg", template.replacingOccurrences(of: "#ffffff", with: "#fefefe"))
        let changed = errorLines(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json")))
        XCTAssertEqual(changed.count, 1, "\(changed)")
        XCTAssertTrue(changed.first?.contains("inputs.templates[0] (\(entries[0].path)): sha256 differs") == true, "\(changed)")
    }

    func testPanoramaPanelsTakeTheirOwnHeadlinesAndBadgesKeyedScreenDashPanel() throws {
        let (scratch, report) = try render(screens: [["id": "tour", "template": "panorama", "captures": ["a", "b", "a"], "panels": 3]],
                                           headlines: ["tour-1": "First", "tour-2": "Second"],
                                           extra: ["badges": ["en-US": ["tour-2": "Free"]]])
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(report.manifest?.outputs.map(\.headline), ["First", "Second", "First"])
        let svg = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en-US/tour-2.svg")), encoding: .utf8)
        XCTAssertTrue(svg.contains(#">Second</tspan>"#), svg)
        XCTAssertTrue(svg.contains(#">Free</tspan>"#), svg)
        XCTAssertFalse(svg.contains("headline-3"), "panel 3 has no headline of its own and no slot for one")
        let panels = try (1...3).map { try PNGCodec.decodeRGBA(try png(scratch, "tour-\($0)")) }
        // Headline ink (#14171f) in each panel's headline box (y 61…160 on the 400×868 canvas).
        func ink(_ panel: DecodedPNG) -> Int {
            var count = 0
            for y in 61..<160 { for x in 0..<400 where panel.pixel(x: x, y: y).r < 0x40 { count += 1 } }
            return count
        }
        XCTAssertEqual(panels.map { ink($0) > 100 }, [true, true, false])
        // The badge pill (accent #2f6fed) above panel 2's headline only.
        let pill = panels.map { p -> [UInt8] in let c = p.pixel(x: 130, y: 37); return [c.r, c.g, c.b] }
        XCTAssertEqual(pill[1], [0x2f, 0x6f, 0xed])
        XCTAssertNotEqual(pill[0], [0x2f, 0x6f, 0xed])
    }

    func testPanelKeysComeFromAStringCatalogToo() throws {
        let files = try Scratch()
        try files.write("tour.xcstrings", """
        { "sourceLanguage": "en", "version": "1.0", "strings": {
          "tour-1": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "First" } },
                                         "de": { "stringUnit": { "state": "translated", "value": "Erste" } } } },
          "tour-2": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "Second" } } } } } }
        """)
        let (scratch, report) = try render(screens: [["id": "tour", "template": "panorama", "captures": ["a", "b"], "panels": 2]],
                                           headlines: [:], extra: ["headlines": files.path("tour.xcstrings")])
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(report.manifest?.outputs.map { "\($0.locale)/\($0.captureId): \($0.headline)" },
                       ["de/tour-1: Erste", "de/tour-2: Erste", "en/tour-1: First", "en/tour-2: Second"])
        // German has no second panel text: no headline-2 box in its document.
        let german = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/de/tour-2.svg")), encoding: .utf8)
        XCTAssertFalse(german.contains(#"id="headline-2""#))
        let english = try String(contentsOf: URL(fileURLWithPath: scratch.path("out/en/tour-2.svg")), encoding: .utf8)
        XCTAssertTrue(english.contains(">Second</tspan>"))
    }

    func testAPanoramaNeedsItsScreensHeadlineOrItsFirstPanels() throws {
        let (scratch, report) = try render(screens: [["id": "tour", "template": "panorama", "captures": ["a", "b"], "panels": 2]],
                                           headlines: ["tour-2": "Second"])
        XCTAssertEqual(errorLines(report), ["error: \(scratch.path("job.json")): headlines: missing headline: expected one for every capture in every locale, found none for en-US/tour"])
        let (other, unknown) = try render(screens: [["id": "tour", "template": "panorama", "captures": ["a", "b"], "panels": 2]],
                                          headlines: ["tour": "Whole", "tour-3": "No such panel"])
        XCTAssertEqual(errorLines(unknown), [#"error: \#(other.path("job.json")): headlines.en-US.tour-3: headline for an unknown capture: expected one of tour, tour-1, tour-2, found "tour-3""#])
    }

    /// A screen named like a panorama's store image (`tour-1`) would write the same file; the
    /// manifest listed both and verify failed. Refused naming both screens, nothing written.
    func testAScreenNamedLikeAPanoramasStoreImageIsRefused() throws {
        let (scratch, report) = try render(screens: [["id": "tour", "template": "panorama", "captures": ["a", "b"], "panels": 2],
                                                     ["id": "Tour-2", "template": "classic", "captures": ["b"]]],
                                           headlines: ["tour": "Whole", "Tour-2": "Alone"])
        XCTAssertEqual(errorLines(report), [#"error: \#(scratch.path("job.json")): screens[1].id: screen id "Tour-2" is the name of a store image of the panorama screens[0] "tour" (tour-1, tour-2): one output would overwrite the other: expected an id no panorama's image has, found "Tour-2""#])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    func testHeadlinesAreKeyedByScreen() throws {
        let (scratch, report) = try render(screens: [["id": "pair", "template": "duo", "captures": ["a", "nope"]]], headlines: ["a": "Wrong key"])
        XCTAssertEqual(errorLines(report).map { $0.replacingOccurrences(of: scratch.path("job.json"), with: "job.json") }.prefix(1), [
            #"error: job.json: screens[0].captures[1]: unknown capture: expected one of a, b, found "nope""#,
        ])
    }
}
