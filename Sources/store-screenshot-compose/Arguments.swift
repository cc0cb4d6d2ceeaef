/// The command line, parsed by hand (no ArgumentParser on these machines).
enum Command: Equatable {
    case render(job: String, out: String?, locales: [String], svgOnly: Bool)
    case check(job: String, locales: [String])
    case verify(manifest: String)
    case wells(file: String?)
    case help
    case version
}

struct UsageError: Error {
    var message: String
}

enum Arguments {
    static let usage = """
    usage: store-screenshot-compose <command> [options]

    commands:
      render JOB [--out DIR] [--locale TAG]... [--svg-only]
                         compose every capture × locale to SVG + PNG and write manifest.json
      check JOB [--locale TAG]...
                         every check render makes; writes nothing
      verify MANIFEST    re-hash every file the manifest lists; exit 1 naming each that differs
      wells [--wells FILE]
                         list the wells and cited minimum native widths
      --help, --version

    exit codes: 0 success, 1 refused input or failed output, 2 usage error
    SOURCE_DATE_EPOCH (seconds) fixes composedAt, for byte-identical re-renders.
    """

    static func parse(_ args: [String]) throws -> Command {
        guard let first = args.first else { throw UsageError(message: "no command given") }
        var rest = Array(args.dropFirst())
        switch first {
        case "--help", "-h", "help":
            return .help
        case "--version":
            return .version
        case "render":
            var out: String?
            var locales: [String] = []
            var svgOnly = false
            var positional: [String] = []
            while !rest.isEmpty {
                let arg = rest.removeFirst()
                switch arg {
                case "--out": out = try value(for: arg, &rest)
                case "--locale": locales.append(try value(for: arg, &rest))
                case "--svg-only": svgOnly = true
                case "--help", "-h": return .help
                default: positional.append(try plain(arg))
                }
            }
            return .render(job: try single(positional, "JOB", command: first), out: out, locales: locales, svgOnly: svgOnly)
        case "check":
            var locales: [String] = []
            var positional: [String] = []
            while !rest.isEmpty {
                let arg = rest.removeFirst()
                switch arg {
                case "--locale": locales.append(try value(for: arg, &rest))
                case "--help", "-h": return .help
                default: positional.append(try plain(arg))
                }
            }
            return .check(job: try single(positional, "JOB", command: first), locales: locales)
        case "verify":
            let positional = try rest.map(plain)
            return .verify(manifest: try single(positional, "MANIFEST", command: first))
        case "wells":
            var file: String?
            while !rest.isEmpty {
                let arg = rest.removeFirst()
                switch arg {
                case "--wells": file = try value(for: arg, &rest)
                case "--help", "-h": return .help
                default: throw UsageError(message: "wells: unexpected argument \"\(arg)\"")
                }
            }
            return .wells(file: file)
        default:
            throw UsageError(message: "unknown command \"\(first)\"")
        }
    }

    private static func value(for option: String, _ rest: inout [String]) throws -> String {
        guard let next = rest.first, !next.hasPrefix("--") else {
            throw UsageError(message: "\(option) needs a value")
        }
        rest.removeFirst()
        return next
    }

    private static func plain(_ arg: String) throws -> String {
        if arg.hasPrefix("-") && arg != "-" { throw UsageError(message: "unknown option \"\(arg)\"") }
        return arg
    }

    private static func single(_ positional: [String], _ name: String, command: String) throws -> String {
        guard positional.count == 1 else {
            throw UsageError(message: "\(command) takes one \(name), found \(positional.count)")
        }
        return positional[0]
    }
}
