import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Plan
@testable import Layout
@testable import Raster
@testable import Manifest

/// The plan's one list of outputs: each output once with its key, shards as shares of that list,
/// the manifest's plan record, merges and `verify` reading it; a run that selects nothing.
final class ReleasePlanTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")
    private let env = ["SOURCE_DATE_EPOCH": "1767225600"]

    /// A job of `{locale}` captures on the iPhone SE well (750×1334, exactly the 4.7-inch slot)
    /// and one target: every locale composes its own file of each capture.
    private func localeCaptureJob(_ scratch: Scratch, locales: [String], captures: [String],
                                  target: String = "app-store:iphone-4.7") throws -> String {
        for locale in locales {
            for id in captures {
                try scratch.write("shots/\(locale)/\(id).png", try Fixtures.pngVariant(width: 750, height: 1334, variant: "\(locale) \(id)"))
            }
        }
        let headlines = Dictionary(uniqueKeysWithValues: locales.map { locale in
            (locale, Dictionary(uniqueKeysWithValues: captures.map { ($0, "\($0) in \(locale)") }))
        })
        return try scratch.writeJob([
            "schemaVersion": 1, "output": "out", "targets": [target],
            "captures": captures.map { ["id": $0, "path": "shots/{locale}/\($0).png", "well": "ios-simulator-750x1334"] },
            "headlines": headlines,
        ])
    }

    private func plan(_ jobFile: String, options: PlanOptions? = nil) throws -> Plan {
        var d = DiagnosticCollector()
        let options = options ?? epoch
        let job = try XCTUnwrap(JobLoader.load(file: jobFile, into: &d))
        let plan = try XCTUnwrap(Planner.plan(job, inputs: Ingest.read(job, options: options), options: options, into: &d))
        XCTAssertEqual(lines(d), [])
        return plan
    }

    /// The job of the issue: 6 locales × 4 `{locale}` captures, one target. The manifest's plan
    /// record crossed every locale with every capture file (144 planned outputs) and every
    /// shard rendered all 24.
    func testA24OutputJobWithLocaleCapturesAndOneTargetPlans24() throws {
        let scratch = try Scratch()
        let locales = ["de-DE", "en-US", "es-ES", "fr-FR", "it-IT", "ja"]
        let jobFile = try localeCaptureJob(scratch, locales: locales, captures: ["a", "b", "c", "d"])
        let plan = try plan(jobFile)
        XCTAssertEqual(plan.outputs.count, 24)
        let keys = plan.outputs.map(\.key)
        XCTAssertEqual(Set(keys).count, 24)
        XCTAssertEqual(keys.prefix(5).map(\.label), ["de-DE/app-store:iphone-4.7/a", "de-DE/app-store:iphone-4.7/b", "de-DE/app-store:iphone-4.7/c",
                                                      "de-DE/app-store:iphone-4.7/d", "en-US/app-store:iphone-4.7/a"])
        XCTAssertEqual(keys[0], OutputKey(locale: "de-DE", screen: "a", canvas: "app-store-iphone-4.7-portrait-750x1334", target: "app-store:iphone-4.7"))
        // Each locale composes its own file.
        XCTAssertEqual(plan.outputs[5].capture.url.path, scratch.path("shots/en-US/b.png"))
        let record = PlanRecord.entry(plan: plan, options: epoch, rendering: RenderOptions(), toolchain: .current(typesetter: PangoTypesetter()))
        XCTAssertEqual(record.outputs, keys)
        // Three shards: 8 outputs each, none twice, all of them.
        let shards = (1...3).map { plan.outputs(selected: PlanSelection(shard: Shard(index: $0, count: 3))).map(\.key) }
        XCTAssertEqual(shards.map(\.count), [8, 8, 8])
        XCTAssertEqual(Set(shards.joined()), Set(keys))
        // The one-locale part: that locale's four.
        XCTAssertEqual(plan.outputs(selected: PlanSelection(locales: ["ja"])).map(\.key.label),
                       ["a", "b", "c", "d"].map { "ja/app-store:iphone-4.7/\($0)" })
    }

    /// The output limit counts the plan's list, targets included: three iPhone targets make each
    /// capture three outputs, so 25 locales × 400 captures (10,000 before targets, within the
    /// bound on files read) plan 30,000 outputs and are refused with that count; 8 locales plan
    /// 9,600 and are accepted.
    func testTheOutputLimitCountsEachTargetsOutputs() throws {
        let scratch = try Scratch()
        // One file under every id: decoded once (ManyCapturesTests).
        try scratch.write("shot.png", try Fixtures.png(width: 1320, height: 2868))
        let ids = (0..<400).map { "c\($0)" }
        let locales = ["en-US", "de-DE", "fr-FR", "es-ES", "it-IT", "ja", "ko", "pt-BR", "nl-NL", "sv", "da", "fi", "no",
                       "pl", "tr", "ru", "uk", "cs", "el", "hu", "ro", "sk", "hr", "id", "ms"]
        func job(_ count: Int) throws -> String {
            let row = Dictionary(uniqueKeysWithValues: ids.map { ($0, "H") })
            return try scratch.writeJob([
                "schemaVersion": 1, "output": "out", "targets": ["app-store:iphone-6.9", "app-store:iphone-6.5", "app-store:iphone-6.3"],
                "captures": ids.map { ["id": $0, "path": "shot.png", "well": "ios-simulator-1320x2868"] },
                "headlines": Dictionary(uniqueKeysWithValues: locales.prefix(count).map { ($0, row) }),
            ], name: "job-\(count).json")
        }
        let over = try job(25)
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: over, options: epoch)), [
            "error: \(over): targets: too many planned outputs: expected at most 10000, found 30000 in the plan (25 locales, 3 targets: a capture is one output per target it fills); split the locales or the targets into several jobs",
        ])
        // 8 locales: within the limit (400 screenshots per slot are over the stores' 10, the
        // store rules' error, reported once the plan is made).
        var d = DiagnosticCollector()
        let loaded = try XCTUnwrap(JobLoader.load(file: try job(8), into: &d))
        let plan = try XCTUnwrap(Planner.plan(loaded, inputs: Ingest.read(loaded, options: epoch), options: epoch, into: &d))
        let errors = d.diagnostics.filter { $0.severity == .error }.map(\.lineWithoutPosition)
        XCTAssertEqual(errors.count, 3, "\(errors)")
        for (error, slot) in zip(errors, ["iPhone 6.3", "iPhone 6.5", "iPhone 6.9"]) {
            XCTAssertTrue(error.hasPrefix("error: \(loaded.file): captures: app-store allows at most 10 screenshots per \(slot) in and locale: expected at most 10, found 400 (c0, c1,"), error)
        }
        XCTAssertEqual(plan.outputs.count, 9600)
        XCTAssertEqual(Set(plan.outputs.map(\.key)).count, 9600)
        XCTAssertEqual(Set(plan.outputs.compactMap(\.capture.target?.name)), ["app-store:iphone-6.9", "app-store:iphone-6.5", "app-store:iphone-6.3"])
    }

    /// A shard's share of any list: parts differ by at most one, together they are the list,
    /// none twice, in the list's order.
    func testShardsOfAnyListDifferByAtMostOne() {
        for count in 0...23 {
            let items = (0..<count).map { (locale: $0 % 3 == 0 ? "de-DE" : "en-US", id: $0) }
            for shards in 1...7 {
                let parts = (1...shards).map { index in PlanSelection(shard: Shard(index: index, count: shards)).pick(items, locale: \.locale).map(\.id) }
                let sizes = parts.map(\.count)
                XCTAssertLessThanOrEqual((sizes.max() ?? 0) - (sizes.min() ?? 0), 1, "\(count) items in \(shards) shards: \(sizes)")
                XCTAssertEqual(parts.joined().sorted(), Array(0..<count))
                for part in parts { XCTAssertEqual(part, part.sorted()) }
                let german = (1...shards).map { index in PlanSelection(locales: ["de-DE"], shard: Shard(index: index, count: shards)).pick(items, locale: \.locale).count }
                XCTAssertLessThanOrEqual((german.max() ?? 0) - (german.min() ?? 0), 1)
                XCTAssertEqual(german.reduce(0, +), items.filter { $0.locale == "de-DE" }.count)
            }
        }
    }

    /// A locale's headlines on one canvas share one size (`headlineSize` uniform, the default):
    /// the smallest fitted size among them in the whole plan. A shard holding only the short
    /// headlines set them larger (96 px against 94 px in a new user's German release), so the
    /// merged release differed from the one run while merge and verify passed.
    func testAShardSetsHeadlinesAtTheWholePlansUniformSize() throws {
        let scratch = try Scratch()
        for id in ["a", "b", "c"] {
            try scratch.write("shots/\(id).png", try Fixtures.pngVariant(width: 750, height: 1334, variant: id))
        }
        let jobFile = try scratch.writeJob([
            "schemaVersion": 1, "output": "out", "template": "classic",
            "captures": ["a", "b", "c"].map { ["id": $0, "path": "shots/\($0).png", "well": "ios-simulator-750x1334"] },
            "headlines": ["de-DE": ["a": "Reisen", "b": "Finde dein nächstes Reiseziel in Sekunden, überall und jederzeit", "c": "Profil"]],
        ])
        let whole = try runTool(["render", jobFile, "--svg-only", "--out", scratch.path("whole")], environment: env)
        XCTAssertEqual([String(whole.0), whole.2], ["0", ""])
        var sizes: Set<String> = []
        for index in 1...3 {
            let folder = scratch.path("shard-\(index)")
            let (code, out, err) = try runTool(["render", jobFile, "--svg-only", "--out", folder, "--shard", "\(index)/3"], environment: env)
            XCTAssertEqual([String(code), err], ["0", ""], out)
            let id = ["a", "b", "c"][index - 1]
            let svg = try String(contentsOfFile: "\(folder)/de-DE/\(id).svg", encoding: .utf8)
            XCTAssertEqual(svg, try String(contentsOfFile: scratch.path("whole/de-DE/\(id).svg"), encoding: .utf8), "shard \(index)/3 (\(id))")
            if let size = svg.range(of: #"font-size="[0-9.]+""#, options: .regularExpression) { sizes.insert(String(svg[size])) }
        }
        XCTAssertEqual(sizes.count, 1, "one headline size across the shards: \(sizes)")
    }

    /// The CI matrix of a release of `{locale}` captures and a target: one part per language,
    /// one language in two shards, each runner in its own checkout. Each shard renders its
    /// half, the runners' folders combined by copying merge byte for byte into the one run's
    /// manifest and contact sheet, and the merged release verifies.
    func testACIMatrixOfLocaleCapturesWithATargetMergesToTheOneRunByteForByte() throws {
        let scratch = try Scratch()
        let jobFile = try localeCaptureJob(scratch, locales: ["de-DE", "en-US", "fr-FR"], captures: ["inbox", "today", "search"])
        let whole = try runTool(["render", jobFile, "--out", scratch.path("whole"), "--layout", "fastlane"], environment: env)
        XCTAssertEqual([String(whole.0), whole.1, whole.2], ["0", "rendered 9 output(s); manifest \(scratch.path("whole/manifest.json"))\n", ""])
        let release = scratch.url.appendingPathComponent("release")
        var parts: [String] = []
        for (runner, arguments, count) in [("de", ["--locale", "de-DE"], 3), ("fr", ["--locale", "fr-FR"], 3),
                                           ("en1", ["--locale", "en-US", "--shard", "1/2"], 2), ("en2", ["--locale", "en-US", "--shard", "2/2"], 1)] {
            let folder = scratch.path("runner-\(runner)")
            let (code, out, err) = try runTool(["render", jobFile, "--out", folder, "--layout", "fastlane"] + arguments, environment: env)
            XCTAssertEqual([String(code), err], ["0", ""], runner)
            XCTAssertTrue(out.hasPrefix("rendered \(count) output(s); manifest \(folder)/manifest."), out)
            let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix("manifest.") })
            let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)")))
            XCTAssertEqual(manifest.plan.outputs.count, 9, runner)
            XCTAssertEqual(manifest.outputs.count, count, runner)
            // The download step of CI: every runner's folder copied into one.
            for path in FileManager.default.subpaths(atPath: folder) ?? [] where !path.hasSuffix(".lock") {
                let source = URL(fileURLWithPath: folder).appendingPathComponent(path), target = release.appendingPathComponent(path)
                var isFolder: ObjCBool = false
                FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder)
                try FileManager.default.createDirectory(at: isFolder.boolValue ? target : target.deletingLastPathComponent(), withIntermediateDirectories: true)
                if !isFolder.boolValue { try? FileManager.default.removeItem(at: target); try FileManager.default.copyItem(at: source, to: target) }
            }
            parts.append(release.appendingPathComponent(name).path)
        }
        XCTAssertEqual(parts.map { URL(fileURLWithPath: $0).lastPathComponent },
                       ["manifest.de-DE.json", "manifest.fr-FR.json", "manifest.en-US.shard-1-of-2.json", "manifest.en-US.shard-2-of-2.json"])
        let merged = release.appendingPathComponent("manifest.json").path
        let (code, _, err) = try runTool(["merge-manifests"] + parts + ["-o", merged])
        XCTAssertEqual([String(code), err], ["0", ""])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: merged)), try Data(contentsOf: URL(fileURLWithPath: scratch.path("whole/manifest.json"))))
        XCTAssertEqual(try Data(contentsOf: release.appendingPathComponent("index.html")),
                       try Data(contentsOf: URL(fileURLWithPath: scratch.path("whole/index.html"))))
        let verified = try runTool(["verify", merged])
        XCTAssertEqual([String(verified.0), verified.2], ["0", ""])
        XCTAssertEqual(verified.1, "verified 49 file(s): every SHA-256 matches\n")
    }

    /// A shard that gets no output (a job of fewer outputs than shards) writes an empty part
    /// and exits 0, so a fixed CI matrix keeps working; the parts still merge to the whole.
    func testAShardWithoutOutputsWritesAnEmptyPartAndExits0() throws {
        let scratch = try Scratch()
        let jobFile = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "One"], "de-DE": ["shot": "Eins"]])
        XCTAssertEqual(try runTool(["render", jobFile, "--out", scratch.path("whole"), "--svg-only", "--quiet"], environment: env).0, 0)
        var parts: [String] = []
        for index in 1...3 {
            let (code, out, err) = try runTool(["render", jobFile, "--svg-only", "--shard", "\(index)/3"], environment: env)
            XCTAssertEqual(err, "")
            XCTAssertEqual(code, 0)
            let part = scratch.path("out/manifest.shard-\(index)-of-3.json")
            XCTAssertEqual(out, "rendered \(index == 3 ? 0 : 1) output(s); manifest \(part)\n")
            parts.append(part)
        }
        let empty = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: parts[2])))
        XCTAssertEqual(empty.outputs, [])
        XCTAssertEqual(empty.plan.outputs.map(\.label), ["de-DE/shot", "en-US/shot"])
        let partial = try runTool(["verify", "--partial", parts[2]])
        XCTAssertEqual([String(partial.0), partial.2], ["0", ""])
        XCTAssertEqual(try runTool(["merge-manifests"] + parts + ["-o", scratch.path("out/manifest.json")]).0, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/manifest.json"))),
                       try Data(contentsOf: URL(fileURLWithPath: scratch.path("whole/manifest.json"))))
    }

    /// Nothing to do is a failure: a job that plans no output (a screen naming a fastlane
    /// screen that several devices share) and a `--locale` none of whose outputs are planned
    /// exit 1 saying why, and nothing is written.
    func testARunThatSelectsNothingIsRefusedSayingWhy() throws {
        let scratch = try Scratch()
        // An iOS snapshot folder and a screengrab folder, both in German.
        try scratch.write("fastlane/screenshots/de-DE/iPhone SE (3rd generation)-01Home.png",
                          try Fixtures.pngVariant(width: 750, height: 1334, variant: "ios de-DE"))
        try scratch.write("fastlane/metadata/android/de-DE/images/phoneScreenshots/01Home_1700000000000.png",
                          try Fixtures.pngVariant(width: 1080, height: 2400, variant: "android de-DE"))
        let both = try scratch.writeJob(["schemaVersion": 1, "captures": ["fastlane": ["fastlane/screenshots", "fastlane/metadata/android"]],
                                         "headlines": ["de-DE": ["home": "Alles auf einen Blick"]],
                                         "screens": [["id": "home", "captures": ["01Home"]]]])
        for command in ["render", "check"] {
            let (code, out, err) = try runTool([command, both], environment: env)
            XCTAssertEqual([String(code), out], ["1", ""], command)
            XCTAssertEqual(withoutPositions(err), """
                error: \(both): screens: nothing to render: expected at least one output, found none planned (screen home names 01Home, a screen of several devices (ios-simulator-750x1334-01Home, phoneScreenshots-01Home), not one capture: a screen composes one capture per slot)
                1 error(s)

                """, command)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out")))

        // A capture with no file for German (a folder of the other store's languages).
        var capture = JobCapture(id: "shot", url: scratch.url.appendingPathComponent("shots/{locale}/shot.png"), well: "tuck-browser-mobile")
        capture.absentLocales = ["de-DE"]
        try scratch.write("shots/en-US/shot.png", try Fixtures.png(width: 390, height: 844))
        let job = Job(captures: [capture], headlines: ["en-US": ["shot": "One"], "de-DE": ["shot": "Eins"]],
                      output: scratch.url.appendingPathComponent("out"), name: "app.json")
        XCTAssertEqual(lines(ScreenshotComposer().check(job: job, options: PlanOptions(locales: ["de-DE"]))), [
            "error: app.json: --locale: nothing to render: expected outputs of de-DE, found none of the plan's 1 (capture shot has no file for de-DE); the plan has outputs for en-US",
        ])
        XCTAssertEqual(lines(ScreenshotComposer().check(job: job, options: PlanOptions(locales: ["en-US"]))), [])
    }

    /// A part run reports the problems of its own locales; another locale's bad headline is
    /// that locale's run's to report (it still lists the output in the plan).
    func testAPartRunReportsItsOwnLocalesProblems() throws {
        let scratch = try Scratch()
        let jobFile = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "One"], "de-DE": ["shot": "Eins\u{1}"]])
        let english = try runTool(["render", jobFile, "--locale", "en-US", "--svg-only"], environment: env)
        XCTAssertEqual([String(english.0), english.2], ["0", ""])
        let german = try runTool(["render", jobFile, "--locale", "de-DE", "--svg-only"], environment: env)
        XCTAssertEqual(german.0, 1)
        XCTAssertEqual(withoutPositions(german.2), "error: \(jobFile): headlines.de-DE.shot: headline holds U+0001, a character XML cannot carry: expected text, found U+0001\n1 error(s)\n")
    }

    /// A release written by the previous version (manifest schemaVersion 1, recorded in
    /// fixtures/v1-release from main at ac778f8) is rendered over in place: its outputs are
    /// read as the earlier release's and those no longer written are removed; `verify` and
    /// `merge-manifests` refuse it naming the version they found.
    func testAReleaseOfTheFormerManifestVersionIsRenderedOverInPlace() throws {
        let scratch = try Scratch()
        for folder in ["v1-release", "localized"] {
            try FileManager.default.copyItem(at: Fixtures.repository.appendingPathComponent("fixtures/\(folder)"),
                                             to: scratch.url.appendingPathComponent(folder))
        }
        let release = scratch.url.appendingPathComponent("v1-release/out")
        let old = release.appendingPathComponent("manifest.json").path
        func files() throws -> [String] {
            (FileManager.default.subpaths(atPath: release.path) ?? []).filter { path in
                guard path != ".store-screenshot-compose.lock" else { return false }
                var isFolder: ObjCBool = false
                FileManager.default.fileExists(atPath: release.appendingPathComponent(path).path, isDirectory: &isFolder)
                return !isFolder.boolValue
            }.sorted()
        }
        let v1Files = try files()
        XCTAssertEqual(v1Files, [
            "de-DE/app-store-iphone-4.7/captures/inbox.png", "de-DE/app-store-iphone-4.7/inbox.png", "de-DE/app-store-iphone-4.7/inbox.svg",
            "en-US/app-store-iphone-4.7/captures/inbox.png", "en-US/app-store-iphone-4.7/inbox.png", "en-US/app-store-iphone-4.7/inbox.svg",
            "fastlane/screenshots/de-DE/01_inbox_app-store-iphone-4.7.png", "fastlane/screenshots/en-US/01_inbox_app-store-iphone-4.7.png",
            "index.html", "manifest.json",
        ])
        let refusal = "schemaVersion: expected kind \"composed-screenshots\" schemaVersion 3, found \"composed-screenshots\" schemaVersion 1 (written by an earlier version of store-screenshot-compose: render the release again with this version, which replaces its outputs)"
        let verify = try runTool(["verify", old])
        XCTAssertEqual([String(verify.0), verify.1, withoutPositions(verify.2)], ["1", "", "error: \(old): \(refusal)\n1 error(s)\n"])
        let merge = try runTool(["merge-manifests", old, "-o", release.appendingPathComponent("merged.json").path])
        XCTAssertEqual([String(merge.0), merge.1, withoutPositions(merge.2)], ["1", "", "error: \(old): \(refusal)\n1 error(s)\n"])

        // German dropped from the job: the v1 release's German outputs and deliver copies go.
        let jobFile = scratch.path("v1-release/job.json")
        let job = try String(contentsOfFile: jobFile, encoding: .utf8)
        try job.replacingOccurrences(of: ",\n    \"de-DE\": { \"inbox\": \"Alle Notizen an einem Ort\" }", with: "")
            .write(toFile: jobFile, atomically: true, encoding: .utf8)
        let english = try runTool(["render", jobFile, "--layout", "fastlane", "--quiet"], environment: env)
        XCTAssertEqual([String(english.0), english.1, english.2], ["0", "", ""])
        XCTAssertEqual(try files(), [
            "en-US/app-store-iphone-4.7/captures/inbox.png", "en-US/app-store-iphone-4.7/inbox.png", "en-US/app-store-iphone-4.7/inbox.svg",
            "fastlane/screenshots/en-US/01_inbox_app-store-iphone-4.7.png", "index.html", "index.js", "manifest.json",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: release.appendingPathComponent("de-DE").path), "the emptied folder goes too")
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: URL(fileURLWithPath: old)))
        XCTAssertEqual(manifest.schemaVersion, 3)
        XCTAssertEqual(manifest.plan.outputs.map(\.label), ["en-US/app-store:iphone-4.7/inbox"])
        XCTAssertEqual(try runTool(["verify", old]).0, 0)

        // The whole job again over a fresh copy of the v1 release: the same files, now vouched
        // for by a version 3 manifest that verifies.
        try FileManager.default.removeItem(at: release)
        try FileManager.default.copyItem(at: Fixtures.repository.appendingPathComponent("fixtures/v1-release/out"), to: release)
        try job.write(toFile: jobFile, atomically: true, encoding: .utf8)
        XCTAssertEqual(try runTool(["render", jobFile, "--layout", "fastlane", "--quiet"], environment: env).0, 0)
        XCTAssertEqual(try files(), (v1Files + ["index.js"]).sorted(), "the contact sheet's script beside the sheet")
        let again = try runTool(["verify", old])
        XCTAssertEqual([String(again.0), again.1, again.2], ["0", "verified 14 file(s): every SHA-256 matches\n", ""])
        // Every file is byte for byte what this version writes into an empty folder, and the
        // composed PNGs' pixels are those the former version wrote (their bytes follow the
        // default compression, level 5 since issue 37). The SVGs are the template's normalized
        // tree since issue 24, the capture copies the drawn chunks since issue 36.
        let fresh = scratch.url.appendingPathComponent("fresh")
        XCTAssertEqual(try runTool(["render", jobFile, "--layout", "fastlane", "--quiet", "--out", fresh.path], environment: env).0, 0)
        for path in v1Files where path.hasSuffix(".png") || path.hasSuffix(".svg") {
            let written = try Data(contentsOf: release.appendingPathComponent(path))
            XCTAssertEqual(written, try Data(contentsOf: fresh.appendingPathComponent(path)), path)
            if path.hasSuffix(".png") && !path.contains("/captures/") {
                let former = try Data(contentsOf: Fixtures.repository.appendingPathComponent("fixtures/v1-release/out/\(path)"))
                XCTAssertEqual(PixelHash.of(try PNGCodec.decodeRGBA(written)), PixelHash.of(try PNGCodec.decodeRGBA(former)), path)
            }
        }
    }

    /// The fingerprint is the SHA-256 of the canonical JSON of the basis: pinned for a fixture
    /// job with the tool and library versions fixed, so a new compiler or Foundation (which
    /// print types and numbers their own way) cannot change it unseen.
    func testTheFingerprintOfAFixtureJobIsPinned() throws {
        var plan = try plan(Fixtures.repository.appendingPathComponent("fixtures/ci-job.json").path)
        plan.tool = ToolIdentity()
        plan.tool.version = "0.1.0"
        let toolchain = Manifest.Toolchain(librsvg: "2.54.7", cairo: "1.16.0", pango: "1.50.12", libpng: "1.6.39", lcms2: "2.14", libdeflate: "1.14")
        let record = PlanRecord.entry(plan: plan, options: epoch, rendering: RenderOptions(), toolchain: toolchain)
        XCTAssertEqual(record.basis.map(\.name), [
            "tool", "toolchain", "composedAt", "job", "template", "wells", "storeWells", "theme", "typesetting", "texts",
            "capture book-mobile", "capture book-desktop", "--svg-only", "--png-compression", "--layout", "--fallback-locale", "--allow-untranslated",
        ])
        XCTAssertEqual(record.basis[1].value, #"{"cairo":"1.16.0","lcms2":"2.14","libdeflate":"1.14","libpng":"1.6.39","librsvg":"2.54.7","pango":"1.50.12"}"#)
        XCTAssertEqual(record.fingerprint, "c3288a8153044ab99a73084e326d111a649654937df425d2dde9a988e1c4e41e")
    }

    /// Every stored field of the theme and the typesetting is in the fingerprint: a field added
    /// to the type and not to its canonical encoding fails here.
    func testEveryThemeAndTypesettingFieldIsInTheCanonicalEncoding() {
        func fields(_ value: Any) -> Set<String> { Set(Mirror(reflecting: value).children.compactMap(\.label)) }
        guard case .object(let theme) = Theme().canonical, case .object(let typesetting) = TypesettingOptions().canonical else {
            return XCTFail("not objects")
        }
        // accentFont, screens and the frameit looks are written only when set (older records keep their bytes).
        XCTAssertEqual(Set(theme.keys).union(["accentFont", "screens", "backgroundImage", "padding", "headlinePosition"]), fields(Theme()))
        var set = Theme()
        set.backgroundImage = URL(fileURLWithPath: "/job/background.jpg")
        set.padding = Theme.Padding(x: 0.05, y: 0.05)
        set.headlinePosition = .below
        set.accentFont = ["default": "Lato"]
        set.screens = ["home": Theme()]
        guard case .object(let full) = set.canonical else { return XCTFail("not an object") }
        XCTAssertEqual(Set(full.keys), fields(Theme()))
        XCTAssertEqual(Set(typesetting.keys), fields(TypesettingOptions()).subtracting(["fontFiles"]))
    }

    func testCanonicalJSONSortsKeysAndWritesNumbersOneWay() {
        let value = CanonicalJSON.object([
            "b": .array([.number(0.6), .number(-12.5), .number(180), .number(1e-10), .number(0.1 + 0.2), .integer(7), .null, .bool(true)]),
            "a": .string("quote \" backslash \\ tab \t bell \u{7} é"), "B": .object([:]),
        ])
        XCTAssertEqual(value.text, #"{"B":{},"a":"quote \" backslash \\ tab \t bell \u0007 é","b":[0.6,-12.5,180,0,0.3,7,null,true]}"#)
    }
}
