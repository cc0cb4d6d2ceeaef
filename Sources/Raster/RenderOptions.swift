import Diagnostics
import Foundation
import Support
import Plan

/// How outputs are rendered (not what: that is the job and `PlanOptions`).
public struct RenderOptions: Sendable {
    /// Write SVGs (and capture copies) only, no PNGs.
    public var svgOnly = false
    /// Outputs rendered at once (threads); default the number of cores.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    public var pngCompression = PNGCompression.default
    /// Seconds one output's rasterization may take; over it, the output fails naming itself.
    /// librsvg 2.54 cannot be interrupted, so this is checked when it returns; the template
    /// bounds (`TemplateSafety`) are what keep each rasterization short.
    public var rasterTimeLimit = Self.defaultRasterTimeLimit
    /// Render only this shard of the (locale, capture) list; its manifest is
    /// `manifest.shard-I-of-N.json`.
    public var shard: Shard?
    /// Called as outputs finish, in output order (never out of order, whatever `jobs`).
    public var progress: (@Sendable (ProgressEvent) -> Void)?

    public init(svgOnly: Bool = false, jobs: Int? = nil, pngCompression: PNGCompression = .default, shard: Shard? = nil,
                progress: (@Sendable (ProgressEvent) -> Void)? = nil) {
        self.svgOnly = svgOnly
        if let jobs { self.jobs = max(1, jobs) }
        self.pngCompression = pngCompression
        self.shard = shard
        self.progress = progress
    }

    /// Seconds one output's rasterization may take unless a run says otherwise.
    public static let defaultRasterTimeLimit = 30.0
}

/// One finished output, reported in output order.
public struct ProgressEvent: Sendable {
    /// Outputs finished so far, and in all.
    public var done: Int
    public var total: Int
    /// Seconds since rendering started.
    public var elapsed: Double
    public var locale: String
    public var captureId: String
    public var succeeded: Bool
    package init(done: Int, total: Int, elapsed: Double, locale: String, captureId: String, succeeded: Bool) {
        self.done = done
        self.total = total
        self.elapsed = elapsed
        self.locale = locale
        self.captureId = captureId
        self.succeeded = succeeded
    }
}
