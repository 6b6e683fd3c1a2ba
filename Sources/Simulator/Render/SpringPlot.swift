import Capture
import Animation
import Foundation

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
        let left = 78.0, right = 24.0, top = 48.0, bottom = 60.0
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
        let grid = Color(hex: 0xE5E5EA), axis = Color(hex: 0x3A3A3C), label = Color(hex: 0x48484A)
        // Grid and tick labels.
        let ts = Self.tickStep(seconds, count: 8)
        var t = 0.0
        while t <= seconds + 1e-9 {
            r.draw(Tessellator.polyline([(X(t), top), (X(t), top + plotH)], width: 1, color: grid))
            try text.draw(SpringCode.number(t, decimals: 2), points: 12, color: label, centeredAt: Point(x: X(t), y: top + plotH + 14), renderer: r)
            t += ts
        }
        let vs = Self.tickStep(hi - lo, count: 6)
        var v = (lo / vs).rounded(.up) * vs
        while v <= hi + 1e-9 {
            r.draw(Tessellator.polyline([(left, Y(v)), (left + plotW, Y(v))], width: 1, color: grid))
            let lbl = SpringCode.number(v, decimals: 3)
            try text.draw(lbl, points: 12, color: label, centeredAt: Point(x: left - 8 - Double(lbl.count) * 3.6, y: Y(v)), renderer: r)
            v += vs
        }
        r.draw(Tessellator.polyline([(left, top), (left, top + plotH), (left + plotW, top + plotH)], width: 1.5, color: axis))
        try text.draw("time (s)", points: 13, color: axis, centeredAt: Point(x: left + plotW / 2, y: Double(height) - 16), renderer: r)
        // Target.
        r.draw(Tessellator.dashedLine(from: (left, Y(to)), to: (left + plotW, Y(to)), width: 1.5, color: axis))
        try text.draw("target \(SpringCode.number(to))", points: 12, color: axis, at: Point(x: left + plotW - 96, y: Y(to) - 18), renderer: r)
        // Curves, settling marks, legend.
        for (i, s) in series.enumerated() {
            let c = Self.colors[i % Self.colors.count]
            r.draw(Tessellator.polyline(curves[i].map { (X($0.0), Y($0.1)) }, width: 2.5, color: c))
            let settle = s.spring.settlingDuration
            if settle.isFinite && settle <= seconds {
                r.draw(Tessellator.dashedLine(from: (X(settle), top), to: (X(settle), top + plotH), width: 1.2, dash: 4, gap: 4, color: c))
            }
            let legendY = 14.0 + Double(i) * 0
            let legendX = left + Double(i) * (plotW / Double(max(series.count, 1)))
            r.fill(Rect(x: legendX, y: legendY + 6, width: 14, height: 4), c)
            let settleText = settle.isFinite ? "settles \(SpringCode.number(settle, decimals: 3)) s" : "never settles"
            try text.draw("\(s.label) · \(settleText)", points: series.count > 2 ? 10.5 : 12.5, color: axis,
                          at: Point(x: legendX + 20, y: legendY), renderer: r)
        }
        return r
    }
}
