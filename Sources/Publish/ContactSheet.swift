import Support
import Foundation
import Diagnostics
import Plan
import Layout
import Manifest

/// `<out>/index.html`: every output of a run on one page, for review from `file://` with no
/// server and nothing fetched from the network. One row per capture, screen or graphic (grouped
/// by canvas), one column per locale; a panorama is one row, its store images side by side; each cell shows the composed SVG with its headline, size, the PNG's
/// SHA-256, its warnings and links to the SVG and PNG. Links are relative (`./`, percent-encoded:
/// `RelativePath.url`), so the page stays valid when the output folder is moved or zipped. Its
/// Content-Security-Policy allows images, frames and scripts from its own folder only and no
/// inline script: the locale menu's code is `index.js` beside it (`script`), so a link or name
/// that reached the page could never run as script.
public enum ContactSheet {
    /// The canvas an output is drawn on: rows are grouped by it.
    struct Canvas {
        var id: String
        var width: Int
        var height: Int
    }

    /// A row of the sheet: an output's name, or with targets its name in one target.
    static func row(_ key: OutputKey) -> String { key.target.map { "\($0)/\(key.name)" } ?? key.name }
    static func row(_ o: Manifest.Output) -> String { row(o.key) }

    /// The sheet of a plan's outputs (preview: no manifest yet), read from the plan's list.
    public static func html(plan: Plan, outputs: [Manifest.Output], warnings: [Diagnostic]) -> Data {
        var canvases: [String: Canvas] = [:]
        for spec in plan.outputs where canvases[row(spec.key)] == nil {
            canvases[row(spec.key)] = Canvas(id: spec.canvas.id, width: spec.canvas.width, height: spec.canvas.height)
        }
        return html(composedAt: plan.composedAt, toolLabel: plan.tool.label, captureOrder: plan.outputs.map { row($0.key) },
                    outputs: outputs, canvases: canvases, warnings: warnings,
                    panoramas: Manifest.PlanEntry.panoramas(of: plan.outputs.map(\.key)) ?? [])
    }

