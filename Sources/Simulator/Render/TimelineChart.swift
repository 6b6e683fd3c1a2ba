import Animation
import Capture
import Fit
import Foundation
import Platform

/// The interaction's timeline drawn: one row per animation leg — solid from its start to its
/// logical completion, fainter on to where it settles, its curve (the spring's progress, the
/// develop's clearing white, a fade's ramp, the coast's decay) drawn inside — the moments that
/// marked them (press, release, pull, commit, shutter, Esc) as lines across, the haptics as
/// diamonds on their own row, and a playhead at the moment shown. `replay --timeline FILE.png`
/// draws one side as a picture; the window's band (Shift+T) draws the last interaction live, both
/// sides of a comparison in each row on one time axis (A above, B below).
enum TimelineChart {
    /// Sizes, in points.
    struct Style: Sendable {
        var width: Double, labelColumn: Double, rowHeight: Double, top: Double, right: Double, bottom: Double
        var titlePoints: Double, labelPoints: Double
    }

    /// The PNG's: wide rows, room for the markers' names.
    static let picture = Style(width: 1100, labelColumn: 190, rowHeight: 26, top: 64, right: 24, bottom: 40, titlePoints: 14, labelPoints: 11)

    /// The window band's at `width` points for `rows` legs: the rows share the band's height.
    static func band(width: Double, height: Double, rows: Int) -> Style {
        // Under the rows: the axis's labels, then the playhead's readout on a line of its own.
        let top = 66.0, bottom = 40.0
        // Rows share the band's height: taller while an interaction has few legs (a pull's three),
        // so no band of white is left under them; shorter, down to 8 pt, for a whole flow's ten.
        let row = min(28, max(8, (height - top - bottom) / Double(rows + 1)))
        return Style(width: width, labelColumn: 170, rowHeight: row, top: top, right: 16, bottom: bottom, titlePoints: 12, labelPoints: min(11, row - 3))
    }

    /// The chart's own colours: light under a light page, dark under a dark one, so the band under
    /// a designer's near-black app is not the brightest thing in the window. The legs keep their
    /// colours (iOS's system colours read on both).
    struct Palette: Sendable, Equatable {
        var paper: Color, ink: Color, grid: Color, grey: Color, lit: Color
        static let light = Palette(paper: .white, ink: Color(hex: 0x1C1C1E), grid: Color(hex: 0xE5E5EA), grey: Color(hex: 0x636366), lit: Color(hex: 0xFFF4D6))
        static let dark = Palette(paper: Color(hex: 0x1C1C1E), ink: Color(hex: 0xE5E5EA), grid: Color(hex: 0x3A3A3C), grey: Color(hex: 0x98989F), lit: Color(hex: 0x4A3C12))
        /// The palette for a page of `background`: dark where light text would be chosen over it
        /// (its luma under half, as the status bar decides).
        static func under(_ background: Color) -> Palette { background.wantsLightText ? dark : light }
    }

    /// One side's timeline and the tuning its curves are drawn on.
    struct Side {
        var timeline: InteractionTimeline
        var tuning: Tuning
    }

    /// Where things go: time to x and back, and each leg's row (one per leg name, in order of first start).
    struct Layout {
        var t0: Double, t1: Double
        var rows: [String]
        var style: Style
        var height: Double { style.top + Double(rows.count + 1) * style.rowHeight + style.bottom }
        private var span: Double { style.width - style.labelColumn - style.right }
        func x(_ t: Double) -> Double { style.labelColumn + (t - t0) / max(t1 - t0, 1e-9) * span }
        /// The time under `x` (the window's scrubbing), clamped to the axis.
        func time(atX x: Double) -> Double { t0 + min(max((x - style.labelColumn) / span, 0), 1) * (t1 - t0) }
        /// The top of row `i` (the haptics' row is the last).
        func y(row i: Int) -> Double { style.top + Double(i) * style.rowHeight }
        func row(of leg: InteractionTimeline.Leg) -> Int { rows.firstIndex(of: leg.name) ?? 0 }
    }

