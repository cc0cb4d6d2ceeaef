import Foundation
import Diagnostics

/// Per-locale captures: a capture path with `{locale}` names one file per locale (fastlane
/// snapshot's `screenshots/de-DE/…`, app-preview's `screenshots/{locale}/home.png`), so the
/// German screenshot shows the German app. `{locale}` stands for the locale's canonical tag,
/// or for the tag `"captureLocales"` gives it when the folders use other names.
public enum LocaleCapturePath {
    public static let placeholder = "{locale}"

    /// The file one locale composes for a capture.
    public struct Resolved: Equatable, Sendable {
        public var locale: String
        /// The path as written in the job with `{locale}` filled in.
        public var path: String
        public var url: URL
        /// The locale whose capture stands in for a missing one (`--fallback-locale`).
        public var fallbackFrom: String?
    }

    /// A folder tag is one path component: letters, digits, `-` and `_`, starting with a letter
    /// or digit (so never `..` or a path).
    public static func isFolderName(_ tag: String) -> Bool {
        guard let first = tag.unicodeScalars.first, first.isASCII, CharacterSet.alphanumerics.contains(first), tag.count <= 64 else { return false }
        return tag.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
    }

    public static func path(_ template: String, locale: String, captureLocales: [String: String]) -> String {
        template.replacingOccurrences(of: placeholder, with: captureLocales[locale] ?? locale)
    }

    /// Each locale's file for `capture`. A locale whose file is missing takes the fallback
    /// locale's file (with a warning each) when that exists; otherwise every missing
    /// (locale, path) of the capture is listed in one error and those locales are left out.
    /// Whether a file exists is asked of the ingested inputs (which looked for every
    /// locale's file and the fallback's).
    package static func resolve(_ capture: JobCapture, field: String, locales: [String], fallbackLocale: String?, job: Job,
                        inputs: IngestedInputs, _ d: inout DiagnosticCollector) -> [Resolved] {
        func file(_ locale: String) -> Resolved { Self.file(capture, locale: locale, job: job) }
        func exists(_ url: URL) -> Bool { inputs.exists(url) }
        let fallback = fallbackLocale.map(file)
        var resolved: [Resolved] = []
        var missing: [Resolved] = []
        for locale in locales {
            let own = file(locale)
            if exists(own.url) {
                resolved.append(own)
            } else if let fallback, fallback.locale != locale, exists(fallback.url) {
                d.warning(job.file, field, "no capture \(capture.id) for \(locale) at \(own.path): composing \(fallback.locale)'s capture \(fallback.path) instead (--fallback-locale)")
                resolved.append(Resolved(locale: locale, path: fallback.path, url: fallback.url, fallbackFrom: fallback.locale))
            } else {
                missing.append(own)
            }
        }
        if !missing.isEmpty {
            var message = "capture \(capture.id) missing for \(missing.count) locale(s): expected a file for every locale, found none for "
            message += missing.map { "\($0.locale) (\($0.path))" }.joined(separator: ", ")
            if let fallback, !exists(fallback.url) {
                message += "; the fallback locale \(fallback.locale) has none either (\(fallback.path))"
            } else if fallback == nil {
                message += " (--fallback-locale TAG composes TAG's capture instead)"
            }
            d.error(job.file, field, message)
        }
        return resolved
    }

    /// The file `locale` composes for a `{locale}` capture (whether it exists or not).
    package static func file(_ capture: JobCapture, locale: String, job: Job) -> Resolved {
        let tag = job.captureLocales[locale] ?? locale
        let path = capture.localeFiles?[tag] ?? path(capture.path, locale: locale, captureLocales: job.captureLocales)
        return Resolved(locale: locale, path: path, url: JobLoader.resolve(path, against: job.directory))
    }
}
