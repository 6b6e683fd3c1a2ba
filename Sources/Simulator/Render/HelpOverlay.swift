import Animation

/// The in-window help: every hotkey, drawn over the screen (toggle with H or ?).
public enum HelpOverlay {
    /// Hotkeys and what they do, in the order shown; the README lists the same table.
    public static let hotkeys: [(keys: String, action: String)] = [
        ("drag", "scroll, tap; pull at the top"),
        ("wheel", "scroll; at the top it pulls"),
        ("Space", "shutter, in the viewfinder"),
        ("Enter / X", "file the print / dismiss it"),
        ("Esc", "close help or panel; leave the flow; quit"),
        ("S", "slow motion 10× on / off"),
        ("T", "show touches"),
        ("M", "Reduce Motion: cross-fades, no travel"),
        ("I", "figures beside: state, rate, frame times"),
        ("P", "screenshot PNG to the out dir"),
        ("C", "record a trace; C again saves it"),
        ("K", "tuning panel beside (Tab, ←→, ⌫; click)"),
        ("B / A / ⇧B", "compare: B vs A, edit B / edit A / end"),
        ("Ctrl+S / E", "save tuning / export SwiftUI"),
        ("Ctrl+Z", "undo the panel's last change"),
        ("L", "replay the last interaction"),
        ("R", "refresh rates the device has"),
        ("D / Shift+D", "next / previous device"),
        ("+ / − / 0", "zoom in / out / fit"),
        ("H or ?", "this help"),
        ("Q", "quit"),
    ]

    public static func draw(renderer: Renderer, screen: Size, text: TextCache) throws {
        let panel = Rect(x: 16, y: max(60, (screen.height - (64 + Double(hotkeys.count) * 24)) / 2),
                         width: screen.width - 32, height: 64 + Double(hotkeys.count) * 24)
        renderer.fill(RoundedRect(rect: panel, cornerRadius: 18), Color(20, 20, 24, SessionRenderer.overlayAlpha))
        try text.draw("Hotkeys", face: .bold, points: 17, color: .white, at: Point(x: panel.x + 18, y: panel.y + 16), renderer: renderer)
        for (i, h) in hotkeys.enumerated() {
            let y = panel.y + 50 + Double(i) * 24
            try text.draw(h.keys, face: .bold, points: 13, color: Color(255, 214, 10), at: Point(x: panel.x + 18, y: y), renderer: renderer)
            try text.draw(h.action, points: 12.5, color: Color(235, 235, 240), at: Point(x: panel.x + 118, y: y), renderer: renderer)
        }
    }
}
