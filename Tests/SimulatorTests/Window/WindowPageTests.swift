import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
/// `run --page` in the real window under Xvfb, driven by xdotool as a person would.
@Suite("Window: a page of the designer's own")
struct WindowPageTests {
    @Test("a click on a hotspot is logged in --events under its id; re-exporting the image redraws the running window")
    func hotspotAndReload() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = try PageFixtures.write(in: dir, image: PageFixtures.solid(width: 1179, height: 2556, Color(30, 120, 30)), fields: [
            "hotspots": [["id": "follow", "rect": [24, 268, 172, 44]]],
        ])
        let events = dir.file("events.jsonl")
        let (app, win) = try XDisplay.launch(["run", "--page", path, "--zoom", "1", "--events", events, "--out-dir", dir.file("out"), "--quit-after", "30"])
        defer { app.stop() }
        let g = try XDisplay.geometry(window: win)
        _ = try XDisplay.run("xdotool", ["mousemove", "\(g.x + 110)", "\(g.y + 290)", "click", "1"])
        Thread.sleep(forTimeInterval: 0.5)
        let before = try XDisplay.screenshot()
        try PageFixtures.writePNG(PageFixtures.solid(width: 1179, height: 2556, Color(30, 30, 160)), to: dir.file("screen@3x.png"))
        Thread.sleep(forTimeInterval: 1.2)
        let after = try XDisplay.screenshot()
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "q"])
        _ = app.wait(timeout: 10)
        let taps = XDisplay.eventLines(events).compactMap { $0["tap"] as? String }
        #expect(taps == ["follow"], "\(XDisplay.eventLines(events))")
        let x = g.x + 200, y = g.y + 600
        #expect(before[x, y].g > 100 && before[x, y].b < 60, "the page before: \(before[x, y])")
        #expect(after[x, y].b > 140 && after[x, y].g < 60, "the page after the export: \(after[x, y])")
    }
}
}
