/// The commands and options, as data, for the shell completions (`completions bash|zsh|fish`).
/// `Arguments.parse` is the authority on what is accepted; a test checks that every option the
/// usage text names is offered here.
struct CommandSpec {
    enum Operand {
        case none
        case file
        case folder
        case choice([String])
    }

    struct Option {
        var name: String
        var help: String
        /// Nil: a flag. Else the values offered after it (empty: free text, such as a tag).
        var values: [String]?
        var takesFile = false
        var takesFolder = false

        static func flag(_ name: String, _ help: String) -> Option { Option(name: name, help: help, values: nil) }
        static func text(_ name: String, _ help: String) -> Option { Option(name: name, help: help, values: []) }
        static func choice(_ name: String, _ values: [String], _ help: String) -> Option { Option(name: name, help: help, values: values) }
        static func file(_ name: String, _ help: String) -> Option { Option(name: name, help: help, values: [], takesFile: true) }
        static func folder(_ name: String, _ help: String) -> Option { Option(name: name, help: help, values: [], takesFolder: true) }
    }

    var name: String
    var help: String
    var operand: Operand
    var options: [Option]

    static let localeOption = Option.text("--locale", "render only this locale (repeatable)")
    static let checkOptions: [Option] = [
        localeOption,
        .choice("--layout", ["default", "fastlane"], "also write fastlane deliver's folders"),
        .text("--fallback-locale", "fill missing translations and captures from this locale"),
        .flag("--allow-untranslated", "accept String Catalog units that are not translated"),
        .flag("--json", "one JSON report on stdout"),
        .flag("--quiet", "errors only"),
        .flag("--verbose", "progress per output"),
    ]

    static let all: [CommandSpec] = [
        CommandSpec(name: "render", help: "compose every capture × locale to SVG + PNG and write manifest.json", operand: .file,
                    options: checkOptions + [
                        .folder("--out", "output folder"),
                        .flag("--svg-only", "write SVGs only"),
                        .text("--jobs", "threads"),
                        .text("--shard", "render part I of N (I/N)"),
                        .choice("--png-compression", ["fast", "default", "small"], "zlib effort"),
                        .flag("--keep-going", "a refused capture fails only its outputs"),
                    ]),
        CommandSpec(name: "check", help: "every check render makes; writes nothing", operand: .file, options: checkOptions),
        CommandSpec(name: "preview", help: "render SVGs and index.html, re-render on every change", operand: .file,
                    options: [localeOption, .folder("--preview-out", "the preview's own folder"),
                              .text("--debounce", "seconds of quiet before a pass")]),
        CommandSpec(name: "verify", help: "re-hash every file a manifest lists", operand: .file,
                    options: [.flag("--outputs-only", "only the files inside the output folder"), .flag("--partial", "check a part manifest on its own"),
                              .flag("--json", "one JSON report on stdout")]),
        CommandSpec(name: "merge-manifests", help: "merge CI shard manifests", operand: .file,
                    options: [.file("-o", "the merged manifest"), .file("--output", "the merged manifest"),
                              .flag("--allow-partial", "merge an incomplete set, marked partial")]),
        CommandSpec(name: "wells", help: "list the wells and store slots", operand: .none,
                    options: [.file("--wells", "a device-wells catalog"), .flag("--store", "store slots and rules"),
                              .file("--store-wells", "a store-wells catalog")]),
        CommandSpec(name: "schema", help: "print the JSON Schema of a file the tool reads", operand: .choice(["job", "wells", "store-wells", "theme"]), options: []),
        CommandSpec(name: "completions", help: "print a shell completion script", operand: .choice(["bash", "zsh", "fish"]), options: []),
        CommandSpec(name: "init", help: "write a starter job for a folder of captures", operand: .folder,
                    options: [.file("--wells", "a device-wells catalog"), .file("--store-wells", "a store-wells catalog")]),
        CommandSpec(name: "help", help: "usage", operand: .none, options: []),
    ]
}