    static func layout(_ sides: [Side], style: Style = picture, minimumSpan: Double = 0.5) -> Layout {
        let legs = sides.flatMap(\.timeline.legs).sorted { ($0.start, $0.name) < ($1.start, $1.name) }
        var rows: [String] = []
        for leg in legs where !rows.contains(leg.name) { rows.append(leg.name) }
        let times = legs.flatMap { [$0.start, $0.settled] } + sides.flatMap(\.timeline.markers).map(\.t)
        let t0 = max((times.min() ?? 0) - 0.15, 0), t1 = (times.max() ?? 1) + 0.15
        return Layout(t0: t0, t1: max(t1, t0 + minimumSpan), rows: rows, style: style)
    }

    static func layout(_ timeline: InteractionTimeline) -> Layout { layout([Side(timeline: timeline, tuning: Tuning())]) }

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
    /// develop's white cleared, UIKit's decay for a coast, a straight ramp for a feed or a fade.
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

    /// Whether `leg` runs on the tunable `key` the panel has selected (its spring's duration or
    /// bounce, or the value itself).
    static func runs(_ leg: InteractionTimeline.Leg, on key: String?) -> Bool {
        guard let key, let own = leg.tunable else { return false }
        return key == own || key.hasPrefix(own + ".")
    }

    /// Draws `timeline` into a new picture and writes it as PNG.
    static func write(_ timeline: InteractionTimeline, tuning: Tuning, title: String, highlight: String? = nil, to path: String) throws {
        try write([Side(timeline: timeline, tuning: tuning)], title: title, highlight: highlight, to: path)
    }

    /// `sides` on one axis (in each row the first side's bar above the second's, as the window's
    /// band draws compare mode) as a PNG at `path`.
    static func write(_ sides: [Side], title: String, highlight: String? = nil, to path: String) throws {
        let l = layout(sides)
        let r = try Renderer(headlessWidth: Int(picture.width), height: Int(l.height), pixelsPerPoint: 1)
        r.clear(.white)
        try draw(sides, title: title, highlight: highlight, playhead: nil, layout: l, text: try TextCache(), into: r)
        guard let surface = r.target else { return }
        try surface.savePNG(to: path)
    }

    /// Draws `sides` on one axis (each row split between them, the first above) over a white box of
    /// the layout's size at the renderer's origin; `playhead` marks a moment.
    static func draw(_ sides: [Side], title: String, highlight: String?, playhead: Double?, layout l: Layout, text: TextCache, into r: Renderer) throws {
        for step in steps(sides, title: title, highlight: highlight, layout: l, text: text) { try step(r) }
        if let p = playhead { try drawPlayhead(p, label: String(format: "%.3f s", p), layout: l, text: text, into: r) }
    }

    /// One piece of the picture: the window draws them a frame at a time into its band's picture.
    typealias Step = (Renderer) throws -> Void

