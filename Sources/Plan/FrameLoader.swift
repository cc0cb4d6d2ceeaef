import Foundation
import Diagnostics
import Support
import Ingest

/// Checks a job's `"frame"` file, as the ingest step read it (through `InputReader`: the one size
/// limit and file-kind check), and finds its screen: in a PNG the largest transparent region enclosed by opaque frame
/// pixels, in an SVG its `<rect id="capture">`. Every refusal names the frame file and says what
/// was expected and found.
enum FrameLoader {
    /// Largest frame side in pixels: a 2× frame of the largest store canvas is under 6,000.
    static let maximumSide = 8192
    /// Most pixels: decoding holds 4 bytes per pixel twice (libpng's and Swift's copy), so a
    /// 6,000 × 6,000 frame peaks near 300 MB; a frame is one device, far smaller in practice.
    static let maximumPixels = 6000 * 6000
    /// Smallest screen side in frame pixels: a smaller hole is a camera or a speaker, not a screen.
    static let minimumScreenSide = 16
    /// Smallest screen as a fraction of the frame, each way: the frame is fitted into the slot and
    /// the capture into the screen, so a screen of 80 in a 100,000-pixel frame drew the capture
    /// under a pixel (an output without its capture, passing the ink check). A watch with its
    /// bands is about a third of its frame's height.
    static let minimumScreenFraction = 0.1

    /// The refusal of a screen too small for its frame, or nil.
    static func screenTooSmall(width: Double, height: Double, frameWidth: Double, frameHeight: Double) -> String? {
        guard width < frameWidth * minimumScreenFraction || height < frameHeight * minimumScreenFraction else { return nil }
        return "frame refused: expected a screen at least a tenth of the frame's width and height (the capture is drawn at the screen's size), found a \(SVGNumber.format(width))×\(SVGNumber.format(height)) screen in a \(SVGNumber.format(frameWidth))×\(SVGNumber.format(frameHeight)) frame"
    }
    /// Alpha below this is transparent (the screen); anti-aliased edges count as frame.
    static let transparentBelow: UInt8 = 128

