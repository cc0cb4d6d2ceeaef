import Foundation
import XCTest
import ScreenshotCompose
@testable import store_screenshot_compose

/// The option table is the one declaration of the command line: every command and option in it
/// is parsed into what main.swift acts on, shown by usage, completed by the shells and documented
/// by the man page and docs/reference/commands.md (whose committed copies must match).
final class OptionTableTests: XCTestCase {
    /// The shortest command line of a command: its words, an operand, its required options.
    private func base(_ command: CommandSpec) -> [String] {
        var args = command.words
        switch command.operand.count {
        case .none, .optional: break
        case .one, .oneOrMore: args.append(command.operand.kind.choices?.first ?? "operand.json")
        }
        for option in command.options where option.required { args += [option.name, "required.json"] }
        return args
    }

    /// Values of each kind the parser must accept (every value of a choice).
    private func values(_ kind: ValueKind) -> [String] {
        switch kind {
        case .flag: return []
        case .text: return ["de-DE"]
        case .file: return ["given.json"]
        case .folder: return ["given-folder"]
        case .choice(let values): return values
        case .wholeNumber(let minimum): return [String(minimum + 2)]
        case .shard: return ["2/3"]
        case .seconds(let range): return [ArgumentParser.decimal(range.upperBound)]
        }
    }

    func testEveryCommandAndOptionOfTheTableIsParsedAndActedOn() throws {
        XCTAssertEqual(CommandTable.listed.map(\.name), ["render", "check", "preview", "verify", "merge-manifests", "wells", "wells identify",
                                                         "schema", "completions", "init", "mcp", "help"])
        var optionsSeen = Set<String>()
        for command in CommandTable.commands where command.name != "help" {
            let plain = try Arguments.parse(base(command))
            if case .help = plain { XCTFail("\(command.name) parses as help") }
            XCTAssertEqual(try Arguments.parse(base(command) + ["--help"]), .help(command: command.name))
            for option in command.options {
                optionsSeen.insert(option.name)
                var results: [Command] = []
                for name in option.names {
                    let given = option.takesValue ? values(option.kind).map { [name, $0] } : [[name]]
                    for arguments in given {
                        // A required option is in the base line: given again, the last one counts.
                        results.append(try Arguments.parse(base(command) + arguments))
                    }
                }
                // The option changes what the command does (main.swift reads it) …
                XCTAssertTrue(results.contains { $0 != plain } || option.required, "\(command.name) \(option.name) is parsed and ignored")
                // … and its aliases mean the same.
                let perName = results.count / option.names.count
                for index in 0..<perName {
                    XCTAssertEqual(Set(stride(from: index, to: results.count, by: perName).map { "\(results[$0])" }).count, 1,
                                   "\(command.name): \(option.names) differ")
                }
                if option.repeatable, option.takesValue, let value = values(option.kind).first {
                    XCTAssertNotEqual(try Arguments.parse(base(command) + [option.name, value, option.name, "fr-FR"]),
                                      try Arguments.parse(base(command) + [option.name, "fr-FR"]), "\(option.name) repeated")
                }
            }
        }
        XCTAssertEqual(optionsSeen, Set(CommandTable.options.map(\.name)), "options no command takes")
        XCTAssertEqual(try Arguments.parse(["render", "j.json", "--quiet", "--verbose"]),
                       try Arguments.parse(["render", "j.json", "-v"]), "the last of a group wins")
    }

    /// The usage errors the table's kinds and operand counts produce, word for word (the messages
    /// the hand-written parser printed).
    func testUsageErrorsByKind() {
        func error(_ args: [String]) -> String {
            do {
                _ = try Arguments.parse(args)
                return "accepted"
            } catch {
                return (error as? UsageError)?.message ?? "\(error)"
            }
        }
        XCTAssertEqual(error([]), "no command given")
        XCTAssertEqual(error(["help", "me"]), "help takes no arguments, found \"me\"")
        XCTAssertEqual(error(["render", "j", "--jobs", "0"]), "--jobs takes a whole number ≥ 1, found \"0\"")
        XCTAssertEqual(error(["render", "j", "--png-compression", "max"]), "--png-compression takes fast, default or small, found \"max\"")
        XCTAssertEqual(error(["render", "j", "--shard", "0/2"]), "--shard takes I/N with 1 ≤ I ≤ N, found \"0/2\"")
        XCTAssertEqual(error(["preview", "j", "--debounce", "0.01"]), "--debounce: expected seconds from 0.05 to 10, found \"0.01\"")
        XCTAssertEqual(error(["render", "j", "--out", "--json"]), "--out needs a value")
        XCTAssertEqual(error(["render", "j", "--svg-only", "--layout", "fastlane"]), "--layout fastlane writes PNGs; it cannot go with --svg-only")
        XCTAssertEqual(error(["check", "j", "--out", "x"]), "unknown option \"--out\"")
        XCTAssertEqual(error(["render", "a", "b"]), "render takes one JOB, found 2")
        XCTAssertEqual(error(["merge-manifests", "a.json"]), "merge-manifests needs -o MANIFEST")
        XCTAssertEqual(error(["merge-manifests", "--output", "m.json"]), "merge-manifests needs at least one part manifest")
        XCTAssertEqual(error(["wells", "identify"]), "wells identify needs at least one capture (FILE.png)")
        XCTAssertEqual(error(["wells", "identify", "a.png", "--store"]), "unknown option \"--store\"")
        XCTAssertEqual(error(["wells", "--bogus"]), "wells: unexpected argument \"--bogus\"")
        XCTAssertEqual(error(["schema"]), "schema takes one NAME (job, wells, store-wells or theme), found 0")
        XCTAssertEqual(error(["schema", "plan"]), "schema takes job, wells, store-wells, theme, found \"plan\"")
        XCTAssertEqual(error(["completions", "tcsh"]), "completions takes bash, zsh, fish, found \"tcsh\"")
        XCTAssertEqual(error(["init", "a", "b"]), "init takes at most one FOLDER, found 2")
        XCTAssertEqual(error(["reference", "html"]), "reference takes man, markdown, found \"html\"")
        XCTAssertEqual(try Arguments.parse(["init"]), .initJob(folder: ".", wells: nil, storeWells: nil, devices: []))
        XCTAssertEqual(try Arguments.parse(["wells", "--store-wells", "s.json"]), .wells(file: nil, store: true, storeFile: "s.json"))
    }

