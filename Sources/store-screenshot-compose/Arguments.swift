import ScreenshotCompose

/// Options shared by `render` and `check` (`--out`, `--svg-only` and the rest are render's only:
/// `CommandTable` says which command takes which).
struct RenderArguments: Equatable {
    var out: String?
    var locales: [String] = []
    var svgOnly = false
    var allowUntranslated = false
    var fallbackLocale: String?
    var fastlane = false
    var jobs: Int?
    var pngCompression = PNGCompression.default
    var shard: Shard?
    var verbosity = Verbosity.normal
    var keepGoing = false
    var json = false
    var drawingCeiling = DrawingBounds.standard
}

extension RenderArguments {
    /// What the library plans with (render, check; the CLI and the MCP server alike).
    func planOptions(sourceDateEpoch: String?) -> PlanOptions {
        PlanOptions(output: out, locales: locales, sourceDateEpoch: sourceDateEpoch,
                    headlines: HeadlineOptions(allowUntranslated: allowUntranslated, fallbackLocale: fallbackLocale),
                    fastlaneLayout: fastlane, keepGoing: keepGoing, drawingCeiling: drawingCeiling)
    }
}

enum Verbosity: Equatable {
    case quiet, normal, verbose
}

enum Command: Equatable {
    case render(job: String, RenderArguments)
    case check(job: String, RenderArguments)
    case verify(manifest: String, outputsOnly: Bool, partial: Bool, json: Bool)
    case mergeManifests(inputs: [String], output: String, allowPartial: Bool)
    case preview(job: String, locales: [String], previewOut: String?, debounce: Double, once: Bool)
    case wells(file: String?, store: Bool, storeFile: String?)
    case wellsIdentify(files: [String], file: String?, storeFile: String?)
    case schema(name: String)
    case completions(shell: String)
    case initJob(folder: String, wells: String?, storeWells: String?, devices: [String])
    case reference(format: String)
    case mcp
    /// The usage of every command (nil), or of the one named.
    case help(command: String?)
    case version
}

/// The command line as the typed `Command` main.swift acts on. The parser has checked every
/// value by its kind in `CommandTable`, so the conversions here do not fail.
enum Arguments {
    static func parse(_ args: [String]) throws -> Command {
        switch try ArgumentParser.parse(args) {
        case .version: return .version
        case .help(let command): return .help(command: command?.name)
        case .command(let line): return command(line)
        }
    }

    private static func command(_ line: ParsedArguments) -> Command {
        let operand = line.operands.first ?? ""
        switch line.command.name {
        case "render": return .render(job: operand, renderArguments(line))
        case "check": return .check(job: operand, renderArguments(line))
        case "verify":
            return .verify(manifest: operand, outputsOnly: line.has("--outputs-only"), partial: line.has("--partial"), json: line.has("--json"))
        case "merge-manifests":
            return .mergeManifests(inputs: line.operands, output: line.value("-o") ?? "", allowPartial: line.has("--allow-partial"))
        case "preview":
            return .preview(job: operand, locales: line.values("--locale"), previewOut: line.value("--preview-out"),
                            debounce: line.value("--debounce").flatMap(Double.init) ?? PreviewSession.defaultDebounce, once: line.has("--once"))
        case "wells":
            // A store catalog given is a store catalog to list.
            return .wells(file: line.value("--wells"), store: line.has("--store") || line.has("--store-wells"), storeFile: line.value("--store-wells"))
        case "wells identify": return .wellsIdentify(files: line.operands, file: line.value("--wells"), storeFile: line.value("--store-wells"))
        case "schema": return .schema(name: operand)
        case "completions": return .completions(shell: operand)
        case "init":
            var folder = operand
            if case .optional(let defaultValue) = line.command.operand.count, line.operands.isEmpty { folder = defaultValue }
            return .initJob(folder: folder, wells: line.value("--wells"), storeWells: line.value("--store-wells"), devices: line.values("--device"))
        case "reference": return .reference(format: operand)
        case "mcp": return .mcp
        default: return .help(command: nil)
        }
    }

    private static func renderArguments(_ line: ParsedArguments) -> RenderArguments {
        var arguments = RenderArguments()
        arguments.out = line.value("--out")
        arguments.locales = line.values("--locale")
        arguments.svgOnly = line.has("--svg-only")
        arguments.allowUntranslated = line.has("--allow-untranslated")
        arguments.fallbackLocale = line.value("--fallback-locale")
        arguments.fastlane = line.value("--layout") == "fastlane"
        arguments.jobs = line.value("--jobs").flatMap { Int($0) }
        arguments.pngCompression = line.value("--png-compression").flatMap(PNGCompression.init(rawValue:)) ?? .default
        arguments.shard = line.value("--shard").flatMap { Shard($0) }
        arguments.keepGoing = line.has("--keep-going")
        if let memory = line.value("--max-drawing-memory").flatMap({ Int($0) }) { arguments.drawingCeiling.memoryMegabytes = memory }
        if let seconds = line.value("--max-drawing-seconds").flatMap({ Int($0) }) { arguments.drawingCeiling.cpuSeconds = seconds }
        arguments.json = line.has("--json")
        switch line.chosen(in: "verbosity") {
        case "--quiet": arguments.verbosity = .quiet
        case "--verbose": arguments.verbosity = .verbose
        default: break
        }
        return arguments
    }
}