    static func load(_ url: URL, read: IngestedInputs.Read, job: Job, field: String, _ d: inout DiagnosticCollector) -> UserFrame? {
        let data: Data
        switch read {
        case .success(let bytes): data = bytes
        case .failure(let problem):
            d.error(job.file, field, "cannot read the frame file: \(problem.message)")
            return nil
        }
        let file = InputFile(displayPath: url.path, url: url, builtinName: nil, sha256: SHA256.hex(data))
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return png(data, file: file, &d) }
        let expected = "expected a PNG with a transparent screen or an SVG with a <rect id=\"capture\">"
        let text: String
        do {
            text = try TextDecoding.decode(data, allowingUTF16: false).text
        } catch {
            let problem = error as? TextDecodingError
            d.error(file.displayPath, "(frame)", "frame refused: \(expected), found no PNG signature and no SVG text: \(problem?.message ?? "\(error)")",
                    at: problem.map { JSONPosition(line: $0.line, column: $0.column) })
            return nil
        }
        if text.contains("<svg") { return svg(Data(text.utf8), file: file, &d) }
        d.error(file.displayPath, "(frame)", "frame refused: \(expected), found neither (no PNG signature, no <svg> element)")
        return nil
    }

    private static func png(_ data: Data, file: InputFile, _ d: inout DiagnosticCollector) -> UserFrame? {
        let undecodable: (String) -> String = { "expected a PNG that decodes, found \($0)" }
        guard let header = d.png(file.displayPath, "(frame)", refused: "frame refused: ", undecodable, { try PNGCodec.readHeader(data) }) else { return nil }
        guard header.width <= maximumSide, header.height <= maximumSide, header.width * header.height <= maximumPixels else {
            d.error(file.displayPath, "IHDR width×height", "frame refused: expected at most \(maximumSide) pixels a side and \(maximumPixels) pixels in all, found \(header.width)×\(header.height)")
            return nil
        }
        guard let decoded = d.png(file.displayPath, "(frame)", refused: "frame refused: ", undecodable, { try PNGCodec.decodeRGBA(data) }) else { return nil }
        let width = decoded.header.width, height = decoded.header.height
        guard let screen = FrameScreen.find(alpha: decoded.rgba, width: width, height: height, transparentBelow: transparentBelow) else {
            let transparent = stride(from: 3, to: decoded.rgba.count, by: 4).contains { decoded.rgba[$0] < transparentBelow }
            d.error(file.displayPath, "alpha", "frame refused: expected a transparent screen area enclosed by opaque frame pixels, found \(transparent ? "transparent pixels only where they reach the image's edge (no enclosed screen)" : "no transparent pixels (an opaque PNG\([.rgba, .grayAlpha].contains(decoded.header.colorType) || decoded.header.hasTRNS ? "" : " without an alpha channel"))")")
            return nil
        }
        guard screen.width >= minimumScreenSide, screen.height >= minimumScreenSide else {
            d.error(file.displayPath, "alpha", "frame refused: expected a transparent screen at least \(minimumScreenSide)×\(minimumScreenSide) pixels enclosed by the frame, found the largest enclosed transparent area \(screen.width)×\(screen.height) at \(screen.x),\(screen.y)")
            return nil
        }
        if let problem = screenTooSmall(width: Double(screen.width), height: Double(screen.height), frameWidth: Double(width), frameHeight: Double(height)) {
            d.error(file.displayPath, "alpha", problem)
            return nil
        }
        guard let clean = d.png(file.displayPath, "(frame)", refused: "frame refused: ", { "cannot re-encode it: \($0)" }, {
            try PNGCodec.encodeRGBA(decoded.rgba, width: width, height: height, sRGB: true)
        }) else { return nil }
        return UserFrame(file: file, kind: .png, width: Double(width), height: Double(height),
                         screen: Rect(x: Double(screen.x), y: Double(screen.y), width: Double(screen.width), height: Double(screen.height)),
                         screenRadius: 0, href: "data:image/png;base64,\(clean.base64EncodedString())")
    }

    /// An SVG frame is read like a template (`TemplateTree.read`: allow-list, CSS, bounds), its
    /// screen is the `<rect id="capture">` where it lands in the frame (transforms applied), and
    /// the frame embedded in outputs is the tree without that rect, as the writer serializes it.
    private static func svg(_ data: Data, file: InputFile, _ d: inout DiagnosticCollector) -> UserFrame? {
        let name = file.displayPath
        guard var tree = TemplateTree.read(data: data, file: name, options: TemplateReadOptions(what: "frame"), into: &d) else { return nil }
        let root = tree[tree.root]
        guard let width = root["width"].flatMap({ SVGLength.number($0) }), let height = root["height"].flatMap({ SVGLength.number($0) }), width > 0, height > 0 else {
            d.error(name, "<svg> width, height", "frame refused: expected the frame's size as width and height in pixels on <svg>, found width \(root["width"].map { "\"\($0)\"" } ?? "none"), height \(root["height"].map { "\"\($0)\"" } ?? "none")")
            return nil
        }
        if let viewBox = root["viewBox"], SVGLength.numbers(viewBox) != [0, 0, width, height] {
            d.error(name, "<svg> viewBox", "the capture rect is in frame pixels: expected viewBox=\"0 0 \(SVGNumber.format(width)) \(SVGNumber.format(height))\" or none, found \"\(viewBox)\"")
            return nil
        }
        guard let capture = tree.element(id: "capture") else {
            d.error(name, "#capture", "frame refused: expected a <rect id=\"capture\"> marking the screen, found none")
            return nil
        }
        let rect = tree[capture]
        let position = rect.position
        guard rect.name == "rect", let w = rect["width"].flatMap({ SVGLength.number($0) }), let h = rect["height"].flatMap({ SVGLength.number($0) }), w > 0, h > 0 else {
            d.error(name, "#capture", "frame refused: expected the screen as a <rect id=\"capture\"> with a positive width and height, found <\(rect.name)> width \(rect["width"] ?? "none"), height \(rect["height"] ?? "none")", at: position)
            return nil
        }
        guard let map = tree.userToCanvas(capture), map.isAxisAligned, map.a > 0, map.d > 0 else {
            let culprit = ([capture] + tree.ancestors(of: capture)).first { tree[$0]["transform"] != nil }
            d.error(name, "#capture transform", "the screen is an upright box: expected translations and scales only on the capture rect and its groups, found \(culprit.map { "transform=\"\(tree[$0]["transform"] ?? "")\" on <\(tree[$0].name)>" } ?? "a rotated viewport")", at: position)
            return nil
        }
        let local = Rect(x: rect["x"].flatMap { SVGLength.number($0) } ?? 0, y: rect["y"].flatMap { SVGLength.number($0) } ?? 0, width: w, height: h)
        let screen = map.apply(local)
        // The screen lies within the frame; a rect beyond it (1e300 wide) would place the
        // capture nowhere near the frame, and its size overflows the drawing code's integers.
        guard screen.x >= 0, screen.y >= 0, screen.maxX <= width, screen.maxY <= height else {
            d.error(name, "#capture", "frame refused: expected the screen inside the frame's \(SVGNumber.format(width))×\(SVGNumber.format(height)) pixels, found <rect id=\"capture\"> \(["x", "y", "width", "height"].map { "\($0)=\"\(rect[$0] ?? "0")\"" }.joined(separator: " "))", at: position)
            return nil
        }
        if let problem = screenTooSmall(width: screen.width, height: screen.height, frameWidth: width, frameHeight: height) {
            d.error(name, "#capture", problem, at: position)
            return nil
        }
        let radius = ((rect["rx"] ?? rect["ry"]).flatMap { SVGLength.number($0) } ?? 0) * map.scales.x
        // The rect marks the screen; its sample fill would hide the capture.
        tree.detach(capture)
        if root["viewBox"] == nil {
            tree.elements[tree.root].set("viewBox", "0 0 \(SVGNumber.format(width)) \(SVGNumber.format(height))")
        }
        let bytes = tree.compacted().svgData()
        return UserFrame(file: file, kind: .svg, width: width, height: height, screen: screen, screenRadius: radius,
                         href: "data:image/svg+xml;base64,\(bytes.base64EncodedString())")
    }
}

