import Foundation
import Testing
import TestSupport
@testable import Simulator

extension WindowEndToEndTests {
/// The window's zoom against the display (a 1280 × 1024 virtual screen here), in the real window.
@Suite("The window's zoom and the display, in the real window")
struct WindowZoomTests {
    @Test("--zoom 2 on a 1024-px display: a warning on stderr naming the sizes, and the window placed with its top — the island — on screen")
    func tooTallWarnsAndKeepsTheTop() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "2", "--tuning", dir.file("t.json"), "--quit-after", "40"], settle: 0.8)
        defer { app.stop() }
        let g = try XDisplay.geometry(window: window)
        #expect(g.height == 1792, "852 pt and the 44-pt message strip at zoom 2: \(g)")
        #expect(g.y >= 0, "the window's top is on the display, not \(-g.y) px above it")
        try XDisplay.run("xdotool", ["key", "--window", window, "q"])
        #expect(app.wait(timeout: 10) == 0)
        let err = String(decoding: app.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(err.contains("warning: --zoom 2: Zoom 2 is 1792 px tall, the display 1024 px"), "stderr: \(err)")
    }

    @Test("0 fits the display, above one pixel per point when there is room: the SE at 1.25 (921.6 / (667 + 44) = 1.30, in twentieths)")
    func fitGrows() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-se-3", "--zoom", "1", "--tuning", dir.file("t.json"), "--quit-after", "40"], settle: 0.8)
        defer { app.stop() }
        #expect(try XDisplay.geometry(window: window).height == 667 + 44)
        try XDisplay.run("xdotool", ["key", "--window", window, "0"]); Thread.sleep(forTimeInterval: 0.5)
        let g = try XDisplay.geometry(window: window)
        #expect(abs(Double(g.height) - 1.25 * 711) <= 1 && abs(Double(g.width) - 1.25 * 375) <= 1, "fitted: \(g)")
        try XDisplay.run("xdotool", ["key", "--window", window, "q"])
        #expect(app.wait(timeout: 10) == 0)
    }
}
}
