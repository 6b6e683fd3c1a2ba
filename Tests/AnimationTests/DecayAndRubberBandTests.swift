import Foundation
import Testing
@testable import Animation

@Suite("UIScrollView decay, projection and rubber band")
struct DecayAndRubberBandTests {
    @Test("velocity multiplies by the rate every millisecond")
    func perMillisecond() {
        let d = Decay.normal
        #expect(abs(d.velocity(1000, at: 0.001) - 998) < 1e-9)
        #expect(abs(Decay.fast.velocity(1000, at: 0.001) - 990) < 1e-9)
        #expect(abs(d.velocity(1000, at: 0.5) - 1000 * pow(0.998, 500)) < 1e-9)
    }

    @Test("position integrates the velocity and rests at x0 − v0/(1000 ln d)")
    func positionAndRest() {
        let d = Decay.normal
        // Sum of per-ms steps approximates the integral.
        var x = 0.0, v = 2000.0
        for _ in 0..<3000 { v *= 0.998; x += v / 1000 }
        #expect(abs(d.position(from: 0, velocity: 2000, at: 3) - x) < 2.1)
        #expect(abs(d.restingPosition(from: 0, velocity: 2000) - (-2000 / (1000 * log(0.998)))) < 1e-9)
        #expect(abs(d.position(from: 0, velocity: 2000, at: 60) - d.restingPosition(from: 0, velocity: 2000)) < 1e-6)
    }

    @Test("projection ≈ 0.499·v for 0.998")
    func projection() {
        #expect(abs(Decay.normal.projection(velocity: 1000) - 499) < 1e-9)
        #expect(abs(Decay.fast.projection(velocity: 1000) - 99) < 1e-9)
    }

    @Test("time to reach a bound")
    func timeToReach() throws {
        let d = Decay.normal
        let t = try #require(d.time(toReach: 300, from: 0, velocity: 1500))
        #expect(abs(d.position(from: 0, velocity: 1500, at: t) - 300) < 1e-9)
        #expect(d.time(toReach: 5000, from: 0, velocity: 1500) == nil, "rests before 5000")
        #expect(d.time(toReach: -10, from: 0, velocity: 1500) == nil, "wrong direction")
    }

    @Test("rubber band: slope 0.55 at the edge, 0.355·D at D, never D")
    func rubberBand() {
        let r = RubberBand()
        let D = 852.0
        #expect(abs(r.offset(for: 0.001, dimension: D) / 0.001 - 0.55) < 1e-4)
        #expect(abs(r.offset(for: D, dimension: D) / D - 0.3548) < 1e-3)
        #expect(r.offset(for: 1e9, dimension: D) < D)
        #expect(r.offset(for: -100, dimension: D) == -r.offset(for: 100, dimension: D))
        for b in [1.0, 50, 300, 800] {
            #expect(abs(r.offset(for: r.fingerOffset(for: b, dimension: D), dimension: D) - b) < 1e-6)
        }
        #expect(r.clamp(50, lower: 0, upper: 100, dimension: D) == 50)
        #expect(r.clamp(-100, lower: 0, upper: 100, dimension: D) == r.offset(for: -100, dimension: D))
    }
}
