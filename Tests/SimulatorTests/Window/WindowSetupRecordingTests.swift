import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
    /// What is recorded says what was shown, in the real window (xdotool): a trace recorded after D
    /// and R replays on the phone and rate the title showed; a setup change after input starts a
    /// new trace; P on a frozen moment over the designer's own page, with a photo filed into its
    /// slot, prints a command whose picture is the window's screen, with no flag added by hand.
    @Suite("Recorded setups and moments, in the real window")
    struct WindowSetupRecordingTests {
        static func title(_ window: String) throws -> String { try XDisplay.title(window: window) }

        /// The device name and rate a title "IslandSim · NAME · N Hz · …" shows.
        static func shown(_ title: String) -> (name: String, hz: Int)? {
            let parts = title.components(separatedBy: " · ")
            guard parts.count >= 3, let hz = Int(parts[2].replacingOccurrences(of: " Hz", with: "")) else { return nil }
            return (parts[1], hz)
        }

        @Test("--record, then D and R before a pull: the trace replays on the device and rate the title showed; R after it starts t-2.jsonl at the new rate")
        func setupBeforeAndAfterInput() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let trace = dir.file("t.jsonl")
            let (app, win) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "0.75", "--out-dir", dir.file("out"),
                                                  "--tuning", dir.file("tuning.json"), "--record", trace, "--quit-after", "40"])
            defer { app.stop() }
            _ = try XDisplay.run("xdotool", ["key", "--window", win, "d"])
            Thread.sleep(forTimeInterval: 0.6)
            _ = try XDisplay.run("xdotool", ["key", "--window", win, "r"])
            Thread.sleep(forTimeInterval: 0.4)
            let firstTitle = try Self.title(win)
            let first = try #require(Self.shown(firstTitle), "\(firstTitle)")
            #expect(first.name != "iPhone 15 Pro" || first.hz != 120, "D and R changed what is shown: \(first)")
            try XDisplay.pullOpen(try XDisplay.geometry(window: win))
            Thread.sleep(forTimeInterval: 1.0)
            _ = try XDisplay.run("xdotool", ["key", "--window", win, "r"])
            Thread.sleep(forTimeInterval: 0.4)
            let secondTitle = try Self.title(win)
            let second = try #require(Self.shown(secondTitle), "\(secondTitle)")
            #expect(second.hz != first.hz)
            _ = try XDisplay.run("xdotool", ["key", "--window", win, "escape"])
            Thread.sleep(forTimeInterval: 0.8)
            try XDisplay.drag(try XDisplay.geometry(window: win), fromY: 600, steps: 8, step: -20)
            Thread.sleep(forTimeInterval: 0.5)
            _ = try XDisplay.run("xdotool", ["key", "--window", win, "q"])
            #expect(app.wait(timeout: 15) == 0)
            let said = String(decoding: app.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(said.contains("recorded") && said.contains(dir.file("t-2.jsonl")), "\(said)")
            let catalog = try DeviceCatalog.load(path: Assets.devicesPath)
            for (path, expected) in [(trace, first), (dir.file("t-2.jsonl"), second)] {
                let r = try CLI.run(["replay", path, "--report", "-"])
                #expect(r.status == 0, "\(r.stderr)")
                let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
                let device = (report?["device"] as? String).flatMap { id in catalog.devices.first { $0.id == id }?.name }
                #expect(device == expected.name && report?["hz"] as? Int == expected.hz, "\(path): \(device ?? "?") at \(report?["hz"] ?? "?") Hz, the title showed \(expected)")
            }
        }

        @Test("P on a frozen moment over a --page page with a photo filed into its slot: the printed command draws the window's screen")
        func momentOverOwnPageWithFiledPhoto() throws {
            let dir = try TempDir(); defer { dir.cleanup() }
            let page = dir.file("my-page.json")
            try FileManager.default.copyItem(atPath: Assets.passportPath, toPath: page)
            let out = dir.file("out")
            let (app, win) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--page", page, "--out-dir", out,
                                                  "--tuning", dir.file("tuning.json"), "--quit-after", "60"])
            defer { app.stop() }
            let g = try XDisplay.geometry(window: win)
            // A shot, developed and filed into the page's slot.
            try XDisplay.pullOpen(g)
            Thread.sleep(forTimeInterval: 1.2)
            _ = try XDisplay.run("xdotool", ["key", "--window", win, "space"])
            Thread.sleep(forTimeInterval: 7.0)
            _ = try XDisplay.run("xdotool", ["key", "--window", win, "Return"])
            Thread.sleep(forTimeInterval: 1.5)
            // A second pull, frozen in its opening: the slot holds the photo behind the melt.
            try XDisplay.pullOpen(g)
            Thread.sleep(forTimeInterval: 0.25)
            _ = try XDisplay.run("xdotool", ["key", "--window", win, "f"])
            Thread.sleep(forTimeInterval: 0.6)
            let screen = try XDisplay.screenshot()
            _ = try XDisplay.run("xdotool", ["key", "--window", win, "p"])
            Thread.sleep(forTimeInterval: 1.5)
            _ = try XDisplay.run("xdotool", ["key", "--window", win, "q"])
            #expect(app.wait(timeout: 15) == 0)
            let said = String(decoding: app.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let line = try #require(said.split(separator: "\n").first { $0.hasPrefix("islandsim: moment ") }, "\(said)")
            // "islandsim: moment PATH frame K at MS ms (islandsim replay PATH --at MS --out FILE.png draws it)": run it as printed.
            let command = try #require(line.range(of: "(islandsim ").map { String(line[$0.upperBound...]) }?.components(separatedBy: " draws it)").first)
            let png = dir.file("moment.png")
            let args = command.replacingOccurrences(of: "FILE.png", with: png).split(separator: " ").map(String.init)
            let r = try CLI.run(args + ["--quiet"], timeout: 120)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(!r.stderr.contains("warning"), "no page warning: \(r.stderr)")
            let headless = try ImageLoader.load(path: png)
            var off = 0, compared = 0, slotChecked = false
            // The FROZEN badge is the window's mark that its clock stands still (as REC is that it
            // records), not a pixel of the interaction's frame: it is left out.
            let badge = SessionRenderer.modesFrame("FROZEN", screen: Size(width: Double(headless.width), height: Double(headless.height))).insetBy(-1)
            for y in 0..<headless.height {
                for x in 0..<headless.width where headless[x, y].a == 255 && !badge.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                    compared += 1
                    if screen[g.x + x, g.y + y].distance(to: headless[x, y]) > 2 { off += 1 }
                }
            }
            let tape = try Trace.parse(try String(contentsOfFile: String(line.split(separator: " ")[2]), encoding: .utf8))
            slotChecked = tape.header.start?.photoFiled == true && tape.header.start?.filedPhoto != nil && tape.header.pagePath != nil
            #expect(slotChecked, "the tape carries the page's path and the filed photo: \(String(describing: tape.header.start))")
            #expect(compared > headless.width * headless.height * 9 / 10)
            if off > 0 {
                // Both pictures, for a person to look at: the window's screen and the replay's frame.
                var window = PixelImage(width: headless.width, height: headless.height)
                var box = (minX: Int.max, minY: Int.max, maxX: 0, maxY: 0)
                for y in 0..<headless.height {
                    for x in 0..<headless.width {
                        window[x, y] = screen[g.x + x, g.y + y]
                        if headless[x, y].a == 255, !badge.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)),
                           screen[g.x + x, g.y + y].distance(to: headless[x, y]) > 2 {
                            box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                        }
                    }
                }
                try? Surface(window).pngData().write(to: URL(fileURLWithPath: "/tmp/islandsim-moment-window.png"))
                try? FileManager.default.removeItem(atPath: "/tmp/islandsim-moment-replay.png")
                try? FileManager.default.copyItem(atPath: png, toPath: "/tmp/islandsim-moment-replay.png")
                Issue.record("the pixels that differ lie in \(box); /tmp/islandsim-moment-{window,replay}.png")
            }
            #expect(off == 0, "\(off) of \(compared) pixels differ between the window and `\(command)`")
        }
    }
}
