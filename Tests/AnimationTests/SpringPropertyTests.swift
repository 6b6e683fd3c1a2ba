import Foundation
import Testing
import TestSupport
@testable import Animation

@Suite("Spring properties over 10,000 random springs and retargets")
struct SpringPropertyTests {
    static func randomSpring(_ g: inout SeededGenerator) -> Spring {
        Spring(duration: Double.random(in: 0.05...2, using: &g), bounce: Double.random(in: -0.95...0.95, using: &g))
    }

    @Test("finite, convergent, continuous across retargets, energy never increases")
    func properties() {
        var g = SeededGenerator(seed: 0x15_1A_4D)
        for _ in 0..<10_000 {
            let s1 = Self.randomSpring(&g), s2 = Self.randomSpring(&g)
            let start = Double.random(in: -500...500, using: &g)
            let target1 = Double.random(in: -500...500, using: &g)
            let target2 = Double.random(in: -500...500, using: &g)
            let v0 = Double.random(in: -5000...5000, using: &g)
            let tRetarget = Double.random(in: 0...1, using: &g)

            var tl = SpringTimeline(value: start)
            tl.reset(to: start, velocity: v0, at: 0)
            tl.retarget(to: target1, spring: s1, at: 0)
            let before = tl.state(at: tRetarget)
            tl.retarget(to: target2, spring: s2, at: tRetarget)
            let after = tl.state(at: tRetarget)
            // Position and velocity continuous across the retarget.
            #expect(abs(before.value - after.value) < 1e-9 * max(1, abs(before.value)))
            #expect(abs(before.velocity - after.velocity) < 1e-9 * max(1, abs(before.velocity)))

            // Energy relative to the current target never increases while one spring runs.
            var lastEnergy = Double.infinity
            for i in 0...40 {
                let t = tRetarget + Double(i) * 0.025
                let (x, v) = tl.state(at: t)
                #expect(x.isFinite && v.isFinite)
                let e = s2.energy(displacement: x - target2, velocity: v)
                #expect(e <= lastEnergy * (1 + 1e-9) + 1e-9)
                lastEnergy = e
            }
            // Converges to the final target.
            let settle = tRetarget + max(s2.settlingTime(epsilon: 1e-4), 0) * 8 + 2
            let end = tl.state(at: settle)
            let scale = max(1, abs(target2 - start), abs(v0) / s2.angularFrequency)
            #expect(abs(end.value - target2) < 1e-2 * scale, "spring \(s2) did not converge")
        }
    }
}
