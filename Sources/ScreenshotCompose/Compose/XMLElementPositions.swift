import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import CLibXML2

/// Where each element of a template or frame SVG starts (the `<` of its tag), so refusals that
/// name an element also give its line and column. FoundationXML's XMLDocument keeps no position
/// per node; libxml2's own parser records one per element (`record_info`: the byte offset where
/// the element begins), so a second parse of the same text gives them, in document order, matched
/// to the XMLDocument's elements by that order (and by name, else no positions at all).
///
/// The libxml2 bridge: the one file that calls libxml2. Parsed with the same safety as the
/// XMLDocument parse: no network (`XML_PARSE_NONET`), no entity substitution, no DTD loading
/// (and a DOCTYPE or entity was refused before, by `SlotTemplate.acceptsDocumentText`).
struct XMLElementPositions {
    private var byElement: [ObjectIdentifier: JSONPosition] = [:]

    /// `text`: the text `root`'s document was parsed from. `shownText`: the text the user wrote,
    /// when `text` is it with placeholders filled (same lines, sample values hold no line break):
    /// on a line a placeholder changed, the column is not known and is given as 1.
    init(text: String, root: XMLElement, shownText: String? = nil) {
        let elements = [root] + SlotTemplate.allElements(root)
        let bytes = Array(text.utf8)
        guard let starts = Self.elementStarts(bytes), starts.count == elements.count,
              zip(starts, elements).allSatisfy({ $0.name == ($1.localName ?? $1.name) }) else { return }
        let shownLines = shownText.map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        let filledLines = shownText == nil ? nil : text.split(separator: "\n", omittingEmptySubsequences: false)
        var line = 1, lineStart = 0, continuations = 0, index = 0
        for (start, element) in zip(starts, elements) {
            guard start.offset >= index, start.offset < bytes.count, bytes[start.offset] == UInt8(ascii: "<") else { return }
            while index < start.offset {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                    continuations = 0
                } else if bytes[index] & 0xC0 == 0x80 {
                    continuations += 1
                }
                index += 1
            }
            var column = start.offset - lineStart - continuations + 1
            if let shownLines, let filledLines, line <= shownLines.count, line <= filledLines.count,
               shownLines[line - 1] != filledLines[line - 1] {
                column = 1
            }
            byElement[ObjectIdentifier(element)] = JSONPosition(line: line, column: column)
        }
    }

    subscript(_ element: XMLElement) -> JSONPosition? { byElement[ObjectIdentifier(element)] }

    /// libxml2's global state is set up once, before any thread parses (FoundationXML shares it).
    private static let initialized: Void = { xmlInitParser() }()

    /// Collects the start tags libxml2 reports while it parses.
    private final class Starts {
        var found: [(name: String, offset: Int)] = []
        var consistent = true
        let bytes: UnsafeBufferPointer<UInt8>
        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
    }

    /// Every element's local name and the byte offset of its `<`, in document order; nil when
    /// libxml2 does not parse the text. A SAX pass: when libxml2 reports a start tag its input
    /// stands at the tag's end, and the tag begins at the `<` before it (a start tag holds no
    /// other `<`: XML allows none in attribute values). libxml2 2.9's own per-node record
    /// (`record_info`) is not used: it loses the start of every element that has children.
    private static func elementStarts(_ bytes: [UInt8]) -> [(name: String, offset: Int)]? {
        _ = initialized
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> [(name: String, offset: Int)]? in
            guard let base = buffer.baseAddress,
                  let context = base.withMemoryRebound(to: CChar.self, capacity: buffer.count, {
                      xmlCreateMemoryParserCtxt($0, Int32(buffer.count))
                  }) else { return nil }
            defer { xmlFreeParserCtxt(context) }
            let starts = Starts(buffer)
            var handler = xmlSAXHandler()
            handler.initialized = XML_SAX2_MAGIC
            // Problems are FoundationXML's to report (an undeclared prefix is a namespace error
            // libxml2 would otherwise print on stderr).
            handler.serror = { _, _ in }
            handler.startElementNs = { parser, localName, prefix, _, _, _, _, _, _ in
                guard let parser, let localName else { return }
                let context = parser.assumingMemoryBound(to: xmlParserCtxt.self)
                guard let box = context.pointee._private, let input = context.pointee.input,
                      let cur = input.pointee.cur, let inputBase = input.pointee.base else { return }
                let starts = Unmanaged<Starts>.fromOpaque(box).takeUnretainedValue()
                let end = Int(input.pointee.consumed) + (cur - inputBase)
                var lt = min(end, starts.bytes.count) - 1
                while lt >= 0, starts.bytes[lt] != UInt8(ascii: "<") { lt -= 1 }
                let name = String(cString: localName)
                let qualified = prefix.map { String(cString: $0) + ":" + name } ?? name
                guard lt >= 0, starts.bytes[(lt + 1)...].prefix(qualified.utf8.count).elementsEqual(qualified.utf8) else {
                    starts.consistent = false
                    return
                }
                starts.found.append((name, lt))
            }
            context.pointee.sax.pointee = handler
            context.pointee.userData = UnsafeMutableRawPointer(context)
            let unmanaged = Unmanaged.passRetained(starts)
            defer { unmanaged.release() }
            context.pointee._private = unmanaged.toOpaque()
            let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            _ = xmlCtxtUseOptions(context, Int32(options))
            let parsed = xmlParseDocument(context)
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            guard parsed == 0, context.pointee.wellFormed != 0, starts.consistent else { return nil }
            return starts.found
        }
    }
}
