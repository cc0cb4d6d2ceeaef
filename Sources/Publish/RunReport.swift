import Foundation
import Diagnostics
import Support
import Manifest
import Plan

/// What a run did: every diagnostic, and for a render the manifest it wrote.
public struct RunReport: Sendable {
    public var diagnostics: [Diagnostic]
    /// The manifest written (render) or verified (verify); nil for check.
    public var manifest: Manifest?
    public var manifestURL: URL?
    /// How many outputs were planned (check) or written (render), or files verified (verify).
    public var outputCount: Int
    /// The captures the job leaves out on purpose (check, render).
    public var leftOut: [LeftOutCapture] = []

    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }

    public init(diagnostics: [Diagnostic], manifest: Manifest? = nil, manifestURL: URL? = nil, outputCount: Int = 0) {
        self.diagnostics = diagnostics
        self.manifest = manifest
        self.manifestURL = manifestURL
        self.outputCount = outputCount
        leftOut = manifest?.plan.leftOut ?? []
    }
}
