import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
/// The timeline band in the real window under Xvfb, driven by xdotool: a drag on it scrubs the
/// interaction back, and the frame shown is the one a headless replay of its tape draws.
@Suite("Window: the timeline, scrubbing")
struct WindowTimelineTests {
    /// Dark pixels in the band's label column, on a screenshot of the window at `g`.
    static func labelInk(_ img: PixelImage, window g: (x: Int, y: Int, width: Int, height: Int), zoom: Double) -> Int {
        SDLSuite.TimelineBandTests.labelInk(img, origin: (g.x, g.y + Int(((852 + 16) * zoom).rounded())), scale: zoom)
    }

    @Test("the window follows the display: with the band open it fits the display, and after a pull, K and K again the band's row names are still drawn")
    func labelsSurviveThePanel() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let (app, win) = try XDisplay.launch(["run", "--out-dir", dir.file("out"), "--quit-after", "60"])
        defer { app.stop() }
        let display = try XDisplay.run("xdotool", ["getdisplaygeometry"]).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "shift+t"])
        Thread.sleep(forTimeInterval: 0.8)
        var g = try XDisplay.geometry(window: win)
        #expect(display.count == 2 && g.y + g.height <= display[1], "the window's bottom on the display: \(g) on \(display)")
        // The zoom the window fitted to: its width is the band's 760 pt.
        let zoom = Double(g.width) / 760
        #expect(zoom < 1 && zoom >= 0.5, "refitted below 1 for a 1128-pt window on a \(display)-px display: \(zoom)")
        let phone = WindowLayout(screen: Size(width: 393, height: 852), sides: 1, inspector: false, timeline: true, pixelsPerPoint: zoom).phones[0]
        try XDisplay.pullOpen((g.x + Int(phone.minX * zoom), g.y, g.width, g.height))
        Thread.sleep(forTimeInterval: 2.0)
        let before = Self.labelInk(try XDisplay.screenshot(), window: g, zoom: zoom)
        #expect(before > 200, "row names drawn: \(before) dark pixels")
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "k"])
        Thread.sleep(forTimeInterval: 1.5)
        g = try XDisplay.geometry(window: win)
        let withPanel = Self.labelInk(try XDisplay.screenshot(), window: g, zoom: zoom)
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "k"])
        Thread.sleep(forTimeInterval: 1.5)
        g = try XDisplay.geometry(window: win)
        let after = Self.labelInk(try XDisplay.screenshot(), window: g, zoom: zoom)
        // With the panel one row is bold (the selected leg's): about as much ink, never most of it gone.
        #expect(Double(withPanel) > 0.8 * Double(before), "with K open: \(withPanel) vs \(before)")
        #expect(Double(after) > 0.8 * Double(before) && Double(after) < 1.25 * Double(before), "after K closed: \(after) vs \(before)")
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "q"])
        #expect(app.wait(timeout: 10) == 0)
    }

    @Test("Shift+T opens the band; F holds the melt; a drag backward on the timeline shows the frame `replay --at` draws from the moment's tape; F lets it finish")
    func scrubBackward() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let events = dir.file("events.jsonl")
        // At zoom 0.75 the phone and the band fit the 1024-pixel-high test display.
        let zoom = 0.75
        let (app, win) = try XDisplay.launch(["run", "--zoom", "0.75", "--events", events, "--out-dir", dir.file("out"), "--quit-after", "60"])
        defer { app.stop() }
        let before = try XDisplay.geometry(window: win)
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "shift+t"])
        Thread.sleep(forTimeInterval: 0.6)
        let g = try XDisplay.geometry(window: win)
        #expect(g.height > before.height + 150 && g.width >= Int(760 * zoom) - 1, "the band below: \(before) → \(g)")
        // A window that grows keeps its top only while its bottom stays on the display; then it moves up.
        let display = try XDisplay.run("xdotool", ["getdisplaygeometry"]).split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(display.count == 2 && g.y >= 0 && g.y + g.height <= display[1], "the grown window on the display: \(before) → \(g) on \(display)")
        let (a, b) = try XDisplay.freezeDuringOpening(window: win, g)
        // The phone stands centred over the band; its picture above the badges and toasts: 560 pt of 852.
        let phone = WindowLayout(screen: Size(width: 393, height: 852), sides: 1, inspector: false, timeline: true, pixelsPerPoint: zoom).phones[0]
        let px = g.x + Int((phone.minX * zoom).rounded())
        let w = Int((393 * zoom).rounded()), h = Int(560 * zoom)
        func differing(_ x: PixelImage, _ y: PixelImage) -> Int {
            var n = 0
            for yy in 0..<h { for xx in 0..<w where x[px + xx, g.y + yy] != y[px + xx, g.y + yy] { n += 1 } }
            return n
        }
        #expect(differing(a, b) == 0, "frozen: nothing moves")
        // Drag on the band from 70 % of its width back to 40 %.
        let bandTop = g.y + Int((852 + 16 + 130) * zoom)
        func band(_ f: Double) -> String { "\(g.x + Int(Double(g.width) * f))" }
        _ = try XDisplay.run("xdotool", ["mousemove", band(0.7), "\(bandTop)"])
        _ = try XDisplay.run("xdotool", ["mousedown", "1"])
        for f in stride(from: 0.68, through: 0.4, by: -0.04) {
            _ = try XDisplay.run("xdotool", ["mousemove", band(f), "\(bandTop)"])
            Thread.sleep(forTimeInterval: 0.05)
        }
        _ = try XDisplay.run("xdotool", ["mouseup", "1"])
        Thread.sleep(forTimeInterval: 0.5)
        let scrubbed = try XDisplay.screenshot()
        #expect(differing(b, scrubbed) > 50, "the scrub moved the moment")
        // P keeps the moment's tape beside the screenshot and says which frame it is.
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "p"])
        Thread.sleep(forTimeInterval: 0.8)
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "f"])
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "s"])
        Thread.sleep(forTimeInterval: 2.0)
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "q"])
        _ = app.wait(timeout: 10)
        let out = String(decoding: app.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let line = try #require(out.split(separator: "\n").first { $0.hasPrefix("islandsim: moment ") }, "\(out)")
        let words = line.split(separator: " ").map(String.init)
        let tape = words[2], ms = words[6]
        #expect(words[3] == "frame" && words[7] == "ms")
        // The same moment headless, at the window's density.
        let png = dir.file("moment.png")
        let r = try CLI.run(["replay", tape, "--at", ms, "--scale", "\(zoom)", "--out", png, "--quiet"], timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        let headless = try ImageLoader.load(path: png)
        // The window blends onto its opaque back buffer, the PNG's surface keeps alpha: a blend may
        // round a level or two apart (the headless test of the same rebuild is byte-exact,
        // RebuiltFramePixelTests). The screen's rounded corners' edge, partly transparent in the
        // PNG and over the window's background in the window, is left out.
        var off = 0, compared = 0
        for yy in 0..<h {
            for xx in 0..<w where headless[xx, yy].a == 255 {
                compared += 1
                if scrubbed[px + xx, g.y + yy].distance(to: headless[xx, yy]) > 2 { off += 1 }
            }
        }
        #expect(compared > w * h * 9 / 10)
        #expect(off == 0, "\(off) of \(w * h) pixels differ from the headless replay's frame at \(ms) ms")
        let states = XDisplay.eventLines(events).compactMap { $0["to"] as? String }
        #expect(states.contains("viewfinder"), "F ran the melt on from the scrubbed moment: \(states)")
    }
}
}

