import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Diagnostics
@testable import Ingest

/// Headlines that would draw nothing, or ship a localization tool's placeholders, are caught
/// where they were written (an adversarial pass found both rendered with exit 0).
final class HeadlineCharactersTests: XCTestCase {
    private func decode(_ headlines: String) -> [String] {
        var d = DiagnosticCollector()
        _ = JobLoader.decode(data: Data("""
        {"schemaVersion": 1, "output": "out", "captures": [{"id": "a", "path": "a.png", "well": "w"}], "headlines": {"en-US": {"a": \(headlines)}}}
        """.utf8), file: "job.json", directory: URL(fileURLWithPath: "/jobs"), into: &d)
        return lines(d)
    }

    func testAHeadlineOfCharactersThatDrawNothingIsRefused() {
        XCTAssertEqual(decode(#""\u200e\u00ad\u2800\ufeff""#), [
            "error: job.json: headlines.en-US.a: expected a non-empty headline, found only characters that draw nothing: U+200E U+00AD U+2800 U+FEFF",
        ])
        for one in [#""\u034f""#, #""\u115f""#, #""\u200f""#, #""\u200b\u2060""#] {
            XCTAssertEqual(decode(one).count, 1, one)
            XCTAssertTrue(decode(one)[0].contains("found only characters that draw nothing: U+"), one)
        }
        // Whitespace alone keeps its message; a visible character among invisible ones passes.
        XCTAssertEqual(decode(#""  ""#), [#"error: job.json: headlines.en-US.a: expected a non-empty headline, found "  ""#])
        XCTAssertEqual(decode(#""\u200eשלום\u00ad""#), [])
    }

    func testFormatSpecifiersAreNamedAsShippingLiterally() {
        XCTAssertEqual(decode(#""Save %lld%% with %@""#), [
            "warning: job.json: headlines.en-US.a: the headline keeps %lld %% %@ as written: the tool draws no format arguments, so they ship literally",
        ])
        XCTAssertEqual(decode(#""%1$@ new""#), [
            "warning: job.json: headlines.en-US.a: the headline keeps %1$@ as written: the tool draws no format arguments, so it ships literally",
        ])
        // Percentages in marketing copy are not specifiers.
        XCTAssertEqual(decode(#""Save 50% today, 100 % sure""#), [])
    }
}
