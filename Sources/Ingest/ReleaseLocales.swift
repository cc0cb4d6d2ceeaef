import Foundation

/// The two stores' language lists, each code with the listing language it names
/// (`app-store-languages.json`, `google-play-languages.json`).
public struct StoreLanguageLists: Equatable, Sendable {
    public var appStore: AppStoreLanguages?
    public var googlePlay: GooglePlayLanguages?

    public init(appStore: AppStoreLanguages?, googlePlay: GooglePlayLanguages?) {
        self.appStore = appStore
        self.googlePlay = googlePlay
    }

    public static func shipped() -> StoreLanguageLists {
        StoreLanguageLists(appStore: AppStoreLanguages.shipped(), googlePlay: GooglePlayLanguages.shipped())
    }

    /// A store's codes, listing languages and BCP 47 mapping, or nil when its list is missing.
    func table(_ store: UploadStore) -> (codes: [String], listing: [String: String], code: (String) -> Result<String, LanguageMappingError>)? {
        switch store {
        case .appStore: return appStore.map { list in (list.codes, list.listing, { list.code(for: $0) }) }
        case .googlePlay: return googlePlay.map { list in (list.codes, list.listing, { list.code(for: $0) }) }
        }
    }

    /// The listing language `tag` names in `store`: a code of the store names its own; a code
    /// of the other store names its listing language when this store has that language too
    /// (Play's `ar` is the App Store's `ar-SA`: Arabic); any other tag names the language of
    /// the code the store maps it to (`de` → `de-DE`: German). Nil: the store has no language
    /// for it.
    public func listingLanguage(of tag: String, in store: UploadStore) -> String? {
        guard let own = table(store) else { return nil }
        if let code = own.codes.first(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }) { return own.listing[code] }
        if let other = table(store.other), let code = other.codes.first(where: { $0.caseInsensitiveCompare(tag) == .orderedSame }),
           let language = other.listing[code], own.listing.values.contains(language) {
            return language
        }
        if case .success(let code) = own.code(tag) { return own.listing[code] }
        return nil
    }

    /// The code of `store` for a locale: the code of its listing language, else the store's
    /// BCP 47 mapping (whose failure says why there is none).
    public func code(for tag: String, in store: UploadStore) -> Result<String, LanguageMappingError>? {
        guard let own = table(store) else { return nil }
        if let language = listingLanguage(of: tag, in: store),
           let code = own.codes.first(where: { own.listing[$0] == language }) {
            return .success(code)
        }
        return own.code(tag)
    }
}

/// The store a screenshot is uploaded to, and whose language codes name its folders.
public enum UploadStore: String, CaseIterable, Sendable {
    case appStore = "app-store"
    case googlePlay = "google-play"

    var other: UploadStore { self == .appStore ? .googlePlay : .appStore }
    /// The fastlane tool that uploads it, as messages name it.
    public var tool: String { self == .appStore ? "deliver" : "supply" }
}

/// A locale folder of a fastlane snapshot (App Store) or screengrab (Google Play) folder.
public struct StoreFolder: Hashable, Sendable {
    /// The fastlane folder as the job names it (`fastlane/screenshots`).
    public var folder: String
    public var store: UploadStore
    /// The locale folder's name, as the store names the language (`ja`, `ja-JP`).
    public var tag: String

    public init(folder: String, store: UploadStore, tag: String) {
        self.folder = folder
        self.store = store
        self.tag = tag
    }

    /// The locale the folder's name stands for (`LocaleTag.fromFolderName`: `pt_BR` is
    /// `pt-BR`), else the name: what the stores' language lists are asked about.
    public var locale: String { LocaleTag.fromFolderName(tag) ?? tag }

    /// `deliver folder ja` / `supply folder ja-JP`.
    public var described: String { "\(store.tool) folder \(tag)" }
}

/// One locale of a release across both stores: the language a headline locale names, the
/// store folders whose captures it composes, and each store's code for its upload folder.
public struct ReleaseLocale: Equatable, Sendable {
    /// The locale rendered (canonical BCP 47): the headline locale, after `"localeMap"`. It names
    /// `<out>/<locale>/`, `--locale` and the part manifests.
    public var tag: String
    /// The headline source's key for it (the String Catalog's locale, before `"localeMap"`).
    public var headlineKey: String
    /// The capture folders it composes, in job order.
    public var folders: [StoreFolder] = []
    /// App Store Connect's code (deliver's folder): the deliver folder's own name when it
    /// composes one, else the code of its listing language; nil when the list is missing.
    public var appStore: Result<String, LanguageMappingError>?
    /// Play Console's code (supply's folder), likewise.
    public var googlePlay: Result<String, LanguageMappingError>?

    /// The upload folder's code in `store`, or why there is none (nil: no list).
    public func code(_ store: UploadStore) -> Result<String, LanguageMappingError>? {
        store == .appStore ? appStore : googlePlay
    }

    /// This locale's folder in fastlane folder `folder`.
    public func tag(in folder: String) -> String? { folders.first { $0.folder == folder }?.tag }
}

