/// The reference pages written from `CommandTable` and `ManualText` (the hidden command
/// `reference man|markdown`): `make reference` (scripts/reference.sh) writes them to docs/reference/,
/// `make install` installs the man page, and a test fails when a committed page differs.
enum Reference {
    static let formats = ["man", "markdown"]

    static func text(_ format: String) -> String? {
        switch format {
        case "man": return ManPage.text
        case "markdown": return MarkdownReference.text
        default: return nil
        }
    }

    /// "help. Details.": an option's whole text, for `--help` and the reference pages.
    static func optionText(_ option: OptionSpec) -> String {
        var text = option.help
        if let details = option.details { text += ". " + details }
        return text
    }
}
