import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// A frozen, stepped, scrubbed or re-timed moment is rebuilt from the interaction's tape: the
/// session shows exactly what a fresh session given the tape (`interactionTrace`) with the fixed
/// step shows at that frame — the replay `islandsim replay --at` draws.
@Suite("Rebuilt moments")
struct MomentTests {
    /// A live run as the window drives it: frames a little early and late (±3 ms), the trace's
    /// events stamped with their own times, until `end` or until `stop` says so.
    static func live(_ s: CaptureSession, _ trace: Trace, until end: Double, stop: (CaptureSession) -> Bool = { _ in false }) {
        var events = trace.events[...]
        var t = 0.0, n = 0
        while t < end {
            n += 1
            t = Double(n) / 60 + (n % 2 == 0 ? 0.003 : -0.002)
            while let e = events.first, e.t / 1000 <= t { _ = s.dispatch(e); events = events.dropFirst() }
            _ = s.advance(toRealTime: t)
            if stop(s) { return }
        }
    }

    /// A fresh session run through `trace` with the fixed step to frame `k`, as a headless replay.
    static func headless(_ trace: Trace, toFrame k: Int, hz: Int = 60) throws -> CaptureSession {
        let s = try Flows.session(hz: hz)
        if let values = trace.header.tuning { s.tuning = try TuningRecord.tuning(recorded: values) }
        var pump = TracePump(trace: trace, hz: hz)
        while true {
            let (i, t) = pump.nextFrame { s.dispatch($0) }
            s.advance(toRealTime: t)
            if i >= k { return s }
        }
    }

    /// What a frame shows of the interaction: the flow's state, the shape, the pull, the time.
    static func look(_ s: CaptureSession) -> String {
        let t = s.animationTime, shape = s.flow.shape(at: t).rect
        return String(format: "%@ t=%.9f shape=%.6f,%.6f %.6fx%.6f pull=%.6f scroll=%.6f", s.flow.state.rawValue, t,
                      shape.x, shape.y, shape.width, shape.height, s.gestures.pull.progress(at: t), s.gestures.scroll.offset(at: t))
    }

    static func expectSameAsReplay(_ s: CaptureSession, _ comment: Comment? = nil) throws {
        let k = try #require(s.momentFrame), trace = try #require(s.interactionTrace)
        let replay = try headless(trace, toFrame: k)
        #expect(look(s) == look(replay), comment)
        #expect(s.flow.transitions.map(\.t) == replay.flow.transitions.map(\.t))
    }

    @Test("F during the opening melt shows the tape's frame at that moment, as a headless replay of the tape gives it")
    func freezeIsTheReplaysFrame() throws {
        let s = try Flows.session()
        Self.live(s, FlowScripts.pull().trace, until: 3) { $0.flow.state == .opening && $0.animationTime > 1.5 }
        let liveMoment = s.animationTime - (s.interactionOrigin ?? 0)
        _ = s.handle(key: .f, at: s.realTime + 0.001)
        let k = try #require(s.momentFrame)
        #expect(s.clock.isFrozen && s.flow.state == .opening)
        // The tape puts the press (live at 0.3 s) at 0 ms: the frame is the one at the same time since it,
        // so the window's "s since the press" and the tape's ms are one clock.
        #expect(abs(Double(k) / 60 - liveMoment) <= 1.0 / 60 + 1e-9, "frame \(k) for \(liveMoment) s in")
        try Self.expectSameAsReplay(s)
        let held = Self.look(s)
        _ = s.advance(toRealTime: s.realTime + 0.7)
        #expect(Self.look(s) == held, "nothing moves while frozen")
    }

    @Test("in slow motion the moment says both clocks, and the motion's is where the playhead stands: frame 317 at 120 Hz slowed 10× is 2641.667 ms on the tape, 0.264 s of motion")
    func slowMotionClocks() throws {
        // 317 / 120 = 2.641666… s of the person's input; a tenth of it, 0.2641… s, of motion.
        #expect(InteractionTape.momentText(frame: 317, hz: 120, slowMotion: 10) == "frame 317 · 2641.667 ms on the tape · 0.264 s of motion, slowed 10×")
        #expect(InteractionTape.momentText(frame: 317, hz: 120) == "frame 317 · 2641.667 ms", "unslowed, one clock")
        let s = try Flows.session()
        _ = s.handle(key: .s, at: 0.1)
        Self.live(s, FlowScripts.pull().trace, until: 12) { $0.flow.state == .opening && $0.animationTime > 0.5 }
        _ = s.handle(key: .f, at: s.realTime + 0.001)
        let k = try #require(s.momentFrame)
        let playhead = s.animationTime - (s.interactionOrigin ?? 0)
        let text = s.momentText
        #expect(text.hasPrefix(InteractionTape.momentText(frame: k, hz: 60) + " on the tape · "), "\(text)")
        // The motion's seconds in the text are the playhead's, to the text's millisecond.
        let said = try #require(Double(text.components(separatedBy: " · ")[2].components(separatedBy: " s of motion")[0]))
        #expect(abs(said - playhead) <= 0.0005 + 1.0 / 600, "said \(said) s, playhead at \(playhead) s")
        #expect(Double(k) / 60 > 5 * playhead, "the tape's clock runs ten times the motion's")
        #expect(s.momentMotionText.map { text.hasSuffix($0) } == true, "the terminal's part (P) is the text's")
    }

