import Foundation
import ScreenshotCompose

// Benchmark helper for `make bench` (not installed): times the floor of one output, decoding
// its capture with libpng and encoding its canvas with libpng + zlib level 6 (what the tool
// did before libdeflate), and the tool's own encoder on the same canvas.
// Usage: ssc-bench codec CAPTURE.png RENDERED.png [RUNS] [fast|default|small]
// prints "decode_ms zlib6_ms zlib6_bytes encode_ms bytes" (medians; the last two for the preset).

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let arguments = CommandLine.arguments
guard arguments.count >= 4, arguments[1] == "codec",
      let capture = FileManager.default.contents(atPath: arguments[2]),
      let rendered = FileManager.default.contents(atPath: arguments[3]) else {
    FileHandle.standardError.write(Data("usage: ssc-bench codec CAPTURE.png RENDERED.png [RUNS] [fast|default|small]\n".utf8))
    exit(2)
}
let runs = arguments.count > 4 ? Int(arguments[4]) ?? 5 : 5
let compression = arguments.count > 5 ? PNGCompression(rawValue: arguments[5]) ?? .default : .default

do {
    // The canvas as cairo hands it over: xRGB words, here from the rendered output's pixels.
    let canvas = try PNGCodec.decodeRGBA(rendered)
    var pixels = [UInt8](repeating: 0, count: canvas.header.width * canvas.header.height * 4)
    for i in 0..<(canvas.header.width * canvas.header.height) {
        pixels[i * 4] = canvas.rgba[i * 4 + 2]
        pixels[i * 4 + 1] = canvas.rgba[i * 4 + 1]
        pixels[i * 4 + 2] = canvas.rgba[i * 4]
        pixels[i * 4 + 3] = 0xFF
    }
    let raster = RasterImage(width: canvas.header.width, height: canvas.header.height, stride: canvas.header.width * 4, pixels: pixels)
    var decode: [Double] = [], zlib: [Double] = [], encode: [Double] = []
    var zlibBytes = 0, bytes = 0
    // CPU time of this thread, not wall time: the machine is shared.
    func cpuMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }
    for _ in 0..<runs {
        var start = cpuMilliseconds()
        _ = try PNGCodec.decodeRGBA(capture)
        decode.append(cpuMilliseconds() - start)
        start = cpuMilliseconds()
        zlibBytes = try PNGCodec.encodeRGBWithZlib(raster, texts: [], zlibLevel: 6).count
        zlib.append(cpuMilliseconds() - start)
        start = cpuMilliseconds()
        bytes = try PNGCodec.encodeRGB(raster, texts: [], compression: compression).count
        encode.append(cpuMilliseconds() - start)
    }
    print(String(format: "%.1f %.1f %d %.1f %d", median(decode), median(zlib), zlibBytes, median(encode), bytes))
} catch {
    FileHandle.standardError.write(Data("ssc-bench: \(error)\n".utf8))
    exit(1)
}
