import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Ingest
@testable import Support
@testable import Diagnostics

/// `schema job|wells|store-wells|theme`: draft 2020-12 schemas checked by an independent
/// validator (python3-jsonschema, installed by scripts/setup.sh) against the shipped files and
/// the README's examples.
final class SchemaTests: XCTestCase {
    /// Validates each (schema name, instance file) with Draft202012Validator after checking the
    /// schemas themselves; returns one line per error, `<instance>: <path>: <message>`.
    private func validate(_ pairs: [(String, URL)], in scratch: Scratch) throws -> [String] {
        var schemaFiles: [String: String] = [:]
        for name in JSONSchemas.names {
            let (code, out, err) = try runTool(["schema", name])
            XCTAssertEqual(code, 0, err)
            schemaFiles[name] = try scratch.write("schema-\(name).json", out)
        }
        let list = pairs.map { "\(schemaFiles[$0.0] ?? "")\t\($0.1.path)" }.joined(separator: "\n")
        let listFile = try scratch.write("pairs.tsv", list)
        let script = """
        import json, sys, jsonschema
        errors = []
        for line in open(sys.argv[1]):
            schema_file, instance_file = line.rstrip("\\n").split("\\t")
            schema = json.load(open(schema_file))
            jsonschema.Draft202012Validator.check_schema(schema)
            for e in jsonschema.Draft202012Validator(schema).iter_errors(json.load(open(instance_file))):
                errors.append("%s: %s: %s" % (instance_file, "/".join(map(str, e.absolute_path)), e.message))
        print("\\n".join(errors))
        """
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, "-c", script, listFile]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python3-jsonschema (scripts/setup.sh installs it): \(errors)")
        return output.split(separator: "\n").map(String.init)
    }

    /// The ```json blocks of README.md and the guides under docs/ that are whole files: a job
    /// (has `captures`), or a catalog or theme by its `kind` or keys. Fragments and the manifest
    /// sketch are not files one writes.
    private func readmeExamples() throws -> [(String, Data)] {
        let root = Fixtures.repository
        var pages = ["README.md"]
        if let docs = FileManager.default.enumerator(atPath: root.appendingPathComponent("docs").path) {
            pages += docs.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        }
        var text = ""
        for page in pages { text += try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8) + "\n" }
        var examples: [(String, Data)] = []
        for block in text.components(separatedBy: "```json\n").dropFirst() {
            guard let end = block.range(of: "\n```") else { continue }
            let data = Data(block[..<end.lowerBound].utf8)
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
            switch object["kind"] as? String {
            case "device-wells"?: examples.append(("wells", data))
            case "store-wells"?: examples.append(("store-wells", data))
            case nil where object["captures"] != nil: examples.append(("job", data))
            case nil where object["schemaVersion"] == nil && !object.isEmpty && Set(object.keys).isSubset(of: Theme.keys): examples.append(("theme", data))
            default: continue
            }
        }
        return examples
    }

    func testShippedFilesFixtureJobsAndREADMEExamplesValidate() throws {
        let scratch = try Scratch()
        let root = Fixtures.repository
        var pairs: [(String, URL)] = [
            ("wells", root.appendingPathComponent("wells.json")),
            ("store-wells", root.appendingPathComponent("store-wells.json")),
            ("wells", root.appendingPathComponent("Sources/Ingest/Resources/wells.json")),
            ("store-wells", root.appendingPathComponent("Sources/Ingest/Resources/store-wells.json")),
        ]
        for folder in ["themes", "Sources/Ingest/Resources/themes"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted() where name.hasSuffix(".json") {
                pairs.append(("theme", root.appendingPathComponent("\(folder)/\(name)")))
            }
        }
        let jobs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("fixtures").path).sorted().filter { $0.hasSuffix("job.json") }
        XCTAssertGreaterThanOrEqual(jobs.count, 5)
        pairs += jobs.map { ("job", root.appendingPathComponent("fixtures/\($0)")) }
        let examples = try readmeExamples()
        XCTAssertGreaterThanOrEqual(examples.filter { $0.0 == "job" }.count, 5, "the job examples of README.md and docs/ were not found")
        for (index, example) in examples.enumerated() {
            pairs.append((example.0, URL(fileURLWithPath: try scratch.write("readme-\(index)-\(example.0).json", example.1))))
        }
        XCTAssertEqual(try validate(pairs, in: scratch), [])
    }

    /// The schemas are not vacuous: a misspelt field, a bad colour and a well of the wrong size
    /// type are each refused, at the right place.
    func testSchemasRefuseWhatTheLoadersRefuse() throws {
        let scratch = try Scratch()
        let job = try scratch.write("job.json", #"{"schemaVersion": 1, "captures": [{"id": "a", "path": "a.png", "well": "w", "wel": 1}], "headlines": {"en-US": {"a": "x"}}, "headlineMaxLines": 9, "screens": [{"id": "s", "captures": ["a"], "panel": 2}], "graphics": [{"id": "g", "target": "google-play:feature-graphic", "icon": "i.png", "title": {"en-US": ""}}]}"#)
        let theme = try scratch.write("theme.json", ##"{"headlineColor": "#12345", "shadow": true}"##)
        let wells = try scratch.write("wells.json", #"{"schemaVersion": 1, "kind": "device-wells", "wells": [{"id": "w", "device": "d", "width": "390", "height": 844, "storeWell": null, "source": "s"}], "citedMinimumNativeWidths": [{"class": "c", "minimumNativeWidth": 1, "source": "s"}]}"#)
        let errors = try validate([("job", URL(fileURLWithPath: job)), ("theme", URL(fileURLWithPath: theme)), ("wells", URL(fileURLWithPath: wells))], in: scratch)
        XCTAssertEqual(errors, [
            "\(job): captures/0: Additional properties are not allowed ('wel' was unexpected)",
            "\(job): graphics/0/title/en-US: '' is too short",
            "\(job): headlineMaxLines: 9 is greater than the maximum of 6",
            "\(job): screens/0: Additional properties are not allowed ('panel' was unexpected)",
            #"\#(theme): headlineColor: '#12345' does not match '^\\s*(?:#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|(?:[Rr][Gg][Bb][Aa]?|[Hh][Ss][Ll][Aa]?)\\([^()]*\\)|[A-Za-z]+)\\s*$'"#,
            "\(wells): wells/0/width: '390' is not of type 'integer'",
            // A property whose own schema failed does not count as evaluated.
            "\(wells): wells/0: Unevaluated properties are not allowed ('width' was unexpected)",
        ])
    }

    /// `"fastlane"` is a folder or a list of folders (a snapshot and a screengrab folder); an
    /// empty list is refused, as the loader refuses it.
    func testFastlaneCapturesAreAFolderOrAListOfFolders() throws {
        let scratch = try Scratch()
        let one = try scratch.write("one.json", #"{"schemaVersion": 1, "captures": {"fastlane": "screenshots"}, "headlines": "h.xcstrings"}"#)
        let list = try scratch.write("list.json", #"{"schemaVersion": 1, "captures": {"fastlane": ["fastlane/screenshots", "fastlane/metadata/android"]}, "headlines": "h.xcstrings"}"#)
        let empty = try scratch.write("empty.json", #"{"schemaVersion": 1, "captures": {"fastlane": []}, "headlines": "h.xcstrings"}"#)
        XCTAssertEqual(try validate([one, list, empty].map { ("job", URL(fileURLWithPath: $0)) }, in: scratch),
                       ["\(empty): captures/fastlane: [] is not valid under any of the given schemas"])
    }

    /// The job schema describes exactly the fields the job loader reads, and the theme schema
    /// exactly the theme keys: a field added to one without the other fails here.
    func testSchemaFieldsAreTheLoadersFields() throws {
        func properties(_ name: String, _ definition: String) throws -> Set<String> {
            let object = try JSONSerialization.jsonObject(with: try JSONSchemas.document(name)) as? [String: Any]
            let definitions = object?["$defs"] as? [String: Any]
            let root = definitions?[definition] as? [String: Any]
            return Set((root?["properties"] as? [String: Any] ?? [:]).keys)
        }
        XCTAssertEqual(try properties("job", "job"), JobLoader.knownKeys)
        XCTAssertEqual(try properties("job", "screen"), ScreenReader.keys)
        XCTAssertEqual(try properties("job", "graphic"), GraphicReader.keys)
        XCTAssertEqual(try properties("theme", "theme"), Theme.keys)
        let job = try JSONSerialization.jsonObject(with: try JSONSchemas.document("job")) as? [String: Any]
        XCTAssertEqual(job?["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        XCTAssertEqual(job?["$ref"] as? String, "#/$defs/job")
        XCTAssertThrowsError(try JSONSchemas.document("manifest"))
    }

    /// The schema is the one description of the job's defaults (issue 38 item 5): a job that
    /// gives every defaulted field the schema's default reads as one that gives none of them,
    /// and so does a theme object made of the theme's defaults.
    func testTheSchemasDefaultsAreTheReadersDefaults() throws {
        let schema = try XCTUnwrap(JSONValue.parse(try JSONSchemas.document("job")).objectValue?["$defs"]?.objectValue)
        func defaults(_ definition: String) -> [String: Any] {
            let properties = schema[definition]?.objectValue?["properties"]?.objectValue ?? [:]
            return properties.compactMapValues { property -> Any? in
                switch property.objectValue?["default"] {
                case .string(let text): return text
                case .number(let number): return number
                case .bool(let flag): return flag
                default: return nil
                }
            }
        }
        let job = defaults("job"), theme = defaults("theme")
        XCTAssertEqual(Set(job.keys), ["output", "theme", "headlineMaxLines", "headlineMinimumScale", "headlineSize", "emoji", "hyphenation", "emphasis"])
        XCTAssertEqual(Set(theme.keys), ["background", "headlineColor", "headlineWeight", "frameColor", "subtitleColor", "cornerRadius", "shadow", "accent", "accentWeight"])
        let scratch = try Scratch()
        try scratch.write("captures/shot.png", try Fixtures.png(width: 390, height: 844))
        let bare: [String: Any] = ["schemaVersion": 1, "captures": [["id": "shot", "path": "captures/shot.png", "well": "tuck-browser-mobile"]],
                                   "headlines": ["en-US": ["shot": "Read it anywhere"]]]
        let given = bare.merging(job) { $1 }
        var read: [Job] = []
        for fields in [bare, given, given.merging(["theme": theme]) { $1 }] {
            var d = DiagnosticCollector()
            read.append(try XCTUnwrap(JobLoader.load(file: try scratch.writeJob(fields), headlineOptions: HeadlineOptions(), into: &d)))
            XCTAssertEqual(d.diagnostics.map(\.line), [])
        }
        for other in read.dropFirst() {
            XCTAssertEqual(other.output, read[0].output)
            XCTAssertEqual(other.typesetting, read[0].typesetting)
        }
        XCTAssertEqual(read[1].theme, read[0].theme)
        // A theme that says "shadow" itself differs in one documented way: a {{PLACEHOLDER}}
        // template then draws its shadow (docs/designers.md); nothing else differs.
        var spelledOut = read[2].theme
        XCTAssertTrue(spelledOut.shadowGiven)
        spelledOut.shadowGiven = false
        XCTAssertEqual(spelledOut, read[0].theme)
    }

    func testJobMayNameItsSchema() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, extra: ["$schema": "./job.schema.json"])
        let (code, out, err) = try runTool(["check", job])
        XCTAssertEqual(err, "")
        XCTAssertEqual(code, 0)
        XCTAssertEqual(out, "ok: 1 output(s) would be rendered\n")
        let bad = try Fixtures.mobileJob(in: scratch, extra: ["$schema": 3])
        XCTAssertEqual(try runTool(["check", bad]).2, "error: \(bad):2:15: $schema: expected the path or URL of a JSON Schema (for editors), found 3\n1 error(s)\n")
    }
}

/// `completions bash|zsh|fish`: scripts each shell parses, offering every option `--help` names.
final class CompletionTests: XCTestCase {
    private func shell(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    func testBashCompletesCommandsOptionsAndTheirValues() throws {
        let scratch = try Scratch()
        let script = try scratch.write("c.bash", try runTool(["completions", "bash"]).1)
        func complete(_ words: [String]) throws -> String {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let (code, out) = try shell("/bin/bash", ["-c", "source \(script); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _store_screenshot_compose; echo \"${COMPREPLY[*]}\""])
            XCTAssertEqual(code, 0, out)
            return out
        }
        XCTAssertEqual(try complete(["store-screenshot-compose", "sc"]), "schema\n")
        XCTAssertEqual(try complete(["store-screenshot-compose", "render", "job.json", "--layout", ""]), "default fastlane\n")
        XCTAssertEqual(try complete(["store-screenshot-compose", "schema", "st"]), "store-wells\n")
        XCTAssertEqual(try complete(["store-screenshot-compose", "render", "--fall"]), "--fallback-locale\n")
        XCTAssertEqual(try complete(["store-screenshot-compose", "in"]), "init\n")
        XCTAssertEqual(try complete(["store-screenshot-compose", "init", "--st"]), "--store-wells\n")
        // Every option the usage text names is offered for some command.
        let help = try runTool(["--help"]).1
        func options(_ text: String) -> Set<String> {
            Set(text.split(whereSeparator: { !($0.isLetter || $0 == "-") }).filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init))
        }
        let offered = options(try String(contentsOfFile: script, encoding: .utf8))
        let named = options(help)
        XCTAssertGreaterThan(named.count, 15)
        XCTAssertEqual(named.subtracting(offered), [], "options --help names that are not completed")
    }

    func testZshAndFishParseTheirScripts() throws {
        let scratch = try Scratch()
        let zsh = try scratch.write("_store-screenshot-compose", try runTool(["completions", "zsh"]).1)
        XCTAssertEqual(try shell("/usr/bin/zsh", ["-n", zsh]).0, 0)
        let fish = try scratch.write("c.fish", try runTool(["completions", "fish"]).1)
        XCTAssertEqual(try shell("/usr/bin/fish", ["--no-execute", fish]).0, 0)
        let (code, out) = try shell("/usr/bin/fish", ["-c", "source \(fish); complete -C 'store-screenshot-compose render --png-compression '"])
        XCTAssertEqual(code, 0, out)
        XCTAssertEqual(out.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }, ["default", "fast", "small"])
    }
}
