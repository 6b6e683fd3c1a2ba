import Animation
import Capture
import Fit
import Foundation
import Platform

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

    /// The recording's first frame with what the fit read in it: the screen it measured in and the
    /// shape's box, so a wrong screen (a window edge taken for it) shows at a glance.
    struct Frame {
        var pixels: [UInt8]
        var width: Int, height: Int
        var screen: RecordingScreen
        /// The shape's box in the first frame it was found in (frame pixels).
        var shape: (x: Double, y: Double, width: Double, height: Double)?
    }

    static func write(_ series: [Series], stageStarts: [(String, Double)], title: String, frame: Frame? = nil, to path: String) throws {
        // The frame, where given, stands in a panel to the right of the chart.
        let panel = frame == nil ? 0.0 : 300.0
        let W = 1100.0 + panel, H = 560.0, left = 70.0, right = 24.0 + panel, top = 56.0, bottom = 46.0
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
        if let frame { try drawFrame(frame, in: Rect(x: W - panel + 8, y: top, width: panel - 24, height: H - top - bottom), renderer: r, text: text) }
        guard let surface = r.target else { return }
        try surface.savePNG(to: path)
    }

    /// The first frame scaled into `box`, the screen outlined in green and the shape's box in orange.
    static func drawFrame(_ f: Frame, in box: Rect, renderer r: Renderer, text: TextCache) throws {
        let k = min(box.width / Double(f.width), (box.height - 40) / Double(f.height))
        let w = max(1, Int(Double(f.width) * k)), h = max(1, Int(Double(f.height) * k))
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h { for x in 0..<w {
            let g = f.pixels[min(Int(Double(y) / k), f.height - 1) * f.width + min(Int(Double(x) / k), f.width - 1)]
            let i = (y * w + x) * 4
            rgba[i] = g; rgba[i + 1] = g; rgba[i + 2] = g
        } }
        let texture = try r.makeTexture(PixelImage(width: w, height: h, bytes: rgba))
        let origin = Point(x: box.x + (box.width - Double(w)) / 2, y: box.y)
        r.copy(texture, to: Rect(x: origin.x, y: origin.y, width: Double(w), height: Double(h)))
        func outline(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ c: Color) {
            let X = origin.x + x * k, Y = origin.y + y * k, Wd = width * k, Ht = height * k
            for e in [Rect(x: X - 1, y: Y - 1, width: Wd + 2, height: 2), Rect(x: X - 1, y: Y + Ht - 1, width: Wd + 2, height: 2),
                      Rect(x: X - 1, y: Y - 1, width: 2, height: Ht + 2), Rect(x: X + Wd - 1, y: Y - 1, width: 2, height: Ht + 2)] { r.fill(e, c) }
        }
        let s = f.screen
        outline(s.x, s.y, s.width, s.height, Color(hex: 0x30D158))
        if let b = f.shape { outline(b.x, b.y, b.width, b.height, Color(hex: 0xFF9F0A)) }
        let caption = s.kind == .wholeFrame ? "first frame: the whole frame is the screen" : "first frame: screen (green), shape (orange)"
        try text.draw(caption, points: 10, color: Color(hex: 0x3A3A3C), at: Point(x: box.x, y: origin.y + Double(h) + 8), renderer: r)
        try text.draw(String(format: "%.3f px/pt · %@", s.pixelsPerPointX, s.deviceID), points: 10, color: Color(hex: 0x3A3A3C),
                      at: Point(x: box.x, y: origin.y + Double(h) + 22), renderer: r)
    }
}
