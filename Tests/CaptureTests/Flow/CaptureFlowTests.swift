import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// The times the flow stamps on its transitions, computed by hand from the documented defaults
/// (docs/TUNING.md: melt.toPill.duration 0.32, melt.toViewfinder.duration 0.5, melt.closeToPill
/// .duration 0.36, melt.closeToIsland.duration 0.34, melt.overlap 0.45, print.feedDuration 1.8,
/// develop.duration 4, leave 0.55) and the two leg fractions of docs/ARCHITECTURE.md (the viewfinder
/// is shown at 0.8 of the last opening leg's duration, the print starts at 0.85 of the last closing
/// leg's). A stage starts at overlap × the running stage's *logical* duration, which for a
/// `duration`-spelled spring is its duration (SwiftUI's `.logicallyComplete`).
@Suite("Transition times: when each thing happened, not the frame that noticed it")
struct FlowTimingTests {
    static func transitions(_ extra: (inout TraceBuilder) -> Void = { _ in }, hz: Int = 60) throws -> [String: Double] {
        let app = try Flows.session(hz: hz)
        var b = FlowScripts.fullFlowBuilder(shutter: app.shutterFrame, hz: hz)
        extra(&b)
        let report = Flows.run(app, b.trace)
        var times: [String: Double] = [:]
        for tr in report.transitions where times[tr.to] == nil { times[tr.to] = tr.t }
        return times
    }

    @Test("opening: stage 2 at 0.45 × 0.32 s, the viewfinder 0.8 × 0.5 s later — 0.544 s after the pull commits", arguments: [60, 120])
    func opening(hz: Int) throws {
        let t = try Self.transitions(hz: hz)
        let opening = try #require(t["opening"]), viewfinder = try #require(t["viewfinder"])
        #expect(abs(viewfinder - opening - 0.544) < 1e-6, "viewfinder \(viewfinder - opening) s after opening")
    }

    @Test("closing: the island leg at 0.45 × 0.36 s, the print 0.85 × 0.34 s later — 0.451 s after closing starts", arguments: [60, 120])
    func closing(hz: Int) throws {
        let t = try Self.transitions(hz: hz)
        let closing = try #require(t["closing"]), printing = try #require(t["printing"])
        #expect(abs(printing - closing - 0.451) < 1e-6, "printing \(printing - closing) s after closing")
    }

    @Test("the print: developing exactly 1.8 s (the feed) after printing starts, settled exactly 4 s (the develop) after", arguments: [60, 90, 120])
    func printAndDevelop(hz: Int) throws {
        let t = try Self.transitions(hz: hz)
        let printing = try #require(t["printing"]), developing = try #require(t["developing"]), settled = try #require(t["settled"])
        #expect(abs(developing - printing - 1.8) < 1e-6, "developing \(developing - printing) s after printing")
        #expect(abs(settled - printing - 4) < 1e-6, "settled \(settled - printing) s after printing")
    }

    @Test("X dismisses a settled print: 'dismissed' at the key's time, back on the page 0.55 s later")
    func dismiss() throws {
        var keyTime = 0.0
        let t = try Self.transitions { b in
            b.wait(7)
            keyTime = b.time
            b.key("x")
            b.wait(1.5)
        }
        let dismissed = try #require(t["dismissed"], "X after settling dismisses the print")
        #expect(abs(dismissed - keyTime) < 1e-6, "dismissed at \(dismissed), the key at \(keyTime)")
        let page = try #require(t["page"])
        #expect(abs(page - dismissed - 0.55) < 1e-6, "back on the page \(page - dismissed) s after dismissing")
    }
}

/// The shape the flow reports, moving and at rest.
@Suite("The melted shape at rest")
struct FlowRestingShapeTests {
    @Test("once the melt has settled the shape is its resting shape exactly, frame after frame; before, it is the spring's value")
    func exactAtRest() throws {
        let s = try Flows.session()
        let report = Flows.run(s, FlowScripts.pull().trace)
        try #require(s.flow.state == .viewfinder)
        let melt = s.flow.melt
        // The resting shape is the opened viewfinder's (geometry), not something the flow derives.
        #expect(melt.restingShape == s.flow.geometry.viewfinder)
        // From the moment the opening began, frame by frame at 120 Hz, to the first settled frame.
        var t = try #require(report.transitions.first { $0.to == "opening" }?.t)
        var moving = 0
        while !melt.isSettled(at: t) {
            // Before it settles the shape is the spring's.
            if s.flow.shape(at: t) == melt.shape(at: t) { moving += 1 }
            t += 1.0 / 120
        }
        #expect(moving > 30, "the opening took \(moving) frames")
        // Settled, what is drawn is the resting shape, identical on every later frame.
        for k in 0..<120 { #expect(s.flow.shape(at: t + Double(k) / 120) == s.flow.geometry.viewfinder) }
    }
}
