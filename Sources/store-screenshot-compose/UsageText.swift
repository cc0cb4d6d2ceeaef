/// `--help`, a command's `--help`, and the usage a usage error shows: written from `CommandTable`.
enum UsageText {
    /// Lines are filled up to this many columns.
    static let width = 100
    /// Where a command's description lines start.
    private static let descriptionIndent = String(repeating: " ", count: 21)
    private static let optionIndent = 28

    /// `--help`: every command, every option, the exit codes and the environment.
    static var full: String {
        var lines = ["usage: \(CommandTable.tool) <command> [options]", "", "commands:"]
        for command in CommandTable.listed { lines += block(command) }
        lines += ["", "options (the commands that take each):"]
        for option in CommandTable.globalOptions + CommandTable.options { lines += optionLines(option, commands: true) }
        lines += ["", "exit codes:"]
        lines += ManualText.exitStatus.flatMap { wrap($0.text, first: "  " + pad($0.term, 10), indent: 12) }
        lines += ["", "environment:"]
        lines += ManualText.environment.flatMap { wrap($0.text, first: "  " + pad($0.term, 20), indent: 22) }
        return lines.joined(separator: "\n")
    }

    /// `COMMAND --help`: its usage and each of its options.
    static func help(for name: String) -> String {
        let commands = CommandTable.commands.filter { $0.name == name }
        var lines = ["usage: \(CommandTable.tool) \(name):"] + commands.flatMap(block)
        lines += ["", "options:"]
        for option in commands.flatMap(\.options) + CommandTable.globalOptions.prefix(1) { lines += optionLines(option, commands: false) }
        lines.append("(\(CommandTable.tool) --help lists every command and option)")
        return lines.joined(separator: "\n")
    }

    /// What a usage error prints after its message: the usage of the command it was given (every
    /// command spelled with that first word), so the one-line error is not scrolled away by the
    /// whole usage; the whole usage when there is no known command.
    static func afterError(in args: [String]) -> String {
        guard let name = args.first, !name.hasPrefix("-") else { return full }
        let commands = CommandTable.listed.filter { $0.words.first == name }
        guard !commands.isEmpty else { return full }
        return (["usage: \(CommandTable.tool) \(name) …:"] + commands.flatMap(block)
            + ["(\(CommandTable.tool) --help lists every command and option)"]).joined(separator: "\n")
    }

    /// The command's synopsis, filled to `width` with continuation lines under its first option,
    /// then its description lines.
    static func block(_ command: CommandSpec) -> [String] {
        let synopsis = Synopsis(command)
        let head = synopsis.head.map(Synopsis.plain).joined(separator: " ")
        var lines = fill(synopsis.options.map(Synopsis.plain), first: "  \(head)", indent: head.count + 3)
        lines += command.description.map { descriptionIndent + $0 }
        return lines
    }

    /// `--out DIR`, `--quiet, -q`, `--locale TAG...`: an option's names and value.
    static func label(_ option: OptionSpec) -> String {
        option.names.joined(separator: ", ") + (option.takesValue ? " \(option.valueName)" : "") + (option.repeatable ? "..." : "")
    }

    private static func optionLines(_ option: OptionSpec, commands: Bool) -> [String] {
        var text = Reference.optionText(option)
        if commands, !option.commands.isEmpty { text += " [\(option.commands.joined(separator: ", "))]" }
        let label = "  " + label(option)
        if label.count < optionIndent - 1 { return wrap(text, first: pad(label, optionIndent), indent: optionIndent) }
        return [label] + wrap(text, first: String(repeating: " ", count: optionIndent), indent: optionIndent)
    }

    private static func pad(_ text: String, _ count: Int) -> String {
        text.count >= count ? text + " " : text + String(repeating: " ", count: count - text.count)
    }

    private static func wrap(_ text: String, first: String, indent: Int) -> [String] {
        fill(text.split(separator: " ").map(String.init), first: first.hasSuffix(" ") ? String(first.dropLast()) : first, indent: indent)
    }

    /// Words joined by spaces after `first`, a new line (indented) before a word that would pass `width`.
    static func fill(_ words: [String], first: String, indent: Int) -> [String] {
        var lines: [String] = []
        var line = first
        var empty = first.allSatisfy { $0 == " " }
        for word in words {
            if !empty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
            } else {
                line += (empty && line.isEmpty ? "" : " ") + word
            }
            empty = false
        }
        lines.append(line)
        return lines
    }
}
