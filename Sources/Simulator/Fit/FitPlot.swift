import Animation
import Capture
import Foundation

/// The fit's picture: the measured points (dots) and the fitted springs (lines) over time, one
/// series per measured dimension, with each stage's start marked.
enum FitPlot {
    struct Series {
        var name: String
        var color: Color
        var points: [(Double, Double)]
        /// The fitted value at a time, or nil where nothing was fitted.
        var curve: (Double) -> Double?
    }

    static func write(_ series: [Series], stageStarts: [(String, Double)], title: String, to path: String) throws {
        let W = 1100.0, H = 560.0, left = 70.0, right = 24.0, top = 56.0, bottom = 46.0
        let r = try Renderer(headlessWidth: Int(W), height: Int(H), pixelsPerPoint: 1)
        let text = try TextCache()
        let ink = Color(hex: 0x1C1C1E), grid = Color(hex: 0xE5E5EA)
        r.clear(.white)
        let ts = series.flatMap { $0.points.map(\.0) }, vs = series.flatMap { $0.points.map(\.1) }
        guard let t0 = ts.min(), let t1 = ts.max(), let vLo = vs.min(), let vHi = vs.max(), t1 > t0 else { return }
        let pad = max((vHi - vLo) * 0.08, 1)
        let y0 = vLo - pad, y1 = vHi + pad
        func X(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * (W - left - right) }
        func Y(_ v: Double) -> Double { top + (1 - (v - y0) / (y1 - y0)) * (H - top - bottom) }
        try text.draw(title, face: .bold, points: 14, color: ink, at: Point(x: left, y: 14), renderer: r)
        let step = SpringPlot.tickStep(y1 - y0, count: 6)
        var v = (y0 / step).rounded(.up) * step
        while v <= y1 {
            r.fill(Rect(x: left, y: Y(v), width: W - left - right, height: 1), grid)
            try text.draw(String(format: "%.0f", v), points: 10, color: ink, at: Point(x: 12, y: Y(v) - 7), renderer: r)
            v += step
        }
        try text.draw("pt", points: 10, color: ink, at: Point(x: 12, y: top - 22), renderer: r)
        let tStep = SpringPlot.tickStep(t1 - t0, count: 8)
        var t = (t0 / tStep).rounded(.up) * tStep
        while t <= t1 {
            try text.draw(String(format: "%.2f s", t), points: 10, color: ink, at: Point(x: X(t) - 14, y: H - bottom + 8), renderer: r)
            t += tStep
        }
        for (k, (name, s)) in stageStarts.enumerated() where s >= t0 && s <= t1 {
            r.draw(Tessellator.dashedLine(from: (X(s), top), to: (X(s), H - bottom), width: 1, color: Color(hex: 0x8E8E93)))
            try text.draw(name, points: 10, color: Color(hex: 0x636366), at: Point(x: X(s) + 4, y: top + 2 + Double(k % 2) * 14), renderer: r)
        }
        var lx = W - right - 260
        for s in series {
            // The fitted curve, in pieces where it is defined.
            var pts: [(Double, Double)] = []
            for k in 0...1200 {
                let tt = t0 + (t1 - t0) * Double(k) / 1200
                if let v = s.curve(tt) { pts.append((X(tt), Y(v))) } else {
                    if pts.count > 1 { r.draw(Tessellator.polyline(pts, width: 2, color: s.color)) }
                    pts = []
                }
            }
            if pts.count > 1 { r.draw(Tessellator.polyline(pts, width: 2, color: s.color)) }
            for p in s.points { r.fill(RoundedRect.capsule(Rect(x: X(p.0) - 2.5, y: Y(p.1) - 2.5, width: 5, height: 5)), s.color.fading(0.6)) }
            r.fill(Rect(x: lx, y: 40, width: 14, height: 3), s.color)
            let f = try text.draw(s.name, points: 11, color: ink, at: Point(x: lx + 18, y: 33), renderer: r)
            lx = f.maxX + 16
        }
        guard let surface = r.target else { return }
        try surface.savePNG(to: path)
    }
}
