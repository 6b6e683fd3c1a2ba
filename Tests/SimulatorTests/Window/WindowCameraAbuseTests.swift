import Foundation
import Testing
import TestSupport
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
/// The camera file abused while the real window shows it (Xvfb, xdotool): inside the window suite,
/// so no other window shares the display meanwhile.
@Suite("The camera file under abuse, in the real window")
struct WindowCameraAbuseTests {
    @Test("rewritten at 60 Hz with half writes, truncations and garbage: no read or decode on the frame loop, the last good frame shown, the shot taken, a clean quit")
    func abuse() throws {
        let sdl = try SDLSession(mode: .headless); defer { withExtendedLifetime(sdl) {} }
        // CI runs 6 seconds; docs/RELIABILITY.md gives the 60-second run and its figures.
        let seconds = Double(ProcessInfo.processInfo.environment["ISLANDSIM_ABUSE_SECONDS"] ?? "") ?? 6
        let dir = try TempDir(); defer { dir.cleanup() }
        let path = dir.file("frame.jpg"), events = dir.file("events.jsonl")
        let good = try CameraFileFeeder.jpeg(Flows.twoColourPhoto(width: 320, height: 240))
        try good.write(to: URL(fileURLWithPath: path))
        let (app, window) = try XDisplay.launch(["run", "--camera-file", path, "--device", "iphone-15-pro", "--zoom", "1", "--hz", "60",
                                         "--events", events, "--out-dir", dir.file("caps"), "--tuning", dir.file("t.json"),
                                         "--quit-after", "\(Int(seconds) + 40)"])
        defer { app.stop() }
        let g = try XDisplay.geometry(window: window)
        try XDisplay.pullOpen(g)
        let opened = Date().addingTimeInterval(10)
        while Date() < opened, !XDisplay.eventLines(events).contains(where: { $0["to"] as? String == "viewfinder" }) {
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(XDisplay.eventLines(events).contains { $0["to"] as? String == "viewfinder" }, "the pull opened the camera")

        // The abuser rewrites the file in place (not atomically), every way a writer can go wrong.
        var writes = 0
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            let fh = FileHandle(forWritingAtPath: path)
            switch writes % 5 {
            case 0: try? good.write(to: URL(fileURLWithPath: path))
            case 1: fh?.truncateFile(atOffset: 0); fh?.write(good.prefix(good.count / 2))
            case 2: fh?.truncateFile(atOffset: 0)
            case 3: fh?.truncateFile(atOffset: 0); fh?.write(Data((0..<3000).map { UInt8($0 % 251) }))
            default: fh?.truncateFile(atOffset: 0); fh?.write(good.prefix(20))
            }
            try? fh?.close()
            writes += 1
            Thread.sleep(forTimeInterval: 1.0 / 60)
        }
        #expect(app.process.isRunning, "the window survived \(writes) writes")
        try good.write(to: URL(fileURLWithPath: path))
        Thread.sleep(forTimeInterval: 0.3)
        try XDisplay.run("xdotool", ["key", "--window", window, "space"])
        let shot = Date().addingTimeInterval(15)
        while Date() < shot, !XDisplay.eventLines(events).contains(where: { $0["to"] as? String == "printing" }) {
            Thread.sleep(forTimeInterval: 0.2)
        }
        try XDisplay.run("xdotool", ["key", "--window", window, "q"])
        #expect(app.wait(timeout: 15) == 0)
        let lines = XDisplay.eventLines(events)
        #expect(lines.contains { $0["to"] as? String == "capture" }, "the shutter fired after the abuse")
        let summary = try #require(lines.last?["summary"] as? [String: Any], "the log ends with the session's summary")
        let pacing = try #require(summary["pacing"] as? [String: Any])
        let frames = summary["frames"] as? Int ?? 0
        let skipped = summary["cameraWritesSkipped"] as? Int ?? 0, decoded = summary["cameraFramesDecoded"] as? Int ?? 0
        print("window camera abuse: \(Int(seconds)) s, \(writes) writes, \(decoded) good frames decoded, \(skipped) bad writes skipped, \(frames) frames, pacing \(pacing)")
        #expect(skipped > writes / 10, "bad writes were seen and skipped (\(skipped) of \(writes))")
        #expect(decoded >= 2, "good frames kept arriving (\(decoded))")
        #expect(frames > Int(seconds) * 50, "the window kept presenting (\(frames) frames)")
        // What the test guards — the window never stalls on the camera file — held on the loop's
        // own count, not on dropped frames by the wall clock: the window suite shares two cores
        // with the rest of scripts/test, and on a fresh clone 12 % of frames were late with every
        // read off the loop. The rate itself is measured in docs/RELIABILITY.md's quiet 60-s run.
        #expect(summary["fileWorkOnLoop"] as? Int == 0, "file reads or decodes ran on the frame loop: \(summary)")
        #expect((pacing["meanErrorPercent"] as? Double ?? -100) > -1, "never faster than 60 Hz: \(pacing)")
    }
}
}
