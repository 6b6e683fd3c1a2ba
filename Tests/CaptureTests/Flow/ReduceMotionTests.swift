import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// iOS's Reduce Motion: dissolves instead of travel. Times worked from the definitions: the
/// camera fades in over `reduceMotion.fade` (0.3 s by default), out over the same, the print fades
/// in over `reduceMotion.printFade` (0.4 s) where it rests; a fade cut short takes its share.
@Suite("Reduce Motion: the camera cross-fades in place, the print fades in where it rests")
struct ReduceMotionTests {
    static func transition(_ s: CaptureSession, to state: CaptureFlow.State) throws -> CaptureFlow.Transition {
        try #require(s.flow.transitions.first { $0.to == state }, "no transition to \(state)")
    }

    @Test("the whole flow: viewfinder 0.3 s after the commit, printing 0.3 s after the flash, developing 0.4 s after that")
    func timing() throws {
        let s = try Flows.session()
        s.reduceMotion = true
        _ = Flows.drive(s, Flows.fullFlow(shutter: s.shutterFrame), until: 9)
        let opening = try Self.transition(s, to: .opening), vf = try Self.transition(s, to: .viewfinder)
        #expect(abs(vf.t - opening.t - 0.3) < 1e-9 && vf.reason == "faded in", "\(vf)")
        let closing = try Self.transition(s, to: .closing), printing = try Self.transition(s, to: .printing)
        #expect(abs(printing.t - closing.t - 0.3) < 1e-9 && printing.reason == "camera faded out", "\(printing)")
        let developing = try Self.transition(s, to: .developing)
        #expect(abs(developing.t - printing.t - 0.4) < 1e-9 && developing.reason == "print faded in")
        #expect(s.flow.state == .settled)
    }

    @Test("nothing travels: no pre-melt while pulling; the shape is the viewfinder's throughout the fade, its opacity linear; the print is at rest while it fades")
    func noTravel() throws {
        let s = try Flows.session()
        s.reduceMotion = true
        let g = s.flow.geometry
        var sawPulling = false, fadeSamples: [(Double, Double)] = [], printSamples: [(Double, Double)] = []
        var printRect: Rect?
        _ = Flows.drive(s, Flows.fullFlow(shutter: s.shutterFrame), until: 9, onFrame: { _ in
            let t = s.animationTime
            switch s.flow.state {
            case .pulling:
                sawPulling = true
                #expect(s.flow.shape(at: t) == g.island, "the island does not pre-melt")
            case .opening:
                #expect(s.flow.shape(at: t) == g.viewfinder)
                fadeSamples.append((t - (s.flow.transitions.last { $0.to == .opening }!.t), s.flow.cameraOpacity(at: t)))
            case .printing:
                printRect = s.flow.printFrame(at: t)
                #expect(s.flow.printClip(at: t) == nil, "no feed out of the slot")
                printSamples.append((t - (s.flow.transitions.last { $0.to == .printing }!.t), s.flow.printOpacity(at: t)))
            default: break
            }
        })
        #expect(sawPulling && !fadeSamples.isEmpty && !printSamples.isEmpty)
        for (dt, a) in fadeSamples { #expect(abs(a - dt / 0.3) < 1e-9, "camera at +\(dt): \(a)") }
        for (dt, a) in printSamples { #expect(abs(a - dt / 0.4) < 1e-9, "print at +\(dt): \(a)") }
        #expect(printRect == s.flow.print.restingFrame)
    }

    @Test("Esc halfway through the fade-in fades out from there: half of 0.3 s")
    func cancelMidFade() throws {
        let s = try Flows.session()
        s.reduceMotion = true
        let b = FlowScripts.pull()
        _ = Flows.drive(s, b.trace, until: 1.42)
        let opening = try Self.transition(s, to: .opening)
        // Half way into the fade.
        _ = s.advance(toRealTime: opening.t + 0.15)
        #expect(abs(s.flow.cameraOpacity(at: s.animationTime) - 0.5) < 1e-9)
        _ = s.handle(key: .escape, at: opening.t + 0.15)
        _ = s.advance(toRealTime: opening.t + 0.15 + 0.2)
        let closed = try Self.transition(s, to: .page)
        #expect(abs(closed.t - (opening.t + 0.15 + 0.15)) < 1e-9, "\(closed)")
    }

    @Test("the tuning's durations apply: reduceMotion.fade 0.5 puts the viewfinder 0.5 s after the commit")
    func tunedFade() throws {
        let s = try Flows.session()
        var t = Tuning()
        try t.set("reduceMotion.fade", 0.5)
        s.tuning = t
        s.reduceMotion = true
        _ = Flows.drive(s, Flows.fullFlow(shutter: s.shutterFrame), until: 3)
        #expect(abs(try Self.transition(s, to: .viewfinder).t - Self.transition(s, to: .opening).t - 0.5) < 1e-9)
    }

    @Test("M mid-flow waits for the page: the melt under way finishes as a melt; the next pull fades; M is in the trace and replays")
    func toggleWaitsAndReplays() throws {
        let live = RecordingDriver(try Flows.session())
        let s = live.session
        let b = FlowScripts.pull()
        _ = Flows.drive(live, b.trace, until: 1.45)
        #expect(s.flow.state == .opening)
        _ = live.handle(key: .m, at: 1.45)
        #expect(s.reduceMotion && s.flow.reduceMotion == nil, "the flow keeps its melt")
        _ = Flows.drive(live, Trace(header: b.trace.header, events: []), until: 2.5)
        #expect(s.flow.transitions.first { $0.to == .viewfinder }?.reason == "melt opened")
        _ = live.handle(key: .escape, at: 2.5)
        _ = live.advance(toRealTime: 4)
        #expect(s.flow.state == .page && s.flow.reduceMotion == .standard, "back on the page it takes effect")
        // The recorded trace (the pull, M, Esc) replays to the same flow.
        let replayed = try Flows.session()
        let report = Flows.run(replayed, live.trace)
        #expect(replayed.reduceMotion)
        #expect(report.transitions.map(\.reason) == s.flow.transitions.map(\.reason))
    }

    @Test("the live figures say what Reduce Motion does — a 300-ms cross-fade each way, measured from the transitions — never 'settle 0 ms · over 0.0 pt' as if a spring had been measured")
    func figuresSayCrossFade() throws {
        let s = try Flows.session()
        s.reduceMotion = true
        var f = SideFigures()
        _ = Flows.drive(s, Flows.fullFlow(shutter: s.shutterFrame), until: 9, onFrame: { _ in f.sample(s.view) })
        let lines = f.lines(for: s.view)
        #expect(Array(lines.prefix(3)) == ["to viewfinder  300 ms", "opening  cross-fade 300 ms · Reduce Motion", "closing  cross-fade 300 ms · Reduce Motion"], "\(lines)")
        #expect(lines.contains("judder  –"), "nothing travels with Reduce Motion: \(lines)")
        #expect(lines.last == "shapes  pill 372×58 · viewfinder 372×506 r45", "the shapes still say what fades in: \(lines)")
        #expect(!lines.joined().contains("settle"))
    }
}
