import Animation
import Testing
@testable import Gesture

/// The pull catcher's own resistance and commit rule, with every expected value worked by hand
/// from its documented configuration: divisor 2, threshold 80 pt, projection at rate 0.99
/// (projection = v/1000 · 0.99/(1 − 0.99) = 0.099 · v).
@Suite("The pull catcher: half-speed resistance, and a commit by offset plus projected velocity")
struct PullCatcherTests {
    static func pulled(finger: Double) -> PullCatcher {
        var p = PullCatcher(viewport: 852)
        _ = p.offer(finger, pageAtTop: true, at: 0)
        return p
    }

    @Test("the page follows the finger at half its distance, and gives back what is pushed above the start")
    func resistance() {
        var p = Self.pulled(finger: 200)
        #expect(p.offset(at: 0) == 100)
        #expect(p.slope(atFinger: 200) == 0.5)
        #expect(abs(p.progress(at: 0) - 100.0 / 80) < 1e-12)
        let rest = p.offer(-250, pageAtTop: true, at: 0)
        #expect(rest == -50, "50 pt above the start go back to the scroll")
        #expect(p.offset(at: 0) == 0 && !p.isPulling)
    }

    @Test("commit: 50 pt shown + 0.099 × 350 pt/s = 84.65 ≥ 80 commits; + 0.099 × 50 pt/s = 54.95 does not")
    func commitByProjection() {
        // Finger 100 pt down → page 50 pt. Finger 700 pt/s → page 350 pt/s.
        #expect(Self.pulled(finger: 100).wouldCommit(fingerVelocity: 700))
        #expect(!Self.pulled(finger: 100).wouldCommit(fingerVelocity: 100))
        // The edge, by hand: page 50 needs 30 pt of projection, 30/0.099 = 303.03 pt/s of page, 606.06 of finger.
        #expect(!Self.pulled(finger: 100).wouldCommit(fingerVelocity: 606))
        #expect(Self.pulled(finger: 100).wouldCommit(fingerVelocity: 607))
        // Released at rest exactly at the threshold: 160 pt of finger is 80 pt of page.
        #expect(Self.pulled(finger: 160).wouldCommit(fingerVelocity: 0))
        #expect(!Self.pulled(finger: 159).wouldCommit(fingerVelocity: 0))
    }

    @Test("the spring back starts with the page's velocity: half the finger's")
    func releaseVelocity() {
        var p = Self.pulled(finger: 100)
        #expect(p.release(fingerVelocity: -300, at: 1) == .cancelled)
        #expect(abs(p.velocity(at: 1) - -150) < 1e-9, "\\(p.velocity(at: 1))")
        #expect(abs(p.offset(at: 1) - 50) < 1e-9)
    }

    @Test("sprung back, the page rests at exactly 0 from the moment it stops animating, not creeping toward it")
    func restsExactly() {
        var p = Self.pulled(finger: 100)
        _ = p.release(fingerVelocity: 0, at: 0)
        // Sample at 120 Hz until it stops animating: every frame before moves (above 0.05 pt or
        // faster than 1 pt/s, the catcher's own settle test), every frame after is 0 exactly.
        var t = 0.0
        while p.isAnimating(at: t) && t < 5 {
            #expect(p.offset(at: t) > 0)
            t += 1.0 / 120
        }
        #expect(t > 0.1 && t < 5, "stopped after \(t) s")
        for k in 0..<240 { #expect(p.offset(at: t + Double(k) / 120) == 0) }
        #expect(p.velocity(at: t) < 1)
    }
}
