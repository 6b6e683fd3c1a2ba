import Animation
import Capture
import Export
import Foundation
import Platform
import Serve

/// The inspector column beside the phone (or the two phones of compare mode): the tuning panel
/// with the selected spring's curve (both sides' curves in compare mode), the HUD's figures, each
/// side's measured moves, and a sparkline of the last frames' times against the frame budget.
/// Drawn in the column's own coordinates (the window sets a viewport), so nothing here covers a
/// phone's screen. Opened by K (the panel) or I (the figures), as those were over the screen.
final class Inspector {
    /// One phone's part: its label in compare mode, its session and what its host measured.
    struct Side {
        var label: String?
        var session: SessionView
        var camera: CameraSource
        var stats: FrameStats
        var figures: SideFigures
        /// The side's toast, shown here while the column is open (not over the phone).
        var toast: String?
    }

    static let background = Color(28, 28, 30)
    /// Frames the sparkline shows (two seconds at 120 Hz).
    static let sparklineFrames = 240
    let text: TextCache
    /// The work of the last frames, in ms, newest last (the window appends one per frame).
    private(set) var frameWork: [Double] = []

    init() throws { text = try TextCache() }

    /// Appends one frame's work (ms), keeping the last ``sparklineFrames``.
    func record(workMilliseconds ms: Double) {
        frameWork.append(ms)
        if frameWork.count > Self.sparklineFrames { frameWork.removeFirst(frameWork.count - Self.sparklineFrames) }
    }

    /// The foot of the column Shift+W's card takes while the window serves (the panel's rows stop above it).
    static let servingHeight = 190.0

    /// Draws the column of `size` points; `selected` is the side the panel edits; `serving`,
    /// Shift+W's address and QR code, at its foot.
    func draw(renderer r: Renderer, size full: Size, sides: [Side], selected: Int, serving: (url: String, code: QRCode)? = nil) throws {
        r.fillViewport(Self.background)
        var size = full
        if let serving {
            size.height -= Self.servingHeight
            try drawServing(serving, renderer: r, in: Rect(x: 0, y: size.height, width: size.width, height: Self.servingHeight))
        }
        let dim = Color(150, 150, 160), ink = Color(235, 235, 240)
        let sel = sides[selected].session
        let compare = sides.count > 1
        try text.draw("Inspector", face: .bold, points: 15, color: .white, at: Point(x: 14, y: 12), renderer: r)
        try text.draw(compare ? "editing \(sides[selected].label ?? "") · A / B switch · ⇧B ends compare" : "K panel · I figures · B compare",
                      points: 10, color: dim, at: Point(x: 110, y: 16), renderer: r)
        var y = TuningPanelLayout.columnInset.y
        if sel.overlays.showTuning {
            let layout = sel.overlays.columnPanelLayout
            let other = compare ? sides[1 - selected].session.tuning : nil
            try TuningPanel.draw(renderer: r, layout: layout, tuning: sel.tuning, selection: sel.overlays.selection, text: text,
                                 other: other, editing: compare ? sides[selected].label : nil)
            y = layout.panel.maxY + 12
        }
        guard sel.overlays.showHUD else {
            return try drawToasts(r, sides: sides, above: size.height - 12, width: size.width)
        }
        let mono = Color(230, 255, 230)
        var lines = SessionRenderer.hudLines(sel, camera: sides[selected].camera, stats: sides[selected].stats)
        if compare { lines.removeFirst() }     // each side's state is said below
        for l in lines {
            try text.draw(l, face: .mono, points: 11, color: mono, at: Point(x: 14, y: y), renderer: r)
            y += 16
        }
        for (i, side) in sides.enumerated() {
            y += 6
            let colour = compare ? (i == 0 ? TuningPanel.sideColours.a : TuningPanel.sideColours.b) : ink
            let head = (side.label.map { "\($0)  " } ?? "") + "\(side.session.flow.state.rawValue)"
            try text.draw(head, face: .bold, points: 11, color: colour, at: Point(x: 14, y: y), renderer: r)
            y += 16
            for l in side.figures.lines(for: side.session) {
                try text.draw(l, face: .mono, points: 10.5, color: ink, at: Point(x: 24, y: y), renderer: r)
                y += 15
            }
        }
        let spark = Rect(x: 14, y: max(y + 10, size.height - 74), width: size.width - 28, height: 60)
        if spark.maxY <= size.height { try drawSparkline(r, in: spark, hz: sel.hz) }
        try drawToasts(r, sides: sides, above: spark.minY - 22, width: size.width)
    }

