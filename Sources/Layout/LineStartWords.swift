import Diagnostics
import Foundation
import Support
import Ingest

/// The words a Japanese or Chinese line never starts with, read from the shipped
/// `line-start-words.json` (IPADIC's particles and auxiliary verbs from Debian's mecab-ipadic,
/// jieba's particles from python3-jieba; the file cites both, scripts/line-start-words.py
/// writes it).
struct LineStartWords: Sendable {
    /// Loaded once per process per language.
    static let japanese = forLanguage("ja")
    static let chinese = forLanguage("zh")

    /// Particles (Japanese 助詞, Chinese 助词/语气词/后缀): a phrase may end after one.
    var particles: Set<String>
    /// Japanese auxiliary verbs (助動詞).
    var auxiliaries: Set<String>
    private let entries: Set<String>

    init(particles: Set<String>, auxiliaries: Set<String>) {
        self.particles = particles
        self.auxiliaries = auxiliaries
        entries = particles.union(auxiliaries)
    }

    /// The lists for `language` (`ja`, `zh`; `yue` and `cmn` read Chinese's).
    static func forLanguage(_ language: String) -> LineStartWords {
        let key = language == "ja" ? "ja" : "zh"
        return LineStartWords(particles: Set(shipped["particles"]?.objectValue?[key]?.arrayValue?.compactMap(\.stringValue) ?? []),
                              auxiliaries: Set(shipped["auxiliaries"]?.objectValue?[key]?.arrayValue?.compactMap(\.stringValue) ?? []))
    }

    private static let shipped: [String: JSONValue] = {
        guard let url = BuiltinResources.url("line-start-words.json"), let data = FileManager.default.contents(atPath: url.path),
              let root = try? JSONValue.parse(data) else { return [:] }
        return root.objectValue ?? [:]
    }()

    /// True when `word` (one ICU dictionary word) is a particle or an auxiliary. (Not a
    /// split into several: かんたん would read as か + ん + た + ん.)
    func attaches(_ word: [Unicode.Scalar]) -> Bool {
        entries.contains(String(String.UnicodeScalarView(word)))
    }
}
