import Support
import Diagnostics
import Ingest
import Plan

/// Headline text with the characters drawn in the accent style marked: one flag per Unicode
/// scalar. Plain text has no flag set. What the typesetter measures and breaks, so the
/// emphasised words are measured as drawn.
public struct StyledText: Hashable, Sendable {
    public private(set) var scalars: [Unicode.Scalar]
    /// Parallel to `scalars`: drawn in the accent colour and weight.
    public private(set) var emphasized: [Bool]

    public init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        emphasized = Array(repeating: false, count: scalars.count)
    }

    public init(scalars: [Unicode.Scalar], emphasized: [Bool]) {
        precondition(scalars.count == emphasized.count, "one emphasis flag per scalar")
        self.scalars = scalars
        self.emphasized = emphasized
    }

    /// The text as drawn, without markup.
    public var text: String { String(String.UnicodeScalarView(scalars)) }
    public var isEmpty: Bool { scalars.isEmpty }
    public var hasEmphasis: Bool { emphasized.contains(true) }

    /// Consecutive scalars of the same style.
    public var runs: [(text: String, emphasized: Bool)] {
        var runs: [(text: String, emphasized: Bool)] = []
        var current = String.UnicodeScalarView()
        var style = emphasized.first ?? false
        for (scalar, flag) in zip(scalars, emphasized) {
            if flag != style, !current.isEmpty {
                runs.append((String(current), style))
                current = String.UnicodeScalarView()
            }
            style = flag
            current.append(scalar)
        }
        if !current.isEmpty { runs.append((String(current), style)) }
        return runs
    }

    /// Scalar ranges drawn in the accent style.
    public var emphasizedRanges: [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for (index, flag) in emphasized.enumerated() {
            if flag, start == nil { start = index }
            if !flag, let s = start { ranges.append(s..<index); start = nil }
        }
        if let s = start { ranges.append(s..<emphasized.count) }
        return ranges
    }

    public subscript(range: Range<Int>) -> StyledText {
        StyledText(scalars: Array(scalars[range]), emphasized: Array(emphasized[range]))
    }

    public mutating func append(_ scalar: Unicode.Scalar, emphasized flag: Bool) {
        scalars.append(scalar)
        emphasized.append(flag)
    }

    public mutating func append(_ other: StyledText) {
        scalars.append(contentsOf: other.scalars)
        emphasized.append(contentsOf: other.emphasized)
    }

    public mutating func removeLast() {
        scalars.removeLast()
        emphasized.removeLast()
    }

    /// Keeps the scalars `keep` accepts, with their flags.
    public func filter(_ keep: (Unicode.Scalar) -> Bool) -> StyledText {
        var result = StyledText("")
        for (scalar, flag) in zip(scalars, emphasized) where keep(scalar) { result.append(scalar, emphasized: flag) }
        return result
    }

    /// Split at `separator` scalars (dropped), empty pieces omitted.
    public func split(separator: Unicode.Scalar) -> [StyledText] {
        var pieces: [StyledText] = []
        var current = StyledText("")
        for (scalar, flag) in zip(scalars, emphasized) {
            if scalar == separator {
                if !current.isEmpty { pieces.append(current) }
                current = StyledText("")
            } else {
                current.append(scalar, emphasized: flag)
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}

/// `"emphasis": "asterisks"`: `*word*` is drawn in the theme's accent colour and weight;
/// `\*` is a literal asterisk.
public enum EmphasisMarkup {
    /// An asterisk opened at `position` (1-based character count) is never closed.
    public struct Unclosed: Error, Equatable, Sendable {
        public var position: Int
    }

    public static func parse(_ headline: String) -> Result<StyledText, Unclosed> {
        var result = StyledText("")
        var open: Int?
        var escaped = false
        for (index, scalar) in headline.unicodeScalars.enumerated() {
            if escaped {
                if scalar != "*" { result.append("\\", emphasized: open != nil) }
                result.append(scalar, emphasized: open != nil)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "*" {
                open = open == nil ? index + 1 : nil
            } else {
                result.append(scalar, emphasized: open != nil)
            }
        }
        if escaped { result.append("\\", emphasized: open != nil) }
        if let open { return .failure(Unclosed(position: open)) }
        return .success(result)
    }

    /// The headline as read (title, PNG text, manifest): markup removed; unchanged when it
    /// does not parse.
    public static func plain(_ headline: String) -> String {
        (try? parse(headline).get())?.text ?? headline
    }
}

extension TypesettingOptions {
    /// A headline as read (SVG `<title>`, PNG text, manifest): emphasis markup removed.
    public func plainText(_ headline: String) -> String {
        emphasis == .asterisks ? EmphasisMarkup.plain(headline) : headline
    }
}
