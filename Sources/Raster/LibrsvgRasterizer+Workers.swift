import Foundation
import Support

// The rasterizer's entry points: each drawing is sent to a worker process (`RasterWorkers`),
// which runs the same function (`…Here`) under its memory and time bounds; in the worker
// itself they draw in place.

extension LibrsvgRasterizer {
    /// The whole of `svg` (UTF-8 bytes) drawn in one pass on a `width` × `height` RGB24 canvas,
    /// opaque white beneath. Relative hrefs resolve against `baseFile`, the path the SVG is written
    /// to; librsvg only loads files in that file's folder or below. Throws when librsvg rejects the
    /// document, cairo fails, or the drawing goes past `RasterWorkers.bounds`.
    package static func drawWhole(svg: Data, baseFile: URL, width: Int, height: Int) throws -> RasterImage {
        if RasterWorkers.drawHere { return try drawWholeHere(svg: svg, baseFile: baseFile, width: width, height: height) }
        return try image(RasterRequest(kind: .whole, baseFile: baseFile.path, width: width, height: height), svg: svg)
    }

    /// Where the whole of `svg` draws on a `width` × `height` canvas (librsvg's ink rectangle),
    /// nil when it draws nothing. Images are measured by their box (decoding them is not needed).
    package static func inkExtent(svg: Data, baseFile: URL, width: Int, height: Int) throws -> Box? {
        if RasterWorkers.drawHere { return try inkExtentHere(svg: svg, baseFile: baseFile, width: width, height: height) }
        return try RasterWorkers.draw(RasterRequest(kind: .inkExtent, baseFile: baseFile.path, width: width, height: height),
                                      svg: svg, load: { _ in 0 }).0.box
    }

    /// Draws the elements `ids` of `svg` (its whole document: each element with the transform
    /// and inherited style it has there) in order over a copy of `base`, as the one-pass render
    /// would draw them last. Returns nil, having drawn nothing, when the ink of any of them
    /// comes within a pixel of `clearOf` (what the document draws after them), or cannot be
    /// measured.
    package static func drawLayers(svg: Data, baseFile: URL, over base: RasterImage, ids: [String], clearOf: Box?) throws -> RasterImage? {
        if RasterWorkers.drawHere { return try drawLayersHere(svg: svg, baseFile: baseFile, over: base, ids: ids, clearOf: clearOf) }
        var request = RasterRequest(kind: .layers, baseFile: baseFile.path, width: base.width, height: base.height)
        request.ids = ids
        request.box = clearOf
        request.base = ImageShape(width: base.width, height: base.height, stride: base.stride)
        let (reply, pixels) = try RasterWorkers.draw(request, svg: svg, pixels: base.pixels) { reply in
            reply.drawn == true ? (reply.image.map { $0.stride * $0.height } ?? 0) : 0
        }
        guard reply.drawn == true, let shape = reply.image else { return nil }
        return RasterImage(width: shape.width, height: shape.height, stride: shape.stride, pixels: pixels)
    }

    /// `drawWhole`, and the capture `slots` of the same document drawn alone in the rows the
    /// rule samples (`drawWholeHere(…sampling:)`).
    static func drawWhole(svg: Data, baseFile: URL, width: Int, height: Int, sampling slots: [CaptureVisibility.Slot]) throws -> (RasterImage, RasterImage) {
        if RasterWorkers.drawHere { return try drawWholeHere(svg: svg, baseFile: baseFile, width: width, height: height, sampling: slots) }
        var request = RasterRequest(kind: .whole, baseFile: baseFile.path, width: width, height: height)
        request.slots = slots
        var (reply, pixels) = try RasterWorkers.draw(request, svg: svg) { reply in
            [reply.image, reply.rows].compactMap { $0.map { $0.stride * $0.height } }.reduce(0, +)
        }
        guard let shape = reply.image, let rows = reply.rows else { throw RasterError(message: "the drawing worker gave no image") }
        // The rows follow the canvas; cut off, they leave the canvas's bytes where they are.
        let count = shape.stride * shape.height
        let sampled = RasterImage(width: rows.width, height: rows.height, stride: rows.stride, pixels: Array(pixels[count...]))
        pixels.removeLast(pixels.count - count)
        return (RasterImage(width: shape.width, height: shape.height, stride: shape.stride, pixels: pixels), sampled)
    }

    /// The capture slots of `svg` drawn alone in the rows the rule samples (`captureRowsHere`).
    static func captureRows(svg: Data, baseFile: URL, canvas: (width: Int, height: Int), slots: [CaptureVisibility.Slot]) throws -> RasterImage {
        if RasterWorkers.drawHere { return try captureRowsHere(svg: svg, baseFile: baseFile, canvas: canvas, slots: slots) }
        var request = RasterRequest(kind: .captureRows, baseFile: baseFile.path, width: canvas.width, height: canvas.height)
        request.slots = slots
        return try image(request, svg: svg)
    }

    /// The whole of `svg` drawn on white as the output would be, but only the pixels of `region`
    /// (canvas pixels), scaled by `scale` (≤ 1: a smaller picture of the region). cairo
    /// rasterizes only inside the surface, so a small region is cheap on a large canvas.
    static func drawRegion(svg: Data, baseFile: URL, canvas: (width: Int, height: Int), region: Region, scale: Double = 1) throws -> RasterImage {
        if RasterWorkers.drawHere { return try drawRegionHere(svg: svg, baseFile: baseFile, canvas: canvas, region: region, scale: scale) }
        var request = RasterRequest(kind: .region, baseFile: baseFile.path, width: canvas.width, height: canvas.height)
        request.region = region
        request.scale = scale
        return try image(request, svg: svg)
    }

