import Foundation

enum RelativePath {
    /// The path of `target` as seen from `directory` (both absolute), e.g. `../fixtures/a.png`.
    static func from(_ directory: URL, to target: URL) -> String {
        let base = directory.standardizedFileURL.pathComponents
        let goal = target.standardizedFileURL.pathComponents
        var common = 0
        while common < base.count, common < goal.count, base[common] == goal[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        let parts = ups + goal[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
