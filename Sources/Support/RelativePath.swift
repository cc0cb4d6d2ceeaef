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

    /// Why a path read from a manifest, a part or an ownership record cannot be used: the one
    /// rule every reader of those files applies (verify, merge, the folder's ownership, a
    /// render reading the release it replaces).
    package enum Refusal: Equatable, Sendable {
        /// Empty, absolute, climbing out with `..`, or a `builtin:` name: not a file inside the
        /// folder of the file that lists it.
        case outside
        /// Not a POSIX path at all: `form` says what makes it so (`the scheme javascript:`,
        /// `a backslash`, `a NUL`).
        case foreign(form: String)
    }

    /// What refuses `path`, nil when it is a relative POSIX path inside its folder. `leaving`:
    /// the path names an input, which may lie anywhere (absolute, `..`, a `builtin:` name); it
    /// must still be a POSIX path. A scheme is anything before a `:` ahead of the first `/`
    /// (`javascript:alert(1)//x.svg`, `https://x/y.png`, `C:x.png` alike): such a path lands in
    /// a browser's link and a file system call, where it means another thing in each; so do a
    /// backslash (a Windows separator) and a NUL (the end of a C string).
    package static func refusal(_ path: String, leaving: Bool = false) -> Refusal? {
        if leaving && path.hasPrefix("builtin:") { return nil }
        if !leaving && (path.isEmpty || path.hasPrefix("/") || path.hasPrefix("builtin:") || path.split(separator: "/").contains("..")) {
            return .outside
        }
        if path.utf8.contains(0) { return .foreign(form: "a NUL") }
        if path.contains("\\") { return .foreign(form: "a backslash") }
        let head = path.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        if let colon = head.firstIndex(of: ":") { return .foreign(form: "the scheme \(head[..<colon]):") }
        return nil
    }

    /// `path` without empty and `.` components when `refusal` accepts it and something is left
    /// (`./en-US//a.png` is `en-US/a.png`); nil otherwise. Paths are compared in this form.
    package static func inside(_ path: String) -> String? {
        guard refusal(path) == nil else { return nil }
        let components = path.split(separator: "/").filter { $0 != "." }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }

    /// The link to the file at `path` (relative to the page's folder) in an HTML page: `./` and
    /// each component percent-encoded as UTF-8 (everything but letters, digits and `-._~`), so a
    /// `#`, `%`, `?`, `:` or space in a name is part of the name, never of the URL's syntax, and
    /// no link can be read as a scheme.
    package static func url(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map { component in
            component.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
        }
        return "./" + components.joined(separator: "/")
    }

    /// `path` for a message: a NUL written `\0`, so the line stays one line of text.
    package static func shown(_ path: String) -> String { path.replacingOccurrences(of: "\0", with: "\\0") }
}
