import Foundation
import Diagnostics
import Support
import Plan
import Manifest
#if canImport(Glibc)
import Glibc
#endif

/// `merge-manifests`' publish step: the merged manifest (`ManifestMerger`) and its contact sheet
/// written beside it, under the locks of the folders involved and the folder's ownership rule.
public enum MergedRelease {
    /// Merges and, when the merge succeeds, writes the manifest and then the contact sheet's
    /// script (`index.js`) and the sheet (`index.html`) beside it, each atomically. When merging fails, or a file of the user's stands
    /// where either goes, nothing is written.
    public static func mergeAndWrite(_ files: [String], into output: String, allowPartial: Bool = false) -> RunReport {
        var d = DiagnosticCollector()
        let manifestURL = URL(fileURLWithPath: output).standardizedFileURL
        let folder = manifestURL.deletingLastPathComponent()
        // The folder written and the parts' folders are locked, as a render locks its folder:
        // a render there meanwhile left a manifest of the old parts over its new files.
        let locks: [FolderLock]
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            locks = try takeLocks(folder: folder, parts: files)
        } catch let error as LockRefused {
            d.error(error.folder.path, "(output folder)", error.message)
            return RunReport(diagnostics: d.diagnostics)
        } catch {
            d.error(output, "(output)", "cannot write the merged manifest: \(FileErrorText.describe(error, path: folder.path))")
            return RunReport(diagnostics: d.diagnostics)
        }
        defer { withExtendedLifetime(locks) {} }
        // -o over one of the parts: refused whatever the parts hold.
        let samePart = MergeOutputName.problems(output: output, parts: files, locales: [])
        guard let merged = ManifestMerger.merge(files, into: output, allowPartial: allowPartial, diagnostics: &d), samePart.isEmpty else {
            for problem in samePart { d.error(output, "-o", problem) }
            return RunReport(diagnostics: d.diagnostics)
        }
        // -o under a part's name (of the locales merged): a run of that part would take it for its own.
        let partName = MergeOutputName.problems(output: output, parts: [], locales: Set(merged.outputs.map(\.locale)))
        if !partName.isEmpty {
            for problem in partName { d.error(output, "-o", problem) }
            return RunReport(diagnostics: d.diagnostics)
        }
        // The manifest and the contact sheet replace only the tool's own files there.
        let name = manifestURL.lastPathComponent
        let problems = FolderOwnership.scan(folder, manifest: name).check(writing: [name, OutputPaths.contactSheet, OutputPaths.contactSheetScript]).problems
        if !problems.isEmpty {
            for problem in problems { d.error(output, "-o", problem) }
            return RunReport(diagnostics: d.diagnostics)
        }
        // The old contact sheet goes first and the new one comes last, as in a render's publish
        // (`OutputFolder.publish`): a merge killed or failing in between leaves a manifest
        // without its sheet, never a sheet without the manifest it shows.
        do {
            let sheet = folder.appendingPathComponent(OutputPaths.contactSheet)
            let encoded = try merged.encoded()
            if FolderOwnership.kind(sheet) == S_IFREG, unlink(sheet.path) != 0 {
                throw AtomicFile.fileError(errno, path: sheet.path)
            }
            try AtomicFile.write(encoded, to: manifestURL)
            try AtomicFile.write(ContactSheet.script, to: folder.appendingPathComponent(OutputPaths.contactSheetScript))
            try AtomicFile.write(ContactSheet.html(manifest: merged, warnings: []), to: sheet)
        } catch {
            d.error(output, "(output)", "cannot write the merged manifest: \(FileErrorText.describe(error, path: output))")
            return RunReport(diagnostics: d.diagnostics)
        }
        return RunReport(diagnostics: d.diagnostics, manifest: merged, manifestURL: manifestURL, outputCount: merged.outputs.count)
    }

    /// The lock of the folder written, then of each part manifest's folder it reads (skipped
    /// where no lock can be made: a read-only folder of downloaded parts), each folder once.
    static func takeLocks(folder: URL, parts: [String]) throws -> [FolderLock] {
        func refused(_ folder: URL, _ take: () throws -> FolderLock?) throws -> FolderLock? {
            do { return try take() } catch let error as OutputFolderError { throw LockRefused(folder: folder, message: error.message) }
        }
        var seen: Set<String> = [folder.resolvingSymlinksInPath().path]
        var locks = [try refused(folder) { try FolderLock(folder) }].compactMap { $0 }
        for part in parts {
            let partFolder = URL(fileURLWithPath: part).standardizedFileURL.deletingLastPathComponent()
            guard seen.insert(partFolder.resolvingSymlinksInPath().path).inserted else { continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: partFolder.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            if let lock = try refused(partFolder, { try FolderLock.ifWritable(partFolder) }) { locks.append(lock) }
        }
        return locks
    }

    /// A folder the merge must lock that another run holds (or whose lock is unusable).
    struct LockRefused: Error {
        var folder: URL
        var message: String
    }
}
