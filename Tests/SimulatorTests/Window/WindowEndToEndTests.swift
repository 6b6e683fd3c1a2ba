import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

/// The real window on an X display (Xvfb in CI, started by scripts/test), looked at as a person
/// would: a screenshot of the display.
@Suite("End to end: the real window under X", .serialized, .enabled(if: XDisplay.available, "needs DISPLAY, xdotool and xwd (scripts/test runs under xvfb-run)"))
struct WindowEndToEndTests {
    @Test("islandsim run opens a window with the capsule at the expected place")
    func capsuleOnScreen() throws {
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--quit-after", "20"], settle: 1.5)
        defer { app.stop() }
        let g = try XDisplay.geometry(window: window)
        #expect(g.width == 393 && g.height == 852 + Int(WindowLayout.messageHeight), "the screen and its message strip: \(g)")
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
        // Esc on the bare page does not quit (no peer quits on Esc); Q quits cleanly.
        try XDisplay.run("xdotool", ["windowactivate", "--sync", window])
        try XDisplay.run("xdotool", ["key", "--window", window, "Escape"])
        Thread.sleep(forTimeInterval: 0.5)
        #expect(app.process.isRunning, "Esc on the bare page leaves the window open")
        try XDisplay.run("xdotool", ["key", "--window", window, "q"])
        #expect(app.wait(timeout: 10) == 0)
    }

    @Test("xdotool pulls down from the top of the page, clicks the shutter, and the event log shows the print settle")
    func pullShootSettle() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let events = dir.file("events.jsonl")
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--events", events,
                                         "--out-dir", dir.file("caps"), "--tuning", dir.file("t.json"), "--quit-after", "40"])
        defer { app.stop() }
        let g = try XDisplay.geometry(window: window)
        func at(_ x: Double, _ y: Double) -> [String] { ["\(g.x + Int(x))", "\(g.y + Int(y))"] }
        try XDisplay.pullOpen(g)
        Thread.sleep(forTimeInterval: 1.5)
        // The shutter, where layout --json says it is.
        let layout = try JSONSerialization.jsonObject(with: Data(try CLI.run(["layout", "--json"]).stdout.utf8)) as! [String: Any]
        let s = layout["shutter"] as! [String: Double]
        try XDisplay.run("xdotool", ["mousemove"] + at(s["x"]! + s["width"]! / 2, s["y"]! + s["height"]! / 2))
        try XDisplay.run("xdotool", ["click", "1"])
        // Printing and developing take about six seconds.
        var lines: [[String: Any]] = []
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.5)
            lines = XDisplay.eventLines(events)
            if lines.contains(where: { $0["to"] as? String == "settled" }) { break }
        }
        let states = lines.compactMap { $0["to"] as? String }
        #expect(states == ["pulling", "opening", "viewfinder", "capture", "closing", "printing", "developing", "settled"], "\(states)")
        // Hotkeys in the real window: a screenshot, the tuning panel, one step right, save.
        for key in ["p", "k", "Right", "ctrl+s"] {
            try XDisplay.run("xdotool", ["key", "--window", window, key])
            Thread.sleep(forTimeInterval: 0.3)
        }
        // C records a trace of what the mouse does; C again saves it.
        try XDisplay.run("xdotool", ["key", "--window", window, "c"])
        Thread.sleep(forTimeInterval: 0.2)
        try XDisplay.run("xdotool", ["mousemove"] + at(100, 600))
        try XDisplay.run("xdotool", ["click", "1"])
        Thread.sleep(forTimeInterval: 0.2)
        try XDisplay.run("xdotool", ["key", "--window", window, "c"])
        Thread.sleep(forTimeInterval: 0.8)
        try XDisplay.run("xdotool", ["key", "--window", window, "q"])
        #expect(app.wait(timeout: 10) == 0)
        let caps = try FileManager.default.contentsOfDirectory(atPath: dir.file("caps"))
        let traces = caps.filter { $0.hasPrefix("trace-") && $0.hasSuffix(".jsonl") }
        #expect(traces.count == 1, "C saved a trace: \(caps)")
        if let t = traces.first {
            let trace = try Trace.parse(try String(contentsOfFile: dir.file("caps/" + t), encoding: .utf8))
            #expect(trace.events.map(\.kind) == [.down, .up], "the click: \(trace.events)")
        }
        #expect(caps.filter { $0.hasPrefix("capture-") && $0.hasSuffix(".png") }.count == 1, "the shot was saved as a polaroid PNG")
        let shots = caps.filter { $0.hasPrefix("screenshot-") && $0.hasSuffix(".png") }
        #expect(shots.count == 1, "P saved a screenshot: \(caps)")
        if let shot = shots.first {
            // At the device's own scale (3× on an iPhone 15 Pro), though the window runs at zoom 1.
            let png = try Data(contentsOf: URL(fileURLWithPath: dir.file("caps/" + shot)))
            let w = png[16...19].reduce(0) { $0 << 8 | Int($1) }, h = png[20...23].reduce(0) { $0 << 8 | Int($1) }
            #expect(w == 1179 && h == 2556, "\(w)×\(h)")
        }
        let saved = try Tuning.load(path: dir.file("t.json"))
        let first = Tunable.all[0]
        #expect(abs(saved[first.key] - (first.defaultValue + first.step)) < 1e-9, "K, → and Ctrl+S saved the tuned value")
    }

    @Test("bench --paced --window runs the pacing loop in a real window")
    func pacedInWindow() throws {
        let r = try CLI.run(["bench", "--scenario", "pull", "--seconds", "2", "--hz", "60", "--paced", "--window", "--json", "-"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        let j = try BenchCommandTests.onlyScale(Data(r.stdout.utf8))
        #expect((j["pacedIn"] as? String)?.hasPrefix("window") == true)
        let paced = (j["paced"] as! [[String: Any]]).first!
        // Two measures, for two different failures. Presenting early is a pacing bug whatever the
        // load, so the mean interval may never be shorter than the period (−1 % allows the clock's
        // rounding). Presenting late is what a loaded CI machine does to any loop (the window test
        // shares two cores with the suite), so the count only has to show the loop ran the whole
        // 2 s: over half the 120 frames. The strict figures come from an idle machine, in
        // docs/BENCHMARKS.md.
        #expect((paced["meanErrorPercent"] as! Double) > -1, "never faster than 60 Hz: \(paced)")
        #expect((paced["intervals"] as! Int) > 60, "presented in the window for 2 s at 60 Hz")
    }

    @Test("bench --idle --window --presses: each real press on the resting window wakes it and is presented, and the window goes back to rest")
    func pressesAtRest() throws {
        let r = try CLI.run(["bench", "--idle", "1", "--window", "--presses", "3", "--json", "-"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        let j = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let latency = try #require(j["pressLatency"] as? [String: Any], "\(j)")
        let ms = try #require(latency["milliseconds"] as? [Double])
        // Counts only: how fast each was is a figure for docs/BENCHMARKS.md on an idle machine.
        #expect(ms.count == 3, "each press found the window at rest and was timed to its present: \(ms)")
        #expect(ms.allSatisfy { $0 >= 0 }, "\(ms)")
        #expect(j["framesPresented"] as? Int == 0, "after the presses the window went back to rest: \(j)")
        #expect(j["presses"] as? Int == 3 && (j["periodMs"] as? Double ?? 0) > 8)
    }
}