    /// Where the elements `ids` of `svg` draw, each alone as `render_layer` draws it (with the
    /// transforms and inherited style it has in the document): the union of librsvg's ink
    /// rectangles, canvas pixels; nil when none draws anything.
    static func layersInk(svg: Data, baseFile: URL, canvas: (width: Int, height: Int), ids: [String]) throws -> Box? {
        if RasterWorkers.drawHere { return try layersInkHere(svg: svg, baseFile: baseFile, canvas: canvas, ids: ids) }
        var request = RasterRequest(kind: .layersInk, baseFile: baseFile.path, width: canvas.width, height: canvas.height)
        request.ids = ids
        return try RasterWorkers.draw(request, svg: svg, load: { _ in 0 }).0.box
    }

    /// The coverage (alpha, 0 … 255) of the elements `ids` of `svg` drawn alone (`render_layer`,
    /// in order, on transparent) over `region`, scaled by `scale`, row by row (the rows are
    /// `region.width × scale` rounded up long). An element librsvg will not draw alone covers nothing.
    static func layersCoverage(svg: Data, baseFile: URL, canvas: (width: Int, height: Int), ids: [String], region: Region,
                               scale: Double = 1) throws -> (width: Int, height: Int, alpha: [UInt8]) {
        if RasterWorkers.drawHere {
            return try layersCoverageHere(svg: svg, baseFile: baseFile, canvas: canvas, ids: ids, region: region, scale: scale)
        }
        var request = RasterRequest(kind: .coverage, baseFile: baseFile.path, width: canvas.width, height: canvas.height)
        request.ids = ids
        request.region = region
        request.scale = scale
        let (reply, alpha) = try RasterWorkers.draw(request, svg: svg) { reply in
            reply.coverage.map { $0[0] * $0[1] } ?? 0
        }
        guard let size = reply.coverage, size.count == 2 else { throw RasterError(message: "the drawing worker gave no coverage") }
        return (size[0], size[1], alpha)
    }

    private static func image(_ request: RasterRequest, svg: Data) throws -> RasterImage {
        let (reply, pixels) = try RasterWorkers.draw(request, svg: svg) { reply in reply.image.map { $0.stride * $0.height } ?? 0 }
        guard let shape = reply.image else { throw RasterError(message: "the drawing worker gave no image") }
        return RasterImage(width: shape.width, height: shape.height, stride: shape.stride, pixels: pixels)
    }

    /// In the worker: draws `request` and puts its pixels at the start of the shared memory file
    /// `shared`.
    package static func perform(_ request: RasterRequest, svg: Data, shared: SharedPixels) -> RasterReply {
        var reply = RasterReply()
        let base = URL(fileURLWithPath: request.baseFile)
        let canvas = (width: request.width, height: request.height)
        func put(_ image: RasterImage) throws {
            try image.pixels.withUnsafeBytes { try shared.store($0) }
            reply.image = ImageShape(width: image.width, height: image.height, stride: image.stride)
        }
        do {
            switch request.kind {
            case .captureRows:
                try put(captureRowsHere(svg: svg, baseFile: base, canvas: canvas, slots: request.slots ?? []))
            case .whole:
                if let slots = request.slots {
                    let (canvas, rows) = try drawWholeHere(svg: svg, baseFile: base, width: request.width, height: request.height, sampling: slots)
                    try put(canvas)
                    try rows.pixels.withUnsafeBytes { try shared.store($0, at: canvas.pixels.count) }
                    reply.rows = ImageShape(width: rows.width, height: rows.height, stride: rows.stride)
                } else {
                    try put(drawWholeHere(svg: svg, baseFile: base, width: request.width, height: request.height))
                }
            case .inkExtent:
                reply.box = try inkExtentHere(svg: svg, baseFile: base, width: request.width, height: request.height)
            case .layers:
                guard let shape = request.base else { throw RasterError(message: "the drawing request has no canvas to draw over") }
                // Drawn where the tool put the canvas: the pixels stay at the start of the file.
                let drawn = try shared.mapped(count: shape.stride * shape.height) { pixels in
                    try drawLayersHere(svg: svg, baseFile: base, onto: pixels, width: shape.width, height: shape.height,
                                       stride: shape.stride, ids: request.ids ?? [], clearOf: request.box)
                }
                if drawn { reply.image = shape }
                reply.drawn = drawn
            case .region:
                try put(drawRegionHere(svg: svg, baseFile: base, canvas: canvas, region: request.region ?? Region(x: 0, y: 0, width: 1, height: 1),
                                       scale: request.scale ?? 1))
            case .layersInk:
                reply.box = try layersInkHere(svg: svg, baseFile: base, canvas: canvas, ids: request.ids ?? [])
            case .coverage:
                let coverage = try layersCoverageHere(svg: svg, baseFile: base, canvas: canvas, ids: request.ids ?? [],
                                                      region: request.region ?? Region(x: 0, y: 0, width: 1, height: 1), scale: request.scale ?? 1)
                try coverage.alpha.withUnsafeBytes { try shared.store($0) }
                reply.coverage = [coverage.width, coverage.height]
            }
        } catch let error as RasterError {
            reply = RasterReply()
            reply.error = error.message
        } catch {
            reply = RasterReply()
            reply.error = "\(error)"
        }
        return reply
    }
}

extension RasterRequest {
    package init(kind: Kind, baseFile: String, width: Int, height: Int) {
        self.kind = kind
        self.baseFile = baseFile
        self.width = width
        self.height = height
    }
}
