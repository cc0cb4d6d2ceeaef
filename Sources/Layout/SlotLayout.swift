/// Where everything goes in a slot-marked template: the template itself (so the output value
/// is self-contained), each capture in its slot and each text fitted in its box.
import Support
import Diagnostics
import Ingest
import Plan

public struct SlotLayout: Equatable, Sendable {
    public var template: SlotTemplate
    public var captures: [PlacedCapture]
    /// `headline`, `subtitle`, `badge` → the fitted lines.
    public var texts: [String: HeadlineLayout]
}

/// Why a slot layout was refused.
public enum SlotRefusal: Error, Equatable, Sendable {
    /// Text of slot `slot` could not be set in its box.
    case text(slot: String, HeadlineRefusal)
    /// The capture would be drawn wider than its own pixels.
    case enlarged(slot: String, captureIndex: Int, placedWidth: Double, captureWidth: Int)
    /// More captures than capture slots.
    case tooFewSlots(slots: Int, captures: Int)
}

extension SlotRefusal {
    init(_ refusal: CapturePlacement.Refusal) {
        switch refusal {
        case .enlarged(let slot, let index, let placed, let width): self = .enlarged(slot: slot, captureIndex: index, placedWidth: placed, captureWidth: width)
        case .tooFewSlots(let slots, let captures): self = .tooFewSlots(slots: slots, captures: captures)
        }
    }
}

