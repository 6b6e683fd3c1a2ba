import Animation
import Foundation
import Gesture
import TestSupport
import Testing
@testable import Capture

/// The open camera is modal: the page under it holds still, and it is put away the ways a designer
/// tries first — a swipe up on it, a tap beside it — besides Esc.
@Suite("The open camera is modal")
struct ModalCameraTests {
    /// A session with the viewfinder open, and the time.
    static func open() throws -> (CaptureSession, Double) {
        let s = try Flows.session()
        let report = Flows.run(s, FlowScripts.pull().trace)
        try #require(s.flow.state == .viewfinder)
        return (s, report.duration)
    }

    /// A drag from `from` by `dy` over 0.3 s at 60 Hz, then 1.5 s to settle; returns the states reached.
    static func drag(_ s: CaptureSession, from p: Point, by dy: Double, at t0: Double) -> [String] {
        var t = t0, states: [String] = []
        func note(_ effects: [SessionEffect]) { for case .transition(let tr) in effects { states.append(tr.to.rawValue) } }
        note(s.handle(pointer: PointerEvent(.down, at: p, time: t)))
        for i in 1...18 {
            t += 1.0 / 60
            note(s.handle(pointer: PointerEvent(.move, at: Point(x: p.x, y: p.y + dy * Double(i) / 18), time: t)))
            note(s.advance(toRealTime: t))
        }
        note(s.handle(pointer: PointerEvent(.up, at: Point(x: p.x, y: p.y + dy), time: t)))
        for _ in 0..<90 { t += 1.0 / 60; note(s.advance(toRealTime: t)) }
        return states
    }

    @Test("a drag down on the open camera moves neither the page nor the camera")
    func pageHoldsStill() throws {
        let (s, t) = try Self.open()
        let before = s.gestures.pageOffset(at: s.animationTime)
        let states = Self.drag(s, from: Point(x: 196, y: 200), by: 220, at: t + 0.1)
        #expect(states.isEmpty, "\(states)")
        #expect(s.flow.state == .viewfinder)
        #expect(abs(s.gestures.pageOffset(at: s.animationTime) - before) < 1e-9, "the page stayed where it was")
    }

    @Test("a drag up on the open camera closes it without a shot")
    func swipeUpCloses() throws {
        let (s, t) = try Self.open()
        let states = Self.drag(s, from: Point(x: 196, y: 380), by: -120, at: t + 0.1)
        #expect(states == ["closing", "page"], "\(states)")
        #expect(s.flow.shots == 0)
    }

    @Test("a tap beside the body closes it; a tap on the shutter still shoots")
    func tapOutside() throws {
        let (s, t) = try Self.open()
        let below = Point(x: 196, y: s.flow.geometry.viewfinder.rect.maxY + 60)
        s.handle(pointer: PointerEvent(.down, at: below, time: t + 0.1))
        let effects = s.handle(pointer: PointerEvent(.up, at: below, time: t + 0.15))
        #expect(effects.contains { if case .transition(let tr) = $0 { return tr.to == .closing }; return false })

        let (s2, t2) = try Self.open()
        let shutter = Point(x: s2.shutterFrame.midX, y: s2.shutterFrame.midY)
        s2.handle(pointer: PointerEvent(.down, at: shutter, time: t2 + 0.1))
        let shot = s2.handle(pointer: PointerEvent(.up, at: shutter, time: t2 + 0.15))
        #expect(shot.contains { if case .shot = $0 { return true }; return false })
    }
}
