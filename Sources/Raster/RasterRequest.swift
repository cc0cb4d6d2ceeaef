import Foundation
import CProcessShim

/// One drawing a worker makes: what `LibrsvgRasterizer`'s entry points ask for, sent to the
/// worker process with the SVG's bytes. Pixels go both ways through the worker's shared memory
/// file (`RasterWorkers`), never through the socket.
package struct RasterRequest: Codable, Sendable {
    package enum Kind: String, Codable, Sendable {
        case captureRows, whole, inkExtent, layers, region, layersInk, coverage
    }

    package var kind: Kind
    /// The path the SVG's relative hrefs resolve against.
    package var baseFile: String
    /// The canvas.
    package var width: Int
    package var height: Int
    /// What the text must stay clear of (`layers`).
    package var box: LibrsvgRasterizer.Box?
    /// `captureRows`, `whole`: the capture slots (`whole`: drawn alone after the canvas).
    package var slots: [CaptureVisibility.Slot]?
    package var ids: [String]?
    package var region: LibrsvgRasterizer.Region?
    package var scale: Double?
    /// `layers`: the canvas drawn over, its pixels at the start of the shared memory file.
    package var base: ImageShape?
    /// The run's font files (SHA-256 of the content, private path), for the worker to register
    /// and draw with first (`FontRegistry.runFonts`).
    package var fonts: [[String]] = []
    /// CPU seconds the drawing may take; the worker re-arms its soft RLIMIT_CPU with it.
    package var cpuSeconds: Double = 30
}

/// A canvas whose pixels are in the shared memory file from offset 0.
package struct ImageShape: Codable, Sendable {
    package var width: Int
    package var height: Int
    package var stride: Int
}

/// What a worker answers: an error (librsvg's or cairo's refusal, as `RasterError` words it) or
/// the drawing's result.
package struct RasterReply: Codable, Sendable {
    package var error: String?
    /// A canvas, its pixels in the shared memory file.
    package var image: ImageShape?
    /// `whole` with slots: the capture rows, their pixels right after the canvas's.
    package var rows: ImageShape?
    /// `inkExtent`, `layersInk`: the box, nil when nothing is drawn.
    package var box: LibrsvgRasterizer.Box?
    /// `layers`: false when the text comes too close to what is drawn after it (nothing drawn).
    package var drawn: Bool?
    /// `coverage`: width and height; the alpha bytes in the shared memory file.
    package var coverage: [Int]?

    package init() {}
}

/// Length-prefixed frames over a socket.
package enum WorkerIO {
    /// Writes all of `data`; false when the other end is gone.
    package static func write(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = ssc_send(fd, raw.baseAddress! + offset, UInt(raw.count - offset))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    /// A frame: its length (8 bytes, little-endian), then its bytes.
    package static func frame(_ payload: Data) -> Data {
        var length = UInt64(payload.count).littleEndian
        return Data(bytes: &length, count: 8) + payload
    }

    /// Reads exactly `count` bytes; nil at the end of the stream or on an error. `deadline`
    /// (uptime nanoseconds): nil when it passes first, with `timedOut` set.
    package static func read(_ fd: Int32, count: Int, deadline: UInt64? = nil, timedOut: inout Bool) -> Data? {
        var data = Data(count: count)
        let ok = data.withUnsafeMutableBytes { raw -> Bool in
            var offset = 0
            while offset < count {
                if let deadline {
                    let now = DispatchTime.now().uptimeNanoseconds
                    if now >= deadline { timedOut = true; return false }
                    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    let ms = Int32(min(UInt64(Int32.max), (deadline - now + 999_999) / 1_000_000))
                    let ready = poll(&poller, 1, ms)
                    if ready < 0 && errno == EINTR { continue }
                    if ready == 0 { continue }
                    if ready < 0 { return false }
                }
                let n = Glibc.read(fd, raw.baseAddress! + offset, count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        return ok ? data : nil
    }

    /// A frame's payload (see `frame`).
    package static func readFrame(_ fd: Int32, deadline: UInt64? = nil, timedOut: inout Bool) -> Data? {
        guard let header = read(fd, count: 8, deadline: deadline, timedOut: &timedOut) else { return nil }
        let length = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        guard length < 1 << 34 else { return nil }
        return read(fd, count: Int(length), deadline: deadline, timedOut: &timedOut)
    }
}

/// A worker's shared memory file, mapped once on each side and kept mapped (mapped again, larger,
/// when a larger canvas comes): pread and pwrite copied each 12 MB canvas through the page cache
/// and a mapping per drawing filled and cleared its page tables each time, some 4 ms of the
/// kernel's per output on 1206×2622.
package final class SharedPixels: @unchecked Sendable {
    package let fd: Int32
    private var address: UnsafeMutableRawPointer?
    private var length = 0

    package init(fd: Int32) { self.fd = fd }

    deinit { unmap() }

    package func unmap() {
        if let address { munmap(address, length) }
        address = nil
        length = 0
    }

    /// The file's first `count` bytes, mapped; the file is grown to hold them when `grow`, else
    /// it must hold them.
    private func bytes(_ count: Int, grow: Bool) throws -> UnsafeMutableRawPointer {
        var size = stat()
        guard count > 0, fstat(fd, &size) == 0, grow || Int(size.st_size) >= count else {
            throw RasterError(message: "cannot read the drawing's shared memory (\(count) bytes expected, \(size.st_size) there)")
        }
        if Int(size.st_size) < count && ftruncate(fd, off_t(count)) != 0 {
            throw RasterError(message: "cannot grow the drawing's shared memory to \(count) bytes: \(String(cString: strerror(errno)))")
        }
        if let address, length >= count { return address }
        unmap()
        guard let mapped = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            throw RasterError(message: "cannot map the drawing's shared memory (\(count) bytes): \(String(cString: strerror(errno)))")
        }
        address = mapped
        length = count
        return mapped
    }

    /// Puts `bytes` at `start` in the file (grown to hold them).
    package func store(_ bytes: UnsafeRawBufferPointer, at start: Int = 0) throws {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        try (self.bytes(start + bytes.count, grow: true) + start).copyMemory(from: source, byteCount: bytes.count)
    }

    /// The first `count` bytes of the file.
    package func load(count: Int) throws -> [UInt8] {
        [UInt8](UnsafeRawBufferPointer(start: try bytes(count, grow: false), count: count))
    }

    /// The file's first `count` bytes (it holds them), for reading and writing while `body` runs.
    package func mapped<T>(count: Int, _ body: (UnsafeMutableRawPointer) throws -> T) throws -> T {
        try body(bytes(count, grow: false))
    }
}
