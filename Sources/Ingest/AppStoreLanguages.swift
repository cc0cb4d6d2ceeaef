import Foundation

/// Maps BCP 47 tags to App Store Connect language codes, the folder names fastlane deliver
/// reads screenshots from. The codes are data (`app-store-languages.json`, shipped with the
/// tool, citing its sources), not code.
public struct AppStoreLanguages: Equatable, Sendable {
    public var codes: [String]
    /// Code → the listing language it names (`ar-SA` → `ar`), shared with Google Play's list:
    /// what makes a deliver folder and a supply folder one locale (`ReleaseLocales`).
    public var listing: [String: String] = [:]

    public init(codes: [String], listing: [String: String] = [:]) {
        self.codes = codes
        self.listing = listing
    }

    /// The shipped list, or nil when its resource is missing or unreadable.
    public static func shipped() -> AppStoreLanguages? {
        BuiltinResources.languageTable("app-store-languages.json").map { AppStoreLanguages(codes: $0.codes, listing: $0.listing) }
    }

    /// The code for a canonical tag, or why there is none. Chinese goes by script (zh-CN and
    /// zh-SG → zh-Hans, zh-TW/HK/MO → zh-Hant); otherwise the language must match and, when
    /// App Store Connect splits the language by region (en, es, fr, pt), the region too. A
    /// region App Store Connect does not list for a language (de-AT, ar-EG) is refused, not
    /// folded into another store localization.
    public func code(for tag: String) -> Result<String, LanguageMappingError> {
        let subtags = LocaleSubtags(tag, aliases: ["iw": "he", "nb": "no"])
        let language = subtags.language, script = subtags.script, region = subtags.region
        if language == "zh" || language == "cmn" {
            let traditional = script == "Hant" || (script == nil && ["TW", "HK", "MO"].contains(region ?? ""))
            let simplified = script == "Hans" || (script == nil && ["CN", "SG"].contains(region ?? ""))
            if traditional { return .success("zh-Hant") }
            if simplified { return .success("zh-Hans") }
            return .failure(LanguageMappingError(message: "Chinese needs a script or region: expected zh-Hans, zh-Hant, zh-CN or zh-TW, found \(tag)"))
        }
        let candidates = subtags.candidates(in: codes)
        if candidates.isEmpty {
            return .failure(LanguageMappingError(message: "App Store Connect has no language for \(tag): expected one of \(codes.joined(separator: ", ")), found \(tag)"))
        }
        if let exact = candidates.first(where: { $0 == tag }) { return .success(exact) }
        let regionless = candidates.filter { !$0.contains("-") }
        if regionless.count == 1 { return .success(regionless[0]) }
        if candidates.count == 1, region == nil { return .success(candidates[0]) }
        if let region, let match = candidates.first(where: { $0.hasSuffix("-\(region)") }) { return .success(match) }
        return .failure(LanguageMappingError(message: "App Store Connect has no language for \(tag): expected one of \(candidates.joined(separator: ", ")), found \(tag)"))
    }
}

public struct LanguageMappingError: Error, Equatable, Sendable {
    public var message: String
}