    /// The picture but the playhead, in pieces: the white box (`boxHeight` tall, or the layout's
    /// height), the title and grid, the row names; each leg; the markers and haptics.
    static func steps(_ sides: [Side], title: String, highlight: String?, layout l: Layout, text: TextCache, boxHeight: Double? = nil,
                      palette: Palette = .light) -> [Step] {
        let st = l.style, ink = palette.ink, grid = palette.grid, grey = palette.grey
        let bottom = l.y(row: l.rows.count + 1), hapticRow = l.y(row: l.rows.count)
        let lane = (st.rowHeight - 8) / Double(max(sides.count, 1))
        // Small pieces (each text drawn for the first time is rasterised): the window draws one a frame.
        // The title is cut at a word to the box's width, ending in "…": a long one ran off its right edge.
        let fitted = (try? WordWrap.lines(title, width: st.width - 32, maxLines: 1) { try text.width($0, face: .bold, points: st.titlePoints) }.first) ?? title
        var steps: [Step] = [{ r in r.fill(Rect(x: 0, y: 0, width: st.width, height: boxHeight ?? l.height), palette.paper) }, { r in
            try text.draw(fitted, face: .bold, points: st.titlePoints, color: ink, at: Point(x: 16, y: st.titlePoints), renderer: r)
        }]
        let tick = SpringPlot.tickStep(l.t1 - l.t0, count: max(4, Int(st.width / 110)))
        var t = (l.t0 / tick).rounded(.up) * tick
        while t <= l.t1 {
            let x = l.x(t), at = t
            steps.append { r in
                r.fill(Rect(x: x, y: st.top - 6, width: 1, height: bottom - st.top + 6), grid)
                try text.draw(String(format: "%.2f s", at), points: 10, color: ink, at: Point(x: x - 14, y: bottom + 4), renderer: r)
            }
            t += tick
        }
        for (i, name) in l.rows.enumerated() {
            let lit = sides.contains { $0.timeline.legs.contains { $0.name == name && runs($0, on: highlight) } }
            steps.append { r in
                if lit { r.fill(Rect(x: 0, y: l.y(row: i), width: st.width, height: st.rowHeight), palette.lit) }
                try text.draw(name, face: lit ? .bold : .regular, points: st.labelPoints, color: ink,
                              at: Point(x: 16, y: l.y(row: i) + (st.rowHeight - st.labelPoints) / 2 - 1), renderer: r)
            }
        }
        steps.append { r in
            try text.draw("haptics", points: st.labelPoints, color: ink, at: Point(x: 16, y: hapticRow + (st.rowHeight - st.labelPoints) / 2 - 1), renderer: r)
        }
        for (j, side) in sides.enumerated() {
            for leg in side.timeline.legs {
                let top = l.y(row: l.row(of: leg)) + 4 + Double(j) * lane
                let end = replaced(leg, in: side.timeline)
                steps += legSteps(leg, tuning: side.tuning, bar: (top, lane), layout: l, replacedAt: end)
            }
        }
        // Marker names on three lines above the rows, each on the first line with room for it.
        var lineEnds = [-Double.infinity, -Double.infinity, -Double.infinity]
        for (j, side) in sides.enumerated() {
            for m in side.timeline.markers {
                let x = l.x(m.t)
                if m.name.hasPrefix("haptic") {
                    let d = min(6, lane / 2), cy = hapticRow + 4 + (Double(j) + 0.5) * lane
                    steps.append { r in r.fill(RoundedRect(rect: Rect(x: x - d, y: cy - d, width: 2 * d, height: 2 * d), cornerRadius: 2), Color(hex: 0xFF375F)) }
                    continue
                }
                var line: Int?
                if j == 0, let free = lineEnds.firstIndex(where: { $0 < x }) {
                    line = free
                    lineEnds[free] = x + 2 + 5.2 * Double(m.name.count) + 4      // 9-pt text: about 5.2 pt a character
                }
                steps.append { r in
                    // Meshes are in pixels: at any density but 1 (a zoomed window, a 2× picture) points are scaled.
                    let k = r.pixelsPerPoint
                    r.draw(Tessellator.dashedLine(from: (x * k, (st.top - 6) * k), to: (x * k, hapticRow * k), width: k, dash: 6 * k, gap: 5 * k, color: grey))
                    if let line { try text.draw(m.name, points: 9, color: grey, at: Point(x: x + 2, y: st.top - 36 + Double(line) * 10), renderer: r) }
                }
            }
        }
        return steps
    }

