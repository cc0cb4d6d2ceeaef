/// Where a point of template text lies in XML terms, so that a placeholder is filled (and
/// escaped) for exactly that place, or refused where no value can be placed safely.
import Support
import Diagnostics

struct TemplateScanner {
    enum Place: Equatable {
        case text
        /// Inside a tag but outside any quoted attribute value.
        case tag
        case doubleQuoted
        case singleQuoted
        case comment
        case cdata
        case processingInstruction
        case declaration
        /// The content of `<style>` or `<script>`: CSS or script, not XML text.
        case rawText(String)
    }

    private(set) var place = Place.text
    private var tagName = ""
    private var readingTagName = false
    private var recent: [Character] = []

    /// Feeds one character of literal template text.
    mutating func feed(_ c: Character) {
        recent.append(c)
        if recent.count > 9 { recent.removeFirst(recent.count - 9) }
        func ends(_ s: String) -> Bool { recent.suffix(s.count).elementsEqual(s) }
        switch place {
        case .text:
            if c == "<" {
                place = .tag
                tagName = ""
                readingTagName = true
            }
        case .tag:
            if readingTagName && tagName.isEmpty && c == "!" {
                readingTagName = false
                place = .declaration
            } else if readingTagName && tagName.isEmpty && c == "?" {
                readingTagName = false
                place = .processingInstruction
            } else if c == "\"" {
                readingTagName = false
                place = .doubleQuoted
            } else if c == "'" {
                readingTagName = false
                place = .singleQuoted
            } else if c == ">" {
                let name = tagName.lowercased()
                let selfClosing = recent.dropLast().last == "/"
                place = (name == "style" || name == "script") && !selfClosing ? .rawText(name) : .text
                readingTagName = false
            } else if readingTagName {
                if c.isWhitespace || c == "/" && !tagName.isEmpty { readingTagName = false } else { tagName.append(c) }
            }
        case .doubleQuoted:
            if c == "\"" { place = .tag }
        case .singleQuoted:
            if c == "'" { place = .tag }
        case .declaration:
            if ends("<!--") { place = .comment } else if ends("[CDATA[") { place = .cdata } else if c == ">" { place = .text }
        case .comment:
            if ends("-->") { place = .text }
        case .cdata:
            if ends("]]>") { place = .text }
        case .processingInstruction:
            if ends("?>") { place = .text }
        case .rawText(let name):
            if ends("</\(name)") || ends("</\(name.uppercased())") {
                place = .tag
                tagName = "/" + name
                readingTagName = false
            }
        }
    }

    /// Where a value lands: in character data or in a quoted attribute value.
    enum Context: Equatable {
        case text
        case attribute
    }

    enum Placement: Equatable {
        case allowed(Context)
        case refused(String)
    }

    /// The context a placeholder gets here, or why none is safe.
    var context: Placement {
        switch place {
        case .text: return .allowed(.text)
        case .doubleQuoted, .singleQuoted: return .allowed(.attribute)
        case .tag: return .refused("inside a tag outside any quoted attribute value, where a value could add attributes")
        case .comment: return .refused("inside a comment, where \"--\" in a value would end it")
        case .cdata: return .refused("inside a CDATA section, which escaping cannot protect")
        case .processingInstruction, .declaration: return .refused("inside a declaration or processing instruction")
        case .rawText(let name): return .refused("inside <\(name)>, where a value would be \(name == "style" ? "CSS" : "script") rather than text")
        }
    }
}
