/// The identity written into every output.
public struct ToolIdentity: Equatable, Sendable {
    public var name = "store-screenshot-compose"
    public var version = "0.1.0"
    public init() {}
    /// `name version`, as in the SVG's `data-composed-by`.
    public var label: String { "\(name) \(version)" }
}
