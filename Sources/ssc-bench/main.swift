import Foundation
import ScreenshotCompose

// Benchmark helper for `make bench` (not installed): times the work no composer can avoid for
// one output, decoding its capture and encoding its PNG, with the same libpng calls the tool
// makes. Usage: ssc-bench codec CAPTURE.png RENDERED.png [RUNS] [fast|default|small]
// prints "decode_ms encode_ms bytes" (medians).

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
    var decode: [Double] = [], encode: [Double] = []
    var bytes = 0
    for _ in 0..<runs {
        var start = Date()
        _ = try PNGCodec.decodeRGBA(capture)
        decode.append(Date().timeIntervalSince(start) * 1000)
        start = Date()
        bytes = try PNGCodec.encodeRGB(raster, texts: [], compression: compression).count
        encode.append(Date().timeIntervalSince(start) * 1000)
    }
    print(String(format: "%.1f %.1f %d", median(decode), median(encode), bytes))
} catch {
    FileHandle.standardError.write(Data("ssc-bench: \(error)\n".utf8))
    exit(1)
}
