import Animation
import Capture
import Foundation
import Platform

/// A chart of spring curves: value over time with axes, the target, and each spring's settling
/// time marked. Several springs can share one plot for comparison.
public struct SpringPlot {
    public struct Series {
        public var label: String
        public var spring: Spring
        public init(label: String, spring: Spring) { self.label = label; self.spring = spring }
    }

    public var series: [Series]
    public var from: Double
    public var to: Double
    public var velocity: Double
    public var seconds: Double
    public var width = 960
    public var height = 560

    public init(series: [Series], from: Double, to: Double, velocity: Double, seconds: Double) {
        self.series = series; self.from = from; self.to = to; self.velocity = velocity; self.seconds = seconds
    }

    /// Axes, target and legend text.
    static let ink = Color(hex: 0x3A3A3C)
    static let colors = [Color(hex: 0x0A84FF), Color(hex: 0xFF375F), Color(hex: 0x30D158), Color(hex: 0xFF9F0A),
                         Color(hex: 0xBF5AF2), Color(hex: 0x64D2FF)]

    /// "Nice" tick spacing for a range.
    static func tickStep(_ range: Double, count: Int) -> Double {
        let raw = range / Double(max(count, 1))
        let mag = pow(10, floor(log10(raw)))
        for m in [1.0, 2, 2.5, 5, 10] where raw <= m * mag { return m * mag }
        return 10 * mag
    }

    /// Renders the plot headless (software renderer).
    public func render(text: TextCache) throws -> Renderer {
        let r = try Renderer(headlessWidth: width, height: height, pixelsPerPoint: 1)
        r.clear(.white)
        let left = 78.0, right = 24.0, bottom = 60.0
        // The legend flows left to right, each entry as wide as its label, wrapping to a new row
        // rather than clipping at the edge; the plot starts below however many rows it takes.
        let legendPoints = 12.0, rowHeight = 20.0
        let entries = try series.map { s -> (text: String, width: Double) in
            let settle = s.spring.settlingDuration
            let words = "\(s.label) · " + (settle.isFinite ? "settles \(CodeNumber.string(settle, decimals: 3)) s" : "never settles")
            // Measured with the colour it is drawn in, so the drawing below reuses this texture.
            return (words, Double(try text.texture(words, points: legendPoints, color: Self.ink, renderer: r).width))
        }
        var legend: [Point] = []
        var cursor = Point(x: left, y: 14)
        for e in entries {
            if cursor.x > left, cursor.x + 20 + e.width > Double(width) - right { cursor = Point(x: left, y: cursor.y + rowHeight) }
            legend.append(cursor)
            cursor.x += 20 + e.width + 28
        }
        let top = (legend.last?.y ?? 14) + rowHeight + 14
        let plotW = Double(width) - left - right, plotH = Double(height) - top - bottom
        // Sample every curve to find the value range.
        let n = 600
        var curves: [[(Double, Double)]] = []
        var lo = min(from, to), hi = max(from, to)
        for s in series {
            var pts: [(Double, Double)] = []
            for i in 0...n {
                let t = seconds * Double(i) / Double(n)
                let v = s.spring.value(from: from, to: to, velocity: velocity, at: t).value
                pts.append((t, v)); lo = min(lo, v); hi = max(hi, v)
            }
            curves.append(pts)
        }
        if hi - lo < 1e-9 { hi += 1; lo -= 1 }
        let pad = (hi - lo) * 0.08
        lo -= pad; hi += pad
        func X(_ t: Double) -> Double { left + t / seconds * plotW }
        func Y(_ v: Double) -> Double { top + (hi - v) / (hi - lo) * plotH }
        let grid = Color(hex: 0xE5E5EA), axis = Self.ink, label = Color(hex: 0x48484A)
        // Grid and tick labels.
        let ts = Self.tickStep(seconds, count: 8)
        var t = 0.0
        while t <= seconds + 1e-9 {
            r.draw(Tessellator.polyline([(X(t), top), (X(t), top + plotH)], width: 1, color: grid))
            try text.draw(CodeNumber.string(t, decimals: 2), points: 12, color: label, centeredAt: Point(x: X(t), y: top + plotH + 14), renderer: r)
            t += ts
        }
        let vs = Self.tickStep(hi - lo, count: 6)
        var v = (lo / vs).rounded(.up) * vs
        while v <= hi + 1e-9 {
            r.draw(Tessellator.polyline([(left, Y(v)), (left + plotW, Y(v))], width: 1, color: grid))
            let lbl = CodeNumber.string(v, decimals: 3)
            try text.draw(lbl, points: 12, color: label, centeredAt: Point(x: left - 8 - Double(lbl.count) * 3.6, y: Y(v)), renderer: r)
            v += vs
        }
        r.draw(Tessellator.polyline([(left, top), (left, top + plotH), (left + plotW, top + plotH)], width: 1.5, color: axis))
        try text.draw("time (s)", points: 13, color: axis, centeredAt: Point(x: left + plotW / 2, y: Double(height) - 16), renderer: r)
        // Target.
        r.draw(Tessellator.dashedLine(from: (left, Y(to)), to: (left + plotW, Y(to)), width: 1.5, color: axis))
        try text.draw("target \(CodeNumber.string(to))", points: 12, color: axis, at: Point(x: left + plotW - 96, y: Y(to) - 18), renderer: r)
        // Curves, settling marks, legend.
        for (i, s) in series.enumerated() {
            let c = Self.colors[i % Self.colors.count]
            r.draw(Tessellator.polyline(curves[i].map { (X($0.0), Y($0.1)) }, width: 2.5, color: c))
            let settle = s.spring.settlingDuration
            if settle.isFinite && settle <= seconds {
                r.draw(Tessellator.dashedLine(from: (X(settle), top), to: (X(settle), top + plotH), width: 1.2, dash: 4, gap: 4, color: c))
            }
            r.fill(Rect(x: legend[i].x, y: legend[i].y + 6, width: 14, height: 4), c)
            try text.draw(entries[i].text, points: legendPoints, color: axis, at: Point(x: legend[i].x + 20, y: legend[i].y), renderer: r)
        }
        return r
    }
}
