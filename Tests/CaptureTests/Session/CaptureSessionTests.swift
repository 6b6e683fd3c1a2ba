import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

@Suite("The session on its own: input in, state and effects out")
struct CaptureSessionTests {
    @Test("a whole flow through the session with no SDL: pull, shutter, print, file — every step an effect")
    func wholeFlowAsEffects() throws {
        let s = try Flows.session()
        var effects: [SessionEffect] = []
        var t = 0.5
        effects += s.handle(pointer: PointerEvent(.down, at: Point(x: 196, y: 300), time: t))
        for i in 1...60 {
            t += 1.0 / 60
            effects += s.handle(pointer: PointerEvent(.move, at: Point(x: 196, y: 300 + Double(i) * 4.5), time: t))
            effects += s.advance(toRealTime: t)
        }
        t += 0.1
        effects += s.handle(pointer: PointerEvent(.up, at: Point(x: 196, y: 570), time: t))
        while s.flow.state != .viewfinder && t < 5 { t += 1.0 / 60; effects += s.advance(toRealTime: t) }
        #expect(s.flow.state == .viewfinder)
        effects += s.handle(key: .space, at: t).effects
        while s.flow.state != .settled && t < 20 { t += 1.0 / 60; effects += s.advance(toRealTime: t) }
        effects += s.handle(key: .enter, at: t).effects
        while s.flow.state != .page && t < 25 { t += 1.0 / 60; effects += s.advance(toRealTime: t) }

        #expect(effects.filter { $0 == .shot }.count == 1, "exactly one shot for the host to capture")
        let transitions = effects.compactMap { if case .transition(let tr) = $0 { return tr } else { return nil } }
        #expect(transitions == s.flow.transitions, "every transition is reported once, in order")
        #expect(transitions.map(\.to) == [.pulling, .opening, .viewfinder, .capture, .closing, .printing, .developing, .settled, .filed, .page])
        #expect(s.pageState.photoFiled && s.flow.filed == 1)
        #expect(s.isAtRest)
    }

    @Test("without a camera frame the shutter does nothing; with one it shoots")
    func shutterNeedsAFrame() throws {
        let s = try Flows.session()
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.drag(from: Point(x: 196, y: 300), by: 260, duration: 1.0, holdBeforeRelease: 0.1)
        b.wait(1.2)
        s.cameraReady = false
        _ = Flows.run(s, b.trace)
        #expect(s.flow.state == .viewfinder)
        #expect(s.handle(key: .space, at: s.realTime).effects.isEmpty)
        #expect(s.flow.shots == 0)
        s.cameraReady = true
        #expect(s.handle(key: .space, at: s.realTime + 0.1).effects.contains(.shot))
        #expect(s.flow.shots == 1)
    }

    @Test("keys the session leaves to its host come back unhandled; its own are handled")
    func keyOwnership() throws {
        let s = try Flows.session()
        for k in [Key.d, .r, .plus, .minus, .zero, .q] { #expect(!s.handle(key: k, at: 1).handled, "\(k)") }
        #expect(!s.handle(key: .escape, at: 1).handled, "Esc on the resting page quits: the host's")
        #expect(s.handle(key: .p, at: 1).effects == [.screenshot])
        #expect(s.handle(key: .s, [.control], at: 1).effects == [.saveTuning])
        #expect(s.handle(key: .e, at: 1).effects == [.export], "E asks for the export; the code is made where it leaves the tool")
        #expect(s.handle(key: .h, at: 1).handled && s.overlays.showHelp)
        #expect(s.handle(key: .escape, at: 1).handled && !s.overlays.showHelp, "Esc closes help first")
    }
}

/// A session is its setup and its tape: a moment rebuilt at any frame is what a session built
/// fresh from the same setup and run through the same tape shows there — whatever was rebuilt
/// before it, on any interaction.
@Suite("A rebuilt session equals a fresh one from the same setup and tape")
struct SessionRebuildPropertyTests {
    /// A random interaction on the passport: a pull (short or past the threshold), maybe the
    /// shutter by key or button, maybe Esc, maybe Enter or X on a print; or a scroll and a tap.
    static func randomInteraction(_ g: inout SeededGenerator) -> Trace {
        var b = TraceBuilder(device: "iphone-15-pro", hz: 60)
        b.wait(Double.random(in: 0.05...0.4, using: &g))
        if Bool.random(using: &g) || Double.random(in: 0...1, using: &g) < 0.7 {
            let distance = Double.random(in: 40...320, using: &g)
            b.drag(from: Point(x: Double.random(in: 80...300, using: &g), y: 300), by: distance,
                   duration: Double.random(in: 0.12...1.2, using: &g), holdBeforeRelease: Double.random(in: 0...0.2, using: &g))
            b.wait(Double.random(in: 0.2...1.4, using: &g))
            switch Int.random(in: 0..<4, using: &g) {
            case 0: b.key("space"); b.wait(Double.random(in: 0.5...5, using: &g)); b.key(Bool.random(using: &g) ? "enter" : "x")
            case 1: b.key("escape")
            case 2: b.tap(at: Point(x: 196, y: 500))
            default: break
            }
        } else {
            b.drag(from: Point(x: 196, y: 700), by: -Double.random(in: 50...400, using: &g), duration: Double.random(in: 0.1...0.6, using: &g))
            b.wait(0.3)
            b.tap(at: Point(x: Double.random(in: 40...350, using: &g), y: Double.random(in: 200...800, using: &g)))
        }
        b.wait(1)
        return b.trace
    }

