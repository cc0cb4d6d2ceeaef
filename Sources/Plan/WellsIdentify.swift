import Foundation
import Diagnostics
import Support
import Ingest

/// `wells identify FILE.png...`: for each capture, the wells of its size and the targets it
/// fits, exactly or composed without enlargement. The same rules as a job whose captures omit
/// `"well"`, so a release script (or fastlane snapshot folder reader) can ask before it writes
/// a job.
public enum WellsIdentify {
    /// One capture's identification.
    public struct Result: Equatable, Sendable {
        public var file: String
        public var width: Int
        public var height: Int
        /// The well a job would pick from the size alone; nil when none or several match.
        public var well: Well?
        /// Every device well of the size, fixtures included.
        public var candidates: [Well]
        /// Slots of exactly the capture's size.
        public var exactSlots: [Well]
        /// Targets whose slot for the capture's orientation draws it at most at its own size,
        /// with that slot.
        public var composedTargets: [(target: StoreTarget, slot: Well)]

        public static func == (a: Result, b: Result) -> Bool {
            a.file == b.file && a.width == b.width && a.height == b.height && a.well == b.well && a.candidates == b.candidates
                && a.exactSlots == b.exactSlots && a.composedTargets.map { "\($0.target.name) \($0.slot.id)" } == b.composedTargets.map { "\($0.target.name) \($0.slot.id)" }
        }
    }

    /// Identifies one capture of `width` × `height` against the merged catalog.
    public static func identify(file: String, width: Int, height: Int, catalog: WellsCatalog,
                                proportions: LayoutProportions = LayoutProportions()) -> Result {
        let candidates = catalog.deviceWells(width: width, height: height, fixtures: true)
        let well = catalog.pickWell(width: width, height: height).well
        let exact = catalog.slots(width: width, height: height)
        let family = well?.family
        var composed: [(StoreTarget, Well)] = []
        for target in catalog.targets where target.family != "graphic" && (family == nil || target.family == family) {
            guard let id = target.slotId(forWidth: width, height: height), let slot = catalog.well(id: id) else { continue }
            if CapturePlacement.fitsWithoutEnlarging(canvasWidth: slot.width, canvasHeight: slot.height, captureWidth: width, captureHeight: height, proportions: proportions) {
                composed.append((target, slot))
            }
        }
        return Result(file: file, width: width, height: height, well: well, candidates: candidates, exactSlots: exact,
                      composedTargets: composed)
    }

    /// Reads each file's PNG header and identifies it; unreadable files, non-PNGs and this
    /// tool's own composed images go into the collector as errors.
    public static func identify(files: [String], catalog: WellsCatalog, into d: inout DiagnosticCollector) -> [Result] {
        var results: [Result] = []
        for file in files {
            let url = URL(fileURLWithPath: file)
            guard let bytes = InputReader.read(path: url.path, as: .capture, reporting: "the capture", file: file, into: &d) else { continue }
            if let mark = ComposedImageMarker.mark(in: bytes) {
                d.error(file, "(file)", "not a capture: expected a capture from a simulator, emulator, device or browser, found an image this tool composed (\(mark))")
                continue
            }
            do {
                let header = try PNGCodec.readHeader(bytes)
                results.append(identify(file: file, width: header.width, height: header.height, catalog: catalog))
            } catch let error as PNGError {
                d.error(file, "(file)", "expected a PNG, found \(error.message)")
            } catch {
                d.error(file, "(file)", "expected a PNG, found \(error)")
            }
        }
        return results
    }

    /// The listing `wells identify` prints.
    public static func text(_ results: [Result]) -> String {
        var lines: [String] = []
        for result in results {
            lines.append("\(result.file)  \(result.width)×\(result.height)")
            if let well = result.well {
                lines.append("  well: \(well.id)  \(well.family ?? "")  \(well.device)")
            } else if result.candidates.filter({ !$0.fixture }).count > 1 {
                lines.append("  wells: \(result.candidates.filter { !$0.fixture }.map(\.id).joined(separator: ", ")) (several: name one in \"well\")")
            } else {
                lines.append("  well: none of this size (name a well in \"well\", or add one to a wells catalog)")
            }
            for fixture in result.candidates where fixture.fixture {
                lines.append("  fixture well of this size (never picked from a size alone): \(fixture.id)")
            }
            let exact = result.exactSlots.map { slot in "\(slot.id)" }
            lines.append("  exactly: \(exact.isEmpty ? "no store slot" : exact.joined(separator: ", "))")
            let composed = result.composedTargets.map { "\($0.target.name) (\($0.slot.width)×\($0.slot.height))" }
            lines.append("  composed without enlargement: \(composed.isEmpty ? "no target" : composed.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
