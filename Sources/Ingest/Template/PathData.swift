/// One reader of SVG path data (SVG 1.1 §8.3) for the tool: the bounds check (`PathBounds`)
/// and the fitting rule (`DrawingFit`) read `d` through it.
/// Path data as absolute commands (M, L, H, V, C, Q, A, Z): relative commands resolved and
/// the smooth ones (S, T) written out, so each point can be moved on its own.
import Support
import Diagnostics

package struct PathData {
    package var commands: [(Character, [Double])]

    package init?(_ d: String) {
        var scanner = PathScanner(Array(d.unicodeScalars))
        var result: [(Character, [Double])] = []
        var current = (x: 0.0, y: 0.0), start = (x: 0.0, y: 0.0)
        var lastControl: (x: Double, y: Double)?
        var lastKind: Character = " "
        var command: Character?
        while true {
            scanner.skipSeparators()
            if scanner.atEnd { break }
            if let letter = scanner.command() {
                command = letter
                if letter == "Z" || letter == "z" {
                    result.append(("Z", []))
                    current = start
                    lastControl = nil
                    lastKind = "Z"
                    command = nil
                    continue
                }
            }
            guard let c = command else { return nil }
            let relative = c.isLowercase
            let upper = Character(c.uppercased())
            let count = ["M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7][upper] ?? 0
            var args: [Double] = []
            for index in 0..<count {
                scanner.skipSeparators()
                let value = upper == "A" && (index == 3 || index == 4) ? scanner.flag() : scanner.number()
                guard let value else { return nil }
                args.append(value)
            }
            let dx = relative ? current.x : 0, dy = relative ? current.y : 0
            switch upper {
            case "M":
                current = (args[0] + dx, args[1] + dy)
                start = current
                result.append(("M", [current.x, current.y]))
                // Further pairs after a moveto are lineto's.
                command = relative ? "l" : "L"
                lastControl = nil
            case "L":
                current = (args[0] + dx, args[1] + dy)
                result.append(("L", [current.x, current.y]))
                lastControl = nil
            case "H":
                current.x = args[0] + dx
                result.append(("L", [current.x, current.y]))
                lastControl = nil
            case "V":
                current.y = args[0] + dy
                result.append(("L", [current.x, current.y]))
                lastControl = nil
            case "C", "S":
                var points = args
                if upper == "S" {
                    let reflected = lastKind == "C" ? lastControl.map { (2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current : current
                    points = [reflected.0 - dx, reflected.1 - dy] + args
                }
                let absolute = stride(from: 0, to: 6, by: 2).map { [points[$0] + dx, points[$0 + 1] + dy] }.flatMap { $0 }
                result.append(("C", absolute))
                lastControl = (absolute[2], absolute[3])
                current = (absolute[4], absolute[5])
                lastKind = "C"
                continue
            case "Q", "T":
                var points = args
                if upper == "T" {
                    let reflected = lastKind == "Q" ? lastControl.map { (2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current : current
                    points = [reflected.0 - dx, reflected.1 - dy] + args
                }
                let absolute = [points[0] + dx, points[1] + dy, points[2] + dx, points[3] + dy]
                result.append(("Q", absolute))
                lastControl = (absolute[0], absolute[1])
                current = (absolute[2], absolute[3])
                lastKind = "Q"
                continue
            case "A":
                current = (args[5] + dx, args[6] + dy)
                result.append(("A", [args[0], args[1], args[2], args[3], args[4], current.x, current.y]))
                lastControl = nil
            default:
                return nil
            }
            lastKind = upper
        }
        commands = result
    }

    private init(commands: [(Character, [Double])]) { self.commands = commands }

    func mapped(_ fit: DrawingFit) -> PathData {
        PathData(commands: commands.map { command, args in
            switch command {
            case "A":
                return ("A", [fit.length(args[0]), fit.length(args[1]), args[2], args[3], args[4], fit.x(args[5]), fit.y(args[6])])
            case "Z":
                return ("Z", [])
            default:
                return (command, stride(from: 0, to: args.count, by: 2).flatMap { [fit.x(args[$0]), fit.y(args[$0 + 1])] })
            }
        })
    }

    var text: String {
        commands.map { command, args in
            String(command) + args.map(SVGNumber.format).joined(separator: " ")
        }.joined()
    }
}

/// Reads path data's numbers, flags and command letters.
private struct PathScanner {
    var scalars: [Unicode.Scalar]
    var index = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { index >= scalars.count }

    mutating func skipSeparators() {
        while index < scalars.count, scalars[index] == "," || scalars[index] == " " || scalars[index] == "\t"
                || scalars[index] == "\n" || scalars[index] == "\r" { index += 1 }
    }

    mutating func command() -> Character? {
        guard index < scalars.count, "MmLlHhVvCcSsQqTtAaZz".unicodeScalars.contains(scalars[index]) else { return nil }
        defer { index += 1 }
        return Character(scalars[index])
    }

    mutating func flag() -> Double? {
        guard index < scalars.count, scalars[index] == "0" || scalars[index] == "1" else { return nil }
        defer { index += 1 }
        return scalars[index] == "1" ? 1 : 0
    }

    mutating func number() -> Double? {
        let begin = index
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
        var digits = 0
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1; digits += 1 }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1; digits += 1 }
        }
        guard digits > 0 else { index = begin; return nil }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            let mark = index
            index += 1
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
            var exponent = 0
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1; exponent += 1 }
            if exponent == 0 { index = mark }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[begin..<index])
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }
}
