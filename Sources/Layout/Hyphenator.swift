import Diagnostics
import CHyphen
import Foundation
#if canImport(Glibc)
import Glibc
import Support
#endif

// The only Swift file that talks to libhyphen. LibreOffice's patterns files (Debian's
// hyphen-* packages, /usr/share/hyphen/hyph_<language>_<REGION>.dic) name their character
// set on the first line (UTF-8, ISO8859-1, KOI8-R, …): words are converted to it with
// iconv before libhyphen sees them, so one byte or one UTF-8 sequence is one character.

/// One patterns file loaded through libhyphen. Hyphenating only reads the loaded patterns.
public final class HyphenationPatterns: Hyphenator, @unchecked Sendable {
    /// The patterns file, symbolic links resolved: what the manifest records.
    public let path: String
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    private let charset: String

    /// Nil when libhyphen cannot load the file.
    public init?(path: String) {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let dictionary = hnj_hyphen_load(resolved) else { return nil }
        self.path = resolved
        self.dictionary = dictionary
        charset = withUnsafeBytes(of: dictionary.pointee.cset) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { hnj_hyphen_free(dictionary) }

    /// Where `word` (letters only) may break: the number of characters (Unicode scalars)
    /// before each break, ascending. At least two characters stay on the left and three on
    /// the right (or the patterns' own larger minimums). Breaks the patterns mark as
    /// non-standard (a spelling change, `Schiffahrt` → `Schiff-fahrt`) are left out: a soft
    /// hyphen cannot express them.
    public func breaks(in word: String) -> [Int] {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= 5 else { return [] }
        // Patterns are lower case; a per-scalar mapping keeps the character count.
        let lowered = String(String.UnicodeScalarView(scalars.map { scalar in
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            return lower.count == 1 ? lower.first ?? scalar : scalar
        }))
        guard let encoded = encode(lowered) else { return [] }
        let size = encoded.count
        var hyphens = [CChar](repeating: 0, count: size + 5)
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var pos: UnsafeMutablePointer<Int32>?
        var cut: UnsafeMutablePointer<Int32>?
        let status = encoded.withUnsafeBufferPointer { bytes in
            hnj_hyphen_hyphenate3(dictionary, bytes.baseAddress, Int32(size), &hyphens, nil, &rep, &pos, &cut, 2, 3, 2, 2)
        }
        defer {
            if let rep {
                for i in 0..<size { free(rep[i]) }
                free(rep)
            }
            free(pos)
            free(cut)
        }
        guard status == 0 else { return [] }
        // For UTF-8 patterns libhyphen re-indexes the vector by character; other character
        // sets are one byte per character.
        var result: [Int] = []
        for index in 0..<(scalars.count - 1) where hyphens[index] & 1 == 1 {
            if let rep, rep[index] != nil { continue }
            result.append(index + 1)
        }
        return result
    }

    /// `text` in the patterns' character set, nil when a character has no code there.
    private func encode(_ text: String) -> [CChar]? {
        if charset.uppercased() == "UTF-8" { return text.utf8.map { CChar(bitPattern: $0) } }
        let converter = iconv_open(charset, "UTF-8")
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = Array(text.utf8).map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: input.count * 4 + 4)
        let inputCount = input.count, outputCount = output.count
        let written: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer = inBuffer.baseAddress
                var outPointer = outBuffer.baseAddress
                var inLeft = inputCount, outLeft = outputCount
                if iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) == Int.max || inLeft != 0 { return nil }
                return outputCount - outLeft
            }
        }
        guard let written else { return nil }
        return Array(output.prefix(written))
    }
}

/// Which hyphenation source serves a locale: a patterns file of Debian's hyphen-* packages
/// (`/usr/share/hyphen`), or for Finnish, which Debian ships no patterns for, Voikko's
/// dictionary (voikko-fi). Loads each source once per process, and only when a word needs
/// it: libhyphen takes seconds to load the large German file (20 s on a loaded 2-core machine).
public final class HyphenationCatalog: @unchecked Sendable {
    public let directory: URL
    /// Where Voikko's dictionaries are (Finnish).
    public let voikkoDirectory: String
    private var loaded: [String: (any Hyphenator)?] = [:]
    private let lock = NSLock()

