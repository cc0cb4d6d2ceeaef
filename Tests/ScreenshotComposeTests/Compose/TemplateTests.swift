import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest
@testable import Layout
@testable import Compose
#if canImport(FoundationXML)
import FoundationXML
#endif

final class TemplateTests: XCTestCase {
    private var shipped: String { (try? String(contentsOf: Fixtures.template, encoding: .utf8)) ?? "" }

    private func parse(_ text: String) -> (SVGTemplate?, [String]) {
        var d = DiagnosticCollector()
        let template = SVGTemplate.parse(text, file: "t.svg.tmpl", into: &d)
        return (template, lines(d))
    }

    private func values(headline: String) -> [Placeholder: String] {
        var v: [Placeholder: String] = [:]
        for p in Placeholder.allCases { v[p] = "10" }
        v[.locale] = "de-DE"
        v[.captureId] = "inbox"
        v[.captureHref] = "captures/inbox.png"
        v[.fontFamily] = "Noto Sans"
        v[.tool] = "store-screenshot-compose 0.1.0"
        v[.composedAt] = "2026-01-01T00:00:00Z"
        v[.headline] = headline
        v[.headlineDirection] = "ltr"
        v[.headlineTspans] = SVGComposer.tspans([HeadlineLine(text: headline, x: 5, y: 7,
            measurement: TextMeasurement(width: 0, height: 0, baseline: 0, inkX: 0, inkY: 0, inkWidth: 0, inkHeight: 0))])
        return v
    }

    func testShippedTemplateParsesAndUsesEveryPlaceholder() throws {
        let (template, problems) = parse(shipped)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(try XCTUnwrap(template).placeholders, Set(Placeholder.allCases))
    }