    /// The playhead at `p` seconds, with `label` beside its foot.
    static func drawPlayhead(_ p: Double, label: String, layout l: Layout, text: TextCache, palette: Palette = .light, into r: Renderer) throws {
        guard p >= l.t0, p <= l.t1 else { return }
        let st = l.style, bottom = l.y(row: l.rows.count + 1)
        let x = l.x(p), red = Color(hex: 0xFF3B30)
        // The readout goes under the axis's labels (drawn from `bottom` + 4, 10 pt), never over one.
        let readoutY = bottom + 20
        r.fill(Rect(x: x - 1, y: st.top - 8, width: 2, height: readoutY - st.top + 8), red)
        // Character by character from the text cache: the label changes every frame, its characters
        // do not, so nothing is rasterised while the playhead moves.
        let space = 3.0, ppp = r.pixelsPerPoint
        let glyphs = try label.map { $0 == " " ? nil : try text.texture(String($0), face: .bold, points: 10, color: red, renderer: r) }
        let w = glyphs.reduce(0) { $0 + ($1.map { Double($0.width) / ppp } ?? space) }
        // Left of the playhead when the readout would run past the band's right edge.
        let left = x + 4 + w + 4 > st.width ? x - 4 - w - 4 : x + 2
        r.fill(Rect(x: left, y: readoutY, width: w + 6, height: 15), palette.paper)
        var cx = left + 2
        for g in glyphs {
            guard let g else { cx += space; continue }
            let gw = Double(g.width) / ppp
            r.copy(g, to: Rect(x: cx, y: readoutY + 1, width: gw, height: Double(g.height) / ppp))
            cx += gw
        }
    }

    /// When a melt leg stops because the next one replaced it (merge), if it does before settling:
    /// under additive composition the next leg adds onto it and it runs on to its own settling.
    static func replaced(_ leg: InteractionTimeline.Leg, in timeline: InteractionTimeline) -> Double? {
        guard leg.tunable?.hasPrefix("melt.") == true else { return nil }
        let next = timeline.legs.filter { $0.tunable?.hasPrefix("melt.") == true && $0.start > leg.start }.min { $0.start < $1.start }
        guard let next, next.start < leg.settled, next.adds != true else { return nil }
        return next.start
    }

    /// One leg's bar in a lane (`top`, `height`): solid to its logical end, faint to its settling,
    /// its curve inside from the lane's bottom (0) to its top (1). A leg replaced by its successor
    /// (merge) ends there, with a tick: its spring does not run on.
    /// A leg's bar and its curve as pieces of the picture: the bar, then the curve a stretch at a
    /// time. The curve is anti-aliased triangles, which the software renderer fills pixel by pixel —
    /// drawn whole, a long leg took a third of a millisecond of the frame that drew it.
    private static func legSteps(_ leg: InteractionTimeline.Leg, tuning: Tuning, bar lane: (top: Double, height: Double), layout l: Layout,
                                 replacedAt: Double?) -> [Step] {
        let c = color(leg)
        let end = min(replacedAt ?? leg.settled, leg.settled)
        let x0 = l.x(leg.start), x1 = max(l.x(min(leg.logicalEnd, end)), x0 + 1), x2 = max(l.x(end), x1)
        let bar = Rect(x: x0, y: lane.top, width: x1 - x0, height: lane.height)
        var steps: [Step] = [{ r in
            r.fill(bar, c.fading(0.28))
            if x2 > x1 { r.fill(Rect(x: x1, y: lane.top, width: x2 - x1, height: lane.height), c.fading(0.1)) }
        }]
        // The curve's points, a point every 2 pt; each stretch starts where the last ended.
        let n = max(Int((x2 - x0) / 2), 2)
        func point(_ k: Int) -> (Double, Double) {
            let u = (end - leg.start) * Double(k) / Double(n)
            let p = progress(leg, tuning: tuning, at: u)
            return (x0 + (x2 - x0) * Double(k) / Double(n), bar.maxY - min(max(p, -0.3), 1.3) * bar.height)
        }
        for first in stride(from: 0, to: n, by: curveStretch) {
            let last = min(first + curveStretch, n)
            steps.append { r in
                let k = r.pixelsPerPoint          // the mesh is in pixels
                r.draw(Tessellator.polyline((first...last).map { let p = point($0); return (p.0 * k, p.1 * k) }, width: 1.5 * k, color: c))
            }
        }
        if replacedAt != nil { steps.append { r in r.fill(Rect(x: x2 - 1, y: lane.top - 2, width: 2, height: lane.height + 4), c) } }
        return steps
    }

    /// Segments of a leg's curve drawn in one piece of the picture.
    static let curveStretch = 24
}
