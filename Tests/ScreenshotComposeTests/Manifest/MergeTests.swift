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
@testable import Publish

/// Per-locale and sharded CI runs: part manifests, `merge-manifests` and `verify`'s
/// completeness checks.
final class MergeTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// Two captures × three locales on the mobile well (six small outputs).
    private func job(_ scratch: Scratch, name: String = "job.json", frenchA: String = "Un") throws -> String {
        try scratch.write("a.png", try Fixtures.png(width: 390, height: 844))
        try scratch.write("b.png", try Data(contentsOf: Fixtures.captures.appendingPathComponent("rust-book-mobile.png")))
        return try scratch.writeJob([
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "a", "path": "a.png", "well": "tuck-browser-mobile"], ["id": "b", "path": "b.png", "well": "tuck-browser-mobile"]],
            "headlines": ["en-US": ["a": "One", "b": "Two"], "de-DE": ["a": "Eins", "b": "Zwei"], "fr-FR": ["a": frenchA, "b": "Deux"]],
        ], name: name)
    }

    /// Renders a part in-process into `scratch/<folder>`; returns its manifest's path.
    @discardableResult
    private func part(_ scratch: Scratch, _ jobFile: String, into folder: String, locales: [String] = [], shard: Shard? = nil,
                      svgOnly: Bool = false, epoch seconds: String = "1767225600") throws -> String {
        var options = PlanOptions(sourceDateEpoch: seconds)
        options.output = scratch.path(folder)
        options.locales = locales
        let report = ScreenshotComposer().render(jobFile: jobFile, options: options, rendering: RenderOptions(svgOnly: svgOnly, shard: shard))
        XCTAssertEqual(lines(report), [])
        return try XCTUnwrap(report.manifestURL).path
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// What CI's download step does: every runner's folder copied into one.
    private func combine(_ folders: [String], into release: String, _ scratch: Scratch) throws {
        let target = scratch.url.appendingPathComponent(release)
        for folder in folders {
            let source = scratch.url.appendingPathComponent(folder)
            for path in FileManager.default.subpaths(atPath: source.path) ?? [] {
                var isDirectory: ObjCBool = false
                FileManager.default.fileExists(atPath: source.appendingPathComponent(path).path, isDirectory: &isDirectory)
                let destination = target.appendingPathComponent(path)
                if isDirectory.boolValue {
                    try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
                } else {
                    try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try? FileManager.default.removeItem(at: destination)
                    try FileManager.default.copyItem(at: source.appendingPathComponent(path), to: destination)
                }
            }
        }
    }

    func testPerLocaleRunsCombinedByCopyingMergeToTheUnshardedRunByteForByte() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        let env = ["SOURCE_DATE_EPOCH": "1767225600"]
        XCTAssertEqual(try runTool(["render", jobFile, "--out", scratch.path("whole"), "--quiet"], environment: env).0, 0)
        // One process and one folder per locale, as one CI runner each.
        for locale in ["de-DE", "en-US", "fr-FR"] {
            let (code, out, err) = try runTool(["render", jobFile, "--locale", locale, "--out", scratch.path("runner-\(locale)")], environment: env)
            XCTAssertEqual(err, "")
            XCTAssertEqual(code, 0)
            XCTAssertEqual(out, "rendered 2 output(s); manifest \(scratch.path("runner-\(locale)/manifest.\(locale).json"))\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("runner-\(locale)/index.html")), "a part writes no contact sheet")
        }
        try combine(["runner-de-DE", "runner-en-US", "runner-fr-FR"], into: "release", scratch)
        let parts = ["de-DE", "en-US", "fr-FR"].map { scratch.path("release/manifest.\($0).json") }
        let (code, out, err) = try runTool(["merge-manifests"] + parts + ["-o", scratch.path("release/manifest.json")])
        XCTAssertEqual(err, "")
        XCTAssertEqual(code, 0)
        XCTAssertEqual(out, "merged 3 manifest(s) into \(scratch.path("release/manifest.json")); contact sheet index.html beside it\n")
        XCTAssertEqual(try bytes(scratch.path("release/manifest.json")), try bytes(scratch.path("whole/manifest.json")))
        XCTAssertEqual(try bytes(scratch.path("release/index.html")), try bytes(scratch.path("whole/index.html")))
        let verified = try runTool(["verify", scratch.path("release/manifest.json")])
        XCTAssertEqual([String(verified.0), verified.1, verified.2], ["0", "verified 24 file(s): every SHA-256 matches\n", ""])
        let html = try String(contentsOfFile: scratch.path("release/index.html"), encoding: .utf8)
        XCTAssertEqual(html.components(separatedBy: "<img src=").count - 1, 6)
        XCTAssertTrue(html.contains("<div lang=\"fr-FR\" dir=\"ltr\">Deux</div>"))
    }

    /// `-o` over one of its own part manifests (by name, through a symbolic link or a hard link) or under
    /// a part manifest's name is refused, exit 1, naming it, and every part stays byte for byte:
    /// `-o r3/manifest.en-US.json` wrote the whole set under en-US's part name (exit 0), after
    /// which `render --locale en-US --out r3` refused its own outputs. With `-o manifest.json`
    /// beside them, the part run renders over its part again.
    func testMergeRefusesAnOutputThatIsAPartOrNamedLikeOne() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        let en = try part(scratch, jobFile, into: "r3", locales: ["en-US"])
        let de = try part(scratch, jobFile, into: "r3", locales: ["de-DE"])
        let fr = try part(scratch, jobFile, into: "r3", locales: ["fr-FR"])
        let before = [try bytes(en), try bytes(de), try bytes(fr)]
        try FileManager.default.createSymbolicLink(atPath: scratch.path("r3/link.json"), withDestinationPath: "manifest.de-DE.json")
        try FileManager.default.linkItem(atPath: en, toPath: scratch.path("r3/hard.json"))
        let samePart = { (output: String, part: String) in
            "error: \(output): -o: the merged manifest would replace a part it merges: expected a file other than the parts (manifest.json beside them), found \(output), which is the part \(part); the part stays as it is\n1 error(s)\n"
        }
        let partName = { (output: String, name: String, part: String) in
            "error: \(output): -o: the merged manifest would take a part manifest's name: expected a name no part takes (manifest.json beside the parts), found \(name), the name of the part manifest of \(part), which a run of that part takes for its own\n1 error(s)\n"
        }
        let cases: [(output: String, stderr: String)] = [
            (en, samePart(en, en)),
            (scratch.path("r3/link.json"), samePart(scratch.path("r3/link.json"), de)),
            (scratch.path("r3/hard.json"), samePart(scratch.path("r3/hard.json"), en)),
            (scratch.path("r3/./manifest.de-DE.json"), samePart(scratch.path("r3/./manifest.de-DE.json"), de)),
            (scratch.path("r3/manifest.de-DE+en-US.json"), partName(scratch.path("r3/manifest.de-DE+en-US.json"), "manifest.de-DE+en-US.json", "de-DE+en-US")),
            (scratch.path("r3/manifest.en-us.shard-1-of-2.json"), partName(scratch.path("r3/manifest.en-us.shard-1-of-2.json"), "manifest.en-us.shard-1-of-2.json", "en-us, shard 1 of 2")),
            (scratch.path("r3/manifest.shard-2-of-3.json"), partName(scratch.path("r3/manifest.shard-2-of-3.json"), "manifest.shard-2-of-3.json", "shard 2 of 3")),
        ]
        for (output, stderr) in cases {
            let (code, out, err) = try runTool(["merge-manifests", en, de, fr, "-o", output])
            XCTAssertEqual([String(code), out, err], ["1", "", stderr], output)
            XCTAssertEqual([try bytes(en), try bytes(de), try bytes(fr)], before, output)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("r3")).sorted(),
                       ["\(FolderLock.name)", "de-DE", "en-US", "fr-FR", "hard.json", "link.json", "manifest.de-DE.json", "manifest.en-US.json", "manifest.fr-FR.json"])
        // manifest.json beside the parts is written, and the part run renders over its part again.
        XCTAssertEqual(try runTool(["merge-manifests", en, de, fr, "-o", scratch.path("r3/manifest.json")]).0, 0)
        // The whole set merged in place (given as a part and as -o) is the same set again.
        let whole = try bytes(scratch.path("r3/manifest.json"))
        XCTAssertEqual(try runTool(["merge-manifests", scratch.path("r3/manifest.json"), en, "-o", scratch.path("r3/manifest.json")]).0, 0)
        XCTAssertEqual(try bytes(scratch.path("r3/manifest.json")), whole)
        var options = epoch
        options.output = scratch.path("r3")
        options.locales = ["en-US"]
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: options)), [])
        XCTAssertEqual(try bytes(en), before[0])
    }

    func testShardsAndPerLocaleShardsMergeInAnyMix() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        let whole = try part(scratch, jobFile, into: "whole")
        var parts = [
            try part(scratch, jobFile, into: "release", locales: ["de-DE"]),
            try part(scratch, jobFile, into: "release", locales: ["en-US"], shard: Shard(index: 1, count: 2)),
            try part(scratch, jobFile, into: "release", locales: ["en-US"], shard: Shard(index: 2, count: 2)),
        ]
        parts += try (1...3).map { try part(scratch, jobFile, into: "release", shard: Shard(index: $0, count: 3)) }
        XCTAssertEqual(parts.map { URL(fileURLWithPath: $0).lastPathComponent }, [
            "manifest.de-DE.json", "manifest.en-US.shard-1-of-2.json", "manifest.en-US.shard-2-of-2.json",
            "manifest.shard-1-of-3.json", "manifest.shard-2-of-3.json", "manifest.shard-3-of-3.json",
        ])
        let manifest = try JSONDecoder().decode(Manifest.self, from: bytes(parts[1]))
        XCTAssertEqual(manifest.selection, Manifest.Selection(locales: ["en-US"], shard: Manifest.ShardEntry(index: 1, count: 2)))
        XCTAssertEqual(manifest.outputs.map { "\($0.locale)/\($0.captureId)" }, ["en-US/a"])
        XCTAssertEqual(manifest.plan.outputs.map(\.label), ["de-DE/a", "de-DE/b", "en-US/a", "en-US/b", "fr-FR/a", "fr-FR/b"])
        var d = DiagnosticCollector()
        XCTAssertEqual(ManifestVerifier.verify(manifestFile: parts[1], partial: true, into: &d), 9)
        XCTAssertEqual(lines(d), [])

        let target = scratch.path("release/manifest.json")
        XCTAssertEqual(try runTool(["merge-manifests", parts[4], parts[0], parts[2], parts[1], parts[5], parts[3], "-o", target]).0, 0)
        XCTAssertEqual(try bytes(target), try bytes(whole))
    }

    /// The misuses of a CI matrix: each exits 1 naming the part and what differs or is missing,
    /// and nothing is written under manifest.json.
    func testMergeRefusesEveryMisuse() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        func refused(_ parts: [String], _ expected: [String], file: StaticString = #filePath, line: UInt = #line) throws {
            // Above every part's folder: the outputs stay inside the merged manifest's folder.
            let target = scratch.path("manifest.json")
            let (code, out, err) = try runTool(["merge-manifests"] + parts + ["-o", target])
            XCTAssertEqual(code, 1, file: file, line: line)
            XCTAssertEqual(out, "", file: file, line: line)
            XCTAssertEqual(withoutPositions(err), (expected + ["\(expected.count) error(s)", ""]).joined(separator: "\n"), file: file, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: target), "nothing is written when merging fails", file: file, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("index.html")), file: file, line: line)
        }
        let target = scratch.path("manifest.json")

        // --locale L --shard i/N with a different locale per runner: a third of the outputs.
        let misuse = try zip(["de-DE", "en-US", "fr-FR"], 1...3).map { try part(scratch, jobFile, into: "misuse", locales: [$0.0], shard: Shard(index: $0.1, count: 3)) }
        try refused(misuse, ["error: \(target): outputs: incomplete set: expected all 6 planned outputs, found 2 in 3 part(s) (manifest.de-DE.shard-1-of-3.json, manifest.en-US.shard-2-of-3.json, manifest.fr-FR.shard-3-of-3.json); missing de-DE/b, en-US/a, fr-FR/a, fr-FR/b; add the missing parts (a runner that failed or was dropped), or pass --allow-partial"])

        // A dropped runner.
        let de = try part(scratch, jobFile, into: "p", locales: ["de-DE"])
        let en = try part(scratch, jobFile, into: "p", locales: ["en-US"])
        try refused([de, en], ["error: \(target): outputs: incomplete set: expected all 6 planned outputs, found 4 in 2 part(s) (manifest.de-DE.json, manifest.en-US.json); missing fr-FR/a, fr-FR/b; add the missing parts (a runner that failed or was dropped), or pass --allow-partial"])

        // -o beside none of the outputs: verify would refuse every "../" output path it wrote.
        let fr0 = try part(scratch, jobFile, into: "p", locales: ["fr-FR"])
        let elsewhere = scratch.path("elsewhere/manifest.json")
        let (code, _, err) = try runTool(["merge-manifests", de, en, fr0, "-o", elsewhere])
        XCTAssertEqual(code, 1)
        XCTAssertEqual(err, "error: \(elsewhere): -o: the merged manifest must sit in a folder holding its outputs: expected -o in \(scratch.path("p")) (the folder of \(de)) or a folder above it, found \(scratch.path("elsewhere")), where an output would be ../p/de-DE/a.svg\n1 error(s)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: elsewhere))
        // That part taken away whole (its files too: without its manifest they are no longer
        // the tool's, and the next run into p would be refused for them).
        try FileManager.default.removeItem(atPath: fr0)
        try FileManager.default.removeItem(atPath: scratch.path("p/fr-FR"))


        let otherJob = try job(scratch, name: "other.json", frenchA: "Une")
        let fr = try part(scratch, otherJob, into: "p", locales: ["fr-FR"])
        let sha = { (file: String) in SHA256.hex(try self.bytes(file)) }
        try refused([de, en, fr], ["error: \(fr): plan.basis job: parts of different plans: expected job \(try sha(jobFile)) as in \(de), found \(try sha(otherJob))"])

        // Another SOURCE_DATE_EPOCH.
        let later = try part(scratch, jobFile, into: "later", locales: ["fr-FR"], epoch: "1767225601")
        try refused([de, en, later], ["error: \(later): plan.basis composedAt: parts of different plans: expected composedAt 2026-01-01T00:00:00Z as in \(de), found 2026-01-01T00:00:01Z"])

        // An --svg-only part among PNG parts.
        let svgOnly = try part(scratch, jobFile, into: "svg", locales: ["fr-FR"], svgOnly: true)
        try refused([de, en, svgOnly], ["error: \(svgOnly): plan.basis --svg-only: a mix of SVG-only and PNG parts: expected --svg-only false as in \(de), found true"])

        // A forged shard index (3 of 2), and a part listing outputs outside its selection.
        var forged = try JSONDecoder().decode(Manifest.self, from: bytes(en))
        forged.selection = Manifest.Selection(locales: ["en-US"], shard: Manifest.ShardEntry(index: 3, count: 2))
        let forgedIndex = try scratch.write("p/manifest.forged.json", try forged.encoded())
        try refused([de, forgedIndex], ["error: \(forgedIndex): selection.shard: shard index outside 1…N: expected 1 ≤ index ≤ 2, found 3 of 2"])
        forged.selection = Manifest.Selection(locales: ["de-DE"], shard: nil)
        let mislabelled = try scratch.write("p/manifest.mislabelled.json", try forged.encoded())
        try refused([mislabelled], ["error: \(mislabelled): outputs: outputs outside its selection (de-DE): expected only the outputs it selects, found en-US/a, en-US/b"])

        // The same output listed by two parts with different hashes.
        var conflicting = try JSONDecoder().decode(Manifest.self, from: bytes(de))
        conflicting.outputs[0].svg.sha256 = String(repeating: "0", count: 64)
        let conflict = try scratch.write("p/manifest.conflict.json", try conflicting.encoded())
        try refused([de, conflict], ["error: \(conflict): outputs de-DE/a: listed by two parts with different files: expected the same hashes as \(de), found others"])

        // A runner whose system font has other bytes (fonts are recorded per output).
        var otherFont = try JSONDecoder().decode(Manifest.self, from: bytes(en))
        let font = try XCTUnwrap(otherFont.outputs[0].fonts.first)
        otherFont.outputs[0].fonts[0].sha256 = String(repeating: "f", count: 64)
        let fontFile = try scratch.write("p/manifest.font.json", try otherFont.encoded())
        try refused([de, fontFile], ["error: \(fontFile): outputs en-US/a.fonts: font file differs between runners: expected \(font.path) with sha256 \(font.sha256) as in \(de), found \(String(repeating: "f", count: 64))"])

        // A plan whose fingerprint is not its basis's (edited by hand).
        var edited = try JSONDecoder().decode(Manifest.self, from: bytes(de))
        edited.plan.basis[0].value = "another tool"
        let editedFile = try scratch.write("p/manifest.edited.json", try edited.encoded())
        try refused([editedFile], ["error: \(editedFile): plan.fingerprint: the fingerprint is not the SHA-256 of plan.basis: expected \(Manifest.PlanEntry.fingerprint(of: edited.plan.basis)), found \(edited.plan.fingerprint)"])
    }

    func testAllowPartialMergesAndMarksTheManifestPartial() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        let de = try part(scratch, jobFile, into: "out", locales: ["de-DE"])
        let target = scratch.path("out/manifest.json")
        let (code, out, _) = try runTool(["merge-manifests", de, "--allow-partial", "-o", target])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(out, "merged 1 manifest(s) into \(target) (partial: 6 planned, 2 listed); contact sheet index.html beside it\n")
        let merged = try JSONDecoder().decode(Manifest.self, from: bytes(target))
        XCTAssertEqual(merged.partial, true)
        XCTAssertNil(merged.selection)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/index.html")))
        XCTAssertEqual(withoutPositions(try runTool(["verify", target]).2), """
            error: \(target): outputs: a partial merge (--allow-partial): expected all 6 planned outputs, found 2; missing en-US/a, en-US/b, fr-FR/a, fr-FR/b; check the listed files alone with verify --partial
            1 error(s)

            """)
        XCTAssertEqual(try runTool(["verify", "--partial", target]).0, 0)
    }

    func testEveryLocaleOrOneShardIsAWholeRun() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        let whole = try part(scratch, jobFile, into: "whole")
        let everyLocale = try part(scratch, jobFile, into: "locales", locales: ["fr-FR", "de-DE", "en-US"])
        let oneShard = try part(scratch, jobFile, into: "shard", shard: Shard(index: 1, count: 1))
        XCTAssertEqual([everyLocale, oneShard], [scratch.path("locales/manifest.json"), scratch.path("shard/manifest.json")])
        XCTAssertEqual(try bytes(everyLocale), try bytes(whole))
        XCTAssertEqual(try bytes(oneShard), try bytes(whole))
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("locales/index.html")))
    }

    func testVerifyPartialStillChecksThePartsSelection() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        let de = try part(scratch, jobFile, into: "out", locales: ["de-DE"], shard: Shard(index: 1, count: 2))
        var manifest = try JSONDecoder().decode(Manifest.self, from: bytes(de))
        manifest.selection?.shard = Manifest.ShardEntry(index: 3, count: 2)
        try manifest.encoded().write(to: URL(fileURLWithPath: de))
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: de, partial: true, into: &d)
        XCTAssertEqual(lines(d), ["error: \(de): selection.shard: shard index outside 1…N: expected 1 ≤ index ≤ 2, found 3 of 2"])
    }

    /// A job built through the library API has no job file bytes: every output's texts, the
    /// typesetting and the theme are in the basis themselves, as canonical JSON.
    func testTheBasisHoldsTheResolvedTextsAndTypesetting() throws {
        let scratch = try Scratch()
        var d = DiagnosticCollector()
        let job = try XCTUnwrap(JobLoader.load(file: try job(scratch), into: &d))
        let plan = try XCTUnwrap(Planner.plan(job, inputs: Ingest.read(job, options: epoch), options: epoch, into: &d))
        XCTAssertEqual(lines(d), [])
        func basis(_ plan: Plan) -> [String: String] {
            let items = PlanRecord.basis(plan: plan, options: epoch, rendering: RenderOptions(), toolchain: .current(typesetter: PangoTypesetter()))
            return Dictionary(items.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        }
        let original = basis(plan)
        var reordered = plan
        reordered.typesetting.fonts = ["ja": "Noto Sans CJK JP", "default": "DejaVu Sans"]
        var again = plan
        again.typesetting.fonts = Dictionary(reordered.typesetting.fonts.sorted { $0.key > $1.key }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(basis(reordered), basis(again), "a dictionary's order is not in the basis")
        var edited = plan
        let french = try XCTUnwrap(edited.outputs.firstIndex { $0.locale == "fr-FR" && $0.name == "a" })
        edited.outputs[french].headline = "Une"
        edited.typesetting.fonts["ja"] = "Noto Sans CJK JP"
        edited.theme.headlineColor = "#000000"
        let changed = basis(edited)
        XCTAssertEqual(Set(original.keys.filter { original[$0] != changed[$0] }), ["texts", "typesetting", "theme"])
    }

    func testAPartRunRemovesTheWholeRunsManifestAndAWholeRunTheParts() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: epoch)), [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/manifest.json")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/index.html")))
        try part(scratch, jobFile, into: "out", locales: ["de-DE"])
        try part(scratch, jobFile, into: "out", locales: ["en-US"], shard: Shard(index: 1, count: 2))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/manifest.json")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/index.html")), "the contact sheet goes with its manifest")
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/manifest.de-DE.json")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/manifest.en-US.shard-1-of-2.json")), "parts lie side by side")
        // A whole run supersedes the parts; a folder that only bears a manifest's name is the
        // user's and stays, with what it holds.
        _ = try scratch.write("out/manifest.notes.json/keep.txt", "mine")
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: epoch)), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).filter { $0.hasPrefix("manifest") }.sorted(),
                       ["manifest.json", "manifest.notes.json"])
        XCTAssertEqual(try String(contentsOfFile: scratch.path("out/manifest.notes.json/keep.txt"), encoding: .utf8), "mine")
    }

    /// A part whose output path was `javascript:alert(document.domain)//x.svg` merged with exit
    /// 0 and the contact sheet linked it (issue 36 item 4): every path of a part, output or
    /// input, is a relative POSIX path (an input may be absolute or climb out, never carry a
    /// scheme, a backslash or a NUL); the merge writes nothing, not the sheet nor its script.
    func testMergeRefusesAPartWhosePathHasASchemeABackslashOrANUL() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        let parts = try ["de-DE", "en-US", "fr-FR"].map { try part(scratch, jobFile, into: "p", locales: [$0]) }
        let original = try bytes(parts[1])
        let target = scratch.path("p/manifest.json")
        let cases = [
            ("javascript:alert(document.domain)//x.svg", "the scheme javascript:"),
            ("https://example.com/x.svg", "the scheme https:"),
            ("C:x.svg", "the scheme C:"),
            ("en-US\\a.svg", "a backslash"),
            ("en-US/a\u{0}.svg", "a NUL"),
        ]
        for (path, form) in cases {
            let shown = path.replacingOccurrences(of: "\u{0}", with: "\\0")
            for field in ["outputs[0].svg", "inputs.captures[0]"] {
                var forged = try JSONDecoder().decode(Manifest.self, from: original)
                if field == "outputs[0].svg" { forged.outputs[0].svg.path = path } else { forged.inputs.captures[0].path = path }
                try forged.encoded().write(to: URL(fileURLWithPath: parts[1]))
                XCTAssertEqual(lines(MergedRelease.mergeAndWrite(parts, into: target)), [
                    "error: \(parts[1]): \(field): not a relative POSIX path: expected a path without a scheme, a backslash or a NUL, found \(shown) (\(form))",
                ], "\(field) \(shown)")
                for written in ["manifest.json", "index.html", "index.js"] {
                    XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("p/\(written)")), "\(written) after \(field) \(shown)")
                }
            }
        }
        // The part as rendered merges; the sheet's script is written beside the sheet.
        try original.write(to: URL(fileURLWithPath: parts[1]))
        XCTAssertEqual(lines(MergedRelease.mergeAndWrite(parts, into: target)), [])
        XCTAssertEqual(try bytes(scratch.path("p/index.js")), ContactSheet.script)
    }

    func testVerifyKeepsEveryOutputPathInsideTheManifestsFolder() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: jobFile, options: epoch)), [])
        try scratch.write("secret.svg", "outside")
        var manifest = try JSONDecoder().decode(Manifest.self, from: bytes(scratch.path("out/manifest.json")))
        manifest.outputs[0].svg.path = "../secret.svg"
        manifest.outputs[1].svg.path = scratch.path("secret.svg")
        let file = try scratch.write("out/manifest.json", try manifest.encoded())
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: file, into: &d)
        XCTAssertEqual(lines(d), [
            "error: \(file): outputs[0].svg (../secret.svg): a path outside the manifest's folder: expected a relative path without .., found ../secret.svg",
            "error: \(file): outputs[1].svg (\(scratch.path("secret.svg"))): a path outside the manifest's folder: expected a relative path without .., found \(scratch.path("secret.svg"))",
        ])
    }

    /// plan.panoramas is not in the fingerprint: a part whose panoramas were edited merged (the
    /// first part's won) and verified. Now the panoramas must be those the planned outputs'
    /// panels make (each key names its panel), in verify and in every part of a merge.
    func testEditedPanoramasAreRefusedByVerifyAndMerge() throws {
        let scratch = try Scratch()
        try scratch.write("a.png", try Fixtures.png(width: 390, height: 844))
        let jobFile = try scratch.writeJob([
            "schemaVersion": 1, "output": "out", "captures": [["id": "a", "path": "a.png", "well": "tuck-browser-mobile"]],
            "screens": [["id": "tour", "template": "panorama", "captures": ["a", "a"], "panels": 2]],
            "headlines": ["en-US": ["tour": "Everything"], "de-DE": ["tour": "Alles"]],
        ])
        let en = try part(scratch, jobFile, into: "p", locales: ["en-US"])
        let de = try part(scratch, jobFile, into: "p", locales: ["de-DE"])
        func edit(_ path: String, _ change: (inout [Manifest.Panorama]) -> Void) throws {
            var manifest = try JSONDecoder().decode(Manifest.self, from: bytes(path))
            var panoramas = manifest.plan.panoramas ?? []
            change(&panoramas)
            manifest.plan.panoramas = panoramas
            try manifest.encoded().write(to: URL(fileURLWithPath: path))
        }
        try edit(de) { $0[0].outputs.reverse() }
        let target = scratch.path("manifest.json")
        let (code, _, err) = try runTool(["merge-manifests", en, de, "-o", target])
        XCTAssertEqual(code, 1)
        XCTAssertEqual(withoutPositions(err), "error: \(de): plan.panoramas: panoramas other than the planned outputs' panels: expected tour (2 panel(s): tour-1, tour-2), found tour (2 panel(s): tour-2, tour-1)\n1 error(s)\n")
        try edit(de) { $0[0].panels = 99_999_999; $0[0].outputs = ["../../x", "../../x"] }
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: de, partial: true, into: &d)
        XCTAssertEqual(lines(d).map(withoutPositions), ["error: \(de): plan.panoramas: panoramas other than the planned outputs' panels: expected tour (2 panel(s): tour-1, tour-2), found tour (99999999 panel(s): ../../x, ../../x)"])
    }
}
