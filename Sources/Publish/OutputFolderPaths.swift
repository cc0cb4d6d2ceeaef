import Support
import Diagnostics
import Foundation

#if canImport(Glibc)
import Glibc
import Plan
import Manifest
#endif

// The publish side of output paths: what stands at them in the output folder (read-only
// checks the pre-flight and the publish step share) and the name of a run's manifest. The
// names themselves are the plan's (`OutputPaths`).
extension OutputPaths {
    /// The manifest of a run: `manifest.json`, or a part's (`manifest.de-DE.shard-1-of-2.json`).
    public static func manifestName(selection: Manifest.Selection?) -> String {
        selection?.manifestName ?? manifest
    }

    /// Pre-flight of destinations (paths relative to `root`), read-only: every folder on the
    /// way must be a real folder or not exist yet (a symbolic link would take the files
    /// elsewhere), and every final component a file or nothing (a folder standing where a file
    /// goes would stop the publish halfway). One problem per path at fault, in order.
    static func destinationProblems(root: URL, files: [String]) -> [String] {
        var problems: [String] = []
        var seen: Set<String> = []
        for relative in files {
            let components = relative.split(separator: "/").map(String.init)
            var path = root
            for (index, component) in components.enumerated() {
                path = path.appendingPathComponent(component)
                guard seen.insert(path.path).inserted else { continue }
                let isLast = index == components.count - 1
                if let problem = componentProblem(at: path, folder: !isLast) { problems.append(problem) }
            }
        }
        return problems
    }

    /// Why `root` cannot be the output folder (it is a file); nil when it is a folder or does
    /// not exist yet.
    static func rootProblem(_ root: URL) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return "the output path is a file: expected a folder, found a file at \(root.path)"
    }

    /// Why `url` cannot be a folder on the way (`folder`) or a file's final name; nil when it
    /// can, or does not exist yet.
    static func componentProblem(at url: URL, folder: Bool) -> String? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        let kind = info.st_mode & S_IFMT
        if folder {
            if kind == S_IFLNK {
                return "a folder inside the output folder is a symbolic link: expected a real folder, found a link at \(url.path)"
            }
            if kind != S_IFDIR { return "expected a folder, found a file at \(url.path)" }
        } else if kind == S_IFDIR {
            return "an output file's place is taken by a folder: expected a file or nothing, found a folder at \(url.path)"
        }
        return nil
    }
}
