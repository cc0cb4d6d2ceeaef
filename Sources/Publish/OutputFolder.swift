import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
import Support
import Plan
#endif

/// The output folder of one run: a lock so two runs never write it at once, a staging folder
/// inside it where every file of the run is written first, and the move of the staged files
/// to their final names once every output succeeded.
///
/// A failed run leaves the previous run's files untouched. The old manifest is removed before
/// the first file is moved, so a run killed while moving leaves complete files and no manifest
/// that would vouch for a mix of old and new ones.
package final class OutputFolder {
    let root: URL
    package let staging: URL
    private let lock: FolderLock

    static let lockName = FolderLock.name
    static let stagingPrefix = ".staging-"
    /// Written into every staging folder this tool makes: only folders holding it (and named
    /// `.staging-<pid>`) are ever removed, so a user's `.staging-area/` stays.
    static let stagingMarker = StagingRegistry.marker

    /// Creates the folder if needed and takes its lock. Throws `OutputFolderError` when the
    /// path is not a folder, cannot be made, or another run holds the lock.
    package init(_ root: URL) throws {
        self.root = root
        if let problem = OutputPaths.rootProblem(root) { throw OutputFolderError(message: problem) }
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw OutputFolderError(message: "cannot create the output folder: \(FileErrorText.describe(error, path: root.path))")
        }
        // Taking the lock removes what killed runs left under the tool's temporary names.
        lock = try FolderLock(root)
        // Staging folders of killed runs: no run holds the lock, so none is in use.
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted() where Self.isOwnStaging(root.appendingPathComponent(name)) {
            StagingRegistry.removeStaging(root.appendingPathComponent(name).path)
        }
        staging = root.appendingPathComponent("\(Self.stagingPrefix)\(getpid())")
        try Self.makeStaging(staging)
        // Removed by the CLI's signal thread if the run is interrupted.
        StagingRegistry.register(staging)
    }

    /// Makes the staging folder with its marker under a temporary name of the tool's, then
    /// renames it: a run killed on the way leaves a folder the next run removes
    /// (`TemporaryName.removeLeftovers`), never a `.staging-<pid>` without its marker.
    private static func makeStaging(_ staging: URL) throws {
        let building = staging.deletingLastPathComponent().appendingPathComponent(TemporaryName.next()).path
        if mkdir(building, 0o755) != 0 {
            throw OutputFolderError(message: "cannot create the staging folder \(staging.path): \(String(cString: strerror(errno)))")
        }
        let marker = open(building + "/" + stagingMarker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard marker >= 0, close(marker) == 0 else {
            StagingRegistry.removeMarkedTree(building)
            throw OutputFolderError(message: "cannot write into the staging folder \(staging.path)")
        }
        var info = stat()
        guard lstat(staging.path, &info) != 0 else {
            StagingRegistry.removeMarkedTree(building)
            throw OutputFolderError(message: "the staging folder's name is taken: expected nothing at \(staging.path), found an entry this tool did not make; move it away")
        }
        if rename(building, staging.path) != 0 {
            let code = errno
            StagingRegistry.removeMarkedTree(building)
            throw OutputFolderError(message: "cannot create the staging folder \(staging.path): \(String(cString: strerror(code)))")
        }
    }

    /// A staging folder of this tool: `.staging-<digits>`, a real folder (not a link), holding
    /// the marker file.
    static func isOwnStaging(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        guard name.hasPrefix(stagingPrefix), name.count > stagingPrefix.count,
              name.dropFirst(stagingPrefix.count).allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        var info = stat()
        guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        var marker = stat()
        return lstat(url.appendingPathComponent(stagingMarker).path, &marker) == 0 && (marker.st_mode & S_IFMT) == S_IFREG
    }

    deinit {
        // Under the registry's lock, once: a Ctrl-C or SIGTERM now may be removing it too.
        // The folder lock goes after (with `lock`).
        StagingRegistry.remove(staging)
    }

    /// Moves the staged files (paths relative to the folder) to their final names, after
    /// removing the old manifest. A folder on the way that is a symbolic link is refused: the
    /// files must land inside the output folder.
    ///
    /// `review` files (the contact sheet) show what the manifest vouches for: the old ones go
    /// with the old manifest, and the new ones are moved in only after the new manifest is
    /// written, so neither is ever there without the other (a full disk at the manifest leaves
    /// no page showing unvouched outputs).
    ///
    /// The steps, in this fixed order (each a rename or an unlink; the slow check
    /// `scripts/slow-checks/publish-kill` kills a run at every one of them):
    /// 1. the record of the files the tool owns here (`OwnedFilesRecord`), written;
    /// 2. the contact sheet, its script, then the manifests it replaces, removed
    ///    (`staleInRemovalOrder`);
    /// 3. the staged files moved in, in the plan's order;
    /// 4. the manifest written, then the new contact sheet's script and the sheet moved in;
    /// 5. files no manifest vouches for any more removed (by path), their emptied folders
    ///    (deepest first), then the record removed or rewritten.
    /// Each file written goes through a temporary name of the tool's (`AtomicFile`).
    ///
    /// An interruption (Ctrl-C) waits for a publish that has begun (`StagingRegistry`).
    package func publish(_ relativePaths: [String], manifest: Data, name: String = "manifest.json", review: [String] = []) throws {
        try StagingRegistry.writing { try publishNow(relativePaths, manifest: manifest, name: name, review: review) }
    }

    /// The files a publish removes before moving its files in, in the order it removes them.
    /// A part run replaces files the whole run's manifest lists: that manifest and the contact
    /// sheet that goes with it no longer describe the folder. A whole run's manifest supersedes
    /// every part manifest it recognises (they list files it rewrote). The contact sheet goes
    /// first, then its script, then the manifests (this run's name, `manifest.json`, the parts
    /// by name): a run killed between two removals leaves a manifest without its sheet, never
    /// `index.html` without the `manifest.json` it shows (the order of a `Set` did, now and
    /// then) or without its `index.js`.
    static func staleInRemovalOrder(name: String, review: [String], manifests: [String]) -> [String] {
        var order = [OutputPaths.contactSheet, OutputPaths.contactSheetScript] + review + [name, OutputPaths.manifest]
        if name == OutputPaths.manifest { order += manifests.sorted() }
        var seen: Set<String> = []
        return order.filter { seen.insert($0).inserted }
    }

    private func publishNow(_ relativePaths: [String], manifest: Data, name: String, review: [String]) throws {
        let manifestURL = root.appendingPathComponent(name)
        // Every destination is checked, then every folder made, before anything is replaced.
        // (The manifest's own place is checked; its name is the tool's, never nested.)
        var problems = OutputPaths.destinationProblems(root: root, files: relativePaths + review)
            + [OutputPaths.componentProblem(at: manifestURL, folder: false)].compactMap { $0 }
        // The one ownership rule, under the lock: whatever the run replaces or removes is the
        // tool's; anything else in its way refuses the run before anything changes.
        let ownership = FolderOwnership.scan(root)
        let verdict = ownership.check(writing: relativePaths + [name] + review)
        problems += verdict.problems
        if let first = problems.first { throw OutputFolderError(message: first, others: Array(problems.dropFirst())) }
        for relative in relativePaths + review { try makeFolders(for: relative) }
        let written = Set(relativePaths)
        // Until the new manifest is written, the files the old manifests list and those this run
        // moves in are recorded as the tool's: a run killed in between leaves them known.
        let recordURL = root.appendingPathComponent(OwnedFilesRecord.name)
        let owned = ownership.listed.union(written.compactMap(FolderOwnership.normalized))
        try OwnedFilesRecord(files: owned).write(to: recordURL)
        // Only the tool's own files, never a folder bearing such a name (it would take
        // everything inside with it).
        let stale = Self.staleInRemovalOrder(name: name, review: review, manifests: Array(ownership.manifests.keys))
        for old in stale where ownership.isOwn(old) && FolderOwnership.kind(root.appendingPathComponent(old)).map({ $0 != S_IFDIR }) == true {
            try FileManager.default.removeItem(at: root.appendingPathComponent(old))
        }
        for relative in relativePaths {
            let target = root.appendingPathComponent(relative)
            if rename(staging.appendingPathComponent(relative).path, target.path) != 0 {
                throw OutputFolderError(message: "cannot move \(relative) into place: \(String(cString: strerror(errno)))")
            }
        }
        try AtomicFile.write(manifest, to: manifestURL)
        for relative in review where rename(staging.appendingPathComponent(relative).path, root.appendingPathComponent(relative).path) != 0 {
            throw OutputFolderError(message: "cannot move \(relative) into place: \(String(cString: strerror(errno)))")
        }
        // Files of an earlier run that no manifest vouches for any more go: for a part run, what
        // its own earlier manifest listed; for a whole run, everything of the tool's it did not
        // write again (its manifest supersedes every other). Files another manifest still here
        // lists (a part's) stay, and so does a file this run read (a capture copy the job now
        // names as its capture: the new manifest lists it as an input). Any other file in the
        // folder is the user's and is never touched.
        let inputs = Self.inputPaths(listedIn: manifest, root: root)
        let keptManifests = ownership.manifests.filter { !stale.contains($0.key) }.values
        let stillListed = keptManifests.reduce(into: Set<String>()) { $0.formUnion(FolderOwnership.outputFiles(of: $1)) }
        let listedBefore = name == OutputPaths.manifest ? ownership.listed : ownership.manifests[name].map(FolderOwnership.outputFiles) ?? []
        for relative in listedBefore.sorted() where !written.contains(relative) && !review.contains(relative)
            && !stillListed.contains(relative) && !inputs.contains(root.appendingPathComponent(relative).standardizedFileURL.path) {
            removeIfOwnOutput(relative)
        }
        // fastlane deliver and supply upload every image in a folder: the tool's screenshots of
        // an earlier run that this one does not write go (an unknown one refused the run above).
        for relative in verdict.staleUploads { removeIfOwnOutput(relative) }
        removeEmptiedFolders(holding: listedBefore)
        // What stays the tool's that no manifest here lists (another locale's files after a part
        // run removed the whole run's manifest) is kept on record; nothing else needs one.
        let orphans = owned.subtracting(written).subtracting(stillListed).filter {
            FolderOwnership.kind(root.appendingPathComponent($0)).map { $0 != S_IFDIR } == true
        }
        if orphans.isEmpty {
            unlink(recordURL.path)
        } else {
            try OwnedFilesRecord(files: orphans).write(to: recordURL)
        }
    }

    /// A re-run that drops a locale or device leaves its folders empty, and an empty language
    /// folder is noise in deliver's and supply's trees: a folder goes when the old manifest
    /// listed files under it and it is now empty. Deepest first, so `fastlane/screenshots/ja`
    /// goes before `fastlane/screenshots` is judged. Only real folders reached through real
    /// folders (never a link); a folder the old manifest listed nothing under is the user's and
    /// stays, empty or not; `rmdir` removes nothing but an empty folder.
    private func removeEmptiedFolders(holding listedBefore: Set<String>) {
        var folders: Set<String> = []
        for relative in listedBefore {
            let components = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard !components.contains(".."), !components.contains("."), !components.contains("") else { continue }
            for depth in stride(from: components.count - 1, to: 0, by: -1) {
                folders.insert(components.prefix(depth).joined(separator: "/"))
            }
        }
        let deepestFirst = folders.sorted { a, b in
            let (da, db) = (a.split(separator: "/").count, b.split(separator: "/").count)
            return da != db ? da > db : a < b
        }
        for relative in deepestFirst {
            var folder = root
            var real = true
            for component in relative.split(separator: "/") {
                folder = folder.appendingPathComponent(String(component))
                var status = stat()
                if lstat(folder.path, &status) != 0 || (status.st_mode & S_IFMT) != S_IFDIR { real = false; break }
            }
            guard real, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path), names.isEmpty else { continue }
            _ = rmdir(folder.path)
        }
    }

    /// Every `path` under a manifest's `inputs` (captures, frames, headline files, …) as an
    /// absolute standardized path; relative paths are relative to `root`, built-ins skipped.
    static func inputPaths(listedIn manifest: Data, root: URL) -> Set<String> {
        var paths: Set<String> = []
        func walk(_ value: JSONValue) {
            if let object = value.objectValue {
                for (key, child) in object {
                    if key == "path", let path = child.stringValue, !path.hasPrefix("builtin:") {
                        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
                        paths.insert(url.standardizedFileURL.path)
                    } else {
                        walk(child)
                    }
                }
            } else if let array = value.arrayValue {
                array.forEach(walk)
            }
        }
        if let inputs = (try? JSONValue.parse(manifest))?.objectValue?["inputs"] { walk(inputs) }
        return paths
    }

    /// Removes `relative` when it is a file (or link) reached through real folders only: a
    /// linked folder on the way would lead outside the output folder.
    private func removeIfOwnOutput(_ relative: String) {
        // Empty components too: "en-US//home.png" is another spelling of a file this run may
        // just have written, and only the exact spelling is compared with the written set.
        let components = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !components.isEmpty, !components.contains(".."), !components.contains("."), !components.contains("") else { return }
        var folder = root
        for component in components.dropLast() {
            folder = folder.appendingPathComponent(component)
            var status = stat()
            guard lstat(folder.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return }
        }
        let file = root.appendingPathComponent(relative)
        if Self.isFileOrLink(file) { try? FileManager.default.removeItem(at: file) }
    }

    /// A regular file or a symbolic link (not followed), never a folder.
    static func isFileOrLink(_ url: URL) -> Bool {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) != S_IFDIR
    }

    private func makeFolders(for relative: String) throws {
        var folder = root
        for component in relative.split(separator: "/").dropLast() {
            folder = folder.appendingPathComponent(String(component))
            // Checked again as it is made: the folder may have changed since the pre-flight.
            if let problem = OutputPaths.componentProblem(at: folder, folder: true) { throw OutputFolderError(message: problem) }
            if mkdir(folder.path, 0o755) != 0 && errno != EEXIST {
                throw OutputFolderError(message: "cannot create \(folder.path): \(String(cString: strerror(errno)))")
            }
        }
    }
}

public struct OutputFolderError: Error, Equatable, Sendable {
    public var message: String
    /// Further problems found by the same check (a pre-flight reports every destination).
    public var others: [String] = []

    public init(message: String, others: [String] = []) {
        self.message = message
        self.others = others
    }

    /// Every problem, the first one first.
    public var messages: [String] { [message] + others }
}
