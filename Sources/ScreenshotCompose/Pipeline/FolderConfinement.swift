import Foundation
import Diagnostics
import Ingest

/// One folder a caller may not leave (the MCP server's: the folder it was started in). A path
/// is inside when it is, once made absolute against the current folder and every symbolic link
/// of its existing part resolved, the folder or below it: `../x`, an absolute path elsewhere,
/// and a link that points out are all refused, by name.
public struct FolderConfinement: Sendable {
    /// The folder, its links resolved.
    public let root: URL

    public init(root: URL) {
        self.root = Self.resolved(root)
    }

    /// Nil when `path` is inside; else the refusal, naming `file` and `field` (the argument or
    /// the job) and the path as given and as resolved.
    public func refusal(_ path: String, file: String, field: String) -> Diagnostic? {
        let resolved = Self.resolved(URL(fileURLWithPath: path))
        if resolved.path == root.path || resolved.path.hasPrefix(root.path == "/" ? "/" : root.path + "/") { return nil }
        let shown = resolved.path == path ? path : "\(path) (\(resolved.path))"
        return .error(file, field, "expected a path inside \(root.path) (the folder the server was started in), found \(shown)")
    }

    /// The refusal of every file `jobFile` names outside the folder: the files it reads
    /// (captures, templates, catalogs, frames, fonts, headline files) and the output folder it
    /// writes (`options.output`, else the job's). The job's own problems are left to the run
    /// that follows, which reports them as the command does.
    public func refusals(jobFile: String, options: PlanOptions) -> [Diagnostic] {
        var ignored = DiagnosticCollector()
        guard let job = JobLoader.load(file: jobFile, headlineOptions: options.headlines, into: &ignored) else { return [] }
        // `.memory`: the output folder is not read before it has been checked.
        let inputs = Ingest.read(job, options: options, target: .memory)
        var paths = inputs.namedPaths + job.headlineFiles.compactMap { $0.url?.path }
        paths.append(options.output ?? job.output.path)
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }.compactMap { refusal($0, file: jobFile, field: "(a file the job names)") }
    }

    /// Absolute, standardized, and with the links of its longest existing part resolved (a
    /// file not yet written is judged by the folder it would be written in).
    static func resolved(_ url: URL) -> URL {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path) && existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        var result = URL(fileURLWithPath: realpath(existing.path, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? existing.path)
        for component in rest { result.appendPathComponent(component) }
        return result.standardizedFileURL
    }
}
