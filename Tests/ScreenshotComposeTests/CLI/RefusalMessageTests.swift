import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest
@testable import Manifest

/// Refusals that have alternatives list them all, and never an empty list; a clash says what to
/// rename.
final class RefusalMessageTests: XCTestCase {
    func testAlternativesAreNeverAnEmptyList() {
        XCTAssertEqual(Alternatives.oneOf(["a", "b"], none: "x (none)"), "one of a, b")
        XCTAssertEqual(Alternatives.oneOf([], none: "x (none)"), "x (none)")
        XCTAssertEqual(Alternatives.list(["a"], none: "none"), "a")
        XCTAssertEqual(Alternatives.list([], none: "none"), "none")
    }

    /// A job whose only capture id is refused: every field naming that id said "expected one
    /// of , found ../x".
    func testUnknownCaptureRefusalsWithNoValidCaptureSayWhy() throws {
        let scratch = try Scratch()
        try scratch.write("a.png", try Fixtures.png(width: 390, height: 844))
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "../x", "path": "a.png", "well": "tuck-browser-mobile"]],
            "screens": [["id": "s1", "captures": ["../x"]]],
            "subtitles": ["en-US": ["../x": "s"]],
            "badges": ["en-US": ["../x": "New"]],
            "headlines": ["en-US": ["../x": "Hello"]],
        ])
        var options = PlanOptions()
        options.locales = ["de-DE"]
        let report = ScreenshotComposer().check(jobFile: job, options: options)
        let none = "expected the id of a capture of the job (it has no valid capture), found \"../x\""
        XCTAssertEqual(errorLines(report), [
            "error: \(job): captures[0].id: capture id becomes a file name: expected [A-Za-z0-9][A-Za-z0-9._-]*, at most 100 characters, found \"../x\"",
            "error: \(job): screens[0].captures[0]: unknown capture: \(none)",
            "error: \(job): subtitles.en-US.../x: subtitle for an unknown capture: \(none)",
            "error: \(job): badges.en-US.../x: badge for an unknown capture: \(none)",
            "error: \(job): headlines.en-US.../x: headline for an unknown capture: \(none)",
            "error: --locale: de-DE: not a locale of the job: expected one of en-US, found de-DE",
        ])
        for line in report.diagnostics.map(\.lineWithoutPosition) {
            XCTAssertNil(line.range(of: #"one of ?(,|\)|;|$)|\(\)"#, options: .regularExpression), line)
        }
    }

    /// `--locale` given a store's folder code of a job locale (the App Store's `ar-SA` for `ar`,
    /// Play's `ja-JP` for `ja`) says which locale to pass; a code that is no job locale's gets
    /// the list alone, and one naming a locale of the job (any letter case) is taken.
    func testLocaleOptionGivenAStoreFolderCodeNamesTheJobsLocale() throws {
        let scratch = try Scratch()
        try scratch.write("a.png", try Fixtures.png(width: 390, height: 844))
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "home", "path": "a.png", "well": "tuck-browser-mobile"]],
            "headlines": ["ar": ["home": "مرحبا"], "de-DE": ["home": "Hallo"], "en-US": ["home": "Hello"], "ja": ["home": "こんにちは"]],
        ])
        var options = PlanOptions()
        options.locales = ["ar-SA", "ja-JP", "fr-FR", "DE-de"]
        let expected = "expected one of ar, de-DE, en-US, ja"
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: options)), [
            "error: --locale: ar-SA: not a locale of the job: \(expected), found ar-SA (ar-SA is the App Store's folder for the locale ar: use --locale ar)",
            "error: --locale: ja-JP: not a locale of the job: \(expected), found ja-JP (ja-JP is Google Play's folder for the locale ja: use --locale ja)",
            "error: --locale: fr-FR: not a locale of the job: \(expected), found fr-FR",
        ])
        let (code, stdout, stderr) = try runTool(["check", job, "--locale", "ar-SA"])
        XCTAssertEqual([String(code), stdout, stderr], ["1", "",
            "error: --locale: ar-SA: not a locale of the job: \(expected), found ar-SA (ar-SA is the App Store's folder for the locale ar: use --locale ar)\n1 error(s)\n"])
    }

    /// Every other spelling of a job locale gets the hint (issue 34 item 7): `he-IL` and `iw` for
    /// `he` (only Play's `iw-IL` had one, and keeps its own); `pt-PT` is no spelling of `pt-BR`.
    func testLocaleOptionGivenAnotherSpellingNamesTheJobsLocale() throws {
        let scratch = try Scratch()
        try scratch.write("a.png", try Fixtures.png(width: 390, height: 844))
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "home", "path": "a.png", "well": "tuck-browser-mobile"]],
            "headlines": ["he": ["home": "שלום"], "nb-NO": ["home": "Hei"], "pt-BR": ["home": "Olá"]],
        ])
        var options = PlanOptions()
        options.locales = ["he-IL", "iw", "iw-IL", "no-NO", "pt-PT"]
        let expected = "expected one of he, nb-NO, pt-BR"
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: options)), [
            "error: --locale: he-IL: not a locale of the job: \(expected), found he-IL (he-IL is another spelling of the job's locale he: use --locale he)",
            "error: --locale: iw: not a locale of the job: \(expected), found iw (iw is another spelling of the job's locale he: use --locale he)",
            "error: --locale: iw-IL: not a locale of the job: \(expected), found iw-IL (iw-IL is Google Play's folder for the locale he: use --locale he)",
            "error: --locale: no-NO: not a locale of the job: \(expected), found no-NO (no-NO is Google Play's folder for the locale nb-NO: use --locale nb-NO)",
            "error: --locale: pt-PT: not a locale of the job: \(expected), found pt-PT",
        ])
    }

    /// The headlines could not be read: `--locale` has no locale of the job to offer.
    func testLocaleOptionWithNoReadableHeadlinesSaysWhy() throws {
        let scratch = try Scratch()
        try scratch.write("a.png", try Fixtures.png(width: 390, height: 844))
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "home", "path": "a.png", "well": "tuck-browser-mobile"]],
            "headlines": ["en_US": ["home": "Hello"]],
        ])
        var options = PlanOptions()
        options.locales = ["de-DE"]
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: options)).last,
                       "error: --locale: de-DE: not a locale of the job: expected a locale of the job's headlines (none could be read), found de-DE")
    }

    /// Emoji are refused by default, offering both policies that accept them, in the
    /// placeholder template's headline and in a slot template's.
    func testTheEmojiRefusalOffersColorAndMonochrome() throws {
        let offer = "expected no emoji, or in the job \"emoji\": \"color\" (each emoji drawn in colour from Noto Color Emoji as an image) or \"emoji\": \"monochrome\" (monochrome glyphs)"
        for template in [nil, "classic"] {
            let scratch = try Scratch()
            try scratch.write("a.png", try Fixtures.png(width: 390, height: 844))
            var job: [String: Any] = ["schemaVersion": 1, "output": "out",
                                      "captures": [["id": "home", "path": "a.png", "well": "tuck-browser-mobile"]],
                                      "headlines": ["en-US": ["home": "Ship it 🚀"]]]
            if let template { job["template"] = template }
            let file = try scratch.writeJob(job)
            XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: file, options: PlanOptions())), [
                "error: \(file): headlines.en-US.home: headline holds emoji U+1F680: librsvg 2.54 draws text as paths on PNG output, so colour emoji lose their colour (GNOME/librsvg#911): \(offer)",
            ], template ?? "placeholder")
        }
    }

    /// Two snapshot files whose screen names differ only in case: the screen is what to rename
    /// (it said "rename one device").
    func testACaseOnlyScreenNameClashSaysToRenameTheScreen() throws {
        let scratch = try Scratch()
        let png = try Fixtures.png(width: 1320, height: 2868)
        try scratch.write("screenshots/en-US/iPhone 16 Pro Max-01Home.png", png)
        try scratch.write("screenshots/en-US/iPhone 16 Pro Max-01home.png", png)
        let job = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": "screenshots"],
                                        "headlines": ["en-US": ["01Home": "Hello"]]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: PlanOptions())), [
            "error: \(scratch.path("screenshots/en-US/iPhone 16 Pro Max-01home.png")): captures.fastlane: two screenshots become capture 01home: expected one file name per device and screen, found screenshots/en-US/iPhone 16 Pro Max-01Home.png and screenshots/en-US/iPhone 16 Pro Max-01home.png; rename one screen (01Home or 01home): names that differ only in case are one file name on macOS (case-insensitive APFS, where fastlane runs)",
        ])
    }
}
