import Foundation
import Support

/// Every file a job names, read by the ingest step before planning (`Ingest.read`): the
/// planner reads its template, catalogs, captures and icons only from this value, never from
/// disk, so a plan is a function of the job and these values. A read that failed is kept with
/// its reason and reported by the stage that needs the file, with the text it always had (a
/// capture is refused only when its well is known, a screen's template only for its screen).
/// `Data` shares its bytes, so copies are cheap.
public struct IngestedInputs: Sendable {
    /// One file's bytes, or why they could not be read.
    public typealias Read = Result<Data, InputReadProblem>

    /// A file shipped with the tool (package resource), read like a named one.
    package struct Builtin: Sendable {
        package var url: URL
        package var data: Data
    }

    /// The kind is part of the key: it sets the size limit and the wording of a refusal.
    struct Key: Hashable, Sendable {
        var path: String
        var kind: InputKind
    }

    var reads: [Key: Read] = [:]
    /// Shipped resource name → its bytes; absent when it is missing beside the executable.
    var builtins: [String: Builtin] = [:]
    /// Paths found to exist (the candidates of a `{locale}` capture and its fallback).
    var existing: Set<String> = []
    /// Path → the same path with symbolic links resolved: one file named twice is decoded once.
    var identities: [String: String] = [:]
    /// The job's font files by path: the private copy fontconfig is given, or why the file
    /// could not be read.
    package var fonts: [String: Result<FontFileCopies.Copy, InputReadProblem>] = [:]
    /// Outputs earlier runs composed into the output folder, by their pixels: such a capture is refused.
    package var composedOutputs = ComposedOutputs()

    public init() {}

    /// Every path of the job's own files the ingest step read, found or copied (not the shipped
    /// resources), sorted: what a caller confined to one folder checks (`FolderConfinement`).
    public var namedPaths: [String] {
        Set(reads.keys.map(\.path)).union(existing).union(fonts.keys).sorted()
    }

    /// The bytes read for `url` as `kind`. A file the ingest step did not read is reported as
    /// such (a planner asking for it is a bug of this tool, not of the job).
    package func read(_ url: URL, as kind: InputKind) -> Read {
        reads[Key(path: url.path, kind: kind)]
            ?? .failure(InputReadProblem(message: "expected a file read by the ingest step, found \(url.path) not read"))
    }

    /// A shipped resource (`wells.json`), nil when missing.
    package func builtin(_ name: String) -> Builtin? { builtins[name] }

    /// Whether `url` named an existing file, folder or link target when ingested.
    func exists(_ url: URL) -> Bool { existing.contains(url.path) }

    /// The key a capture's decoded facts are shared under: the resolved path.
    package func identity(of url: URL) -> String { identities[url.path] ?? url.standardizedFileURL.path }
}
