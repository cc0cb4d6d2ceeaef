import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Plan

/// CSS Syntax Level 3 tokens with their escapes decoded, as the template checks read them.
final class CSSTokenizerTests: XCTestCase {
    private func kinds(_ text: String) -> [CSSToken.Kind] { CSSTokenizer.tokens(text).map(\.kind) }

    func testEscapesAreDecodedIntoTheTokensTheyMean() {
        XCTAssertEqual(kinds(#"@\69mport"#), [.atKeyword("import")])
        XCTAssertEqual(kinds(#"u\72l(http://x/y#g)"#), [.url("http://x/y#g")])
        XCTAssertEqual(kinds(##"ma\73k:url( "#m" )"##), [.ident("mask"), .colon, .function("url"), .whitespace, .string("#m"), .whitespace, .closeParen])
        XCTAssertEqual(kinds("\\000066ill"), [.ident("fill")])
        XCTAssertEqual(kinds(#"#a\.b .c"#), [.hash("a.b", isID: true), .whitespace, .delim("."), .ident("c")])
        XCTAssertEqual(kinds("/* a */-12.5e1px 50% +.5 --x <!-- -->"), [
            .dimension(-125, representation: "-12.5e1", unit: "px"), .whitespace, .percentage(50, representation: "50"), .whitespace,
            .number(0.5, representation: "+.5"), .whitespace, .ident("--x"), .whitespace, .cdo, .whitespace, .cdc,
        ])
        XCTAssertEqual(kinds("url(a b)"), [.badURL])
        XCTAssertEqual(kinds("'a\nb"), [.badString, .whitespace, .ident("b")])
    }

    func testTokensKnowTheirLineAndColumnInTheFile() {
        let tokens = CSSTokenizer.tokens("@\\69mport \"x\";\nrect{fill:u\\72l(y)}", start: JSONPosition(line: 12, column: 8))
        let placed = tokens.filter { $0.kind != .whitespace }.map { "\($0.kind.css)@\($0.line):\($0.column)" }
        XCTAssertEqual(placed, ["@import@12:8", "\"x\"@12:18", ";@12:21", "rect@13:1", "{@13:5", "fill@13:6", ":@13:10", "url(y)@13:11", "}@13:19"])
    }

    func testValuesAreWrittenBackSoTheyTokenizeToTheSameTokens() {
        for text in [#"u\72l(#a)"#, #""a\"b""#, "rgb(0, 128, 0)", #"'Noto Sans', sans-serif"#, "\\31 x", "url(\"a b\")"] {
            let once = CSSTokenizer.tokens(text).map(\.kind)
            let written = once.map(\.css).joined()
            XCTAssertEqual(CSSTokenizer.tokens(written).map(\.kind), once, "\(text) → \(written)")
        }
    }
}
