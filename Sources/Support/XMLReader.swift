import Foundation
import CLibXML2

// The libxml2 bridge: the one Swift file that calls libxml2. Templates, frames and the markup the
// tool itself builds (headline lines, theme definitions) are read here, once, into plain values;
// everything after (allow-list, CSS, geometry, bounds, the writer) works on those values.

/// A document as libxml2 read it: elements with their namespace, attributes and the line and
/// column of their `<`, text, and processing instructions, in document order. Comments are not
/// kept; CDATA is text; entity references are replaced (only plain-text internal entities are
/// accepted, see `XMLReader`).
package struct XMLDocumentValue: Sendable, Equatable {
    package struct Attribute: Sendable, Equatable {
        /// Namespace URI ("" for none).
        package var namespace: String
        package var prefix: String?
        package var name: String
        package var value: String

        /// `prefix:name`, as written.
        package var qualifiedName: String { prefix.map { "\($0):\(name)" } ?? name }
    }

    package enum Content: Sendable, Equatable {
        case element(Int)
        case text(String)
        case instruction(target: String, data: String, position: JSONPosition?)
    }

    package struct Element: Sendable, Equatable {
        package var namespace: String
        package var prefix: String?
        package var name: String
        package var attributes: [Attribute]
        package var children: [Content] = []
        package var position: JSONPosition?
        /// Where its content starts (just after its start tag): `<style>` rules are located from it.
        package var contentPosition: JSONPosition?

        package var qualifiedName: String { prefix.map { "\($0):\(name)" } ?? name }
    }

    /// `elements[0]` is the root.
    package var elements: [Element] = []

    package init(elements: [Element] = []) { self.elements = elements }
}

/// Why a document was not read; `position` where libxml2 stopped or the element refused.
package struct XMLReadFailure: Error, Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// libxml2's own message (not well-formed).
        case notWellFormed(String)
        /// Elements nested deeper than the limit.
        case tooDeep(limit: Int)
        /// A DOCTYPE declaring what cannot be expanded safely here: an external or parameter
        /// entity, an entity holding markup or references, too many or too long entities, or a
        /// reference to an undeclared one.
        case entity(String)
        /// A processing instruction (other than the XML declaration and the reader's own marks).
        case instruction(String)
    }

    package var kind: Kind
    package var position: JSONPosition?
}

