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

    /// What makes `path` other than a POSIX path (relative or not): a NUL, a backslash, or a
    /// scheme (anything before a `:` ahead of the first `/`, so `javascript:alert(1)//x.svg`
    /// and `C:x.png` alike); nil when it is one. A path read from a manifest, a part or a record
    /// lands in a browser's link and a file system call, where each of these means another thing.
    package static func foreignForm(_ path: String) -> String? {
        if path.utf8.contains(0) { return "a NUL" }
        if path.contains("\\") { return "a backslash" }
        let head = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        if let colon = head.firstIndex(of: ":") { return "the scheme \(head[..<colon]):" }
        return nil
    }

    /// `path` for a message: a NUL written `\0`, so the line stays one line of text.
    package static func shown(_ path: String) -> String { path.replacingOccurrences(of: "\0", with: "\\0") }
}
