import Diagnostics
import Foundation
import Support
import Ingest

extension Planner {
    /// The pixels of the captures `outputs` compose, for a plan made with `deferPixels`: each
    /// file decoded once (its first visible pixel, the composed-output check) and converted to
    /// sRGB where its chunks ask for it (else copied with only the chunks the drawing reads,
    /// `CaptureColor.prepare`), with the refusals planning gives a whole run. A part of
    /// a CI matrix so decodes only its own captures; a capture whose pixels are broken is
    /// reported by the part that composes it. Returns the outputs whose captures all passed,
    /// their captures completed.
    package static func checkPixels(_ outputs: [OutputSpec], inputs: IngestedInputs,
                                    into d: inout DiagnosticCollector) -> [OutputSpec] {
        // By file: one result per capture file, whatever the number of outputs composing it.
        var done: [String: PixelFacts?] = [:]
        var kept: [OutputSpec] = []
        for var spec in outputs {
            var passed = true
            let captures = spec.captures.map { capture -> PlannedCapture in
                guard capture.pixelsPending else { return capture }
                let key = capture.url.path
                if done[key] == nil {
                    let mark = d.diagnostics.count
                    done[key] = .some(pixelFacts(of: capture, inputs: inputs, &d))
                    d.attribute(since: mark, to: capture.id)
                }
                guard let found = done[key] ?? nil else {
                    passed = false
                    return capture
                }
                var completed = capture
                completed.inkPixel = found.inkPixel
                completed.drawBytes = found.drawBytes
                completed.drawSHA256 = found.drawSHA256
                completed.pixelsPending = false
                return completed
            }
            guard passed else { continue }
            spec.completeCaptures(captures)
            kept.append(spec)
        }
        return kept
    }

    private struct PixelFacts {
        var inkPixel: (x: Int, y: Int)
        var drawBytes: Data
        var drawSHA256: String
    }

    private static func pixelFacts(of capture: PlannedCapture, inputs: IngestedInputs, _ d: inout DiagnosticCollector) -> PixelFacts? {
        let field = capture.jobField ?? "captures[\(capture.jobIndex)]"
        guard let ink = pixelFacts(capture.bytes, header: capture.header, url: capture.url, field: field, inputs: inputs, &d) else { return nil }
        do {
            let (drawn, _) = try CaptureColor.prepare(bytes: capture.bytes, header: capture.header)
            return PixelFacts(inkPixel: ink, drawBytes: drawn, drawSHA256: SHA256.hex(drawn))
        } catch let error as ColorConversionError {
            d.error(capture.url.path, "\(field).path", "capture refused: \(error.message)")
        } catch {
            d.error(capture.url.path, "\(field).path", "capture refused: \(error)")
        }
        return nil
    }
}
