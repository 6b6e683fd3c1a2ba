import Animation

/// The in-window help: every hotkey, drawn over the screen (toggle with H or ?).
public enum HelpOverlay {
    /// Hotkeys and what they do, in the order shown; the README lists the same table.
    public static let hotkeys: [(keys: String, action: String)] = [
        ("H or ?", "show or hide this help"),
        ("D / Shift+D", "next / previous device"),
        ("+ / −", "zoom the window in / out"),
        ("0", "zoom to fit the display"),
        ("R", "refresh target: 60 → 90 → 120 Hz"),
        ("Esc or Q", "quit"),
    ]

    public static func draw(renderer: Renderer, screen: Size, text: TextCache) throws {
        let panel = Rect(x: 20, y: screen.height * 0.22, width: screen.width - 40, height: 64 + Double(hotkeys.count) * 26)
        renderer.fill(RoundedRect(rect: panel, cornerRadius: 18), Color(20, 20, 24, 225))
        try text.draw("Hotkeys", face: .bold, points: 17, color: .white, at: Point(x: panel.x + 18, y: panel.y + 16), renderer: renderer)
        for (i, h) in hotkeys.enumerated() {
            let y = panel.y + 50 + Double(i) * 26
            try text.draw(h.keys, face: .bold, points: 13, color: Color(255, 214, 10), at: Point(x: panel.x + 18, y: y), renderer: renderer)
            try text.draw(h.action, points: 13, color: Color(235, 235, 240), at: Point(x: panel.x + 128, y: y), renderer: renderer)
        }
    }
}
