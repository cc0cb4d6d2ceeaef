import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest

/// Themes from the job, refused keys and colours, and reference images of each template
/// feature. `make update-references` (UPDATE_REFERENCES=1) rewrites the references; a changed
/// reference then shows up in review as a changed file.
final class ThemeTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    func testUnknownThemeKeysAndBadColoursAreRefusedWithTheKey() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, extra: ["theme": [
            "background": ["gradient": ["#ffffff", "bleu"], "angle": 90], "headlineColor": "#12345", "frameColour": "#000000",
            "headlineWeight": 650, "shadow": "yes",
        ]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: job, options: epoch)), [
            "error: \(job): theme.frameColour: unknown theme key: expected one of accent, accentFont, accentWeight, background, backgroundImage, cornerRadius, frameColor, headlineColor, headlinePosition, headlineWeight, padding, screens, shadow, subtitleColor, found \"frameColour\"",
            "error: \(job): theme.background.gradient: expected two or more colours, each a CSS colour (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla(), a name or transparent), found an array \"#ffffff\", \"bleu\"",
            "error: \(job): theme.headlineColor: bad colour: expected a CSS colour (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla(), a name or transparent), found \"#12345\"",
            "error: \(job): theme.headlineWeight: expected a CSS weight 100, 200, … 900, found 650",
            "error: \(job): theme.shadow: expected true or false, found \"yes\"",
        ])
        let unknown = try Fixtures.mobileJob(in: scratch, extra: ["theme": "sepia"])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: unknown, options: epoch)), [
            "error: \(unknown): theme: unknown theme: expected \"default\", \"light\", \"dark\" or an object, found \"sepia\"",
        ])
    }

    func testBuiltInThemesAreTheShippedJSONFiles() throws {
        for name in ["light", "dark"] {
            let scratch = try Scratch()
            let job = try Fixtures.mobileJob(in: scratch, extra: ["theme": name])
            var d = DiagnosticCollector()
            let plan = try XCTUnwrap(ScreenshotComposer().prepare(jobFile: job, options: epoch, into: &d)?.0)
            let file = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.repository.appendingPathComponent("themes/\(name).json"))) as? [String: Any]
            XCTAssertEqual(plan.theme.headlineColor, file?["headlineColor"] as? String)
            XCTAssertEqual(plan.theme.shadow, file?["shadow"] as? Bool)
        }
    }

    /// Renders `theme` on a generated capture of `well` and compares the PNG with the reference.
    private func compare(_ name: String, theme: Any, locale: String = "en-US", headline: String,
                         capture: (Int, Int), well: String, extra: [String: Any] = [:],
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let scratch = try Scratch()
        try scratch.write("shot.png", try Fixtures.png(width: capture.0, height: capture.1))
        var fields: [String: Any] = ["schemaVersion": 1, "output": "out", "theme": theme,
                                     "captures": [["id": "shot", "path": "shot.png", "well": well]],
                                     "headlines": [locale: ["shot": headline]]]
        for (k, v) in extra { fields[k] = v }
        let job = try scratch.writeJob(fields)
        // (Warnings such as a contrast below 4.5:1 on a gradient's worst stop do not matter here.)
        XCTAssertEqual(errorLines(ScreenshotComposer().render(jobFile: job, options: epoch)), [], file: file, line: line)
        let rendered = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/\(locale)/shot.png")))
        try ReferenceImages.check(rendered, name: name, file: file, line: line)
    }

    func testClipPathOnAPhoneWell() throws {
        try compare("clip", theme: [String: Any](), headline: "Rounded screen", capture: (1206, 2622), well: "tuck-ios-simulator-portrait")
    }

    func testGradientBackground() throws {
        try compare("gradient", theme: ["background": ["gradient": ["#ffe0b0", "#ff7a59", "#7a2cff"], "angle": 135]],
                    headline: "Gradient", capture: (390, 844), well: "tuck-browser-mobile")
    }

    func testShadow() throws {
        try compare("shadow", theme: ["shadow": true, "background": "#f7f7f7"], headline: "Shadow", capture: (390, 844), well: "tuck-browser-mobile")
    }

    func testDarkThemeRightToLeft() throws {
        try compare("rtl-dark", theme: "dark", locale: "he-IL", headline: "כל ההודעות שלך ב-DNSChat", capture: (390, 844), well: "tuck-browser-mobile")
    }

    func testSubtitleUnderTheHeadline() throws {
        try compare("subtitle", theme: "light", headline: "Private by design", capture: (390, 844), well: "tuck-browser-mobile",
                    extra: ["subtitles": ["en-US": ["shot": "Every chat stays on your device, synced end to end"]]])
    }

    func testLandscapeLightTheme() throws {
        try compare("landscape", theme: "light", headline: "Learn Rust from the book", capture: (1440, 1000), well: "tuck-browser-desktop")
    }
}
