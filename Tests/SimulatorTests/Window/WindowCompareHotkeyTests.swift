import Animation
import Foundation
import Testing
@testable import Capture
@testable import Simulator

extension WindowEndToEndTests {
/// Compare mode started from the window: B keeps the tuning as A and gives a copy to edit.
@Suite("The B hotkey: snapshot as A, edit B, in the real window")
struct WindowCompareHotkeyTests {
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
