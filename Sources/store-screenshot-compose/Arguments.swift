/// The command line, parsed by hand (no ArgumentParser on these machines).
/// Options shared by `render` and `check` (`--out` and `--svg-only` are render's only).
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
}

enum Verbosity: Equatable {
    case quiet, normal, verbose
}

import ScreenshotCompose

enum Command: Equatable {
    case render(job: String, RenderArguments)
    case check(job: String, RenderArguments)
    case verify(manifest: String, outputsOnly: Bool, partial: Bool, json: Bool)
    case mergeManifests(inputs: [String], output: String, allowPartial: Bool)
    case preview(job: String, locales: [String], previewOut: String?, debounce: Double)
    case wells(file: String?, store: Bool, storeFile: String?)
    case wellsIdentify(files: [String], file: String?, storeFile: String?)
    case schema(name: String)
    case completions(shell: String)
    case initJob(folder: String, wells: String?, storeWells: String?)
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
      render JOB [--out DIR] [--locale TAG]... [--svg-only] [--layout default|fastlane]
                 [--fallback-locale TAG] [--allow-untranslated] [--jobs N] [--shard I/N]
                 [--png-compression fast|default|small] [--quiet | --verbose] [--keep-going] [--json]
                         compose every capture × locale to SVG + PNG and write manifest.json;
                         a part (--locale, --shard) writes manifest.<locales>.shard-I-of-N.json
      check JOB [--locale TAG]... [--layout default|fastlane] [--fallback-locale TAG] [--allow-untranslated] [--json]
                         every check render makes; writes nothing
      preview JOB [--locale TAG]... [--preview-out DIR] [--debounce SECONDS]
                         render SVGs and index.html into <output>/.preview/ (or DIR, never the
                         release files), then re-render on every change to the job,
                         headline files, template, wells, captures or fonts, once the files
                         have been quiet for SECONDS (0.05 to 10, default 0.2); Ctrl-C stops
      verify MANIFEST [--outputs-only] [--partial] [--json]
                         re-hash every file the manifest lists; exit 1 naming each that differs
                         or is missing, and each planned output a part or partial merge lacks;
                         --outputs-only: only the files inside the output folder;
                         --partial: check a part manifest on its own
      merge-manifests PART.json... -o MANIFEST [--allow-partial]
                         merge the part manifests of one plan (per-locale runs, shards) and write
                         index.html beside MANIFEST; refuses parts of different plans, conflicting
                         or missing outputs (--allow-partial: merge anyway, marked partial)
      wells [--wells FILE] [--store] [--store-wells FILE]
                         list the wells and cited minimum native widths; --store: the targets,
                         their store slots with citations, and the store rules
      wells identify FILE.png... [--wells FILE] [--store-wells FILE]
                         per capture: the well its size picks and the store slots and targets
                         it fits (exactly, or composed without enlargement)
      schema job|wells|store-wells|theme
                         print the JSON Schema (draft 2020-12) of a job, wells.json,
                         store-wells.json or a theme; a job may name it in "$schema"
      completions bash|zsh|fish
                         print a shell completion script (make install installs all three)
      init [FOLDER] [--wells FILE] [--store-wells FILE]
                         read a folder of captures (plain PNGs, <locale>/<name>.png, fastlane
                         snapshot or screengrab; default: the current folder), identify each
                         capture's well, and write a starter job.json, job.schema.json and
                         headlines.xcstrings (screen ids × locales, empty) into the current
                         folder; never overwrites a file
      --help, --version

