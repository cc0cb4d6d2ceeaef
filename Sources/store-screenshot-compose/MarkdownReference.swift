/// docs/reference/commands.md, the command reference in Markdown, from `CommandTable` and `ManualText`.
enum MarkdownReference {
    static var text: String {
        let tool = CommandTable.tool
        var lines = [
            "# \(tool)(1)",
            "",
            "<!-- Written by `\(tool) reference markdown` from the option table (Sources/store-screenshot-compose/CommandTable.swift); "
                + "`make reference` rewrites it, and `make test` fails when it differs. -->",
            "",
            "\(tool) — \(escape(ManualText.name)). The same page is the man page `\(tool).1` (`make install` installs it; "
                + "`man -l docs/reference/\(tool).1` reads it here), and `\(tool) --help` prints it in short.",
            "",
            "## Synopsis",
            "",
            "```",
        ]
        for command in CommandTable.listed {
            let synopsis = Synopsis(command)
            let head = tool + " " + synopsis.head.map(Synopsis.plain).joined(separator: " ")
            lines += UsageText.fill(synopsis.options.map(Synopsis.plain), first: head, indent: head.count + 1)
        }
        lines += CommandTable.globalOptions.map { "\(tool) \($0.name)" }
        lines += ["```", "", "## Description", ""]
        lines += ManualText.description.flatMap { [escape($0), ""] }
        lines += ["## Commands", ""]
        for command in CommandTable.listed {
            let head = Synopsis(command).head.map(Synopsis.plain).joined(separator: " ")
            lines += ["### `\(head)`", "", escape(command.description.joined(separator: " ")), ""]
            let options = command.options.map { "`\($0.name)`" }
            if !options.isEmpty { lines += ["Options: " + options.joined(separator: ", ") + ".", ""] }
        }
        lines += ["## Options", "", "| option | commands | what it does |", "|---|---|---|"]
        for option in CommandTable.globalOptions + CommandTable.options {
            let commands = option.commands.isEmpty ? "(before any command)" : option.commands.joined(separator: ", ")
            lines.append("| `\(UsageText.label(option).replacingOccurrences(of: "|", with: "\\|"))` | \(commands) | "
                + escape(Reference.optionText(option), inTable: true) + " |")
        }
        lines += ["", "## Exit status", "", "| code | meaning |", "|---|---|"]
        lines += ManualText.exitStatus.map { "| \($0.term) | \(escape($0.text, inTable: true)) |" }
        lines += ["", "## Environment", "", "| variable | meaning |", "|---|---|"]
        lines += ManualText.environment.map { "| `\($0.term)` | \(escape($0.text, inTable: true)) |" }
        lines += ["", "## Examples", "", "```sh"]
        for (index, example) in ManualText.examples.enumerated() {
            if !example.text.isEmpty { lines += (index > 0 ? [""] : []) + ["# " + example.text] }
            lines.append(example.command)
        }
        lines += ["```", "", "## See also", ""]
        lines += ManualText.seeAlso.map { "- " + escape($0) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Prose for Markdown: the characters that would start emphasis, a tag, a link or code are
    /// escaped (`<NN>_<id>.png`, `manifest.*.json` read as written); in a table, `|` too.
    static func escape(_ text: String, inTable: Bool = false) -> String {
        var out = ""
        for character in text {
            if "\\*_<>[]`".contains(character) || (inTable && character == "|") { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
