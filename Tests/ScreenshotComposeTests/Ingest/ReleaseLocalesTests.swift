import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Ingest

/// One locale per language across both stores: the listing languages of the stores' language
/// lists, which headline locale serves which store folder, and the model a job is read into.
final class ReleaseLocalesTests: XCTestCase {
    private let lists = StoreLanguageLists.shipped()

    func testEveryCodeNamesOneListingLanguageAndNoTwoCodesOfAStoreShareOne() throws {
        let appStore = try XCTUnwrap(lists.appStore)
        let play = try XCTUnwrap(lists.googlePlay)
        XCTAssertEqual(appStore.codes.count, 50)
        XCTAssertEqual(play.codes.count, 79)
        for (name, codes, listing) in [("app-store", appStore.codes, appStore.listing), ("google-play", play.codes, play.listing)] {
            XCTAssertEqual(Set(listing.keys), Set(codes), name)
            let languages = codes.compactMap { listing[$0] }
            XCTAssertEqual(languages.count, Set(languages).count, "\(name): two codes of one listing language")
            XCTAssertTrue(languages.allSatisfy(LocaleTag.isWellFormed), name)
        }
        // The pairs the stores name differently, and the ones they keep apart.
        let pairs = play.codes.compactMap { code in
            appStore.codes.first { appStore.listing[$0] == play.listing[code] }.map { "\($0)=\(code)" }
        }
        XCTAssertEqual(pairs.filter { pair in pair.split(separator: "=").count == 2 && pair.split(separator: "=")[0] != pair.split(separator: "=")[1] }, [
            "ar-SA=ar", "cs=cs-CZ", "da=da-DK", "el=el-GR", "fi=fi-FI", "hi=hi-IN", "hu=hu-HU", "it=it-IT", "he=iw-IL", "ja=ja-JP",
            "ko=ko-KR", "no=no-NO", "pl=pl-PL", "ru=ru-RU", "sl-SI=sl", "sv=sv-SE", "tr=tr-TR", "zh-Hans=zh-CN", "zh-Hant=zh-TW",
        ])
        XCTAssertEqual(pairs.count, 45)
        XCTAssertEqual(appStore.codes.filter { code in !play.codes.contains { play.listing[$0] == appStore.listing[code] } }, ["es-MX", "gu-IN", "or-IN", "pa-IN", "ur-PK"])
        for apart in ["en-IN", "es-419", "es-US", "zh-HK", "ms-MY"] {
            XCTAssertFalse(pairs.contains { $0.hasSuffix("=\(apart)") }, apart)
        }
    }

    func testAHeadlineLocaleServesTheFoldersOfItsListingLanguage() {
        func serves(_ tag: String, _ store: UploadStore, _ folder: String) -> Bool {
            ReleaseLocales.serves(tag, StoreFolder(folder: "f", store: store, tag: folder), lists: lists)
        }
        // The catalog's ar or ar-SA serves deliver's ar-SA and supply's ar; ja both ja and ja-JP.
        for key in ["ar", "ar-SA"] {
            XCTAssertTrue(serves(key, .appStore, "ar-SA"), key)
            XCTAssertTrue(serves(key, .googlePlay, "ar"), key)
        }
        XCTAssertTrue(serves("ja", .googlePlay, "ja-JP"))
        XCTAssertTrue(serves("ja-JP", .appStore, "ja"))
        XCTAssertTrue(serves("he", .googlePlay, "iw-IL"))
        XCTAssertTrue(serves("de", .appStore, "de-DE"))
        XCTAssertTrue(serves("zh-Hans", .googlePlay, "zh-CN"))
        // Languages the stores keep apart stay apart.
        XCTAssertFalse(serves("en-GB", .appStore, "en-US"))
        XCTAssertFalse(serves("pt-PT", .googlePlay, "pt-BR"))
        XCTAssertFalse(serves("zh-Hant", .appStore, "zh-Hans"))
        XCTAssertFalse(serves("zh-Hant", .googlePlay, "zh-HK"))
        XCTAssertFalse(serves("es-MX", .googlePlay, "es-419"))
        XCTAssertFalse(serves("en", .appStore, "en-US"))
        // Each store's code for a locale with no folder there: its listing language's.
        XCTAssertEqual(try lists.code(for: "ar-SA", in: .googlePlay)?.get(), "ar")
        XCTAssertEqual(try lists.code(for: "ar", in: .appStore)?.get(), "ar-SA")
        XCTAssertEqual(try lists.code(for: "zh-HK", in: .appStore)?.get(), "zh-Hant")
        XCTAssertEqual(try lists.code(for: "bn", in: .appStore)?.get(), "bn-BD")
        XCTAssertEqual(lists.code(for: "de-AT", in: .appStore).map { (try? $0.get()) == nil }, true)
    }

    private let release: [StoreFolder] = ["en-US", "de-DE", "ja", "ar-SA"].map { StoreFolder(folder: "fastlane/screenshots", store: .appStore, tag: $0) }
        + ["en-US", "de-DE", "ja-JP", "ar"].map { StoreFolder(folder: "fastlane/metadata/android", store: .googlePlay, tag: $0) }

    func testOneLocalePerLanguageNamedByItsHeadlineLocaleWithEachStoresOwnCode() throws {
        let (model, problems) = ReleaseLocales.build(headlines: ["ar", "de-DE", "en-US", "ja"].map { ($0, $0) }, folders: release, lists: lists)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(model.locales.map { locale in
            "\(locale.tag): \(locale.folders.map { "\($0.store.tool) \($0.tag)" }.joined(separator: ", ")); \((try? locale.appStore?.get()) ?? "-") \((try? locale.googlePlay?.get()) ?? "-")"
        }, [
            "ar: deliver ar-SA, supply ar; ar-SA ar",
            "de-DE: deliver de-DE, supply de-DE; de-DE de-DE",
            "en-US: deliver en-US, supply en-US; en-US en-US",
            "ja: deliver ja, supply ja-JP; ja ja-JP",
        ])
        // A catalog key of the other store's spelling serves the same folders.
        let other = ReleaseLocales.build(headlines: ["ar-SA", "ja-JP"].map { ($0, $0) }, folders: release.filter { !["en-US", "de-DE"].contains($0.tag) }, lists: lists)
        XCTAssertEqual(other.problems, [])
        XCTAssertEqual(other.locales.locales.map { "\($0.tag) \($0.folders.map(\.tag))" }, ["ar-SA [\"ar-SA\", \"ar\"]", "ja-JP [\"ja\", \"ja-JP\"]"])
    }

    func testALanguageWithoutHeadlinesAndALanguageWithTwoAreProblems() {
        let (_, problems) = ReleaseLocales.build(headlines: [("en-US", "en-US"), ("ja", "ja"), ("ja-JP", "ja-JP")], folders: release, lists: lists)
        XCTAssertEqual(problems, [
            .twoHeadlines(keys: ["ja", "ja-JP"], folders: [release[2], release[6]]),
            .noHeadline(language: "de", folders: [release[1], release[5]], suggested: "de-DE"),
            .noHeadline(language: "ar", folders: [release[3], release[7]], suggested: "ar"),
        ])
    }

    func testInitGivesOneKeyPerLanguage() {
        XCTAssertEqual(ReleaseLocales.languageGroups(release, lists: lists).map { "\($0.key): \($0.folders.map(\.tag).joined(separator: " "))" }, [
            "en-US: en-US en-US", "de-DE: de-DE de-DE", "ja: ja ja-JP", "ar: ar-SA ar",
        ])
    }
}
