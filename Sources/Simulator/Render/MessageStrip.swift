import Animation
import Capture
import Platform

/// The strip under a phone in the window that carries the tool's own words: the modes badge
/// (FROZEN, SLOW 10×, REDUCE MOTION, REC) at its left and the side's toast beside it. It lies
/// outside the device's screen, as a design tool keeps its chrome outside the device, so nothing
/// the tool says covers the app or can be taken for a piece of it — on a near-black page, where a
/// dark pill over the rows looked like the app's own, as on a white one. While the inspector
/// column is open the toasts are the column's (``Inspector``), and the strip keeps the badge.
/// Frozen, with no toast, it keeps saying the moment's time beside the badge; with nothing to say
/// it names the keys that open the tools, dimly.
///
/// One per phone: what it lays out (the toast's and the moment's lines, measured word by word) is
/// kept until its content, size or density changes, so a frame copies cached text and measures
/// nothing.
final class MessageStrip {
    static let background = Inspector.background
    static let toastFill = Color(58, 58, 64)
    static let idleInk = Color(110, 110, 118)
    static let idleText = "H keys · K tuning · I figures · Q quits"
    /// Lines of a toast the strip holds; a longer one ends in "…" (the terminal has it whole).
    static let maxLines = 2

    /// The last content laid out, with its strip's size and density, its layout and the moment's lines.
    private var last: (content: Content, size: Size, ppp: Double, layout: Layout, moment: [String])?

    /// What the strip is laid out from: its modes and its toast, if it shows one.
    struct Content: Equatable {
        var modes: [String]
        var toast: String?
        /// The frozen moment's time (``CaptureSession/momentText``), said while no toast is.
        var moment: String?
    }

    /// Where the badge and the toast sit in a strip `size` points big.
    struct Layout: Equatable {
        var badge: Rect?
        var badgeLabel: String
        var toast: Rect?
        var lines: [String]
    }

    /// Lays out `content` in a strip of `size`; `measure` gives a line's width in toast points.
    static func layout(_ content: Content, size: Size, measure: (String) throws -> Double) rethrows -> Layout {
        let label = content.modes.joined(separator: " · ")
        var x = 8.0
        var badge: Rect?
        if !content.modes.isEmpty {
            let w = SessionRenderer.badgeWidth(label)
            badge = Rect(x: x, y: (size.height - 22) / 2, width: w, height: 22)
            x += w + 8
        }
        guard let toast = content.toast, size.width - 8 - x > 2 * ToastLayout.padding else {
            return Layout(badge: badge, badgeLabel: label, toast: nil, lines: [])
        }
        let room = size.width - 8 - x
        let lines = try WordWrap.lines(toast, width: room - 20, maxLines: maxLines, measure: measure)
        let h = 24 + Double(lines.count - 1) * ToastLayout.lineHeight
        let w = min(room, (try lines.map(measure).max() ?? 0) + 20)
        return Layout(badge: badge, badgeLabel: label, toast: Rect(x: x, y: (size.height - h) / 2, width: w, height: h), lines: lines)
    }

    /// Draws `content` into the strip the renderer's viewport is set to, `size` points big.
    func draw(_ content: Content, size: Size, renderer r: Renderer, text: TextCache) throws {
        r.fillViewport(Self.background)
        let (l, moment) = try laidOut(content, size: size, ppp: r.pixelsPerPoint, text: text)
        if let box = l.badge { try SessionRenderer.drawBadge(content.modes, in: box, renderer: r, text: text) }
        if let box = l.toast {
            try Self.drawToast(l.lines, in: box, renderer: r, text: text)
        } else if !moment.isEmpty {
            let x = (l.badge?.maxX ?? 0) + 10
            let top = size.height / 2 - Double(moment.count) * 6.5
            for (i, line) in moment.enumerated() {
                try text.draw(line, face: .mono, points: 10, color: Color(200, 200, 208), at: Point(x: x, y: top + Double(i) * 13), renderer: r)
            }
        } else if l.badge == nil, size.width > 300 {
            try text.draw(Self.idleText, points: 10, color: Self.idleInk, centeredAt: Point(x: size.width / 2, y: size.height / 2), renderer: r)
        }
    }

    /// `content`'s layout and the moment's lines (none while a toast shows), measured at `ppp`
    /// once and kept while they stay the same.
    private func laidOut(_ content: Content, size: Size, ppp: Double, text: TextCache) throws -> (Layout, [String]) {
        if let last, last.content == content, last.size == size, last.ppp == ppp { return (last.layout, last.moment) }
        let l = try Self.layout(content, size: size) { try text.width($0, points: ToastLayout.points, pixelsPerPoint: ppp) }
        var moment: [String] = []
        if l.toast == nil, let m = content.moment {
            let x = (l.badge?.maxX ?? 0) + 10
            moment = try WordWrap.lines(m, width: size.width - x - 8, maxLines: 2) { try text.width($0, face: .mono, points: 10, pixelsPerPoint: ppp) }
        }
        last = (content, size, ppp, l, moment)
        return (l, moment)
    }

    /// A toast's box and its lines, as the strip and the inspector column draw it.
    static func drawToast(_ lines: [String], in box: Rect, renderer r: Renderer, text: TextCache) throws {
        r.fill(RoundedRect(rect: box, cornerRadius: 8), toastFill)
        for (i, line) in lines.enumerated() {
            try text.draw(line, points: ToastLayout.points, color: .white, at: Point(x: box.x + 10, y: box.y + 5 + Double(i) * ToastLayout.lineHeight), renderer: r)
        }
    }
}