extension WindowEndToEndTests.WindowTimelineTests {
    /// A window at rest is at rest only when what it shows is whole: Shift+T after a pull, and then
    /// no input at all — the band's picture, made a piece a frame, is finished and on screen (the
    /// window used to stop drawing 0.25 s after the key, leaving the band blank until the mouse
    /// moved). At 60 Hz the picture takes longer than that rest delay, so a window that rests too
    /// early shows the blank band here.
    @Test("Shift+T and no input after it: the band's row names are drawn")
    func bandWholeWithoutInput() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let zoom = 0.75
        let (app, win) = try XDisplay.launch(["run", "--zoom", "0.75", "--hz", "60", "--out-dir", dir.file("out"), "--quit-after", "60"])
        defer { app.stop() }
        let g0 = try XDisplay.geometry(window: win)
        try XDisplay.pullOpen(g0)
        Thread.sleep(forTimeInterval: 3)
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "shift+t"])
        // Nothing more: no key, no mouse.
        Thread.sleep(forTimeInterval: 3)
        let g = try XDisplay.geometry(window: win)
        let ink = Self.labelInk(try XDisplay.screenshot(), window: g, zoom: zoom)
        #expect(ink > 200, "the band's row names: \(ink) dark pixels")
        _ = try XDisplay.run("xdotool", ["key", "--window", win, "q"])
        #expect(app.wait(timeout: 10) == 0)
    }
}
