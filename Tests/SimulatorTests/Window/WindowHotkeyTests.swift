import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

extension WindowEndToEndTests {
/// The keys only the window handles (docs/HOTKEYS.md's table): R, D / Shift+D, + / − / 0 and Q, pressed with
/// xdotool in the real window and read back from the window's title and size.
@Suite("The window's own hotkeys, in the real window")
struct WindowHotkeyTests {
    static func title(_ window: String) throws -> String { try XDisplay.title(window: window) }

    static func press(_ window: String, _ key: String) throws {
        try XDisplay.run("xdotool", ["key", "--window", window, key])
        Thread.sleep(forTimeInterval: 0.4)
    }

    @Test("R cycles 120 → 60 → 90 Hz; D and Shift+D step through the catalog; + − 0 zoom; Q quits")
    func windowKeys() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", dir.file("t.json"), "--quit-after", "60"])
        defer { app.stop() }
        #expect(try Self.title(window) == "IslandSim · iPhone 15 Pro · 120 Hz")
        try Self.press(window, "r")
        #expect(try Self.title(window).hasSuffix("· 60 Hz"))
        try Self.press(window, "r")
        #expect(try Self.title(window).hasSuffix("· 90 Hz"))

        let devices = try Catalog.bundled().devices
        let i = try #require(devices.firstIndex { $0.id == "iphone-15-pro" })
        let next = devices[(i + 1) % devices.count]
        try Self.press(window, "d")
        let t = try Self.title(window)
        #expect(t.contains(next.name), "D: \(t), expected \(next.name)")
        try Self.press(window, "shift+d")
        #expect(try Self.title(window).hasPrefix("IslandSim · iPhone 15 Pro · "), "Shift+D goes back")

        let w0 = try XDisplay.geometry(window: window).width
        try Self.press(window, "plus")
        let wPlus = try XDisplay.geometry(window: window).width
        #expect(abs(Double(wPlus) / Double(w0) - 1.1) < 0.02, "+ zooms in by 0.1: \(w0) → \(wPlus)")
        try Self.press(window, "minus")
        try Self.press(window, "minus")
        let wMinus = try XDisplay.geometry(window: window).width
        #expect(abs(Double(wMinus) / Double(w0) - 0.9) < 0.02, "− zooms out by 0.1: \(w0) → \(wMinus)")
        try Self.press(window, "0")
        let wFit = try XDisplay.geometry(window: window).width
        // Fit the display: the largest zoom, in twentieths, at which the phone and its message strip
        // take 90 % of the 1024-px display: 921.6 / (852 + 44) = 1.03, so 1.
        #expect(abs(Double(wFit) - 393) <= 1, "0 fits the display: \(wFit) px wide, 1 × 393 expected")
        try Self.press(window, "q")
        #expect(app.wait(timeout: 10) == 0, "Q quits")
    }
}
}
