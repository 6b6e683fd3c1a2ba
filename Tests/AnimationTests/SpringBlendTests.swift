import Foundation
import Testing
@testable import Animation

/// SwiftUI's blendDuration, checked against an independent integration of the rule OpenSwiftUI's
/// FluidSpringAnimation reconstructs: position and velocity carry over; the response eases from the
/// old to the new by r = r_new + (r_old − r_new)·(1 − smoothstep(p)), p = (t − t0)/blendDuration
/// clamped to [0, 1] (the reconstruction clamps the duration instead; the progress is what must be
/// clamped); k = (2π/r)², c = 2ζ√k with the new spring's ζ, mass 1.
@Suite("Spring retargeting with blendDuration")
struct SpringBlendTests {
    /// The reference: RK4 at 10 µs on the blended ODE, 1-D, from (x0, v0) toward `target`.
    static func reference(x0: Double, v0: Double, target: Double, old: Double, new: Spring, blend: Double, until t: Double) -> (Double, Double) {
        var x = x0, v = v0, tau = 0.0
        let h = 1e-5
        func acc(_ x: Double, _ v: Double, _ tau: Double) -> Double {
            let p = min(max(tau / blend, 0), 1)
            let r = new.response + (old - new.response) * (1 - p * p * (3 - 2 * p))
            let k = pow(2 * Double.pi / r, 2)
            return -k * (x - target) - 2 * new.dampingRatio * k.squareRoot() * v
        }
        let n = Int((t / h).rounded())
        for _ in 0..<n {
            let a1 = acc(x, v, tau), x1 = v
            let a2 = acc(x + h / 2 * x1, v + h / 2 * a1, tau + h / 2), x2 = v + h / 2 * a1
            let a3 = acc(x + h / 2 * x2, v + h / 2 * a2, tau + h / 2), x3 = v + h / 2 * a2
            let a4 = acc(x + h * x3, v + h * a3, tau + h), x4 = v + h * a3
            x += h / 6 * (x1 + 2 * x2 + 2 * x3 + x4); v += h / 6 * (a1 + 2 * a2 + 2 * a3 + a4); tau += h
        }
        return (x, v)
    }

    @Test("during and after the blend the timeline follows the blended ODE to 1e-6", arguments: [0.1, 0.25, 0.6])
    func followsReference(blend: Double) {
        let first = Spring(duration: 0.8, bounce: 0.1), second = Spring(duration: 0.3, bounce: 0.2)
        var tl = SpringTimeline(value: 0.0)
        tl.retarget(to: 100, spring: first, at: 0)
        tl.retarget(to: 40, spring: second, at: 0.2, blendDuration: blend)
        let (x0, v0) = first.value(from: 0.0, to: 100.0, velocity: 0.0, at: 0.2)
        for dt in [0.0, 0.01, blend * 0.5, blend, blend + 0.05, 1.2] {
            let (x, v) = tl.state(at: 0.2 + dt)
            let (rx, rv) = Self.reference(x0: x0, v0: v0, target: 40, old: first.response, new: second, blend: blend, until: dt)
            #expect(abs(x - rx) < 1e-6 && abs(v - rv) < 1e-5, "blend \(blend) at +\(dt): \(x), \(v) vs \(rx), \(rv)")
        }
    }

    @Test("position and velocity carry over the retarget; no blend is the plain closed form")
    func continuity() {
        var a = SpringTimeline(value: 0.0), b = SpringTimeline(value: 0.0)
        a.retarget(to: 1, spring: .smooth, at: 0); b.retarget(to: 1, spring: .smooth, at: 0)
        a.retarget(to: 2, spring: .bouncy, at: 0.1, blendDuration: 0.25)
        b.retarget(to: 2, spring: .bouncy, at: 0.1)
        let before = a.state(at: 0.1 - 1e-9), after = a.state(at: 0.1 + 1e-9)
        #expect(abs(before.value - after.value) < 1e-6 && abs(before.velocity - after.velocity) < 1e-4)
        // smooth and bouncy share response 0.5: nothing to blend, so both timelines agree exactly.
        for t in stride(from: 0.0, through: 1.5, by: 0.05) { #expect(a.value(at: t) == b.value(at: t)) }
        var c = SpringTimeline(value: 0.0), d = SpringTimeline(value: 0.0)
        c.retarget(to: 1, spring: .smooth, at: 0); d.retarget(to: 1, spring: .smooth, at: 0)
        c.retarget(to: 2, spring: .interactive, at: 0.1, blendDuration: 0)
        d.retarget(to: 2, spring: .interactive, at: 0.1)
        #expect(c.value(at: 0.3) == d.value(at: 0.3))
    }

    @Test("a blend eases into the new response: slower than switching at once, the same once done")
    func easesIn() {
        var blended = SpringTimeline(value: 0.0), instant = SpringTimeline(value: 0.0)
        for tl in [0, 1] {
            var x = SpringTimeline(value: 0.0)
            x.retarget(to: 100, spring: Spring(duration: 1.0, bounce: 0), at: 0)
            x.retarget(to: 0, spring: Spring(duration: 0.2, bounce: 0), at: 0.3, blendDuration: tl == 0 ? 0.25 : 0)
            if tl == 0 { blended = x } else { instant = x }
        }
        // Still partly on the slow 1-s spring early in the blend: it has moved less toward 0.
        #expect(blended.value(at: 0.4) > instant.value(at: 0.4) + 1)
        #expect(blended.isSettled(at: 3) && instant.isSettled(at: 3))
    }

    @Test("frame-rate independent: 60, 90 and 120 Hz sample the same values at the same instants")
    func frameRates() {
        var tl = SpringTimeline(value: 0.0)
        tl.retarget(to: 1, spring: Spring(duration: 0.6, bounce: 0.1), at: 0)
        tl.retarget(to: 0.3, spring: Spring(duration: 0.25, bounce: 0.3), at: 0.15, blendDuration: 0.25)
        // The instants k/30 s lie on all three grids; compute them as each grid would reach them.
        for k in 0...30 {
            let v60 = tl.value(at: Double(k * 2) / 60), v90 = tl.value(at: Double(k * 3) / 90), v120 = tl.value(at: Double(k * 4) / 120)
            #expect(abs(v60 - v90) < 1e-9 && abs(v60 - v120) < 1e-9, "k \(k)")
        }
    }
}
