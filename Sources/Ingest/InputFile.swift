import Foundation

/// A file the run read, with the bytes' SHA-256, for the manifest.
public struct InputFile: Equatable, Sendable {
    /// The path as shown in diagnostics (as the user named it, or `builtin:<name>`).
    public var displayPath: String
    /// Nil for a file shipped with the tool (package resource).
    public var url: URL?
    public var builtinName: String?
    public var sha256: String

    package init(displayPath: String, url: URL? = nil, builtinName: String? = nil, sha256: String) {
        self.displayPath = displayPath
        self.url = url
        self.builtinName = builtinName
        self.sha256 = sha256
    }
}
