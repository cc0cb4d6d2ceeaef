import Foundation

/// Writes files so that a failed or killed run never leaves a partial file under a final
/// name: the bytes go to a temporary file in the same folder, which is then renamed.
package enum AtomicFile {
    /// Throws the file system's error, with the path, when the folder cannot be made or the
    /// file cannot be written.
    /// Never interleaves with the removal of an interrupted run's staging folder
    /// (`StagingRegistry`), which would otherwise see the folders made again.
    package static func write(_ data: Data, to url: URL) throws {
        try StagingRegistry.writing {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        }
    }
}
