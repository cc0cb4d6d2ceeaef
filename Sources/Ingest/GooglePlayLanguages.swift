import Foundation

/// Maps BCP 47 tags to Play Console language codes, the folder names fastlane supply reads
/// store-listing images from. The codes are data (`google-play-languages.json`, citing
/// fastlane supply's list), not code.
public struct GooglePlayLanguages: Equatable, Sendable {
    public var codes: [String]
    /// Code → the listing language it names (`ja-JP` → `ja`, `iw-IL` → `he`), shared with the
    /// App Store's list.
    public var listing: [String: String] = [:]

    public init(codes: [String], listing: [String: String] = [:]) {
        self.codes = codes
        self.listing = listing
    }

    public static func shipped() -> GooglePlayLanguages? {
        BuiltinResources.languageTable("google-play-languages.json").map { GooglePlayLanguages(codes: $0.codes, listing: $0.listing) }
    }

    /// The code for a canonical tag, or why there is none. Hebrew is `iw-IL` in Play Console;
    /// Chinese goes by script (zh-Hans → zh-CN, zh-Hant → zh-TW, zh-HK as it is). A tag whose
    /// language Play Console splits by region needs the region (`en` is refused: en-US,
    /// en-GB, …), and a region it does not list is refused rather than folded into another.
    public func code(for tag: String) -> Result<String, LanguageMappingError> {
        if let exact = codes.first(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) { return .success(exact) }
        let subtags = LocaleSubtags(tag, aliases: ["he": "iw", "nb": "no"])
        let language = subtags.language, script = subtags.script, region = subtags.region
        if language == "zh" {
            if region == "HK" { return .success("zh-HK") }
            if script == "Hant" || region == "TW" || region == "MO" { return .success("zh-TW") }
            if script == "Hans" || region == "CN" || region == "SG" { return .success("zh-CN") }
            return .failure(LanguageMappingError(message: "Chinese needs a script or region: expected zh-Hans, zh-Hant, zh-CN, zh-TW or zh-HK, found \(tag)"))
        }
        let candidates = subtags.candidates(in: codes)
        if candidates.isEmpty {
            return .failure(LanguageMappingError(message: "Google Play has no language for \(tag): expected one of \(codes.joined(separator: ", ")), found \(tag)"))
        }
        if let region {
            if let match = candidates.first(where: { $0.hasSuffix("-\(region)") }) { return .success(match) }
        } else {
            let regionless = candidates.filter { !$0.contains("-") }
            if regionless.count == 1 { return .success(regionless[0]) }
            if candidates.count == 1 { return .success(candidates[0]) }
        }
        return .failure(LanguageMappingError(message: "Google Play has no language for \(tag): expected one of \(candidates.joined(separator: ", ")), found \(tag)"))
    }
}