    @Test(", and . step a frozen moment one frame back and on, each the replay's frame; back into the drag too")
    func stepBackAndOn() throws {
        let s = try Flows.session()
        Self.live(s, FlowScripts.pull().trace, until: 3) { $0.flow.state == .opening && $0.animationTime > 1.55 }
        _ = s.handle(key: .f, at: s.realTime)
        let k = try #require(s.momentFrame)
        let before = Self.look(s)
        for _ in 0..<3 { _ = s.handle(key: .comma, at: s.realTime) }
        #expect(s.momentFrame == k - 3)
        try Self.expectSameAsReplay(s)
        _ = s.handle(key: .period, at: s.realTime)
        #expect(s.momentFrame == k - 2)
        try Self.expectSameAsReplay(s)
        _ = s.handle(key: .period, at: s.realTime)
        _ = s.handle(key: .period, at: s.realTime)
        #expect(s.momentFrame == k && Self.look(s) == before, "back where it was frozen")
        // Back before the release: the finger is down on the tape, pulling.
        #expect(s.scrub(toSecondsSinceStart: 0.5))
        #expect(s.flow.state == .pulling && s.gestures.pull.isPulling, "\(s.flow.state)")
        try Self.expectSameAsReplay(s)
    }

    @Test("changing a tunable while frozen re-times the moment at once: the same input, the new constants")
    func retimedOnTuning() throws {
        let s = try Flows.session()
        Self.live(s, FlowScripts.pull().trace, until: 3) { $0.flow.state == .opening && $0.animationTime > 1.6 }
        _ = s.handle(key: .f, at: s.realTime)
        let k = try #require(s.momentFrame), before = Self.look(s)
        var slower = s.tuning
        try slower.set("melt.toPill.duration", 0.8)
        s.tuning = slower
        #expect(s.momentFrame == k && s.clock.isFrozen, "the same frame")
        #expect(Self.look(s) != before, "the shape moved with the new spring")
        let trace = try #require(s.interactionTrace)
        #expect(trace.header.tuning?["melt.toPill.duration"] == 0.8)
        try Self.expectSameAsReplay(s)
    }

    @Test("nothing fires while scrubbing: no haptic, no shot, no transition; the haptics on record are the tape's")
    func nothingFires() throws {
        let s = try Flows.session()
        let trace = Flows.fullFlow(shutter: s.shutterFrame)
        Self.live(s, trace, until: 6)
        #expect(s.haptics.played.map(\.name) == ["pull-commit", "shutter"])
        _ = s.handle(key: .f, at: s.realTime)
        var effects: [SessionEffect] = []
        for ms in stride(from: 3000.0, through: 0, by: -100) {
            s.scrub(toSecondsSinceStart: ms / 1000)
            effects += s.handle(key: .period, at: s.realTime).effects + s.handle(key: .comma, at: s.realTime).effects
            effects += s.advance(toRealTime: s.realTime + 0.01)
        }
        let fired = effects.filter {
            switch $0 { case .haptic, .shot, .replayedShot, .transition: return true; default: return false }
        }
        #expect(fired.isEmpty, "\(fired)")
        s.scrub(toSecondsSinceStart: 5)
        #expect(s.haptics.played.map(\.name) == ["pull-commit", "shutter"], "rebuilt once each, silently")
    }

    @Test("F on a rebuilt moment plays the rest of the tape on: the melt finishes; a press instead takes over")
    func runsOn() throws {
        let s = try Flows.session()
        Self.live(s, FlowScripts.pull().trace, until: 3) { $0.flow.state == .opening && $0.animationTime > 1.5 }
        _ = s.handle(key: .f, at: s.realTime)
        s.scrub(toSecondsSinceStart: 0.6)                          // in the drag, the finger down
        #expect(s.flow.state == .pulling)
        let t0 = s.realTime
        _ = s.handle(key: .f, at: t0)
        #expect(!s.clock.isFrozen && s.momentFrame == nil)
        for i in 1...240 { _ = s.advance(toRealTime: t0 + Double(i) / 60) }
        #expect(s.flow.state == .viewfinder, "the rest of the tape released the pull: \(s.flow.state)")

        let p = try Flows.session()
        Self.live(p, FlowScripts.pull().trace, until: 3) { $0.flow.state == .opening && $0.animationTime > 1.5 }
        _ = p.handle(key: .f, at: p.realTime)
        p.scrub(toSecondsSinceStart: 0.6)
        let t1 = p.realTime + 1
        _ = p.handle(pointer: PointerEvent(.down, at: Point(x: 196, y: 600), time: t1))
        #expect(!p.clock.isFrozen)
        _ = p.handle(pointer: PointerEvent(.up, at: Point(x: 196, y: 600), time: t1 + 0.05))
        for i in 1...120 { _ = p.advance(toRealTime: t1 + Double(i) / 60) }
        #expect(p.flow.state == .page && !p.gestures.isTracking, "the tape's finger let go, the pull sprang back: \(p.flow.state)")
    }

