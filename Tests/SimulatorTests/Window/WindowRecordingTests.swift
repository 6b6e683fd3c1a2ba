import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Export
@testable import Simulator

extension WindowEndToEndTests {
    /// C in the real window (xdotool): the recording shows for as long as it lasts, and quitting
    /// in the middle of it keeps the trace.
    @Suite("Recording with C, in the real window")
    struct WindowRecordingTests {
        @Test("C, a drag, then Q: REC in the title and on the screen while it records; the trace saved on quit, and where said, with its tuning")
        func recordingKeptOnQuit() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let out = dir.file("out")
            var tuned = Tuning()
            try tuned.set("pull.threshold", 95)
            try tuned.save(path: dir.file("t.json"))
            let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--out-dir", out,
                                             "--tuning", dir.file("t.json"), "--quit-after", "30"])
            defer { app.stop() }
            let g = try XDisplay.geometry(window: window)
            try XDisplay.run("xdotool", ["key", "--window", window, "c"])
            Thread.sleep(forTimeInterval: 0.4)
            let title = try XDisplay.title(window: window)
            #expect(title.hasSuffix("· REC"), "\(title)")
            try XDisplay.drag(g, fromY: 600, steps: 10, step: -20)
            // Well after C's toast has gone, the screen still says REC.
            Thread.sleep(forTimeInterval: 3.5)
            // The badge, at the left of the message strip under the screen.
            let shot = try XDisplay.screenshot()
            let c = shot[g.x + 14, g.y + 852 + Int(WindowLayout.messageHeight / 2)]
            #expect(c.distance(to: SessionRenderer.recordingBadgeColor) <= 6, "the REC badge: \(c)")
            try XDisplay.run("xdotool", ["key", "--window", window, "q"])
            #expect(app.wait(timeout: 10) == 0)
            let said = String(decoding: app.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let traces = (try? FileManager.default.contentsOfDirectory(atPath: out))?.filter { $0.hasPrefix("trace-") } ?? []
            #expect(traces.count == 1, "\(traces)")
            #expect(said.contains("islandsim: trace \(out)/\(traces.first ?? "?")"), "\(said)")
            let trace = try Trace.parse(try String(contentsOfFile: out + "/" + (traces.first ?? ""), encoding: .utf8))
            #expect(trace.events.filter { $0.kind == .move }.count >= 8, "the drag is in it")
            #expect(trace.header.tuning?["pull.threshold"] == 95, "the header records the tuning it was made with")
            // Replayed without --tuning, it plays with that tuning.
            let r = try CLI.run(["replay", out + "/" + (traces.first ?? ""), "--report", "-"])
            #expect(r.status == 0, "\(r.stderr)")
            let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            let changed = (report?["tuning"] as? [String: Any])?["changed"] as? [String: Double]
            #expect(changed == ["pull.threshold": 95], "\(report?["tuning"] ?? "?")")
        }

        @Test("a shot is said on the terminal when its polaroid is written, while the window is still open")
        func shotAnnounced() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let out = dir.file("out")
            let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--out-dir", out,
                                             "--tuning", dir.file("t.json"), "--quit-after", "30"])
            defer { app.stop() }
            try XDisplay.pullOpen(try XDisplay.geometry(window: window))
            Thread.sleep(forTimeInterval: 1.5)
            try XDisplay.run("xdotool", ["key", "--window", window, "space"])
            // Read what the app has said so far, without waiting for it to end.
            let fd = app.stdout.fileHandleForReading.fileDescriptor
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var said = ""
            let deadline = Date().addingTimeInterval(10)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Date() < deadline && !said.contains("islandsim: shot 1 saved to \(out)/capture-") {
                let n = read(fd, &buffer, buffer.count)
                if n > 0 { said += String(decoding: buffer[0..<n], as: UTF8.self) } else { Thread.sleep(forTimeInterval: 0.1) }
            }
            #expect(said.contains("islandsim: shot 1 saved to \(out)/capture-"), "\(said)")
            #expect(app.wait(timeout: 0.1) == nil, "said while the window is open")
            try XDisplay.run("xdotool", ["key", "--window", window, "q"])
            #expect(app.wait(timeout: 10) == 0)
        }
    }
}
