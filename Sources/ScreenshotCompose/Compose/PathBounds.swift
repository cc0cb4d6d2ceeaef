/// A path's `d` (SVG 1.1 §8.3) read far enough to bound it: every point it passes through or
/// bends towards (end and control points; an arc's end point widened by its radii), so the box
/// holds the whole path. The bounds check uses it to know how much of the canvas a path paints.
enum PathBounds {
    static func of(_ d: String) -> Rect? {
        var scanner = Scanner(Array(d.utf8))
        var x = 0.0, y = 0.0, startX = 0.0, startY = 0.0
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func include(_ px: Double, _ py: Double, margin: Double = 0) {
            minX = min(minX, px - margin); maxX = max(maxX, px + margin)
            minY = min(minY, py - margin); maxY = max(maxY, py + margin)
        }
        var command: UInt8 = 0
        while true {
            scanner.skipSeparators()
            guard let next = scanner.peek() else { break }
            if Scanner.isCommand(next) {
                command = next
                scanner.index += 1
                if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                    x = startX
                    y = startY
                    continue
                }
            } else if command == 0 {
                return nil
            }
            let relative = command >= UInt8(ascii: "a")
            let upper = relative ? command - 32 : command
            let ox = relative ? x : 0, oy = relative ? y : 0
            switch upper {
            case UInt8(ascii: "M"), UInt8(ascii: "L"), UInt8(ascii: "T"):
                guard let px = scanner.number(), let py = scanner.number() else { return nil }
                x = ox + px
                y = oy + py
                if upper == UInt8(ascii: "M") {
                    startX = x
                    startY = y
                    // Further pairs after a moveto are linetos.
                    command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
                }
                include(x, y)
            case UInt8(ascii: "H"):
                guard let px = scanner.number() else { return nil }
                x = ox + px
                include(x, y)
            case UInt8(ascii: "V"):
                guard let py = scanner.number() else { return nil }
                y = oy + py
                include(x, y)
            case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "Q"):
                let pairs = upper == UInt8(ascii: "C") ? 3 : 2
                for _ in 0..<pairs {
                    guard let px = scanner.number(), let py = scanner.number() else { return nil }
                    include(ox + px, oy + py)
                    x = ox + px
                    y = oy + py
                }
            case UInt8(ascii: "A"):
                guard let rx = scanner.number(), let ry = scanner.number(), scanner.number() != nil,
                      scanner.flag() != nil, scanner.flag() != nil, let px = scanner.number(), let py = scanner.number() else { return nil }
                let r = max(abs(rx), abs(ry))
                include(x, y, margin: 2 * r)
                x = ox + px
                y = oy + py
                include(x, y, margin: 2 * r)
            default:
                return nil
            }
        }
        guard minX <= maxX, minY <= maxY, minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

        static func isCommand(_ byte: UInt8) -> Bool {
            "MmLlHhVvCcSsQqTtAaZz".utf8.contains(byte)
        }

        mutating func skipSeparators() {
            while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ",") { index += 1 }
        }

        /// An arc flag: a single 0 or 1 (SVG allows them unseparated: `a1 1 0 00 1 1`).
        mutating func flag() -> Bool? {
            skipSeparators()
            guard let byte = peek(), byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else { return nil }
            index += 1
            return byte == UInt8(ascii: "1")
        }

        mutating func number() -> Double? {
            skipSeparators()
            let start = index
            if let byte = peek(), byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { index += 1 }
            var digits = false, dot = false
            while let byte = peek() {
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    digits = true
                    index += 1
                } else if byte == UInt8(ascii: "."), !dot {
                    dot = true
                    index += 1
                } else {
                    break
                }
            }
            guard digits else {
                index = start
                return nil
            }
            if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                let mark = index
                index += 1
                if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
                var exponentDigits = false
                while let byte = peek(), byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    exponentDigits = true
                    index += 1
                }
                if !exponentDigits { index = mark }
            }
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else { return nil }
            return value
        }
    }
}
