import Foundation

package enum RelativePath {
    /// The path of `target` as seen from `directory` (both absolute), e.g. `../fixtures/a.png`.
    package static func from(_ directory: URL, to target: URL) -> String {
        // Real paths, so an output folder reached through a link still points at its inputs.
        let base = directory.resolvingSymlinksInPath().standardizedFileURL.pathComponents
        let goal = target.resolvingSymlinksInPath().standardizedFileURL.pathComponents
        var common = 0
        while common < base.count, common < goal.count, base[common] == goal[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        let parts = ups + goal[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
