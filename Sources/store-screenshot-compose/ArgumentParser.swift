import ScreenshotCompose

/// Reads a command line by `CommandTable`: which command, its options (each value checked by its
/// kind), its operands. What the values mean is `Arguments`' business.
struct UsageError: Error {
    var message: String
}

/// One command line, read: the command, the values of its options by their first name, its operands.
struct ParsedArguments {
    var command: CommandSpec
    var operands: [String] = []
    private var values: [String: [String]] = [:]
    /// Per group of alternatives (`verbosity`), the option given last.
    private var chosen: [String: String] = [:]

    init(command: CommandSpec) {
        self.command = command
    }

    func has(_ name: String) -> Bool { values[name] != nil }
    /// The value given last (an option given twice: the last one counts, as in most tools).
    func value(_ name: String) -> String? { values[name]?.last }
    func values(_ name: String) -> [String] { values[name] ?? [] }
    func chosen(in group: String) -> String? { chosen[group] }

    fileprivate mutating func add(_ option: OptionSpec, _ value: String?) {
        values[option.name, default: []].append(value ?? "")
        if let group = option.group { chosen[group] = option.name }
    }
}

enum ParseResult {
    case command(ParsedArguments)
    /// `--help`: of every command (nil), or after a command, of that one.
    case help(CommandSpec?)
    case version
}

enum ArgumentParser {
    static func parse(_ args: [String]) throws -> ParseResult {
        guard let first = args.first else { throw UsageError(message: "no command given") }
        var rest = Array(args.dropFirst())
        if first == "help" || CommandTable.globalOptions.contains(where: { $0.names.contains(first) }) {
            guard rest.isEmpty else { throw UsageError(message: "\(first) takes no arguments, found \"\(rest[0])\"") }
            return first == "--version" ? .version : .help(nil)
        }
        guard var command = CommandTable.commands.first(where: { $0.words == [first] }) else {
            throw UsageError(message: "unknown command \"\(first)\"")
        }
        // A command spelled in two words (`wells identify`): the second word right after the first.
        if let next = rest.first, let longer = CommandTable.commands.first(where: { $0.words == [first, next] }) {
            command = longer
            rest.removeFirst()
        }
        var parsed = ParsedArguments(command: command)
        let options = command.options
        while !rest.isEmpty {
            let arg = rest.removeFirst()
            if arg == "--help" || arg == "-h" { return .help(command) }
            if let option = options.first(where: { $0.names.contains(arg) }) {
                parsed.add(option, option.takesValue ? try value(of: option, given: arg, &rest) : nil)
            } else if command.operand.count == .none {
                throw UsageError(message: "\(command.name): unexpected argument \"\(arg)\"")
            } else if arg.hasPrefix("-") && arg != "-" {
                throw UsageError(message: "unknown option \"\(arg)\"")
            } else {
                parsed.operands.append(arg)
            }
        }
        for conflict in command.conflicts where parsed.value(conflict.option) == conflict.value && parsed.has(conflict.with) {
            throw UsageError(message: conflict.message)
        }
        for option in options where option.required && !parsed.has(option.name) {
            throw UsageError(message: "\(command.name) needs \(option.name) \(option.valueName)")
        }
        try checkOperands(parsed.operands, of: command)
        return .command(parsed)
    }

    /// The next argument as the option's value, checked by its kind.
    private static func value(of option: OptionSpec, given name: String, _ rest: inout [String]) throws -> String {
        guard let text = rest.first, !text.hasPrefix("--"), !text.isEmpty else {
            throw UsageError(message: "\(name) needs a value")
        }
        rest.removeFirst()
        if let problem = problem(with: text, kind: option.kind) {
            throw UsageError(message: problem.hasPrefix(":") ? "\(name)\(problem)" : "\(name) \(problem)")
        }
        return text
    }

    /// What is wrong with a value of this kind ("takes …, found …"), or nil.
    static func problem(with text: String, kind: ValueKind) -> String? {
        let found = "found \"\(text)\""
        switch kind {
        case .flag, .text, .file, .folder:
            return nil
        case .choice(let values):
            return values.contains(text) ? nil : "takes \(values.orList), \(found)"
        case .wholeNumber(let minimum):
            return Int(text).map { $0 >= minimum } == true ? nil : "takes a whole number ≥ \(minimum), \(found)"
        case .shard:
            return Shard(text) == nil ? "takes I/N with 1 ≤ I ≤ N, \(found)" : nil
        case .seconds(let range):
            return Double(text).map(range.contains) == true ? nil
                : ": expected seconds from \(decimal(range.lowerBound)) to \(decimal(range.upperBound)), \(found)"
        }
    }

    private static func checkOperands(_ operands: [String], of command: CommandSpec) throws {
        let operand = command.operand
        switch operand.count {
        case .none:
            break
        case .one:
            guard operands.count == 1 else {
                let choices = operand.kind.choices.map { " (\($0.orList))" } ?? ""
                throw UsageError(message: "\(command.name) takes one \(operand.placeholder)\(choices), found \(operands.count)")
            }
            if let choices = operand.kind.choices, !choices.contains(operands[0]) {
                throw UsageError(message: "\(command.name) takes \(choices.joined(separator: ", ")), found \"\(operands[0])\"")
            }
        case .optional:
            guard operands.count <= 1 else {
                throw UsageError(message: "\(command.name) takes at most one \(operand.placeholder), found \(operands.count)")
            }
        case .oneOrMore(let noun):
            guard !operands.isEmpty else { throw UsageError(message: "\(command.name) needs at least one \(noun)") }
        }
    }

    /// 0.05, 10 (not 10.0).
    static func decimal(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