    /// A command's --help shows its synopsis and every option it takes, with the option's help.
    func testCommandHelpListsItsOptions() throws {
        for command in CommandTable.listed {
            let help = UsageText.help(for: command.name)
            XCTAssertTrue(help.contains("  " + command.name), help)
            for option in command.options {
                XCTAssertTrue(help.contains("  " + UsageText.label(option)), "\(command.name) --help lacks \(option.name)")
                XCTAssertTrue(help.contains(option.help.split(separator: " ").prefix(3).joined(separator: " ")), option.help)
            }
        }
        let (code, out, err) = try runTool(["merge-manifests", "--help"])
        XCTAssertEqual(code, 0)
        XCTAssertEqual(err, "")
        XCTAssertTrue(out.hasPrefix("usage: store-screenshot-compose merge-manifests:\n  merge-manifests PART.json... -o MANIFEST [--allow-partial]\n"), out)
        XCTAssertTrue(out.contains("\n  -o, --output MANIFEST     the merged manifest, in the parts' folder or above."), out)
    }

    /// The man page's and the Markdown reference's examples are command lines the parser takes.
    func testManualExamplesParse() throws {
        XCTAssertGreaterThan(ManualText.examples.count, 5)
        for example in ManualText.examples {
            var words = example.command.split(separator: " ").map(String.init).drop { $0.contains("=") }
            XCTAssertEqual(words.first, CommandTable.tool, example.command)
            words = words.dropFirst()
            if let redirect = words.firstIndex(of: ">") { words = words[..<redirect] }
            XCTAssertNoThrow(try Arguments.parse(Array(words)), example.command)
        }
    }

    /// Two-word commands complete in every shell (bash, fish, zsh): `wells identify` offers its own
    /// options, not wells'.
    func testShellsCompleteTwoWordCommands() throws {
        let scratch = try Scratch()
        let bash = try scratch.write("c.bash", Completions.bash())
        let fish = try scratch.write("c.fish", Completions.fish())
        func run(_ executable: String, _ script: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-c", script]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        func bashWords(_ words: String, _ index: Int) throws -> String {
            try run("/bin/bash", "source \(bash); COMP_WORDS=(\(words)); COMP_CWORD=\(index); _store_screenshot_compose; echo \"${COMPREPLY[*]}\"")
        }
        XCTAssertEqual(try bashWords("store-screenshot-compose wells ''", 2), "identify\n")
        XCTAssertEqual(try bashWords("store-screenshot-compose wells identify --", 3), "--wells --store-wells --help\n")
        XCTAssertEqual(try bashWords("store-screenshot-compose wells --", 2), "--wells --store --store-wells --help\n")
        XCTAssertEqual(try bashWords("store-screenshot-compose merge-manifests a --o", 3), "--output\n")
        func fishWords(_ line: String) throws -> [String] {
            try run("/usr/bin/fish", "source \(fish); complete -C '\(line)'").split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        XCTAssertEqual(try fishWords("store-screenshot-compose wells "), ["identify"])
        XCTAssertEqual(try fishWords("store-screenshot-compose wells identify --"), ["--help", "--store-wells", "--wells"])
        XCTAssertEqual(try fishWords("store-screenshot-compose schema "), ["job", "store-wells", "theme", "wells"])
        XCTAssertEqual(try fishWords("store-screenshot-compose render --"),
                       Set(CommandTable.commands[0].options.flatMap(\.names).filter { $0.hasPrefix("--") } + ["--help"]).sorted())
        // zsh: _arguments and _describe stubbed to print what the script hands them (the option
        // names, then each operand spec), as zsh's completion system would receive them.
        let zsh = try scratch.write("_store-screenshot-compose", Completions.zsh())
        func zshWords(_ words: String, _ current: Int) throws -> String {
            try run("/usr/bin/zsh", "_arguments() { print -rl -- \"$@\" | sed 's/\\[.*//' | tr '\\n' ' '; }; "
                        + "_describe() { print -rn -- \"${(j: :)${(@)${(P)2}%%:*}}\"; }; "
                        + "words=(\(words)); CURRENT=\(current); source \(zsh)")
        }
        XCTAssertEqual(try zshWords("store-screenshot-compose wells identify --", 4), "--wells --store-wells --help -h *:file.png:_files ")
        XCTAssertEqual(try zshWords("store-screenshot-compose wells --", 3), "--wells --store --store-wells --help -h 1:subcommand:(identify) ")
        XCTAssertEqual(try zshWords("store-screenshot-compose ''", 2),
                       CommandTable.listed.map(\.name).filter { !$0.contains(" ") }.joined(separator: " "))
    }
}