    exit codes: 0 success, 1 refused input or failed output, 2 usage error
    --layout fastlane      also write App Store outputs to <out>/fastlane/screenshots/<App Store Connect language>/<NN>_<id>.png
                           (deliver) and Google Play outputs to <out>/fastlane/metadata/android/<Play language>/images/
                           <type>Screenshots/<NN>_<id>.png and featureGraphic.png (supply)
    --fallback-locale TAG  fill missing translations, and missing {locale} captures, from TAG (one warning each)
    --allow-untranslated   accept String Catalog units that are not "translated" (warning)
    --keep-going           a refused capture fails only its outputs; the rest are rendered and
                           the manifest lists the failures (exit code still 1)
    --json                 one JSON document on stdout (status, counts, outputs, problems); logs on stderr
    SOURCE_DATE_EPOCH (seconds) fixes composedAt, for byte-identical re-renders.
    GITHUB_ACTIONS=true also prints each problem as a workflow annotation (::error file=…,line=…::…).
    """

    /// What a usage error prints after its message: the usage of the command it was given (so
    /// the one-line error is not scrolled away by 50 lines of every command), or the whole usage
    /// when there is no known command.
    static func usage(afterErrorIn args: [String]) -> String {
        let lines = usage.split(separator: "\n", omittingEmptySubsequences: false)
        guard let name = args.first, !name.hasPrefix("-") else { return usage }
        var block: [Substring] = []
        var inBlock = false
        for line in lines {
            if line.hasPrefix("  "), !line.hasPrefix("   ") {
                inBlock = line.dropFirst(2).split(separator: " ").first == Substring(name)
            } else if !line.hasPrefix("   ") {
                inBlock = false
            }
            if inBlock { block.append(line) }
        }
        guard !block.isEmpty else { return usage }
        return (["usage: store-screenshot-compose \(name) …:"] + block.map(String.init)
            + ["(store-screenshot-compose --help lists every command and option)"]).joined(separator: "\n")
    }

    static func parse(_ args: [String]) throws -> Command {
        guard let first = args.first else { throw UsageError(message: "no command given") }
        var rest = Array(args.dropFirst())
        switch first {
        case "--help", "-h", "help":
            guard rest.isEmpty else { throw UsageError(message: "\(first) takes no arguments, found \"\(rest[0])\"") }
            return .help
        case "--version":
            guard rest.isEmpty else { throw UsageError(message: "--version takes no arguments, found \"\(rest[0])\"") }
            return .version
        case "render", "check":
            var options = RenderArguments()
            var positional: [String] = []
            while !rest.isEmpty {
                let arg = rest.removeFirst()
                switch arg {
                case "--out" where first == "render": options.out = try value(for: arg, &rest)
                case "--jobs" where first == "render":
                    let text = try value(for: arg, &rest)
                    guard let jobs = Int(text), jobs >= 1 else { throw UsageError(message: "--jobs takes a whole number ≥ 1, found \"\(text)\"") }
                    options.jobs = jobs
                case "--png-compression" where first == "render":
                    let text = try value(for: arg, &rest)
                    guard let compression = PNGCompression(rawValue: text) else {
                        throw UsageError(message: "--png-compression takes fast, default or small, found \"\(text)\"")
                    }
                    options.pngCompression = compression
                case "--shard" where first == "render":
                    let text = try value(for: arg, &rest)
                    guard let shard = Shard(text) else { throw UsageError(message: "--shard takes I/N with 1 ≤ I ≤ N, found \"\(text)\"") }
                    options.shard = shard
                case "--keep-going" where first == "render": options.keepGoing = true
                case "--json": options.json = true
                case "--quiet", "-q": options.verbosity = .quiet
                case "--verbose", "-v": options.verbosity = .verbose
                case "--svg-only" where first == "render": options.svgOnly = true
                case "--locale": options.locales.append(try value(for: arg, &rest))
                case "--allow-untranslated": options.allowUntranslated = true
                case "--fallback-locale": options.fallbackLocale = try value(for: arg, &rest)
                case "--layout":
                    let layout = try value(for: arg, &rest)
                    guard layout == "fastlane" || layout == "default" else {
                        throw UsageError(message: "--layout takes default or fastlane, found \"\(layout)\"")
                    }
                    options.fastlane = layout == "fastlane"
                case "--help", "-h": return .help
                default: positional.append(try plain(arg))
                }
            }
            if options.fastlane && options.svgOnly {
                throw UsageError(message: "--layout fastlane writes PNGs; it cannot go with --svg-only")
            }
            let job = try single(positional, "JOB", command: first)
            return first == "render" ? .render(job: job, options) : .check(job: job, options)
        case "verify":
            let flags = ["--outputs-only", "--partial", "--json"]
            let positional = try rest.filter { !flags.contains($0) }.map(plain)
            return .verify(manifest: try single(positional, "MANIFEST", command: first), outputsOnly: rest.contains("--outputs-only"),
                           partial: rest.contains("--partial"), json: rest.contains("--json"))
        case "preview":
            var locales: [String] = []
            var positional: [String] = []
            var previewOut: String?
            var debounce = PreviewSession.defaultDebounce
            while !rest.isEmpty {
                let arg = rest.removeFirst()
                switch arg {
                case "--locale": locales.append(try value(for: arg, &rest))
                case "--preview-out": previewOut = try value(for: arg, &rest)
                case "--debounce":
                    let text = try value(for: arg, &rest)
                    guard let seconds = Double(text), seconds >= 0.05, seconds <= 10 else {
                        throw UsageError(message: "--debounce: expected seconds from 0.05 to 10, found \"\(text)\"")
                    }
                    debounce = seconds
                case "--help", "-h": return .help
                default: positional.append(try plain(arg))
                }
            }
            return .preview(job: try single(positional, "JOB", command: first), locales: locales, previewOut: previewOut, debounce: debounce)
        case "merge-manifests":
            var output: String?
            var inputs: [String] = []
            var allowPartial = false
            while !rest.isEmpty {
                let arg = rest.removeFirst()
                switch arg {
                case "-o", "--output": output = try value(for: arg, &rest)
                case "--allow-partial": allowPartial = true
                default: inputs.append(try plain(arg))
                }
            }
            guard let output else { throw UsageError(message: "merge-manifests needs -o MANIFEST") }
            guard !inputs.isEmpty else { throw UsageError(message: "merge-manifests needs at least one part manifest") }
            return .mergeManifests(inputs: inputs, output: output, allowPartial: allowPartial)
        case "wells":
            var file: String?
            var store = false
            var storeFile: String?
            let identify = rest.first == "identify"
            if identify { rest.removeFirst() }
            var files: [String] = []
            while !rest.isEmpty {
                let arg = rest.removeFirst()
                switch arg {
                case "--wells": file = try value(for: arg, &rest)
                case "--store" where !identify: store = true
                case "--store-wells": storeFile = try value(for: arg, &rest); store = true
                case "--help", "-h": return .help
                default:
                    guard identify else { throw UsageError(message: "wells: unexpected argument \"\(arg)\"") }
                    files.append(try plain(arg))
                }
            }
            if identify {
                guard !files.isEmpty else { throw UsageError(message: "wells identify needs at least one capture (FILE.png)") }
                return .wellsIdentify(files: files, file: file, storeFile: storeFile)
            }
            return .wells(file: file, store: store, storeFile: storeFile)
        case "schema":
            let name = try single(try rest.map(plain), "NAME (job, wells, store-wells or theme)", command: first)
            guard JSONSchemas.names.contains(name) else {
                throw UsageError(message: "schema takes \(JSONSchemas.names.joined(separator: ", ")), found \"\(name)\"")
            }
            return .schema(name: name)
        case "completions":
            let shell = try single(try rest.map(plain), "SHELL (bash, zsh or fish)", command: first)
            guard Completions.shells.contains(shell) else {
                throw UsageError(message: "completions takes \(Completions.shells.joined(separator: ", ")), found \"\(shell)\"")
            }
            return .completions(shell: shell)
        case "init":
            var wells: String?
            var storeWells: String?
            var positional: [String] = []
            while !rest.isEmpty {
                let arg = rest.removeFirst()
                switch arg {
                case "--wells": wells = try value(for: arg, &rest)
                case "--store-wells": storeWells = try value(for: arg, &rest)
                case "--help", "-h": return .help
                default: positional.append(try plain(arg))
                }
            }
            guard positional.count <= 1 else { throw UsageError(message: "init takes at most one FOLDER, found \(positional.count)") }
            return .initJob(folder: positional.first ?? ".", wells: wells, storeWells: storeWells)
        default:
            throw UsageError(message: "unknown command \"\(first)\"")
        }
    }

    private static func value(for option: String, _ rest: inout [String]) throws -> String {
        guard let next = rest.first, !next.hasPrefix("--"), !next.isEmpty else {
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
