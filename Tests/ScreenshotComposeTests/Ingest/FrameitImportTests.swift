import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Diagnostics
@testable import Ingest

/// `init` on frameit folders (a Framefile.json beside the language folders, their
/// title.strings and keyword.strings, the team's fonts), then `render --layout fastlane` and
/// `verify`. The three folders are written here in the shapes public apps' frameit folders
/// have (fastlane/examples: MindNode, Acast, MyDayToDo): one font per role with keyword colours
/// per filter; fonts per language with `supported` lists and odd folder codes, titles with
/// line breaks in the Framefile; filters that are parts of file names, stacked titles,
/// UTF-16 strings files.
final class FrameitImportTests: XCTestCase {
    static let device = "iPhone SE (3rd generation)"

    /// DejaVu renamed to a family no machine has (scripts/rename-font-family.py).
    static func font(_ scratch: Scratch, _ relative: String, from source: String, family: String) throws {
        let path = scratch.path(relative)
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        process.arguments = [python, Fixtures.repository.appendingPathComponent("scripts/rename-font-family.py").path,
                             "/usr/share/fonts/truetype/dejavu/\(source)", path, family]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python3-fonttools (scripts/setup.sh installs it)")
    }

    /// A family-name suffix of letters only (a word starting with a digit is quoted in CSS).
    static func tag() -> String {
        String(UUID().uuidString.unicodeScalars.filter { $0.properties.isAlphabetic }.prefix(6))
    }

    static func captures(_ scratch: Scratch, folder: String, languages: [String], screens: [String]) throws {
        for language in languages {
            for screen in screens {
                let png = try Fixtures.pngVariant(width: 750, height: 1334, variant: "\(language) \(screen)")
                try scratch.write("\(folder)/\(language)/\(device)-\(screen).png", png)
            }
        }
    }

