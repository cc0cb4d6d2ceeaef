import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Escaping for values placed into XML, and the XML 1.0 checks.
enum XMLText {
    /// Nil when `data` is well-formed XML; else where and why the parser stopped.
    /// (XMLParser is strict where XMLDocument recovers. Its `parse()` can return true after
    /// an error at the end of the document, so the delegate's report is what counts.)
    public static func wellFormednessError(_ data: Data) -> String? {
        // FoundationXML's XMLParser crashes (strlen of NULL) on a processing instruction with
        // no data, e.g. `<?x?>` (found by `make fuzz`). SVG templates need none but the XML
        // declaration, so any other is refused before the parser sees it.
        let text = String(decoding: data, as: UTF8.self)
        var search = text.startIndex
        while let pi = text.range(of: "<?", range: search..<text.endIndex) {
            let isDeclaration = text.distance(from: text.startIndex, to: pi.lowerBound) == 0 && text.hasPrefix("<?xml ")
            if !isDeclaration {
                let line = text[..<pi.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                return "line \(line): a processing instruction other than the XML declaration at the start"
            }
            search = pi.upperBound
        }
        return FoundationXMLLock.run { () -> String? in
            let parser = XMLParser(data: data)
            let recorder = ParseErrorRecorder()
            parser.delegate = recorder
            let finished = parser.parse()
            if finished && recorder.first == nil && parser.parserError == nil { return nil }
            let code = (recorder.first?.error ?? parser.parserError).map { ($0 as NSError).code } ?? -1
            let line = recorder.first?.line ?? parser.lineNumber
            let column = recorder.first?.column ?? parser.columnNumber
            return "line \(line), column \(column): \(reason(code))"
        }
    }

    /// libxml2's error numbers as XMLParser passes them on.
    private static func reason(_ code: Int) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5: return "unexpected end of the document, or content after the root element"
        case 26: return "reference to an undeclared entity"
        case 38, 39, 40, 41: return "malformed attribute"
        case 68, 73: return "malformed tag"
        case 76: return "closing tag does not match the opening tag"
        default: return "XML parser error \(code)"
        }
    }

    private final class ParseErrorRecorder: NSObject, XMLParserDelegate {
        var first: (error: Error, line: Int, column: Int)?

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if first == nil { first = (parseError, parser.lineNumber, parser.columnNumber) }
        }
    }

    /// For character data: `&`, `<`, `>` (the last so that `]]>` cannot appear).
    public static func escapeText(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// For attribute values in either quote style; tabs and line breaks as character
    /// references so attribute-value normalization keeps them.
    public static func escapeAttribute(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The first scalar outside XML 1.0's `Char` production (C0 controls other than tab,
    /// LF and CR; U+FFFE; U+FFFF), if any.
    public static func firstInvalidScalar(in s: String) -> Unicode.Scalar? {
        s.unicodeScalars.first { c in
            switch c.value {
            case 0x9, 0xA, 0xD: return false
            case 0x0..<0x20, 0xFFFE, 0xFFFF: return true
            default: return false
            }
        }
    }

    /// `U+XXXX`.
    public static func codePoint(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
