import Diagnostics
import Foundation
import Support
import Ingest

/// A capture read once: its bytes, the header libpng read from them, their SHA-256, and
/// the well it was checked against. Everything later uses these same bytes.
public struct PlannedCapture: Sendable {
    public var id: String
    /// Position in the job's `captures` (for field paths and fastlane's NN order).
    public var jobIndex = 0
    /// The job field diagnostics name when it is not `captures[<jobIndex>]`: `captures.fastlane`
    /// for a fastlane folder's capture.
    public var jobField: String?
    /// The locale whose capture this is, for a path with `{locale}`; nil when every locale
    /// composes this one file.
    public var locale: String?
    /// The path as written in the job (`{locale}` filled in).
    public var path: String
    public var url: URL
    /// The well the capture was recorded in (its size is checked).
    public var well: Well
    /// The well whose size is the canvas: a store slot, or the recorded well itself.
    public var canvas: Well
    public var bytes: Data
    public var header: PNGHeader
    public var sha256: String
    /// The PNG the outputs are composed from: `bytes` when they are sRGB, else the pixels
    /// converted to sRGB by Little CMS.
    public var drawBytes: Data
    public var drawSHA256: String
    public var color: CaptureColorDecision
    /// A pixel that is not fully transparent (the first in row order; the centre of an opaque
    /// capture), found when planning: the rasterizer checks that librsvg drew ink there.
    public var inkPixel: (x: Int, y: Int) = (0, 0)
    /// Planned from its header and bytes alone (a part of a CI matrix, for a capture it may not
    /// compose): `inkPixel`, `drawBytes` and the composed-output check wait for
    /// `Planner.checkPixels`, which the run calls on the outputs it renders.
    package var pixelsPending = false
    /// With the job's `"targets"`: the target this copy of the capture is composed for (its
    /// `canvas` is the target's slot). Nil without targets.
    public var target: StoreTarget? = nil
    /// The job's `"frame"` for this capture (its own, else the job's): drawn over the capture
    /// instead of a built-in template's device frame.
    public var frame: UserFrame? = nil

    /// Where this capture's outputs go under `<out>/<locale>/`: `<target folder>/<id>` with a
    /// target (outputs of several targets never collide), else `<id>`.
    public var outputStem: String { target.map { "\($0.folder)/\(id)" } ?? id }
}

/// A capture the job leaves out on purpose: no target takes its device, and `"leaveOut"` says why.
public struct LeftOutCapture: Codable, Equatable, Sendable {
    public var capture: String
    public var well: String
    public var why: String

    public init(capture: String, well: String, why: String) {
        self.capture = capture
        self.well = well
        self.why = why
    }
}

/// A validated job, as the later stages need it: template and wells loaded and checked, every
/// capture read and checked against its well, and the one list of outputs — every output of the
/// whole job, each once with its key (`OutputKey`), in render order (locale, then job order).
/// A run renders the part of it that `--locale` and `--shard` select (`PlanSelection`); the
/// manifest's plan record, merges, `verify`, the contact sheet and preview read the same list.
public struct Plan: Sendable {
    /// The job file as the user named it (diagnostics are reported against it).
    public var jobFile: String
    /// SHA-256 of the job file's bytes (of the code-built job's values for a job built in code).
    public var jobSHA256: String
    /// The job's locales, in render order (the whole job's, whatever `--locale` selected).
    public var locales: [String]
    public var theme: Theme
    /// How headlines are set; the font files are registered with fontconfig before layout.
    public var typesetting: TypesettingOptions
    /// Localization files the headlines were read from (manifest inputs).
    public var headlineFiles: [InputFile]
    public var template: SVGTemplate
    /// `.placeholder`: `template` is filled; otherwise the slot-marked template composes.
    public var templateChoice = TemplateChoice.placeholder
    public var templateFile: InputFile
    /// The device wells and the store wells together, with the store rules.
    public var wells: WellsCatalog
    public var wellsFile: InputFile
    public var storeWellsFile: InputFile
    public var captures: [PlannedCapture]
    /// One self-contained value per output of the whole job, each key once, in render order
    /// (locale, then job order).
    public var outputs: [OutputSpec]
    /// RFC 3339 UTC: from `SOURCE_DATE_EPOCH` when set, else the time of the run.
    public var composedAt: String
    public var tool: ToolIdentity
    public var output: URL
    /// `--layout fastlane`: locale → App Store Connect language code; empty otherwise.
    public var fastlaneCodes: [String: String] = [:]
    /// `--layout fastlane` with Google Play outputs: locale → Play Console language code.
    public var playCodes: [String: String] = [:]
    /// The captures no target takes whose device the job leaves out on purpose (`"leaveOut"`),
    /// in job order: recorded in the manifest's plan and the run's report.
    public var leftOut: [LeftOutCapture] = []

    /// The outputs `selection` picks, in plan order.
    public func outputs(selected selection: PlanSelection) -> [OutputSpec] {
        selection.pick(outputs, locale: \.locale)
    }

    /// Every file the plan read, for preview's watch list: captures, template, catalogs,
    /// headline files, frames and font files.
    public var inputURLs: [URL] {
        captures.map(\.url) + [templateFile.url, wellsFile.url, storeWellsFile.url].compactMap { $0 }
            + headlineFiles.compactMap(\.url) + captures.compactMap { $0.frame?.file.url } + outputs.compactMap { $0.background?.file.url }
            + outputs.compactMap { $0.templateInput?.url } + typesetting.fontFiles.map { URL(fileURLWithPath: $0) }
    }
}
