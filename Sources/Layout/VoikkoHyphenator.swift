import Support
import Diagnostics
import CVoikko
import Foundation

// The only Swift file that talks to libvoikko. Debian 12 ships no Finnish hyphenation
// patterns (no hyphen-fi); Finnish is hyphenated by Voikko, which splits compounds at their
// parts from its morphology (Debian's voikko-fi, /usr/lib/voikko/5/mor-standard/mor.vfst)
// and the parts by Finnish syllable rules: what LibreOffice's Finnish hyphenation uses.

/// Finnish hyphenation through one Voikko handle. A handle is not safe to use from two
/// threads at once, so every call holds the lock.
public final class VoikkoHyphenator: Hyphenator, @unchecked Sendable {
    /// The morphology dictionary the breaks come from: what the manifest records.
    public let path: String
    private let handle: OpaquePointer
    private let lock = NSLock()

    /// Where Debian's voikko-fi installs the dictionary (format 5, the standard variant).
    public static let dictionaryDirectory = "/usr/lib/voikko"

    /// The dictionary file Voikko reads for `fi` under `directory`, nil when not installed.
    public static func dictionaryFile(in directory: String = dictionaryDirectory) -> String? {
        let file = URL(fileURLWithPath: directory).appendingPathComponent("5/mor-standard/mor.vfst").resolvingSymlinksInPath().path
        return FileManager.default.fileExists(atPath: file) ? file : nil
    }

    /// Nil when the dictionary is not installed or Voikko cannot open it.
    public init?(directory: String = VoikkoHyphenator.dictionaryDirectory) {
        guard let file = Self.dictionaryFile(in: directory) else { return nil }
        var error: UnsafePointer<CChar>?
        // The directory is searched first, so the recorded file is the one Voikko reads.
        guard let handle = voikkoInit(&error, "fi", directory) else { return nil }
        self.handle = handle
        path = file
        // "Ugly" breaks leave one vowel alone at a word part's edge (a-jan-varaus): never in a headline.
        voikkoSetBooleanOption(handle, VOIKKO_OPT_NO_UGLY_HYPHENATION, 1)
    }

    deinit { voikkoTerminate(handle) }

    /// Voikko's breaks of `word`, keeping at least two characters on each side.
    public func breaks(in word: String) -> [Int] {
        let count = word.unicodeScalars.count
        guard count >= 4 else { return [] }
        lock.lock()
        defer { lock.unlock() }
        // One ASCII mark per character of the word: "-" breaks before it, "=" replaces it
        // with a hyphen (a hyphen already in the word), " " no break.
        guard let marks = voikkoHyphenateCstr(handle, word) else { return [] }
        defer { voikkoFreeCstr(marks) }
        let pattern = Array(String(cString: marks).utf8)
        guard pattern.count == count else { return [] }
        return (2...(count - 2)).filter { pattern[$0] == UInt8(ascii: "-") }
    }

    /// The breaks between a compound's parts (järjestelmä-päivitykset rather than
    /// päi-vitykset): Voikko's breaks where every analysis of the word starts a part.
    public func preferredBreaks(in word: String) -> [Int] {
        let breaks = self.breaks(in: word)
        guard !breaks.isEmpty else { return [] }
        lock.lock()
        defer { lock.unlock() }
        guard let analyses = voikkoAnalyzeWordCstr(handle, word) else { return [] }
        defer { voikko_free_mor_analysis(analyses) }
        var common: Set<Int>?
        var index = 0
        while let analysis = analyses[index] {
            index += 1
            // STRUCTURE: one letter per character, "=" before each part ("=pppp=pppppp").
            guard let structure = voikko_mor_analysis_value_cstr(analysis, "STRUCTURE") else { continue }
            defer { voikko_free_mor_analysis_value_cstr(structure) }
            var starts: Set<Int> = []
            var characters = 0
            for mark in String(cString: structure).unicodeScalars {
                if mark == "=" { starts.insert(characters) } else { characters += 1 }
            }
            common = common.map { $0.intersection(starts) } ?? starts
        }
        return breaks.filter { common?.contains($0) ?? false }
    }
}
