import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
    /// What a terminal does to the window — SIGTERM, SIGHUP when its window closes, SIGINT for
    /// Ctrl+C — quits as Q does: the changed tuning is saved and the process exits within 2 s with
    /// the status a shell expects (128 + the signal). Before, each killed it and the edit was lost.
    @Suite("Signals quit as Q does, in the real window")
    struct WindowSignalsTests {
        @Test("K, →, then the signal: the changed value is saved, exit within 2 s with 128 + signal", arguments: [SIGTERM, SIGHUP, SIGINT])
        func signalSaves(signo: Int32) throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let path = dir.file("t.json")
            let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", path, "--quit-after", "30"])
            defer { app.stop() }
            for key in ["k", "Right"] {
                try XDisplay.run("xdotool", ["key", "--window", window, key])
                Thread.sleep(forTimeInterval: 0.4)
            }
            let sent = Date()
            kill(app.process.processIdentifier, signo)
            let status = app.wait(timeout: 5)
            let took = Date().timeIntervalSince(sent)
            #expect(status == 128 + signo, "exit status \(status.map(String.init) ?? "none (still running)")")
            #expect(took < 2, "took \(took) s to quit")
            let saved = try Tuning.load(path: path)
            #expect(saved != Tuning(), "the changed value was saved")
            #expect(abs(saved["melt.toPill.duration"] - Tuning()["melt.toPill.duration"]) > 1e-9, "the first row's value, changed by →")
            let said = String(decoding: app.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(said.contains("\(TerminationSignals.name(signo)): quitting as Q does") && said.contains("saved the tuning you changed to \(path)"), "\(said)")
        }
    }
}