    func testHeadlineComesBackExactlyFromTitleAndIsNeverRescanned() throws {
        let headline = #"Fish & <chips> "quoted" 'single' {{WIDTH}} ]]> done"#
        let template = try XCTUnwrap(parse(shipped).0)
        let svg = try template.fill(values(headline: headline))
        // The literal {{WIDTH}} of the headline stays literal (in <title> and <text>) and
        // nothing else is left unfilled.
        XCTAssertEqual(svg.components(separatedBy: "{{").count - 1, 2)
        XCTAssertNil(XMLText.wellFormednessError(Data(svg.utf8)))
        let document = try XMLDocument(xmlString: svg, options: [])
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.elements(forName: "title").first?.stringValue, headline)
        let text = try XCTUnwrap(root.elements(forName: "text").first)
        XCTAssertEqual(text.stringValue, headline)
        XCTAssertEqual(text.elements(forName: "tspan").count, 1)
        XCTAssertEqual(root.attributes?.first { $0.name == "data-not-capture-evidence" }?.stringValue, "true")
        XCTAssertEqual(root.attributes?.first { $0.name == "xml:lang" }?.stringValue, "de-DE")
        XCTAssertEqual(root.attributes?.first { $0.name == "data-capture-id" }?.stringValue, "inbox")
    }

    func testAttributeValuesAreEscapedForAttributes() throws {
        let template = try XCTUnwrap(parse(shipped).0)
        var v = values(headline: "x")
        v[.fontFamily] = #"Evil" onload="alert(1)"#
        let svg = try template.fill(v)
        let document = try XMLDocument(xmlString: svg, options: [])
        let text = try XCTUnwrap(document.rootElement()?.elements(forName: "text").first)
        XCTAssertEqual(text.attributes?.first { $0.name == "font-family" }?.stringValue, #"Evil" onload="alert(1)"#)
        XCTAssertNil(text.attributes?.first { $0.name == "onload" })
    }

    func testUnknownPlaceholderIsNamed() {
        let (template, problems) = parse(shipped.replacingOccurrences(of: "<title>{{HEADLINE}}</title>", with: "<title>{{HEADLINE}} {{SUBTITLE}}</title>"))
        XCTAssertNil(template)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("error: t.svg.tmpl: {{SUBTITLE}} (line 8): unknown placeholder: expected one of WIDTH, HEIGHT,"), problems[0])
        XCTAssertTrue(problems[0].hasSuffix("found {{SUBTITLE}}"), problems[0])
    }

    func testMissingMarkerAttributeIsRefused() {
        let (template, problems) = parse(shipped.replacingOccurrences(of: #"data-not-capture-evidence="true""#, with: ""))
        XCTAssertNil(template)
        XCTAssertEqual(problems, [
            #"error: t.svg.tmpl: <svg> data-not-capture-evidence: missing not-capture-evidence marker: expected data-not-capture-evidence="true" on the root, found none"#,
        ])
    }

    func testMissingDescIsRefused() throws {
        let start = try XCTUnwrap(shipped.range(of: "<desc>"))
        let end = try XCTUnwrap(shipped.range(of: "</desc>"))
        let (template, problems) = parse(shipped.replacingCharacters(in: start.lowerBound..<end.upperBound, with: ""))
        XCTAssertNil(template)
        XCTAssertEqual(problems, [
            #"error: t.svg.tmpl: <desc>: missing not-capture-evidence marker: expected a <desc> that says "not capture evidence" and names {{CAPTURE_ID}}, found no <desc>"#,
        ])
    }

    func testTemplateThatIsNotXMLIsRefused() {
        let (template, problems) = parse(shipped.replacingOccurrences(of: "</svg>", with: ""))
        XCTAssertNil(template)
        XCTAssertEqual(problems.count, 1)
        XCTAssertEqual(problems[0], "error: t.svg.tmpl: (template): template is not well-formed XML: Premature end of data in tag svg line 2")
    }

    func testMarkupPlaceholderInsideATagIsRefused() {
        let (template, problems) = parse(shipped.replacingOccurrences(of: #"fill="{{HEADLINE_COLOR}}""#, with: #"fill="{{HEADLINE_TSPANS}}""#))
        XCTAssertNil(template)
        XCTAssertEqual(problems, [
            "error: t.svg.tmpl: {{HEADLINE_TSPANS}} (line 12): markup placeholder inside a tag: expected {{HEADLINE_TSPANS}} between elements, as the content of <text>, found it inside a tag",
        ])
    }

    func testPlaceholderPlacesFollowQuotesCommentsAndStyle() throws {
        // A ">" inside a quoted value does not end the tag: the placeholder is still an attribute.
        let quoted = shipped.replacingOccurrences(of: "<rect id=\"background\"", with: "<rect data-note=\"a>b\" aria-label=\"{{HEADLINE}}\" id=\"background\"")
        let template = try XCTUnwrap(parse(quoted).0)
        var v = values(headline: #"x" onload="alert(1)"#)
        v[.headline] = #"x" onload="alert(1)"#
        let svg = try template.fill(v)
        XCTAssertTrue(svg.contains(#"aria-label="x&quot; onload=&quot;alert(1)""#), svg)
        XCTAssertNil(XMLText.wellFormednessError(Data(svg.utf8)))

        let places = [
            ("<style>/* {{HEADLINE}} */</style>", "inside <style>, where a value would be CSS rather than text"),
            ("<!-- {{HEADLINE}} -->", "inside a comment, where \"--\" in a value would end it"),
            ("<text><![CDATA[{{HEADLINE}}]]></text>", "inside a CDATA section, which escaping cannot protect"),
            ("<rect {{HEADLINE}}/>", "inside a tag outside any quoted attribute value, where a value could add attributes"),
        ]
        for (snippet, reason) in places {
            let (refused, problems) = parse(shipped.replacingOccurrences(of: "</svg>", with: snippet + "\n</svg>"))
            XCTAssertNil(refused, snippet)
            XCTAssertTrue(problems.first?.hasSuffix("placeholder in an unsafe place: expected it in element text or a quoted attribute value, found it \(reason)") == true, "\(problems)")
        }
    }

    func testProcessingInstructionsAreRefusedBeforeTheParserSeesThem() {
        // Regression for a `make fuzz` crash: FoundationXML's XMLParser dereferences NULL on
        // a processing instruction without data.
        // (Now refused by the one reader, libxml2, naming the line: issue 24.)
        var d = DiagnosticCollector()
        let template = SVGTemplate.parse(shipped.replacingOccurrences(of: "<title>", with: "<?x?><title>"), file: "t.svg.tmpl", into: &d)
        XCTAssertNil(template)
        XCTAssertEqual(d.diagnostics.map(\.line), ["error: t.svg.tmpl:8:1: (template): processing instruction in a template: expected none but the XML declaration at the start, found <?x…?>"])
        XCTAssertNotNil(XMLText.wellFormednessError(Data("=<?\u{82}?>>Le<?>".utf8)))
    }

    func testDeclaredPlaceholdersMustBeOnesTheToolFills() {
        let declared = shipped.replacingOccurrences(of: #"data-not-capture-evidence="true""#,
                                                    with: #"data-not-capture-evidence="true" data-template-requires="HEADLINE_COLOR BRAND_LOGO""#)
        let (template, problems) = parse(declared)
        XCTAssertNil(template)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasPrefix("error: t.svg.tmpl: <svg> data-template-requires: required placeholder the tool does not fill: expected one of WIDTH,"), problems[0])
        XCTAssertTrue(problems[0].hasSuffix("found BRAND_LOGO"), problems[0])
    }

    func testDoctypeAndEntitiesAreRefused() {
        let (template, problems) = parse(shipped.replacingOccurrences(of: "<svg xmlns", with: "<!DOCTYPE svg [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<svg xmlns"))
        XCTAssertNil(template)
        // A plain-text internal entity (Illustrator declares its namespaces so) is read; an
        // external one is refused before anything loads it (issue 24).
        XCTAssertEqual(problems.first, "error: t.svg.tmpl: <!DOCTYPE>: templates may declare only plain-text internal entities (an external, parameter or nested entity would be resolved differently by librsvg and browsers, or expand without bound): expected none or plain text, found entity x is external")
    }

    func testUnfilledPlaceholderIsAnError() throws {
        let template = try XCTUnwrap(parse(shipped).0)
        var v = values(headline: "x")
        v[.frameRadius] = nil
        XCTAssertThrowsError(try template.fill(v)) { error in
            XCTAssertEqual("\(error)", "placeholder {{FRAME_RADIUS}} has no value")
        }
    }

    func testControlCharacterInAValueIsRefusedWithItsCodePoint() throws {
        let template = try XCTUnwrap(parse(shipped).0)
        XCTAssertThrowsError(try template.fill(values(headline: "bell\u{07}"))) { error in
            XCTAssertEqual("\(error)", "value of {{HEADLINE}} holds U+0007, which XML 1.0 cannot carry")
        }
    }

    func testNumbersAreWrittenTheSameEverywhere() {
        XCTAssertEqual(SVGNumber.format(1206), "1206")
        XCTAssertEqual(SVGNumber.format(59.4166), "59.42")
        XCTAssertEqual(SVGNumber.format(0.5), "0.5")
        XCTAssertEqual(SVGNumber.format(0.05), "0.05")
        XCTAssertEqual(SVGNumber.format(-3.1), "-3.1")
    }
}
