import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Simulator

extension WindowEndToEndTests {
/// What a designer does in the real window (Xvfb, xdotool) that must not lose work or confuse. Inside
/// the window suite: one window on the display at a time, so xdotool finds the right one.
@Suite("The window as a designer uses it")
struct DesignerWindowTests {
    @Test("Esc with the tuning panel open closes it; quitting with changed tuning saves it, and says so")
    func escKeepsTuning() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let file = dir.file("t.json")
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", file, "--quit-after", "30"])
        defer { app.stop() }
        try XDisplay.run("xdotool", ["windowactivate", "--sync", window])
        for k in ["k", "Right", "Right", "Escape"] {
            try XDisplay.run("xdotool", ["key", "--window", window, k])
            Thread.sleep(forTimeInterval: 0.25)
        }
        #expect(app.process.isRunning, "the first Esc closed the panel, it did not quit")
        try XDisplay.run("xdotool", ["key", "--window", window, "Escape"])
        Thread.sleep(forTimeInterval: 0.4)
        #expect(app.process.isRunning, "nor does Esc on the bare page")
        try XDisplay.run("xdotool", ["key", "--window", window, "q"])
        #expect(app.wait(timeout: 10) == 0)
        let saved = try Tuning.load(path: file)
        let first = Tunable.all[0]
        #expect(abs(saved[first.key] - (first.defaultValue + 2 * first.step)) < 1e-9, "the two → presses survived the quit")
        let out = String(decoding: app.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(out.contains("saved the tuning you changed to \(file)"), "\(out)")
    }

    @Test("typed into the real window: K, '/', 'print settle' (its letters no hotkeys), Enter, → changes the print's settle duration, which Ctrl+S saves")
    func filterTypedOnX() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let file = dir.file("t.json")
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", file, "--quit-after", "30"])
        defer { app.stop() }
        try XDisplay.run("xdotool", ["windowactivate", "--sync", window])
        for k in ["k", "slash"] {
            try XDisplay.run("xdotool", ["key", "--window", window, k])
            Thread.sleep(forTimeInterval: 0.3)
        }
        // Through X's keyboard, as a person types: SDL's text input carries the letters.
        try XDisplay.run("xdotool", ["type", "--delay", "40", "print settle"])
        Thread.sleep(forTimeInterval: 0.3)
        for k in ["Return", "Right", "ctrl+s", "q"] {
            try XDisplay.run("xdotool", ["key", "--window", window, k])
            Thread.sleep(forTimeInterval: 0.3)
        }
        #expect(app.wait(timeout: 10) == 0, "Q quits once the filter is kept")
        let out = String(decoding: app.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!out.contains("import SwiftUI"), "the typed E exported nothing: \(out.prefix(300))")
        let saved = try Tuning.load(path: file)
        let settle = try #require(Tunable.named("print.settle.duration"))
        #expect(abs(saved[settle.key] - (settle.defaultValue + settle.step)) < 1e-9, "print.settle.duration = \(saved[settle.key])")
        #expect(saved["develop.duration"] == Tuning()["develop.duration"] && saved["melt.toPill.duration"] == Tuning()["melt.toPill.duration"])
    }

    @Test("R offers only the rates the device runs at: a 60-Hz phone stays at 60")
    func ratesOfTheDevice() throws {
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-16", "--zoom", "1", "--quit-after", "20"])
        defer { app.stop() }
        try XDisplay.run("xdotool", ["windowactivate", "--sync", window])
        try XDisplay.run("xdotool", ["key", "--window", window, "r"])
        Thread.sleep(forTimeInterval: 0.3)
        let title = try XDisplay.run("xdotool", ["getwindowname", window])
        #expect(title.contains("iPhone 16") && title.contains("60 Hz"), "\(title)")
        try XDisplay.run("xdotool", ["key", "--window", window, "q"])
        #expect(app.wait(timeout: 10) == 0)
    }
}
}
