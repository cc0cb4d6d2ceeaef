/// Which output of the plan an output is: one key per output, the same in every run and part
/// of a run of one plan. The planner makes the plan's list of outputs once (`Plan.outputs`, each
/// with its key, in render order); shards, the manifest, merges, `verify`, the contact sheet
/// and preview read that list and compare outputs by this key.
import Support
import Diagnostics

public struct OutputKey: Codable, Hashable, Sendable {
    /// Canonical BCP 47 tag: the output's folder.
    public var locale: String
    /// The screen composed: a screen's id (`"screens"`), a store graphic's id, or the capture's
    /// id when each capture is its own screen.
    public var screen: String
    /// The well or store slot whose size the output is: with a target, the target's slot; else
    /// the capture's `storeWell`, or the device well it was recorded in.
    public var canvas: String
    /// With `"targets"`: the target's name (`app-store:iphone-6.9`).
    public var target: String?
    /// A panorama's store image, 1-based; nil for a screen of one image.
    public var panel: Int?

    public init(locale: String, screen: String, canvas: String, target: String? = nil, panel: Int? = nil) {
        self.locale = locale
        self.screen = screen
        self.canvas = canvas
        self.target = target
        self.panel = panel
    }

    /// The output's name, which its files carry: the screen, or `<screen>-<panel>`.
    public var name: String { panel.map { "\(screen)-\($0)" } ?? screen }

    /// `de-DE/home` (`de-DE/app-store:iphone-6.9/home` with a target), as messages name it.
    public var label: String { target.map { "\(locale)/\($0)/\(name)" } ?? "\(locale)/\(name)" }
}
