import ScreenshotCompose

/// store-screenshot-compose.1, the man page (roff, man macros), from `CommandTable` and `ManualText`.
enum ManPage {
    static var text: String {
        let tool = CommandTable.tool
        var lines = [
            ".\\\" Written by `\(tool) reference man` from the option table",
            ".\\\" (Sources/store-screenshot-compose/CommandTable.swift); `make reference` rewrites it.",
            ".TH \(escape(tool.uppercased())) 1 \"\" \"\(escape(ToolIdentity().label))\" \"User Commands\"",
            // Left-aligned, no hyphenation: option names and paths stay whole.
            ".nh",
            ".ad l",
            ".SH NAME",
            "\(escape(tool)) \\- \(escape(ManualText.name))",
            ".SH SYNOPSIS",
        ]
        for command in CommandTable.listed {
            let synopsis = Synopsis(command)
            lines.append(".SY \(escape(tool))")
            lines += (synopsis.head + synopsis.options).map(piece)
            lines.append(".YS")
        }
        for option in CommandTable.globalOptions {
            lines += [".SY \(escape(tool))", piece([Synopsis.Run(text: option.name, style: .literal)]), ".YS"]
        }
        lines.append(".SH DESCRIPTION")
        lines += paragraphs(ManualText.description)
        lines.append(".SH COMMANDS")
        for command in CommandTable.listed {
            let head = Synopsis(command).head
            lines += [".TP", head.map(piece).joined(separator: " "), escape(command.description.joined(separator: " "))]
            let options = command.options.map { "\\fB\(escape($0.name))\\fR" }
            if !options.isEmpty { lines += [".br", "Options: " + options.joined(separator: ", ") + "."] }
        }
        lines.append(".SH OPTIONS")
        for option in CommandTable.globalOptions + CommandTable.options {
            lines += [".TP", label(option), escape(Reference.optionText(option))]
            if !option.commands.isEmpty { lines += [".br", "Commands: " + option.commands.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ") + "."] }
        }
        lines.append(".SH EXIT STATUS")
        lines += ManualText.exitStatus.flatMap { [".TP", "\\fB\(escape($0.term))\\fR", escape($0.text)] }
        lines.append(".SH ENVIRONMENT")
        lines += ManualText.environment.flatMap { [".TP", "\\fB\(escape($0.term))\\fR", escape($0.text)] }
        lines.append(".SH EXAMPLES")
        var inExample = false
        for example in ManualText.examples {
            if !example.text.isEmpty {
                if inExample { lines.append(".EE") }
                lines += [".PP", escape(example.text), ".PP", ".EX"]
                inExample = true
            }
            lines.append(escape(example.command))
        }
        if inExample { lines.append(".EE") }
        lines.append(".SH SEE ALSO")
        lines += (ManualText.seeAlso + ["docs/reference/commands.md: this page as Markdown"]).flatMap { [".PP", escape($0)] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `--out DIR`, `--quiet, -q`: the names bold, the value italic (a choice's values bold).
    private static func label(_ option: OptionSpec) -> String {
        var runs: [Synopsis.Run] = []
        for (index, name) in option.names.enumerated() {
            if index > 0 { runs.append(Synopsis.Run(text: ", ", style: .plain)) }
            runs.append(Synopsis.Run(text: name, style: .literal))
        }
        if option.takesValue {
            runs.append(Synopsis.Run(text: " ", style: .plain))
            if let choices = option.kind.choices {
                for (index, choice) in choices.enumerated() {
                    if index > 0 { runs.append(Synopsis.Run(text: "|", style: .plain)) }
                    runs.append(Synopsis.Run(text: choice, style: .literal))
                }
            } else {
                runs.append(Synopsis.Run(text: option.placeholder, style: .placeholder))
            }
        }
        if option.repeatable { runs.append(Synopsis.Run(text: "...", style: .plain)) }
        return piece(runs)
    }

    /// One synopsis piece on its own line, in its fonts.
    private static func piece(_ runs: Synopsis.Piece) -> String {
        let text = runs.map { run -> String in
            switch run.style {
            case .literal: return "\\fB\(escape(run.text))\\fR"
            case .placeholder: return "\\fI\(escape(run.text))\\fR"
            case .plain: return escape(run.text)
            }
        }.joined()
        // "\&" after a closing "...": not a sentence's end, so no wider space follows.
        let line = text.hasSuffix(".") ? text + "\\&" : text
        return line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    private static func paragraphs(_ texts: [String]) -> [String] {
        texts.enumerated().flatMap { index, text in (index > 0 ? [".PP"] : []) + [escape(text)] }
    }

    /// Text for roff: a backslash as \e, every hyphen as \- (so options copy as typed), every
    /// character outside ASCII as \[uXXXX] (read alike by groff and mandoc, whatever the locale),
    /// and \& before a leading dot or quote (a line that would be a request).
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value > 127:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
    }
}

