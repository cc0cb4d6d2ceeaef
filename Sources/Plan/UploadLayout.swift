import Support
import Diagnostics
import Foundation
import Ingest

/// `--layout fastlane`: which store an output is uploaded to and in which of its folders.
/// The paths themselves are `OutputPaths`'s.
public enum UploadLayout {
    /// The store an output is uploaded to: its target's, else its canvas slot's, else Google
    /// Play for an Android well's capture (a screengrab folder: deliver must never upload it to
    /// App Store Connect), else the App Store.
    public static func store(of capture: PlannedCapture, wells: WellsCatalog) -> String {
        (capture.target ?? wells.target(ofSlot: capture.canvas))?.store ?? capture.canvas.storeWell?.store
            ?? (capture.canvas.platform == "android" ? "google-play" : "app-store")
    }

    /// fastlane supply's images folder for a Google Play output (nil: supply has none, e.g.
    /// Chromebook).
    public static func playType(of capture: PlannedCapture, wells: WellsCatalog) -> String? {
        (capture.target ?? wells.target(ofSlot: capture.canvas))?.uploadFolder
    }

    /// The upload of one output in `locale`, or nil (the layout is off, the locale has no
    /// store language, or supply has no folder for the class).
    static func upload(for capture: PlannedCapture, locale: String, wells: WellsCatalog?,
                       appStoreCodes: [String: String], playCodes: [String: String]) -> OutputPaths.Upload? {
        guard let wells else { return appStoreCodes[locale].map { .appStore(language: $0) } }
        if store(of: capture, wells: wells) == "google-play" {
            guard let language = playCodes[locale], let type = playType(of: capture, wells: wells) else { return nil }
            return .googlePlay(language: language, type: type)
        }
        return appStoreCodes[locale].map { appStore(language: $0, canvasOf: capture, wells: wells) }
    }

    /// deliver's upload of a capture's output in an App Store language: its class's name hint
    /// (the target's, else the canvas slot's class) goes into the file name.
    static func appStore(language: String, canvasOf capture: PlannedCapture, wells: WellsCatalog?) -> OutputPaths.Upload {
        .appStore(language: language, nameHint: (capture.target ?? wells?.target(ofSlot: capture.canvas))?.deliverNameHint)
    }
}