extension LayoutEngine {
    /// Lays out captures (index, width, height) and texts (slot id → text) in a slot template.
    /// Text uses the sample's style: its family first (then the locale's fallbacks, so every
    /// script has glyphs), its size as the largest, shrinking to `minimumScale` of it, wrapping
    /// to `maxLines` (2 for subtitles and badges), balanced, centred vertically in the box.
    /// With a `frame`, the slot is where the frame goes: the frame is fitted into it (never so
    /// large that the capture is enlarged) and the capture into the frame's screen.
    public func layout(template: SlotTemplate, captures: [(index: Int, width: Int, height: Int, frame: UserFrame?)], texts: [String: String],
                       locale: String, typesetter: Typesetting, fixedSize: Double? = nil) -> Result<CanvasLayout, SlotRefusal> {
        // A `{{PLACEHOLDER}}` template's headline is judged before its capture is placed (its
        // refusals are the job's headline's, as they always were).
        let placement = CapturePlacement.placeCaptures(template, captures).mapError(SlotRefusal.init)
        if case .failure(let refusal) = placement, !template.placeholders { return .failure(refusal) }
        struct Fitted {
            var fit: FittedHeadline
            var style: TextStyle
            var slot: SlotTemplate.TextSlot
            var band: Rect
            var anchor: String
            var x: Double
        }
        // Texts set under another (`stackedGap`) are fitted first: the one above gets the rest of its box.
        let ids = template.texts.keys.sorted { a, b in
            let (sa, sb) = (template.texts[a]?.stackedGap != nil, template.texts[b]?.stackedGap != nil)
            return sa != sb ? sa : a < b
        }
        if template.texts.values.contains(where: { $0.stackedGap != nil }), let headline = texts["headline"] {
            let emoji = EmojiScan.emoji(in: headline)
            if !emoji.isEmpty && typesetting.emoji == .refuse { return .failure(.text(slot: "headline", .emoji(emoji))) }
            if case .failure(let refusal) = styled(headline) { return .failure(.text(slot: "headline", refusal)) }
        }
        var fits: [String: Fitted] = [:]
        var stacked: Fitted?
        for id in ids {
            guard let slot = template.texts[id], let text = texts[id], !HeadlineFitter.paragraphs(text).isEmpty else { continue }
            let isHeadline = id.hasPrefix("headline")
            // A `{{PLACEHOLDER}}` template's subtitle is set as plain text, as it always was
            // (no emphasis markup, its emoji not refused).
            let plain = slot.stackedGap != nil
            let emoji = EmojiScan.emoji(in: text)
            if !plain && !emoji.isEmpty && typesetting.emoji == .refuse { return .failure(.text(slot: id, .emoji(emoji))) }
            let size = isHeadline ? (fixedSize ?? slot.size) : slot.size
            var style = self.style(locale: locale, size: size)
            if !template.localeFonts { style.fontFamily = "\(slot.fontFamily), \(style.fontFamily)" }
            style.weight = slot.weight
            let isBadge = id.hasPrefix("badge")
            var fitter = headlineFitter(locale: locale, maxLines: isHeadline ? typesetting.maxLines : isBadge ? 1 : 2,
                                        minimumSize: isHeadline && fixedSize != nil ? size : (slot.size * typesetting.minimumScale).rounded(.down))
            fitter.maxLinesFromJob = isHeadline
            // A badge is one line; on its own fill (a pill) it keeps clear of the rounded ends
            // (half the box's height each side), so its text never touches the pill's edge.
            var band = slot.box
            if isBadge {
                let inset = slot.boxFill == nil ? 0 : min(band.height / 2, band.width / 4)
                band = Rect(x: band.x + inset, y: band.y, width: band.width - 2 * inset, height: band.height)
                fitter.oneLineReason = inset > 0 ? "a badge is one line, clear of its pill's ends, \(SVGNumber.format(inset)) px each side" : "a badge is one line"
            }
            if id == "headline", let below = stacked, let gap = below.slot.stackedGap {
                band.height = slot.box.height - below.fit.height - gap
            }
            let styledText: StyledText
            switch plain ? .success(StyledText(text)) : styled(text) {
            case .success(let value): styledText = value
            case .failure(let refusal): return .failure(.text(slot: id, refusal))
            }
            switch fitter.fit(styledText, style: style, band: band, typesetter: typesetter) {
            case .failure(let refusal):
                return .failure(.text(slot: id, refusal))
            case .success(let fit):
                style.size = fit.size
                // `start` is the right edge in right-to-left text.
                let anchor = style.rightToLeft ? ["start": "end", "end": "start"][slot.anchor] ?? slot.anchor : slot.anchor
                let x = anchor == "start" ? band.x : anchor == "end" ? band.maxX : band.x + band.width / 2
                let fitted = Fitted(fit: fit, style: style, slot: slot, band: band, anchor: anchor, x: x)
                if slot.stackedGap != nil { stacked = fitted } else { fits[id] = fitted }
            }
        }
        var fitted: [String: HeadlineLayout] = [:]
        func place(_ id: String, _ f: Fitted, top: Double, band: Rect, lackedPatterns: Bool) -> SlotRefusal? {
            let lines = zip(f.fit.lines, f.fit.measurements).enumerated().map { index, pair in
                HeadlineLine(pair.0, x: f.x, y: top + Double(index) * f.fit.lineHeight + f.fit.baseline, measurement: pair.1)
            }
            switch withColorEmoji(lines, style: f.style, typesetter: typesetter, anchor: f.anchor) {
            case .success(let drawn):
                fitted[id] = HeadlineLayout(style: f.style, lines: drawn, band: band, hyphenationPatterns: f.fit.hyphenationPatterns,
                                            lackedPatterns: lackedPatterns)
                return nil
            case .failure(let refusal): return .text(slot: id, refusal)
            }
        }
        for id in fits.keys.sorted() {
            guard let f = fits[id] else { continue }
            if id == "headline", let below = stacked, let gap = below.slot.stackedGap {
                // The headline and the text under it, centred together in the headline's box.
                let box = f.slot.box
                let top = box.y + (box.height - (f.fit.height + gap + below.fit.height)) / 2
                if let refusal = place(id, f, top: top, band: box, lackedPatterns: f.fit.lackedPatterns || below.fit.lackedPatterns) { return .failure(refusal) }
                if let refusal = place(below.slot.id, below, top: top + f.fit.height + gap, band: box, lackedPatterns: false) { return .failure(refusal) }
                continue
            }
            if let refusal = place(id, f, top: f.slot.box.y + (f.slot.box.height - f.fit.height) / 2, band: f.slot.box,
                                   lackedPatterns: f.fit.lackedPatterns) { return .failure(refusal) }
        }
        let placed: [PlacedCapture]
        switch placement {
        case .success(let value): placed = value
        case .failure(let refusal): return .failure(refusal)
        }
        let first = placed.first
        let headline = fitted["headline"] ?? HeadlineLayout(style: style(locale: locale, size: 0), lines: [], band: Rect(x: 0, y: 0, width: 0, height: 0))
        let captureRect = first?.rect ?? Rect(x: 0, y: 0, width: 0, height: 0)
        var layout = CanvasLayout(width: template.width, height: template.height, headline: headline, subtitle: fitted["subtitle"],
                                  frame: captureRect, frameRadius: first?.radius ?? 0, capture: captureRect, captureRadius: first?.radius ?? 0)
        if let first, let framed = template.captures.first(where: { $0.id == first.slotId })?.placeholderFrame {
            (layout.frame, layout.frameRadius) = framed.slots.frame(around: first.rect, captureRadius: first.radius)
        }
        layout.slots = SlotLayout(template: template, captures: placed, texts: fitted)
        return .success(layout)
    }
}
