import Support
import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
import Plan
#endif

/// What a preview folder written by an earlier version (its contact sheet, no record of the
/// files) holds of the tool's: only the SVGs its contact sheet links to that carry the
/// not-capture-evidence marker every composed SVG carries on its root element, and the capture copies those SVGs link to
/// in their own `captures/` folder. A file the sheet does not link to (a user's notes), and a
/// linked SVG without the marker (a copied sheet beside a user's own `home.svg`), are never
/// claimed: the ownership rule then refuses a pass that would write over them.
enum EarlierPreview {
    /// What the root element of every SVG the tool composes carries (a template without it is
    /// refused), in its first bytes.
    static let marker = "\(ComposedImageMarker.svgAttribute)=\"true\""

    /// The files (relative, normalized) of `root` an earlier preview wrote, by its contact sheet.
    static func files(in root: URL) -> Set<String> {
        guard case .success(let sheet) = InputReader.read(path: root.appendingPathComponent(OutputPaths.contactSheet).path,
                                                         as: .listed, opening: InputOpening(followLinks: false)) else { return [] }
        var claimed: Set<String> = []
        for link in links(in: String(decoding: sheet, as: UTF8.self)) where link.hasSuffix(".svg") {
            guard let svg = FolderOwnership.normalized(link), realFolders(svg, in: root),
                  case .success(let data) = InputReader.read(path: root.appendingPathComponent(svg).path, as: .listed,
                                                             opening: InputOpening(followLinks: false)),
                  isComposedSVG(data) else { continue }
            claimed.insert(svg)
            let folder = (svg as NSString).deletingLastPathComponent
            for href in links(in: String(decoding: data, as: UTF8.self)) where href.hasPrefix("captures/") && href.hasSuffix(".png") {
                guard let copy = FolderOwnership.normalized(folder.isEmpty ? href : "\(folder)/\(href)"),
                      copy.hasPrefix(folder.isEmpty ? "captures/" : "\(folder)/captures/"), realFolders(copy, in: root),
                      FolderOwnership.kind(root.appendingPathComponent(copy)) == S_IFREG else { continue }
                claimed.insert(copy)
            }
        }
        return claimed
    }

    /// Whether an SVG's root element (its first start tag after any prolog) carries the marker.
    static func isComposedSVG(_ data: Data) -> Bool {
        let text = String(decoding: data.prefix(ContactSheet.recognisedPrefix), as: UTF8.self)
        guard let start = text.range(of: "<svg") else { return false }
        let tag = text[start.lowerBound...].prefix { $0 != ">" }
        return tag.contains(marker)
    }

    /// Every `src="…"` and `href="…"` value in `text`, its entities (as the tool escapes
    /// attributes) decoded, and a `./` link (`RelativePath.url`) its percent-encoding too;
    /// relative paths only are ever used.
    static func links(in text: String) -> [String] {
        var found: [String] = []
        for attribute in [" src=\"", " href=\""] {
            var rest = text[...]
            while let open = rest.range(of: attribute) {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: "\"") else { break }
                let value = decode(String(rest[..<close]))
                found.append(value.hasPrefix("./") ? value.removingPercentEncoding ?? value : value)
                rest = rest[close...]
            }
        }
        return found
    }

    private static func decode(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Whether every folder on the way to `relative` is a real folder (never a link).
    private static func realFolders(_ relative: String, in root: URL) -> Bool {
        var url = root
        for component in relative.split(separator: "/").dropLast() {
            url = url.appendingPathComponent(String(component))
            if FolderOwnership.kind(url) != S_IFDIR { return false }
        }
        return true
    }
}
