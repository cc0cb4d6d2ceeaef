import Foundation

/// One capture named in a job: its id (used in file names), where the PNG is, and the
/// well it was recorded in.
public struct JobCapture: Equatable, Sendable {
    /// Matches `[A-Za-z0-9][A-Za-z0-9._-]*`.
    public var id: String
    /// The path as written in the job file (relative to the job file's folder).
    public var path: String
    /// The resolved location.
    public var url: URL
    /// A well id from the wells catalog; nil: the capture's size picks the one non-fixture
    /// well of that size.
    public var well: String?
    /// A store slot to compose to (its size is the canvas); nil: the canvas is the well's size.
    public var storeWell: String?
}

/// A decoded, syntactically checked job file. Nothing in it has been checked against the
/// wells catalog or the captures' bytes yet: that is the `Planner`'s job.
public struct Job: Equatable, Sendable {
    /// The job file as the user named it; used in diagnostics.
    public var file: String
    /// The folder relative paths in the job resolve against.
    public var directory: URL
    /// Nil: the template shipped with the tool (or `builtinTemplate`).
    public var template: URL?
    /// `"template": "classic"` (or another built-in name): generated for each canvas.
    public var builtinTemplate: BuiltinTemplate?
    /// Nil: the wells catalog shipped with the tool.
    public var wells: URL?
    /// Nil: the store-wells catalog shipped with the tool.
    public var storeWells: URL?
    /// The output folder.
    public var output: URL
    public var captures: [JobCapture]
    /// Locales (canonical BCP 47) in the order they are rendered: sorted by tag.
    public var locales: [String]
    /// locale → capture id → headline text, exactly as written.
    public var headlines: [String: [String: String]]
    /// How headlines are set; font files resolved to absolute paths.
    public var typesetting: TypesettingOptions
    /// The look (`"theme"`: a built-in name or an object); the default look when absent.
    public var theme = Theme()
    /// Optional subtitle per locale and capture (`"subtitles"`, inline), canonical locales.
    public var subtitles: [String: [String: String]] = [:]
    /// Localization files the headlines came from (none for inline headlines).
    public var headlineFiles: [InputFile] = []
    /// locale → capture id → the locale whose headline filled a missing translation.
    public var headlineFallbacks: [String: [String: String]] = [:]
    /// SHA-256 of the job file's bytes (part of the plan's fingerprint).
    public var sha256 = ""
}
