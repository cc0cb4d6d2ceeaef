import Foundation
import XCTest
@testable import ScreenshotCompose
@testable import Support
@testable import Ingest
@testable import Plan

/// `"template"` by device family or target, and the geometry a template gives target
/// expansion: one job composes iPhone, iPad and Google Play in a designer's look, and a target
/// and the same slot named by `storeWell` get the same answer.
final class TemplatePerDeviceTests: XCTestCase {
    private let epoch = PlanOptions(sourceDateEpoch: "1767225600")

    /// A designer's tablet template: its own colours and one capture slot with the device frame.
    static let tabletTemplate = """
    <svg xmlns="http://www.w3.org/2000/svg" width="2064" height="2752" viewBox="0 0 2064 2752">
      <rect id="background" width="2064" height="2752" fill="#102030"/>
      <g id="headline">
        <rect x="100" y="80" width="1864" height="300" fill="none"/>
        <text x="1032" y="260" font-family="DejaVu Sans" font-size="110" font-weight="700" fill="#ffffff" text-anchor="middle">Sample</text>
      </g>
      <rect id="capture" x="100" y="420" width="1864" height="2290" data-frame="device"/>
    </svg>
    """

    private func job(_ scratch: Scratch, template: Any, extra: [String: Any] = [:]) throws -> String {
        try scratch.write("tablet.svg", Self.tabletTemplate)
        try scratch.write("home.png", Data(contentsOf: Fixtures.captures.appendingPathComponent("dnschat-home.png")))
        try scratch.write("ipad.png", Data(contentsOf: Fixtures.repository.appendingPathComponent("fixtures/devices/ipad-13-inbox.png")))
        try scratch.write("android.png", Data(contentsOf: Fixtures.repository.appendingPathComponent("fixtures/devices/android-inbox.png")))
        var fields: [String: Any] = [
            "schemaVersion": 1, "output": "out",
            "captures": [["id": "home", "path": "home.png", "well": "ios-simulator-1206x2622"],
                         ["id": "inbox-ipad", "path": "ipad.png", "well": "ios-simulator-2064x2752"],
                         ["id": "inbox-android", "path": "android.png", "well": "android-emulator-1080x2400"]],
            "targets": ["app-store:iphone-6.9", "app-store:ipad-13", "google-play:phone"],
            "template": template,
            "headlines": ["en-US": ["home": "Ask anything over DNS", "inbox-ipad": "Every note, one glance away", "inbox-android": "Your notes, on every phone"]],
        ]
        for (key, value) in extra { fields[key] = value }
        return try scratch.writeJob(fields)
    }

