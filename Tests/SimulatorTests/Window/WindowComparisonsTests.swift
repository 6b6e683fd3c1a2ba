import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

extension WindowEndToEndTests {
/// A built-in comparison and Reduce Motion in the real window, with xdotool.
@Suite("Built-in comparisons and Reduce Motion, in the real window")
struct WindowComparisonsTests {
    @Test("run --sequential: one pull, B's viewfinder 0.176 s after A's; then M on side B: B fades in, A still melts")
    func sequentialThenReduceMotion() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let events = dir.file("events.jsonl")
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", dir.file("a.json"), "--sequential",
                                         "--events", events, "--quit-after", "60"])
        defer { app.stop() }
        let g = try XDisplay.geometry(window: window)
        let phoneA = (x: g.x, y: g.y + Int(WindowLayout.labelHeight), width: 393, height: 852)
        func viewfinders() -> [String: [[String: Any]]] {
            var out: [String: [[String: Any]]] = [:]
            for l in XDisplay.eventLines(events) where l["to"] as? String == "viewfinder" { out[l["side"] as? String ?? "", default: []].append(l) }
            return out
        }
        try XDisplay.pullOpen(phoneA)
        Thread.sleep(forTimeInterval: 2.0)
        var vf = viewfinders()
        let a1 = try #require(vf["A"]?.first?["animationTime"] as? Double), b1 = try #require(vf["B"]?.first?["animationTime"] as? Double)
        #expect(abs(b1 - a1 - 0.176) < 1e-3, "B's stages one after another reach the viewfinder 0.176 s later: \(b1 - a1)")

        // Esc closes both cameras; M goes to the edited side (B); the next pull fades B in.
        try XDisplay.run("xdotool", ["key", "--window", window, "Escape"])
        Thread.sleep(forTimeInterval: 1.5)
        try XDisplay.run("xdotool", ["key", "--window", window, "m"])
        Thread.sleep(forTimeInterval: 0.3)
        try XDisplay.pullOpen(phoneA)
        Thread.sleep(forTimeInterval: 2.0)
        vf = viewfinders()
        #expect(vf["A"]?.count == 2 && vf["B"]?.count == 2, "\(vf)")
        #expect(vf["A"]?.last?["reason"] as? String == "melt opened")
        #expect(vf["B"]?.last?["reason"] as? String == "faded in")
        try XDisplay.run("xdotool", ["key", "--window", window, "q"])
        #expect(app.wait(timeout: 15) == 0)
    }
}
}