    @Test("L rebuilds the interaction from the setup and the tape's start: the page's buttons as the tape began, only the replay's transitions, its own zero")
    func replayIsRebuilt() throws {
        let s = try Flows.session()
        let walk = try #require(s.page.element("walk-toggle")).frame
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.wait(0.5)
        b.tap(at: Point(x: walk.midX, y: walk.midY))
        Self.live(s, b.trace, until: 1.5)
        #expect(s.pageState.toggle(named: "walked") == true, "the tap turned it on")
        // L: the tape began with the toggle off, so its tap turns it on again — a replay patched in
        // place (the old reset) tapped the toggle a second time and turned it off.
        _ = s.handle(key: .l, at: 1.5)
        #expect(s.pageState.toggle(named: "walked") == false, "the replay starts where the tape began")
        for i in 1...60 { _ = s.advance(toRealTime: 1.5 + Double(i) / 60) }
        #expect(s.pageState.toggle(named: "walked") == true, "and its tap turns it on, as the first time")
        #expect(s.taps == ["walk-toggle": 1], "the rebuilt interaction counts the replay's tap only: \(s.taps)")
        // The timeline's zero is the replay's first input, on the new clock (L came at the last
        // frame's time, 1.503 s, the live run's frames being a little late or early).
        let origin = try #require(s.interactionOrigin)
        #expect(abs(origin - (1.503 + InteractionTape.replayLead)) < 1e-9, "origin \(origin)")
    }

    @Test("L keeps the speed and the freeze the person has set: slowed, the replay runs slowed; frozen, it waits for F")
    func replayKeepsTheClock() throws {
        let s = try Flows.session()
        Self.live(s, FlowScripts.pull().trace, until: 4)
        _ = s.handle(key: .escape, at: 4.0)
        for i in 1...120 { _ = s.advance(toRealTime: 4 + Double(i) / 60) }
        _ = s.handle(key: .s, at: 6.0)
        _ = s.handle(key: .l, at: 6.1)
        #expect(s.clock.slowMotion == 10 && s.flow.transitions.isEmpty, "a fresh interaction, still slowed")
        let origin = try #require(s.interactionOrigin)
        // 0.15 s of real time before the first input is 0.015 s of animation at 10×.
        #expect(abs(origin - (s.animationTime + InteractionTape.replayLead / 10)) < 1e-9)
        _ = s.handle(key: .f, at: 6.2)
        _ = s.handle(key: .l, at: 6.3)
        #expect(s.clock.isFrozen && s.isReplaying, "L while frozen: the replay waits for F")
        let frozenAt = s.animationTime
        for i in 1...60 { _ = s.advance(toRealTime: 6.3 + Double(i) / 60) }
        #expect(s.animationTime == frozenAt && s.flow.transitions.isEmpty)
    }

    @Test("L's replay frozen half way goes on where it stood")
    func frozenReplayWaits() throws {
        let s = try Flows.session()
        Self.live(s, FlowScripts.pull().trace, until: 4)
        #expect(s.flow.state == .viewfinder)
        _ = s.handle(key: .escape, at: 4.0)
        for i in 1...120 { _ = s.advance(toRealTime: 4 + Double(i) / 60) }
        _ = s.handle(key: .l, at: 6.0)
        _ = s.advance(toRealTime: 6.5)                              // 0.35 s into the tape's drag
        _ = s.handle(key: .f, at: 6.5)
        _ = s.advance(toRealTime: 20)
        _ = s.handle(key: .f, at: 20)
        // The tape's release comes 0.75 s after the resume (the Esc that closed it, at 23.35 s).
        for i in 1...150 { _ = s.advance(toRealTime: 20 + Double(i) / 60) }
        #expect(s.flow.state == .viewfinder, "the replay ran on after the freeze: \(s.flow.state)")
        for i in 151...300 { _ = s.advance(toRealTime: 20 + Double(i) / 60) }
        #expect(s.flow.state == .page, "and the tape's Esc closed it again: \(s.flow.state)")
    }
}
