import Support
import Diagnostics
import Foundation
import Ingest

/// Where one output's files go, relative to the output folder. Only `OutputPaths` makes these,
/// so every stage (the overwrite check, the SVG's href, the publish step, the contact sheet)
/// agrees on the names.
public struct DestinationNames: Equatable, Hashable, Sendable {
    /// `<locale>/<name>.svg`
    public var svg: String
    /// `<locale>/<name>.png`
    public var png: String
    /// `<locale>/captures/<captureId>.png`: the copy of the capture the SVG links to.
    public var captureCopy: String
    /// The SVG's href to the capture copy, relative to the SVG's own folder.
    public var captureHref: String
    /// `--layout fastlane`: the upload copy, `fastlane/screenshots/<language>/<NN>_<name>.png`
    /// (deliver) or `fastlane/metadata/android/<language>/images/<type>/<NN>_<name>.png` (supply;
    /// `images/featureGraphic.png` for the feature graphic).
    public var fastlane: String?
    /// A screen's further capture copies (`<locale>/captures/<captureId>.png`).
    public var extraCaptureCopies: [String] = []
    /// The copies of the job's font files the SVG's `@font-face` rules link (`fonts/<file>`,
    /// one per output folder, `OutputPaths.fontCopies`), in `fontFiles` order.
    public var fontCopies: [String] = []
    /// The theme's background image copy the SVG links (`<locale>/backgrounds/<hash>.png`).
    public var backgroundCopy: String? = nil

    /// Every file the output writes (no PNG nor fastlane copy for `svgOnly`).
    public func files(svgOnly: Bool) -> [String] {
        (svgOnly ? [captureCopy, svg] : [captureCopy, svg, png] + [fastlane].compactMap { $0 }) + extraCaptureCopies + fontCopies + [backgroundCopy].compactMap { $0 }
    }

    /// The SVG's link to a file of the folder (a font copy), relative to the SVG's own folder.
    public func href(to file: String) -> String {
        String(repeating: "../", count: svg.split(separator: "/").count - 1) + file
    }
}

/// The one owner of output paths and store-layout names.
public enum OutputPaths {
    /// The whole run's manifest.
    public static let manifest = "manifest.json"
    /// The review page (not listed in the manifest).
    public static let contactSheet = "index.html"
    /// The review page's script (its locale menu), beside it: the page allows no inline script.
    public static let contactSheetScript = "index.js"
    /// Folder fastlane deliver reads, one sub-folder per App Store Connect language.
    public static let fastlaneScreenshots = "fastlane/screenshots"
    /// Folder fastlane supply reads, one sub-folder per Play Console language, holding
    /// `images/<type>/` (phoneScreenshots, sevenInchScreenshots, tenInchScreenshots,
    /// tvScreenshots, wearScreenshots).
    public static let fastlanePlayMetadata = "fastlane/metadata/android"
    /// supply's images that are one file per language, `images/<type>.png`, not a folder of
    /// screenshots (supply's file name for the feature graphic).
    static let playSingleImages: Set<String> = ["featureGraphic"]

    /// One device of a fastlane folder that holds several (read with the job).
    public typealias DeviceGroup = JobCapture.DeviceGroup

    /// Where an output is uploaded from with `--layout fastlane`.
    public enum Upload: Equatable, Sendable {
        /// fastlane deliver: an App Store Connect language, and what the file's name must carry
        /// for deliver to file it under the right class (`StoreTarget.deliverNameHint`).
        case appStore(language: String, nameHint: String? = nil)
        /// fastlane supply: a Play Console language and the images folder of the device type.
        case googlePlay(language: String, type: String)
    }

    /// The names of one output. `name` names its SVG and PNG (the capture id for one capture
    /// per canvas); `order` is its 1-based place in the job, fastlane's `NN`, since deliver
    /// uploads a folder's screenshots in file-name order. Capture ids and locales are
    /// `[A-Za-z0-9._-]`, which need no percent-encoding in the href.
    ///
    /// With `"targets"`, `folder` is the target's folder (`app-store-iphone-6.9`): the SVG, the
    /// PNG and the capture copy go to `<locale>/<folder>/`, so outputs of several targets never
    /// collide and the href stays `captures/<id>.png`; several App Store targets share deliver's
    /// language folder (deliver sorts them by pixel size), so their copies carry the folder too.
    /// Without targets, a `device` of a several-device fastlane folder is the folder instead
    /// (`<locale>/<device well>/<screen>`), and deliver's copy carries the device well alike
    /// (`01_01Home_ios-simulator-1320x2868.png`): deliver reads one folder per language and
    /// tells devices apart by pixel size only, so the names must differ there too. Where two
    /// App Store classes share a size, deliver reads the class from the name: the copy ends in
    /// the upload's `nameHint` (`01_01Home_app-store-ipad-13_APP_IPAD_PRO_3GEN_129.png`).
    public static func destinations(locale: String, name: String, captureId: String, order: Int,
                                    fastlaneLanguage: String? = nil, extraCaptureIds: [String] = [], folder: String? = nil,
                                    device: DeviceGroup? = nil, upload: Upload? = nil) -> DestinationNames {
        let href = "captures/\(captureId).png"
        // A target's folder wins: the name (the capture id) already tells devices apart there.
        let group = folder ?? device?.folder
        let name = folder == nil ? device?.screen ?? name : name
        let base = group.map { "\(locale)/\($0)" } ?? locale
        let nn = String(format: "%02d", order)
        var copy: String?
        switch upload ?? fastlaneLanguage.map({ Upload.appStore(language: $0) }) {
        case .appStore(let language, let hint)?:
            copy = "\(fastlaneScreenshots)/\(language)/\(nn)_\(name)\(group.map { "_\($0)" } ?? "")\(hint.map { "_\($0)" } ?? "").png"
        case .googlePlay(let language, let type)? where playSingleImages.contains(type):
            copy = "\(fastlanePlayMetadata)/\(language)/images/\(type).png"
        case .googlePlay(let language, let type)?:
            copy = "\(fastlanePlayMetadata)/\(language)/images/\(type)/\(nn)_\(name).png"
        case nil:
            copy = nil
        }
        // Every name the tool writes is NFC (a device folder's name comes from a file name on
        // disk): a manifest, a record and a link spell it the one way the file system holds it.
        let nfc = UnicodeName.nfc
        return DestinationNames(
            svg: nfc("\(base)/\(name).svg"), png: nfc("\(base)/\(name).png"),
            captureCopy: nfc("\(base)/\(href)"), captureHref: nfc(href), fastlane: copy.map(nfc),
            extraCaptureCopies: extraCaptureIds.map { nfc("\(base)/captures/\($0).png") })
    }

