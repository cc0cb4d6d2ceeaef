import Foundation

/// Options of a run that shape the plan.
public struct PlanOptions: Equatable, Sendable {
    /// Overrides the job's `output` (resolved against the current directory).
    public var output: String?
    /// Render only these locales (empty: all in the job). Each must be in the job.
    public var locales: [String]
    /// `SOURCE_DATE_EPOCH` (seconds since 1970, UTC), when set.
    public var sourceDateEpoch: String?
    /// `--allow-untranslated`, `--fallback-locale`.
    public var headlines: HeadlineOptions
    /// `--layout fastlane`: also write PNGs where fastlane deliver picks them up.
    public var fastlaneLayout: Bool
    /// `--keep-going`: a refused capture fails only its own outputs; the others are rendered
    /// and the manifest lists the failures (the run still exits 1).
    public var keepGoing = false
    /// `--max-drawing-memory`, `--max-drawing-seconds`: the bounds of each drawing, which a job
    /// may lower and only these raise.
    public var drawingCeiling = DrawingBounds.standard

    public init(output: String? = nil, locales: [String] = [], sourceDateEpoch: String? = nil,
                headlines: HeadlineOptions = HeadlineOptions(), fastlaneLayout: Bool = false, keepGoing: Bool = false,
                drawingCeiling: DrawingBounds = .standard) {
        self.drawingCeiling = drawingCeiling
        self.output = output
        self.locales = locales
        self.sourceDateEpoch = sourceDateEpoch
        self.headlines = headlines
        self.fastlaneLayout = fastlaneLayout
        self.keepGoing = keepGoing
    }
}
