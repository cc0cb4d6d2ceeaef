import Foundation
import ScreenshotCompose

// An example of the library used from another Swift program (run by `make test`): a job built
// in code — one capture given as PNG bytes, headlines as strings — checked, then rendered to
// values in memory; with a folder argument, also published to that folder.
//
//     swift run ssc-example            # in memory only
//     swift run ssc-example out/example

/// A 390×844 capture (the browser-mobile well's size) drawn in code: a header bar and rows.
func drawCapture() throws -> Data {
    let width = 390, height = 844
    var rgba = [UInt8](repeating: 0xFF, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            let header = y < 96
            let row = !header && (y - 96) % 80 < 64 && x >= 16 && x < width - 16
            let (r, g, b): (UInt8, UInt8, UInt8) = header ? (0x1f, 0x6f, 0xeb) : row ? (0xe8, 0xee, 0xf8) : (0xff, 0xff, 0xff)
            rgba[i] = r; rgba[i + 1] = g; rgba[i + 2] = b
        }
    }
    return try PNGCodec.encodeRGBA(rgba, width: width, height: height, sRGB: true)
}

func fail(_ diagnostics: [Diagnostic]) -> Never {
    for diagnostic in diagnostics { FileHandle.standardError.write(Data((diagnostic.line + "\n").utf8)) }
    exit(1)
}

let capture = JobCapture(id: "inbox", png: try drawCapture(), well: "tuck-browser-mobile")
let job = Job(captures: [capture],
              headlines: ["en-US": ["inbox": "Everything at a glance"], "de-DE": ["inbox": "Alles auf einen Blick"]],
              subtitles: ["en-US": ["inbox": "Built in code, rendered in memory"]])
let options = PlanOptions(sourceDateEpoch: "1767225600")
let composer = ScreenshotComposer()

let check = composer.check(job: job, options: options)
guard check.succeeded else { fail(check.diagnostics) }
print("check: \(check.outputCount) output(s) would be rendered")

let result = composer.renderInMemory(job: job, options: options)
guard result.succeeded, let manifest = result.manifest else { fail(result.diagnostics) }
for output in result.outputs {
    let png = output.png ?? Data()
    print("\(output.locale)/\(output.captureId): SVG \(output.svg.count) bytes, PNG \(output.width)×\(output.height) \(png.count) bytes, sha256 \(output.pngSHA256 ?? "-")")
}
// The manifest lists exactly the bytes returned.
let listed = manifest.outputs.compactMap(\.png?.sha256)
guard listed == result.outputs.compactMap(\.pngSHA256) else {
    FileHandle.standardError.write(Data("error: the manifest does not list the returned PNGs\n".utf8))
    exit(1)
}

if CommandLine.arguments.count > 1 {
    var onDisk = job
    onDisk.output = URL(fileURLWithPath: CommandLine.arguments[1]).standardizedFileURL
    let report = composer.render(job: onDisk, options: options)
    guard report.succeeded else { fail(report.diagnostics) }
    print("published \(report.outputCount) output(s); manifest \(report.manifestURL?.path ?? "")")
}
