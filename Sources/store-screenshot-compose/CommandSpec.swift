/// The command line as data. Every command and option is declared once, in `CommandTable`; the
/// parser (`ArgumentParser`), `--help` and each command's usage (`UsageText`), the bash, zsh and
/// fish completions (`Completions`), the man page (`ManPage`) and the Markdown reference
/// (`MarkdownReference`) are all read from it, so none of them can offer what another refuses.

/// What follows an option (or stands as a command's operand): how it is checked and completed.
enum ValueKind: Equatable, Sendable {
    /// An option without a value.
    case flag
    /// Free text, such as a locale tag.
    case text
    case file
    case folder
    case choice([String])
    case wholeNumber(minimum: Int)
    /// `I/N`, 1 ≤ I ≤ N.
    case shard
    case seconds(ClosedRange<Double>)

    var choices: [String]? {
        if case .choice(let values) = self { return values }
        return nil
    }
}

struct OptionSpec: Sendable {
    /// The first name is the one usage shows; the others are aliases (`-q` for `--quiet`).
    var names: [String]
    /// The value's name in usage (`DIR`, `TAG`); a choice shows its values instead.
    var placeholder: String
    var kind: ValueKind
    var repeatable = false
    var required = false
    /// Options of one group are alternatives: usage shows `[--quiet | --verbose]`, the last given wins.
    var group: String?
    /// One line: completion menus, `--help`'s option list.
    var help: String
    /// What a reader of the man page or the reference needs beyond `help`.
    var details: String?
    /// The commands that take it (their full names, `wells identify`).
    var commands: [String]

    var name: String { names[0] }
    var takesValue: Bool { kind != .flag }
    /// `DIR`, or `default|fastlane` for a choice.
    var valueName: String { kind.choices?.joined(separator: "|") ?? placeholder }

    static func flag(_ name: String, aliases: [String] = [], group: String? = nil, help: String, details: String? = nil,
                     for commands: [String]) -> OptionSpec {
        OptionSpec(names: [name] + aliases, placeholder: "", kind: .flag, group: group, help: help, details: details, commands: commands)
    }

    static func value(_ name: String, aliases: [String] = [], _ placeholder: String, _ kind: ValueKind, repeatable: Bool = false,
                      required: Bool = false, help: String, details: String? = nil, for commands: [String]) -> OptionSpec {
        OptionSpec(names: [name] + aliases, placeholder: placeholder, kind: kind, repeatable: repeatable, required: required,
                   help: help, details: details, commands: commands)
    }
}

/// What stands after a command's name and options.
struct OperandSpec: Sendable {
    enum Count: Equatable, Sendable {
        case none
        case one
        /// At most one; `defaultValue` when none is given.
        case optional(defaultValue: String)
        /// `noun` names what is missing in the usage error ("part manifest").
        case oneOrMore(noun: String)
    }

    var placeholder: String
    var count: Count
    var kind: ValueKind

    static let none = OperandSpec(placeholder: "", count: .none, kind: .text)

}

struct CommandSpec: Sendable {
    /// `render`, or `wells identify` for a command spelled in two words.
    var name: String
    var operand: OperandSpec
    /// One line: completion menus and the man page's list of commands.
    var summary: String
    /// The lines `--help` prints under the synopsis (kept as written, so they read well at 100
    /// columns); the man page and the Markdown reference join them into a paragraph.
    var description: [String]
    /// Not in usage, completions or the reference (the generator of the reference itself).
    var hidden = false

    var words: [String] { name.split(separator: " ").map(String.init) }
    var options: [OptionSpec] { CommandTable.options.filter { $0.commands.contains(name) } }
    var conflicts: [OptionConflict] { CommandTable.conflicts.filter { $0.commands.contains(name) } }
}

/// An option value that another option cannot go with: `--layout fastlane` and `--svg-only`.
struct OptionConflict: Sendable {
    var option: String
    var value: String
    /// Why, in a few words: "writes PNGs".
    var reason: String
    var with: String
    var commands: [String]

    /// "--layout fastlane writes PNGs; it cannot go with --svg-only"
    var message: String { "\(option) \(value) \(reason); it cannot go with \(with)" }
}

/// A line of the hand-written part of the manual: `term` and what it means.
struct ManualEntry: Sendable {
    var term: String
    var text: String
}

/// An example for the man page and the reference: what it does, then the command line.
struct ManualExample: Sendable {
    var text: String
    var command: String
}

extension Array where Element == String {
    /// "a or b", "a, b or c": how a usage error lists a choice's values.
    var orList: String {
        count < 2 ? joined() : dropLast().joined(separator: ", ") + " or " + (last ?? "")
    }
}
