import Support
import Diagnostics
import Foundation
import Ingest

/// `manifest.json`: every input and output of a run with its SHA-256, so a release can prove
/// which bytes it shipped. Paths are relative to the manifest's folder (files shipped with the
/// tool are `builtin:<name>`). Encoded with sorted keys and outputs in render order, so the
/// same inputs and `SOURCE_DATE_EPOCH` give the same bytes.
public struct Manifest: Codable, Equatable, Sendable {
    public struct Tool: Codable, Equatable, Sendable {
        public var name: String
        public var version: String
    }

    public struct Toolchain: Codable, Equatable, Sendable {
        public var librsvg: String
        public var cairo: String
        public var pango: String
        public var libpng: String
        public var lcms2: String
        /// Compresses the outputs' image data (absent in manifests from before it did).
        public var libdeflate: String?
    }

    public struct FileEntry: Codable, Equatable, Sendable {
        public var path: String
        public var sha256: String
    }

    public struct CaptureEntry: Codable, Equatable, Sendable {
        public var id: String
        public var path: String
        public var sha256: String
        /// Pixels.
        public var width: Int
        /// Pixels.
        public var height: Int
        public var well: String
        /// For a capture path with `{locale}`: the locale whose file this is.
        public var locale: String?
        /// The colour space the capture's chunks describe, e.g. `ICC profile "Display P3"`.
        public var colorSource: String
        /// True when the capture was converted to sRGB (by Little CMS) before composing; the
        /// outputs' capture copies are then the converted pixels.
        public var convertedToSRGB: Bool
    }

    public struct Inputs: Codable, Equatable, Sendable {
        public var template: FileEntry
        public var wells: FileEntry
        public var storeWells: FileEntry
        public var captures: [CaptureEntry]
        /// Localization files the headlines were read from; absent for inline headlines.
        public var headlines: [FileEntry]?
        /// Screens' own template files (`"screens": [{"template": "file.svg"}]`); absent when none.
        public var templates: [FileEntry]? = nil
        /// Device frame files (`"frame"`); absent when none.
        public var frames: [FileEntry]? = nil
        /// The theme's background images, as read.
        public var backgrounds: [FileEntry]? = nil
    }

    public struct SVGEntry: Codable, Equatable, Sendable {
        public var path: String
        public var sha256: String
        public var bytes: Int
        /// A capture copy's: the SHA-256 of the capture file it was made from (`sha256` is the
        /// copy's, which holds only the chunks the drawing reads, or the pixels converted to
        /// sRGB). Absent for SVGs and in manifests before schemaVersion 3.
        public var sourceSHA256: String? = nil
    }

    public struct PNGEntry: Codable, Equatable, Sendable {
        public var path: String
        public var sha256: String
        public var bytes: Int
        /// Pixels.
        public var width: Int
        /// Pixels.
        public var height: Int
        /// SHA-256 of the pixels as 8-bit RGB rows, whatever their encoding (`PixelHash`): a
        /// later run refuses a capture with these pixels even when its text chunks were stripped.
        /// Absent in manifests of earlier versions.
        public var pixelsSHA256: String? = nil
    }

