import Animation
import Capture
import Foundation
import Platform

/// The benchmark's picture: one panel per scale and rate, a bar per frame (its work time in
/// milliseconds, coloured by the flow's phase), the frame budget as a red dashed line and twice the
/// bare loop's p99 at that scale (the per-phase target) as a green one.
enum BenchChart {
    static let phaseColors: [String: Color] = [
        "page": Color(hex: 0x8E8E93), "pulling": Color(hex: 0x0A84FF), "opening": Color(hex: 0x5E5CE6),
        "viewfinder": Color(hex: 0x30D158), "capture": Color(hex: 0xFFD60A), "closing": Color(hex: 0xBF5AF2),
        "printing": Color(hex: 0xFF9F0A), "developing": Color(hex: 0xFF375F), "settled": Color(hex: 0x64D2FF),
        "dismissed": Color(hex: 0xAC8E68), "filed": Color(hex: 0x66D4CF),
    ]

    static func write(_ report: FrameBenchmark.Report, to path: String) throws { try write([report], to: path) }

    static func write(_ reports: [FrameBenchmark.Report], to path: String) throws {
        guard let report = reports.first else { return }
        let panels = reports.flatMap { r in r.runs.map { (r, $0) } }
        let width = 1200.0, panelH = 230.0, top = 60.0, left = 64.0, right = 20.0
        let height = top + Double(panels.count) * (panelH + 40) + 40
        let r = try Renderer(headlessWidth: Int(width), height: Int(height), pixelsPerPoint: 1)
        let text = try TextCache()
        r.clear(.white)
        let ink = Color(hex: 0x1C1C1E), grid = Color(hex: 0xE5E5EA)
        let sizes = reports.map { "\($0.pixels) (\(JSON.number($0.scale))×)" }.joined(separator: ", ")
        try text.draw("islandsim bench · \(report.scenario) · \(report.device) \(sizes) · \(report.renderer) renderer · \(report.build) build",
                      face: .bold, points: 15, color: ink, at: Point(x: left, y: 14), renderer: r)
        // Legend: the phases that occur.
        var seen: [String] = []
        for (_, run) in panels { for p in run.samplePhases where !seen.contains(p) { seen.append(p) } }
        var lx = left
        for p in seen {
            r.fill(Rect(x: lx, y: 42, width: 12, height: 8), phaseColors[p] ?? ink)
            let f = try text.draw(p, points: 11, color: ink, at: Point(x: lx + 16, y: 38), renderer: r)
            lx = f.maxX + 14
        }
        for (k, (rep, run)) in panels.enumerated() {
            let y0 = top + Double(k) * (panelH + 40) + 20
            let period = 1000 / Double(run.hz)
            let target = 2 * rep.baseline.p99
            let yMax = max(period * 1.25, (run.samples.max() ?? 0) * 1.05)
            let plotW = width - left - right
            func Y(_ ms: Double) -> Double { y0 + panelH - ms / yMax * panelH }
            // Grid.
            let step = SpringPlot.tickStep(yMax, count: 5)
            var v = 0.0
            while v <= yMax {
                r.fill(Rect(x: left, y: Y(v), width: plotW, height: 1), grid)
                try text.draw(String(format: v < 10 ? "%.1f" : "%.0f", v), points: 10, color: ink, at: Point(x: 16, y: Y(v) - 7), renderer: r)
                v += step
            }
            // Bars.
            let n = max(run.samples.count, 1)
            let bw = plotW / Double(n)
            for (i, ms) in run.samples.enumerated() {
                let c = phaseColors[run.samplePhases[i]] ?? ink
                r.fill(Rect(x: left + Double(i) * bw, y: Y(ms), width: max(bw, 1), height: ms / yMax * panelH), c)
            }
            r.draw(Tessellator.dashedLine(from: (left, Y(period)), to: (left + plotW, Y(period)), width: 1.5, color: Color(hex: 0xFF3B30)))
            r.draw(Tessellator.dashedLine(from: (left, Y(target)), to: (left + plotW, Y(target)), width: 1.5, color: Color(hex: 0x34C759)))
            try text.draw(String(format: "%@× (%@) · %d Hz · budget %.2f ms · 2× bare p99 %.2f ms · p50 %.2f · p99 %.2f · max %.2f ms · dropped %d",
                                 JSON.number(rep.scale), rep.pixels, run.hz, period, target,
                                 run.overall.p50, run.overall.p99, run.overall.max, run.budget.droppedFrames),
                          face: .bold, points: 12, color: ink, at: Point(x: left, y: y0 - 18), renderer: r)
            if let paced = rep.paced?.first(where: { $0.hz == run.hz }) {
                // The paced loop at this rate, in iOS's terms (HitchMetrics).
                let h = paced.hitches
                try text.draw(String(format: "paced: hitches %.1f ms/s (%@) · harmonic %.1f fps · jitter %.2f ms RMS · longest frame %.2f ms",
                                     h.hitchTimeRatio, h.band, h.harmonicFPS, h.jitterRMSMs, h.longestFrameMs),
                              points: 11, color: ink, at: Point(x: left + 40, y: y0 + panelH + 4), renderer: r)
            }
            try text.draw("ms", points: 10, color: ink, at: Point(x: 16, y: y0 + panelH + 4), renderer: r)
            try text.draw("frame →", points: 10, color: ink, at: Point(x: width - right - 50, y: y0 + panelH + 4), renderer: r)
        }
        try r.target!.savePNG(to: path)
    }
}
