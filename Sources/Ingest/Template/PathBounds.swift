/// A path's `d` (SVG 1.1 §8.3) read far enough to bound it: every point it passes through or
/// bends towards (end and control points; an arc's ends widened by twice its larger radius), so
/// the box holds the whole path. The bounds check uses it to know how much of the canvas a path
/// paints. The path is read by `PathData`, the one path reader.
import Support
import Diagnostics

enum PathBounds {
    static func of(_ d: String) -> Rect? {
        guard let path = PathData(d) else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func include(_ px: Double, _ py: Double, margin: Double = 0) {
            minX = min(minX, px - margin); maxX = max(maxX, px + margin)
            minY = min(minY, py - margin); maxY = max(maxY, py + margin)
        }
        var x = 0.0, y = 0.0, start = (x: 0.0, y: 0.0)
        for (command, args) in path.commands {
            switch command {
            case "A":
                let r = max(abs(args[0]), abs(args[1]))
                include(x, y, margin: 2 * r)
                (x, y) = (args[5], args[6])
                include(x, y, margin: 2 * r)
            case "Z":
                (x, y) = start
            default:
                for index in stride(from: 0, to: args.count, by: 2) { include(args[index], args[index + 1]) }
                if args.count >= 2 { (x, y) = (args[args.count - 2], args[args.count - 1]) }
                if command == "M" { start = (x, y) }
            }
        }
        guard minX <= maxX, minY <= maxY, minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