    public struct Output: Codable, Equatable, Sendable {
        /// The output's key in the plan (`OutputKey`): locale, screen, canvas, target, panel.
        public var locale: String
        public var screen: String
        public var canvas: String
        /// A panorama's store image (1-based); absent for a screen of one image.
        public var panel: Int?
        /// The output's name, which its files carry: `screen`, or `<screen>-<panel>` (kept from
        /// schemaVersion 1 for the scripts that read it).
        public var captureId: String
        /// The headline composed into the output, exactly as written.
        public var headline: String
        /// The headline source's key the headline was read under (a String Catalog's locale,
        /// `ar` or `ar-SA`, which serves both stores' folders of the language): the locale unless
        /// `"localeMap"` renamed it.
        public var headlineKey: String? = nil
        public var well: String
        public var svg: SVGEntry
        /// Absent for `--svg-only` runs.
        public var png: PNGEntry?
        /// The copy of the capture the SVG links to, inside the output folder.
        public var capture: SVGEntry
        /// The font files the headline was set in (absolute paths), as Pango resolved them.
        public var fonts: [FileEntry]
        /// The hyphenation patterns file (libhyphen), or Voikko's dictionary for Finnish, a
        /// headline line broke with; absent when no word was hyphenated.
        public var hyphenation: FileEntry? = nil
        /// The locale whose headline filled a missing translation (`--fallback-locale`).
        public var headlineFallback: String?
        /// `--layout fastlane`: the PNG's copy where fastlane deliver picks it up.
        public var fastlane: FileEntry?
        /// The store slot the canvas is, with the citation of its size.
        public var storeWell: StoreWellEntry?
        /// With `"targets"`: the target the output was composed for (`app-store:iphone-6.9`).
        public var target: String? = nil
        /// For a capture path with `{locale}`: the capture file this output composes (relative
        /// path and SHA-256 of the file as read), which is this locale's own unless
        /// `captureFallback` says whose it is.
        public var captureSource: FileEntry?
        /// The locale whose capture stood in for this locale's missing one (`--fallback-locale`).
        public var captureFallback: String?
        /// A screen's further capture copies the SVG links (a duo's second capture, a panorama's
        /// panels), after `capture`; absent for a screen of one capture.
        public var extraCaptures: [SVGEntry]? = nil
        /// The output folder's copies of the job's font files the SVG's `@font-face` rules link
        /// (`fonts/<file>`, one per folder, listed by every output); absent without `fontFiles`.
        public var fontCopies: [SVGEntry]? = nil
        /// The theme's background image copy the SVG links (`sourceSHA256`: the file's as read).
        public var background: SVGEntry? = nil

        /// Every copy the SVG links, `capture` first.
        public var captureCopies: [SVGEntry] { [capture] + (extraCaptures ?? []) + [background].compactMap { $0 } }
    }

    public struct StoreWellEntry: Codable, Equatable, Sendable {
        public var id: String
        public var store: String
        public var storeClass: String
        public var citation: StoreCitation

        enum CodingKeys: String, CodingKey {
            case id, store, storeClass = "class", citation
        }
    }

    public var schemaVersion: Int
    public var kind: String
    public var notCaptureEvidence: Bool
    public var statement: String
    public var tool: Tool
    public var composedAt: String
    public var toolchain: Toolchain
    public var inputs: Inputs
    public var outputs: [Output]
    /// `--keep-going`: the problems that failed some captures' outputs (absent otherwise).
    public var failures: [Failure]?
    /// The whole job's plan: what determines the bytes, its fingerprint, every planned output.
    public var plan: PlanEntry
    /// A part run's `--locale` / `--shard` selection (absent for a whole run and a merge).
    public var selection: Selection?
    /// True when `merge-manifests --allow-partial` merged a set that lacks planned outputs.
    public var partial: Bool?

    public struct ShardEntry: Codable, Equatable, Sendable {
        public var index: Int
        public var count: Int
    }

    public struct Failure: Codable, Equatable, Sendable {
        public var captureId: String
        public var file: String
        public var field: String
        public var message: String
        package init(captureId: String, file: String, field: String, message: String) {
            self.captureId = captureId
            self.file = file
            self.field = field
            self.message = message
        }
    }

    public static let kindName = "composed-screenshots"
    /// 2: outputs are keyed by locale, screen, canvas, target and panel, each once (1 listed an
    /// output once per locale file with targets); the fingerprint is over canonical JSON.
    /// 3: a capture copy is the drawn chunks of its capture, not the file's bytes, and records
    /// the file's SHA-256 as `sourceSHA256` beside its own.
    public static let schema = 3
    public static let notEvidenceStatement =
        "Composed marketing assets, not capture evidence: headlines and frames were added by the tool and were never shown by the app."

    /// Pretty-printed JSON with sorted keys and a final newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}
