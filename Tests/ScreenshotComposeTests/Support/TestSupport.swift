import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Publish

/// A scratch folder for one test, removed afterwards.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ssc-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    @discardableResult
    func write(_ relative: String, _ data: Data) throws -> String {
        let target = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target)
        return target.path
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, Data(text.utf8))
    }

    /// Writes a job file from a JSON-compatible dictionary.
    @discardableResult
    func writeJob(_ job: [String: Any], name: String = "job.json") throws -> String {
        let data = try JSONSerialization.data(withJSONObject: job, options: [.prettyPrinted, .sortedKeys])
        return try write(name, data)
    }
}

private final class BundleMarker {}

enum Fixtures {
    /// The checkout: this file is Tests/ScreenshotComposeTests/Support/TestSupport.swift.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The test target's folder; its subfolders are the stages' tests (SwiftPM compiles them all).
    static let testTarget = repository.appendingPathComponent("Tests/ScreenshotComposeTests")
    static let captures = repository.appendingPathComponent("fixtures/captures")
    static let demoJob = repository.appendingPathComponent("fixtures/demo-job.json")
    static let template = repository.appendingPathComponent("templates/device-well.svg.tmpl")
    static let wells = repository.appendingPathComponent("wells.json")
    /// The folder SwiftPM built the products into (`swift build --show-bin-path`: any triple,
    /// configuration or `--scratch-path`): the test bundle's own folder.
    static let products: URL = {
        #if os(Linux)
        let bundle = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map(URL.init(fileURLWithPath:))
            ?? Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return bundle.deletingLastPathComponent()
        #else
        return Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent()
        #endif
    }()
    /// The command-line tool SwiftPM built beside the tests.
    static let tool = products.appendingPathComponent("store-screenshot-compose")

    /// An opaque RGB PNG of `width` × `height` pixels with a pattern, made with the project's
    /// own libpng writer (so tests need no image files for arbitrary sizes).
    /// `red` varies the image, for captures that must differ (one per locale).
    static func png(width: Int, height: Int, red: UInt8 = 200) throws -> Data {
        let stride = width * 4
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * stride + x * 4
                pixels[i] = UInt8((x * 7) & 0xFF)      // B
                pixels[i + 1] = UInt8((y * 3) & 0xFF)  // G
                pixels[i + 2] = red                    // R
                pixels[i + 3] = 0xFF
            }
        }
        return try PNGCodec.encodeRGB(RasterImage(width: width, height: height, stride: stride, pixels: pixels), texts: [])
    }

    nonisolated(unsafe) private static var rasters: [String: RasterImage] = [:]
    private static let rastersLock = NSLock()

    /// A large capture made fast: the pattern of `png(width:height:)` drawn once per size, the
    /// file made distinct by a text chunk naming `variant` (another SHA-256, same pixels).
    static func pngVariant(width: Int, height: Int, variant: String) throws -> Data {
        rastersLock.lock()
        defer { rastersLock.unlock() }
        let key = "\(width)x\(height)"
        if rasters[key] == nil {
            let stride = width * 4
            var pixels = [UInt8](repeating: 0xFF, count: stride * height)
            pixels.withUnsafeMutableBufferPointer { buffer in
                for y in 0..<height {
                    for x in 0..<width {
                        let i = y * stride + x * 4
                        buffer[i] = UInt8(truncatingIfNeeded: x * 7)
                        buffer[i + 1] = UInt8(truncatingIfNeeded: y * 3)
                        buffer[i + 2] = 200
                    }
                }
            }
            rasters[key] = RasterImage(width: width, height: height, stride: stride, pixels: pixels)
        }
        guard let raster = rasters[key] else { throw PNGError(message: "no raster") }
        return try PNGCodec.encodeRGB(raster, texts: [PNGText(key: "Comment", value: variant)], compression: .fast)
    }

    /// A job with one 390×844 capture (browser mobile well) and the given headlines.
    static func mobileJob(in scratch: Scratch, headlines: [String: [String: String]] = ["en-US": ["shot": "Read it anywhere"]],
                          extra: [String: Any] = [:]) throws -> String {
        try scratch.write("captures/shot.png", try png(width: 390, height: 844))
        var job: [String: Any] = [
            "schemaVersion": 1,
            "output": "out",
            "captures": [["id": "shot", "path": "captures/shot.png", "well": "tuck-browser-mobile"]],
            "headlines": headlines,
        ]
        for (key, value) in extra { job[key] = value }
        return try scratch.writeJob(job)
    }
}

