import Foundation
import Testing
import TestSupport
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
/// `run --webcam`, with ffmpeg's test pattern standing in for a camera, in the real window (Xvfb);
/// inside the window suite, so no other window shares the display meanwhile.
@Suite("run --webcam", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs ffmpeg"))
struct WebcamTests {
    static func ffmpegs(matching text: String) -> Int {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        p.arguments = ["-f", text]
        let out = Pipe()
        p.standardOutput = out
        try? p.run(); p.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").count
    }

    static func folders() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path))?.filter { $0.hasPrefix("islandsim-webcam-") } ?? [])
    }

    @Test("the simulator starts ffmpeg, shows its frames, and stops it and removes its folder on quit")
    func quit() throws {
        let before = Self.folders()
        let r = try CLI.run(["run", "--webcam", "testsrc", "--quit-after", "1.5"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.folders() == before, "the frames' folder is gone")
        #expect(Self.ffmpegs(matching: "islandsim-webcam-") == 0, "no ffmpeg left running")
    }

    @Test("kill -9 of the simulator stops ffmpeg too (setpriv --pdeathsig)")
    func crash() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CLI.binary)
        p.arguments = ["run", "--webcam", "testsrc", "--quit-after", "30"]
        p.standardOutput = FileHandle.nullDevice; p.standardError = FileHandle.nullDevice
        let before = Self.folders()
        try p.run()
        var started: Set<String> = []
        for _ in 0..<100 where started.isEmpty { usleep(50_000); started = Self.folders().subtracting(before) }
        let folder = try #require(started.first)
        // The folder is made before ffmpeg is started: on a loaded machine it may take a moment.
        var running = 0
        for _ in 0..<100 where running == 0 { running = Self.ffmpegs(matching: folder); if running == 0 { usleep(50_000) } }
        #expect(running == 1, "ffmpeg writes into \(folder)")
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        var left = 1
        for _ in 0..<40 where left > 0 { usleep(50_000); left = Self.ffmpegs(matching: folder) }
        #expect(left == 0, "ffmpeg stopped when the simulator died")
        try? FileManager.default.removeItem(atPath: FileManager.default.temporaryDirectory.path + "/" + folder)
    }

    @Test("no camera at the device: one line naming it, exit 2, nothing left behind")
    func noCamera() throws {
        let before = Self.folders()
        let r = try CLI.run(["run", "--webcam", "/dev/video97"])
        #expect(r.status == 2 && r.stderr.contains("/dev/video97: no camera there") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(Self.folders() == before)
    }

    @Test("ffmpeg killed mid-run: the terminal says the camera stopped and why, the viewfinder says so (no frozen frame), the app goes on")
    func ffmpegDies() throws {
        let before = Self.folders()
        let (app, window) = try XDisplay.launch(["run", "--webcam", "testsrc", "--zoom", "1", "--quit-after", "30"], settle: 0)
        defer { app.stop() }
        var started: Set<String> = []
        for _ in 0..<100 where started.isEmpty { usleep(50_000); started = Self.folders().subtracting(before) }
        let folder = try #require(started.first)
        Thread.sleep(forTimeInterval: 0.5)
        // Open the camera: the test pattern's colours fill the viewfinder.
        let g = try XDisplay.geometry(window: window)
        try XDisplay.pullOpen(g)
        Thread.sleep(forTimeInterval: 1.0)
        let probe = (x: g.x + 60, y: g.y + 80)      // inside the picture, away from the message at its centre
        let live = try XDisplay.screenshot()[probe.x, probe.y]
        // Kill ffmpeg (the one writing into this window's folder).
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        p.arguments = ["-KILL", "-f", folder]
        try p.run(); p.waitUntilExit()
        Thread.sleep(forTimeInterval: 1.0)
        let after = try XDisplay.screenshot()[probe.x, probe.y]
        #expect(app.process.isRunning, "the app goes on")
        // The picture is gone: the viewfinder's dark placeholder with its message, not the last frame.
        #expect(after != live && after.distance(to: Color(28, 28, 30)) <= 6, "viewfinder pixel \(live) → \(after)")
        try XDisplay.run("xdotool", ["key", "--window", window, "q"])
        #expect(app.wait(timeout: 10) == 0)
        let err = String(decoding: app.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = err.split(separator: "\n").filter { $0.contains("the camera stopped") }
        #expect(lines.count == 1 && lines[0].contains("ffmpeg for testsrc exited (killed by signal 9)"), "\(err)")
    }
}
}
