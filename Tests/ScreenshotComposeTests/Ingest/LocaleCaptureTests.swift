import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest

/// Capture paths with `{locale}`: each locale composes its own capture.
final class LocaleCaptureTests: XCTestCase {
    private let headlines = ["en-US": ["shot": "Read it anywhere"], "de-DE": ["shot": "Überall lesen"], "ja": ["shot": "どこでも読める"]]

    /// Writes `captures/<folder>/shot.png` for each folder, each image different.
    private func writeCaptures(_ scratch: Scratch, _ folders: [String]) throws -> [String: String] {
        var hashes: [String: String] = [:]
        for (n, folder) in folders.enumerated() {
            let png = try Fixtures.png(width: 390, height: 844, red: UInt8(40 + 60 * n))
            try scratch.write("captures/\(folder)/shot.png", png)
            hashes[folder] = SHA256.hex(png)
        }
        return hashes
    }

    private func job(_ scratch: Scratch, extra: [String: Any] = [:]) throws -> String {
        var job: [String: Any] = [
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "shot", "path": "captures/{locale}/shot.png", "well": "tuck-browser-mobile"]],
            "headlines": headlines,
        ]
        for (key, value) in extra { job[key] = value }
        return try scratch.writeJob(job)
    }

    func testEachLocaleComposesAndLinksItsOwnCapture() throws {
        let scratch = try Scratch()
        let hashes = try writeCaptures(scratch, ["de-DE", "en-US", "ja"])
        let report = ScreenshotComposer().render(jobFile: try job(scratch), options: PlanOptions(sourceDateEpoch: "0"))
        XCTAssertEqual(lines(report), [])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.inputs.captures.map { "\($0.locale ?? "-") \($0.path) \($0.sha256)" },
                       ["de-DE", "en-US", "ja"].map { "\($0) ../captures/\($0)/shot.png \(hashes[$0] ?? "")" })
        XCTAssertEqual(manifest.outputs.map(\.locale), ["de-DE", "en-US", "ja"])
        for output in manifest.outputs {
            XCTAssertEqual(output.captureSource?.path, "../captures/\(output.locale)/shot.png")
            XCTAssertEqual(output.captureSource?.sha256, hashes[output.locale])
            XCTAssertNil(output.captureFallback)
            // The copy the SVG links (captures/shot.png beside it) holds this locale's pixels.
            let svg = try String(contentsOfFile: scratch.path("out/\(output.locale)/shot.svg"), encoding: .utf8)
            XCTAssertTrue(svg.contains(#"href="captures/shot.png""#))
            XCTAssertEqual(output.capture.path, "\(output.locale)/captures/shot.png")
            let copy = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/\(output.locale)/captures/shot.png")))
            XCTAssertEqual(copy, try PNGCodec.drawnChunksCopy(try Data(contentsOf: URL(fileURLWithPath: scratch.path("captures/\(output.locale)/shot.png")))))
            XCTAssertEqual(output.capture.sourceSHA256, hashes[output.locale])
        }
        // Each PNG shows its own capture: the captures differ only in their red channel
        // (40, 100, 160), which the drawn capture keeps. (A whole run draws layers shared by
        // outputs once; per-locale captures must not share them.)
        for (locale, red) in [("de-DE", 40), ("en-US", 100), ("ja", 160)] {
            let png = try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/\(locale)/shot.png"))))
            XCTAssertEqual(Int(png.pixel(x: 195, y: 600).r), red, accuracy: 2, locale)
        }
        XCTAssertEqual(try runTool(["verify", scratch.path("out/manifest.json")]).0, 0)
    }

    func testEveryMissingLocaleIsListedInOneErrorAndNothingIsWritten() throws {
        let scratch = try Scratch()
        _ = try writeCaptures(scratch, ["en-US"])
        let job = try job(scratch)
        let (code, out, err) = try runTool(["render", job])
        XCTAssertEqual(code, 1)
        XCTAssertEqual(out, "")
        XCTAssertEqual(err, """
            error: \(job):5:16: captures[0].path: capture shot missing for 2 locale(s): expected a file for every locale, found none for de-DE (captures/de-DE/shot.png), ja (captures/ja/shot.png) (--fallback-locale TAG composes TAG's capture instead)
            1 error(s)

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    /// An invalid headline locale does not hide the capture's unknown well: both come in one
    /// run, and the invalid locale is left out of the per-locale capture check.
    func testInvalidLocaleAndUnknownWellAreReportedInOneRun() throws {
        let scratch = try Scratch()
        _ = try writeCaptures(scratch, ["en-US"])
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "shot", "path": "captures/{locale}/shot.png", "well": "no-such-well"]],
            "headlines": ["en-US": ["shot": "Read it anywhere"], "de_DE": ["shot": "Überall lesen"]],
        ])
        let (code, out, err) = try runTool(["render", job])
        XCTAssertEqual(code, 1)
        XCTAssertEqual(out, "")
        XCTAssertEqual(err.split(separator: "\n").map(String.init), [
            "error: \(job):10:15: headlines.de_DE: locale becomes a folder name: expected a BCP 47 tag such as en-US or zh-Hans, at most 35 characters, found \"de_DE\"",
            "error: \(job):6:16: captures[0].well: unknown well: expected one of the 119 device wells (`wells` lists them), the nearest being macos-2880x1800, macos-2560x1600, macos-1440x900 (or a store slot id, see `wells --store`), or no \"well\" to pick it from the capture's size, found \"no-such-well\"",
            "2 error(s)",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    func testFallbackLocaleComposesItsCaptureWithAWarningRecordedInTheManifest() throws {
        let scratch = try Scratch()
        let hashes = try writeCaptures(scratch, ["en-US", "ja"])
        let job = try job(scratch)
        let report = ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "0", headlines: HeadlineOptions(fallbackLocale: "en-us")))
        XCTAssertEqual(lines(report), [
            "warning: \(job): captures[0].path: no capture shot for de-DE at captures/de-DE/shot.png: composing en-US's capture captures/en-US/shot.png instead (--fallback-locale)",
        ])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.inputs.captures.map { $0.locale ?? "-" }, ["en-US", "ja"])
        let german = try XCTUnwrap(manifest.outputs.first { $0.locale == "de-DE" })
        XCTAssertEqual(german.captureFallback, "en-US")
        XCTAssertEqual(german.captureSource?.sha256, hashes["en-US"])
        XCTAssertEqual(german.capture.sourceSHA256, hashes["en-US"])
        XCTAssertEqual(manifest.outputs.filter { $0.captureFallback != nil }.count, 1)

        // A fallback locale without the file either: the error says so.
        try FileManager.default.removeItem(atPath: scratch.path("captures/en-US"))
        let checked = ScreenshotComposer().check(jobFile: job, options: PlanOptions(headlines: HeadlineOptions(fallbackLocale: "en-US")))
        XCTAssertEqual(errorLines(checked), [
            "error: \(job): captures[0].path: capture shot missing for 2 locale(s): expected a file for every locale, found none for de-DE (captures/de-DE/shot.png), en-US (captures/en-US/shot.png); the fallback locale en-US has none either (captures/en-US/shot.png)",
        ])
    }

    func testTheSameImageInSeveralLocalesIsWarned() throws {
        let scratch = try Scratch()
        let png = try Fixtures.png(width: 390, height: 844)
        for folder in ["de", "en-US", "ja"] { try scratch.write("captures/\(folder)/shot.png", png) }
        let job = try job(scratch, extra: ["captureLocales": ["de-DE": "de"]])
        let report = ScreenshotComposer().check(jobFile: job, options: PlanOptions())
        XCTAssertEqual(lines(report), [
            "warning: \(job): captures[0].path: capture shot is the same image in de-DE, en-US, ja (SHA-256 \(SHA256.hex(png))): expected each locale's own capture for a path with {locale}, found the same bytes",
        ])
        XCTAssertEqual(report.outputCount, 3)
    }

    func testCaptureLocalesAreCheckedAndNeedALocalePath() throws {
        let scratch = try Scratch()
        _ = try writeCaptures(scratch, ["de", "en-US", "ja"])
        let bad = try job(scratch, extra: ["captureLocales": ["de-DE": "../de", "fr-FR": "fr"]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: bad, options: PlanOptions())), [
            "error: \(bad): captureLocales.de-DE: expected a capture folder tag such as \"de\" or \"pt_BR\" (letters, digits, - and _), found \"../de\"",
            "error: \(bad): captureLocales.fr-FR: expected a locale of the job (de-DE, en-US, ja), found \"fr-FR\"",
            "error: \(bad): captures[0].path: capture shot missing for 1 locale(s): expected a file for every locale, found none for de-DE (captures/de-DE/shot.png) (--fallback-locale TAG composes TAG's capture instead)",
        ])
        let plain = try Fixtures.mobileJob(in: scratch, extra: ["captureLocales": ["en-US": "en"]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: plain, options: PlanOptions())), [
            "error: \(plain): captureLocales: captureLocales names the folder {locale} stands for: expected a capture path with {locale}, found none",
        ])
        let good = try job(scratch, extra: ["captureLocales": ["de-DE": "de"]])
        let report = ScreenshotComposer().check(jobFile: good, options: PlanOptions(locales: ["de-DE"]))
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(report.outputCount, 1)
    }

    /// One CI runner per locale: each part lists every locale's capture among its inputs, so
    /// the parts merge to exactly the whole run's manifest.
    func testPerLocalePartsMergeToTheWholeRun() throws {
        let scratch = try Scratch()
        _ = try writeCaptures(scratch, ["de-DE", "en-US", "ja"])
        let jobFile = try job(scratch)
        let env = ["SOURCE_DATE_EPOCH": "0"]
        XCTAssertEqual(try runTool(["render", jobFile, "--out", scratch.path("whole"), "--quiet"], environment: env).0, 0)
        var parts: [String] = []
        for locale in ["de-DE", "en-US", "ja"] {
            let (code, _, err) = try runTool(["render", jobFile, "--locale", locale, "--out", scratch.path("release"), "--quiet"], environment: env)
            XCTAssertEqual(err, "")
            XCTAssertEqual(code, 0)
            parts.append(scratch.path("release/manifest.\(locale).json"))
        }
        let (code, _, err) = try runTool(["merge-manifests"] + parts + ["-o", scratch.path("release/manifest.json")])
        XCTAssertEqual(err, "")
        XCTAssertEqual(code, 0)
        let merged = try String(contentsOfFile: scratch.path("release/manifest.json"), encoding: .utf8)
        let whole = try String(contentsOfFile: scratch.path("whole/manifest.json"), encoding: .utf8)
        // Line by line, so a difference shows where it is.
        let pairs = zip(merged.split(separator: "\n"), whole.split(separator: "\n")).filter { $0.0 != $0.1 }
        XCTAssertEqual(pairs.map { "\($0.0) | \($0.1)" }, [])
        XCTAssertEqual(merged, whole)
    }

    /// A screen (`"screens"`, here a duo) of {locale} captures composes each locale's own
    /// files. It composed the first locale's files in every locale, with no captureSource.
    func testScreensComposeEachLocalesOwnCaptures() throws {
        let scratch = try Scratch()
        var hashes: [String: String] = [:]
        for (n, folder) in ["de-DE", "en-US", "ja"].enumerated() {
            for (m, name) in ["shot", "other"].enumerated() {
                let png = try Fixtures.png(width: 390, height: 844, red: UInt8(40 + 60 * n + 20 * m))
                try scratch.write("captures/\(folder)/\(name).png", png)
                hashes["\(folder)/\(name)"] = SHA256.hex(png)
            }
        }
        let job = try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "shot", "path": "captures/{locale}/shot.png", "well": "tuck-browser-mobile"],
                         ["id": "other", "path": "captures/{locale}/other.png", "well": "tuck-browser-mobile"]],
            "screens": [["id": "pair", "template": "duo", "captures": ["shot", "other"]]],
            "headlines": ["en-US": ["pair": "Read it anywhere"], "de-DE": ["pair": "Überall lesen"], "ja": ["pair": "どこでも読める"]],
        ])
        let report = ScreenshotComposer().render(jobFile: job, options: PlanOptions(sourceDateEpoch: "0"))
        XCTAssertEqual(lines(report), [])
        let manifest = try XCTUnwrap(report.manifest)
        XCTAssertEqual(manifest.outputs.map { "\($0.locale) \($0.captureId) \($0.captureSource?.path ?? "-") \($0.captureSource?.sha256 == hashes["\($0.locale)/shot"])" },
                       ["de-DE", "en-US", "ja"].map { "\($0) pair ../captures/\($0)/shot.png true" })
        for locale in ["de-DE", "en-US", "ja"] {
            for name in ["shot", "other"] {
                let copy = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/\(locale)/captures/\(name).png")))
                let source = try Data(contentsOf: URL(fileURLWithPath: scratch.path("captures/\(locale)/\(name).png")))
                XCTAssertEqual(SHA256.hex(source), hashes["\(locale)/\(name)"], "\(locale)/\(name)")
                XCTAssertEqual(copy, try PNGCodec.drawnChunksCopy(source), "\(locale)/\(name)")
            }
        }
        XCTAssertEqual(try runTool(["verify", scratch.path("out/manifest.json")]).0, 0)
    }
}
