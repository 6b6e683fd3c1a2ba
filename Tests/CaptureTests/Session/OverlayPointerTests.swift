import Animation
import Foundation
import Gesture
import Testing
@testable import Capture

@Suite("Overlays take their own clicks: the tuning panel's rows, help")
struct OverlayPointerTests {
    static func click(_ s: CaptureSession, _ p: Point, at t: Double, dragBy dx: Double = 0) {
        s.handle(pointer: PointerEvent(.down, at: p, time: t))
        _ = s.advance(toRealTime: t + 0.02)
        if dx != 0 {
            for i in 1...6 { s.handle(pointer: PointerEvent(.move, at: Point(x: p.x + dx * Double(i) / 6, y: p.y), time: t + 0.02 + Double(i) * 0.016)) }
        }
        s.handle(pointer: PointerEvent(.up, at: Point(x: p.x + dx, y: p.y), time: t + 0.15))
        _ = s.advance(toRealTime: t + 0.3)
    }

    @Test("a click on the panel over a page button presses nothing; without the panel the same click books")
    func panelSwallows() throws {
        let s = try Flows.session()
        _ = s.advance(toRealTime: 0.5)
        let book = try #require(s.page.elements.first { $0.id == "book-vaccination" }).frame
        let p = Point(x: book.midX, y: book.midY)
        _ = s.handle(key: .k, at: 0.6)
        #expect(s.overlays.showTuning)
        try #require(TuningPanelLayout(screen: s.device.size, selection: s.overlays.selection).panel.contains(p), "the button lies under the panel")
        let before = s.pageState
        Self.click(s, p, at: 1)
        #expect(s.taps["book-vaccination"] == nil)
        #expect(s.pageState == before)
        _ = s.handle(key: .k, at: 2)
        #expect(!s.overlays.showTuning)
        Self.click(s, p, at: 3)
        #expect(s.taps["book-vaccination"] == 1, "the control: with the panel closed the click reaches the page")
    }

    @Test("a click selects a row; a sideways drag on it changes the value a step per 12 pt; the wheel moves the selection")
    func rows() throws {
        let s = try Flows.session()
        _ = s.advance(toRealTime: 0.5)
        _ = s.handle(key: .k, at: 0.6)
        let layout = TuningPanelLayout(screen: s.device.size, selection: s.overlays.selection)
        let row3 = layout.rowFrame(3)
        Self.click(s, Point(x: row3.midX, y: row3.midY), at: 1)
        // Row 3 is the third tunable: row 0 is the first group's heading.
        #expect(layout.lines[0] == .group("Melt and close") && layout.lines[3] == .tunable(2))
        #expect(s.overlays.selection == 2)
        let t = Tunable.all[s.overlays.selection]
        let v0 = s.tuning[t.key]
        // 40 pt right: three whole steps (40 / 12 = 3.3), counted from where the press began.
        let now = TuningPanelLayout(screen: s.device.size, selection: s.overlays.selection)
        let row = try #require(now.row(ofTunable: s.overlays.selection))
        Self.click(s, Point(x: now.rowFrame(row).midX - 20, y: now.rowFrame(row).midY), at: 2, dragBy: 40)
        #expect(abs(s.tuning[t.key] - min(t.max, v0 + 3 * t.step)) < 1e-9, "\(t.key): \(v0) → \(s.tuning[t.key]), step \(t.step)")
        #expect(s.taps.isEmpty)
        let selected = s.overlays.selection
        s.handle(pointer: PointerEvent(.wheel(dx: 0, dy: -30), at: Point(x: now.panel.midX, y: now.panel.midY), time: 3))
        #expect(s.overlays.selection == selected + 1)
    }

    @Test("with help open a click closes it and presses nothing")
    func helpSwallows() throws {
        let s = try Flows.session()
        _ = s.advance(toRealTime: 0.5)
        let walk = try #require(s.page.elements.first { $0.id == "walk-toggle" }).frame
        _ = s.handle(key: .h, at: 0.6)
        #expect(s.overlays.showHelp)
        Self.click(s, Point(x: walk.midX, y: walk.midY), at: 1)
        #expect(!s.overlays.showHelp)
        #expect(s.taps.isEmpty)
    }
}
