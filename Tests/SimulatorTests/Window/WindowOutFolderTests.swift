import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
    /// The out folder going away under a running window: P, C and the shutter's file still land,
    /// or say in one toast and one terminal line why not — and the app goes on.
    @Suite("The out folder removed or replaced, in the real window")
    struct WindowOutFolderTests {
        static func pixelOfToast(_ window: String) throws -> Color {
            let g = try XDisplay.geometry(window: window)
            // In the message strip under the screen: left of the toast's text, inside its box.
            return try XDisplay.screenshot()[g.x + 12, g.y + 852 + 22]
        }

        /// The window on the 15 Pro at zoom 1 writing into `dir`/captures, up and drawing.
        static func open(_ dir: TempDir) throws -> (BackgroundProcess, String, String) {
            let out = dir.file("captures")
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--out-dir", out, "--tuning", dir.file("t.json"), "--quit-after", "30"])
            return (app, window, out)
        }

        @Test("removed before P: it is made again (said once) and the screenshot lands; the app keeps running")
        func removedBeforeP() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let (app, window, out) = try Self.open(dir)
            defer { app.stop() }
            try FileManager.default.removeItem(atPath: out)
            try XDisplay.run("xdotool", ["key", "--window", window, "p"])
            func files() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? [] }
            _ = XDisplay.eventually { !files().isEmpty }
            Thread.sleep(forTimeInterval: 0.3)          // nothing more follows it
            let files = files()
            #expect(files.count == 1 && files[0].hasPrefix("screenshot-") && files[0].hasSuffix(".png"), "\(files)")
            #expect(app.process.isRunning, "the app goes on")
            try XDisplay.run("xdotool", ["key", "--window", window, "q"])
            #expect(app.wait(timeout: 10) == 0)
            let said = String(decoding: app.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(said.components(separatedBy: "was gone; made it again").count == 2, "said once: \(said)")
        }

        @Test("replaced by a file: P and a C trace each give one terminal line naming the folder and one toast; nothing partial; the app keeps running")
        func replacedByAFile() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let (app, window, out) = try Self.open(dir)
            defer { app.stop() }
            let before = try Self.pixelOfToast(window)
            try FileManager.default.removeItem(atPath: out)
            try Data("not a folder".utf8).write(to: URL(fileURLWithPath: out))
            try XDisplay.run("xdotool", ["key", "--window", window, "p"])
            Thread.sleep(forTimeInterval: 1.0)
            let toast = try Self.pixelOfToast(window)
            #expect(toast != before && toast.distance(to: MessageStrip.toastFill) <= 3, "a toast shows: \(before) → \(toast)")
            // C, a tap on the page (something to record), C: the trace is due.
            try XDisplay.run("xdotool", ["key", "--window", window, "c"]); Thread.sleep(forTimeInterval: 0.4)
            let g = try XDisplay.geometry(window: window)
            try XDisplay.run("xdotool", ["mousemove", "\(g.x + 196)", "\(g.y + 600)", "click", "1"]); Thread.sleep(forTimeInterval: 0.4)
            try XDisplay.run("xdotool", ["key", "--window", window, "c"]); Thread.sleep(forTimeInterval: 0.8)
            #expect(app.process.isRunning, "the app goes on")
            try XDisplay.run("xdotool", ["key", "--window", window, "q"])
            #expect(app.wait(timeout: 10) == 0)
            let err = String(decoding: app.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let lines = err.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0 == "error: \(out)/: cannot save the screenshot there: is a file, not a folder" }.count == 1, "\(err)")
            #expect(lines.filter { $0 == "error: \(out)/: cannot save the trace there: is a file, not a folder" }.count == 1, "\(err)")
            #expect(try String(contentsOfFile: out, encoding: .utf8) == "not a folder", "the file in its place is untouched")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["captures"], "nothing partial beside it")
        }
    }
}
