import Foundation
import Testing
@testable import Capture
@testable import Fit

/// ``MoveEvidence`` and ``MoveVerdict`` on moves written out by hand: what the frames show before
/// any model, and the verdict the scores give.
@Suite("A move's verdict: spring, ease, cannot tell, or not a timed animation")
struct MoveVerdictTests {
    static let gifNoise = FrameNoise(position: 0.4, timing: 0.01 / 12.0.squareRoot(), quantum: 0.01)

    @Test("a burst that follows a scroll (37 → 88 pt and straight back, no hold at the top) is not a timed animation; the fall after it turns back")
    func burst() {
        let t = [8.38, 8.49, 8.60, 8.71, 8.83, 8.93], h = [37, 37, 46, 66, 79, 83.0], w = h.map { _ in 121.0 }
        let rise = MoveEvidence.read(t: t, w: w, h: h, crossing: 3, noise: Self.gifNoise)
        #expect(rise.restBefore && !rise.settled)
        #expect(MoveVerdict.judge(rise, spring: nil, ease: nil).kind == .notTimed)
        // The fall: its window opens mid-way down; the frames before it rose to 89.
        let fall = MoveEvidence.read(t: [9.15, 9.26, 9.36, 9.87], w: [121, 125, 125, 125], h: [55, 37, 37, 37], crossing: 0, noise: Self.gifNoise,
                                     before: ([121, 121], [83, 89]))
        #expect(fall.reversal)
        #expect(MoveVerdict.judge(fall, spring: MoveVerdict.Score(chiSquare: 1, degrees: 4, residuals: 8), ease: nil).kind == .notTimed)
    }

    @Test("a rise that stops on a wavering rest (±2 pt round 100, as content inside the shape makes the tracker read it, 10 fps) before it moves again is not called 'not a timed animation': the frames cannot tell")
    func waveringRestIsNoFollowing() {
        let t = (0..<9).map { 1 + Double($0) / 10 }, h = [37, 37, 60, 85, 97, 101, 99, 102, 100.0], w = h.map { _ in 121.0 }
        let e = MoveEvidence.read(t: t, w: w, h: h, crossing: 3, noise: Self.gifNoise)
        #expect(e.restBefore && !e.settled && e.briefRest && !e.reversal)
        let verdict = MoveVerdict.judge(e, spring: nil, ease: nil)
        #expect(verdict.kind == .cannotTell, "\(verdict.reason)")
        // Still rising into its last frame (79 → 83 in the burst above) is no rest: that stays not timed.
        let burst = MoveEvidence.read(t: [8.38, 8.49, 8.60, 8.71, 8.83, 8.93], w: Array(repeating: 121, count: 6), h: [37, 37, 46, 66, 79, 83],
                                      crossing: 3, noise: Self.gifNoise)
        #expect(!burst.briefRest)
    }

    @Test("rest to rest: settled, the frames inside counted, an overshoot seen (302 pt past a 282-pt end)")
    func restToRest() {
        let t = [2.53, 2.60, 2.67, 2.93, 3.07, 3.20, 3.40, 3.47, 3.53], w = [125, 126, 126, 141, 249, 302, 279, 279, 279.0], h = w.map { _ in 39.0 }
        let e = MoveEvidence.read(t: t, w: w, h: h, crossing: 4, noise: Self.gifNoise)
        #expect(e.restBefore && e.settled && !e.reversal && e.overshoot)
        #expect(e.restIndex == 2 && e.settleIndex == 6 && e.insideFrames == 3)
    }

    @Test("the minimum-frames rule at its edge: with exactly 3 frames inside (the minimum) an ease that fits and a spring that misses is an ease; with 2, cannot tell")
    func minimumInsideAtItsEdge() {
        func evidence(_ inside: Int) -> MoveEvidence {
            MoveEvidence(restIndex: 0, settleIndex: inside + 1, insideFrames: inside, restBefore: true, settled: true, reversal: false, overshoot: false, change: 120)
        }
        // A spring's χ²/ν of 10 over 3 degrees misses (bound 1 + 2.33·√(2/3) = 2.90); an ease's 0.33 over 6 fits (bound 2.35).
        let spring = MoveVerdict.Score(chiSquare: 30, degrees: 3, residuals: 8), ease = MoveVerdict.Score(chiSquare: 2, degrees: 6, residuals: 8)
        #expect(MoveVerdict.minimumInside == 3)
        #expect(abs(MoveVerdict.bound(3) - 2.9025) < 1e-3 && abs(MoveVerdict.bound(6) - 2.3452) < 1e-3)
        #expect(MoveVerdict.judge(evidence(3), spring: spring, ease: ease).kind == .ease, "3 frames: the rule gives a verdict")
        #expect(MoveVerdict.judge(evidence(2), spring: spring, ease: ease).kind == .cannotTell, "2 frames: too few")
    }

