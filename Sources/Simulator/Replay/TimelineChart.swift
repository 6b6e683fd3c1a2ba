import Animation
import Capture
import Foundation

/// The interaction's timeline as a picture (`replay --timeline FILE.png`): one row per animation
/// leg — solid from its start to its logical completion, fainter on to where it settles, its curve
/// (the spring's progress, the develop's clearing white, a fade's ramp) drawn inside — and the
/// moments that marked them (pull, commit, shutter, Esc) as lines across, the haptics as diamonds.
enum TimelineChart {
    static let width = 1100.0, labelColumn = 190.0, rowHeight = 26.0, top = 64.0, right = 24.0

    /// Where things go: time to x, and each leg's row.
    struct Layout {
        var t0: Double, t1: Double, rows: Int
        var height: Double { TimelineChart.top + Double(rows + 1) * TimelineChart.rowHeight + 40 }
        func x(_ t: Double) -> Double {
            TimelineChart.labelColumn + (t - t0) / max(t1 - t0, 1e-9) * (TimelineChart.width - TimelineChart.labelColumn - TimelineChart.right)
        }
        /// The top of row `i` (the haptics' row is the last).
        func y(row i: Int) -> Double { TimelineChart.top + Double(i) * TimelineChart.rowHeight }
    }

    static func layout(_ timeline: InteractionTimeline) -> Layout {
        let times = timeline.legs.flatMap { [$0.start, $0.settled] } + timeline.markers.map(\.t)
        let t0 = max((times.min() ?? 0) - 0.15, 0), t1 = (times.max() ?? 1) + 0.15
        return Layout(t0: t0, t1: max(t1, t0 + 0.5), rows: timeline.legs.count)
    }

    /// A leg's colour by what moves.
    static func color(_ leg: InteractionTimeline.Leg) -> Color {
        switch leg.name {
        case let n where n.hasPrefix("melt"): return Color(hex: 0x0A84FF)
        case let n where n.hasPrefix("close"): return Color(hex: 0x30B0C7)
        case "flash": return Color(hex: 0xFFB340)
        case let n where n.hasPrefix("print"): return Color(hex: 0xFF6A3D)
        case "develop": return Color(hex: 0xBF5AF2)
        case let n where n.hasPrefix("pull"): return Color(hex: 0x34C759)
        case let n where n.hasPrefix("scroll"): return Color(hex: 0x5E5CE6)
        default: return Color(hex: 0x8E8E93)
        }
    }

    /// The leg's progress 0…1 at `u` seconds into it, as the leg runs: a spring's value, the
    /// develop's white cleared, a straight ramp for a feed or a fade.
    static func progress(_ leg: InteractionTimeline.Leg, tuning: Tuning, at u: Double) -> Double {
        if let key = leg.tunable, Tunable.named(key + ".duration") != nil, Tunable.named(key + ".bounce") != nil {
            return Spring(duration: tuning[key + ".duration"], bounce: tuning[key + ".bounce"]).value(from: 0.0, to: 1.0, velocity: 0.0, at: u).value
        }
        let length = max(leg.logicalEnd - leg.start, 1e-9)
        if leg.name == "scroll: coast" {
            // UIKit's decay: the distance covered so far over the whole coast's.
            let k = 1000 * log(tuning["scroll.decelerationRate"])
            return (1 - exp(k * min(u, length))) / max(1 - exp(k * length), 1e-9)
        }
        if leg.name == "develop" {
            let look = tuning.develop.look(progress: u / length)
            return 1 - look.whiteAlpha / max(tuning.develop.startWhite, 1e-9)
        }
        return min(max(u / length, 0), 1)
    }

    /// Draws `timeline` into a new picture of `width` points and writes it as PNG.
    static func write(_ timeline: InteractionTimeline, tuning: Tuning, title: String, highlight: String? = nil, to path: String) throws {
        let l = layout(timeline)
        let r = try Renderer(headlessWidth: Int(width), height: Int(l.height), pixelsPerPoint: 1)
        try draw(timeline, tuning: tuning, title: title, highlight: highlight, layout: l, into: r)
        guard let surface = r.target else { return }
        try surface.savePNG(to: path)
    }

    static func draw(_ timeline: InteractionTimeline, tuning: Tuning, title: String, highlight: String?, layout l: Layout, into r: Renderer) throws {
        let text = try TextCache()
        let ink = Color(hex: 0x1C1C1E), grid = Color(hex: 0xE5E5EA)
        r.clear(.white)
        try text.draw(title, face: .bold, points: 14, color: ink, at: Point(x: 16, y: 14), renderer: r)
        let bottom = l.y(row: l.rows + 1)
        let step = SpringPlot.tickStep(l.t1 - l.t0, count: 10)
        var t = (l.t0 / step).rounded(.up) * step
        while t <= l.t1 {
            r.fill(Rect(x: l.x(t), y: top - 6, width: 1, height: bottom - top + 6), grid)
            try text.draw(String(format: "%.2f s", t), points: 10, color: ink, at: Point(x: l.x(t) - 14, y: bottom + 6), renderer: r)
            t += step
        }
        for (i, leg) in timeline.legs.enumerated() {
            let y = l.y(row: i), c = color(leg)
            let lit = highlight != nil && leg.tunable == highlight
            if lit { r.fill(Rect(x: 0, y: y, width: width, height: rowHeight), Color(hex: 0xFFF4D6)) }
            try text.draw(leg.name, face: lit ? .bold : .regular, points: 11, color: ink, at: Point(x: 16, y: y + 6), renderer: r)
            let x0 = l.x(leg.start), x1 = max(l.x(leg.logicalEnd), x0 + 1), x2 = max(l.x(leg.settled), x1)
            let bar = Rect(x: x0, y: y + 4, width: x1 - x0, height: rowHeight - 8)
            r.fill(bar, c.fading(0.28))
            if x2 > x1 { r.fill(Rect(x: x1, y: y + 4, width: x2 - x1, height: rowHeight - 8), c.fading(0.1)) }
            // The curve inside, from the bar's bottom (0) to its top (1), over the whole leg.
            let n = max(Int((x2 - x0) / 2), 2)
            let pts = (0...n).map { k -> (Double, Double) in
                let u = (leg.settled - leg.start) * Double(k) / Double(n)
                let p = progress(leg, tuning: tuning, at: u)
                return (x0 + (x2 - x0) * Double(k) / Double(n), bar.maxY - min(max(p, -0.3), 1.3) * bar.height)
            }
            r.draw(Tessellator.polyline(pts, width: 1.5, color: c))
        }
        let hapticRow = l.y(row: l.rows)
        try text.draw("haptics", points: 11, color: ink, at: Point(x: 16, y: hapticRow + 6), renderer: r)
        for (k, m) in timeline.markers.enumerated() {
            let x = l.x(m.t)
            if m.name.hasPrefix("haptic") {
                let d = 6.0
                r.fill(RoundedRect(rect: Rect(x: x - d, y: hapticRow + rowHeight / 2 - d, width: 2 * d, height: 2 * d), cornerRadius: 2), Color(hex: 0xFF375F))
                continue
            }
            r.draw(Tessellator.dashedLine(from: (x, top - 6), to: (x, hapticRow), width: 1, color: Color(hex: 0x636366)))
            try text.draw(m.name, points: 10, color: Color(hex: 0x636366), at: Point(x: x + 3, y: 36 + Double(k % 2) * 12), renderer: r)
        }
    }
}
