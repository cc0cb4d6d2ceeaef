import Foundation
import Diagnostics

/// How big a job may be: the ingest step reads no capture of a job over these, and the planner
/// refuses it (`Planner.maximumCaptures`, `Planner.maximumOutputs` name the same limits).
package enum JobLimits {
    /// Most captures (and most screens) in one job: App Store Connect takes 10 screenshots per
    /// device size and Google Play 8 per form factor, so a few hundred covers every store and
    /// device; the limit keeps a hostile job from planning work without end.
    package static let maximumCaptures = 500
    /// Most planned outputs (locales × screens or captures, plus graphics): 40 App Store
    /// locales × 100 captures is 4,000; beyond 10,000 a run would take hours.
    package static let maximumOutputs = 10_000

    /// Refuses a job over the count limits before any capture is read (bounding the files read
    /// and decoded: one per locale and capture). The plan's own list of outputs, targets
    /// included, is held to `maximumOutputs` once made (`planning`). False when refused.
    package static func withinCountLimits(_ job: Job, locales: Int, _ d: inout DiagnosticCollector) -> Bool {
        var within = true
        if job.captures.count > maximumCaptures {
            d.error(job.file, "captures", "too many captures: expected at most \(maximumCaptures), found \(job.captures.count)")
            within = false
        }
        if job.screens.count > maximumCaptures {
            d.error(job.file, "screens", "too many screens: expected at most \(maximumCaptures), found \(job.screens.count)")
            within = false
        }
        let planned = locales * (job.screens.isEmpty ? job.captures.count : job.screens.count) + locales * job.graphics.count
        if planned > maximumOutputs {
            d.error(job.file, "headlines", "too many planned outputs: expected at most \(maximumOutputs) (locales × \(job.screens.isEmpty ? "captures" : "screens") + graphics), found \(planned) (\(locales) locales)")
            within = false
        }
        return within
    }
}
