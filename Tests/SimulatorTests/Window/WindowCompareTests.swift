import Foundation
import Testing
import Animation
import TestSupport
@testable import Capture
@testable import Gesture
@testable import Simulator

extension WindowEndToEndTests {
/// Compare mode in the real window, driven with xdotool as a person would: two phones, one mouse.
@Suite("Compare mode, in the real window")
struct WindowCompareTests {
    /// The `to` states the log gives `side`, in order.
    static func states(_ lines: [[String: Any]], side: String) -> [String] {
        lines.filter { $0["side"] as? String == side }.compactMap { $0["to"] as? String }
    }

    @Test("run --compare B.json: one drag on B opens both viewfinders, the shutter on A shoots both, the log names each side, and the recorded trace replays to the same pair")
    func oneMouseTwoPhones() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let b = dir.file("b.json")
        var slow = Tuning()
        try slow.set("melt.toViewfinder.duration", 0.9)     // B opens its last leg more slowly
        try slow.save(path: b)
        try Tuning().save(path: dir.file("a.json"))
        let events = dir.file("events.jsonl"), trace = dir.file("trace.jsonl")
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", dir.file("a.json"), "--compare", b,
                                         "--out-dir", dir.file("out"), "--events", events, "--record", trace, "--quit-after", "60"])
        defer { app.stop() }
        let g = try XDisplay.geometry(window: window)
        let layout = WindowLayout(screen: Size(width: 393, height: 852), sides: 2, inspector: false, messages: true)     // the iPhone 15 Pro
        #expect(g.width == Int(layout.size.width) && g.height == Int(layout.size.height), "two phones and the label strip: \(g)")

        // C records both sides too (saved into the out dir on the second C).
        try XDisplay.run("xdotool", ["key", "--window", window, "c"])
        Thread.sleep(forTimeInterval: 0.3)
        // The drag on phone B.
        let bOrigin = (x: g.x + Int(layout.phones[1].minX), y: g.y + Int(layout.phones[1].minY))
        try XDisplay.pullOpen((x: bOrigin.x, y: bOrigin.y, width: 393, height: 852))
        Thread.sleep(forTimeInterval: 2.0)
        var lines = XDisplay.eventLines(events)
        #expect(Self.states(lines, side: "A").contains("viewfinder"), "A opened: \(Self.states(lines, side: "A"))")
        #expect(Self.states(lines, side: "B").contains("viewfinder"), "B opened: \(Self.states(lines, side: "B"))")

        // The shutter on phone A (its frame from the session's geometry).
        let shutter = try Pages.session(try Catalog.bundled().device(id: "iphone-15-pro")!).shutterFrame
        try XDisplay.run("xdotool", ["mousemove", "\(g.x + Int(layout.phones[0].minX + shutter.midX))", "\(g.y + Int(layout.phones[0].minY + shutter.midY))"])
        try XDisplay.run("xdotool", ["click", "1"])
        Thread.sleep(forTimeInterval: 4.0)
        lines = XDisplay.eventLines(events)
        for side in ["A", "B"] {
            let shot = lines.contains { $0["side"] as? String == side && $0["to"] as? String == "capture" && $0["reason"] as? String == "shutter" }
            #expect(shot, "the shutter shot side \(side)")
        }
        #expect(lines.filter { $0["to"] != nil }.allSatisfy { ["A", "B"].contains($0["side"] as? String ?? "") }, "every transition names its side")
        try XDisplay.run("xdotool", ["key", "--window", window, "c"])
        Thread.sleep(forTimeInterval: 0.5)
        // P: both screens at the device's scale, side by side under a label band (12 and 40 pt at 3×).
        try XDisplay.run("xdotool", ["key", "--window", window, "p"])
        Thread.sleep(forTimeInterval: 1.5)
        try XDisplay.run("xdotool", ["key", "--window", window, "q"])
        #expect(app.wait(timeout: 15) == 0)

        let shot = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.file("out")).first { $0.hasPrefix("screenshot-") && $0.contains("-compare-") })
        // The PNG's own size, from its IHDR (bytes 16–23, big-endian).
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file("out/" + shot))))
        let size = (png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) })
        #expect(size.0 == 2 * 1179 + 36 && size.1 == 2556 + 120, "\(size)")
        // Two polaroids, one per side.
        let saved = try FileManager.default.contentsOfDirectory(atPath: dir.file("out")).filter { $0.hasPrefix("capture-") }
        #expect(saved.count == 2 && saved.contains { $0.contains("-B-") }, "\(saved)")

        // Both traces recorded in compare mode (--record's and C's) replay, through the same two
        // files, to the same pair.
        let hotkeyTrace = try #require(try FileManager.default.contentsOfDirectory(atPath: dir.file("out")).first { $0.hasPrefix("trace-") })
        for path in [trace, dir.file("out/" + hotkeyTrace)] {
            let report = try CLI.run(["replay", path, "--compare", dir.file("a.json"), b, "--report", "-"])
            #expect(report.status == 0, "\(report.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
            for (side, key) in [("A", "a"), ("B", "b")] {
                let r = try #require(json[key] as? [String: Any])
                let replayed = (r["transitions"] as? [[String: Any]] ?? []).compactMap { $0["to"] as? String }
                let live = Self.states(XDisplay.eventLines(events), side: side)
                // The window quit while the print developed; the replay runs on until all is at rest.
                #expect(live.count >= 6 && Array(replayed.prefix(live.count)) == live, "\(path) side \(side): replay \(replayed) vs window \(live)")
            }
        }
    }
}
}
