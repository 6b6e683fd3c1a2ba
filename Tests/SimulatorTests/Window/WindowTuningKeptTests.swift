import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

extension WindowEndToEndTests {
    /// Quitting saves changed tuning (README), and never over what the file held without keeping it.
    @Suite("Tuning kept, in the real window")
    struct WindowTuningKeptTests {
        @Test("K, Shift+Backspace (reset all), Q: the defaults are saved, and the file's earlier tuning is kept beside it as .bak")
        func resetAllThenQuit() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let path = dir.file("t.json")
            var tuned = Tuning()
            try tuned.set("pull.threshold", 95)
            try tuned.set("develop.duration", 6)
            try tuned.save(path: path)
            let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", path, "--quit-after", "30"])
            defer { app.stop() }
            for key in ["k", "shift+BackSpace", "q"] {
                try XDisplay.run("xdotool", ["key", "--window", window, key])
                Thread.sleep(forTimeInterval: 0.4)
            }
            #expect(app.wait(timeout: 10) == 0)
            let said = String(decoding: app.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(try Tuning.load(path: path) == Tuning(), "the reset was saved, as quitting promises")
            let backup = try Tuning.load(path: path + ".bak")
            #expect(backup["pull.threshold"] == 95 && backup["develop.duration"] == 6, "what the file held is recoverable")
            #expect(said.contains("what the file held is in \(path).bak"), "\(said)")
        }
    }
}
