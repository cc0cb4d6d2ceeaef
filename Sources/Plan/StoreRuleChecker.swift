import Foundation
import Diagnostics
import Support
import Ingest

/// Checks store rules on outputs composed to store slots. A violated rule with a verified
/// citation is an error; a violated rule without one (or marked unverified) is a warning that
/// says so, since no store fact is asserted without a source.
public enum StoreRuleChecker {
    /// Before rendering: each slot's canvas size against the accepted sizes of its class
    /// (landscape = portrait swapped) and Google Play's side and aspect limits, and the number
    /// of outputs per store class and locale against the maximum count.
    public static func checkPlan(captures: [PlannedCapture], locales: [String], rules: [StoreRule], file: String,
                                 into d: inout DiagnosticCollector) {
        var reported: Set<String> = []
        for capture in captures {
            guard let claim = capture.canvas.storeWell, let store = claim.store, !reported.contains(capture.canvas.id) else { continue }
            reported.insert(capture.canvas.id)
            for finding in checkCanvas(capture.canvas, claim: claim, store: store, rules: rules) {
                report(finding, file: file, field: "wells \(capture.canvas.id)", &d)
            }
        }
        var perClass: [String: [String]] = [:]
        for capture in captures {
            guard let claim = capture.canvas.storeWell, let store = claim.store else { continue }
            // A {locale} capture is one screenshot per locale, not one per locale's file.
            let key = "\(store)\u{0}\(claim.storeClass)"
            if perClass[key]?.contains(capture.id) != true { perClass[key, default: []].append(capture.id) }
        }
        for rule in rules {
            guard case .maximumCount(let maximum) = rule.kind else { continue }
            for (key, ids) in perClass.sorted(by: { $0.key < $1.key }) where key.hasPrefix(rule.store + "\u{0}") && ids.count > maximum {
                let storeClass = String(key.split(separator: "\u{0}").last ?? "")
                guard rule.applies(toClass: storeClass) else { continue }
                let finding = Finding(rule: rule, message: "\(rule.store) allows at most \(maximum) screenshots per \(storeClass) and locale: expected at most \(maximum), found \(ids.count) (\(ids.joined(separator: ", "))) in each of \(locales.joined(separator: ", "))")
                report(finding, file: file, field: "captures", &d)
            }
        }
    }

    /// Before rendering: a class its store shows as the app alone (`appAlone`: Google Play's
    /// Wear OS) composed with a headline or a device frame, once per canvas. Every template sets
    /// a headline, so such a class is never composed: its captures are uploaded as they are.
    /// `frame` describes the frame an output of the capture draws around it (nil: none).
    public static func checkAppAlone(captures: [PlannedCapture], rules: [StoreRule], job: Job,
                                     frame: (PlannedCapture) -> String?, into d: inout DiagnosticCollector) {
        var reported: Set<String> = []
        for capture in captures {
            guard let claim = capture.canvas.storeWell, let store = claim.store,
                  let rule = rules.first(where: { $0.store == store && $0.kind == .appAlone && $0.applies(toClass: claim.storeClass) }),
                  reported.insert(capture.canvas.id).inserted else { continue }
            let found = ["a headline (every template sets one)"] + (frame(capture).map { [$0] } ?? [])
            let field: String, remedy: String
            if let target = capture.target {
                field = job.targets.firstIndex { $0 == target.name || $0 == capture.canvas.id }.map { "targets[\($0)]" } ?? "targets"
                remedy = "remove \(target.name) from \"targets\" and leave the device out (\"leaveOut\"), uploading its captures as they are"
            } else {
                field = "\(capture.jobField ?? "captures[\(capture.jobIndex)]").storeWell"
                remedy = "compose the capture to no \(claim.storeClass) slot and upload it as it is"
            }
            let finding = Finding(rule: rule, message: "\(store) shows \(claim.storeClass) screenshots as the app alone (store rule appAlone): expected capture \(capture.id) on \(capture.canvas.id) with no device frame and no text, found \(found.joined(separator: " and ")); \(remedy)")
            report(finding, file: job.file, field: field, &d)
            d.attribute(since: d.diagnostics.count - 1, to: capture.id)
        }
    }

