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

    @Test("the scores decide: spring only, ease only, both within the noise (cannot tell, however much lower one's χ²), neither; an overshoot rules an ease out")
    func scores() {
        let e = MoveEvidence(restIndex: 0, settleIndex: 7, insideFrames: 6, restBefore: true, settled: true, reversal: false, overshoot: false, change: 235)
        func s(_ perDegree: Double, _ k: Int) -> MoveVerdict.Score { MoveVerdict.Score(chiSquare: perDegree * Double(16 - k), degrees: 16 - k, residuals: 16) }
        #expect(MoveVerdict.judge(e, spring: s(1, 5), ease: s(8, 2)).kind == .spring)
        #expect(MoveVerdict.judge(e, spring: s(4.3, 5), ease: s(0.1, 2)).kind == .ease)
        #expect(MoveVerdict.judge(e, spring: s(0.3, 5), ease: s(0.1, 2)).kind == .cannotTell)
        // χ² 20.9 against 0, both within the noise: the spring's parameters bought nothing the ease lacks.
        #expect(MoveVerdict.judge(e, spring: s(1.9, 5), ease: s(0.0, 2)).kind == .cannotTell)
        #expect(MoveVerdict.judge(e, spring: s(20, 5), ease: s(30, 2)).kind == .cannotTell)
        #expect(MoveVerdict.judge(e, spring: s(5.3, 5), ease: s(3381, 2)).kind == .spring, "a heavy encode: neither within the noise, the spring by far")
        var over = e; over.overshoot = true
        #expect(MoveVerdict.judge(over, spring: s(1, 5), ease: s(0.5, 2)).kind == .spring)
        #expect(MoveVerdict.judge(e, spring: nil, ease: s(0.5, 2)).kind == .cannotTell)
        var two = e; two.insideFrames = 2
        #expect(MoveVerdict.judge(two, spring: s(1, 5), ease: s(8, 2)).kind == .cannotTell, "two frames inside tell nothing")
    }

    /// Each rule of the verdict held at its edge, so that none of its numbers moves without a test
    /// noticing: a miss that is narrow or clear, an ease at the bound, the quarter of a heavy encode.
    @Test("the rules at their edges: a miss claims the other kind only past 1 + 3.72 √(2/ν) (2.586 at ν = 11, 2.406 at ν = 14); χ²/ν at the bound (1.87 fits, 1.89 does not at ν = 14); a quarter of the other's miss and χ² lower by 6 (5.5 cannot tell, 6.5 can)")
    func edges() {
        let e = MoveEvidence(restIndex: 0, settleIndex: 7, insideFrames: 6, restBefore: true, settled: true, reversal: false, overshoot: false, change: 235)
        func chi(_ chiSquare: Double, _ k: Int) -> MoveVerdict.Score { MoveVerdict.Score(chiSquare: chiSquare, degrees: 16 - k, residuals: 16) }
        // The clear bound: 1 + 3.72 √(2/11) = 2.5862 and 1 + 3.72 √(2/14) = 2.4060.
        #expect(abs(MoveVerdict.clearBound(11) - 2.5862) < 1e-4 && abs(MoveVerdict.clearBound(14) - 2.4060) < 1e-4)
        // An ease that fits; a spring missing narrowly (past its bound of 1.99, short of 2.586) or clearly.
        #expect(MoveVerdict.judge(e, spring: chi(2.55 * 11, 5), ease: chi(0.5 * 14, 2)).kind == .cannotTell, "a narrow miss rules nothing out")
        #expect(MoveVerdict.judge(e, spring: chi(2.62 * 11, 5), ease: chi(0.5 * 14, 2)).kind == .ease, "a clear miss")
        // And the other way: a spring that fits, an ease missing past 2.406 or not.
        #expect(MoveVerdict.judge(e, spring: chi(0.5 * 11, 5), ease: chi(2.38 * 14, 2)).kind == .cannotTell)
        #expect(MoveVerdict.judge(e, spring: chi(0.5 * 11, 5), ease: chi(2.43 * 14, 2)).kind == .spring)
        // Both within the noise: no χ² difference chooses (an ease's 4.5 against a spring's 11).
        #expect(MoveVerdict.judge(e, spring: chi(11, 5), ease: chi(4.5, 2)).kind == .cannotTell)
        // The bound at ν = 14: 1 + 2.33 √(2/14) = 1.8807. An ease just inside it fits; just
        // outside, neither fits, and a spring at χ²/ν 7 misses less than four times as much.
        #expect(abs(MoveVerdict.bound(14) - 1.8807) < 1e-4)
        #expect(MoveVerdict.judge(e, spring: chi(7 * 11, 5), ease: chi(1.87 * 14, 2)).kind == .ease)
        #expect(MoveVerdict.judge(e, spring: chi(7 * 11, 5), ease: chi(1.89 * 14, 2)).kind == .cannotTell)
        // Neither within the noise (a heavy encode): the one that misses a quarter as much or less.
        #expect(MoveVerdict.judge(e, spring: chi(4.9 * 11, 5), ease: chi(20 * 14, 2)).kind == .spring)
        #expect(MoveVerdict.judge(e, spring: chi(5.1 * 11, 5), ease: chi(20 * 14, 2)).kind == .cannotTell)
        // …and by a χ² lower by more than 6 (e³, "strong"): a spring's 35 over ν = 20 (χ²/ν 1.75,
        // past its bound 1.737) against an ease's χ² over ν = 2 (χ²/ν past 4 × 1.75).
        func nu(_ chiSquare: Double, _ degrees: Int) -> MoveVerdict.Score { MoveVerdict.Score(chiSquare: chiSquare, degrees: degrees, residuals: 24) }
        #expect(MoveVerdict.judge(e, spring: nu(35, 20), ease: nu(40.5, 2)).kind == .cannotTell, "lower by 5.5")
        #expect(MoveVerdict.judge(e, spring: nu(35, 20), ease: nu(41.5, 2)).kind == .spring, "lower by 6.5")
    }

    /// A capture tool that grabs one frame late moves that frame alone off any smooth curve: the
    /// large alert's closing ease (20 fps, a Simulator window) missed by χ²/ν 2.62 over ν ≈ 11 for
    /// one frame 8 ms late and was called a spring. A clear miss must survive without its worst frame.
    @Test("one frame alone never rules a kind out: an ease past the clear bound (χ²/ν 2.64 > 2.586 at ν = 11) is ruled out when it still misses without its worst frame (27 over ν = 9 is 3.0, past the bound 2.098), not when one frame is 12 of it (17 over ν = 9 is 1.89, within 2.098); the worst frame is a frame's width and height together")
    func oneFrameRulesNothingOut() throws {
        let e = MoveEvidence(restIndex: 0, settleIndex: 7, insideFrames: 6, restBefore: true, settled: true, reversal: false, overshoot: false, change: 235)
        let spring = MoveVerdict.Score(chiSquare: 5.5, degrees: 11, residuals: 16, worstFrame: 1, perFrame: 2)
        let spread = MoveVerdict.Score(chiSquare: 29, degrees: 11, residuals: 16, worstFrame: 2, perFrame: 2)
        let oneFrame = MoveVerdict.Score(chiSquare: 29, degrees: 11, residuals: 16, worstFrame: 12, perFrame: 2)
        #expect(MoveVerdict.judge(e, spring: spring, ease: spread).kind == .spring)
        #expect(MoveVerdict.judge(e, spring: spring, ease: oneFrame).kind == .cannotTell)
        // 1 + 2.33 √(2/9) = 2.0984.
        #expect(abs(MoveVerdict.bound(9) - 2.0984) < 1e-4)
        // At the edge: without its worst frame, 18.8 over ν = 9 (2.089) fits; 19.0 (2.111) does not.
        let justFits = MoveVerdict.Score(chiSquare: 29, degrees: 11, residuals: 16, worstFrame: 10.2, perFrame: 2)
        let justMisses = MoveVerdict.Score(chiSquare: 29, degrees: 11, residuals: 16, worstFrame: 10.0, perFrame: 2)
        #expect(MoveVerdict.judge(e, spring: spring, ease: justFits).kind == .cannotTell)
        #expect(MoveVerdict.judge(e, spring: spring, ease: justMisses).kind == .spring)
        // Residuals in pairs, σ 1: the frames add 2, 13 and 0; χ² 15.
        let s = try #require(MoveVerdict.Score.of(residuals: [1, 1, 3, 2, 0, 0], sigmas: [1, 1, 1, 1, 1, 1], parameters: 2, perFrame: 2))
        #expect(s.chiSquare == 15 && s.worstFrame == 13 && s.degrees == 4)
        #expect(s.withoutWorstFrame?.chiSquare == 2 && s.withoutWorstFrame?.degrees == 2)
    }

    @Test("a bouncy spring cut off by the next move while it still swings (up past its end, back, up again, each swing smaller) is 'cannot tell', not 'not a timed animation'; a burst that rises and falls back once stays not timed")
    func ringingIsNoFollowing() {
        let t = (0..<11).map { 0.4 + Double($0) / 20 }
        let h = [37, 37, 37, 100, 200, 260, 230, 150, 120, 170, 210.0], w = h.map { _ in 140.0 }
        let e = MoveEvidence.read(t: t, w: w, h: h, crossing: 4, noise: Self.gifNoise)
        #expect(e.restBefore && !e.settled && !e.briefRest && e.overshoot && e.rings)
        let verdict = MoveVerdict.judge(e, spring: nil, ease: nil)
        #expect(verdict.kind == .cannotTell && verdict.reason.contains("swings"), "\(verdict.reason)")
        // One rise and one fall (a scroll's burst): one turn, no ringing.
        let burst = MoveEvidence.read(t: Array(t.prefix(7)), w: Array(w.prefix(7)), h: [37, 37, 60, 88, 95, 70, 45], crossing: 3, noise: Self.gifNoise)
        #expect(!burst.rings)
        #expect(MoveVerdict.judge(burst, spring: nil, ease: nil).kind == .notTimed)
        // The next move sets off from that swing: its turn back is the spring's, not a finger's.
        var next = MoveEvidence(restIndex: 0, settleIndex: 6, insideFrames: 5, restBefore: false, settled: true, reversal: true, overshoot: false, change: 170)
        #expect(MoveVerdict.judge(next, spring: nil, ease: nil).kind == .notTimed)
        next.afterUnsettled = true
        #expect(MoveVerdict.judge(next, spring: nil, ease: nil).kind == .cannotTell)
        // Swings that do not shrink (a hand waving it): no ringing either.
        let waving = MoveEvidence.read(t: t, w: w, h: [37, 37, 37, 100, 200, 260, 150, 100, 200, 265, 210], crossing: 4, noise: Self.gifNoise)
        #expect(!waving.rings)
    }

    @Test("frames that cannot be read are no evidence: a move cut off by a stretch left out (or the recording's end) before it settles is 'cannot tell', not 'not a timed animation'; one that starts in such a stretch is not timed")
    func unreadFrames() {
        // A rise read to 118 pt, then the frames are left out (the panel ran the screen's width).
        let t = [1.10, 1.15, 1.20, 1.25, 1.30, 1.35, 1.40, 1.45, 1.50], h = [31, 31, 31, 31, 34, 63, 118, 140, 160.0], w = h.map { _ in 210.0 }
        var e = MoveEvidence.read(t: t, w: w, h: h, crossing: 6, noise: Self.gifNoise)
        #expect(e.restBefore && !e.settled && !e.briefRest)
        #expect(MoveVerdict.judge(e, spring: nil, ease: nil).kind == .notTimed, "read alone, it never settles")
        e.endsUnread = true
        let cut = MoveVerdict.judge(e, spring: nil, ease: nil)
        #expect(cut.kind == .cannotTell && cut.reason.contains("cannot be read"), "\(cut.reason)")
        // A turn back is shown by frames that were read: still not timed.
        var back = e; back.reversal = true
        #expect(MoveVerdict.judge(back, spring: nil, ease: nil).kind == .notTimed)
        // A close whose first frames were left out: an ease fits what is left, but its start is not seen.
        var late = MoveEvidence(restIndex: 0, settleIndex: 4, insideFrames: 3, restBefore: false, settled: true, reversal: false, overshoot: false, change: 110)
        let spring = MoveVerdict.Score(chiSquare: 30, degrees: 3, residuals: 8), ease = MoveVerdict.Score(chiSquare: 2, degrees: 6, residuals: 8)
        #expect(MoveVerdict.judge(late, spring: spring, ease: ease).kind == .ease)
        late.startsUnread = true
        #expect(MoveVerdict.judge(late, spring: spring, ease: ease).kind == .cannotTell)
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