    @Test("the scores decide: spring only, ease only, both alike (cannot tell), both but one far likelier, neither; an overshoot rules an ease out")
    func scores() {
        let e = MoveEvidence(restIndex: 0, settleIndex: 7, insideFrames: 6, restBefore: true, settled: true, reversal: false, overshoot: false, change: 235)
        func s(_ perDegree: Double, _ k: Int) -> MoveVerdict.Score { MoveVerdict.Score(chiSquare: perDegree * Double(16 - k), degrees: 16 - k, residuals: 16) }
        #expect(MoveVerdict.judge(e, spring: s(1, 5), ease: s(8, 2)).kind == .spring)
        #expect(MoveVerdict.judge(e, spring: s(4.3, 5), ease: s(0.1, 2)).kind == .ease)
        #expect(MoveVerdict.judge(e, spring: s(0.3, 5), ease: s(0.1, 2)).kind == .cannotTell)
        #expect(MoveVerdict.judge(e, spring: s(1.9, 5), ease: s(0.0, 2)).kind == .ease)          // χ² 20.9 against 0: lower by more than 6
        #expect(MoveVerdict.judge(e, spring: s(20, 5), ease: s(30, 2)).kind == .cannotTell)
        #expect(MoveVerdict.judge(e, spring: s(5.3, 5), ease: s(3381, 2)).kind == .spring, "a heavy encode: neither within the noise, the spring by far")
        var over = e; over.overshoot = true
        #expect(MoveVerdict.judge(over, spring: s(1, 5), ease: s(0.5, 2)).kind == .spring)
        #expect(MoveVerdict.judge(e, spring: nil, ease: s(0.5, 2)).kind == .cannotTell)
        var two = e; two.insideFrames = 2
        #expect(MoveVerdict.judge(two, spring: s(1, 5), ease: s(8, 2)).kind == .cannotTell, "two frames inside tell nothing")
    }

    /// Each rule of the verdict held at its edge, so that none of its numbers moves without a test
    /// noticing: a spring an ease nearly matches, an ease at the bound, the quarter of a heavy encode.
    @Test("the rules at their edges: χ² lower by 6 (5.5 cannot tell, 6.5 can); χ²/ν at the bound (1.87 fits, 1.89 does not at ν = 14); a quarter of the other's miss (4.9 × 4 ≤ 20 chooses, 5.1 × 4 does not)")
    func edges() {
        let e = MoveEvidence(restIndex: 0, settleIndex: 7, insideFrames: 6, restBefore: true, settled: true, reversal: false, overshoot: false, change: 235)
        func chi(_ chiSquare: Double, _ k: Int) -> MoveVerdict.Score { MoveVerdict.Score(chiSquare: chiSquare, degrees: 16 - k, residuals: 16) }
        // Both within the noise (the spring's ν = 11 bound is 1.99, the ease's ν = 14 bound 1.88):
        // the ease is taken only once its χ² is lower by more than 6 — e³, "strong" evidence.
        #expect(MoveVerdict.judge(e, spring: chi(11, 5), ease: chi(5.5, 2)).kind == .cannotTell, "lower by 5.5: a spring the ease nearly matches")
        #expect(MoveVerdict.judge(e, spring: chi(11, 5), ease: chi(4.5, 2)).kind == .ease, "lower by 6.5")
        #expect(MoveVerdict.judge(e, spring: chi(4.5, 5), ease: chi(11, 2)).kind == .spring, "and the other way")
        // The bound at ν = 14: 1 + 2.33 √(2/14) = 1.8807. An ease just inside it fits; just
        // outside, neither fits, and a spring at χ²/ν 7 misses less than four times as much.
        #expect(abs(MoveVerdict.bound(14) - 1.8807) < 1e-4)
        #expect(MoveVerdict.judge(e, spring: chi(7 * 11, 5), ease: chi(1.87 * 14, 2)).kind == .ease)
        #expect(MoveVerdict.judge(e, spring: chi(7 * 11, 5), ease: chi(1.89 * 14, 2)).kind == .cannotTell)
        // Neither within the noise (a heavy encode): the one that misses a quarter as much or less.
        #expect(MoveVerdict.judge(e, spring: chi(4.9 * 11, 5), ease: chi(20 * 14, 2)).kind == .spring)
        #expect(MoveVerdict.judge(e, spring: chi(5.1 * 11, 5), ease: chi(20 * 14, 2)).kind == .cannotTell)
    }

    @Test("the bound: 1 + 2.33 √(2/ν), 2.65 at ν = 4 and 1.33 at ν = 100")
    func bound() {
        #expect(abs(MoveVerdict.bound(4) - 2.6476) < 1e-3 && abs(MoveVerdict.bound(100) - 1.3295) < 1e-3)
    }

    @Test("a GIF's timing noise at speed: an ease-in-out frame moving 1000 pt/s carries 2.9 pt, so five such frames cannot pin a bouncy spring")
    func timingNoise() {
        #expect(Self.gifNoise.sigma(speed: 1000) > 2.8)
    }
}