    /// The sheet of what a manifest lists, so a whole run and a merge of its parts give the
    /// same page. The canvas is the store slot when there is one, else the well; its size is
    /// the PNG's (the capture's for `--svg-only`).
    public static func html(manifest: Manifest, warnings: [Diagnostic]) -> Data {
        let captures = Dictionary(manifest.inputs.captures.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // An output of a screen is named after the screen, not its capture: its capture is the
        // input the copy was made from.
        let capturesByHash = Dictionary(manifest.inputs.captures.map { ($0.sha256, $0) }, uniquingKeysWith: { a, _ in a })
        var canvases: [String: Canvas] = [:]
        for o in manifest.outputs where canvases[row(o)] == nil {
            let capture = captures[o.captureId] ?? capturesByHash[o.capture.sourceSHA256 ?? o.capture.sha256]
            canvases[row(o)] = Canvas(id: o.storeWell?.id ?? o.well, width: o.png?.width ?? capture?.width ?? 0,
                                           height: o.png?.height ?? capture?.height ?? 0)
        }
        return html(composedAt: manifest.composedAt, toolLabel: "\(manifest.tool.name) \(manifest.tool.version)",
                    captureOrder: uniqued(manifest.outputs.map(row)), outputs: manifest.outputs, canvases: canvases, warnings: warnings,
                    panoramas: manifest.plan.panoramas ?? [])
    }

    static func html(composedAt: String, toolLabel: String, captureOrder: [String], outputs: [Manifest.Output],
                     canvases: [String: Canvas], warnings: [Diagnostic], panoramas: [Manifest.Panorama] = []) -> Data {
        let locales = Array(Set(outputs.map(\.locale))).sorted()
        let byKey = Dictionary(outputs.map { ("\($0.locale)\u{0}\(row($0))", $0) }, uniquingKeysWith: { a, _ in a })
        // A panorama's store images are one row, named by its screen, on its first image's canvas.
        var panoramaOf: [String: Manifest.Panorama] = [:]
        for panorama in panoramas { for name in panorama.outputs { panoramaOf[name] = panorama } }
        var canvases = canvases
        for panorama in panoramas { canvases[panorama.screen] = panorama.outputs.first.flatMap { canvases[$0] } ?? canvases[panorama.screen] }
        // One row per capture id (a {locale} capture has a file per locale, still one row).
        let order = uniqued(captureOrder.map { panoramaOf[$0]?.screen ?? $0 })
        func rowOf(_ o: Manifest.Output) -> String { panoramaOf[o.captureId]?.screen ?? row(o) }
        let shown = Set(outputs.map(rowOf))
        let captures = order.filter(shown.contains).compactMap { id in canvases[id].map { (id: id, canvas: $0) } }
        let wells = uniqued(captures.map(\.canvas.id))
        let e = XMLText.escapeText, a = XMLText.escapeAttribute
        var cellWarnings = CellWarnings()
        cellWarnings.receive(contentsOf: warnings)
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Composed screenshots — \(e(composedAt))</title>
        \(marker)
        \(policy)
        <script src="./\(OutputPaths.contactSheetScript)" defer></script>
        <style>
        body{font-family:system-ui,sans-serif;margin:24px;color:#14171f;background:#f6f7f9}
        .notice{background:#fff4d6;border:1px solid #e0c060;padding:8px 12px;border-radius:6px}
        table{border-collapse:collapse;margin-top:16px}
        th,td{border:1px solid #d8dbe0;padding:8px;vertical-align:top;background:#fff}
        td img,td iframe{width:180px;display:block;background:#eee;border:0}
        .panorama{display:flex}
        .panorama img{display:inline-block}
        .meta{font-size:12px;color:#555;word-break:break-all;max-width:180px}
        .warn{color:#a0400c;font-size:12px;max-width:180px}
        h2{margin-top:28px}
        </style></head><body>
        <h1>Composed screenshots</h1>
        <p class="notice"><strong>Composed marketing assets, not capture evidence.</strong> Headlines and frames were added by \(e(toolLabel)); the app never showed them.</p>
        <p>Composed at \(e(composedAt)). Show locale:
        <select id="locale">
        <option value="">all</option>\(locales.map { "<option>\(e($0))</option>" }.joined())</select></p>

        """
        for well in wells {
            let rows = captures.filter { $0.canvas.id == well }
            html += "<h2>\(e(well)) — \(rows.first.map { "\($0.canvas.width)×\($0.canvas.height)" } ?? "")</h2>\n<table><tr><th>capture</th>"
            html += locales.map { "<th data-locale=\"\(a($0))\">\(e($0))</th>" }.joined() + "</tr>\n"
            for capture in rows {
                html += "<tr><th>\(e(capture.id))</th>"
                for locale in locales {
                    html += "<td data-locale=\"\(a(locale))\">"
                    let panels = panoramas.first { $0.screen == capture.id }.map { panorama in
                        panorama.outputs.compactMap { byKey["\(locale)\u{0}\($0)"] }
                    } ?? []
                    if !panels.isEmpty {
                        html += panoramaCell(panels, canvas: capture.canvas, locale: locale,
                                             messages: panels.flatMap { cellWarnings.messages(locale: locale, captureId: $0.captureId, target: $0.storeWell?.id) })
                    } else if let o = byKey["\(locale)\u{0}\(capture.id)"] {
                        let headline = o.headline
                        // Never the SVG as a live document (<object> runs its scripts): the PNG as an
                        // image, or, without one (--svg-only, preview), the SVG in a frame whose
                        // sandbox allows no scripts (`svgFrame`; through <img> it would load no capture).
                        // A canvas of unknown size (a capture converted to sRGB has other bytes than
                        // its input) is shown at the tallest store proportion, never divided by zero.
                        let height = capture.canvas.width > 0 ? (180 * Double(capture.canvas.height) / Double(capture.canvas.width)).rounded() : 390
                        if let png = o.png {
                            html += "<img src=\"\(a(RelativePath.url(png.path)))\" style=\"height:\(Int(height))px\" alt=\"\(a(headline))\">"
                        } else {
                            html += svgFrame(o.svg.path, canvas: capture.canvas, height: Int(height), title: headline)
                        }
                        // The headline's own language and direction, as the SVG sets it: an Arabic headline
                        // starting with a Latin word would otherwise read in the page's left-to-right order.
                        let direction = FontStack.isRightToLeft(locale) ? "rtl" : "ltr"
                        html += "<div lang=\"\(a(locale))\" dir=\"\(direction)\">\(e(headline))</div><div class=\"meta\">\(capture.canvas.width)×\(capture.canvas.height)"
                        if let png = o.png {
                            html += " · <a href=\"\(a(RelativePath.url(png.path)))\">PNG</a> · <span title=\"\(a(png.sha256))\">sha256 \(e(String(png.sha256.prefix(16))))…</span>"
                        }
                        html += " · <a href=\"\(a(RelativePath.url(o.svg.path)))\">SVG</a></div>"
                        for message in cellWarnings.messages(locale: locale, captureId: o.captureId, target: o.storeWell?.id) {
                            html += "<div class=\"warn\">\(e(message))</div>"
                        }
                    } else {
                        html += "—"
                    }
                    html += "</td>"
                }
                html += "</tr>\n"
            }
            html += "</table>\n"
        }
        html += "</body></html>\n"
        return Data(html.utf8)
    }

    /// Written into every sheet's head: a later run knows the `index.html` it replaces is its own.
    static let marker = #"<meta name="generator" content="store-screenshot-compose contact sheet">"#
    /// What the page may load: images (the PNGs), frames (the SVGs of `--svg-only`) and its
    /// script from its own folder (Chromium counts any `file://` address as `'self'` of a page
    /// opened from `file://`), styles inline (the sheet's own `<style>` and each image's height);
    /// nothing else, no inline script, no `<base>`, no form.
    static let policy = #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; frame-src 'self'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">"#

    /// `index.js`: the locale menu. The choice is kept in the address's fragment
    /// (`index.html#de-DE` opens on that locale's column), so a link can name a locale; an
    /// unknown fragment shows every locale. The same bytes every time; its first line is the
    /// marker by which a later run knows the file is its own.
    public static let script = Data("""
        \(scriptMarker)
        "use strict";
        const menu = document.getElementById("locale");
        function show(locale) {
          for (const cell of document.querySelectorAll("[data-locale]")) cell.hidden = locale !== "" && cell.dataset.locale !== locale;
        }
        function fromAddress() {
          let wanted = "";
          try { wanted = decodeURIComponent(location.hash.slice(1)); } catch (e) {}
          menu.value = [...menu.options].some((option) => option.value === wanted) ? wanted : "";
          show(menu.value);
        }
        menu.addEventListener("change", () => {
          show(menu.value);
          location.hash = encodeURIComponent(menu.value);
        });
        window.addEventListener("hashchange", fromAddress);
        fromAddress();

        """.utf8)
    /// The first line of `index.js`.
    static let scriptMarker = "// store-screenshot-compose contact sheet script"

    /// Whether a file beginning with `prefix` is the sheet's script as this tool writes it.
    static func isContactSheetScript(prefix: Data) -> Bool {
        String(decoding: prefix.prefix(recognisedPrefix), as: UTF8.self).hasPrefix(scriptMarker + "\n")
    }
    /// How every sheet began before the marker: what this tool wrote up to the title.
    private static let legacyStart = #"<!DOCTYPE html>\#n<html lang="en"><head><meta charset="utf-8"><title>Composed screenshots — "#
    /// The notice every earlier sheet carried, naming this tool.
    private static let legacyNotice = #"<h1>Composed screenshots</h1>\#n<p class="notice"><strong>Composed marketing assets, not capture evidence.</strong> Headlines and frames were added by store-screenshot-compose "#
    /// How many bytes at the start of a file decide whether it is a sheet this tool wrote.
    static let recognisedPrefix = 4096

    /// Whether a file beginning with `prefix` (its first `recognisedPrefix` bytes) is a contact
    /// sheet of this tool, of this version (the marker) or an earlier one (its fixed opening
    /// and notice): only such an `index.html` is ever replaced or removed.
    static func isContactSheet(prefix: Data) -> Bool {
        let text = String(decoding: prefix.prefix(recognisedPrefix), as: UTF8.self)
        guard text.hasPrefix("<!DOCTYPE html>\n") else { return false }
        let head = text.components(separatedBy: "</head>").first ?? ""
        return head.contains(marker) || (text.hasPrefix(legacyStart) && text.contains(legacyNotice))
    }

    /// `items` in their order, each once; linear (a merge of 10,000 outputs lists rows by the
    /// thousand, and a scan of the kept ones per item is quadratic).
    static func uniqued(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }

    /// The warnings each cell shows, by subject: those about the cell's locale and capture (or
    /// screen), and about its target or no target. Warnings of the whole run have no cell.
    struct CellWarnings: DiagnosticSink {
        private var byCell: [String: [(target: String?, message: String)]] = [:]

        mutating func receive(_ diagnostic: Diagnostic) {
            guard diagnostic.severity == .warning, let subject = diagnostic.subject,
                  let locale = subject.locale, let captureId = subject.captureId else { return }
            byCell["\(locale)\u{0}\(captureId)", default: []].append((subject.target, diagnostic.message))
        }

        func messages(locale: String, captureId: String, target: String?) -> [String] {
            (byCell["\(locale)\u{0}\(captureId)"] ?? []).filter { $0.target == nil || $0.target == target }.map(\.message)
        }
    }

    /// An SVG without its PNG, in a frame 180 px wide: sandboxed with no scripts, but of the
    /// sheet's origin, so the capture and font copies it links load when the sheet is opened from
    /// file:// (an opaque origin loads none); drawn at the canvas's size and scaled down, since
    /// Chromium does not fit a same-origin SVG document to its frame.
    private static func svgFrame(_ path: String, canvas: Canvas, height: Int, title: String) -> String {
        let a = XMLText.escapeAttribute, src = a(RelativePath.url(path))
        guard canvas.width > 0, canvas.height > 0 else {
            return "<iframe sandbox=\"allow-same-origin\" src=\"\(src)\" style=\"height:\(height)px\" title=\"\(a(title))\" scrolling=\"no\"></iframe>"
        }
        let scale = String(format: "%.6f", 180 / Double(canvas.width))
        return "<div style=\"width:180px;height:\(height)px;overflow:hidden\"><iframe sandbox=\"allow-same-origin\" src=\"\(src)\" "
            + "style=\"width:\(canvas.width)px;height:\(canvas.height)px;max-width:none;transform:scale(\(scale));transform-origin:0 0\" "
            + "title=\"\(a(title))\" scrolling=\"no\"></iframe></div>"
    }

    /// A panorama's store images side by side, touching, so the picture reads across the seams;
    /// the first image's headline, then each image's links.
    private static func panoramaCell(_ panels: [Manifest.Output], canvas: Canvas, locale: String, messages: [String]) -> String {
        let e = XMLText.escapeText, a = XMLText.escapeAttribute
        let height = Int((180 * Double(canvas.height) / Double(max(canvas.width, 1))).rounded())
        var html = "<div class=\"panorama\">"
        for o in panels {
            if let png = o.png {
                html += "<img src=\"\(a(RelativePath.url(png.path)))\" style=\"height:\(height)px\" alt=\"\(a(o.headline))\">"
            } else {
                html += svgFrame(o.svg.path, canvas: canvas, height: height, title: o.headline)
            }
        }
        html += "</div>"
        let direction = FontStack.isRightToLeft(locale) ? "rtl" : "ltr"
        html += "<div lang=\"\(a(locale))\" dir=\"\(direction)\">\(e(panels.map(\.headline).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: " · ")))</div>"
        html += "<div class=\"meta\" style=\"max-width:none\">\(panels.count) store images, \(canvas.width)×\(canvas.height) each"
        for o in panels {
            html += " · \(e(o.captureId)): "
            if let png = o.png { html += "<a href=\"\(a(RelativePath.url(png.path)))\">PNG</a> <span title=\"\(a(png.sha256))\">\(e(String(png.sha256.prefix(8))))…</span> " }
            html += "<a href=\"\(a(RelativePath.url(o.svg.path)))\">SVG</a>"
        }
        html += "</div>"
        for message in messages.reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            html += "<div class=\"warn\">\(e(message))</div>"
        }
        return html
    }

}