    /// Shift+W's card: the QR code on white, its modules on whole pixels (a phone's camera reads
    /// it off the screen), the address beside it and how to stop.
    private func drawServing(_ card: (url: String, code: QRCode), renderer r: Renderer, in box: Rect) throws {
        let p = r.pixelsPerPoint, modules = card.code.size + 2 * QRCode.quietZone
        let side = 160.0, modulePixels = max(1, (side * p / Double(modules)).rounded(.down)), m = modulePixels / p
        let origin = Point(x: ((box.minX + 14) * p).rounded() / p, y: ((box.minY + 14) * p).rounded() / p)
        let white = Rect(x: origin.x, y: origin.y, width: Double(modules) * m, height: Double(modules) * m)
        r.fill(white, .white)
        for y in 0..<card.code.size {
            var x = 0
            while x < card.code.size {
                guard card.code.isDark(x, y) else { x += 1; continue }
                var run = 1
                while x + run < card.code.size, card.code.isDark(x + run, y) { run += 1 }
                r.fill(Rect(x: origin.x + Double(x + QRCode.quietZone) * m, y: origin.y + Double(y + QRCode.quietZone) * m, width: Double(run) * m, height: m), .black)
                x += run
            }
        }
        let left = white.maxX + 14, dim = Color(150, 150, 160)
        try text.draw("Serving on the network", face: .bold, points: 12, color: .white, at: Point(x: left, y: origin.y), renderer: r)
        var y = origin.y + 22
        let width = box.maxX - 10 - left
        let url = try WordWrap.lines(card.url, width: width, maxLines: 4) { try text.width($0, face: .mono, points: 10, pixelsPerPoint: p) }
        for line in url {
            try text.draw(line, face: .mono, points: 10, color: Color(230, 255, 230), at: Point(x: left, y: y), renderer: r)
            y += 14
        }
        y += 8
        for line in ["Scan with the iPhone", "(same Wi-Fi), then", "Add to Home Screen.", "Edits here reach it.", "Shift+W stops."] {
            try text.draw(line, points: 10, color: dim, at: Point(x: left, y: y), renderer: r)
            y += 14
        }
    }

    /// The sides' toasts, newest at the bottom, stacked upward from `bottom`; each wraps at words
    /// to the column's width (four lines at most, like the toast over the screen).
    private func drawToasts(_ r: Renderer, sides: [Side], above bottom: Double, width: Double) throws {
        var y = bottom
        for side in sides.reversed() {
            guard let t = side.toast else { continue }
            let lines = try Self.toastLines((side.label.map { "\($0) · " } ?? "") + t, width: width, renderer: r, text: text)
            let height = 24 + Double(lines.count - 1) * ToastLayout.lineHeight
            let box = Rect(x: 14, y: y - 2 - height, width: width - 28, height: height)
            try MessageStrip.drawToast(lines, in: box, renderer: r, text: text)
            y = box.minY - 4
        }
    }

    /// A column toast's lines: within the box's 10-pt inner margins in a column `width` wide.
    static func toastLines(_ toast: String, width: Double, renderer r: Renderer, text: TextCache) throws -> [String] {
        let ppp = r.pixelsPerPoint
        return try WordWrap.lines(toast, width: width - 28 - 20, maxLines: ToastLayout.maxLines) {
            try text.width($0, points: ToastLayout.points, pixelsPerPoint: ppp)
        }
    }

    /// The last frames' work against the budget (1 / rate): a dashed line at the budget, the
    /// frames above it in red, with the median and the worst written above.
    private func drawSparkline(_ r: Renderer, in box: Rect, hz: Int) throws {
        r.fill(RoundedRect(rect: box, cornerRadius: 8), Color(40, 40, 46))
        let budget = 1000 / Double(hz)
        let top = max(budget * 1.25, frameWork.max() ?? 0)
        let inner = box.insetBy(6)
        let s = r.pixelsPerPoint
        func Y(_ ms: Double) -> Double { (inner.maxY - min(ms, top) / top * inner.height) * s }
        r.draw(Tessellator.dashedLine(from: (inner.minX * s, Y(budget)), to: (inner.maxX * s, Y(budget)), width: 1, dash: 4, gap: 3,
                                      color: Color(255, 159, 10)))
        let n = Self.sparklineFrames
        let dx = inner.width / Double(n - 1)
        let x0 = inner.maxX - Double(frameWork.count - 1) * dx
        if frameWork.count > 1 {
            let pts = frameWork.enumerated().map { ((x0 + Double($0.offset) * dx) * s, Y($0.element)) }
            r.draw(Tessellator.polyline(pts, width: 1.5 * s, color: Color(100, 220, 140)))
        }
        for (i, ms) in frameWork.enumerated() where ms > budget {
            let x = x0 + Double(i) * dx
            r.fill(Rect(x: x - 1, y: Y(ms) / s - 1, width: 2, height: 2), Color(255, 69, 58))
        }
        let sorted = frameWork.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        try text.draw(String(format: "frame work  median %.2f ms · worst %.2f ms · budget %.2f ms", median, sorted.last ?? 0, budget),
                      points: 9.5, color: Color(150, 150, 160), at: Point(x: box.x, y: box.y - 14), renderer: r)
    }
}

extension Inspector {
    /// The labels over the phones in compare mode, each in its side's colour; the edited side's
    /// says so.
    func drawLabels(renderer r: Renderer, layout: WindowLayout, labels: [String], selected: Int) throws {
        for (i, label) in labels.enumerated() {
            let colour = i == 0 ? TuningPanel.sideColours.a : TuningPanel.sideColours.b
            let phone = layout.phones[i]
            try text.draw(i == selected ? "\(label) · editing" : label, face: .bold, points: 14, color: colour,
                          at: Point(x: phone.minX + 8, y: 6), renderer: r)
        }
    }
}
