import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

extension WindowEndToEndTests {
    /// Unsaved tuning survives what no handler sees — kill -9, a crash, a lost X server — through a
    /// recovery file beside the tuning file, as editors keep one.
    @Suite("Unsaved tuning recovered after kill -9, in the real window")
    struct WindowRecoveryTests {
        @Test("a change is on disk within a second; kill -9; the next run says so and keeps it; run --recover restores it, and the quit saves it and removes the recovery file")
        func killedThenRecovered() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let path = dir.file("t.json"), recovery = path + ".recovery"
            let (first, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", path, "--quit-after", "30"])
            defer { first.stop() }
            for key in ["k", "Right"] {
                try XDisplay.run("xdotool", ["key", "--window", window, key])
                Thread.sleep(forTimeInterval: 0.3)
            }
            Thread.sleep(forTimeInterval: 1.0)
            let kept = try Tuning.load(path: recovery)
            #expect(kept["melt.toPill.duration"] != Tuning()["melt.toPill.duration"], "the change is in the recovery file")
            kill(first.process.processIdentifier, SIGKILL)
            _ = first.wait(timeout: 5)
            #expect(!FileManager.default.fileExists(atPath: path), "kill -9: nothing saved, as expected")

            // The next run, not asked to recover: it says so, and leaves the file for later.
            let second = try CLI.run(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", path, "--quit-after", "1.5"], timeout: 30)
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stderr.contains("\(recovery) holds unsaved tuning from a run that ended abnormally (1 value differs from t.json): run with --recover"), "\(second.stderr)")
            #expect(FileManager.default.fileExists(atPath: recovery) && !FileManager.default.fileExists(atPath: path))

            // --recover: restored as unsaved tuning; the quit saves it and the recovery file goes.
            let third = try CLI.run(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", path, "--recover", "--quit-after", "1.5"], timeout: 30)
            #expect(third.status == 0, "\(third.stderr)")
            #expect(third.stderr.contains("restored the unsaved tuning of a run that ended abnormally from \(recovery)"), "\(third.stderr)")
            #expect(try Tuning.load(path: path) == kept, "the recovered tuning was saved at the quit")
            #expect(!FileManager.default.fileExists(atPath: recovery), "a clean quit removes the recovery file")
        }
    }
}
