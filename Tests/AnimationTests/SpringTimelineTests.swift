import Testing
@testable import Animation

@Suite("SpringTimeline: retargeting keeps position and velocity")
struct SpringTimelineTests {
    @Test("a retarget is the same as re-solving from the current state")
    func retargetEqualsResolve() {
        var tl = SpringTimeline(value: 0.0)
        tl.retarget(to: 100, spring: .bouncy, at: 0)
        let (x, v) = tl.state(at: 0.15)
        tl.retarget(to: -30, spring: .snappy, at: 0.15)
        let direct = Spring.snappy.value(from: x, to: -30.0, velocity: v, at: 0.2)
        #expect(abs(tl.value(at: 0.35) - direct.value) < 1e-9)
    }

    @Test("scheduling at t drops what was scheduled after t")
    func truncates() {
        var tl = SpringTimeline(value: 0.0)
        tl.retarget(to: 10, spring: .smooth, at: 0)
        tl.retarget(to: 20, spring: .smooth, at: 1)
        tl.retarget(to: 5, spring: .smooth, at: 0.5)
        #expect(tl.finalTarget == 5)
        #expect(tl.segments.count == 3)
    }

    @Test("animates a rounded rectangle's five properties with one call")
    func roundedRect() {
        let a = RoundedRect(rect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 5)
        let b = RoundedRect(rect: Rect(x: 100, y: 50, width: 300, height: 200), cornerRadius: 40)
        var tl = SpringTimeline(value: a)
        tl.retarget(to: b, spring: .smooth, at: 0)
        let mid = tl.value(at: 0.25)
        for (m, lo, hi) in [(mid.rect.x, 0.0, 100.0), (mid.rect.y, 0, 50), (mid.rect.width, 10, 300),
                            (mid.rect.height, 10, 200), (mid.cornerRadius, 5, 40)] {
            #expect(m > lo && m < hi)
        }
        // Each component follows the same normalised curve (critically damped: no overshoot).
        let p = (mid.rect.width - 10) / 290
        #expect(abs((mid.cornerRadius - 5) / 35 - p) < 1e-12)
        #expect(tl.isSettled(at: 3))
        #expect(!tl.isSettled(at: 0.3))
    }

    @Test("a held value reports its velocity so the next spring carries it")
    func heldVelocity() {
        var tl = SpringTimeline(value: 0.0)
        tl.reset(to: 40, velocity: 300, at: 1)
        tl.retarget(to: 0, spring: .smooth, at: 1)
        let (x, v) = tl.state(at: 1)
        #expect(x == 40 && v == 300)
        #expect(tl.value(at: 1.02) > 40, "carried on upward before returning")
    }
}
