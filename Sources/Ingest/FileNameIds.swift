import Diagnostics

/// Ids that become file names (captures, screens, graphics), each kind in its own set.
/// Two ids equal ignoring case name one file on a case-insensitive file system (macOS APFS
/// by default, where fastlane deliver runs): one output would overwrite the other while the
/// manifest lists both, so the second is refused naming the first's field.
struct FileNameIds {
    let kind: String
    private var fieldByFolded: [String: (id: String, field: String)] = [:]

    init(kind: String) { self.kind = kind }

    /// Records `id` from `field`; false (with the error) when it repeats an earlier id exactly
    /// or ignoring case. Ids are ASCII (`CaptureID.isValid`), so ASCII folding is exact.
    mutating func insert(_ id: String, field: String, file: String, _ d: inout DiagnosticCollector) -> Bool {
        let folded = id.lowercased()
        if let earlier = fieldByFolded[folded] {
            if earlier.id == id {
                d.error(file, field, "duplicate \(kind) id: expected each id once, found \"\(id)\" again")
            } else {
                d.error(file, field, "\(kind) id \"\(id)\" equals \(earlier.field) \"\(earlier.id)\" ignoring case: on a case-insensitive file system (macOS) one output would overwrite the other: expected ids that differ in more than case, found \"\(earlier.id)\" and \"\(id)\"")
            }
            return false
        }
        fieldByFolded[folded] = (id, field)
        return true
    }
}
