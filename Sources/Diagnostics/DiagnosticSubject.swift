import Support

/// Who a diagnostic is about: the output's locale, its capture (or screen) and, when it is
/// composed to a store slot, that target. Set by every stage, so `--keep-going`, the contact
/// sheet and `--json` know which output a problem belongs to without reading its text.
public struct DiagnosticSubject: Equatable, Hashable, Sendable, Codable {
    public var locale: String?
    /// The capture id (or screen id) whose outputs the problem fails.
    public var captureId: String?
    /// The store slot (target) id, when the output is composed to one.
    public var target: String?

    public init(locale: String? = nil, captureId: String? = nil, target: String? = nil) {
        self.locale = locale
        self.captureId = captureId
        self.target = target
    }
}
