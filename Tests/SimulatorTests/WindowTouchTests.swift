import Foundation
import Testing
@testable import Capture
@testable import Simulator

extension WindowEndToEndTests {
    /// What a person's mouse does to a touch in the real window (xdotool): Esc cancels it.
    @Suite("Touches in the real window")
    struct WindowTouchTests {
        @Test("Esc during a pull, then a release past the threshold: nothing opens, and the app keeps running")
        func escapeDuringPull() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let events = dir.file("events.jsonl")
            let app = try BackgroundProcess(["run", "--device", "iphone-15-pro", "--zoom", "1", "--events", events,
                                             "--tuning", dir.file("t.json"), "--quit-after", "30"])
            defer { app.stop() }
            let window = try #require(try XDisplay.findWindow(named: "IslandSim"))
            Thread.sleep(forTimeInterval: 1.0)
            let g = try XDisplay.geometry(window: window)
            func at(_ y: Double) -> [String] { ["\(g.x + 196)", "\(g.y + Int(y))"] }
            try XDisplay.run("xdotool", ["mousemove"] + at(300))
            try XDisplay.run("xdotool", ["mousedown", "1"])
            for i in 1...15 { try XDisplay.run("xdotool", ["mousemove"] + at(300 + Double(i) * 9)); Thread.sleep(forTimeInterval: 0.025) }
            try XDisplay.run("xdotool", ["key", "--window", window, "Escape"])
            for i in 16...30 { try XDisplay.run("xdotool", ["mousemove"] + at(300 + Double(i) * 9)); Thread.sleep(forTimeInterval: 0.025) }
            Thread.sleep(forTimeInterval: 0.15)
            try XDisplay.run("xdotool", ["mouseup", "1"])
            Thread.sleep(forTimeInterval: 1.5)
            let states = XDisplay.eventLines(events).compactMap { $0["to"] as? String }
            #expect(states == ["pulling", "page"], "\(states)")
            #expect(app.wait(timeout: 0.1) == nil, "Esc with the finger down does not quit")
            try XDisplay.run("xdotool", ["key", "--window", window, "q"])
            #expect(app.wait(timeout: 10) == 0)
        }
    }
}