    /// After encoding: the file itself (alpha channel, colour type, size in bytes).
    public static func checkFile(_ png: Data, canvas: Well, rules: [StoreRule]) -> [Finding] {
        guard let claim = canvas.storeWell, let store = claim.store else { return [] }
        var findings: [Finding] = []
        let header = try? PNGCodec.readHeader(png)
        for rule in rules where rule.store == store && rule.applies(toClass: claim.storeClass) {
            switch rule.kind {
            case .noAlpha:
                let alpha = header.map { $0.colorType == .rgba || $0.colorType == .grayAlpha || $0.hasTRNS } ?? true
                if alpha {
                    findings.append(Finding(rule: rule, message: "\(store) refuses transparency: expected 8-bit RGB without alpha, found \(header.map { "\($0.colorType.name)\($0.hasTRNS ? " with tRNS" : "")" } ?? "no readable PNG header")"))
                }
            case .maximumBytes(let maximum) where png.count > maximum:
                findings.append(Finding(rule: rule, message: "\(store) file size limit: expected at most \(maximum) bytes, found \(png.count)"))
            default:
                break
            }
        }
        return findings
    }

    /// The canvas's size against the store's size rules.
    public static func checkCanvas(_ canvas: Well, claim: StoreWellClaim, store: String, rules: [StoreRule]) -> [Finding] {
        var findings: [Finding] = []
        let w = canvas.width, h = canvas.height
        // A class may cite its sizes in several rules (iPad 9.7 in: the full-screen sizes, and
        // those without the status bar from a source not confirmed): a size is accepted when any
        // of them lists it, and only enforced when an enforced one does.
        var sizeRules: [(rule: StoreRule, accepts: Bool, list: String)] = []
        for rule in rules where rule.store == store && rule.applies(toClass: claim.storeClass) {
            switch rule.kind {
            case .acceptedSizes(let storeClass, let sizes, let swapped) where storeClass == claim.storeClass:
                let accepts = sizes.contains { ($0.width == w && $0.height == h) || (swapped && $0.width == h && $0.height == w) }
                let list = sizes.isEmpty ? "" : sizes.map { "\($0.width)×\($0.height)" }.joined(separator: ", ") + (swapped ? " (or swapped for landscape)" : "")
                sizeRules.append((rule, accepts, list))
            case .sideRange(let low, let high) where min(w, h) < low || max(w, h) > high:
                findings.append(Finding(rule: rule, message: "\(store) side limits: expected each side \(low)–\(high) px, found \(w)×\(h)"))
            case .maximumAspect(let ratio) where Double(max(w, h)) > ratio * Double(min(w, h)):
                findings.append(Finding(rule: rule, message: "\(store) aspect limit: expected the long side at most \(SVGNumber.format(ratio))× the short side, found \(w)×\(h) (\(SVGNumber.format(Double(max(w, h)) / Double(min(w, h))))×)"))
            default:
                break
            }
        }
        if sizeRules.isEmpty {
            if store == "app-store" {
                findings.append(Finding(rule: nil, message: "no cited accepted sizes for \(claim.storeClass): expected an acceptedSizes rule for the class, found none"))
            }
        } else if !sizeRules.contains(where: { $0.accepts && $0.rule.enforced }) {
            let enforced = sizeRules.filter(\.rule.enforced)
            if let cited = sizeRules.first(where: \.accepts) {
                // Reported only beside confirmed sizes of the class (a class whose sizes are all
                // unverified is reported by its rules' status, `wells --store`).
                if !enforced.isEmpty {
                    findings.append(Finding(rule: cited.rule, message: "size cited for \(claim.storeClass) by a source not confirmed: expected one of \(enforced.map(\.list).joined(separator: "; ")), found \(w)×\(h)"))
                }
            } else {
                let rule = enforced.first?.rule ?? sizeRules[0].rule
                // Each rule's sizes, rules apart by "; " (never an empty list: Alternatives).
                let lists = sizeRules.map(\.list).filter { !$0.isEmpty }
                let expected = lists.isEmpty ? Alternatives.oneOf([], none: "a size the rule lists (it lists none)") : "one of \(lists.joined(separator: "; "))"
                findings.append(Finding(rule: rule, message: "size not accepted for \(claim.storeClass): expected \(expected), found \(w)×\(h)"))
            }
        }
        return findings
    }

    /// A rule's outcome: `rule` nil means a rule the catalog lacks.
    public struct Finding: Equatable, Sendable {
        public var rule: StoreRule?
        public var message: String

        public var enforced: Bool { rule?.enforced ?? false }
    }

    package static func report(_ finding: Finding, file: String, field: String, _ d: inout DiagnosticCollector) {
        if finding.enforced {
            d.error(file, field, finding.message + " [\(finding.rule?.citation?.url ?? "")]")
        } else {
            let why = finding.rule == nil ? "no rule to check against" : (finding.rule?.citation == nil ? "rule has no citation" : "rule's citation is unverified")
            d.warning(file, field, finding.message + " (not enforced: \(why))")
        }
    }
}
