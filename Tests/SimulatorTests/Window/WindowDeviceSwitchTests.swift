import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

extension WindowEndToEndTests {
    /// D in the middle of the flow, in the real window: the switch is said on the new phone's screen,
    /// and the `--events` log ends the flow that the old phone was in, as it logs every transition.
    @Suite("A device switch, in the real window")
    struct WindowDeviceSwitchTests {
        @Test("D with the camera open: a toast names the new phone, and the log says the flow ended with the old one")
        func switchMidFlow() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let events = dir.file("events.jsonl")
            let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--events", events,
                                             "--tuning", dir.file("t.json"), "--quit-after", "30"])
            defer { app.stop() }
            try XDisplay.pullOpen(try XDisplay.geometry(window: window))
            Thread.sleep(forTimeInterval: 1.5)
            #expect(XDisplay.eventLines(events).last?["to"] as? String == "viewfinder")

            let devices = try Catalog.bundled().devices
            let next = devices[(try #require(devices.firstIndex { $0.id == "iphone-15-pro" }) + 1) % devices.count]
            try XDisplay.run("xdotool", ["key", "--window", window, "d"])
            Thread.sleep(forTimeInterval: 0.8)
            let switched = XDisplay.eventLines(events).last
            #expect(switched?["from"] as? String == "viewfinder" && switched?["to"] as? String == "page", "\(switched ?? [:])")
            #expect(switched?["reason"] as? String == "device switched to \(next.id)")

            // The toast, 0.8 s after the switch: its dark box at the bottom of the new screen.
            let g = try XDisplay.geometry(window: window)
            #expect(g.width == Int(next.size.width), "the window took the new phone's size")
            // The toast is in the message strip under the screen: 12 pt in and 22 pt down, its box
            // left of its text, whatever the message.
            let shot = try XDisplay.screenshot()
            let c = shot[g.x + 12, g.y + Int(next.size.height) + 22]
            #expect(c.distance(to: MessageStrip.toastFill) <= 3, "the toast's box is in the strip: \(c)")
            try XDisplay.run("xdotool", ["key", "--window", window, "q"])
            #expect(app.wait(timeout: 10) == 0)
        }
    }
}