    /// The folder's copy of each of the job's font files (`fontFiles`, in order), which the SVGs
    /// link so a browser draws the faces librsvg drew: `fonts/<file name>`, letters, digits, `.`,
    /// `_` and `-` kept (others `_`, so the link needs no escaping), `-2`, `-3`… before the
    /// extension when two files would share a name.
    public static func fontCopies(_ fontFiles: [String]) -> [String] {
        var taken: Set<String> = []
        return fontFiles.map { path in
            let file = String((path as NSString).lastPathComponent.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
            let stem = (file as NSString).deletingPathExtension, ext = (file as NSString).pathExtension
            // A file name is at most 255 bytes (all ASCII here): the stem gives way to the suffix.
            func named(_ suffix: String) -> String {
                let tail = suffix + (ext.isEmpty ? "" : ".\(ext.prefix(16))")
                return String(stem.prefix(max(1, 255 - tail.count))) + tail
            }
            var name = named(""), n = 1
            while !taken.insert(name.lowercased()).inserted {
                n += 1
                name = named("-\(n)")
            }
            return "fonts/\(name)"
        }
    }

    /// A file an SVG links by `href`, relative to the output folder.
    static func beside(_ svg: String, _ href: String) -> String {
        UnicodeName.nfc((svg as NSString).deletingLastPathComponent + "/" + href)
    }

    /// The upload copies of a plan's outputs (`destinations`' `fastlane`) numbered within each
    /// upload folder from 01: `destinations` numbers a copy by its capture's place in the job,
    /// and within each folder (deliver's `fastlane/screenshots/<language>/`, supply's
    /// `images/<type>/`) those numbers become their rank among the folder's own (01, 02, …;
    /// copies of one capture in several targets keep one number, their names differ), so a
    /// Play phone set after an iPad and an iPhone set is `01_`, `02_`, `03_`, not `07_`…`09_`.
    /// deliver and supply upload a folder's screenshots in file-name order (deliver within each
    /// display type, which it tells by pixel size), so job order is kept wherever they read.
    /// supply's one-per-language images (`images/featureGraphic.png`) carry no number.
    public static func numberedUploads(_ copies: [String?]) -> [String?] {
        func split(_ copy: String) -> (folder: String, number: Int, rest: Substring)? {
            let file = (copy as NSString).lastPathComponent
            guard let underscore = file.firstIndex(of: "_"), file[..<underscore].allSatisfy({ $0.isASCII && $0.isNumber }),
                  let number = Int(file[..<underscore]) else { return nil }
            return ((copy as NSString).deletingLastPathComponent, number, file[underscore...])
        }
        var numbers: [String: Set<Int>] = [:]
        for copy in copies.compactMap({ $0 }) {
            if let (folder, number, _) = split(copy) { numbers[folder, default: []].insert(number) }
        }
        let ranks = numbers.mapValues { Dictionary(uniqueKeysWithValues: $0.sorted().enumerated().map { ($1, $0 + 1) }) }
        return copies.map { copy in
            guard let copy, let (folder, number, rest) = split(copy), let rank = ranks[folder]?[number] else { return copy }
            return "\(folder)/\(String(format: "%02d", rank))\(rest)"
        }
    }

    /// Whether `relative` is a screenshot in a folder fastlane uploads every PNG of.
    static func isFastlaneScreenshot(_ relative: String) -> Bool {
        relative.hasPrefix(fastlaneScreenshots + "/") || relative.hasPrefix(fastlanePlayMetadata + "/")
    }

    /// What an earlier run may have left where fastlane uploads from, given the files this run
    /// writes: the screenshot folders it writes (every PNG there is uploaded), and each Play
    /// language's single images (`images/featureGraphic.png`) of the languages it writes. Other
    /// files in `images/` (an icon the team keeps there) are not this tool's.
    package static func fastlaneStalePlaces(written: [String]) -> (folders: Set<String>, files: Set<String>) {
        var folders: Set<String> = []
        var files: Set<String> = []
        for relative in written where isFastlaneScreenshot(relative) {
            let components = relative.split(separator: "/").map(String.init)
            let playDepth = fastlanePlayMetadata.split(separator: "/").count
            if relative.hasPrefix(fastlanePlayMetadata + "/"), components.count > playDepth {
                let language = components[playDepth]
                for image in playSingleImages { files.insert("\(fastlanePlayMetadata)/\(language)/images/\(image).png") }
                if components.count == playDepth + 3 { continue }  // <language>/images/<single>.png
            }
            folders.insert((relative as NSString).deletingLastPathComponent)
        }
        return (folders, files)
    }
}
