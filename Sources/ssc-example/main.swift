import Foundation
import ScreenshotCompose

// An example of the library used from another Swift program (run by `make test`): a job file
// and the capture it names, given as bytes (a build step that holds them in memory), checked,
// then rendered to values in memory through the same render loop as the command line; nothing
// of the caller's is read from or written to disk. With a folder argument, the job and its
// capture are also written there and rendered into its `out/` as the command line would.
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

let job = Data("""
    {
      "schemaVersion": 1,
      "output": "out",
      "template": "classic",
      "captures": [{ "id": "inbox", "path": "captures/inbox.png", "well": "tuck-browser-mobile" }],
      "headlines": { "en-US": { "inbox": "Everything at a glance" }, "de-DE": { "inbox": "Alles auf einen Blick" } },
      "subtitles": { "en-US": { "inbox": "Built in code, rendered in memory" } }
    }

    """.utf8)
let files = JobFiles(job: job, files: ["captures/inbox.png": try drawCapture()], name: "example.json")
let options = PlanOptions(sourceDateEpoch: "1767225600")
let composer = ScreenshotComposer()

let check = composer.check(files, options: options)
guard check.succeeded else { fail(check.diagnostics) }
print("check: \(check.outputCount) output(s) would be rendered")

let result = composer.renderInMemory(files, options: options)
guard result.succeeded, let manifest = result.manifest else { fail(result.diagnostics) }
for output in result.outputs {
    let png = output.png ?? Data()
    print("\(output.locale)/\(output.captureId): SVG \(output.svg.count) bytes, PNG \(output.width)×\(output.height) \(png.count) bytes, sha256 \(output.pngSHA256 ?? "-")")
}
// The manifest lists exactly the bytes returned.
guard manifest.outputs.compactMap(\.png?.sha256) == result.outputs.compactMap(\.pngSHA256),
      manifest.outputs.map(\.svg.sha256) == result.outputs.map(\.svgSHA256) else {
    FileHandle.standardError.write(Data("error: the manifest does not list the returned SVGs and PNGs\n".utf8))
    exit(1)
}

if CommandLine.arguments.count > 1 {
    let folder = URL(fileURLWithPath: CommandLine.arguments[1]).standardizedFileURL
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("captures"), withIntermediateDirectories: true)
    try job.write(to: folder.appendingPathComponent("example.json"))
    for (path, data) in files.files { try data.write(to: folder.appendingPathComponent(path)) }
    let report = composer.render(jobFile: folder.appendingPathComponent("example.json").path, options: options)
    guard report.succeeded else { fail(report.diagnostics) }
    print("published \(report.outputCount) output(s); manifest \(report.manifestURL?.path ?? "")")
}
