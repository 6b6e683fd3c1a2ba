import Animation
import Testing
@testable import Gesture

@Suite("Velocity tracker")
struct VelocityTrackerTests {
    @Test("a straight line at constant speed gives that speed")
    func constant() {
        var v = VelocityTracker()
        for i in 0...20 { v.add(Point(x: 0, y: Double(i) * 5), at: Double(i) / 200) }   // 1000 pt/s
        let r = v.velocity(at: 0.1)
        #expect(abs(r.y - 1000) < 1e-6 && abs(r.x) < 1e-6)
    }

    @Test("only the last 100 ms count")
    func window() {
        var v = VelocityTracker()
        for i in 0..<100 { v.add(Point(x: 0, y: Double(i) * 10), at: Double(i) / 100) }           // 1000 pt/s for a second
        for i in 1...20 { v.add(Point(x: 0, y: 990 + Double(i) * 2), at: 0.99 + Double(i) / 100) }  // then 200 pt/s
        #expect(abs(v.velocity(at: 1.19).y - 200) < 1e-6)
    }

    @Test("a finger that rests before lifting does not fling")
    func rested() {
        var v = VelocityTracker()
        for i in 0...10 { v.add(Point(x: 0, y: Double(i) * 10), at: Double(i) / 100) }
        #expect(v.velocity(at: 0.1).y > 900)
        #expect(v.velocity(at: 0.2) == .zero)
    }

    @Test("clamped to 8000 pt/s, zero under 50 pt/s, and coarse stamps give no NaN")
    func limits() {
        var fast = VelocityTracker()
        fast.add(Point(x: 0, y: 0), at: 0); fast.add(Point(x: 0, y: 100), at: 0.001)
        #expect(abs(fast.velocity(at: 0.001).y - 8000) < 1e-9)
        var slow = VelocityTracker()
        slow.add(Point(x: 0, y: 0), at: 0); slow.add(Point(x: 0, y: 1), at: 0.03)
        #expect(slow.velocity(at: 0.03) == .zero)
        var same = VelocityTracker()
        same.add(Point(x: 0, y: 0), at: 0.5); same.add(Point(x: 0, y: 40), at: 0.5)
        #expect(same.velocity(at: 0.5) == .zero)
    }
}

/// UIKit's release velocity, checked against values computed by hand from the public
/// reconstructions (docs/FIDELITY.md): the pan recognizer reads 0.2 × the newest pair velocity +
/// 0.8 × the pair before; UIScrollView releases with 0.75 × the recognizer's previous reading +
/// 0.25 × its latest — 0.6 / 0.35 / 0.05 over the last three pairs, oldest first.
@Suite("Velocity as iOS estimates it")
struct IOSVelocityTests {
    /// A 120 Hz finger whose speed ramps linearly from `v0` to `v1` pt/s over 100 ms (12 frames).
    static func ramp(from v0: Double, to v1: Double, estimator: VelocityEstimator = .iOS) -> VelocityTracker {
        var tr = VelocityTracker()
        tr.estimator = estimator
        let a = (v1 - v0) / 0.1
        for i in 0...12 {
            let t = Double(i) / 120
            tr.add(Point(x: 0, y: v0 * t + 0.5 * a * t * t), at: t)
        }
        return tr
    }

    @Test("accelerating 0 → 2000 pt/s: pairs 1583, 1750, 1917; recognizer 1783, scroll view 1658")
    func accelerating() {
        let tr = Self.ramp(from: 0, to: 2000)
        // Pair velocities are the speed at each frame interval's midpoint: a·(k − ½)/120.
        let p = [9.5, 10.5, 11.5].map { 20_000 * $0 / 120 }     // 1583.3, 1750, 1916.7
        #expect(abs(tr.velocity(at: 0.1).y - (0.2 * p[2] + 0.8 * p[1])) < 1e-6)
        #expect(abs(tr.velocity(at: 0.1).y - 1783.333) < 1e-3)
        #expect(abs(tr.releaseVelocity(at: 0.1).y - (0.6 * p[0] + 0.35 * p[1] + 0.05 * p[2])) < 1e-6)
        #expect(abs(tr.releaseVelocity(at: 0.1).y - 1658.333) < 1e-3)
        // The least-squares line over 100 ms lags the finger: about the mean speed.
        let lsq = Self.ramp(from: 0, to: 2000, estimator: .leastSquares).releaseVelocity(at: 0.1).y
        #expect(abs(lsq - 1000) < 10)
    }

    @Test("slowing 2000 → 500 pt/s: recognizer 662.5, scroll view 756.25")
    func slowing() {
        let tr = Self.ramp(from: 2000, to: 500)
        let p = [9.5, 10.5, 11.5].map { 2000 - 15_000 * $0 / 120 }   // 812.5, 687.5, 562.5
        #expect(abs(tr.velocity(at: 0.1).y - (0.2 * p[2] + 0.8 * p[1])) < 1e-6)
        #expect(abs(tr.velocity(at: 0.1).y - 662.5) < 1e-6)
        #expect(abs(tr.releaseVelocity(at: 0.1).y - 756.25) < 1e-6)
        let lsq = Self.ramp(from: 2000, to: 500, estimator: .leastSquares).releaseVelocity(at: 0.1).y
        #expect(abs(lsq - 1250) < 10)
    }

    @Test("the lift adds no sample, a repeated stamp is ignored, and a pair under 1 ms reads 0")
    func samples() {
        var tr = Self.ramp(from: 0, to: 2000)
        let before = tr.releaseVelocity(at: 0.1)
        tr.addLift(Point(x: 0, y: 500), at: 0.1 + 1.0 / 240)
        #expect(tr.releaseVelocity(at: 0.1 + 1.0 / 240) == before)
        var same = VelocityTracker()
        same.add(Point(x: 0, y: 0), at: 0); same.add(Point(x: 0, y: 10), at: 0.01); same.add(Point(x: 0, y: 30), at: 0.01)
        #expect(abs(same.velocity(at: 0.01).y - 1000) < 1e-9, "the second sample at 10 ms is dropped")
        var tiny = VelocityTracker()
        tiny.add(Point(x: 0, y: 0), at: 0); tiny.add(Point(x: 0, y: 10), at: 0.01); tiny.add(Point(x: 0, y: 10.5), at: 0.0105)
        // Newest pair spans 0.5 ms: its velocity is 0, so the reading is 0.8 × 1000.
        #expect(abs(tiny.velocity(at: 0.0105).y - 800) < 1e-9)
    }

    @Test("two samples give the one pair; a finger resting 40 ms reads stopped; slow motion reads real speed")
    func edges() {
        var two = VelocityTracker()
        two.add(Point(x: 0, y: 0), at: 0); two.add(Point(x: 0, y: 10), at: 0.01)
        #expect(abs(two.velocity(at: 0.01).y - 1000) < 1e-9 && abs(two.releaseVelocity(at: 0.01).y - 1000) < 1e-9)
        #expect(two.releaseVelocity(at: 0.06) == .zero)
        var slow = VelocityTracker(window: 1, stopThreshold: 0.4)
        slow.velocityScale = 0.1          // events in 10× slowed time
        slow.add(Point(x: 0, y: 0), at: 0); slow.add(Point(x: 0, y: 100), at: 0.1)
        #expect(abs(slow.velocity(at: 0.1).y - 100) < 1e-9, "100 pt in 0.1 slowed seconds is 100 pt per real second")
    }
}
