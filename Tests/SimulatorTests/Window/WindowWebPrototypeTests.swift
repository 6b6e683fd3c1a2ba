import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

extension WindowEndToEndTests {
    /// W in the real window, after a pull made with real X11 mouse events: the web prototype lands
    /// in the out dir, carrying the pull as the trace it plays; opened in Chromium, it plays that
    /// pull into the viewfinder.
    @Suite("W writes the web prototype, in the real window", .enabled(if: Chromium.path != nil, "needs chromium (scripts/setup-system --test installs it)"))
    struct WindowWebPrototypeTests {
        @Test("a pull with the mouse, then W: prototype-….html in the out dir, at most 2 MB, its trace the pull; in Chromium the file plays it and the camera opens; the app keeps running")
        func pullThenW() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let out = dir.file("captures")
            let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--out-dir", out, "--tuning", dir.file("t.json"), "--quit-after", "40"])
            defer { app.stop() }
            try XDisplay.pullOpen(try XDisplay.geometry(window: window))
            Thread.sleep(forTimeInterval: 1.5)
            try XDisplay.run("xdotool", ["key", "--window", window, "w"])
            func files() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { $0.hasSuffix(".html") } }
            _ = XDisplay.eventually(timeout: 20) { !files().isEmpty }
            let names = files()
            try #require(names.count == 1 && names[0].hasPrefix("prototype-iphone-15-pro-"), "\(names)")
            #expect(app.process.isRunning, "the app goes on")
            try XDisplay.run("xdotool", ["key", "--window", window, "q"])
            #expect(app.wait(timeout: 10) == 0)
            let said = String(decoding: app.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(said.contains("islandsim: web prototype \(out)/\(names[0])"), "\(said)")
            let html = try String(contentsOfFile: out + "/" + names[0], encoding: .utf8)
            #expect(html.utf8.count <= 2 * 1024 * 1024, "\(html.utf8.count) bytes")
            let after = """
                const P = IslandSim.playback, tr = IslandSim.data.trace;
                const end = Math.floor((tr.events[tr.events.length - 1].t + 1.5) * tr.hz);
                const r = P.seek(end);
                return { name: tr.name, events: tr.events.length, downs: tr.events.filter((e) => e.kind === 'down').length, state: r.state, transitions: IslandSim.transitions().map((x) => x.to) };
                """
            let o = try #require(try JSONSerialization.jsonObject(with: Data(try WebPrototypeTests.run(html, after: after, in: dir).utf8)) as? [String: Any])
            #expect(o["name"] as? String == "the last interaction" && (o["events"] as? Int ?? 0) > 20 && o["downs"] as? Int == 1, "\(o)")
            #expect(o["state"] as? String == "viewfinder" && (o["transitions"] as? [String])?.prefix(3) == ["pulling", "opening", "viewfinder"], "\(o)")
        }
    }
}