/// The one model of a release's locales across both stores, built once when the job is read
/// and read by planning (which folder each locale composes), the upload layout (each store's
/// code), the manifest (each output's headline key) and `init` (one catalog entry per
/// language).
///
/// A snapshot folder and a screengrab folder are one locale when the stores' language lists
/// name one listing language for them (deliver `ja` and supply `ja-JP`; deliver `ar-SA` and
/// supply `ar`); `en-GB`, `pt-PT`, `zh-Hant` stay apart from `en-US`, `pt-BR`, `zh-Hans`. A
/// headline locale serves a folder when both name its listing language (a catalog's `ar` or
/// `ar-SA` serves deliver `ar-SA` and supply `ar`).
public struct ReleaseLocales: Equatable, Sendable {
    /// By rendered locale, in tag order.
    public var locales: [ReleaseLocale] = []
    public var lists: StoreLanguageLists

    public init(locales: [ReleaseLocale] = [], lists: StoreLanguageLists) {
        self.locales = locales
        self.lists = lists
    }

    public subscript(tag: String) -> ReleaseLocale? { locales.first { $0.tag == tag } }

    /// Whether headline locale `tag` serves `folder`: both name one listing language of the
    /// folder's store (without lists, the tags are equal ignoring case).
    public static func serves(_ tag: String, _ folder: StoreFolder, lists: StoreLanguageLists) -> Bool {
        if tag.caseInsensitiveCompare(folder.locale) == .orderedSame { return true }
        guard let language = lists.listingLanguage(of: folder.locale, in: folder.store) else { return false }
        return lists.listingLanguage(of: tag, in: folder.store) == language
    }

    /// What reading the headlines against the folders found wrong, reported by the caller
    /// where the headlines are.
    public enum Problem: Equatable, Sendable {
        /// A language with store folders and no headline locale: the folders that need one,
        /// and the key `init` would give it.
        case noHeadline(language: String, folders: [StoreFolder], suggested: String)
        /// Two headline locales serve one folder.
        case twoHeadlines(keys: [String], folders: [StoreFolder])
        /// One locale would compose two locale folders of one fastlane folder.
        case twoFolders(locale: String, folders: [StoreFolder])
    }

    /// The model for the headline locales (`tag` rendered, `key` in the source) and the store
    /// folders read; the problems found, in a stable order.
    public static func build(headlines: [(tag: String, key: String)], folders: [StoreFolder],
                             lists: StoreLanguageLists) -> (locales: ReleaseLocales, problems: [Problem]) {
        var problems: [Problem] = []
        var model = ReleaseLocales(lists: lists)
        var servedBy: [StoreFolder: [String]] = [:]
        for folder in folders {
            servedBy[folder] = headlines.filter { serves($0.tag, folder, lists: lists) || serves($0.key, folder, lists: lists) }.map(\.tag)
        }
        var reported: Set<[String]> = []
        for folder in folders {
            let tags = servedBy[folder] ?? []
            if tags.count > 1, reported.insert(tags).inserted {
                let keys = tags.map { tag in headlines.first { $0.tag == tag }?.key ?? tag }
                problems.append(.twoHeadlines(keys: keys, folders: folders.filter { servedBy[$0] == tags }))
            }
        }
        // Folders no headline serves, one problem per language.
        let unserved = folders.filter { servedBy[$0]?.isEmpty ?? true }
        for group in languageGroups(unserved, lists: lists) {
            problems.append(.noHeadline(language: group.language, folders: group.folders, suggested: group.key))
        }
        for headline in headlines {
            var locale = ReleaseLocale(tag: headline.tag, headlineKey: headline.key)
            // A folder two headline locales serve is refused (`twoHeadlines`); each keeps it, so
            // no capture is reported missing on top of that.
            locale.folders = folders.filter { servedBy[$0]?.contains(headline.tag) == true }
            let twice = Dictionary(grouping: locale.folders, by: \.folder).values.filter { $0.count > 1 }
            for pair in twice.sorted(by: { $0[0].folder < $1[0].folder }) {
                problems.append(.twoFolders(locale: headline.tag, folders: pair))
            }
            for store in UploadStore.allCases {
                let own = locale.folders.first { $0.store == store }
                // The store's own code, as its folder names it; else the listing language's.
                let code = own.flatMap { lists.table(store) != nil ? lists.code(for: $0.locale, in: store) : nil } ?? lists.code(for: headline.tag, in: store)
                if store == .appStore { locale.appStore = code } else { locale.googlePlay = code }
            }
            model.locales.append(locale)
        }
        model.locales.sort { $0.tag < $1.tag }
        return (model, problems)
    }

    /// Folders grouped by the language they name, each with the headline key to give it: the
    /// folders' own tag when they agree (`de-DE`), else the listing language (`ja` for deliver
    /// `ja` and supply `ja-JP`). A folder whose store has no language for it stands alone.
    public static func languageGroups(_ folders: [StoreFolder], lists: StoreLanguageLists) -> [(language: String, key: String, folders: [StoreFolder])] {
        var order: [String] = []
        var groups: [String: [StoreFolder]] = [:]
        for folder in folders {
            let canonical = folder.locale
            let language = lists.listingLanguage(of: folder.locale, in: folder.store) ?? canonical
            if groups[language] == nil { order.append(language) }
            groups[language, default: []].append(folder)
        }
        return order.map { language in
            let members = groups[language] ?? []
            let tags = Set(members.map(\.locale))
            let key = tags.count == 1 ? tags.first ?? language : language
            return (language, key, members)
        }
    }
}