    static func utf16(_ text: String, bigEndian: Bool = false) -> Data {
        var data = Data(bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
        for unit in text.utf16 {
            data.append(contentsOf: bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)])
        }
        return data
    }

    /// Pixels within 24 per channel of `hex` in the rows of the headline's box (above the device).
    static func count(_ hex: String, in png: Data, rows: Range<Double>, columns: Range<Double> = 0..<1, tolerance: Int = 24) throws -> Int {
        let image = try PNGCodec.decodeRGBA(png)
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        let (r, g, b) = ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
        var n = 0
        let height = image.header.height
        for y in Int(rows.lowerBound * Double(height))..<Int(rows.upperBound * Double(height)) {
            for x in Int(columns.lowerBound * Double(image.header.width))..<Int(columns.upperBound * Double(image.header.width)) {
                let p = image.pixel(x: x, y: y)
                if abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance { n += 1 }
            }
        }
        return n
    }

    func initRenderVerify(_ scratch: Scratch, folder: String) throws -> (initOut: String, initErr: String) {
        let (status, out, err) = try runTool(["init", folder], cwd: scratch.url)
        XCTAssertEqual(status, 0, err)
        let (renderStatus, _, renderErr) = try runTool(["render", "job.json", "--layout", "fastlane"], environment: ["SOURCE_DATE_EPOCH": "0"], cwd: scratch.url)
        XCTAssertEqual(renderStatus, 0, renderErr)
        let (verifyStatus, verifyOut, verifyErr) = try runTool(["verify", "out/manifest.json"], cwd: scratch.url)
        XCTAssertEqual(verifyStatus, 0, verifyErr)
        XCTAssertTrue(verifyOut.hasPrefix("verified "), verifyOut)
        return (out, err)
    }

    func catalogValue(_ scratch: Scratch, _ key: String, _ locale: String) throws -> String? {
        let catalog = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path("headlines.xcstrings")))) as? [String: Any])
        let strings = try XCTUnwrap(catalog["strings"] as? [String: [String: Any]])
        let units = strings[key]?["localizations"] as? [String: [String: [String: String]]]
        return units?[locale]?["stringUnit"]?["value"]
    }

    /// MindNode's shape: one keyword font and one title font for every language, a title
    /// colour, a background and padding, and a keyword colour per filter; keyword.strings in
    /// UTF-16 (as Xcode writes it) for German.
    func testKeywordColourPerFilterAndAFontPerRoleAreDrawnPerScreen() throws {
        let scratch = try Scratch()
        let tag = Self.tag()
        try Self.captures(scratch, folder: "screenshots", languages: ["en-US", "de-DE"], screens: ["01Brainstorming", "02Organizing"])
        try Self.font(scratch, "screenshots/fonts/Keyword-Rg.ttf", from: "DejaVuSans-Bold.ttf", family: "Frameit Keyword \(tag)")
        try Self.font(scratch, "screenshots/fonts/Title-Th.ttf", from: "DejaVuSerif.ttf", family: "Frameit Title \(tag)")
        let jpeg = try Data(contentsOf: Fixtures.repository.appendingPathComponent("fixtures/backgrounds/paper.jpg"))
        try scratch.write("screenshots/background.jpg", jpeg)
        try scratch.write("screenshots/Framefile.json", """
            {
              "default": {
                "keyword": { "font": "./fonts/Keyword-Rg.ttf" },
                "title": { "font": "./fonts/Title-Th.ttf", "color": "#545454" },
                "background": "./background.jpg",
                "padding": 50
              },
              "data": [
                { "filter": "Brainstorming", "keyword": { "color": "#d21559" } },
                { "filter": "Organizing", "keyword": { "color": "#1f6feb" } },
                { "filter": "Sharing", "keyword": { "color": "#aa4dbc" } }
              ]
            }
            """)
        try scratch.write("screenshots/en-US/keyword.strings", "\"Brainstorming\" = \"Ideas grow\";\n\"Organizing\" = \"Sorted\";\n")
        try scratch.write("screenshots/en-US/title.strings", "/* titles */\n\"Brainstorming\" = \"as you think\";\n\"Organizing\" = \"in one place\";\n")
        try scratch.write("screenshots/de-DE/keyword.strings", Self.utf16("\"Brainstorming\" = \"Ideen\";\n\"Organizing\" = \"Sortiert\";\n"))
        try scratch.write("screenshots/de-DE/title.strings", "\"Brainstorming\" = \"wachsen beim Denken\";\n\"Organizing\" = \"an einem Ort\";\n")

        let (out, err) = try initRenderVerify(scratch, folder: "screenshots")
        XCTAssertTrue(out.contains("screenshots/Framefile.json: frameit look read: 4 headline(s) (keyword + title) from 2 language folder(s), 2 screen look(s), 2 font file(s)"), out)
        let framefile = scratch.path("screenshots/Framefile.json")
        XCTAssertEqual(err.split(separator: "\n").map(String.init), [
            "warning: \(framefile):11:17: data[2].filter: this filter matches no screenshot: expected a part of a file name such as \"\(Self.device)-01Brainstorming.png\", found \"Sharing\"; its look is left out",
        ])
        let job = try String(contentsOfFile: scratch.path("job.json"), encoding: .utf8)
        XCTAssertTrue(job.contains("""
              "emphasis": "asterisks",
              "theme": {"accentFont":"Frameit Keyword \(tag)","accentWeight":700,"background":"#f7e8cd","backgroundImage":"screenshots/background.jpg","headlineColor":"#545454","headlineWeight":400,"padding":{"x":0.067,"y":0.037},"screens":{"01Brainstorming":{"accent":"#d21559"},"02Organizing":{"accent":"#1f6feb"}}},
              "fonts": { "default": "Frameit Title \(tag)" },
              "fontFiles": ["screenshots/fonts/Title-Th.ttf", "screenshots/fonts/Keyword-Rg.ttf"],
            """), job)
        XCTAssertEqual(try catalogValue(scratch, "01Brainstorming", "en-US"), "*Ideas grow* as you think")
        XCTAssertEqual(try catalogValue(scratch, "02Organizing", "de-DE"), "*Sortiert* an einem Ort")

        // Each screen's keyword in its own colour, the title in the default's, in the headline's rows.
        for locale in ["en-US", "de-DE"] {
            let first = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/fastlane/screenshots/\(locale)/01_01Brainstorming_app-store-iphone-4.7.png")))
            let second = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/fastlane/screenshots/\(locale)/02_02Organizing_app-store-iphone-4.7.png")))
            XCTAssertGreaterThan(try Self.count("#d21559", in: first, rows: 0..<0.18), 300, locale)
            XCTAssertEqual(try Self.count("#d21559", in: second, rows: 0..<0.18), 0, locale)
            XCTAssertGreaterThan(try Self.count("#1f6feb", in: second, rows: 0..<0.18), 300, locale)
            XCTAssertEqual(try Self.count("#1f6feb", in: first, rows: 0..<0.18), 0, locale)
            XCTAssertGreaterThan(try Self.count("#545454", in: first, rows: 0..<0.18), 300, locale)
        }
        // The background image around the device (in the padding, where the template had its
        // own background colour): the paper's peach, the default #eef1f6 nowhere.
        for locale in ["en-US", "de-DE"] {
            let first = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/fastlane/screenshots/\(locale)/01_01Brainstorming_app-store-iphone-4.7.png")))
            let image = try PNGCodec.decodeRGBA(first)
            let strip = Int(0.05 * Double(image.header.width)) * image.header.height
            XCTAssertGreaterThan(try Self.count("#f8e9cf", in: first, rows: 0..<1, columns: 0..<0.05), strip * 9 / 10, locale)
            XCTAssertEqual(try Self.count("#eef1f6", in: first, rows: 0..<1, columns: 0..<0.05, tolerance: 4), 0, locale)
        }
        // The manifest hashes the background image as read, and each output's copy beside its SVG.
        let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.path("out/manifest.json")))) as? [String: Any])
        let backgrounds = try XCTUnwrap((record["inputs"] as? [String: Any])?["backgrounds"] as? [[String: Any]])
        XCTAssertEqual(backgrounds.map { $0["sha256"] as? String }, [SHA256.hex(jpeg)])
        XCTAssertEqual(backgrounds.map { $0["path"] as? String }, ["../screenshots/background.jpg"])
        for output in try XCTUnwrap(record["outputs"] as? [[String: Any]]) {
            let copy = try XCTUnwrap(output["background"] as? [String: Any])
            XCTAssertEqual(copy["sourceSHA256"] as? String, SHA256.hex(jpeg))
            let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/\(copy["path"] as? String ?? "")")))
            XCTAssertEqual(copy["sha256"] as? String, SHA256.hex(bytes))
            XCTAssertEqual(try PNGCodec.readHeader(bytes).width, 600)
        }
        // The manifest names the job's font files (as the job names them, from the frameit folder).
        let manifest = try String(contentsOfFile: scratch.path("out/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(scratch.path("screenshots/fonts/Keyword-Rg.ttf")), manifest)
        XCTAssertTrue(manifest.contains(scratch.path("screenshots/fonts/Title-Th.ttf")), manifest)
        // The keyword's own family in the composed SVG.
        let svg = try String(contentsOfFile: scratch.path("out/en-US/app-store-iphone-4.7/01Brainstorming.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("fill=\"#d21559\" font-weight=\"700\" font-family=\"Frameit Keyword \(tag)\">Ideas grow</tspan>"), svg)
    }

    /// Acast's shape: fonts per language (`supported`, with pt_BR and zh-Hans folders), the
    /// titles in the Framefile with line breaks, keyword.strings only, a keyword colour per filter.
    func testFontsPerLanguageAndFramefileTitlesWithLineBreaks() throws {
        let scratch = try Scratch()
        let tag = Self.tag()
        let languages = ["en-US", "pt_BR", "zh-Hans"]
        try Self.captures(scratch, folder: "fastlane/screenshots", languages: languages, screens: ["Discover", "Player"])
        try Self.font(scratch, "fastlane/screenshots/fonts/Gotham-Light.ttf", from: "DejaVuSans-ExtraLight.ttf", family: "Frameit Light \(tag)")
        try Self.font(scratch, "fastlane/screenshots/fonts/Gotham-Bold.ttf", from: "DejaVuSans-Bold.ttf", family: "Frameit Bold \(tag)")
        try scratch.write("fastlane/screenshots/Framefile.json", """
            {
              "default": {
                "keyword": { "fonts": [ { "font": "./fonts/Gotham-Bold.ttf", "supported": ["en-US", "pt_BR"] } ] },
                "title": {
                  "fonts": [ { "font": "./fonts/Gotham-Light.ttf", "supported": ["en-US", "pt_BR"] } ],
                  "color": "#1B1B1B"
                }
              },
              "data": [
                { "filter": "Discover", "title": { "text": "new and\\npopular podcasts" }, "keyword": { "color": "#C0392B" } },
                { "filter": "Player", "title": { "text": "makes the\\npodcast better" }, "keyword": { "color": "#1E6F3A" }, "title_below_image": true }
              ]
            }
            """)
        try scratch.write("fastlane/screenshots/en-US/keyword.strings", "\"Discover\" = \"Discover\";\n\"Player\" = \"Rich content\";\n")
        try scratch.write("fastlane/screenshots/pt_BR/keyword.strings", "\"Discover\" = \"Descubra\";\n\"Player\" = \"Conteúdo\";\n")
        try scratch.write("fastlane/screenshots/zh-Hans/keyword.strings", Self.utf16("\"Discover\" = \"发现\";\n\"Player\" = \"丰富内容\";\n"))

        let (out, err) = try initRenderVerify(scratch, folder: "fastlane")
        XCTAssertTrue(out.contains("fastlane/screenshots/Framefile.json: frameit look read: 6 headline(s) (keyword + title) from 3 language folder(s), 2 screen look(s), 2 font file(s)"), out)
        XCTAssertEqual(err, "")
        let job = try String(contentsOfFile: scratch.path("job.json"), encoding: .utf8)
        XCTAssertTrue(job.contains("""
              "theme": {"accentFont":{"en-US":"Frameit Bold \(tag)","pt-BR":"Frameit Bold \(tag)"},"accentWeight":700,"headlineColor":"#1b1b1b","headlineWeight":200,"screens":{"Discover":{"accent":"#c0392b"},"Player":{"accent":"#1e6f3a","headlinePosition":"below"}}},
              "fonts": { "en-US": "Frameit Light \(tag)", "pt-BR": "Frameit Light \(tag)" },
            """), job)
        XCTAssertEqual(try catalogValue(scratch, "Discover", "en-US"), "*Discover* new and\npopular podcasts")
        XCTAssertEqual(try catalogValue(scratch, "Player", "zh-Hans"), "*丰富内容* makes the\npodcast better")
        for locale in ["en-US", "pt-BR", "zh-Hans"] {
            let discover = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/fastlane/screenshots/\(locale)/01_Discover_app-store-iphone-4.7.png")))
            let player = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/fastlane/screenshots/\(locale)/02_Player_app-store-iphone-4.7.png")))
            XCTAssertGreaterThan(try Self.count("#c0392b", in: discover, rows: 0..<0.18), 200, locale)
            XCTAssertEqual(try Self.count("#1e6f3a", in: discover, rows: 0..<0.18), 0, locale)
            // Player's title below the device (its filter's title_below_image).
            XCTAssertEqual(try Self.count("#1e6f3a", in: player, rows: 0..<0.18), 0, locale)
            XCTAssertGreaterThan(try Self.count("#1e6f3a", in: player, rows: 0.8..<1), 200, locale)
        }
    }

    /// MyDayToDo's shape: filters that are parts of file names, no fonts, stacked titles,
    /// strings files in UTF-16 big-endian, a written `\n`, a filter for a screen not taken,
    /// a key frameit does not read.
    func testFiltersOnFileNamesStackedTitlesAndUnknownKeysAreTold() throws {
        let scratch = try Scratch()
        try Self.captures(scratch, folder: "shots", languages: ["en-US", "fr-FR"], screens: ["1_iphone6_1", "2_iphone6_2"])
        try scratch.write("shots/Framefile.json", """
            {
              "default": { "title": { "color": "#545454" }, "stack_title": true, "shadow": true, "frame": "WHITE" },
              "data": [
                { "filter": "1_iphone6_1", "keyword": { "color": "#205CCD" } },
                { "filter": "2_iphone6_2", "keyword": { "color": "#9A3412" } },
                { "filter": "5_iphone6_5", "keyword": { "color": "#d21559" } }
              ]
            }
            """)
        try scratch.write("shots/en-US/title.strings", Self.utf16("\"iphone6_1\" = \"Plan your day\";\n\"iphone6_2\" = \"Two lines\\\\nof title\";\n", bigEndian: true))
        try scratch.write("shots/en-US/keyword.strings", "\"iphone6_1\" = \"Today\";\n\"iphone6_2\" = \"\";\n")
        try scratch.write("shots/fr-FR/title.strings", "\"iphone6_1\" = \"Planifiez\";\n\"iphnoe6_2\" = \"Deux lignes\";\n")

        let (status, out, err) = try runTool(["init", "shots"], cwd: scratch.url)
        XCTAssertEqual(status, 0, err)
        let framefile = scratch.path("shots/Framefile.json")
        XCTAssertEqual(err.split(separator: "\n").map(String.init), [
            "warning: \(framefile):2:80: default.shadow: not a key frameit reads: expected one of background, font_scale_factor, force_device_type, frame, interline_spacing, keyword, padding, show_complete_frame, stack_title, title, title_below_image, title_min_height, use_platform, found \"shadow\"; left out",
            // A mistyped key leaves its screen without that text: told at its line (new-user run).
            "warning: \(scratch.path("shots/fr-FR/title.strings")):2:1: \"iphnoe6_2\": this key matches no screenshot of fr-FR: expected a part of a file name such as \"\(Self.device)-1_iphone6_1.png\", found \"iphnoe6_2\"; its text is left out",
            "warning: \(framefile):6:17: data[2].filter: this filter matches no screenshot: expected a part of a file name such as \"\(Self.device)-1_iphone6_1.png\", found \"5_iphone6_5\"; its look is left out",
        ])
        XCTAssertTrue(out.contains("3 headline(s)"), out)
        // frameit's WHITE device is the shipped frames in white.
        XCTAssertTrue(try String(contentsOfFile: scratch.path("job.json"), encoding: .utf8).contains("\"frameColor\":\"#f2f2f4\""))
        XCTAssertEqual(try catalogValue(scratch, "1_iphone6_1", "en-US"), "*Today*\nPlan your day")
        // An empty keyword is none (frameit ignores empty strings); a written \n breaks the line.
        XCTAssertEqual(try catalogValue(scratch, "2_iphone6_2", "en-US"), "Two lines\nof title")
        XCTAssertEqual(try catalogValue(scratch, "1_iphone6_1", "fr-FR"), "Planifiez")
        // A screen with no text in a language stays new: check names it.
        XCTAssertEqual(try catalogValue(scratch, "2_iphone6_2", "fr-FR"), "")
        let (checkStatus, _, checkErr) = try runTool(["check", "job.json"], cwd: scratch.url)
        XCTAssertEqual(checkStatus, 1)
        XCTAssertTrue(checkErr.contains("2_iphone6_2"), checkErr)
    }

    /// A malformed Framefile or .strings file: exit 1 at its line, expected vs found, nothing written.
    func testMalformedFilesAreRefusedAtTheirLineAndNothingIsWritten() throws {
        let scratch = try Scratch()
        try Self.captures(scratch, folder: "screenshots", languages: ["en-US"], screens: ["01Home"])
        try scratch.write("screenshots/Framefile.json", "{\n  \"default\": { \"title\": { \"color\": \"#545454\" } },\n  \"data\": [ { \"filter\": \"Home\" }, ]\n}\n")
        var (status, _, err) = try runTool(["init", "screenshots"], cwd: scratch.url)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(err.hasPrefix("error: \(scratch.path("screenshots/Framefile.json")):3:"), err)
        XCTAssertTrue(err.contains("not valid JSON"), err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("job.json")))

        try scratch.write("screenshots/Framefile.json", "{ \"default\": { \"title\": { \"color\": \"dark grey\" }, \"padding\": \"wide\" } }\n")
        (status, _, err) = try runTool(["init", "screenshots"], cwd: scratch.url)
        XCTAssertEqual(status, 1)
        XCTAssertEqual(err.split(separator: "\n").map { withoutPositions(String($0)) }, [
            "error: \(scratch.path("screenshots/Framefile.json")): default.padding: expected an integer, \"<horizontal>x<vertical>\" or a percentage such as \"5%\", found \"wide\"",
            "error: \(scratch.path("screenshots/Framefile.json")): default.title.color: expected a colour #rgb, #rrggbb or #rrggbbaa, found \"dark grey\"",
            "2 error(s)",
        ])

        try scratch.write("screenshots/Framefile.json", "{ \"default\": { \"title\": { \"font\": \"fonts/not-a-font.ttf\" } } }\n")
        try scratch.write("screenshots/fonts/not-a-font.ttf", "not a font")
        (status, _, err) = try runTool(["init", "screenshots"], cwd: scratch.url)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(err.contains("error: \(scratch.path("screenshots/fonts/not-a-font.ttf")): (file): not a font: expected a TrueType or OpenType font file"), err)

        // A background image that is no PNG or JPEG: named, as render would.
        try scratch.write("screenshots/Framefile.json", "{ \"default\": { \"background\": \"./background.gif\" } }\n")
        try scratch.write("screenshots/background.gif", Data("GIF89a".utf8) + Data(count: 16))
        (status, _, err) = try runTool(["init", "screenshots"], cwd: scratch.url)
        XCTAssertEqual(status, 1)
        XCTAssertEqual(err, "error: \(scratch.path("screenshots/background.gif")): (file): background image refused (default.background in \(scratch.path("screenshots/Framefile.json"))): expected a PNG or JPEG file, found neither signature (47 49 46 38)\n1 error(s)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("job.json")))

        try scratch.write("screenshots/Framefile.json", "{ \"default\": { \"title\": { \"color\": \"#545454\" } } }\n")
        try scratch.write("screenshots/en-US/title.strings", "\"Home\" = \"Welcome\"\n\"Other\" = \"x\";\n")
        (status, _, err) = try runTool(["init", "screenshots"], cwd: scratch.url)
        XCTAssertEqual(status, 1)
        XCTAssertEqual(err, "error: \(scratch.path("screenshots/en-US/title.strings")):2:1: line 2, column 1: syntax error: expected \";\" after the value of \"Home\", found \"\"\"\n1 error(s)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("job.json")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path("headlines.xcstrings")))
    }

    /// A screen's look for a screen the job does not have is refused naming it; a bad accentFont too.
    func testThemeScreensNameScreensOfTheJob() throws {
        let scratch = try Scratch()
        let job = try Fixtures.mobileJob(in: scratch, extra: ["theme": ["screens": ["shot": ["accent": "#d21559"], "other": ["accent": "#000000"]], "accentFont": ["default": "Lato", "nope!": "x"]]])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: job, options: PlanOptions())), [
            "error: \(job): theme.accentFont.nope!: expected \"default\" or a BCP 47 locale or language, found \"nope!\"",
            "error: \(job): theme.screens.other: a screen's look for an unknown screen: expected one of shot, found \"other\"",
            "error: \(job): theme.accentFont: font family \"Lato\" is not installed or registered: expected a family fontconfig knows (fc-list : family) or one in fontFiles, found none",
        ])
    }
}
