import Foundation
@testable import ScreenshotCompose
@testable import Plan

/// The two-store release as a user makes it, made once per test process: the generated
/// captures (`ReleaseCaptures`), `init fastlane`, the translator's catalog of four languages,
/// and the one `render --layout fastlane`. `TwoStoreReleaseTests` holds what each step printed
/// and wrote; `TwoStoreMatrixTests` renders the same release as a CI matrix and merges it
/// against this one run (so the release is rendered twice in a test run, not three times).
/// Neither test writes into its folder, which is removed when the test process exits.
final class TwoStoreRelease {
    static let environment = ["SOURCE_DATE_EPOCH": "1767225600"]
    /// The one run's arguments (run in `scratch`); a part of the matrix adds its selection.
    static let render = ["render", "job.json", "--layout", "fastlane", "--png-compression", "fast", "--quiet"]
    static let headlines: [String: [String]] = [
        "en-US": ["Plan every trip in one place", "Find any place in seconds", "Your travel, your way"],
        "de-DE": ["Jede Reise an einem Ort planen", "Jeden Ort in Sekunden finden", "Deine Reisen, dein Stil"],
        "ja": ["旅の計画をひとつの場所で", "行きたい場所をすぐに検索", "あなたらしい旅を"],
        "ar": ["خطط لكل رحلاتك في مكان واحد", "ابحث عن أي مكان في ثوانٍ", "سفرك على طريقتك"],
    ]

    let scratch: Scratch
    /// Capture path (relative to `scratch`) → SHA-256.
    let hashes: [String: String]
    let initRun: (code: Int32, out: String, err: String)
    /// job.json as `init` wrote it.
    let initJob: String
    /// The catalog as `init` wrote it: string key → the locales of its localizations.
    let initCatalog: [String: [String]]
    let renderRun: (code: Int32, out: String, err: String)

    private static var made: TwoStoreRelease?

    static func shared() throws -> TwoStoreRelease {
        if let made { return made }
        let release = try TwoStoreRelease()
        made = release
        // A static is never deinitialised: its folder goes when the process exits.
        atexit { TwoStoreRelease.made.map { try? FileManager.default.removeItem(at: $0.scratch.url) } }
        return release
    }

    private init() throws {
        scratch = try Scratch()
        hashes = try ReleaseCaptures.write(scratch)
        initRun = try runTool(["init", "fastlane"], cwd: scratch.url)
        initJob = (try? String(contentsOfFile: scratch.path("job.json"), encoding: .utf8)) ?? ""
        let catalogURL = URL(fileURLWithPath: scratch.path("headlines.xcstrings"))
        var catalog = (try? JSONSerialization.jsonObject(with: Data(contentsOf: catalogURL)) as? [String: Any]) ?? [:]
        let written = (catalog["strings"] as? [String: [String: Any]]) ?? [:]
        initCatalog = written.mapValues { (($0["localizations"] as? [String: Any])?.keys.sorted()) ?? [] }
        // The translator's work: every screen in every language.
        var strings: [String: Any] = [:]
        for (index, screen) in ReleaseCaptures.screens.enumerated() {
            let units = Self.headlines.mapValues { ["stringUnit": ["state": "translated", "value": $0[index]]] }
            strings[screen] = ["extractionState": "manual", "localizations": units]
        }
        catalog["strings"] = strings
        try JSONSerialization.data(withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys]).write(to: catalogURL)
        renderRun = try runTool(Self.render, environment: Self.environment, cwd: scratch.url)
    }
}
