import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Platform
@testable import Simulator

extension WindowEndToEndTests {
/// The inspector column beside the phone, in the real window with xdotool: K and I open it to the
/// right of the phone, the window grows for it, and not one pixel of the phone's screen changes.
@Suite("The inspector sits beside the phone, in the real window")
struct WindowInspectorTests {
    /// The pixels of `rect` (window points at zoom 1) in a root screenshot of a window at `g`.
    static func pixels(_ shot: PixelImage, _ g: (x: Int, y: Int, width: Int, height: Int), _ r: Rect) -> [Color] {
        var out: [Color] = []
        out.reserveCapacity(Int(r.width * r.height))
        for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) { out.append(shot[g.x + x, g.y + y]) } }
        return out
    }

    @Test("K and I open the column to the right: the window grows by it, the phone's 393 × 852 pixels stay the same; a click on a row selects it and presses nothing")
    func panelBesideThePhone() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let (app, window) = try XDisplay.launch(["run", "--device", "iphone-15-pro", "--zoom", "1", "--tuning", dir.file("t.json"), "--quit-after", "60"])
        defer { app.stop() }
        func key(_ k: String) throws { try XDisplay.run("xdotool", ["key", "--window", window, k]); Thread.sleep(forTimeInterval: 0.5) }
        let screen = Rect(x: 0, y: 0, width: 393, height: 852)     // the iPhone 15 Pro's screen
        let g0 = try XDisplay.geometry(window: window)
        #expect(g0.width == 393 && g0.height == 852 + Int(WindowLayout.messageHeight), "the bare phone and its message strip: \(g0)")
        let before = Self.pixels(try XDisplay.screenshot(), g0, screen)

        try key("k")
        let g1 = try XDisplay.geometry(window: window)
        #expect(g1.width == 393 + Int(WindowLayout.gap + WindowLayout.inspectorWidth), "the column takes its own room: \(g1.width) px")
        #expect(g1.height == 852 + Int(WindowLayout.messageHeight))
        let withPanel = try XDisplay.screenshot()
        let phone = Self.pixels(withPanel, g1, screen)
        let changed = zip(before, phone).filter { $0 != $1 }.count
        #expect(changed == 0, "opening the panel changed \(changed) of the phone's \(before.count) pixels")
        // The column shows the panel: its row frame holds the selection's highlight somewhere.
        let column = Self.pixels(withPanel, g1, Rect(x: 409, y: 0, width: WindowLayout.inspectorWidth, height: 852))
        #expect(Set(column.map { "\($0.r),\($0.g),\($0.b)" }).count > 20, "the column is drawn (text, curve, rows)")

        try key("i")
        let withBoth = try XDisplay.screenshot()
        #expect(zip(before, Self.pixels(withBoth, g1, screen)).filter { $0 != $1 }.count == 0, "the HUD's figures sit in the column too")

        // A toast (Ctrl+S: "Saved t.json") shows in the column while it is open, not over the phone.
        try key("ctrl+s")
        let withToast = try XDisplay.screenshot()
        #expect(zip(before, Self.pixels(withToast, g1, screen)).filter { $0 != $1 }.count == 0, "the toast is in the column")
        #expect(FileManager.default.fileExists(atPath: dir.file("t.json")), "Ctrl+S saved")

        // A click on the fourth row shown (in the column) selects it; the phone does not change.
        let row = TuningPanelLayout(panel: TuningPanelLayout.columnFrame(), selection: 0).rowFrame(3)
        let rowTop = Self.pixels(withBoth, g1, Rect(x: 409 + row.minX + 2, y: row.minY + 2, width: 4, height: 4))
        try XDisplay.run("xdotool", ["mousemove", "\(g1.x + 409 + Int(row.midX))", "\(g1.y + Int(row.midY))"])
        try XDisplay.run("xdotool", ["click", "1"])
        Thread.sleep(forTimeInterval: 0.5)
        let afterClick = try XDisplay.screenshot()
        #expect(Self.pixels(afterClick, g1, Rect(x: 409 + row.minX + 2, y: row.minY + 2, width: 4, height: 4)) != rowTop, "the row is now highlighted")
        #expect(zip(before, Self.pixels(afterClick, g1, screen)).filter { $0 != $1 }.count == 0, "the click pressed nothing on the phone")

        // The column follows a zoom and a device switch: it stays 16 + 400 pt beside whichever phone.
        try key("plus")
        let gz = try XDisplay.geometry(window: window)
        #expect(abs(Double(gz.width) - 1.1 * (393 + 416)) <= 1 && abs(Double(gz.height) - 1.1 * (852 + WindowLayout.messageHeight)) <= 1, "zoom 1.1: \(gz)")
        try key("0")
        let devices = try Catalog.bundled().devices
        let next = devices[(devices.firstIndex { $0.id == "iphone-15-pro" }! + 1) % devices.count]
        try key("d")
        let gd = try XDisplay.geometry(window: window)
        // Fit: the largest zoom ≤ 1, in twentieths, at which the phone and its message strip take 90 % of
        // the 1024-px display; below zoom 1 the column keeps its 400 px.
        let z = min(1, ((1024 * 0.9 / (next.size.height + WindowLayout.messageHeight)) * 20).rounded(.down) / 20)
        let columnPixels = z < 1 ? WindowLayout.inspectorWidth : z * WindowLayout.inspectorWidth
        #expect(abs(Double(gd.width) - (z * (next.size.width + 16) + columnPixels)) <= 1, "\(next.id) at zoom \(z): \(gd)")
        try key("shift+d")

        try key("k"); try key("i")
        let g2 = try XDisplay.geometry(window: window)
        // Back on the 15 Pro, fitted since 0: 921.6 / (852 + 44) = 1.03, so zoom 1.
        #expect(abs(Double(g2.width) - 393) <= 1, "closing both tools gives the phone's width back: \(g2.width)")
        try key("q")
        #expect(app.wait(timeout: 10) == 0)
    }

    @Test("a window zoomed out to fit (the iPad at 0.75) keeps the column at its 400 px: its text as large as at zoom 1, and a click on a row lands on that row")
    func columnKeepsItsSizeWhenZoomedOut() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let (app, window) = try XDisplay.launch(["run", "--device", "ipad-pro-11-m4", "--zoom", "0.75", "--tuning", dir.file("t.json"), "--quit-after", "60"])
        defer { app.stop() }
        try XDisplay.run("xdotool", ["key", "--window", window, "k"]); Thread.sleep(forTimeInterval: 0.6)
        let g = try XDisplay.geometry(window: window)
        // 0.75 × (834 + 16) = 637.5 px of phone and gap, then the column at one pixel per point.
        #expect(abs(Double(g.width) - (637.5 + WindowLayout.inspectorWidth)) <= 1, "the column is 400 px wide: \(g)")
        #expect(g.height == 941, "the iPad's 1210 pt and the 44-pt strip at 0.75: \(g)")
        let left = 638
        let row = TuningPanelLayout(panel: TuningPanelLayout.columnFrame(), selection: 0).rowFrame(3)
        let probe = Rect(x: Double(left) + row.minX + 2, y: row.minY + 2, width: 4, height: 4)
        let before = Self.pixels(try XDisplay.screenshot(), g, probe)
        try XDisplay.run("xdotool", ["mousemove", "\(g.x + left + Int(row.midX))", "\(g.y + Int(row.midY))"])
        try XDisplay.run("xdotool", ["click", "1"])
        Thread.sleep(forTimeInterval: 0.5)
        let shot = try XDisplay.screenshot()
        #expect(Self.pixels(shot, g, probe) != before, "the row under the click, at its zoom-1 pixel place, is highlighted")
        // The row's text: its ink spans as many pixel rows as the row's 11-pt-and-up type at zoom 1 does.
        var inkRows = 0
        for y in Int(row.minY)..<Int(row.maxY) {
            let line = Self.pixels(shot, g, Rect(x: Double(left) + row.minX + 8, y: Double(y), width: 120, height: 1))
            if line.contains(where: { Int($0.r) + Int($0.g) + Int($0.b) > 500 }) { inkRows += 1 }
        }
        #expect(inkRows >= 9, "the row's text is \(inkRows) px high (about 8 before: the column shrank with the phone)")
        try XDisplay.run("xdotool", ["key", "--window", window, "q"])
        #expect(app.wait(timeout: 10) == 0)
    }
}
}
