import Support
import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
import Manifest
#endif

/// Where `merge-manifests -o` may not write: over one of the part manifests it merges (the part
/// is gone and the set can never be merged again; a whole-set manifest merged in place is
/// replaced by the same set), or under a part manifest's name
/// (`manifest.<locales>[.shard-i-of-n].json`): a later `render --locale` of that part reads a
/// whole-set manifest there as no manifest of its own and refuses its own outputs.
enum MergeOutputName {
    /// The problems with `output` (as given) for a merge of `parts` (as given) whose outputs are
    /// in `locales`; empty when it may be written.
    static func problems(output: String, parts: [String], locales: Set<String>) -> [String] {
        // A whole-set manifest given as input and as -o is replaced by the same set (re-merged
        // in place); a part given so would be lost.
        if let part = parts.first(where: { isSameFile(output, $0) && !isWholeSet($0) }) {
            return ["the merged manifest would replace a part it merges: expected a file other than the parts (manifest.json beside them), found \(output), which is the part \(part); the part stays as it is"]
        }
        let name = URL(fileURLWithPath: output).lastPathComponent
        if let part = partSelection(name, locales: locales) {
            return ["the merged manifest would take a part manifest's name: expected a name no part takes (manifest.json beside the parts), found \(name), the name of the part manifest of \(part), which a run of that part takes for its own"]
        }
        return []
    }

    /// Whether `file` is a manifest of the tool for a whole set (no selection): not a part.
    static func isWholeSet(_ file: String) -> Bool {
        ManifestReader.release(file).map { $0.partName == nil } ?? false
    }

    /// Whether `a` and `b` are one file: the same device and inode (a hard link, a symbolic
    /// link to it), or the same path with links resolved.
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        if stat(a, &sa) == 0, stat(b, &sb) == 0 { return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino }
        let resolved = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        return resolved(a) == resolved(b)
    }

    /// The part (`en-US`, `de-DE+fr-FR, shard 1 of 2`, `shard 2 of 3`) whose manifest is named
    /// `name` (`OutputPaths.manifestName`), its locales among `locales` (ignoring case); nil
    /// when `name` is no part's.
    static func partSelection(_ name: String, locales: Set<String>) -> String? {
        let prefix = "manifest.", suffix = ".json"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        var pieces = name.dropFirst(prefix.count).dropLast(suffix.count).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var shard: String?
        if let last = pieces.last, let label = shardLabel(last) {
            shard = label
            pieces.removeLast()
        }
        if pieces.isEmpty { return shard }
        guard pieces.count == 1 else { return nil }
        let tags = pieces[0].split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard tags.allSatisfy({ tag in locales.contains { $0.caseInsensitiveCompare(tag) == .orderedSame } }) else { return nil }
        return ([pieces[0]] + [shard].compactMap { $0 }).joined(separator: ", ")
    }

    /// `shard 1 of 2` for `shard-1-of-2`.
    private static func shardLabel(_ piece: String) -> String? {
        let parts = piece.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "shard", parts[2] == "of", let index = Int(parts[1]), let count = Int(parts[3]),
              index >= 1, count >= 1 else { return nil }
        return "shard \(index) of \(count)"
    }
}
