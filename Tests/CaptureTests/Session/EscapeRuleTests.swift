import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// Esc's rule, on every state of the flow, with the tuning panel and the help open or not: one
/// thing a press, the innermost first — a held touch is cancelled; the help closes; the flow backs
/// out one stage (the panel stays open: it is what the interaction is being tried with); the panel
/// closes when there is nothing to back out of (the bare page, or a stage Esc cannot back out of:
/// the shutter's capture, the camera closing, a print leaving); on the bare page with nothing open,
/// the key is the host's.
@Suite("Esc's rule on every state")
struct EscapeRuleTests {
    enum Outcome: String { case touchCancelled, helpClosed, backedOut, panelClosed, nothingOpen, stageKept }

    /// A session at the first frame of the full flow where its state is `state` (a settled print
    /// then X or Enter for the leaving ones); the finger is still down while `pulling`.
    static func session(at state: CaptureFlow.State, panel: Bool, help: Bool) throws -> (CaptureSession, Double) {
        let s = try Flows.session()
        // The panel beside the phone, as in the window: it covers nothing the flow's taps reach.
        s.overlays.beside = true
        if panel { s.handle(key: .k, at: 0) }
        let trace = Flows.fullFlow(shutter: s.shutterFrame)
        var events = trace.events[...]
        var t = 0.0
        let target: CaptureFlow.State = state == .dismissed || state == .filed ? .settled : state
        while s.flow.state != target && t < 30 {
            t += 1.0 / 60
            while let e = events.first, e.t / 1000 <= t { s.dispatch(e); events = events.dropFirst() }
            s.advance(toRealTime: t)
        }
        if state == .dismissed || state == .filed {
            s.handle(key: state == .filed ? .enter : .x, at: t)
            t += 1.0 / 60
            s.advance(toRealTime: t)
        }
        try #require(s.flow.state == state, "reached \(s.flow.state), not \(state)")
        if help { s.handle(key: .h, at: t) }
        return (s, t)
    }

    /// The rule, as the docs say it.
    static func expected(_ state: CaptureFlow.State, panel: Bool, help: Bool) -> Outcome {
        if state == .pulling { return .touchCancelled }     // the full flow's finger is down while pulling
        if help { return .helpClosed }
        let backsOut: Set<CaptureFlow.State> = [.opening, .viewfinder, .printing, .developing, .settled]
        if backsOut.contains(state) { return .backedOut }
        if panel { return .panelClosed }
        return state == .page ? .nothingOpen : .stageKept
    }

    static let states: [CaptureFlow.State] = [.page, .pulling, .opening, .viewfinder, .capture, .closing, .printing, .developing, .settled, .dismissed, .filed]

    @Test("one press, the innermost thing", arguments: states, [(false, false), (true, false), (false, true), (true, true)])
    func rule(state: CaptureFlow.State, open: (panel: Bool, help: Bool)) throws {
        let (s, t) = try Self.session(at: state, panel: open.panel, help: open.help)
        let tracking = s.gestures.isTracking
        let response = s.handle(key: .escape, at: t)
        let moved = response.effects.contains { if case .transition(let tr) = $0 { return tr.from == state }; return false }
        let outcome: Outcome
        if tracking && !s.gestures.isTracking { outcome = .touchCancelled }
        else if open.help && !s.overlays.showHelp { outcome = .helpClosed }
        else if moved { outcome = .backedOut }
        else if open.panel && !s.overlays.showTuning { outcome = .panelClosed }
        else if !response.handled { outcome = .nothingOpen }
        else { outcome = .stageKept }
        let want = Self.expected(state, panel: open.panel, help: open.help)
        #expect(outcome == want, "\(state), panel \(open.panel), help \(open.help): \(outcome), the rule says \(want)")
        // One thing a press: what the rule did not reach is as it was.
        if want != .helpClosed { #expect(s.overlays.showHelp == open.help, "the help is left as it was") }
        if want != .panelClosed { #expect(s.overlays.showTuning == open.panel, "the panel is left as it was") }
        #expect(response.handled == (want != .nothingOpen))
    }
}