    func testOneJobComposesIPhoneIPadAndPlayEachInItsTemplate() throws {
        let scratch = try Scratch()
        let report = ScreenshotComposer().render(jobFile: try job(scratch, template: ["phone": "classic", "tablet": "tablet.svg", "google-play:phone": "caption-below"]),
                                                 options: epoch)
        XCTAssertEqual(lines(report), [])
        let outputs = try XCTUnwrap(report.manifest?.outputs)
        XCTAssertEqual(outputs.map(\.png?.path), ["en-US/app-store-iphone-6.9/home.png", "en-US/app-store-ipad-13/inbox-ipad.png",
                                                  "en-US/google-play-phone/inbox-android.png"])
        // The manifest lists the job's first template and each other one the map used.
        XCTAssertEqual(report.manifest?.inputs.template.path, "builtin:caption-below")
        XCTAssertEqual(report.manifest?.inputs.templates?.map(\.path).sorted(), ["../tablet.svg", "builtin:classic"])
        func svg(_ path: String) throws -> String { try String(contentsOf: URL(fileURLWithPath: scratch.path("out/\(path)")), encoding: .utf8) }
        // The iPhone in classic (its frame, no punch hole), the iPad in the designer's file with
        // the tablet frame in its slot, the Play phone in caption-below with its well's punch hole (Pixel 8's).
        let iphone = try svg("en-US/app-store-iphone-6.9/home.svg"), ipad = try svg("en-US/app-store-ipad-13/inbox-ipad.svg")
        let play = try svg("en-US/google-play-phone/inbox-android.svg")
        XCTAssertTrue(iphone.contains(#"<g id="device-shadow""#) && !iphone.contains(#"id="device-camera""#))
        XCTAssertTrue(ipad.contains(##"fill="#102030""##) && ipad.contains(#"<circle id="device-front-camera""#), ipad)
        XCTAssertTrue(play.contains(#"<rect id="device-cutout""#) && !play.contains(#"id="device-camera""#), "the recorded punch hole, no drawn camera")
        for (path, size) in [("en-US/app-store-iphone-6.9/home.png", [1320, 2868]), ("en-US/app-store-ipad-13/inbox-ipad.png", [2064, 2752]),
                             ("en-US/google-play-phone/inbox-android.png", [1080, 1920])] {
            let png = try PNGCodec.decodeRGBA(Data(contentsOf: URL(fileURLWithPath: scratch.path("out/\(path)"))))
            XCTAssertEqual([png.header.width, png.header.height], size, path)
        }
        XCTAssertEqual(lines(ScreenshotComposer.verify(manifestFile: scratch.path("out/manifest.json"))), [])
    }

    func testAMapThatLeavesACaptureWithoutATemplateIsRefusedAndAnUnusedKeyWarned() throws {
        let scratch = try Scratch()
        let job = try job(scratch, template: ["phone": "classic", "watch": "classic", "google-play:phone": "caption-below", "google-play:tv-box": "classic"])
        let report = ScreenshotComposer().check(jobFile: job, options: epoch)
        XCTAssertEqual(lines(report), [
            "error: \(job): template.google-play:tv-box: unknown target: expected a device family, \"default\" or one of app-store:iphone-6.9, app-store:iphone-6.5, app-store:iphone-6.3, app-store:iphone-6.1, app-store:iphone-5.5, app-store:iphone-4.7, app-store:ipad-13, app-store:ipad-12.9, app-store:ipad-11, app-store:ipad-10.5, app-store:ipad-9.7, app-store:mac, app-store:apple-tv, app-store:vision-pro, app-store:watch, google-play:phone, google-play:tablet-7, google-play:tablet-10, google-play:chromebook, google-play:wear, google-play:tv, found \"google-play:tv-box\"",
            "error: \(job): template: no template for capture inbox-ipad on target app-store:ipad-13 (tablet): expected a key \"app-store:ipad-13\", \"tablet\", \"default\" in the template object, found google-play:phone, google-play:tv-box, phone, watch",
            "warning: \(job): template.watch: no capture composes with this template: expected a capture of family watch, found none",
        ])
        let other = try Scratch()
        let unknown = try self.job(other, template: ["handheld": "classic"])
        XCTAssertEqual(errorLines(ScreenshotComposer().check(jobFile: unknown, options: epoch)).first,
                       "error: \(unknown): template.handheld: unknown key: expected a device family (phone, tablet, desktop, watch, tv, headset, browser), a target such as google-play:phone (`wells --store`) or \"default\", found \"handheld\"")
    }

    /// The issue's case: `classic` draws a 750 px iPhone capture at 750 px on the 6.9 in slot,
    /// so neither `targets` nor `storeWell` refuses it; the placeholder template would enlarge
    /// it, so both refuse it with the same width; likewise a designer's template without a frame.
    func testTargetsAndStoreWellAgreeForEveryBuiltinAndTheOtherTemplates() throws {
        let plain = """
        <svg xmlns="http://www.w3.org/2000/svg" width="1320" height="2868" viewBox="0 0 1320 2868">
          <rect id="background" width="1320" height="2868" fill="#ffffff"/>
          <g id="headline"><rect x="60" y="60" width="1200" height="300" fill="none"/><text font-family="DejaVu Sans" font-size="90" fill="#000000">S</text></g>
          <rect id="capture" x="160" y="420" width="1000" height="2172"/>
        </svg>
        """
        let templates: [String] = BuiltinTemplate.allCases.filter { $0 != .featureGraphic }.map(\.rawValue) + ["plain.svg", "(placeholder)"]
        for template in templates {
            for (well, size, target, slot) in [("ios-simulator-750x1334", (750, 1334), "app-store:iphone-6.9", "app-store-iphone-6.9-portrait-1320x2868"),
                                               ("ios-simulator-1206x2622", (1206, 2622), "app-store:iphone-6.9", "app-store-iphone-6.9-portrait-1320x2868"),
                                               ("ios-simulator-1488x2266", (1488, 2266), "app-store:ipad-13", "app-store-ipad-13-portrait-2064x2752")] {
                var answers: [[String]] = []
                for viaTarget in [true, false] {
                    let scratch = try Scratch()
                    try scratch.write("plain.svg", plain)
                    try scratch.write("shot.png", try Fixtures.png(width: size.0, height: size.1))
                    var capture: [String: Any] = ["id": "shot", "path": "shot.png", "well": well]
                    var fields: [String: Any] = ["schemaVersion": 1, "output": "out", "headlines": ["en-US": ["shot": "Plan your week"]]]
                    if template != "(placeholder)" { fields["template"] = template }
                    if viaTarget { fields["targets"] = [slot] } else { capture["storeWell"] = slot }
                    fields["captures"] = [capture]
                    let report = ScreenshotComposer().render(jobFile: try scratch.writeJob(fields), options: epoch, svgOnly: true)
                    // The answer: refused with the width it would be drawn at, or the width drawn.
                    let refusal = errorLines(report).compactMap { line in line.range(of: #"at least [0-9.]+ px wide"#, options: .regularExpression).map { String(line[$0]) } }
                    let svg = try? String(contentsOf: URL(fileURLWithPath: scratch.path(viaTarget ? "out/en-US/\(target.replacingOccurrences(of: ":", with: "-"))/shot.svg" : "out/en-US/shot.svg")), encoding: .utf8)
                    let drawn = svg.flatMap { text in text.range(of: #"<image[^>]*id="capture"[^>]*>"#, options: .regularExpression).map { String(text[$0]) } }
                        .flatMap { tag in tag.range(of: #" width="[0-9.]+""#, options: .regularExpression).map { String(tag[$0]) } }
                    answers.append(refusal.isEmpty ? ["drawn", drawn ?? "no svg: \(errorLines(report))"] : ["refused"] + refusal)
                }
                XCTAssertEqual(answers[0], answers[1], "\(template), \(size) on \(target): targets vs storeWell")
                let builtin = BuiltinTemplate(rawValue: template) != nil
                // A built-in's frame is never drawn beyond the capture's pixels; the others
                // would enlarge the 750 px capture.
                if builtin || size.0 == 750 { XCTAssertEqual(answers[0].first, builtin ? "drawn" : "refused", "\(template), \(size): \(answers[0])") }
                if builtin && size.0 == 750 && template == "classic" {
                    XCTAssertEqual(answers[0], ["drawn", #" width="750""#], "classic draws a 750 px capture at its own width")
                }
            }
        }
    }
}
