import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest

final class JobTests: XCTestCase {
    private func decode(_ json: String) -> (Job?, [String]) {
        var d = DiagnosticCollector()
        let job = JobLoader.decode(data: Data(json.utf8), file: "job.json", directory: URL(fileURLWithPath: "/jobs"), into: &d)
        return (job, lines(d))
    }

    func testValidJobResolvesPathsAgainstTheJobFolder() throws {
        let (job, problems) = decode("""
        {"schemaVersion": 1, "output": "out", "template": "t/device.svg.tmpl",
         "captures": [{"id": "inbox", "path": "captures/inbox.png", "well": "w"}],
         "headlines": {"en-US": {"inbox": "Everything at a glance"}, "de-DE": {"inbox": "Alles auf einen Blick"}}}
        """)
        XCTAssertEqual(problems, [])
        let j = try XCTUnwrap(job)
        XCTAssertEqual(j.captures[0].url.path, "/jobs/captures/inbox.png")
        XCTAssertEqual(j.template?.path, "/jobs/t/device.svg.tmpl")
        XCTAssertNil(j.wells)
        XCTAssertEqual(j.output.path, "/jobs/out")
        XCTAssertEqual(j.locales, ["de-DE", "en-US"])
        XCTAssertEqual(j.headlines["de-DE"]?["inbox"], "Alles auf einen Blick")
    }

    func testBadIdsBadLocalesAndMissingHeadlinesAreReportedTogether() {
        let (job, problems) = decode("""
        {"schemaVersion": 1,
         "captures": [{"id": "../evil", "path": "a.png", "well": "w"},
                      {"id": "ok", "path": "b.png", "well": "w"},
                      {"id": "two", "path": "c.png", "well": "w"},
                      {"id": "ok", "path": "d.png", "well": "w"}],
         "headlines": {"en_US": {"ok": "x"}, "fr-FR": {"ok": "Bonjour", "ghost": "boo"}, "EN-us": {"ok": "a", "two": "b"}, "en-US": {"ok": "a", "two": "b"}}}
        """)
        // The valid parts are kept so later stages can report their problems in the same run.
        XCTAssertEqual(job?.captures.map(\.id), ["ok", "two"])
        XCTAssertEqual(problems, [
            "error: job.json: captures[0].id: capture id becomes a file name: expected [A-Za-z0-9][A-Za-z0-9._-]*, at most 100 characters, found \"../evil\"",
            "error: job.json: captures[3].id: duplicate capture id: expected each id once, found \"ok\" again",
            "error: job.json: headlines.en-US: locale is en-US, like \"EN-us\": expected each locale once, found \"en-US\"",
            "error: job.json: headlines.en_US: locale becomes a folder name: expected a BCP 47 tag such as en-US or zh-Hans, at most 35 characters, found \"en_US\"",
            "error: job.json: headlines.fr-FR.ghost: headline for an unknown capture: expected one of ok, two, found \"ghost\"",
            "error: job.json: headlines: missing headline: expected one for every capture in every locale, found none for fr-FR/two",
        ])
    }

    func testUnknownFieldsAndWrongTypesAreRefused() {
        let (job, problems) = decode("""
        {"schemaVersion": 2, "ouput": "x", "captures": [{"id": "a", "path": 3, "well": "w", "extra": 1}], "headlines": {"en-US": {"a": ""}}}
        """)
        XCTAssertEqual(job?.captures, [])
        XCTAssertEqual(problems, [
            "error: job.json: schemaVersion: expected 1, found 2",
            "error: job.json: ouput: unknown field: expected one of $schema, badges, captureLocales, captures, drawingBounds, emoji, emphasis, fontFiles, fonts, frame, graphics, headlineMaxLines, headlineMinimumScale, headlineSize, headlines, hyphenation, leaveOut, localeMap, locales, output, schemaVersion, screens, storeWells, subtitles, targets, template, theme, wells, found \"ouput\"",
            "error: job.json: captures[0].path: expected a string, found 3",
            "error: job.json: captures[0].extra: unknown field: expected one of frame, id, path, storeWell, well, found \"extra\"",
            "error: job.json: headlines.en-US.a: expected a non-empty headline, found \"\"",
        ])
    }

    func testBCP47WellFormedness() {
        for tag in ["en", "en-US", "de-DE", "zh-Hans", "zh-Hans-CN", "sr-Latn-RS", "es-419", "de-CH-1996", "en-US-x-twain", "x-private", "ja-JP-u-ca-japanese"] {
            XCTAssertTrue(LocaleTag.isWellFormed(tag), tag)
        }
        for tag in ["", "e", "en_US", "en-", "-en", "en-US-", "en/US", "../en", "en US", "toolonglanguage", "en-a", "en-x", "de-DE-u-co-a-u-x"] {
            XCTAssertFalse(LocaleTag.isWellFormed(tag), tag)
        }
    }

    func testCaptureIds() {
        for id in ["inbox", "a", "01_home", "shot.v2", "A-b_c.d"] { XCTAssertTrue(CaptureID.isValid(id), id) }
        for id in ["", ".hidden", "-x", "a/b", "a b", "é", "..", "a\\b"] { XCTAssertFalse(CaptureID.isValid(id), id) }
    }
}
