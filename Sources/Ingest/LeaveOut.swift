import Foundation
import Diagnostics

/// A device the job leaves out on purpose (`"leaveOut": [{"well": …, "why": …}]`): its captures
/// fill none of the job's targets and are not rendered, without an error. Without the entry such
/// a capture is refused, so a device is never dropped by accident (a new target list that no
/// longer takes the iPhone SE's captures).
public struct LeftOutDevice: Equatable, Sendable {
    /// A device well id (the wells catalog's, as `check` names it in its refusal).
    public var well: String
    /// Why the release leaves it out; recorded in the plan and the manifest.
    public var why: String
    /// The entry's field (`leaveOut[0]`), for diagnostics.
    public var field: String

    public init(well: String, why: String, field: String) {
        self.well = well
        self.why = why
        self.field = field
    }
}

enum LeaveOutReader {
    /// Each entry: `well` and `why`, both non-empty strings, nothing else; a well named twice
    /// is refused. Whether the well exists and holds a capture no target takes is the planner's.
    static func read(_ reader: JSONFieldReader, _ d: inout DiagnosticCollector) -> [LeftOutDevice] {
        guard reader.value("leaveOut") != nil else { return [] }
        var devices: [LeftOutDevice] = []
        for (value, path) in reader.array("leaveOut", &d) {
            guard let item = JSONFieldReader(value, file: reader.file, path: path, &d) else { continue }
            item.refuseUnknownKeys(["well", "why"], &d)
            let well = item.string("well", &d, missingMessage: "a device left out names its well: expected a well id such as ios-simulator-750x1334")
            let why = item.string("why", &d, missingMessage: "a device left out on purpose says why: expected a reason such as \"the 4.7 in class is not uploaded\"")
            guard let well, let why else { continue }
            if let first = devices.first(where: { $0.well == well }) {
                d.error(reader.file, "\(path).well", "well \(well) left out twice: expected each well once, found it in \(first.field) and \(path)")
                continue
            }
            devices.append(LeftOutDevice(well: well, why: why, field: path))
        }
        return devices
    }
}
