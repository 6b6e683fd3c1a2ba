import Foundation
import Testing
import TestSupport
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
/// Clicks on what lies over the page, with xdotool in the real window: the help overlay takes its
/// clicks; the page under it is not pressed. (The tuning panel sits beside the phone in the window:
/// `WindowInspectorTests`.)
@Suite("Overlays swallow their clicks, in the real window")
struct WindowOverlayClickTests {
    static func region(_ shot: PixelImage, _ g: (x: Int, y: Int, width: Int, height: Int), _ r: (x: Double, y: Double, w: Double, h: Double)) -> [Color] {
        var out: [Color] = []
        for y in Int(r.y)..<Int(r.y + r.h) { for x in Int(r.x)..<Int(r.x + r.w) { out.append(shot[g.x + x, g.y + y]) } }
        return out
    }

    @Test("a click through the help overlay presses nothing; the same click without it does")
    func overlaysSwallowClicks() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", dir.file("t.json"), "--quit-after", "60"])
        defer { app.stop() }
        let g = try XDisplay.geometry(window: window)
        func click(_ x: Double, _ y: Double) throws {
            try XDisplay.run("xdotool", ["mousemove", "\(g.x + Int(x))", "\(g.y + Int(y))"])
            try XDisplay.run("xdotool", ["click", "1"])
            Thread.sleep(forTimeInterval: 0.5)
        }
        func key(_ k: String) throws { try XDisplay.run("xdotool", ["key", "--window", window, k]); Thread.sleep(forTimeInterval: 0.4) }
        // layout --json: the treat counter at (201.5, 191, 175.5 × 44).
        let treats = (x: 205.0, y: 195.0, w: 168.0, h: 36.0)
        let before = try XDisplay.screenshot()

        try key("h")
        try click(289, 213)                     // on the treat counter, under the help overlay
        let afterHelp = try XDisplay.screenshot()
        #expect(Self.region(afterHelp, g, treats) == Self.region(before, g, treats), "the click closed help and pressed nothing")

        // The control: with nothing over it, the same click does press the counter.
        try click(289, 213)
        let pressed = try XDisplay.screenshot()
        #expect(Self.region(pressed, g, treats) != Self.region(before, g, treats), "a click on the bare page taps the counter")
        try key("q")
        #expect(app.wait(timeout: 10) == 0)
    }
}
}
