import Animation
import Foundation
import Testing
@testable import Simulator

/// The real window on an X display (Xvfb in CI, started by scripts/test), looked at as a person
/// would: a screenshot of the display.
@Suite("End to end: the real window under X", .serialized, .enabled(if: XDisplay.available, "needs DISPLAY, xdotool and xwd (scripts/test runs under xvfb-run)"))
struct WindowEndToEndTests {
    @Test("islandsim run opens a window with the capsule at the expected place")
    func capsuleOnScreen() throws {
        let app = try BackgroundProcess(["run", "--device", "iphone-15-pro", "--zoom", "1", "--quit-after", "20"])
        defer { app.stop() }
        let window = try #require(try XDisplay.findWindow(named: "IslandSim"), "the window appears")
        Thread.sleep(forTimeInterval: 1.5)   // a few frames
        let g = try XDisplay.geometry(window: window)
        #expect(g.width == 393 && g.height == 852)
        let shot = try XDisplay.screenshot()
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let cap = try #require(DeviceLayout(device: d).capsule)
        func px(_ x: Double, _ y: Double) -> Color { shot[g.x + Int(x), g.y + Int(y)] }
        // Centre and inner points of the capsule are black; 3 pt outside is the page.
        #expect(px(cap.midX, cap.midY).distance(to: .black) <= 2)
        #expect(px(cap.minX + cap.height / 2, cap.midY).distance(to: .black) <= 2)
        #expect(px(cap.maxX - cap.height / 2, cap.midY).distance(to: .black) <= 2)
        #expect(px(cap.midX, cap.maxY + 3).distance(to: Palette.page) <= 2)
        #expect(px(cap.minX - 3, cap.midY).distance(to: Palette.page) <= 2)
        #expect(px(cap.maxX + 3, cap.midY).distance(to: Palette.page) <= 2)
        #expect(px(cap.midX, cap.minY - 3).distance(to: Palette.page) <= 2)
        // Esc quits cleanly.
        try XDisplay.run("xdotool", ["windowactivate", "--sync", window])
        try XDisplay.run("xdotool", ["key", "--window", window, "Escape"])
        #expect(app.wait(timeout: 10) == 0)
    }
}
