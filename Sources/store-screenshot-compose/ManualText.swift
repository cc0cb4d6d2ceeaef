/// The hand-written part of the man page and docs/reference/commands.md: what the tool is, exit
/// codes, environment, examples. Commands and options come from `CommandTable`. Each example's
/// command line must parse (a test reads it through the option table).
enum ManualText {
    static let name = "compose app-store marketing screenshots from raw app captures"

    static let description = [
        "store-screenshot-compose composes App Store and Google Play marketing screenshots from raw app "
            + "captures (PNG screens from a simulator, an emulator or a browser). A job file names the captures, "
            + "the well each was recorded in, the headlines per screen and locale, and the store targets. For "
            + "every output it checks the capture against the wells catalog and the cited store rules, fills an "
            + "SVG template, writes that SVG, rasterizes it through librsvg to an 8-bit RGB PNG, and records "
            + "every input and output with its SHA-256 in a manifest.",
        "A composed image is marketing, never evidence of what the app showed: every output says so, and a "
            + "composed image is never accepted as a capture.",
        "The same inputs and SOURCE_DATE_EPOCH give byte-identical SVGs, PNGs and manifest, at any thread "
            + "count and shard split, so one CI runner per locale (or per shard) renders a part and "
            + "merge-manifests joins the parts into the release an unsharded run writes.",
        "Every problem of a run is reported at once, one line each on standard error: "
            + "error: FILE:LINE:COLUMN: FIELD: WHAT: expected …, found … (the line and column where the file has them).",
    ]

    static let exitStatus = [
        ManualEntry(term: "0", text: "success"),
        ManualEntry(term: "1", text: "input refused, or an output failed; every problem is on standard error"),
        ManualEntry(term: "2", text: "usage error (unknown command or option, missing or bad argument): the error, then that command's usage"),
        ManualEntry(term: "130, 143", text: "render stopped by Ctrl-C (SIGINT) or SIGTERM: the staging folder it made is removed and "
                        + "the previous release stays as it was"),
    ]

    static let environment = [
        ManualEntry(term: "SOURCE_DATE_EPOCH", text: "whole seconds since 1970-01-01 UTC: fixes composedAt, for byte-identical re-renders"),
        ManualEntry(term: "GITHUB_ACTIONS", text: "true: each problem is also printed as a workflow annotation (::error file=…,line=…::…)"),
    ]

    static let examples = [
        ManualExample(text: "Write a starter job for a fastlane snapshot folder, then check it without writing anything:",
                      command: "store-screenshot-compose init fastlane"),
        ManualExample(text: "", command: "store-screenshot-compose check job.json"),
        ManualExample(text: "Render every output, with deliver's and supply's upload folders, and verify the release:",
                      command: "SOURCE_DATE_EPOCH=1767225600 store-screenshot-compose render job.json --layout fastlane"),
        ManualExample(text: "", command: "store-screenshot-compose verify out/manifest.json"),
        ManualExample(text: "On a CI runner, render one locale's half (a part), then merge every runner's parts:",
                      command: "store-screenshot-compose render job.json --locale de-DE --shard 1/2 --out out/release"),
        ManualExample(text: "", command: "store-screenshot-compose merge-manifests out/release/manifest.*.json -o out/release/manifest.json"),
        ManualExample(text: "Which well and store slots a capture fits:",
                      command: "store-screenshot-compose wells identify captures/home.png"),
        ManualExample(text: "Give an editor the job's JSON Schema (name it in the job's \"$schema\"):",
                      command: "store-screenshot-compose schema job > job.schema.json"),
    ]

    static let seeAlso = [
        "README.md and docs/ in the source: the job file, templates, store targets, CI",
    ]
}