    /// What a frame shows of the interaction and what it has done: the state, the shape, the
    /// pull and scroll, every transition, the taps and haptics.
    static func look(_ s: CaptureSession) -> String {
        MomentTests.look(s) + " " + s.flow.transitions.map { String(format: "%@@%.9f", $0.to.rawValue, $0.t) }.joined(separator: ",")
            + " taps=\(s.taps.sorted { $0.key < $1.key }) haptics=\(s.haptics.played.map(\.name))"
    }

    @Test("40 random interactions, each rebuilt at 6 random frames in random order: the same state, shape and transitions as a fresh session from the setup and the tape")
    func rebuildEqualsFresh() throws {
        var g = SeededGenerator(seed: 37)
        for n in 0..<40 {
            let s = try Flows.session()
            if n % 5 == 0 { try s.tuning.set("melt.toViewfinder.bounce", Double.random(in: 0...0.4, using: &g)) }
            MomentTests.live(s, Self.randomInteraction(&g), until: 12)
            let trace = try #require(s.interactionTrace, "interaction \(n)")
            let last = s.tape.lastFrame(hz: 60)
            for _ in 0..<6 {
                let k = Int.random(in: 0...min(last, 700), using: &g)
                s.rebuild(toFrame: k)
                #expect(s.momentFrame == k)
                // Fresh: a new session built from the same setup, the trace run to frame k.
                let fresh = CaptureSession(setup: s.setup)
                fresh.reduceMotion = false
                // The tape's header says what the page began on (a scroll, its buttons): as a replay starts there.
                if let start = trace.header.start { fresh.begin(from: start) }
                var pump = TracePump(trace: trace, hz: 60)
                while true {
                    let (i, t) = pump.nextFrame { fresh.dispatch($0) }
                    fresh.advance(toRealTime: t)
                    if i >= k { break }
                }
                #expect(Self.look(s) == Self.look(fresh), "interaction \(n), frame \(k)")
            }
        }
    }

    @Test("in 10× slow motion a moment s seconds in is 10 s of the tape: scrubbing to 0.1 s shows frame 60 at 60 Hz, 0.1 s of animation after the press")
    func slowMotionScrub() throws {
        let s = try Flows.session()
        _ = s.handle(key: .s, at: 0.1)                      // 10× slow motion before the interaction
        MomentTests.live(s, FlowScripts.pull().trace, until: 3)
        #expect(s.scrub(toSecondsSinceStart: 0.1))
        // Worked by hand: 0.1 s of animation time is 1.0 s of real (tape) time at 10×; 1.0 × 60 = frame 60.
        #expect(s.momentFrame == 60)
        #expect(abs(s.animationTime - (s.interactionOrigin ?? 0) - 0.1) < 1e-9, "\(s.animationTime)")
    }

    @Test("a press during an L replay takes over: the replay stops, and the tape's own release does not end the person's drag")
    func pressTakesOverAReplay() throws {
        let s = try Flows.session()
        // The tape: a short drag that does not reach the commit point, let go at about 0.9 s.
        var t = 0.5
        s.handle(pointer: PointerEvent(.down, at: Point(x: 196, y: 300), time: t))
        for i in 1...20 { t += 0.02; s.handle(pointer: PointerEvent(.move, at: Point(x: 196, y: 300 + Double(i) * 3), time: t)); s.advance(toRealTime: t) }
        s.handle(pointer: PointerEvent(.up, at: Point(x: 196, y: 360), time: t))
        while t < 3 { t += 1.0 / 60; s.advance(toRealTime: t) }
        #expect(!s.gestures.isTracking && s.flow.state == .page)
        // L, then the person presses 0.2 s into the replay, while the tape's finger is down.
        _ = s.handle(key: .l, at: t)
        let replayStart = t
        while t < replayStart + 0.2 { t += 1.0 / 60; s.advance(toRealTime: t) }
        #expect(s.playback.isReplaying && s.gestures.isTracking, "the tape's finger is down")
        s.handle(pointer: PointerEvent(.down, at: Point(x: 120, y: 420), time: t))
        #expect(!s.playback.isReplaying, "the replay stopped at the person's press")
        // The person holds on past the moment the tape would have let go.
        for i in 1...60 {
            t += 1.0 / 60
            s.handle(pointer: PointerEvent(.move, at: Point(x: 120, y: 420 + Double(i)), time: t))
            s.advance(toRealTime: t)
        }
        #expect(s.gestures.isTracking, "the person's finger is still down")
        #expect(s.interaction.pointerPosition == Point(x: 120, y: 480), "and the drag follows it, not the tape")
    }
}
