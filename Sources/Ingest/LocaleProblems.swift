import Foundation
import Diagnostics
import Support

/// Reports what `ReleaseLocales.build` found where it is fixed: a missing or doubled language
/// in the headline source (the String Catalog, the `.strings` folder or the job's inline
/// `headlines`), two folders of one language in the fastlane folder.
enum LocaleProblems {
    static func report(_ problems: [ReleaseLocales.Problem], job: Job, headlines: JSONValue?, directory: URL,
                       reportUnserved: Bool, _ d: inout DiagnosticCollector) {
        let source = headlineSource(headlines, job: job, directory: directory)
        for problem in problems {
            switch problem {
            case .noHeadline(_, let folders, let suggested) where reportUnserved:
                d.add(Diagnostic(.error, file: source.file, field: source.field,
                                 message: "no headlines for the language of \(list(folders)): expected a locale such as \"\(suggested)\" in the headlines, found none (list the job's \"locales\" to leave the language out)",
                                 subject: DiagnosticSubject(locale: suggested)))
            case .noHeadline:
                continue
            case .twoHeadlines(let keys, let folders):
                // At the second key's first headline: the one to remove or merge.
                let second = keys.last ?? ""
                let tag = job.localeMap[second] ?? second
                let origin = job.headlineOrigins[tag]?.sorted { $0.key < $1.key }.first?.value
                let file = origin?.file ?? source.file
                let field = origin?.field ?? (source.field == "headlines" ? "headlines.\(second)" : source.field)
                d.add(Diagnostic(.error, file: file, field: field,
                                 message: "one language, two headline locales: expected one locale for \(list(folders)) (its headlines serve both stores' folders), found \(keys.joined(separator: " and "))",
                                 position: origin?.line.map { JSONPosition(line: $0, column: 1) },
                                 subject: DiagnosticSubject(locale: tag)))
            case .twoFolders(let locale, let folders):
                d.add(Diagnostic(.error, file: job.file, field: "captures.fastlane",
                                 message: "two folders of one language in \(folders.first?.folder ?? "the fastlane folder"): expected one folder for locale \(locale), found \(folders.map(\.tag).joined(separator: " and "))",
                                 subject: DiagnosticSubject(locale: locale)))
            }
        }
    }

    /// `fastlane/screenshots/ja (deliver) and fastlane/metadata/android/ja-JP (supply)`.
    static func list(_ folders: [StoreFolder]) -> String {
        let names = folders.map { "\($0.folder)/\($0.tag) (\($0.store.tool))" }
        return names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }

    /// Where the headline source's locales are listed: a String Catalog's `strings`, a
    /// `.strings` folder, else the job's `headlines`.
    private static func headlineSource(_ headlines: JSONValue?, job: Job, directory: URL) -> (file: String, field: String) {
        guard let path = headlines?.stringValue, !path.isEmpty else { return (job.file, "headlines") }
        let url = JobLoader.resolve(path, against: directory)
        return url.pathExtension == "xcstrings" ? (url.path, "strings") : (url.path, "(folder)")
    }
}
