import ScreenshotCompose

/// Every command and option of the tool, declared once. Parsing, `--help`, each command's usage,
/// the shell completions, the man page and docs/reference/commands.md are generated from here
/// (`make reference` rewrites the committed pages; a test fails when they differ).
enum CommandTable {
    static let tool = "store-screenshot-compose"

    static let commands: [CommandSpec] = [
        CommandSpec(name: "render", operand: job, summary: "compose every capture × locale to SVG + PNG and write manifest.json", description: [
            "compose every capture × locale to SVG + PNG and write manifest.json;",
            "a part (--locale, --shard) writes manifest.<locales>.shard-I-of-N.json",
        ]),
        CommandSpec(name: "check", operand: job, summary: "every check render makes; writes nothing", description: [
            "every check render makes; writes nothing",
        ]),
        CommandSpec(name: "preview", operand: job, summary: "render SVGs and index.html, re-render on every change", description: [
            "render SVGs and index.html into <output>/.preview/ (or --preview-out, never",
            "the release files), then re-render on every change to the job, headline",
            "files, template, wells, captures or fonts, once the files have been quiet",
            "for --debounce seconds; Ctrl-C stops (exit 0). --once renders one pass and",
            "exits with its status; a pass no edit can fix (--preview-out a release) exits 1",
        ]),
        CommandSpec(name: "verify", operand: OperandSpec(placeholder: "MANIFEST", count: .one, kind: .file),
                    summary: "re-hash every file a manifest lists", description: [
            "re-hash every file the manifest lists; exit 1 naming each that differs",
            "or is missing, and each planned output a part or partial merge lacks",
        ]),
        CommandSpec(name: "merge-manifests", operand: OperandSpec(placeholder: "PART.json", count: .oneOrMore(noun: "part manifest"), kind: .file),
                    summary: "merge the part manifests of one plan (CI runners, shards)", description: [
            "merge the part manifests of one plan (per-locale runs, shards) and write",
            "index.html beside MANIFEST; refuses parts of different plans, conflicting",
            "or missing outputs",
        ]),
        CommandSpec(name: "wells", operand: .none, summary: "list the wells and store slots", description: [
            "list the wells and cited minimum native widths; --store: the targets,",
            "their store slots with citations, and the store rules",
        ]),
        CommandSpec(name: "wells identify", operand: OperandSpec(placeholder: "FILE.png", count: .oneOrMore(noun: "capture (FILE.png)"), kind: .file),
                    summary: "the well and store slots each capture fits", description: [
            "per capture: the well its size picks and the store slots and targets",
            "it fits (exactly, or composed without enlargement)",
        ]),
        CommandSpec(name: "schema", operand: OperandSpec(placeholder: "NAME", count: .one, kind: .choice(JSONSchemas.names)),
                    summary: "print the JSON Schema of a file the tool reads", description: [
            "print the JSON Schema (draft 2020-12) of a job, wells.json,",
            "store-wells.json or a theme; a job may name it in \"$schema\"",
        ]),
        CommandSpec(name: "completions", operand: OperandSpec(placeholder: "SHELL", count: .one, kind: .choice(Completions.shells)),
                    summary: "print a shell completion script", description: [
            "print a shell completion script (make install installs all three)",
        ]),
        CommandSpec(name: "init", operand: OperandSpec(placeholder: "FOLDER", count: .optional(defaultValue: "."), kind: .folder),
                    summary: "write a starter job for a folder of captures", description: [
            "read a folder of captures (plain PNGs, <locale>/<name>.png, fastlane",
            "snapshot or screengrab; default: the current folder), identify each",
            "capture's well, and write a starter job.json, job.schema.json and",
            "headlines.xcstrings (screen ids × locales, empty) into the current",
            "folder; never overwrites a file",
        ]),
        CommandSpec(name: "mcp", operand: .none, summary: "serve check, render, verify, wells identify and init to an agent (MCP)", description: [
            "serve check, render, verify, wells identify and init as tools of a Model",
            "Context Protocol server on stdin and stdout (JSON-RPC 2.0, one message a",
            "line); every path must lie inside the folder it was started in",
        ]),
        CommandSpec(name: "help", operand: .none, summary: "print this usage (as --help does)", description: [
            "print the usage of every command and option (as --help does)",
        ]),
        CommandSpec(name: "reference", operand: OperandSpec(placeholder: "FORMAT", count: .one, kind: .choice(Reference.formats)),
                    summary: "print the man page or the Markdown command reference", description: [
            "print the man page (roff) or docs/reference/commands.md from this table",
        ], hidden: true),
    ]

    private static let job = OperandSpec(placeholder: "JOB", count: .one, kind: .file)
    private static let renderAndCheck = ["render", "check"]
    private static let catalogs = ["wells", "wells identify", "init"]