package enum XMLReader {
    /// Internal entities a document may declare (Illustrator's "Save As SVG" declares about ten,
    /// each a namespace URL), and their longest replacement text.
    package static let maximumEntities = 64
    package static let maximumEntityLength = 1024
    /// Replacement text all references together may add, in bytes. Real exports use a few
    /// namespace URLs once each; 3,000 references to a 1,000-byte entity in a 9 KB file took 13 s
    /// to check. libxml2 itself is no bound here: the reader expands references itself (no
    /// XML_PARSE_NOENT), and libxml2 2.9's own amplification check allows ten times the input
    /// read (2.11+: five times, beyond 1 MB).
    package static let maximumExpansion = 65_536

    /// libxml2's global state is set up once, before any thread parses.
    private static let initialized: Void = { xmlInitParser() }()

    /// Reads `bytes` (UTF-8 or with an XML declaration naming its encoding) without the network,
    /// without loading a DTD or an external entity, nesting at most `maximumDepth` elements.
    /// Processing instructions whose target `allowsInstruction` accepts are kept; any other is refused.
    package static func read(_ bytes: [UInt8], maximumDepth: Int, allowsInstruction: @escaping (String) -> Bool = { _ in false }) -> Result<XMLDocumentValue, XMLReadFailure> {
        _ = initialized
        guard !bytes.isEmpty else { return .failure(XMLReadFailure(kind: .notWellFormed("the document is empty"), position: nil)) }
        guard bytes.count < Int(Int32.max) else { return .failure(XMLReadFailure(kind: .notWellFormed("the document is too large"), position: nil)) }
        return bytes.withUnsafeBufferPointer { buffer -> Result<XMLDocumentValue, XMLReadFailure> in
            guard let base = buffer.baseAddress,
                  let context = base.withMemoryRebound(to: CChar.self, capacity: buffer.count, {
                      xmlCreateMemoryParserCtxt($0, Int32(buffer.count))
                  }) else {
                return .failure(XMLReadFailure(kind: .notWellFormed("libxml2 could not start"), position: nil))
            }
            defer { xmlFreeParserCtxt(context) }
            let state = ReadState(buffer, maximumDepth: maximumDepth, allowsInstruction: allowsInstruction, main: UnsafeMutableRawPointer(context))
            var handler = xmlSAXHandler()
            // The SAX2 defaults keep the internal subset's entity declarations (so `&ns_ai;` of an
            // Illustrator export expands); every callback that builds content is this reader's.
            xmlSAXVersion(&handler, 2)
            handler.initialized = XML_SAX2_MAGIC
            handler.startElement = nil
            handler.endElement = nil
            handler.externalSubset = nil
            handler.resolveEntity = nil
            handler.comment = nil
            handler.warning = nil
            handler.error = nil
            handler.fatalError = nil
            handler.serror = { userData, error in
                guard let userData, let error, let state = ReadState.of(userData) else { return }
                guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue, state.failure == nil else { return }
                let message = error.pointee.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "error \(error.pointee.code)"
                let position = error.pointee.line > 0 ? JSONPosition(line: Int(error.pointee.line), column: max(1, Int(error.pointee.int2))) : nil
                state.failure = XMLReadFailure(kind: .notWellFormed(message), position: position)
            }
            handler.entityDecl = { userData, name, type, publicId, systemId, content in
                guard let userData, let state = ReadState.of(userData) else { return }
                let entity = name.map { String(cString: $0) } ?? "?"
                let text = content.map { String(cString: $0) } ?? ""
                if type != 1 /* XML_INTERNAL_GENERAL_ENTITY */ || publicId != nil || systemId != nil {
                    state.refuse(.entity("entity \(entity) is \(type == 4 || type == 5 ? "a parameter entity" : "external")"), userData)
                } else if text.contains("<") || text.contains("&") || text.contains("%") {
                    state.refuse(.entity("entity \(entity) holds markup or references"), userData)
                } else if text.utf8.count > XMLReader.maximumEntityLength {
                    state.refuse(.entity("entity \(entity) is longer than \(XMLReader.maximumEntityLength) bytes"), userData)
                } else {
                    state.entities[entity] = text
                    if state.entities.count > XMLReader.maximumEntities {
                        state.refuse(.entity("more than \(XMLReader.maximumEntities) entities"), userData)
                        return
                    }
                    xmlSAX2EntityDecl(userData, name, type, publicId, systemId, content)
                }
            }
            handler.reference = { userData, name in
                guard let userData, let state = ReadState.of(userData) else { return }
                state.reference(context: userData, name: name.map { String(cString: $0) } ?? "?")
            }
            handler.startElementNs = { userData, localName, prefix, uri, _, _, attributeCount, _, attributes in
                guard let userData, let localName, let state = ReadState.of(userData), state.isMain(userData) else { return }
                state.start(context: userData, name: String(cString: localName), prefix: prefix.map { String(cString: $0) },
                            namespace: uri.map { String(cString: $0) } ?? "", attributeCount: Int(attributeCount), attributes: attributes)
            }
            handler.endElementNs = { userData, _, _, _ in
                guard let userData, let state = ReadState.of(userData), state.isMain(userData) else { return }
                state.end()
            }
            handler.characters = { userData, characters, length in
                guard let userData, let characters, let state = ReadState.of(userData), state.isMain(userData) else { return }
                state.text(characters, Int(length))
            }
            handler.ignorableWhitespace = handler.characters
            handler.cdataBlock = handler.characters
            handler.processingInstruction = { userData, target, data in
                guard let userData, let state = ReadState.of(userData) else { return }
                state.instruction(context: userData, target: target.map { String(cString: $0) } ?? "", data: data.map { String(cString: $0) } ?? "")
            }
            context.pointee.sax.pointee = handler
            context.pointee.userData = UnsafeMutableRawPointer(context)
            let unmanaged = Unmanaged.passRetained(state)
            defer { unmanaged.release() }
            context.pointee._private = unmanaged.toOpaque()
            // No network, no entity substitution by libxml2 (the reader replaces references to the
            // checked internal entities itself), libxml2's own messages off (they are reported as
            // diagnostics). The DTD is never loaded.
            let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue
            _ = xmlCtxtUseOptions(context, Int32(options))
            let parsed = xmlParseDocument(context)
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            context.pointee.myDoc = nil
            if let failure = state.failure { return .failure(failure) }
            guard parsed == 0, context.pointee.wellFormed != 0, !state.document.elements.isEmpty else {
                return .failure(XMLReadFailure(kind: .notWellFormed("the document is not well-formed"), position: nil))
            }
            state.flushText()
            state.assignPositions()
            return .success(state.document)
        }
    }

    /// What the callbacks build while libxml2 parses.
    private final class ReadState {
        var document = XMLDocumentValue()
        var failure: XMLReadFailure?
        /// Declared internal entities and their text.
        var entities: [String: String] = [:]
        /// Bytes of replacement text added so far (`maximumExpansion`).
        private var expanded = 0
        /// Text read for the open element since its last child element, joined once when the
        /// next element, its end or an instruction comes: appending each piece to the last
        /// `.text` copied it whole each time (quadratic in the references to an entity).
        private var pendingText: [UInt8] = []
        private var pendingParent: Int?
        private let main: UnsafeMutableRawPointer
        private var open: [Int] = []
        private var starts: [(element: Int, offset: Int, contentOffset: Int)] = []
        private let bytes: UnsafeBufferPointer<UInt8>
        private let maximumDepth: Int
        private let allowsInstruction: (String) -> Bool

        init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, allowsInstruction: @escaping (String) -> Bool, main: UnsafeMutableRawPointer) {
            self.main = main
            self.bytes = bytes
            self.maximumDepth = maximumDepth
            self.allowsInstruction = allowsInstruction
        }

        /// libxml2 parses an entity's text once in a context of its own to check it; only the
        /// document's context builds content (a reference is expanded by `reference`).
        func isMain(_ userData: UnsafeMutableRawPointer) -> Bool { userData == main }

        func reference(context userData: UnsafeMutableRawPointer, name: String) {
            guard failure == nil, isMain(userData) else { return }
            guard let text = entities[name] else {
                refuse(.entity("reference to the undeclared entity &\(name);"), userData)
                return
            }
            guard expand(text.utf8.count) else {
                refuse(.entity(expansionMessage(name)), userData, at: referencePosition(userData))
                return
            }
            text.withCString { pointer in
                pointer.withMemoryRebound(to: xmlChar.self, capacity: text.utf8.count) { self.text($0, text.utf8.count) }
            }
        }

        /// Counts `count` bytes of replacement text; false past the limit.
        private func expand(_ count: Int) -> Bool {
            expanded += count
            return expanded <= XMLReader.maximumExpansion
        }

        func expansionMessage(_ name: String) -> String {
            "references expanding to more than \(XMLReader.maximumExpansion) bytes of text in all (at &\(name);)"
        }

        /// Where the reference the parser has just read starts: its `&`, before the input's position.
        private func referencePosition(_ userData: UnsafeMutableRawPointer) -> JSONPosition? {
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard context.pointee.inputNr == 1, let input = context.pointee.input, let cur = input.pointee.cur,
                  let inputBase = input.pointee.base else { return nil }
            var amp = min(Int(input.pointee.consumed) + (cur - inputBase), bytes.count) - 1
            while amp >= 0, bytes[amp] != UInt8(ascii: "&") { amp -= 1 }
            return amp >= 0 ? position(ofOffset: amp) : nil
        }

        /// An attribute value as libxml2 passes it without entity substitution: `&#38;` for a
        /// literal `&`, `&name;` for a reference to a declared entity. Nil for an unknown entity.
        func decodeAttribute(_ raw: String) -> String? {
            guard raw.contains("&") else { return raw }
            var out = ""
            var rest = Substring(raw)
            while let amp = rest.firstIndex(of: "&") {
                out += rest[..<amp]
                guard let semicolon = rest[amp...].firstIndex(of: ";") else { return nil }
                let name = String(rest[rest.index(after: amp)..<semicolon])
                if name == "#38" {
                    out += "&"
                } else if let text = entities[name] {
                    guard expand(text.utf8.count) else { return nil }
                    out += text
                } else {
                    return nil
                }
                rest = rest[rest.index(after: semicolon)...]
            }
            return out + rest
        }

        static func of(_ userData: UnsafeMutableRawPointer) -> ReadState? {
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let box = context.pointee._private else { return nil }
            return Unmanaged<ReadState>.fromOpaque(box).takeUnretainedValue()
        }

        /// The first refusal stops the parse.
        func refuse(_ kind: XMLReadFailure.Kind, _ userData: UnsafeMutableRawPointer, at position: JSONPosition? = nil) {
            guard failure == nil else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            let line = context.pointee.input.map { Int($0.pointee.line) } ?? 0
            failure = XMLReadFailure(kind: kind, position: position ?? (line > 0 ? JSONPosition(line: line, column: 1) : nil))
            xmlStopParser(context)
        }

        /// Where the current tag starts: libxml2 reports a start tag when its input stands at the
        /// tag's end, and the tag begins at the `<` before it (a start tag holds no other `<`).
        private func tagStart(_ userData: UnsafeMutableRawPointer, qualifiedName: String) -> (start: Int, end: Int)? {
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard context.pointee.inputNr == 1, let input = context.pointee.input, let cur = input.pointee.cur,
                  let inputBase = input.pointee.base else { return nil }
            let end = Int(input.pointee.consumed) + (cur - inputBase)
            var lt = min(end, bytes.count) - 1
            while lt >= 0, bytes[lt] != UInt8(ascii: "<") { lt -= 1 }
            guard lt >= 0, bytes[(lt + 1)...].prefix(qualifiedName.utf8.count).elementsEqual(qualifiedName.utf8) else { return nil }
            // The input stands at the tag's `>` (or `/>`): the content starts after it.
            var content = min(end, bytes.count)
            if content < bytes.count && bytes[content] == UInt8(ascii: ">") { content += 1 }
            return (lt, content)
        }

        func start(context userData: UnsafeMutableRawPointer, name: String, prefix: String?, namespace: String,
                   attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
            guard failure == nil else { return }
            var list: [XMLDocumentValue.Attribute] = []
            if let attributes {
                for index in 0..<attributeCount {
                    let base = attributes + index * 5
                    guard let local = base[0] else { continue }
                    var raw = ""
                    if let start = base[3], let end = base[4] {
                        let count = end - start
                        raw = String(decoding: UnsafeBufferPointer(start: start, count: max(0, count)), as: UTF8.self)
                    }
                    guard let value = decodeAttribute(raw) else {
                        if expanded > XMLReader.maximumExpansion {
                            let qualified = prefix.map { "\($0):\(name)" } ?? name
                            let at = tagStart(userData, qualifiedName: qualified).map { position(ofOffset: $0.start) }
                            refuse(.entity("\(expansionMessage("…")) in \(String(cString: local))=\"\(raw.prefix(40))\""), userData, at: at)
                            return
                        }
                        refuse(.entity("reference to an undeclared entity in \(String(cString: local))=\"\(raw.prefix(40))\""), userData)
                        return
                    }
                    // A namespace written with an entity (Illustrator's xmlns:i="&ns_ai;") is its text.
                    let uri = base[2].map { String(cString: $0) }.map { decodeAttribute($0) ?? $0 } ?? ""
                    list.append(.init(namespace: uri, prefix: base[1].map { String(cString: $0) },
                                      name: String(cString: local), value: value))
                }
            }
            flushText()
            let index = document.elements.count
            document.elements.append(.init(namespace: decodeAttribute(namespace) ?? namespace, prefix: prefix, name: name, attributes: list))
            if let parent = open.last { document.elements[parent].children.append(.element(index)) }
            let qualified = prefix.map { "\($0):\(name)" } ?? name
            if let tag = tagStart(userData, qualifiedName: qualified) { starts.append((index, tag.start, tag.end)) }
            open.append(index)
            if open.count > maximumDepth {
                let last = starts.last
                let position = last.flatMap { $0.element == index ? self.position(ofOffset: $0.offset) : nil }
                refuse(.tooDeep(limit: maximumDepth), userData, at: position)
            }
        }

        func end() {
            flushText()
            _ = open.popLast()
        }

        func text(_ characters: UnsafePointer<xmlChar>, _ length: Int) {
            guard failure == nil, let parent = open.last, length > 0 else { return }
            if pendingParent != parent { flushText() }
            pendingParent = parent
            pendingText.append(contentsOf: UnsafeBufferPointer(start: characters, count: length))
        }

        /// The text read since the open element's last child, as one `.text` child.
        func flushText() {
            guard let parent = pendingParent else { return }
            if !pendingText.isEmpty {
                document.elements[parent].children.append(.text(String(decoding: pendingText, as: UTF8.self)))
            }
            pendingText.removeAll(keepingCapacity: true)
            pendingParent = nil
        }

        func instruction(context userData: UnsafeMutableRawPointer, target: String, data: String) {
            guard failure == nil, isMain(userData) else { return }
            guard allowsInstruction(target), let parent = open.last else {
                refuse(.instruction("<?\(target)…?>"), userData)
                return
            }
            flushText()
            document.elements[parent].children.append(.instruction(target: target, data: data, position: nil))
        }

        /// Line and column (in characters) of a byte offset.
        private func position(ofOffset offset: Int) -> JSONPosition {
            var counter = LineCounter()
            return counter.advance(to: offset, in: bytes)
        }

        /// Every recorded start tag's (and its content's) line and column, in one pass over the bytes.
        func assignPositions() {
            var marks: [(offset: Int, element: Int, content: Bool)] = []
            for start in starts {
                marks.append((start.offset, start.element, false))
                marks.append((start.contentOffset, start.element, true))
            }
            var counter = LineCounter()
            for mark in marks.sorted(by: { ($0.offset, $0.content ? 1 : 0) < ($1.offset, $1.content ? 1 : 0) }) {
                let position = counter.advance(to: mark.offset, in: bytes)
                if mark.content {
                    document.elements[mark.element].contentPosition = position
                } else {
                    document.elements[mark.element].position = position
                }
            }
        }
    }
}

/// Counts lines and characters (UTF-8 continuation bytes are no column of their own) up to
/// increasing byte offsets.
private struct LineCounter {
    private var line = 1, lineStart = 0, continuations = 0, index = 0

    mutating func advance(to offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONPosition {
        while index < min(offset, bytes.count) {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
                continuations = 0
            } else if bytes[index] & 0xC0 == 0x80 {
                continuations += 1
            }
            index += 1
        }
        return JSONPosition(line: line, column: offset - lineStart - continuations + 1)
    }
}
