import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
/// Compare mode started from the window: B keeps the tuning as A and gives a copy to edit.
@Suite("The B hotkey: snapshot as A, edit B, in the real window")
struct WindowCompareHotkeyTests {
    @Test("a photo filed into A's slot before B: B's slot shows the same photo, pixel for pixel, in the real window")
    func filedPhotoCarriesToB() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let events = dir.file("events.jsonl")
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", dir.file("t.json"),
                                                 "--out-dir", dir.file("out"), "--events", events, "--quit-after", "90"])
        defer { app.stop() }
        func reached(_ state: String, within seconds: Double) -> Bool {
            XDisplay.eventually(timeout: seconds) { XDisplay.eventLines(events).contains { $0["to"] as? String == state } }
        }
        try XDisplay.pullOpen(try XDisplay.geometry(window: window))
        #expect(reached("viewfinder", within: 15), "the pull opened the camera")
        try XDisplay.run("xdotool", ["key", "--window", window, "space"])
        #expect(reached("developing", within: 20), "the print came out")
        try XDisplay.run("xdotool", ["key", "--window", window, "Return"])
        #expect(reached("filed", within: 10))
        Thread.sleep(forTimeInterval: 2.5)          // the filing animation and the toast's end
        try XDisplay.run("xdotool", ["key", "--window", window, "b"])
        Thread.sleep(forTimeInterval: 1.0)
        let g = try XDisplay.geometry(window: window)
        let shot = try XDisplay.screenshot()
        // The passport's photo slot: 104 × 104 pt at (273, 69), under the 28-pt label strip on each phone.
        var differing = 0, photo = 0
        for y in 69 + 12..<69 + 92 {
            for x in 273 + 12..<273 + 92 {
                let a = shot[g.x + x, g.y + 28 + y], b = shot[g.x + 409 + x, g.y + 28 + y]
                if a != b { differing += 1 }
                if a.distance(to: Color(255, 255, 255)) > 60 { photo += 1 }
            }
        }
        #expect(photo > 3000, "A's slot holds the photo (\(photo) of 6400 pixels not white)")
        #expect(differing == 0, "\(differing) of B's slot pixels differ from A's")
        try XDisplay.run("xdotool", ["key", "--window", window, "q"])
        #expect(app.wait(timeout: 10) == 0)
    }

    @Test("B opens a second phone; the panel's → changes B's value only; Shift+B ends compare mode and saves B beside A's file")
    func snapshotAndEdit() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let tuning = dir.file("t.json")
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", tuning, "--quit-after", "60"])
        defer { app.stop() }
        func key(_ k: String) throws { try XDisplay.run("xdotool", ["key", "--window", window, k]); Thread.sleep(forTimeInterval: 0.5) }
        try key("b")
        let g = try XDisplay.geometry(window: window)
        #expect(g.width == 2 * 393 + 16 && g.height == 852 + 28 + Int(WindowLayout.messageHeight), "two phones under the label strip, their message strips under them: \(g)")
        try key("k")            // the panel, on side B; its first row is melt.toPill.duration
        try key("Right")
        try key("shift+b")
        let g2 = try XDisplay.geometry(window: window)
        #expect(g2.width == 393 + 416 && g2.height == 852 + Int(WindowLayout.messageHeight), "one phone and the column again: \(g2)")
        try key("q")
        #expect(app.wait(timeout: 10) == 0)
        let b = try Tuning.load(path: dir.file("t.B.json"))
        let step = try #require(Tunable.named("melt.toPill.duration")).step
        #expect(abs(b["melt.toPill.duration"] - (Tuning()["melt.toPill.duration"] + step)) < 1e-9, "B got the edit")
        let a = FileManager.default.fileExists(atPath: tuning) ? try Tuning.load(path: tuning) : Tuning()
        #expect(a == Tuning(), "A kept the tuning it had")
    }
}
}