/// What a browser shows of a composed SVG (issue 36 item 3): headless Chromium, installed by
/// the set-up.
enum Chromium {
    /// Chromium's screenshot of `svg` at the canvas's size, opened from file:// so the capture
    /// copies beside it load as a browser loads them.
    static func screenshot(_ svg: URL, width: Int, height: Int, shot: String) throws -> DecodedPNG {
        try? FileManager.default.removeItem(atPath: shot)
        let chromium = Process()
        chromium.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
        chromium.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=\(width),\(height)",
                              "--screenshot=\(shot)", svg.absoluteString]
        chromium.standardOutput = FileHandle.nullDevice
        chromium.standardError = FileHandle.nullDevice
        try chromium.run()
        chromium.waitUntilExit()
        return try PNGCodec.decodeRGBA(try Data(contentsOf: URL(fileURLWithPath: shot)))
    }

    /// Mean absolute difference per channel (R, G, B) of two images over `rect` (clipped to the
    /// images) less 4 pixels on each side: its anti-aliased edge and rounded corners.
    static func meanDifference(_ a: DecodedPNG, _ b: DecodedPNG, in rect: Rect) -> [Double] {
        let x0 = max(0, Int(rect.x.rounded(.up)) + 4), y0 = max(0, Int(rect.y.rounded(.up)) + 4)
        let x1 = min(a.header.width, b.header.width, Int((rect.x + rect.width).rounded(.down)) - 4)
        let y1 = min(a.header.height, b.header.height, Int((rect.y + rect.height).rounded(.down)) - 4)
        guard x1 > x0, y1 > y0 else { return [] }
        var sums = [0, 0, 0]
        for y in y0..<y1 {
            for x in x0..<x1 {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                sums[0] += abs(Int(p.r) - Int(q.r)); sums[1] += abs(Int(p.g) - Int(q.g)); sums[2] += abs(Int(p.b) - Int(q.b))
            }
        }
        return sums.map { Double($0) / Double((x1 - x0) * (y1 - y0)) }
    }
}

/// A PNG's chunks in file order: type, payload and the offset of the chunk's length field.
/// Reads lengths only (tests look at which chunks a file holds); stops at a chunk that runs
/// past the end.
func pngChunks(_ png: Data) -> [(type: String, payload: [UInt8], offset: Int)] {
    let bytes = [UInt8](png)
    var chunks: [(type: String, payload: [UInt8], offset: Int)] = []
    var offset = 8
    while offset + 12 <= bytes.count {
        let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        guard offset + 12 + length <= bytes.count else { break }
        chunks.append((String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self), Array(bytes[offset + 8..<offset + 8 + length]), offset))
        offset += 12 + length
    }
    return chunks
}

/// The lines the CLI would print for a collector's diagnostics, without the `:line:column`
/// after the file (tests that care assert `Diagnostic.position`, and the command-line tests
/// the printed lines whole).
func lines(_ d: DiagnosticCollector) -> [String] { d.diagnostics.map(\.lineWithoutPosition) }
func lines(_ r: RunReport) -> [String] { r.diagnostics.map(\.lineWithoutPosition) }
/// Printed lines (stderr) with the `:line:column` after each file taken out: for manifests, whose
/// layout (and so the lines of their fields) changes as fields are added.
func withoutPositions(_ text: String) -> String {
    text.replacingOccurrences(of: #"(?m)^((?:error|warning): [^\n]*?):[0-9]+:[0-9]+: "#, with: "$1: ", options: .regularExpression)
}

func errorLines(_ r: RunReport) -> [String] { r.diagnostics.filter { $0.severity == .error }.map(\.lineWithoutPosition) }

/// Runs the built command-line tool; returns (exit code, stdout, stderr).
func runTool(_ arguments: [String], environment: [String: String] = [:], cwd: URL? = nil) throws -> (Int32, String, String) {
    let binary = Fixtures.tool
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    process.environment = env
    if let cwd { process.currentDirectoryURL = cwd }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// The lines a child process writes to a pipe, read on a thread of their own as they come, so
/// a test waits for the line that says something happened (with a bound) instead of sleeping
/// and looking.
final class PipeLines: @unchecked Sendable {
    let pipe = Pipe()
    private let condition = NSCondition()
    private var buffer = Data()
    private var finished = false

    init() {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty { finished = true } else { buffer.append(chunk) }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
    }

    /// Every complete line so far.
    var lines: [String] {
        condition.lock(); defer { condition.unlock() }
        return Self.complete(buffer)
    }

    /// Waits until `ready` holds for the complete lines read so far, the pipe closes, or
    /// `seconds` pass; returns whether it holds.
    @discardableResult
    func wait(_ seconds: Double, until ready: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock(); defer { condition.unlock() }
        while !ready(Self.complete(buffer)) {
            if finished || !condition.wait(until: deadline) { return ready(Self.complete(buffer)) }
        }
        return true
    }

    private static func complete(_ data: Data) -> [String] {
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
        lines.removeLast()
        return lines
    }
}
