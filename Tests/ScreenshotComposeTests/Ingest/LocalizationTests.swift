import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest
@testable import Manifest
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Headlines from `.strings` folders and Xcode String Catalogs, and the fastlane layout.
final class LocalizationTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    private func utf16LE(_ text: String) -> Data {
        var data = Data([0xFF, 0xFE])
        for unit in text.utf16 { data.append(UInt8(unit & 0xFF)); data.append(UInt8(unit >> 8)) }
        return data
    }

    private func title(_ scratch: Scratch, _ relative: String) throws -> String? {
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path(relative)))
        return try XMLDocument(data: data, options: []).rootElement()?.elements(forName: "title").first?.stringValue
    }

    /// Two captures and the given headlines source.
    private func job(_ scratch: Scratch, headlines: Any, extra: [String: Any] = [:]) throws -> String {
        let png = try Fixtures.png(width: 390, height: 844)
        try scratch.write("inbox.png", png)
        try scratch.write("compose.png", png)
        var job: [String: Any] = ["schemaVersion": 1, "output": "out", "headlines": headlines,
                                  "captures": [["id": "inbox", "path": "inbox.png", "well": "tuck-browser-mobile"],
                                               ["id": "compose", "path": "compose.png", "well": "tuck-browser-mobile"]]]
        for (k, v) in extra { job[k] = v }
        return try scratch.writeJob(job)
    }

    func testStringsParserHandlesCommentsEscapesAndBareKeys() throws {
        let text = """
        /* Screenshot titles */
        // inbox
        "inbox" = "Say \\"hi\\" \\\\ fast\\nnow";
        compose  =   "Tab\\there \\U00E9\\U0301 \\UD83D\\UDE00";
        "with spaces" = "x" ;
        """
        let entries = try StringsFile.parse(text)
        XCTAssertEqual(entries.map(\.key), ["inbox", "compose", "with spaces"])
        XCTAssertEqual(entries[0].value, "Say \"hi\" \\ fast\nnow")
        XCTAssertEqual(entries[1].value, "Tab\there e\u{0301} 😀".replacingOccurrences(of: "e\u{0301}", with: "\u{E9}\u{0301}"))
        XCTAssertEqual(entries.map(\.line), [3, 4, 5])
    }

    func testStringsSyntaxErrorsNameLineAndColumn() {
        func error(_ text: String) -> String {
            do {
                _ = try StringsFile.parse(text)
                return "no error"
            } catch let e as StringsSyntaxError {
                return "\(e.line):\(e.column) \(e.message)"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(error("\"a\" = \"b\"\n\"c\" = \"d\";"), "2:1 expected \";\" after the value of \"a\", found \"\"\"")
        XCTAssertEqual(error("\"a\" : \"b\";"), "1:5 expected \"=\" after the key \"a\", found \":\"")
        XCTAssertEqual(error("\"a\" = \"b;\n"), "1:7 unterminated string: expected a closing \", found the end of the file")
        XCTAssertEqual(error("/* open\n\"a\" = \"b\";"), "1:1 unterminated comment: expected */, found the end of the file")
        XCTAssertEqual(error("\"a\" = \"\\U12\";"), "1:12 bad \\U escape: expected 4 hex digits, found \"\"\"")
    }

    func testStringsFolderInUTF16AndUTF8LandsInEachTitle() throws {
        let scratch = try Scratch()
        try scratch.write("titles/de-DE/title.strings", utf16LE("""
        /* Titel */
        "inbox" = "Alles auf einen Blick";
        // Verfassen
        "compose" = "Schreib \\"los\\"";
        "inbox-extra" = "never used: keys match exactly";
        """))
        try scratch.write("titles/en-US/title.strings", """
        "compose" = "Write \\"now\\"\\tfast";
        "inbox" = "Everything & <more>";
        """)
        let jobFile = try job(scratch, headlines: "titles")
        let report = ScreenshotComposer().render(jobFile: jobFile, options: epoch, svgOnly: true)
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(try title(scratch, "out/de-DE/inbox.svg"), "Alles auf einen Blick")
        XCTAssertEqual(try title(scratch, "out/de-DE/compose.svg"), "Schreib \"los\"")
        XCTAssertEqual(try title(scratch, "out/en-US/compose.svg"), "Write \"now\"\tfast")
        XCTAssertEqual(try title(scratch, "out/en-US/inbox.svg"), "Everything & <more>")
        XCTAssertEqual(report.manifest?.inputs.headlines?.map(\.path), ["../titles/de-DE/title.strings", "../titles/en-US/title.strings"])
    }

    /// A `.strings` folder named with underscores (`de_DE`, `zh_Hant_TW`) is the locale it names,
    /// read as fastlane folders and init read folder names (`LocaleTag.fromFolderName`): it was
    /// refused as "expected a BCP 47 tag". `de_DE` beside `de-DE` is one locale twice; a name
    /// that is no locale either way is still refused, naming the file.
    func testStringsFolderWithUnderscoresIsItsLocale() throws {
        let scratch = try Scratch()
        try scratch.write("titles/de_DE/title.strings", "\"inbox\" = \"Alles\";\n\"compose\" = \"Schreiben\";\n")
        try scratch.write("titles/zh_Hant_TW/title.strings", "\"inbox\" = \"全部\";\n\"compose\" = \"撰寫\";\n")
        let jobFile = try job(scratch, headlines: "titles")
        let report = ScreenshotComposer().render(jobFile: jobFile, options: epoch, svgOnly: true)
        XCTAssertEqual(lines(report), [])
        XCTAssertEqual(try title(scratch, "out/de-DE/inbox.svg"), "Alles")
        XCTAssertEqual(try title(scratch, "out/zh-Hant-TW/compose.svg"), "撰寫")
        XCTAssertEqual(report.manifest?.inputs.headlines?.map(\.path), ["../titles/de_DE/title.strings", "../titles/zh_Hant_TW/title.strings"])

        try scratch.write("titles/de-DE/title.strings", "\"inbox\" = \"Alles\";\n\"compose\" = \"Schreiben\";\n")
        try scratch.write("titles/de__DE/title.strings", "\"inbox\" = \"Alles\";\n")
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [
            "error: \(scratch.path("titles/de_DE")): (folder name): two folders for one locale de-DE: expected one folder per locale (tags are compared ignoring case and _ for -), found de-DE and de_DE",
            "error: \(scratch.path("titles/de__DE/title.strings")): (folder name): the folder names the locale: expected a BCP 47 tag such as en-US (or one written with underscores, de_DE), at most \(LocaleTag.maximumLength) characters, found \"de__DE\"",
        ])
    }

    func testStringsSyntaxErrorInAFolderIsReportedWithFileLineAndColumn() throws {
        let scratch = try Scratch()
        try scratch.write("titles/fr-FR/title.strings", "\"inbox\" = \"Tout\";\n\"compose\" \"Écrire\";\n")
        let jobFile = try job(scratch, headlines: "titles")
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [
            "error: \(scratch.path("titles/fr-FR/title.strings")): line 2, column 11: syntax error: expected \"=\" after the key \"compose\", found \"\"\"",
        ])
    }

    private let catalog = """
    {
      "sourceLanguage" : "en",
      "version" : "1.0",
      "strings" : {
        "compose" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Write in seconds" } },
            "de" : { "stringUnit" : { "state" : "translated", "value" : "In Sekunden schreiben" } },
            "ja" : { "stringUnit" : { "state" : "needs_review", "value" : "すぐに書ける" } },
            "pt-br" : { "stringUnit" : { "state" : "translated", "value" : "Escreva em segundos" } }
          }
        },
        "inbox" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Everything at a glance" } },
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Alles auf einen Blick" } },
            "ja" : { "stringUnit" : { "state" : "translated", "value" : "すべてをひと目で" } }
          }
        },
        "unrelated" : { "localizations" : { "en" : { "stringUnit" : { "state" : "new", "value" : "x" } } } }
      }
    }
    """

    func testStringCatalogErrorsForNeedsReviewAndMissingTranslationAllAtOnce() throws {
        let scratch = try Scratch()
        try scratch.write("Screenshots.xcstrings", catalog)
        let jobFile = try job(scratch, headlines: "Screenshots.xcstrings")
        let catalogPath = scratch.path("Screenshots.xcstrings")
        // Both problems in one run, each with its line in the catalog.
        let report = ScreenshotComposer().check(jobFile: jobFile, options: epoch)
        XCTAssertEqual(lines(report), [
            "error: \(catalogPath): strings.compose.localizations.ja.stringUnit.state: string unit is \"needs_review\", not translated: expected state \"translated\", found \"needs_review\" (--allow-untranslated accepts it)",
            "error: \(catalogPath): strings.inbox: missing headline: expected one for every capture in every locale, found none for pt-BR/inbox",
        ])
        // Each at its line: the unit's state, and the key whose translation is missing.
        let inboxLine = (catalog.components(separatedBy: "\n").firstIndex { $0.contains("\"inbox\" : {") } ?? 0) + 1
        XCTAssertEqual(report.diagnostics.map { $0.position?.line ?? 0 }, [9, inboxLine])
        // Accepting the unit leaves the missing pt-BR inbox headline, listed in one error.
        let options = PlanOptions(sourceDateEpoch: "1767225600", headlines: HeadlineOptions(allowUntranslated: true))
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: options)), [
            "warning: \(catalogPath): strings.compose.localizations.ja.stringUnit.state: string unit is \"needs_review\", not translated: expected state \"translated\", found \"needs_review\" (used because of --allow-untranslated)",
            "error: \(catalogPath): strings.inbox: missing headline: expected one for every capture in every locale, found none for pt-BR/inbox",
        ])
    }

    /// `init` writes each unit "new" and empty: check said only "not translated
    /// (--allow-untranslated accepts it)", and following that hint gave the empty values'
    /// errors on a second run. One error per unit now says both, with the one remedy.
    func testAnEmptyUnitStillMarkedNewIsOneErrorSayingBoth() throws {
        let scratch = try Scratch()
        let written = catalog.replacingOccurrences(of: #""state" : "needs_review", "value" : "すぐに書ける""#, with: #""state" : "new", "value" : """#)
        XCTAssertNotEqual(written, catalog)
        try scratch.write("Screenshots.xcstrings", written)
        let jobFile = try job(scratch, headlines: "Screenshots.xcstrings")
        let catalogPath = scratch.path("Screenshots.xcstrings")
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)).first,
            "error: \(catalogPath): strings.compose.localizations.ja.stringUnit: string unit is \"new\" and its value is empty: expected a headline with state \"translated\", found state \"new\" and value \"\" (write the headline, then mark it translated)")
    }

    func testAHeadlineProblemFromALocalizationFileNamesThatFileAndLine() throws {
        let scratch = try Scratch()
        let long = String(repeating: "Sehr lange Überschrift ", count: 12)
        try scratch.write("Screenshots.xcstrings", catalog.replacingOccurrences(of: "In Sekunden schreiben", with: long))
        let report = ScreenshotComposer().check(jobFile: try job(scratch, headlines: "Screenshots.xcstrings", extra: ["locales": ["de"]]), options: epoch)
        XCTAssertEqual(report.diagnostics.map(\.file), [scratch.path("Screenshots.xcstrings")])
        XCTAssertEqual(report.diagnostics.map(\.field), ["strings.compose.localizations.de.stringUnit.value"])
        XCTAssertEqual(report.diagnostics.first?.position?.line, 8)
        XCTAssertTrue(report.diagnostics.first?.message.hasPrefix("headline does not fit its band") == true)
        // The same from a .strings file: the line of the key.
        try scratch.write("titles/de-DE/title.strings", "/* Titles */\n\"inbox\" = \"Alles im Blick\";\n\"compose\" = \"\(long)\";\n")
        let strings = ScreenshotComposer().check(jobFile: try job(scratch, headlines: "titles"), options: epoch)
        XCTAssertEqual(lines(strings), [
            "error: \(scratch.path("titles/de-DE/title.strings")): line 3: " + (strings.diagnostics.first?.message ?? ""),
        ])
        XCTAssertEqual(strings.diagnostics.first?.position?.line, 3)
    }

    func testStringCatalogRendersWithFallbackRecordedInTheManifest() throws {
        let scratch = try Scratch()
        try scratch.write("Screenshots.xcstrings", catalog)
        let jobFile = try job(scratch, headlines: "Screenshots.xcstrings")
        let options = PlanOptions(sourceDateEpoch: "1767225600",
                                  headlines: HeadlineOptions(allowUntranslated: true, fallbackLocale: "en"))
        let report = ScreenshotComposer().render(jobFile: jobFile, options: options, svgOnly: true)
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .error }.map(\.line), [])
        XCTAssertEqual(report.diagnostics.last?.lineWithoutPosition,
                       "warning: \(scratch.path("Screenshots.xcstrings")): strings.inbox.localizations: missing translation for pt-BR: using the en headline (--fallback-locale)")
        XCTAssertEqual(try title(scratch, "out/de/inbox.svg"), "Alles auf einen Blick")
        XCTAssertEqual(try title(scratch, "out/ja/compose.svg"), "すぐに書ける")
        XCTAssertEqual(try title(scratch, "out/pt-BR/compose.svg"), "Escreva em segundos")
        XCTAssertEqual(try title(scratch, "out/pt-BR/inbox.svg"), "Everything at a glance")
        let outputs = try XCTUnwrap(report.manifest?.outputs)
        XCTAssertEqual(outputs.map { "\($0.locale)/\($0.captureId)" },
                       ["de/inbox", "de/compose", "en/inbox", "en/compose", "ja/inbox", "ja/compose", "pt-BR/inbox", "pt-BR/compose"])
        XCTAssertEqual(outputs.compactMap { o in o.headlineFallback.map { "\(o.locale)/\(o.captureId)←\($0)" } }, ["pt-BR/inbox←en"])
    }

    func testLocalesFieldRestrictsAndCanonicalizes() throws {
        let scratch = try Scratch()
        try scratch.write("Screenshots.xcstrings", catalog)
        let jobFile = try job(scratch, headlines: "Screenshots.xcstrings", extra: ["locales": ["DE", "en"]])
        var d = DiagnosticCollector()
        let job = try XCTUnwrap(JobLoader.load(file: jobFile, into: &d))
        XCTAssertEqual(job.locales, ["de", "en"])
        let bad = try self.job(scratch, headlines: "Screenshots.xcstrings", extra: ["locales": ["fr-FR"]])
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: bad, options: epoch)), [
            "error: \(bad): locales[0]: locale not in the headline source: expected one of de, en, ja, pt-BR, found fr-FR",
        ])
    }

    func testPluralVariationsAreRefused() throws {
        let scratch = try Scratch()
        try scratch.write("S.xcstrings", """
        {"sourceLanguage": "en", "strings": {"inbox": {"localizations": {"en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "1 chat"}}}}}}},
         "compose": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Write"}}}}}}
        """)
        let jobFile = try job(scratch, headlines: "S.xcstrings")
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [
            "error: \(scratch.path("S.xcstrings")): strings.inbox.localizations.en.variations: a store screenshot has one headline: expected a single stringUnit, found plural variations",
        ])
    }

    func testAStringCatalogSourceLanguageThatIsNotALocaleIsRefused() throws {
        let scratch = try Scratch()
        try scratch.write("S.xcstrings", """
        {"sourceLanguage": "../../etc", "strings": {"inbox": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Hi"}}}},
         "compose": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Write"}}}}}}
        """)
        let jobFile = try job(scratch, headlines: "S.xcstrings")
        XCTAssertEqual(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)), [
            "error: \(scratch.path("S.xcstrings")): sourceLanguage: expected a BCP 47 locale, found \"../../etc\"",
        ])
    }

    func testCanonicalTags() {
        XCTAssertEqual(LocaleTag.canonical("zh-hans-cn"), "zh-Hans-CN")
        XCTAssertEqual(LocaleTag.canonical("PT-br"), "pt-BR")
        XCTAssertEqual(LocaleTag.canonical("es-419"), "es-419")
        XCTAssertEqual(LocaleTag.canonical("sr-LATN"), "sr-Latn")
        XCTAssertEqual(LocaleTag.canonical("de-CH-1996"), "de-CH-1996")
        XCTAssertEqual(LocaleTag.canonical("en-US-x-TWAIN"), "en-US-x-twain")
    }

    func testAppStoreConnectLanguageCodes() throws {
        let languages = try XCTUnwrap(AppStoreLanguages.shipped())
        func code(_ tag: String) -> String {
            switch languages.code(for: tag) {
            case .success(let code): return code
            case .failure(let error): return "refused: \(error.message)"
            }
        }
        XCTAssertEqual(code("ja-JP"), "ja")
        XCTAssertEqual(code("zh-Hans-CN"), "zh-Hans")
        XCTAssertEqual(code("zh-TW"), "zh-Hant")
        XCTAssertEqual(code("de-DE"), "de-DE")
        XCTAssertEqual(code("de"), "de-DE")
        XCTAssertEqual(code("en-GB"), "en-GB")
        XCTAssertEqual(code("pt-BR"), "pt-BR")
        XCTAssertEqual(code("ar"), "ar-SA")
        XCTAssertEqual(code("he-IL"), "he")
        XCTAssertEqual(code("nb-NO"), "no")
        XCTAssertEqual(code("en"), "refused: App Store Connect has no language for en: expected one of en-AU, en-CA, en-GB, en-US, found en")
        XCTAssertEqual(code("de-AT"), "refused: App Store Connect has no language for de-AT: expected one of de-DE, found de-AT")
        XCTAssertEqual(code("zh"), "refused: Chinese needs a script or region: expected zh-Hans, zh-Hant, zh-CN or zh-TW, found zh")
        XCTAssertTrue(code("tlh").hasPrefix("refused: App Store Connect has no language for tlh: expected one of ar-SA, bn-BD, ca,"))
        // The languages App Store Connect added in 2026 have a region in their code (fastlane 618633c).
        XCTAssertEqual(code("bn"), "bn-BD")
        XCTAssertEqual(code("sl"), "sl-SI")
        XCTAssertEqual(code("ur"), "ur-PK")
    }

    func testFastlaneLayoutWritesWhereDeliverPicksThemUp() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch, headlines: ["ja-JP": ["inbox": "受信箱", "compose": "作成"],
                                                   "zh-Hans-CN": ["inbox": "收件箱", "compose": "撰写"],
                                                   "en-US": ["inbox": "Inbox", "compose": "Compose"]])
        let options = PlanOptions(sourceDateEpoch: "1767225600", fastlaneLayout: true)
        let report = ScreenshotComposer().render(jobFile: jobFile, options: options)
        XCTAssertEqual(errorLines(report), [])
        // The recorded well is no App Store slot: said, not refused.
        XCTAssertTrue(lines(report).first?.hasSuffix("--layout fastlane: 390×844 is not an App Store slot; App Store Connect may reject it (target a slot with \"storeWell\" or \"targets\")") == true)
        let root = scratch.url.appendingPathComponent("out/fastlane/screenshots")
        var found: [String] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            for file in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted() {
                found.append("\(folder)/\(file)")
            }
        }
        XCTAssertEqual(found, ["en-US/01_inbox.png", "en-US/02_compose.png", "ja/01_inbox.png", "ja/02_compose.png",
                               "zh-Hans/01_inbox.png", "zh-Hans/02_compose.png"])
        let copy = try Data(contentsOf: root.appendingPathComponent("ja/02_compose.png"))
        XCTAssertEqual(copy, try Data(contentsOf: scratch.url.appendingPathComponent("out/ja-JP/compose.png")))
        XCTAssertEqual(report.manifest?.outputs.first { $0.locale == "ja-JP" && $0.captureId == "compose" }?.fastlane?.path,
                       "fastlane/screenshots/ja/02_compose.png")
        var d = DiagnosticCollector()
        ManifestVerifier.verify(manifestFile: scratch.path("out/manifest.json"), into: &d)
        XCTAssertEqual(lines(d), [])
    }

    func testFastlaneFoldersKeepOnlyThisRunsScreenshots() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch, headlines: ["ja-JP": ["inbox": "受信箱", "compose": "作成"]])
        let options = PlanOptions(sourceDateEpoch: "1767225600", fastlaneLayout: true)
        XCTAssertEqual(errorLines(ScreenshotComposer().render(jobFile: jobFile, options: options)), [])
        // A later job with the captures reordered: deliver must not upload the old files too.
        let png = try Fixtures.png(width: 390, height: 844)
        try scratch.write("compose.png", png)
        let reordered = try scratch.writeJob(["schemaVersion": 1, "output": "out", "headlines": ["ja-JP": ["compose": "作成"]],
                                              "captures": [["id": "compose", "path": "compose.png", "well": "tuck-browser-mobile"]]],
                                             name: "later.json")
        XCTAssertEqual(errorLines(ScreenshotComposer().render(jobFile: reordered, options: options)), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out/fastlane/screenshots/ja")).sorted(), ["01_compose.png"])
    }

    func testStringCatalogSubstitutionsAndDuplicateLocalesAreRefused() throws {
        let scratch = try Scratch()
        try scratch.write("S.xcstrings", """
        {"sourceLanguage": "en", "strings": {
          "inbox": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Hi %#@n@"}, "substitutions": {"n": {}}}}},
          "compose": {"localizations": {"zh-Hans": {"stringUnit": {"state": "translated", "value": "A"}},
                                        "zh-hans": {"stringUnit": {"state": "translated", "value": "B"}},
                                        "en": {"stringUnit": {"state": "translated", "value": "Write"}}}}}}
        """)
        let jobFile = try job(scratch, headlines: "S.xcstrings", extra: ["locales": ["en"]])
        XCTAssertTrue(lines(ScreenshotComposer().check(jobFile: jobFile, options: epoch)).contains(
            "error: \(scratch.path("S.xcstrings")): strings.inbox.localizations.en: a store screenshot has fixed text: expected a stringUnit without substitutions, found substitutions"))
        let all = try job(scratch, headlines: "S.xcstrings")
        XCTAssertTrue(lines(ScreenshotComposer().check(jobFile: all, options: epoch)).contains {
            $0.contains("strings.compose.localizations.zh-Hans: locale is zh-Hans like another key of this string")
        })
    }

    func testFastlaneLayoutRefusesLocalesWithoutAnAppStoreLanguage() throws {
        let scratch = try Scratch()
        let jobFile = try job(scratch, headlines: ["en": ["inbox": "a", "compose": "b"], "de-AT": ["inbox": "c", "compose": "d"]])
        let report = ScreenshotComposer().check(jobFile: jobFile, options: PlanOptions(fastlaneLayout: true))
        XCTAssertEqual(errorLines(report), [
            "error: \(jobFile): headlines.de-AT: --layout fastlane: App Store Connect has no language for de-AT: expected one of de-DE, found de-AT (a \"localeMap\" in the job renames a locale, e.g. {\"en\": \"en-US\"})",
            "error: \(jobFile): headlines.en: --layout fastlane: App Store Connect has no language for en: expected one of en-AU, en-CA, en-GB, en-US, found en (a \"localeMap\" in the job renames a locale, e.g. {\"en\": \"en-US\"})",
        ])
    }

    /// `--json`, annotations and the contact sheet read a problem's subject: the fastlane
    /// refusals name the locale or the capture they are about (found in a first-user release
    /// walkthrough, where both came out with no subject).
    func testFastlaneRefusalsNameTheirLocaleAndCapture() throws {
        let scratch = try Scratch()
        try scratch.write("pixel.png", try Fixtures.png(width: 1080, height: 2400))
        let jobFile = try job(scratch, headlines: ["en": ["inbox": "a", "compose": "b", "play": "c"], "de-DE": ["inbox": "d", "compose": "e", "play": "f"]],
                              extra: ["captures": [["id": "inbox", "path": "inbox.png", "well": "tuck-browser-mobile"],
                                                   ["id": "compose", "path": "compose.png", "well": "tuck-browser-mobile"],
                                                   ["id": "play", "path": "pixel.png", "storeWell": "google-play-phone-portrait-1080x1920"]]])
        let report = ScreenshotComposer().check(jobFile: jobFile, options: PlanOptions(fastlaneLayout: true))
        let errors = report.diagnostics.filter { $0.severity == .error }
        // The Google Play slot goes to fastlane supply's folders (no longer refused): `en` has
        // neither an App Store Connect nor a Play Console language.
        XCTAssertEqual(errors.map(\.field), ["headlines.en", "headlines.en"], errors.map(\.line).joined(separator: "\n"))
        XCTAssertEqual(errors.map(\.subject), [DiagnosticSubject(locale: "en"), DiagnosticSubject(locale: "en")])
        XCTAssertTrue(errors[1].message.hasPrefix("--layout fastlane: Google Play has no language for en"), errors[1].message)
    }
}
