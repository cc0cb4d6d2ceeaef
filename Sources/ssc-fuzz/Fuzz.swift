import Foundation
import ScreenshotCompose

// libFuzzer entry point (`make fuzz`): FUZZ_TARGET picks the decoder fed with the input bytes.
// Every decoder must turn any bytes into a value or diagnostics, never crash or hang.

private let target = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "job"
private let template = (try? String(contentsOfFile: "templates/device-well.svg.tmpl", encoding: .utf8)) ?? ""

@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var d = DiagnosticCollector()
    switch target {
    case "job":
        _ = JobLoader.decode(data: data, file: "fuzz.json", directory: URL(fileURLWithPath: "/nonexistent"), into: &d)
    case "wells":
        _ = WellsCatalogLoader.load(data: data, file: "wells.json", into: &d)
    case "template":
        // The input is spliced into the shipped template, then the template is filled.
        let text = String(decoding: data, as: UTF8.self)
        if let parsed = SVGTemplate.parse(template.replacingOccurrences(of: "<title>", with: "<title>" + text), file: "t", into: &d) {
            var values: [Placeholder: String] = [:]
            for p in Placeholder.allCases { values[p] = text }
            values[.headlineTspans] = "<tspan>x</tspan>"
            _ = try? parsed.fill(values)
        }
    case "bounds":
        // The input is spliced in as markup before </svg>: the template bounds and the
        // active-content check must refuse or accept any element soup quickly (libFuzzer's
        // -timeout turns a slow input into a failure).
        let text = String(decoding: data, as: UTF8.self)
        if let end = template.range(of: "</svg>", options: .backwards) {
            _ = SVGTemplate.parse(template.replacingCharacters(in: end, with: text + "</svg>"), file: "t", into: &d)
        }
    case "svg":
        // Any bytes as a designer's template: read into the normalized tree (CSS, <use>,
        // bounds), its slots checked, and the tree written; never a crash or a hang.
        if let slots = SlotTemplate.parse(String(decoding: data, as: UTF8.self), file: "t.svg", into: &d) {
            _ = slots.tree.svgData()
        }
    case "xcstrings":
        // The String Catalog reader streams its `strings` object (entries checked as read).
        _ = StringCatalog.read(data: data, file: "fuzz.xcstrings", keys: ["home", "chat"], allowUntranslated: false, into: &d)
    case "manifest":
        // A manifest is decoded from the JSON reader's values (one parse).
        _ = Manifest.decode(data, file: "fuzz.json", into: &d)
    case "strings":
        if let text = try? StringsFile.decode(data) { _ = try? StringsFile.parse(text) }
    case "png":
        if (try? PNGCodec.readHeader(data)) != nil { _ = try? PNGCodec.validateImageData(data) }
        // The capture copy's chunk walk reads lengths from the file: any bytes, never past them.
        _ = try? PNGCodec.drawnChunksCopy(data)
        // So does the JPEG segment walk of a template's embedded image.
        _ = PNGCodec.jpegEXIFOrientation([UInt8](data))
    default:
        fatalError("unknown FUZZ_TARGET \(target)")
    }
    return 0
}