    /// In the order usage shows them.
    static let options: [OptionSpec] = [
        .value("--out", "DIR", .folder, help: "the output folder, instead of the job's \"output\"", for: ["render"]),
        .value("--locale", "TAG", .text, repeatable: true, help: "only this locale of the job (repeatable)",
               details: "A render of some of the job's locales is a part of the plan: it writes manifest.<locales>.json "
                   + "(locales joined with +), which merge-manifests combines with the other parts.",
               for: ["render", "check", "preview"]),
        .flag("--svg-only", help: "write the SVGs, no PNGs", for: ["render"]),
        .value("--layout", "LAYOUT", .choice(["default", "fastlane"]), help: "also write fastlane deliver's and supply's upload folders",
               details: "fastlane: also write App Store outputs to <out>/fastlane/screenshots/<App Store Connect language>/<NN>_<id>.png "
                   + "(deliver) and Google Play outputs to <out>/fastlane/metadata/android/<Play language>/images/<type>Screenshots/<NN>_<id>.png "
                   + "and featureGraphic.png (supply).",
               for: renderAndCheck),
        .value("--fallback-locale", "TAG", .text, help: "fill missing translations and {locale} captures from TAG",
               details: "One warning for each headline or capture taken from TAG.", for: renderAndCheck),
        .flag("--allow-untranslated", help: "accept String Catalog units that are not \"translated\" (a warning each)", for: renderAndCheck),
        .value("--jobs", "N", .wholeNumber(minimum: 1), help: "render N outputs at once (default: the number of cores)", for: ["render"]),
        .value("--max-drawing-memory", "MB", .wholeNumber(minimum: 512), help: "the address space of each drawing process (default 1536 MB)",
               details: "librsvg and cairo draw in worker processes, one per --jobs, each capped at MB; a template that needs more is refused at check, "
                   + "and a drawing that needs more fails its output. A job may lower the bound (\"drawingBounds\": {\"memoryMB\": …}); only this raises it.",
               for: renderAndCheck),
        .value("--max-drawing-seconds", "S", .wholeNumber(minimum: 1), help: "the CPU seconds of each drawing (default 10; S + 30 of wall-clock time)",
               details: "Past S seconds of CPU the kernel ends the drawing process (past S + 30 seconds of wall-clock time the tool does); a template that needs more "
                   + "is refused at check. A job may lower the bound (\"drawingBounds\": {\"seconds\": …}); only this raises it.",
               for: renderAndCheck),
        .value("--shard", "I/N", .shard, help: "render part I of N of the plan's outputs",
               details: "Shard I renders the outputs at positions I−1, I−1+N, … of the plan's list (of the selected locales), "
                   + "so shards differ by at most one output; it writes manifest.shard-I-of-N.json (manifest.<locales>.shard-I-of-N.json with --locale). A shard left with none exits 0.",
               for: ["render"]),
        .value("--png-compression", "LEVEL", .choice(PNGCompression.allCases.map(\.rawValue)),
               help: "how hard the PNGs' image data is compressed (libdeflate level 2, 5 or 10)", for: ["render"]),
        .flag("--quiet", aliases: ["-q"], group: "verbosity", help: "print errors only (no warnings, progress or success line)", for: renderAndCheck),
        .flag("--verbose", aliases: ["-v"], group: "verbosity", help: "one line per rendered output, also without a terminal", for: renderAndCheck),
        .flag("--keep-going", help: "a refused capture fails only its outputs",
              details: "The rest are rendered and the manifest lists the failures; the exit code is still 1.", for: ["render"]),
        .value("--preview-out", "DIR", .folder, help: "the preview's folder (default: <output>/.preview/)",
               details: "Never a folder holding a release manifest, never a symbolic link.", for: ["preview"]),
        .value("--debounce", "SECONDS", .seconds(0.05...10), help: "how long the files must be quiet before a pass (0.05 to 10, default 0.2)",
               for: ["preview"]),
        .flag("--once", help: "render one pass and exit with its status (0, or 1 after an error)",
              details: "For scripts and CI: nothing is watched.", for: ["preview"]),
        .flag("--outputs-only", help: "only the files inside the output folder (a moved or unpacked release)", for: ["verify"]),
        .flag("--partial", help: "check a part manifest or a partial merge on its own", for: ["verify"]),
        .flag("--json", help: "one JSON document on stdout (status, counts, outputs, problems); logs on stderr",
              for: ["render", "check", "verify"]),
        .value("-o", aliases: ["--output"], "MANIFEST", .file, required: true, help: "the merged manifest, in the parts' folder or above",
               details: "index.html, the contact sheet, is written beside it.", for: ["merge-manifests"]),
        .flag("--allow-partial", help: "merge an incomplete set anyway, marked \"partial\": true", for: ["merge-manifests"]),
        .value("--wells", "FILE", .file, help: "a device-wells catalog instead of the built-in wells.json", for: catalogs),
        .value("--device", "FOLDER=NAME", .text, repeatable: true, help: "the device a screengrab folder was captured on",
               details: "init: phoneScreenshots=\"Pixel 8\" writes \"devices\" into the job's fastlane captures, so the "
                   + "device's well and screen shape are known (screengrab's folders name a device type, not a device).",
               for: ["init"]),
        .flag("--store", help: "list the targets, their store slots with citations, and the store rules", for: ["wells"]),
        .value("--store-wells", "FILE", .file, help: "a store-wells catalog instead of the built-in store-wells.json",
               details: "With wells, it implies --store.", for: catalogs),
    ]

    /// Taken before any command (and `help`, the command, prints the usage too).
    static let globalOptions: [OptionSpec] = [
        .flag("--help", aliases: ["-h"], help: "print the usage; after a command, that command's usage", for: []),
        .flag("--version", help: "print the tool's name and version", for: []),
    ]

    static let conflicts: [OptionConflict] = [
        OptionConflict(option: "--layout", value: "fastlane", reason: "writes PNGs", with: "--svg-only", commands: ["render"]),
    ]

    static var listed: [CommandSpec] { commands.filter { !$0.hidden } }
}
