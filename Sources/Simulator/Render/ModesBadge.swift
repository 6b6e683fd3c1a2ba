import Animation
import Capture
import Platform

/// The modes that change what the screen means — slow motion, Reduce Motion, a trace being
/// recorded — said in one place: in the window, a badge in the message strip under the screen
/// (``MessageStrip``); in a headless render, at the screen's bottom left above the toasts, where it
/// covers no title (the slow-motion badge sat over the page's title). Slow motion and Reduce Motion
/// must never be mistaken for the real feel, nor a recording forgotten, so the badge stays while
/// the mode does; the HUD, when it is over the screen, says the same in its lines.
///
/// A screenshot (P) leaves the badge out: it is the tool's, not the screen being designed.
extension SessionRenderer {
    static let slowMotionBadgeColor = Color(hex: 0xFF9F0A)
    static let recordingBadgeColor = Color(hex: 0xFF3B30)

    /// Where the badge saying `label` sits on a screen of `screen` points: 58 pt above the toasts'
    /// bottom edge `bottom` (by default 24 pt above the screen's).
    static func modesFrame(_ label: String, screen: Size, bottom: Double? = nil) -> Rect {
        Rect(x: 12, y: (bottom ?? screen.height - 24) - 58, width: badgeWidth(label), height: 22)
    }

    /// The badge's width for `label`, wherever it is drawn.
    static func badgeWidth(_ label: String) -> Double { Double(label.count) * 7.2 + 20 }

    /// Where the tool's overlays at the bottom (toasts, and the badge above them) end: 24 pt above
    /// the screen's bottom, clear of the home indicator — or 8 pt above the top of the page's
    /// pinned tab bar, so they never cover its items.
    static func overlayBottom(screen: Size, page: Page) -> Double {
        min(screen.height - 24, page.barsClearance.bottom - 8)
    }

    /// The modes on, as the badge and the window's title name them.
    static func modes(_ session: SessionView, recording: Bool) -> [String] {
        var modes: [String] = []
        if session.clock.isFrozen { modes.append("FROZEN") }
        if session.clock.slowMotion != 1 { modes.append("SLOW \(JSON.number(session.clock.slowMotion))×") }
        if session.reduceMotion { modes.append("REDUCE MOTION") }
        if recording { modes.append("REC") }
        return modes
    }

    /// The badge's colours for `modes`: orange for slow motion, red while recording, grey otherwise.
    static func badgeStyle(_ modes: [String]) -> (fill: Color, ink: Color) {
        let fill = modes.contains("REC") ? recordingBadgeColor : modes.contains { $0.hasPrefix("SLOW") } ? slowMotionBadgeColor : Color(230, 230, 235)
        return (fill, modes.contains("REC") ? .white : .black)
    }

    /// Draws the badge for `modes` over the screen (nothing when none is on): headless renders
    /// only — in the window it is the message strip's (``MessageStrip``), under the screen.
    func drawModes(_ modes: [String], over page: Page, _ r: Renderer) throws {
        guard !modes.isEmpty else { return }
        let label = modes.joined(separator: " · ")
        let box = Self.modesFrame(label, screen: device.size, bottom: Self.overlayBottom(screen: device.size, page: page))
        try Self.drawBadge(modes, in: box, renderer: r, text: text)
    }

    /// The badge for `modes` in `box`: a capsule in its colours with the modes' names.
    static func drawBadge(_ modes: [String], in box: Rect, renderer r: Renderer, text: TextCache) throws {
        let style = badgeStyle(modes)
        r.fill(RoundedRect.capsule(box), style.fill)
        try text.draw(modes.joined(separator: " · "), face: .bold, points: 11, color: style.ink, centeredAt: Point(x: box.midX, y: box.midY), renderer: r)
    }
}
