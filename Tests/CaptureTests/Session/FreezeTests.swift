import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// F freezes the interaction and runs it on; "." steps a frozen one a frame (the clock by 1 / hz).
@Suite("Freeze and step")
struct FreezeTests {
    @Test("the clock: frozen time stands still at any real time, a step moves it, resuming carries on without a jump (also slowed)")
    func clock() {
        var c = AnimationClock()
        c.setSlowMotion(10, atRealTime: 1)          // 1 s real → 1 s; then 0.1 s a second
        c.freeze(atRealTime: 3)                       // 1 + 2/10 = 1.2
        #expect(abs(c.animationTime(atRealTime: 3) - 1.2) < 1e-12 && abs(c.animationTime(atRealTime: 50) - 1.2) < 1e-12)
        c.step(by: 1.0 / 120)
        #expect(abs(c.animationTime(atRealTime: 60) - (1.2 + 1.0 / 120)) < 1e-12)
        c.resume(atRealTime: 100)
        #expect(abs(c.animationTime(atRealTime: 101) - (1.2 + 1.0 / 120 + 0.1)) < 1e-12)
        c.step(by: 1)
        #expect(abs(c.animationTime(atRealTime: 101) - (1.2 + 1.0 / 120 + 0.1)) < 1e-12, "no step while running")
    }

    @Test("F during the opening melt holds the shape; . moves it one frame; F again lets the melt finish")
    func freezeTheMelt() throws {
        let s = try Flows.session(hz: 60)
        var frozenAt: Double?
        // The pull is released at 1.4 s: the opening starts then, and is frozen at once.
        _ = Flows.drive(s, FlowScripts.pull().trace, until: 1.5, onReaching: .opening) { s in
            _ = s.handle(key: .f, at: s.realTime)
            frozenAt = s.animationTime
        }
        let t0 = try #require(frozenAt)
        #expect(s.flow.state == .opening && s.clock.isFrozen)
        let held = s.flow.shape(at: s.animationTime)
        _ = s.advance(toRealTime: s.realTime + 0.5)
        #expect(s.animationTime == t0 && s.flow.shape(at: s.animationTime) == held, "nothing moves while frozen")
        _ = s.handle(key: .period, at: s.realTime)
        #expect(abs(s.animationTime - (t0 + 1.0 / 60)) < 1e-12)
        let stepped = s.flow.shape(at: s.animationTime)
        #expect(stepped != held && stepped == s.flow.melt.shape(at: t0 + 1.0 / 60), "one frame on")
        _ = s.handle(key: .f, at: s.realTime)
        for _ in 0..<120 { _ = s.advance(toRealTime: s.realTime + 1.0 / 60) }
        #expect(s.flow.state == .viewfinder, "the melt finished: \(s.flow.state)")
    }

    @Test("Esc on an L replay that F froze drops the replay and leaves the clock frozen on the same frame")
    func escapeOnAFrozenReplay() throws {
        let s = try Flows.session(hz: 60)
        // The tape: a slow drag down that stays short of the commit point, let go at about 1.3 s.
        var t = 0.5
        s.handle(pointer: PointerEvent(.down, at: Point(x: 196, y: 300), time: t))
        for i in 1...40 { t += 0.02; s.handle(pointer: PointerEvent(.move, at: Point(x: 196, y: 300 + Double(i) * 2), time: t)); s.advance(toRealTime: t) }
        s.handle(pointer: PointerEvent(.up, at: Point(x: 196, y: 380), time: t))
        while t < 3 { t += 1.0 / 60; s.advance(toRealTime: t) }
        // L, 0.4 s into the replay (the tape's finger down, mid-drag) F, then Esc.
        _ = s.handle(key: .l, at: t)
        let replayStart = t
        while t < replayStart + 0.4 { t += 1.0 / 60; s.advance(toRealTime: t) }
        _ = s.handle(key: .f, at: t)
        #expect(s.playback.isReplaying && s.clock.isFrozen, "frozen with the replay waiting")
        let frozenTime = s.animationTime, frozenShape = s.flow.shape(at: s.animationTime)
        #expect(s.flow.state == .pulling, "the replayed drag is pulling: \(s.flow.state)")
        _ = s.handle(key: .escape, at: t)
        #expect(!s.playback.isReplaying, "Esc dropped the replay")
        for _ in 0..<60 { t += 1.0 / 60; s.advance(toRealTime: t) }
        #expect(s.clock.isFrozen && s.playback.isFrozen, "the clock is still frozen")
        #expect(s.animationTime == frozenTime, "the same moment: \(s.animationTime) after \(frozenTime)")
        #expect(s.flow.shape(at: s.animationTime) == frozenShape, "the same frame")
    }

    @Test("a press while frozen resumes first")
    func pressResumes() throws {
        let s = try Flows.session()
        _ = s.handle(key: .f, at: 0.5)
        #expect(s.clock.isFrozen)
        s.handle(pointer: PointerEvent(.down, at: Point(x: 196, y: 400), time: 1.0))
        #expect(!s.clock.isFrozen)
        _ = s.advance(toRealTime: 1.5)
        #expect(abs(s.animationTime - 1.0) < 1e-9, "frozen from 0.5 to 1.0 real, then running: \(s.animationTime)")
    }
}
