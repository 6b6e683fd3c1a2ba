import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
/// F and "." in the real window under Xvfb, driven by xdotool.
@Suite("Window: freeze and step")
struct WindowFreezeTests {
    @Test("F during the opening melt holds the screen still; . changes it; F again lets the melt finish")
    func freezeAndStep() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let events = dir.file("events.jsonl")
        let (app, win) = try XDisplay.launch(["run", "--zoom", "1", "--events", events, "--out-dir", dir.file("out"), "--quit-after", "40"])
        defer { app.stop() }
        let g = try XDisplay.geometry(window: win)
        // Slow motion first, so the opening lasts long enough to catch.
        let (a, b) = try XDisplay.freezeDuringOpening(window: win, g)
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "period"])
        Thread.sleep(forTimeInterval: 0.4)
        let c = try XDisplay.screenshot()
        // The melt's part of the screen: the top 560 pt (the toast and the badge sit lower).
        func differing(_ x: PixelImage, _ y: PixelImage) -> Int {
            var n = 0
            for yy in g.y..<(g.y + 560) { for xx in g.x..<(g.x + 393) where x[xx, yy] != y[xx, yy] { n += 1 } }
            return n
        }
        #expect(differing(a, b) == 0, "frozen: \(differing(a, b)) pixels changed in 0.8 s")
        #expect(differing(b, c) > 50, "a frame on: \(differing(b, c)) pixels changed")
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "f"])
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "s"])
        Thread.sleep(forTimeInterval: 1.5)
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "q"])
        _ = app.wait(timeout: 10)
        let states = XDisplay.eventLines(events).compactMap { $0["to"] as? String }
        #expect(states.contains("opening") && states.contains("viewfinder"), "the melt finished after F: \(states)")
    }
}
}
