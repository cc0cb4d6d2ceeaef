/// A command's synopsis, read from `CommandTable`: its words, its operand and its options as
/// `--help`, the man page and the Markdown reference show them (`render JOB [--out DIR]
/// [--locale TAG]... [--quiet | --verbose]`, `merge-manifests PART.json... -o MANIFEST`).
struct Synopsis {
    enum Style { case literal, placeholder, plain }

    /// A run of text in one style: `--out` (literal), `DIR` (placeholder), `[` (plain).
    struct Run {
        var text: String
        var style: Style
    }

    /// One word of the synopsis (a piece never breaks across lines): `[--out DIR]`.
    typealias Piece = [Run]

    /// The command's words and operand (`wells identify FILE.png...`).
    var head: [Piece]
    /// Its options, in the table's order; a group of alternatives where its first member stands.
    var options: [Piece]

    init(_ command: CommandSpec) {
        head = command.words.map { [Run(text: $0, style: .literal)] }
        let operand = command.operand
        if operand.count != .none {
            var runs = Synopsis.value(operand.kind, operand.placeholder)
            if case .optional = operand.count { runs = [Run(text: "[", style: .plain)] + runs + [Run(text: "]", style: .plain)] }
            if case .oneOrMore = operand.count { runs.append(Run(text: "...", style: .plain)) }
            head.append(runs)
        }
        options = []
        var groups: Set<String> = []
        for option in command.options {
            if let group = option.group {
                guard groups.insert(group).inserted else { continue }
                var runs = [Run(text: "[", style: .plain)]
                for (index, member) in command.options.filter({ $0.group == group }).enumerated() {
                    if index > 0 { runs.append(Run(text: " | ", style: .plain)) }
                    runs.append(Run(text: member.name, style: .literal))
                }
                options.append(runs + [Run(text: "]", style: .plain)])
                continue
            }
            var runs = [Run(text: option.name, style: .literal)]
            if option.takesValue { runs += [Run(text: " ", style: .plain)] + Synopsis.value(option.kind, option.placeholder) }
            if !option.required {
                runs = [Run(text: "[", style: .plain)] + runs + [Run(text: "]", style: .plain)]
                if option.repeatable { runs.append(Run(text: "...", style: .plain)) }
            }
            options.append(runs)
        }
    }

    /// A value: its placeholder, or each of a choice's values as typed, between `|`.
    private static func value(_ kind: ValueKind, _ placeholder: String) -> [Run] {
        guard let choices = kind.choices else { return [Run(text: placeholder, style: .placeholder)] }
        return choices.enumerated().flatMap { index, choice in
            (index > 0 ? [Run(text: "|", style: .plain)] : []) + [Run(text: choice, style: .literal)]
        }
    }

    static func plain(_ piece: Piece) -> String { piece.map(\.text).joined() }
}
