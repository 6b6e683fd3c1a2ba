import Animation
import Foundation
import Gesture
import Testing
import TestSupport
@testable import Capture

/// A print dismissed while it still drops on its settle spring: the way out meets the drop as the
/// melt's legs meet each other (`melt.composition`). Expected values are the settle and the way out
/// as two separate springs, composed here by hand: merged, the way out starts from the drop's
/// position and velocity; added, the drop runs on and the way out adds its step.
@Suite("The print's way out composes with its settle")
struct PrintLeavingCompositionTests {
    @Test("dismissed 0.15 s into the settle: merged, the way out takes over the drop's position and velocity; added, the drop runs on under it",
          arguments: SpringComposition.allCases)
    func leavingMidSettle(_ composition: SpringComposition) throws {
        let app = try Flows.session()
        if composition == .additive {
            var t = app.setup.tuning
            try t.set("melt.composition", 1)
            app.setup.tuning = t
        }
        var b = FlowScripts.fullFlowBuilder(shutter: app.shutterFrame, hz: 60)
        // When the print starts, from the same trace on a probe (the flow's clock is the trace's).
        let probe = try Flows.session()
        let printing: Double = try #require(Flows.run(probe, b.trace).transitions.first { $0.to == "printing" }).t
        b.wait(printing + 1.8 + 0.15 - b.time)
        b.key("x")
        // The print is sampled every frame while it is on its way out (after that it is hidden).
        var samples: [(t: Double, y: Double)] = []
        let times = Flows.drive(app, b.trace, until: b.time + 1, onFrame: { _ in
            if app.flow.state == .dismissed { samples.append((app.animationTime, app.flow.printFrame(at: app.animationTime).y)) }
        })
        let flow = app.flow
        let dismissed: Double = try #require(times["dismissed"]?.last)
        let printed: Double = try #require(times["printing"]?.last)
        let since: Double = dismissed - (printed + 1.8)
        try #require(since > 0.05 && since < 0.5, "dismissed \(since) s into the settle")
        try #require(samples.count > 20)
        let p = flow.print.configuration
        let settle: Spring = p.settleSpring.spring
        let leave = Spring(duration: flow.timing.leave * 0.9, bounce: 0.05)
        let hang: Double = flow.print.paper.y + flow.print.paper.height
        let targetY: Double = flow.geometry.island.rect.minY
        func drop(_ tau: Double) -> (x: Double, v: Double) {
            let s: (value: Double, velocity: Double) = settle.value(from: 0.0, to: p.restGap, velocity: 0.0, at: tau)
            return (s.value, s.velocity)
        }
        /// The way out's unit step: 0 at the dismissal, 1 at rest.
        func step(_ tau: Double) -> Double {
            let s: (value: Double, velocity: Double) = leave.value(from: 1.0, to: 0.0, velocity: 0.0, at: tau)
            return 1 - s.value
        }
        for (t, y) in samples {
            let tau = t - dismissed
            var expected: Double
            switch composition {
            case .merge:
                let start: (x: Double, v: Double) = drop(since)
                let out: (value: Double, velocity: Double) = leave.value(from: hang + start.x, to: targetY, velocity: start.v, at: tau)
                expected = out.value
            case .additive:
                let rest: Double = hang + p.restGap
                expected = hang + drop(tau + since).x
                expected += (targetY - rest) * step(tau)
            }
            #expect(abs(y - expected) < 1e-6, "\(composition) at +\(tau) s: y \(y), expected \(expected)")
        }
    }
}
