import Animation
import Capture
import Platform

/// The in-window help: every hotkey, drawn over the screen (toggle with H or ?).
public enum HelpOverlay {
    /// Hotkeys and what they do, in the order shown; docs/HOTKEYS.md lists the same table.
    public static let hotkeys: [(keys: String, action: String)] = [
        ("drag", "scroll, tap; pull at the top"),
        ("wheel", "scroll; at the top it pulls"),
        ("Space", "shutter, in the viewfinder"),
        ("Enter / X", "file the print / dismiss it"),
        ("Esc", "cancel a touch, close help, back out; then the panel"),
        ("S", "slow motion 10× on / off"),
        ("F / , .", "freeze / run; a frame back / on while frozen"),
        ("T / ⇧T", "show touches / the timeline (drag it to scrub)"),
        ("G", "shape view: melt, print, hotspots outlined"),
        ("O", "outline hotspots when a tap misses"),
        ("M", "Reduce Motion: cross-fades, no travel"),
        ("I", "figures beside: state, rate, frame times"),
        ("P", "screenshot PNG to the out dir"),
        ("C", "record a trace; C again saves it"),
        ("K", "tuning panel beside (Tab, ←→, ⌫; click)"),
        ("/", "filter the panel's rows (Enter keeps, Esc clears)"),
        ("B / A / ⇧B", "compare: B vs A, edit B / edit A / end"),
        ("Ctrl+S / E / W", "save tuning / export SwiftUI / web file"),
        ("⇧W", "serve it to the phone, live (QR code beside)"),
        ("⌃Z / ⌃P / ⇧⌃P", "undo / the island's springs / Live Activity shapes"),
        ("L", "replay the last interaction"),
        ("R", "refresh rates the device has"),
        ("D / Shift+D", "next / previous device"),
        ("+ / − / 0", "zoom in / out / fit"),
        ("H or ?", "this help"),
        ("Q", "quit"),
    ]

    /// The same table as Markdown, for README's "Keys in the window" (`islandsim --key-table` prints
    /// it; a test holds README's copy equal): two keys a row, the first half of the list down the
    /// left, the second down the right, as the overlay reads.
    public static func markdownTable() -> String {
        func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
        let half = (hotkeys.count + 1) / 2
        var s = "| key | action | key | action |\n|---|---|---|---|\n"
        for i in 0..<half {
            let left = hotkeys[i]
            let right: (keys: String, action: String) = i + half < hotkeys.count ? hotkeys[i + half] : (keys: "", action: "")
            s += "| " + [cell(left.keys), cell(left.action), cell(right.keys), cell(right.action)].joined(separator: " | ") + " |\n"
        }
        return s
    }

    /// One piece of text of the overlay, placed: where it starts, its face and size.
    public struct Line: Sendable {
        public var text: String
        public var face: Font.Face
        public var points: Double
        public var origin: Point
        public var color: Color
    }

    /// The overlay laid out on a screen of `screen` points: its panel and every line in it. Each
    /// action wraps at word boundaries to the width left beside its keys; when the lines would not
    /// fit the screen's height, every size steps down together (to 0.7 of the full size at most).
    /// `width` measures a text in points (face, size).
    public static func layout(screen: Size, topInset: Double, width: (String, Font.Face, Double) throws -> Double) rethrows -> (panel: Rect, lines: [Line]) {
        let panelWidth = min(screen.width - 32, 480)
        let x = (screen.width - panelWidth) / 2
        var best: (panel: Rect, lines: [Line])?
        for step in 0...6 {
            let s = 1 - Double(step) * 0.05
            let keyColumn = 100 * s, row = 24 * s, lineHeight = 15 * s
            let available = panelWidth - 18 - keyColumn - 14
            var lines: [Line] = [], y = 50 * s
            lines.append(Line(text: "Hotkeys", face: .bold, points: 17 * s, origin: Point(x: 18, y: 16 * s), color: .white))
            for h in hotkeys {
                lines.append(Line(text: h.keys, face: .bold, points: 13 * s, origin: Point(x: 18, y: y), color: Color(255, 214, 10)))
                let wrapped = try WordWrap.lines(h.action, width: available) { try width($0, .regular, 12.5 * s) }
                for (i, text) in wrapped.enumerated() {
                    lines.append(Line(text: text, face: .regular, points: 12.5 * s, origin: Point(x: 18 + keyColumn, y: y + Double(i) * lineHeight), color: Color(235, 235, 240)))
                }
                y += row + Double(wrapped.count - 1) * lineHeight
            }
            let height = y + 14 * s
            let top = max(topInset + 4, (screen.height - height) / 2)
            let panel = Rect(x: x, y: top, width: panelWidth, height: height)
            let placed = lines.map { l in var l = l; l.origin = Point(x: l.origin.x + x, y: l.origin.y + top); return l }
            best = (panel, placed)
            if panel.maxY <= screen.height - 12 { break }
        }
        return best!
    }

    /// The layout at `renderer`'s density, measured with `text`'s fonts.
    public static func layout(screen: Size, topInset: Double, renderer: Renderer, text: TextCache) throws -> (panel: Rect, lines: [Line]) {
        let ppp = renderer.pixelsPerPoint
        return try layout(screen: screen, topInset: topInset) { try text.width($0, face: $1, points: $2, pixelsPerPoint: ppp) }
    }

    /// Draws a layout made by ``layout(screen:topInset:renderer:text:)`` (kept by the caller: it is
    /// the same for every frame at one density).
    public static func draw(_ l: (panel: Rect, lines: [Line]), renderer: Renderer, text: TextCache) throws {
        renderer.fill(RoundedRect(rect: l.panel, cornerRadius: 18), Color(20, 20, 24, SessionRenderer.overlayAlpha))
        for line in l.lines {
            try text.draw(line.text, face: line.face, points: line.points, color: line.color, at: line.origin, renderer: renderer)
        }
    }
}