/// The screen of a PNG frame: the largest 4-connected region of transparent pixels that does not
/// reach the image's edge (so is enclosed by frame pixels), as its bounding box.
enum FrameScreen {
    struct Box: Equatable {
        var x, y, width, height: Int
    }

    static func find(alpha rgba: [UInt8], width: Int, height: Int, transparentBelow: UInt8) -> Box? {
        let count = width * height
        guard count > 0, rgba.count >= count * 4 else { return nil }
        // 0: not yet visited; visited pixels are marked so each is pushed once.
        var seen = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var best: (pixels: Int, box: Box)?
        for start in 0..<count where !seen[start] && rgba[start * 4 + 3] < transparentBelow {
            seen[start] = true
            stack.append(start)
            var pixels = 0, touchesEdge = false
            var minX = width, minY = height, maxX = -1, maxY = -1
            while let p = stack.popLast() {
                pixels += 1
                let x = p % width, y = p / width
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                if x == 0 || y == 0 || x == width - 1 || y == height - 1 { touchesEdge = true }
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] where nx >= 0 && ny >= 0 && nx < width && ny < height {
                    let q = ny * width + nx
                    if !seen[q] && rgba[q * 4 + 3] < transparentBelow {
                        seen[q] = true
                        stack.append(q)
                    }
                }
            }
            if !touchesEdge && pixels > (best?.pixels ?? 0) {
                best = (pixels, Box(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1))
            }
        }
        return best?.box
    }
}
