import Foundation
import Diagnostics
/// Checks BCP 47 language tags (RFC 5646 `langtag` and private-use forms) for well-formedness.
/// Tags become folder names, so anything else is refused.
public enum LocaleTag {
    /// Longest tag accepted: RFC 5646 section 4.4.1 sizes tags at 35 characters (the longest
    /// without extensions or private use); longer tags became folder names the file system
    /// refused only when rendering.
    public static let maximumLength = 35

    /// True when `tag` is a well-formed BCP 47 tag such as `en-US`, `zh-Hans-CN`, `de-CH-1996`,
    /// at most `maximumLength` characters.
    public static func isWellFormed(_ tag: String) -> Bool {
        guard tag.utf8.count <= maximumLength else { return false }
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard !subtags.isEmpty, subtags.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy(isASCIIAlphanumeric) }) else {
            return false
        }
        var index = 0
        func next() -> String? { index < subtags.count ? subtags[index] : nil }
        if subtags[0].lowercased() == "x" { return subtags.count > 1 }

        // language: 2-3 letters (optionally followed by up to three extlang subtags), or 4-8 letters.
        guard let language = next(), language.allSatisfy(isASCIILetter), (2...8).contains(language.count) else { return false }
        index += 1
        if language.count <= 3 {
            var extlangs = 0
            while let s = next(), s.count == 3, s.allSatisfy(isASCIILetter), extlangs < 3 {
                extlangs += 1
                index += 1
            }
        }
        if let s = next(), s.count == 4, s.allSatisfy(isASCIILetter) { index += 1 }            // script
        if let s = next(), (s.count == 2 && s.allSatisfy(isASCIILetter)) || (s.count == 3 && s.allSatisfy(isASCIIDigit)) {
            index += 1                                                                           // region
        }
        while let s = next(), (5...8).contains(s.count) || (s.count == 4 && s.first.map(isASCIIDigit) == true) {
            index += 1                                                                           // variants
        }
        var singletons: Set<String> = []
        while let s = next(), s.count == 1, s.lowercased() != "x" {                              // extensions
            guard singletons.insert(s.lowercased()).inserted else { return false }
            index += 1
            var count = 0
            while let e = next(), (2...8).contains(e.count) {
                count += 1
                index += 1
            }
            if count == 0 { return false }
        }
        if let s = next(), s.lowercased() == "x" {                                               // private use
            index += 1
            guard index < subtags.count else { return false }
            index = subtags.count
        }
        return index == subtags.count
    }

    /// The tag with BCP 47's conventional case: language and variants lower case, script title
    /// case, region upper case (`zh-hans-cn` → `zh-Hans-CN`, `PT-br` → `pt-BR`). Only call on
    /// well-formed tags.
    public static func canonical(_ tag: String) -> String {
        var result: [String] = []
        var inExtension = false
        for (index, subtag) in tag.split(separator: "-").map(String.init).enumerated() {
            let lower = subtag.lowercased()
            if index == 0 || inExtension {
                result.append(lower)
            } else if subtag.count == 1 {
                inExtension = true
                result.append(lower)
            } else if subtag.count == 4 && subtag.allSatisfy(isASCIILetter) {
                result.append(lower.prefix(1).uppercased() + lower.dropFirst())
            } else if subtag.count == 2 && subtag.allSatisfy(isASCIILetter) {
                result.append(subtag.uppercased())
            } else {
                result.append(lower)
            }
        }
        return result.joined(separator: "-")
    }

    /// The locale a capture folder's name stands for, canonical: a BCP 47 tag (`pt-BR`), or one
    /// written with underscores as POSIX, Java and many capture scripts name folders (`pt_BR`,
    /// `zh_Hant_TW` → `zh-Hant-TW`). Nil when the name is neither.
    public static func fromFolderName(_ name: String) -> String? {
        let tag = name.replacingOccurrences(of: "_", with: "-")
        return isWellFormed(tag) ? canonical(tag) : nil
    }

    /// The folders among `names` (in their order) that name a locale an earlier one names:
    /// `en-US`, `en-us` and `en_US` are one locale (one folder on macOS, where fastlane runs), so
    /// which folder's files the locale has would be a guess. Each is refused once, at its path,
    /// and left out by the caller; names that are no locale are the caller's to report.
    package static func secondFolders(_ names: [String], in folder: URL, field: String, _ d: inout DiagnosticCollector) -> Set<String> {
        var folderOf: [String: String] = [:], second: Set<String> = []
        for name in names {
            guard let locale = fromFolderName(name) else { continue }
            if let first = folderOf[locale] {
                d.error(folder.appendingPathComponent(name).path, field, "two folders for one locale \(locale): expected one folder per locale (tags are compared ignoring case and _ for -), found \(first) and \(name)")
                second.insert(name)
            } else {
                folderOf[locale] = name
            }
        }
        return second
    }

    private static func isASCIILetter(_ c: Character) -> Bool { c.isASCII && c.isLetter }
    private static func isASCIIDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
    private static func isASCIIAlphanumeric(_ c: Character) -> Bool { isASCIILetter(c) || isASCIIDigit(c) }
}

/// Capture ids become file names: `[A-Za-z0-9][A-Za-z0-9._-]*`, at most 100 characters.
public enum CaptureID {
    public static let maximumLength = 100

    public static func isValid(_ id: String) -> Bool {
        guard id.count <= maximumLength, let first = id.unicodeScalars.first, isAlphanumeric(first) else { return false }
        return id.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    private static func isAlphanumeric(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s)
    }
}

/// A tag's language, script and region, read the way both stores' language lists match them:
/// the one reading of a tag into parts (App Store and Google Play then apply their own codes).
package struct LocaleSubtags {
    /// Lowercased, with the store's aliases applied (`iw` → `he` for the App Store).
    package var language: String
    /// A four-letter subtag (`Hant`).
    package var script: String?
    /// A two-letter or three-digit subtag (`TW`, `419`).
    package var region: String?

    package init(_ tag: String, aliases: [String: String]) {
        let parts = tag.split(separator: "-").map(String.init)
        let language = parts.first?.lowercased() ?? ""
        self.language = aliases[language] ?? language
        script = parts.dropFirst().first { $0.count == 4 }
        region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && Int($0) != nil) }
    }

    /// The codes of a store's list for this language (`pt-BR`, `pt-PT` for `pt`).
    func candidates(in codes: [String]) -> [String] {
        codes.filter { $0.split(separator: "-").first.map(String.init) == language }
    }
}

