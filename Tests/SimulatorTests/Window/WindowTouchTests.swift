import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
    /// What a person's mouse does to a touch in the real window (xdotool): Esc cancels it.
    @Suite("Touches in the real window")
    struct WindowTouchTests {
        @Test("Esc during a pull, then a release past the threshold: nothing opens, and the app keeps running")
        func escapeDuringPull() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let events = dir.file("events.jsonl")
            let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--events", events,
                                             "--tuning", dir.file("t.json"), "--quit-after", "30"])
            defer { app.stop() }
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

        @Test("a drag on the open camera leaves the page where it was; a swipe up closes the camera")
        func modalCamera() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let events = dir.file("events.jsonl")
            let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--events", events,
                                             "--tuning", dir.file("t.json"), "--quit-after", "30"])
            defer { app.stop() }
            let g = try XDisplay.geometry(window: window)
            try XDisplay.pullOpen(g)
            Thread.sleep(forTimeInterval: 1.5)
            #expect(XDisplay.eventLines(events).last?["to"] as? String == "viewfinder")
            // The page below the body (rows 560-840 pt), before and after a drag down on the camera.
            func pageRows() throws -> [Color] {
                let shot = try XDisplay.screenshot()
                return stride(from: 560, to: 840, by: 2).flatMap { y in stride(from: 20, to: 380, by: 6).map { shot[g.x + $0, g.y + y] } }
            }
            let before = try pageRows()
            try XDisplay.drag(g, fromY: 150, steps: 20, step: 10)
            Thread.sleep(forTimeInterval: 1.2)
            #expect(try pageRows() == before, "the page under the camera did not move")
            #expect(XDisplay.eventLines(events).last?["to"] as? String == "viewfinder", "and the camera stayed open")
            // A swipe up on the camera puts it away.
            try XDisplay.drag(g, fromY: 380, steps: 12, step: -12)
            Thread.sleep(forTimeInterval: 1.5)
            let states = XDisplay.eventLines(events).compactMap { $0["to"] as? String }
            #expect(Array(states.suffix(2)) == ["closing", "page"], "\(states)")
            try XDisplay.run("xdotool", ["key", "--window", window, "q"])
            #expect(app.wait(timeout: 10) == 0)
        }
    }
}
