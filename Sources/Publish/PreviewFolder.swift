import Diagnostics
import Foundation
import Support

/// The preview's own folder (`<out>/.preview/`, or `--preview-out`): never a symbolic link
/// (the preview would write where it leads) and never a folder holding a release manifest (the
/// preview would overwrite the release's SVGs and contact sheet). Held locked while a preview
/// writes it. What the preview writes there is recorded in the folder
/// (`OwnedFilesRecord.name`), so the folder's ownership rule (`FolderOwnership`) knows
/// which files a later pass may replace: anything else in the way refuses the pass.
package final class PreviewFolder {
    package let root: URL
    private let folder: OutputFolder

    /// Checks the folder is the preview's own, creates it if needed and takes its lock.
    package init(_ root: URL) throws {
        self.root = root
        if let problem = FolderOwnership.previewFolderProblem(root) { throw OutputFolderError(message: problem) }
        folder = try OutputFolder(root)
        // Checked again now that the lock is held: nothing may have made it a release since.
        if let problem = FolderOwnership.previewFolderProblem(root) { throw OutputFolderError(message: problem) }
        let ownership = FolderOwnership.scan(root)
        // A preview folder of an earlier version has no record, but its contact sheet carries
        // the tool's marker: the composed SVGs it links to (and their capture copies) are that
        // preview's; nothing else there is (a copied sheet beside a user's own files).
        if ownership.record == nil, ownership.hasOwnContactSheet, ownership.manifests.isEmpty {
            let earlier = EarlierPreview.files(in: root)
            if !earlier.isEmpty {
                try OwnedFilesRecord(files: earlier).write(to: root.appendingPathComponent(OwnedFilesRecord.name))
            }
        }
    }

    /// Before a pass writes `files` (relative paths): every file in their way must be one the
    /// preview wrote (or its contact sheet); then they are recorded as the preview's. Returns the
    /// problems, every one; when there is any, nothing may be written.
    package func claim(_ files: [String]) -> [String] {
        if let problem = FolderOwnership.previewFolderProblem(root) { return [problem] }
        let ownership = FolderOwnership.scan(root)
        let problems = ownership.check(writing: files).problems
        guard problems.isEmpty else { return problems }
        let recorded = ownership.record?.files ?? []
        let claimed = recorded.union(files.compactMap(FolderOwnership.normalized))
        guard claimed != recorded else { return [] }
        do {
            try OwnedFilesRecord(files: claimed).write(to: root.appendingPathComponent(OwnedFilesRecord.name))
        } catch {
            return ["cannot record the preview's files: \(FileErrorText.describe(error, path: root.appendingPathComponent(OwnedFilesRecord.name).path))"]
        }
        return []
    }
}
