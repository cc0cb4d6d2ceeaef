import ScreenshotCompose

/// The MCP server's tools: commands of `CommandTable`, each argument one of the command's options
/// or its operand, so a tool takes what the command line takes, described by the same help and
/// checked by the same parser (a call becomes a command line, then a `Command`).
struct MCPTool {
    static let served = ["check", "render", "verify", "wells identify", "init"]
    /// About the terminal (what is printed, how much): a call always answers with the `--json`
    /// document, and has no terminal.
    static let terminalOptions: Set<String> = ["--json", "--quiet", "--verbose"]

    static let all: [MCPTool] = served.compactMap { name in CommandTable.commands.first { $0.name == name }.map(MCPTool.init) }

    var command: CommandSpec
    var options: [OptionSpec]

    init(_ command: CommandSpec) {
        self.command = command
        options = command.options.filter { !Self.terminalOptions.contains($0.name) }
    }

    /// `wells_identify`: MCP tool names are one word of letters, digits, `_`, `-` and `.`.
    var name: String { command.words.joined(separator: "_") }

    /// `job`, `manifest`, `files` (one or more `FILE.png`), `folder`; nil for none.
    var operandName: String? {
        let base = command.operand.placeholder.lowercased().prefix { $0 != "." }
        switch command.operand.count {
        case .none: return nil
        case .oneOrMore: return base + "s"
        case .one, .optional: return String(base)
        }
    }

    static func argumentName(_ option: OptionSpec) -> String { String(option.name.drop { $0 == "-" }) }

    /// The entry of `tools/list`: the input schema has a property per option (named without its
    /// dashes) and one for the operand, each described by the table's help.
    var listing: JSONValue {
        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        if let operandName {
            let operand = command.operand
            var schema = Self.schema(operand.kind, repeatable: false)
            var help = "the \(operand.placeholder) (a path inside the server's folder)"
            switch operand.count {
            case .oneOrMore: schema = .object(["type": .string("array"), "items": schema, "minItems": .number(1)])
            case .optional(let defaultValue): help += "; default \(defaultValue)"
            case .one, .none: break
            }
            if case .oneOrMore = operand.count { required.append(.string(operandName)) }
            if operand.count == .one { required.append(.string(operandName)) }
            properties[operandName] = Self.described(schema, help)
        }
        for option in options {
            let help = option.kind == .file || option.kind == .folder ? "\(option.help) (a path inside the server's folder)" : option.help
            properties[Self.argumentName(option)] = Self.described(Self.schema(option.kind, repeatable: option.repeatable), help)
            if option.required { required.append(.string(Self.argumentName(option))) }
        }
        let input: JSONValue = .object(["type": .string("object"), "properties": .object(properties), "required": .array(required),
                                        "additionalProperties": .bool(false)])
        return .object(["name": .string(name), "title": .string(command.name),
                        "description": .string(command.description.joined(separator: " ")), "inputSchema": input])
    }

    private static func described(_ schema: JSONValue, _ help: String) -> JSONValue {
        guard case .object(var fields) = schema else { return schema }
        fields["description"] = .string(help)
        return .object(fields)
    }

    private static func schema(_ kind: ValueKind, repeatable: Bool) -> JSONValue {
        let one: JSONValue
        switch kind {
        case .flag: return .object(["type": .string("boolean")])
        case .text, .file, .folder: one = .object(["type": .string("string"), "minLength": .number(1)])
        case .choice(let values): one = .object(["type": .string("string"), "enum": .array(values.map(JSONValue.string))])
        case .wholeNumber(let minimum): one = .object(["type": .string("integer"), "minimum": .number(Double(minimum))])
        case .shard: one = .object(["type": .string("string"), "pattern": .string("^[0-9]+/[0-9]+$")])
        case .seconds(let range):
            one = .object(["type": .string("number"), "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)])
        }
        return repeatable ? .object(["type": .string("array"), "items": one]) : one
    }

    /// A call read: the command line it stands for, and each path it names with its argument.
    struct Call {
        var line: [String]
        var paths: [(field: String, path: String)] = []
    }

    /// `arguments` as a command line, or the problems: one per argument that is unknown, of the
    /// wrong type or not a value its option takes, each naming it (`arguments.shard`).
    func call(_ arguments: JSONValue?, file: String) -> (Call?, [Diagnostic]) {
        var d = DiagnosticCollector()
        var call = Call(line: command.words)
        guard let reader = JSONFieldReader(arguments ?? .object([:]), file: file, path: "arguments", &d) else { return (nil, d.diagnostics) }
        reader.refuseUnknownKeys(Set(options.map(Self.argumentName) + (operandName.map { [$0] } ?? [])), &d)
        for option in options {
            let key = Self.argumentName(option)
            guard let value = reader.value(key), value != .null else { continue }
            let field = reader.fieldPath(key)
            if option.kind == .flag {
                guard case .bool(let on) = value else {
                    d.error(file, field, "expected true or false, found \(value.summary)")
                    continue
                }
                if on { call.line.append(option.name) }
                continue
            }
            let items = option.repeatable ? value.arrayValue.map { $0.enumerated().map { ($0.element, "\(field)[\($0.offset)]") } } : [(value, field)]
            guard let items else {
                d.error(file, field, "expected an array, found \(value.summary)")
                continue
            }
            for (item, path) in items {
                guard let text = Self.text(item, kind: option.kind, file: file, field: path, &d) else { continue }
                call.line += [option.name, text]
                if option.kind == .file || option.kind == .folder { call.paths.append((path, text)) }
            }
        }
        if let operandName, let value = reader.value(operandName), value != .null {
            let field = reader.fieldPath(operandName)
            if case .oneOrMore = command.operand.count {
                if let items = value.arrayValue {
                    for (index, item) in items.enumerated() {
                        if let text = Self.text(item, kind: command.operand.kind, file: file, field: "\(field)[\(index)]", &d) {
                            call.line.append(text)
                            call.paths.append(("\(field)[\(index)]", text))
                        }
                    }
                } else {
                    d.error(file, field, "expected an array, found \(value.summary)")
                }
            } else if let text = Self.text(value, kind: command.operand.kind, file: file, field: field, &d) {
                call.line.append(text)
                call.paths.append((field, text))
            }
        }
        return d.hasErrors ? (nil, d.diagnostics) : (call, [])
    }

    /// The value as the command line's text, checked by its kind as the parser checks it.
    private static func text(_ value: JSONValue, kind: ValueKind, file: String, field: String, _ d: inout DiagnosticCollector) -> String? {
        let text: String
        switch (kind, value) {
        case (.wholeNumber, _):
            guard let integer = value.integerValue else {
                d.error(file, field, "expected a whole number, found \(value.summary)")
                return nil
            }
            text = String(integer)
        case (.seconds, .number(let seconds)):
            text = String(seconds)
        case (.seconds, _):
            d.error(file, field, "expected a number of seconds, found \(value.summary)")
            return nil
        case (_, .string(let string)):
            text = string
        default:
            d.error(file, field, "expected a string, found \(value.summary)")
            return nil
        }
        // The parser reads a value starting with -- as the next option.
        if text.isEmpty || text.hasPrefix("-") {
            d.error(file, field, "expected a value not starting with -, found \(value.summary)")
            return nil
        }
        if let problem = ArgumentParser.problem(with: text, kind: kind) {
            d.error(file, field, problem.hasPrefix(": ") ? String(problem.dropFirst(2)) : problem)
            return nil
        }
        return text
    }
}
