import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Publish

/// Issue 25 item 1: one ownership rule for the output folder (`FolderOwnership`), asked by
/// render, `merge-manifests` and preview. The tool replaces or removes only its own files; a
/// user's `index.html`, `manifest.production.json` or an unknown PNG in an upload folder is
/// refused naming it (exit 1), never removed, and the previous release stays whole.
final class FolderOwnershipTests: XCTestCase {
    private let fastlane = PlanOptions(sourceDateEpoch: "1767225600", fastlaneLayout: true)
    private let slotWarning = { (job: String) in
        "warning: \(job): captures[0]: --layout fastlane: 390×844 is not an App Store slot; App Store Connect may reject it (target a slot with \"storeWell\" or \"targets\")"
    }

    /// Every file under `folder` (relative path → SHA-256), the lock left out.
    private func snapshot(_ scratch: Scratch, _ folder: String = "out") throws -> [String: String] {
        var files: [String: String] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: scratch.path(folder))! where !path.hasSuffix(FolderLock.name) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: scratch.path("\(folder)/\(path)"), isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = SHA256.hex(try Data(contentsOf: URL(fileURLWithPath: scratch.path("\(folder)/\(path)"))))
            }
        }
        return files
    }

    private func released(_ scratch: Scratch, headline: String = "Released") throws -> String {
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": headline]])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: fastlane)), [slotWarning(job)])
        return job
    }

    func testAUsersIndexHtmlIsRefusedAndKept() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        let page = try scratch.write("out/index.html", "<!DOCTYPE html>\n<html><body>Our release notes</body></html>\n")
        let report = ScreenshotComposer().render(jobFile: job, options: fastlane)
        XCTAssertEqual(errorLines(report), [
            "error: \(scratch.path("out")): (output folder): a contact sheet this tool did not write is in the way: expected nothing or a contact sheet of this tool (it carries its marker), found \(page), which no manifest, record or marker of this tool in \(scratch.path("out")) claims; move it away or choose another output folder",
        ])
        XCTAssertEqual(try String(contentsOfFile: page, encoding: .utf8), "<!DOCTYPE html>\n<html><body>Our release notes</body></html>\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/manifest.json")), "nothing is published")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/en-US/shot.png")))

        // The contact sheet of an earlier version (no marker: its opening and notice) is the tool's.
        try FileManager.default.removeItem(atPath: page)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: fastlane)), [slotWarning(job)])
        let current = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(current.contains(ContactSheet.marker))
        try scratch.write("out/index.html", current.replacingOccurrences(of: ContactSheet.marker + "\n", with: "").replacingOccurrences(of: "Released", with: "Old"))
        try scratch.write("out/notes/index.html", "mine")
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: fastlane)), [slotWarning(job)])
        XCTAssertEqual(try String(contentsOfFile: page, encoding: .utf8), current)
    }

    /// The contact sheet's script (issue 36 item 4) is the tool's by its first line: a user's
    /// `index.js` is refused and kept; the tool's is replaced by a re-run, the same bytes, and
    /// goes with the sheet when a part run removes the whole run's manifest.
    func testAUsersIndexJsIsRefusedAndTheToolsGoesWithItsSheet() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Hello"], "de-DE": ["shot": "Hallo"]])
        let script = try scratch.write("out/index.js", "console.log('ours')\n")
        XCTAssertEqual(errorLines(ScreenshotComposer().render(jobFile: job, options: fastlane)), [
            "error: \(scratch.path("out")): (output folder): a contact sheet script this tool did not write is in the way: expected nothing or the contact sheet's script of this tool (its first line is its marker), found \(script), which no manifest, record or marker of this tool in \(scratch.path("out")) claims; move it away or choose another output folder",
        ])
        XCTAssertEqual(try String(contentsOfFile: script, encoding: .utf8), "console.log('ours')\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/manifest.json")), "nothing is published")

        try FileManager.default.removeItem(atPath: script)
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: fastlane)), [slotWarning(job)])
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: fastlane)), [slotWarning(job)])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: script)), ContactSheet.script)
        var part = fastlane
        part.locales = ["de-DE"]
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: part)), [slotWarning(job)])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).filter { $0.hasPrefix("index") || $0.hasPrefix("manifest") },
                       ["manifest.de-DE.json"])
    }

    func testAUsersManifestProductionJsonSurvivesRenderAndMerge() throws {
        let scratch = try Scratch()
        let job = try released(scratch)
        // The team's own file, and a copy of the release manifest kept under their name: neither
        // is a part manifest of this folder (no selection names it), so both stay.
        let own = try scratch.write("out/manifest.production.json", #"{"track": "production", "rollout": 0.2}"# + "\n")
        let copy = try scratch.write("out/manifest.backup.json", try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/manifest.json"))))
        let before = (try Data(contentsOf: URL(fileURLWithPath: own)), try Data(contentsOf: URL(fileURLWithPath: copy)))
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: fastlane)), [slotWarning(job)])
        // Then merge-manifests writing the folder's manifest and contact sheet anew.
        let merged = MergedRelease.mergeAndWrite([scratch.path("out/manifest.json")], into: scratch.path("out/manifest.json"))
        XCTAssertEqual(lines(merged), [])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: own)), before.0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy)), before.1)
        XCTAssertEqual(lines(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json"))), [])
    }

    func testAnUnknownPNGInDeliversFolderIsRefusedAndTheReleaseStaysWhole() throws {
        let scratch = try Scratch()
        let job = try released(scratch)
        let before = try snapshot(scratch)
        XCTAssertNotNil(before["fastlane/screenshots/en-US/01_shot.png"])
        let stray = try scratch.write("out/fastlane/screenshots/en-US/05_teaser.png", try Fixtures.png(width: 16, height: 16))
        _ = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Edited"]])
        let expected = "error: \(job): output: an image in an upload folder that this tool did not write: expected only the screenshots this tool writes in \(scratch.path("out/fastlane/screenshots/en-US")), found \(stray), which fastlane deliver would upload with them; move it away"
        // check reports it; render refuses it, exit 1, before anything is written.
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: fastlane)), [expected])
        let (code, _, err) = try runTool(["render", job, "--layout", "fastlane"], environment: ["SOURCE_DATE_EPOCH": "1767225600"])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(withoutPositions(err).contains(expected + "\n"), err)
        var after = try snapshot(scratch)
        XCTAssertNotNil(after.removeValue(forKey: "fastlane/screenshots/en-US/05_teaser.png"))
        XCTAssertEqual(after, before, "the previous release changed")
        XCTAssertEqual(lines(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json"))), [])

        // Moved away, the run goes on; the tool's own screenshots of earlier runs still go.
        try FileManager.default.removeItem(atPath: stray)
        let leftover = "fastlane/screenshots/en-US/01_shot.png"
        try FileManager.default.moveItem(atPath: scratch.path("out/\(leftover)"), toPath: scratch.path("out/fastlane/screenshots/en-US/01_kept.png"))
        XCTAssertEqual(errorLines(ScreenshotComposer().render(jobFile: job, options: fastlane)).count, 1, "01_kept.png is no file of the tool's")
        try FileManager.default.removeItem(atPath: scratch.path("out/fastlane/screenshots/en-US/01_kept.png"))
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: fastlane)), [slotWarning(job)])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out/fastlane/screenshots/en-US")), ["01_shot.png"])
    }

    func testAnUnknownPNGInSuppliesFolderIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("shots/pixel.png", try Fixtures.png(width: 1080, height: 2400))
        let job = try scratch.writeJob(["schemaVersion": 1, "output": "out", "targets": ["google-play:phone"],
                                        "captures": [["id": "pixel", "path": "shots/pixel.png"]],
                                        "headlines": ["en-US": ["pixel": "On every phone"]]])
        let stray = try scratch.write("out/fastlane/metadata/android/en-US/images/phoneScreenshots/00_promo.jpg", Data([0xFF, 0xD8, 0xFF]))
        // The team's own icon beside the screenshot folders is none of the run's business.
        let icon = try scratch.write("out/fastlane/metadata/android/en-US/images/icon.png", try Fixtures.png(width: 16, height: 16))
        XCTAssertEqual(errorLines(ScreenshotComposer().render(jobFile: job, options: fastlane)), [
            "error: \(job): output: an image in an upload folder that this tool did not write: expected only the screenshots this tool writes in \(scratch.path("out/fastlane/metadata/android/en-US/images/phoneScreenshots")), found \(stray), which fastlane supply would upload with them; move it away",
        ])
        try FileManager.default.removeItem(atPath: stray)
        XCTAssertEqual(errorLines(ScreenshotComposer().render(jobFile: job, options: fastlane)), [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: icon))
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path("out/fastlane/metadata/android/en-US/images/phoneScreenshots/01_pixel.png")))
    }

    func testAUsersFileWhereAnOutputGoesIsRefused() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        let mine = try scratch.write("out/en-US/shot.svg", "<svg>my sketch</svg>")
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: PlanOptions(sourceDateEpoch: "1767225600"))), [
            "error: \(job): output: a file this tool did not write is in the way: expected nothing or an output a manifest of this folder lists, found \(mine), which no manifest, record or marker of this tool in \(scratch.path("out")) claims; move it away or choose another output folder",
        ])
        XCTAssertEqual(try String(contentsOfFile: mine, encoding: .utf8), "<svg>my sketch</svg>")
    }

    /// A part run removes the whole run's manifest; the other locales' files it listed stay the
    /// tool's (kept on record), and a run killed after the old manifest went leaves its files
    /// known the same way.
    func testFilesNoManifestListsAnyMoreStayTheToolsOnRecord() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "One"], "de-DE": ["shot": "Eins"]])
        let epoch = PlanOptions(sourceDateEpoch: "1767225600")
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        var german = epoch
        german.locales = ["de-DE"]
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: german)), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/manifest.json")))
        XCTAssertEqual(OwnedFilesRecord.read(scratch.url.appendingPathComponent("out/\(OwnedFilesRecord.name)"))?.files,
                       ["en-US/captures/shot.png", "en-US/shot.png", "en-US/shot.svg"])
        var english = epoch
        english.locales = ["en-US"]
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: english)), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/\(OwnedFilesRecord.name)")), "every file is listed again")

        // Killed after the old manifest went: the record written before it names every file.
        try FileManager.default.removeItem(atPath: scratch.path("out/manifest.en-US.json"))
        try FileManager.default.removeItem(atPath: scratch.path("out/manifest.de-DE.json"))
        try OwnedFilesRecord(files: ["en-US/captures/shot.png", "en-US/shot.png", "en-US/shot.svg", "de-DE/captures/shot.png", "de-DE/shot.png", "de-DE/shot.svg"])
            .write(to: scratch.url.appendingPathComponent("out/\(OwnedFilesRecord.name)"))
        XCTAssertEqual(lines(ScreenshotComposer().render(jobFile: job, options: epoch)), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("out/\(OwnedFilesRecord.name)")))
        XCTAssertEqual(lines(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json"))), [])
    }

    func testMergeKeepsAUsersIndexHtmlAndManifestAndTakesTheLock() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "One"], "de-DE": ["shot": "Eins"]])
        var parts: [String] = []
        for locale in ["de-DE", "en-US"] {
            var options = PlanOptions(sourceDateEpoch: "1767225600")
            options.output = scratch.path("parts/\(locale)")
            options.locales = [locale]
            let report = ScreenshotComposer().render(jobFile: job, options: options)
            XCTAssertEqual(lines(report), [])
            parts.append(try XCTUnwrap(report.manifestURL).path)
        }
        // -o in the folder above the parts, where the team keeps its own page and manifest.
        let page = try scratch.write("parts/index.html", "<html>ours</html>")
        let target = scratch.path("parts/manifest.json")
        let (code, out, err) = try runTool(["merge-manifests"] + parts + ["-o", target])
        XCTAssertEqual([String(code), out], ["1", ""])
        XCTAssertEqual(withoutPositions(err), """
            error: \(target): -o: a contact sheet this tool did not write is in the way: expected nothing or a contact sheet of this tool (it carries its marker), found \(page), which no manifest, record or marker of this tool in \(scratch.path("parts")) claims; move it away or choose another output folder
            1 error(s)

            """)
        XCTAssertEqual(try String(contentsOfFile: page, encoding: .utf8), "<html>ours</html>")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
        try FileManager.default.removeItem(atPath: page)
        let theirs = try scratch.write("parts/manifest.json", #"{"kind": "deployment"}"#)
        XCTAssertEqual(errorLines(MergedRelease.mergeAndWrite(parts, into: target)), [
            "error: \(target): -o: a manifest this tool did not write is in the way: expected nothing or a manifest of this tool (kind composed-screenshots, its plan's fingerprint), found \(theirs), which no manifest, record or marker of this tool in \(scratch.path("parts")) claims; move it away or choose another output folder",
        ])
        XCTAssertEqual(try String(contentsOfFile: theirs, encoding: .utf8), #"{"kind": "deployment"}"#)
        try FileManager.default.removeItem(atPath: theirs)

        // While a render (here: its lock) holds a part's folder, the merge is refused, not run.
        do {
            let rendering = try FolderLock(URL(fileURLWithPath: scratch.path("parts/de-DE")))
            XCTAssertEqual(errorLines(MergedRelease.mergeAndWrite(parts, into: target)), [
                "error: \(scratch.path("parts/de-DE")): (output folder): another run is writing this output folder: expected it free, found \(scratch.path("parts/de-DE/\(FolderLock.name)")) locked; wait for that run or choose another --out",
            ])
            withExtendedLifetime(rendering) {}
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
        XCTAssertEqual(lines(MergedRelease.mergeAndWrite(parts, into: target)), [])
        XCTAssertEqual(lines(ScreenshotComposer.verify(manifestFile: target)), [])
        // And a render of the folder waits for no merge: the merge's lock refuses it meanwhile.
        let merging = try MergedRelease.takeLocks(folder: URL(fileURLWithPath: scratch.path("parts")), parts: parts)
        var options = PlanOptions(sourceDateEpoch: "1767225600")
        options.output = scratch.path("parts/de-DE")
        options.locales = ["de-DE"]
        XCTAssertEqual(errorLines(ScreenshotComposer().render(jobFile: job, options: options)).count, 1)
        withExtendedLifetime(merging) {}
    }

    func testPreviewRefusesALinkAndAReleaseFolder() throws {
        let scratch = try Scratch()
        let job = try released(scratch)
        let release = try snapshot(scratch)
        // <out>/.preview a link to a folder elsewhere: nothing is written there.
        try FileManager.default.createDirectory(atPath: scratch.path("elsewhere"), withIntermediateDirectories: true)
        let elsewhereFile = try scratch.write("elsewhere/index.html", "theirs")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("out/.preview"), withDestinationPath: scratch.path("elsewhere"))
        let options = PlanOptions(sourceDateEpoch: "1767225600")
        XCTAssertEqual(PreviewSession(jobFile: job, options: options).renderPass(), [
            "error: \(scratch.path("out/.preview")): (preview folder): the preview folder is a symbolic link: expected a folder of the preview's own, found a link at \(scratch.path("out/.preview")); preview writes only into a real folder",
        ])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("elsewhere")), ["index.html"])
        XCTAssertEqual(try String(contentsOfFile: elsewhereFile, encoding: .utf8), "theirs")
        try FileManager.default.removeItem(atPath: scratch.path("out/.preview"))

        // --preview-out the release folder itself.
        let session = PreviewSession(jobFile: job, options: options, previewOutput: URL(fileURLWithPath: scratch.path("out")))
        XCTAssertEqual(session.renderPass(), [
            "error: \(scratch.path("out")): (preview folder): the preview folder holds a release: expected a folder of the preview's own, found the manifest \(scratch.path("out/manifest.json")); preview never writes over a release (use <out>/.preview, the default, or another --preview-out)",
        ])
        XCTAssertEqual(try snapshot(scratch), release)
        XCTAssertEqual(lines(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json"))), [])

        // A folder of the user's as --preview-out: their index.html is in the way.
        let mine = try scratch.write("review/index.html", "<html>ours</html>")
        XCTAssertEqual(PreviewSession(jobFile: job, options: options, previewOutput: URL(fileURLWithPath: scratch.path("review"))).renderPass(), [
            "error: \(scratch.path("review")): (preview folder): a contact sheet this tool did not write is in the way: expected nothing or a contact sheet of this tool (it carries its marker), found \(mine), which no manifest, record or marker of this tool in \(scratch.path("review")) claims; move it away or choose another output folder",
        ])
        XCTAssertEqual(try String(contentsOfFile: mine, encoding: .utf8), "<html>ours</html>")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("review/en-US/shot.svg")), "nothing of the pass is written")
    }

    /// The preview folder is the preview's own: a second session rewrites what the first wrote
    /// (its record), and an earlier version's preview folder (no record, its contact sheet) is
    /// taken over; a file of the user's put there is refused.
    func testPreviewRewritesItsOwnFilesOnly() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch)
        let options = PlanOptions(sourceDateEpoch: "1767225600")
        do {
            XCTAssertEqual(PreviewSession(jobFile: job, options: options).renderPass(), ["rendered en-US/shot.svg"])
        }
        _ = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Second session"]])
        do {
            XCTAssertEqual(PreviewSession(jobFile: job, options: options).renderPass(), ["rendered en-US/shot.svg"])
        }
        // An earlier version wrote no record.
        try FileManager.default.removeItem(atPath: scratch.path("out/.preview/\(OwnedFilesRecord.name)"))
        let sheet = try String(contentsOfFile: scratch.path("out/.preview/index.html"), encoding: .utf8)
        try scratch.write("out/.preview/index.html", sheet.replacingOccurrences(of: ContactSheet.marker + "\n", with: ""))
        _ = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Third session"]])
        do {
            XCTAssertEqual(PreviewSession(jobFile: job, options: options).renderPass(), ["rendered en-US/shot.svg"])
        }
        XCTAssertTrue(try String(contentsOfFile: scratch.path("out/.preview/en-US/shot.svg"), encoding: .utf8).contains("Third session"))
        // A file of the user's where the preview writes.
        let record = scratch.url.appendingPathComponent("out/.preview/\(OwnedFilesRecord.name)")
        try OwnedFilesRecord(files: ["index.html", "en-US/captures/shot.png"]).write(to: record)
        _ = try Fixtures.mobileJob(in: scratch, headlines: ["en-US": ["shot": "Fourth session"]])
        XCTAssertEqual(PreviewSession(jobFile: job, options: options).renderPass(), [
            "error: \(scratch.path("out/.preview")): (preview folder): a file this tool did not write is in the way: expected nothing or an output a manifest of this folder lists, found \(scratch.path("out/.preview/en-US/shot.svg")), which no manifest, record or marker of this tool in \(scratch.path("out/.preview")) claims; move it away or choose another output folder",
        ])
        XCTAssertTrue(try String(contentsOfFile: scratch.path("out/.preview/en-US/shot.svg"), encoding: .utf8).contains("Third session"))
    }

    /// A folder holding a copied contact sheet (the tool's marker, no record, no manifest) beside
    /// a user's own `en-US/shot.svg` and `notes.txt` is not an earlier version's preview to take
    /// over whole: only the composed SVGs the sheet links to are claimed, so the user's SVG is
    /// refused naming it and kept byte for byte, and nothing is recorded as the tool's (it
    /// claimed all three before and replaced the SVG, exit 0). With a composed SVG there, the
    /// pass goes on and records only its own files, never the notes.
    func testPreviewClaimsOnlyTheComposedFilesAnEarlierSheetLinks() throws {
        let scratch = try Scratch()
        let job = try released(scratch)
        try FileManager.default.createDirectory(atPath: scratch.path("review/en-US"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: scratch.path("out/index.html"), toPath: scratch.path("review/index.html"))
        let mine = try scratch.write("review/en-US/shot.svg", "<svg>my hand-edited version</svg>\n")
        let notes = try scratch.write("review/notes.txt", "notes\n")
        let review = URL(fileURLWithPath: scratch.path("review"))
        let record = scratch.path("review/\(OwnedFilesRecord.name)")
        let options = PlanOptions(sourceDateEpoch: "1767225600")
        XCTAssertEqual(PreviewSession(jobFile: job, options: options, previewOutput: review).renderPass(), [
            "error: \(review.path): (preview folder): a file this tool did not write is in the way: expected nothing or an output a manifest of this folder lists, found \(mine), which no manifest, record or marker of this tool in \(review.path) claims; move it away or choose another output folder",
        ])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: mine)), Data("<svg>my hand-edited version</svg>\n".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: record), "nothing of the user's recorded as the tool's")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("review/en-US/captures/shot.png")), "nothing of the pass is written")

        // An earlier version's preview: the sheet links a composed SVG (its root carries the marker).
        try FileManager.default.removeItem(atPath: mine)
        try FileManager.default.copyItem(atPath: scratch.path("out/en-US/shot.svg"), toPath: mine)
        XCTAssertEqual(PreviewSession(jobFile: job, options: options, previewOutput: review).renderPass(), ["rendered en-US/shot.svg"])
        XCTAssertEqual(OwnedFilesRecord.read(URL(fileURLWithPath: record))?.files, ["en-US/captures/shot.png", "en-US/shot.svg", "index.html", "index.js"])
        XCTAssertEqual(try String(contentsOfFile: notes, encoding: .utf8), "notes\n")
    }
}
