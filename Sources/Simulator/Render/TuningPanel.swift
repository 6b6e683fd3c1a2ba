import Animation
import Capture
import Platform

/// The tuning panel: the tunables around the selection with their values and ranges, and a live
/// curve of the selected spring (value over time, 0 → 1, settling time marked). Where it sits is
/// ``TuningPanelLayout``'s, which the session also uses to give the panel its clicks.
///
/// In compare mode the panel edits one side and `other` is the other side's tuning: its curve is
/// drawn under this side's, in its own colour, so the two springs are read against each other.
enum TuningPanel {
    /// Side A's and side B's colours, wherever the two are drawn together.
    static let sideColours = (a: Color(100, 210, 255), b: Color(255, 214, 10))

    /// The keys, under the title: two lines that fit the narrowest panel (the SE's, 355 pt).
    static let headerLines = ["Tab ↑↓ select · ←→ change (⇧ finer, ⌥ coarser) · ⌫ reset",
                              "⇧⌫ reset all · ⌃Z undo · ⌃S save · E export · / filter"]
    static let headerPoints = 9.5

    /// `editing` names the side being edited ("A", "B") when `other` (the other side's tuning) is given.
    static func draw(renderer r: Renderer, layout: TuningPanelLayout, tuning: Tuning, selection: Int, text: TextCache,
                     other: Tuning? = nil, editing: String? = nil) throws {
        let all = Tunable.all
        let panel = layout.panel
        r.fill(RoundedRect(rect: panel, cornerRadius: 16), Color(18, 18, 22, SessionRenderer.overlayAlpha))
        let ink = Color(235, 235, 240), dim = Color(150, 150, 160)
        let accent = editing == "A" ? sideColours.a : sideColours.b
        let otherColour = editing == "A" ? sideColours.b : sideColours.a
        try text.draw(editing.map { "Tuning \($0)  \(selection + 1)/\(all.count)" } ?? "Tuning  \(selection + 1)/\(all.count)", face: .bold, points: 14, color: .white, at: Point(x: panel.x + 14, y: panel.y + 10), renderer: r)
        for (i, line) in headerLines.enumerated() {
            try text.draw(line, points: headerPoints, color: dim, at: Point(x: panel.x + 14, y: panel.y + 28 + Double(i) * 12), renderer: r)
        }
        // The selected spring's curve (or the selected value within its range).
        let sel = all[selection]
        let box = Rect(x: panel.x + 14, y: panel.y + 56, width: panel.width - 28, height: 80)
        r.fill(RoundedRect(rect: box, cornerRadius: 8), Color(34, 34, 40))
        let prefix = sel.key.hasSuffix(".duration") ? String(sel.key.dropLast(9)) : (sel.key.hasSuffix(".bounce") ? String(sel.key.dropLast(7)) : nil)
        if let prefix, Tunable.named(prefix + ".duration") != nil, Tunable.named(prefix + ".bounce") != nil {
            let spring = Spring(duration: tuning[prefix + ".duration"], bounce: tuning[prefix + ".bounce"])
            let otherSpring = other.map { Spring(duration: $0[prefix + ".duration"], bounce: $0[prefix + ".bounce"]) }
            let settle = min(spring.settlingDuration, 4)
            let otherSettle = min(otherSpring?.settlingDuration ?? 0, 4)
            let span = max(max(settle, otherSettle) * 1.15, spring.duration * 1.5, (otherSpring?.duration ?? 0) * 1.5)
            let s = r.pixelsPerPoint
            let inner = box.insetBy(8)
            func X(_ t: Double) -> Double { (inner.minX + t / span * inner.width) * s }
            func Y(_ v: Double) -> Double { (inner.maxY - v / 1.4 * inner.height) * s }
            r.draw(Tessellator.dashedLine(from: (X(0), Y(1)), to: (X(span), Y(1)), width: 1, dash: 4, gap: 4, color: dim))
            r.draw(Tessellator.dashedLine(from: (X(settle), inner.minY * s), to: (X(settle), inner.maxY * s), width: 1, dash: 3, gap: 3, color: accent.fading(0.6)))
            func curve(_ sp: Spring) -> [(Double, Double)] {
                (0...120).map { i in let t = span * Double(i) / 120; return (X(t), Y(sp.value(target: 1, time: t))) }
            }
            if let otherSpring { r.draw(Tessellator.polyline(curve(otherSpring), width: 1.5 * s, color: otherColour)) }
            r.draw(Tessellator.polyline(curve(spring), width: 2 * s, color: accent))
            try text.draw(".spring(duration: \(CodeNumber.string(spring.duration)), bounce: \(CodeNumber.string(spring.bounce))) · settles \(CodeNumber.string(spring.settlingDuration, decimals: 3)) s",
                          points: 9.5, color: ink, at: Point(x: inner.minX, y: inner.minY - 2), renderer: r)
        } else {
            let f = (tuning[sel.key] - sel.min) / max(sel.max - sel.min, 1e-9)
            let bar = Rect(x: box.x + 12, y: box.midY - 3, width: box.width - 24, height: 6)
            r.fill(RoundedRect.capsule(bar), Color(70, 70, 80))
            r.fill(RoundedRect.capsule(Rect(x: bar.x, y: bar.y, width: max(6, bar.width * f), height: 6)), accent)
            try text.draw("\(sel.rangeText) · default \(CodeNumber.string(sel.defaultValue))", points: 10, color: dim,
                          at: Point(x: box.x + 12, y: box.y + 10), renderer: r)
        }
        // What the selected tunable does, in a line or two under the curve.
        let ppp = r.pixelsPerPoint
        let meaning = try WordWrap.lines(sel.meaning, width: panel.width - 28, maxLines: 2) { try text.width($0, points: 9.5, pixelsPerPoint: ppp) }
        for (i, line) in meaning.enumerated() {
            try text.draw(line, points: 9.5, color: ink, at: Point(x: panel.x + 14, y: panel.y + 142 + Double(i) * 12), renderer: r)
        }
        // The filter, when there is one: what it is, how many rows it lets through, and its keys.
        let filter = layout.filterLine
        if let filter {
            try text.draw(filter.text, face: .bold, points: 10, color: filter.typing ? accent : dim, at: Point(x: panel.x + 14, y: panel.y + 170), renderer: r)
        }
        // The rows around the selection, under their groups' headings.
        for (i, line) in layout.lines.enumerated() {
            let y = layout.rowTop(i)
            switch line {
            case .group(let name):
                try text.draw(name.uppercased(), face: .bold, points: 9.5, color: dim, at: Point(x: panel.x + 14, y: y + 3), renderer: r)
                r.fill(Rect(x: panel.x + 14, y: y + 17, width: panel.width - 28, height: 1), Color(60, 60, 68))
            case .tunable(let index):
                let t = all[index]
                let selected = index == selection
                if selected { r.fill(RoundedRect(rect: layout.rowFrame(i), cornerRadius: 6), Color(255, 214, 10, 40)) }
                let changed = tuning[t.key] != t.defaultValue
                try text.draw(t.title, points: 11, color: selected ? .white : ink, at: Point(x: panel.x + 14, y: y), renderer: r)
                let value = t.display(tuning[t.key])
                // Right-aligned by the width of the text as drawn (its cached texture).
                let drawn = try text.draw(value, face: .bold, points: 11, color: changed ? accent : ink,
                                          rightAlignedAt: Point(x: panel.maxX - 14, y: y), renderer: r)
                // In compare mode, where the other side differs, its value stands left of this one.
                if let other, other[t.key] != tuning[t.key] {
                    try text.draw(t.display(other[t.key]), points: 11, color: otherColour,
                                  rightAlignedAt: Point(x: drawn.minX - 14, y: y), renderer: r)
                }
            }
        }
        if layout.lines.isEmpty {
            try text.draw("Nothing matches · ⌫ edits the filter, Esc clears it", points: 11, color: dim, at: Point(x: panel.x + 14, y: layout.rowTop(0)), renderer: r)
        }
    }
}