    private var hashes: [String: String] = [:]

    /// SHA-256 of a patterns or dictionary file (for the manifest), read once per process.
    public func sha256(ofFile path: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let known = hashes[path] { return known }
        let hash = FileManager.default.contents(atPath: path).map(SHA256.hex) ?? ""
        hashes[path] = hash
        return hash
    }

    /// The process's catalog of Debian's patterns and Voikko's dictionary.
    public static let shared = HyphenationCatalog()

    public init(directory: URL = URL(fileURLWithPath: "/usr/share/hyphen"), voikkoDirectory: String = VoikkoHyphenator.dictionaryDirectory) {
        self.directory = directory
        self.voikkoDirectory = voikkoDirectory
    }

    /// Languages hyphenated by Voikko when no patterns file serves them.
    static let voikkoLanguages: Set<String> = ["fi"]

    /// The patterns or dictionary file for `locale`, without loading it; nil when none is
    /// installed.
    public func path(for locale: String) -> String? {
        source(for: locale)?.path
    }

    /// What would serve `locale`, for the warning when nothing does.
    public func expectedSource(for locale: String) -> String {
        let language = Self.language(of: locale)
        if Self.voikkoLanguages.contains(language) {
            return "Debian's voikko-fi with \(URL(fileURLWithPath: voikkoDirectory).appendingPathComponent("5/mor-standard/mor.vfst").path)"
        }
        return "a hyphen-* package with \(directory.appendingPathComponent("hyph_\(language)").path)*.dic"
    }

    /// The file and whether Voikko reads it (symbolic links resolved: hyph_de.dic and
    /// hyph_de_DE.dic are one file).
    private func source(for locale: String) -> (path: String, voikko: Bool)? {
        if let file = candidates(for: locale).map({ directory.appendingPathComponent($0).path }).first(where: { FileManager.default.fileExists(atPath: $0) }) {
            return (URL(fileURLWithPath: file).resolvingSymlinksInPath().path, false)
        }
        guard Self.voikkoLanguages.contains(Self.language(of: locale)),
              let file = VoikkoHyphenator.dictionaryFile(in: voikkoDirectory) else { return nil }
        return (file, true)
    }

    /// Regions Debian's files are named with when the language alone names none.
    private static let defaultRegions = ["sv": "SE", "da": "DK", "nb": "NO", "nn": "NO", "el": "GR", "cs": "CZ",
                                         "sl": "SI", "uk": "UA", "ca": "ES", "en": "US", "pt": "PT", "es": "ES",
                                         "id": "ID", "pl": "PL", "ru": "RU", "bg": "BG", "be": "BY", "gl": "ES",
                                         "sr": "RS", "hi": "IN", "bn": "IN", "kn": "IN", "ml": "IN", "mr": "IN",
                                         "ta": "IN", "te": "IN", "gu": "IN", "or": "IN", "pa": "IN"]

    /// The hyphenator for `locale` (`de-DE`, `pt-BR`, `no`, `fi`), nil when none is installed.
    public func patterns(for locale: String) -> (any Hyphenator)? {
        guard let source = source(for: locale) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let cached = loaded[source.path] { return cached }
        let hyphenator: (any Hyphenator)? = source.voikko ? VoikkoHyphenator(directory: voikkoDirectory) : HyphenationPatterns(path: source.path)
        loaded[source.path] = hyphenator
        return hyphenator
    }

    /// The language subtag, lower case; Norwegian `no` is Bokmål's patterns (`nb`).
    private static func language(of locale: String) -> String {
        let language = locale.split(separator: "-").first?.lowercased() ?? ""
        return language == "no" ? "nb" : language
    }

    /// File names for `locale`, most specific first.
    private func candidates(for locale: String) -> [String] {
        let parts = locale.split(separator: "-").map(String.init)
        let language = Self.language(of: locale)
        // A region is two letters or three digits; skip the script subtag.
        let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }?.uppercased()
        var names: [String] = []
        if let region { names.append("hyph_\(language)_\(region).dic") }
        names.append("hyph_\(language).dic")
        names.append("hyph_\(language)_\(Self.defaultRegions[language] ?? language.uppercased()).dic")
        return names
    }
}
