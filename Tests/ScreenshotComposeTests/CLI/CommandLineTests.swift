import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Manifest

/// Runs the built `store-screenshot-compose` as a release script would.
final class CommandLineTests: XCTestCase {
    func testUsageErrorsExitTwo() throws {
        for args in [[], ["frobnicate"], ["--version", "extra"], ["render"], ["render", "a.json", "b.json"], ["render", "job.json", "--out"], ["check", "--bogus", "j"], ["preview", "j.json", "--debounce", "0"], ["preview", "j.json", "--debounce", "soon"]] {
            let (code, out, err) = try runTool(args)
            XCTAssertEqual(code, 2, "\(args)")
            XCTAssertEqual(out, "")
            XCTAssertTrue(err.hasPrefix("error: "), err)
            XCTAssertTrue(err.contains("usage: store-screenshot-compose"), err)
        }
        XCTAssertTrue(try runTool(["preview", "j.json", "--debounce", "11"]).2
            .hasPrefix("error: --debounce: expected seconds from 0.05 to 10, found \"11\"\n"))
    }

    /// A usage error is followed by its command's usage only (the error line stays on screen),
    /// and by the whole usage when the command is unknown.
    func testUsageErrorShowsItsCommandsUsage() throws {
        let (code, _, err) = try runTool(["render", "job.json", "--layout", "fastlan"])
        XCTAssertEqual(code, 2)
        XCTAssertEqual(err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), [
            "error: --layout takes default or fastlane, found \"fastlan\"", "",
            "usage: store-screenshot-compose render …:",
            "  render JOB [--out DIR] [--locale TAG]... [--svg-only] [--layout default|fastlane]",
            "             [--fallback-locale TAG] [--allow-untranslated] [--jobs N] [--max-drawing-memory MB]",
            "             [--max-drawing-seconds S] [--shard I/N] [--png-compression fast|default|small]",
            "             [--quiet | --verbose] [--keep-going] [--json]",
            "                     compose every capture × locale to SVG + PNG and write manifest.json;",
            "                     a part (--locale, --shard) writes manifest.<locales>.shard-I-of-N.json",
            "(store-screenshot-compose --help lists every command and option)", "",
        ])
        let wells = try runTool(["wells", "--bogus"]).2
        XCTAssertTrue(wells.contains("  wells identify FILE.png..."), wells)
        XCTAssertFalse(wells.contains("merge-manifests"), wells)
        XCTAssertTrue(try runTool(["rendr", "job.json"]).2.contains("  merge-manifests PART.json..."))
    }

    func testVersionAndHelp() throws {
        XCTAssertEqual(try runTool(["--version"]).1, "store-screenshot-compose 0.1.0\n")
        let (code, out, _) = try runTool(["--help"])
        XCTAssertEqual(code, 0)
        XCTAssertTrue(out.contains("render JOB [--out DIR] [--locale TAG]... [--svg-only]"))
    }

    func testRenderThenVerifySucceedsAndATamperedFileFailsVerify() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "One"], "fr-FR": ["shot": "Un"]])
        let (code, out, err) = try runTool(["render", job, "--locale", "fr-FR"], environment: ["SOURCE_DATE_EPOCH": "0"])
        XCTAssertEqual(err, "")
        XCTAssertEqual(code, 0)
        // A --locale run is a part of the plan: its manifest is named after it.
        let part = scratch.path("out/manifest.fr-FR.json")
        XCTAssertEqual(out, "rendered 1 output(s); manifest \(part)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/manifest.json")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/en-US")), "--locale rendered another locale")
        let svg = try String(contentsOfFile: scratch.path("out/fr-FR/shot.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains(#"data-composed-at="1970-01-01T00:00:00Z""#))

        // On its own a part is not a release: verify names it partial; --partial checks it alone.
        XCTAssertEqual(withoutPositions(try runTool(["verify", part]).2), """
            error: \(part): selection: a part manifest (fr-FR): expected the whole set of 2 planned outputs, found 1; merge every part with merge-manifests, or check this part alone with verify --partial
            1 error(s)

            """)
        XCTAssertEqual(try runTool(["verify", part]).0, 1)
        XCTAssertEqual(try runTool(["verify", "--partial", part]).0, 0)
        try Data("tampered".utf8).write(to: URL(fileURLWithPath: scratch.path("out/fr-FR/shot.svg")))
        let (vcode, _, verr) = try runTool(["verify", part, "--partial"])
        XCTAssertEqual(vcode, 1)
        XCTAssertTrue(withoutPositions(verr).hasPrefix("error: \(part): outputs[0].svg (fr-FR/shot.svg): sha256 differs: expected "), verr)
    }

    func testRefusedInputExitsOneWithEveryProblemOnItsOwnLineAndWritesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("t.svg.tmpl", try String(contentsOf: Fixtures.template, encoding: .utf8)
            .replacingOccurrences(of: #"data-not-capture-evidence="true""#, with: "")
            .replacingOccurrences(of: "{{FRAME_RADIUS}}\" fill", with: "{{RADIUS}}\" fill"))
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "a"], "de_DE": ["shot": "b"], "fr-FR": [:]],
                                         extra: ["template": "t.svg.tmpl"])
        // The job's and the template's problems come in one run.
        for command in ["render", "check"] {
            let (code, out, err) = try runTool([command, job])
            XCTAssertEqual(code, 1)
            XCTAssertEqual(out, "")
            let problems = err.split(separator: "\n").map(String.init)
            XCTAssertEqual(problems.count, 5, err)
            XCTAssertEqual(Array(problems.prefix(2)), [
                "error: \(job):10:15: headlines.de_DE: locale becomes a folder name: expected a BCP 47 tag such as en-US or zh-Hans, at most 35 characters, found \"de_DE\"",
                "error: \(job):9:17: headlines: missing headline: expected one for every capture in every locale, found none for fr-FR/shot",
            ])
            XCTAssertTrue(problems[2].hasPrefix("error: \(scratch.path("t.svg.tmpl")): {{RADIUS}} (line 17): unknown placeholder: "), problems[2])
            XCTAssertEqual(problems[3], "error: \(scratch.path("t.svg.tmpl")): <svg> data-not-capture-evidence: missing not-capture-evidence marker: expected data-not-capture-evidence=\"true\" on the root, found none")
            XCTAssertEqual(problems[4], "4 error(s)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    func testCheckWritesNothing() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        let (code, out, err) = try runTool(["check", job])
        XCTAssertEqual(err, "")
        XCTAssertEqual(code, 0)
        XCTAssertEqual(out, "ok: 1 output(s) would be rendered\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))
    }

    func testWellsListsTheCatalogAndRefusesABadOne() throws {
        let (code, out, _) = try runTool(["wells"])
        XCTAssertEqual(code, 0)
        XCTAssertTrue(out.contains("  tuck-ios-simulator-portrait  1206×2622  phone  iOS simulator capture  not a store well  fixture (never picked from a size alone)  [source: examples/tuck/showcase/manifest.json]\n"), out)
        XCTAssertTrue(out.contains("  ios-simulator-1320x2868  1320×2868  phone  iPhone 17 Pro Max, iPhone 16 Pro Max  fits app-store:iphone-6.9 exactly  [source: "), out)
        XCTAssertTrue(out.contains("  iPad Pro 11 in  1668  [source: knowledge/store/apple-signing-release.md]\n"), out)

        let scratch = try Scratch()
        let bad = try scratch.write("wells.json", #"""
        {"schemaVersion": 1, "kind": "device-wells", "wells": [{"id": "x", "device": "d", "width": 1320, "height": 2868,
          "storeWell": {"class": "iPhone 6.9 in", "citation": ""}, "source": "s"}],
         "citedMinimumNativeWidths": [{"class": "iPhone 6.9 in", "minimumNativeWidth": 1242, "source": "s"}]}
        """#)
        let (badCode, badOut, badErr) = try runTool(["wells", "--wells", bad])
        XCTAssertEqual(badCode, 1)
        XCTAssertEqual(badOut, "")
        XCTAssertEqual(badErr, "error: \(bad):1:55: wells[0] (x).storeWell.citation: store-well claim without a citation: expected a non-empty \"citation\" saying where the claim is stated, found \"\"\n1 error(s)\n")
    }

    func testMovedOutputFolderVerifiesWithOutputsOnly() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        XCTAssertEqual(try runTool(["render", job]).0, 0)
        let moved = scratch.url.appendingPathComponent("elsewhere/out")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: scratch.url.appendingPathComponent("out"), to: moved)
        let manifest = moved.appendingPathComponent("manifest.json").path
        // The inputs are not beside the moved folder: a full verify names them…
        let (fullCode, _, fullErr) = try runTool(["verify", manifest])
        XCTAssertEqual(fullCode, 1)
        XCTAssertTrue(fullErr.contains("inputs.captures[0] (../captures/shot.png): file missing"), fullErr)
        // …once each, and one line says what to do (new-user run: 76 lines and no hint).
        XCTAssertTrue(fullErr.contains("warning: \(manifest):3:14: inputs: 1 input file(s) missing: expected the job's files where they were when rendered, relative to \(moved.path); a release moved away from its inputs verifies its outputs alone with --outputs-only\n"), fullErr)
        // …and --outputs-only checks everything inside the folder.
        let (code, out, err) = try runTool(["verify", manifest, "--outputs-only"])
        XCTAssertEqual(err, "")
        XCTAssertEqual(code, 0)
        XCTAssertEqual(out, "verified 3 file(s): every SHA-256 matches\n")
    }

    /// The theme's accentFont is matched as fonts is, so a family nobody has is refused the
    /// same way, once, naming the theme's or the screen's own field (breaker run: accepted, and
    /// Pango fell back silently).
    func testAnAccentFontTheMachineDoesNotHaveIsRefused() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, extra: ["emphasis": "asterisks", "theme": [
            "accentFont": "No Such Family", "screens": ["shot": ["accentFont": ["de": "Nope Sans"]]]]])
        let (code, _, err) = try runTool(["check", job])
        XCTAssertEqual(code, 1)
        XCTAssertEqual(err.split(separator: "\n").map { $0.replacingOccurrences(of: #":\d+:\d+:"#, with: ":", options: .regularExpression) }, [
            "error: \(job): theme.accentFont: font family \"No Such Family\" is not installed or registered: expected a family fontconfig knows (fc-list : family) or one in fontFiles, found none",
            "error: \(job): theme.screens.shot.accentFont.de: font family \"Nope Sans\" is not installed or registered: expected a family fontconfig knows (fc-list : family) or one in fontFiles, found none",
            "2 error(s)"])
    }

    func testAFontFamilyTheMachineDoesNotHaveIsRefused() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, extra: ["fonts": ["en": "DejaVu Sans, No Such Font"]])
        let (code, _, err) = try runTool(["check", job])
        XCTAssertEqual(code, 1)
        XCTAssertEqual(err, "error: \(job):10:12: fonts.en: font family \"No Such Font\" is not installed or registered: expected a family fontconfig knows (fc-list : family) or one in fontFiles, found none\n1 error(s)\n")
    }

    func testSourceDateEpochThatIsNotANumberIsRefused() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        let (code, _, err) = try runTool(["render", job], environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        XCTAssertEqual(code, 1)
        XCTAssertEqual(err, "error: SOURCE_DATE_EPOCH: (environment): expected whole seconds since 1970-01-01 UTC, found \"yesterday\"\n1 error(s)\n")
    }
}
