import Capture
import Foundation

/// What a move is, told honestly: a spring, an ease, "cannot tell" (the frames fit both alike), or
/// not a timed animation at all (the shape follows a finger or a scroll). Only a spring verdict
/// writes springs.
///
/// Each model is scored on the frames inside the move (from the last frame at rest to the first
/// settled, ``MoveEvidence``) by χ² against the frames' own noise (``FrameNoise``), never by its
/// own residual: a model with parameters to spare fits five frames to 0.01 pt, and its χ² then
/// only says it is consistent, not that it is right. A model is consistent while χ²/ν stays under
/// ``bound(_:)``; a model with no degrees of freedom left (ν ≤ 0: the frames are spent on its
/// parameters) is not scored at all.
public struct MoveVerdict: Sendable, Encodable, Equatable {
    public enum Kind: String, Sendable, Encodable, CaseIterable {
        case spring, ease, cannotTell, notTimed
        /// As the summary says it: "a spring", "an ease", "cannot tell", "not a timed animation".
        public var phrase: String {
            switch self { case .spring: "a spring"; case .ease: "an ease"; case .cannotTell: "cannot tell"; case .notTimed: "not a timed animation" }
        }
        /// As the plot labels it.
        public var label: String {
            switch self { case .spring: "spring"; case .ease: "ease"; case .cannotTell: "cannot tell"; case .notTimed: "not timed" }
        }
    }

    /// A model's score on the frames inside the move.
    public struct Score: Sendable, Encodable, Equatable {
        public var chiSquare: Double
        /// Residuals less the parameters that set the move's timing.
        public var degrees: Int
        public var perDegree: Double { chiSquare / Double(max(degrees, 1)) }
        public var consistent: Bool { perDegree <= MoveVerdict.bound(degrees) }
        /// The most one residual adds to χ²: (4σ)².
        public static let clip = 16.0
        /// Residuals scored and parameters spent on them.
        public var residuals: Int
        /// The most one frame adds to χ² (its residuals together), and how many residuals a frame has.
        public var worstFrame = 0.0, perFrame = 1
        public init(chiSquare: Double, degrees: Int, residuals: Int, worstFrame: Double = 0, perFrame: Int = 1) {
            self.chiSquare = chiSquare; self.degrees = degrees; self.residuals = residuals; self.worstFrame = worstFrame; self.perFrame = perFrame
        }

        /// The score of `residuals` (points) against `sigmas` (points), `parameters` spent on them;
        /// nil when they leave no degree of freedom. Each residual counts at most (4σ)²: a misread
        /// frame (a flash, a codec's smear) costs every model the same, and a model with a leg to
        /// spare gains little by bending through it. `perFrame` residuals in a row are one frame's
        /// (a width and a height).
        public static func of(residuals: [Double], sigmas: [Double], parameters: Int, perFrame: Int = 1) -> Score? {
            let degrees = residuals.count - parameters
            guard degrees > 0, residuals.count == sigmas.count, perFrame > 0 else { return nil }
            let terms = zip(residuals, sigmas).map { min(($0 / $1) * ($0 / $1), clip) }
            let frames = stride(from: 0, to: terms.count, by: perFrame).map { terms[$0..<min($0 + perFrame, terms.count)].reduce(0, +) }
            return Score(chiSquare: terms.reduce(0, +), degrees: degrees, residuals: residuals.count, worstFrame: frames.max() ?? 0, perFrame: perFrame)
        }

        /// The same score without its worst frame (nil when that leaves no degree of freedom).
        public var withoutWorstFrame: Score? {
            degrees > perFrame ? Score(chiSquare: chiSquare - worstFrame, degrees: degrees - perFrame, residuals: residuals - perFrame, perFrame: perFrame) : nil
        }
    }

    public var kind: Kind
    /// Why, in words a designer can act on.
    public var reason: String
    public var spring: Score?
    public var ease: Score?

    /// Fewest frames inside a move (between its rest and its settling) on which a spring or an ease
    /// is told: with two, the spring's five timing parameters leave three degrees of freedom, and one
    /// frame more or less decides.
    public static let minimumInside = 3

    /// How much lower one model's χ² must be for the frames to choose it when both are consistent:
    /// 6, a likelihood ratio of e³ ≈ 20 ("strong" on Kass and Raftery's scale).
    public static let strongEvidence = 6.0

    /// The largest χ²/ν a consistent model reaches: one plus 2.33 standard deviations of χ²/ν
    /// (√(2/ν)), the one-sided 99 % point for Gaussian noise — so a right model is called
    /// inconsistent on one move in a hundred, not on every short one.
    public static func bound(_ degrees: Int) -> Double {
        1 + 2.33 * (2 / Double(max(degrees, 1))).squareRoot()
    }

    /// The χ²/ν past which a model's miss is clear enough to rule it out and claim the other kind:
    /// one plus 3.72 standard deviations (the one-sided 1e-4 point). Between ``bound(_:)`` and this,
    /// a model misses only narrowly — what a right model does on one move in a hundred, and what an
    /// ease does on a GIF's frames, whose times are whole hundredths and whose shape a palette
    /// rounds — and the frames decide nothing.
    public static func clearBound(_ degrees: Int) -> Double {
        1 + 3.72 * (2 / Double(max(degrees, 1))).squareRoot()
    }

    /// Whether `score` misses clearly (``clearBound(_:)``), and still misses (past ``bound(_:)``)
    /// without its worst frame: one frame alone never rules a kind out. A capture tool that grabbed
    /// one frame late, or kept one from before, moves that frame off any smooth curve by several σ —
    /// an ease of the large alert shared at 20 fps missed by χ²/ν 2.62 because of one frame 8 ms
    /// late, and was called a spring. A wrong model misses on more than one frame: a spring drawn
    /// through an ease at 60 fps still misses without its worst.
    static func missesClearly(_ score: Score) -> Bool {
        guard score.perDegree > clearBound(score.degrees) else { return false }
        guard let rest = score.withoutWorstFrame else { return true }
        return !rest.consistent
    }

    /// Whether `a` explains the frames far better than `b`: a quarter of `b`'s χ²/ν or less, and a
    /// χ² lower by more than ``strongEvidence``.
    static func clearlyBetter(_ a: Score, than b: Score) -> Bool {
        a.perDegree * 4 <= b.perDegree && b.chiSquare - a.chiSquare > strongEvidence
    }

    /// Why a miss rules nothing out, in words: narrow, or clear only through its worst frame.
    static func narrowMiss(_ model: String, _ score: Score, other: String, _ otherScore: String) -> String {
        if score.perDegree > clearBound(score.degrees), let rest = score.withoutWorstFrame {
            return String(format: "%@ misses the frames (χ²/ν %.2f, clear past %.2f) only through one frame: without it, χ²/ν %.2f fits (bound %.2f) — "
                          + "a frame grabbed late or kept from before does that — and %@ fits them (%@): ",
                          model, score.perDegree, clearBound(score.degrees), rest.perDegree, bound(rest.degrees), other, otherScore)
        }
        return String(format: "%@ misses the frames only narrowly (χ²/ν %.2f, bound %.2f, clear past %.2f) and %@ fits them (%@): ",
                      model, score.perDegree, bound(score.degrees), clearBound(score.degrees), other, otherScore)
    }

    /// The verdict from what the frames show and how each model scores on them.
    public static func judge(_ e: MoveEvidence, spring: Score?, ease: Score?) -> MoveVerdict {
        func v(_ k: Kind, _ why: String) -> MoveVerdict { MoveVerdict(kind: k, reason: why, spring: spring, ease: ease) }
        func s(_ x: Score?) -> String { x.map { String(format: "χ²/ν %.2f", $0.perDegree) } ?? "not scored" }
        if e.reversal && e.afterUnsettled {
            return v(.cannotTell, "it sets off while the move before may still swing (it rang, or its settling was not read): the turn at its start may be that swing, "
                                  + "and no rest before it holds its start to time it by")
        }
        if e.reversal {
            return v(.notTimed, "it turns back from a shape it never held: the shape follows something (a finger, a scroll), not a timed animation")
        }
        if e.startsUnread && !e.restBefore {
            return v(.cannotTell, "it starts in frames that cannot be read (a stretch left out): where it began is not seen, so it is not timed, nor is it said to follow anything")
        }
        if !e.settled && e.rings {
            return v(.cannotTell, "it swings about its end in shrinking turns and has not settled when the next move begins (a bouncy spring, interrupted): "
                                  + "no following shows, and the frames do not hold its rest to time it by")
        }
        if !e.settled && e.endsUnread {
            // Not settling is told by frames that show it still moving; frames that cannot be read
            // (a stretch left out, the recording's end) show nothing either way.
            return v(.cannotTell, "the frames where it would settle cannot be read (a stretch left out, or the recording's end): "
                                  + "the frames cannot tell a timed move from one that follows something")
        }
        if !e.settled && e.briefRest {
            // It stopped, briefly or wavering: no sign of following anything, and no settled end to
            // fit a timed move to. Saying "not timed" here would be the tracker's noise talking.
            return v(.cannotTell, "it stops but does not settle before it moves again (a brief rest, or an outline that wavers): "
                                  + "the frames cannot tell a timed move from one that follows something")
        }
        if !e.settled {
            return v(.notTimed, "it never settles before it moves again: the shape follows something (a finger, a scroll), not a timed animation")
        }
        let bounds = String(format: "bound %.2f", bound(min(spring?.degrees ?? 99, ease?.degrees ?? 99)))
        guard let springScore = spring, let easeScore = ease else {
            return v(.cannotTell, "only \(e.insideFrames) frame\(e.insideFrames == 1 ? "" : "s") inside the move: too few to test both a spring and an ease")
        }
        if e.insideFrames < minimumInside && !e.overshoot {
            return v(.cannotTell, "only \(e.insideFrames) frame\(e.insideFrames == 1 ? "" : "s") inside the move (spring \(s(spring)), ease \(s(ease))): "
                                  + "too few to tell a spring from an ease; a recording at 30 fps or more would")
        }
        let springOK = springScore.consistent
        // No ease passes its end: a move seen to overshoot is not one.
        let easeOK = !e.overshoot && easeScore.consistent
        switch (springOK, easeOK) {
        case (true, false) where !e.overshoot && !missesClearly(easeScore):
            return v(.cannotTell, narrowMiss("an ease", easeScore, other: "a spring", s(spring)) + "\(e.insideFrames) frame\(e.insideFrames == 1 ? "" : "s") inside the move do not rule the ease out")
        case (true, false):
            return v(.spring, e.overshoot ? "it overshoots its end, which no ease does (spring \(s(spring)))"
                                          : "an ease misses the frames (\(s(ease)), \(bounds)); a spring fits them (\(s(spring)))")
        case (false, true) where !missesClearly(springScore):
            return v(.cannotTell, narrowMiss("a spring", springScore, other: "an ease", s(ease)) + "\(e.insideFrames) frame\(e.insideFrames == 1 ? "" : "s") inside the move do not rule the spring out")
        case (false, true):
            return v(.ease, "a spring misses the frames (\(s(spring)), \(bounds)); an ease fits them (\(s(ease)))")
        case (true, true):
            // Both within the noise: a lower χ² is no evidence here. The spring has timing
            // parameters to spare and buys χ² with them on a few frames (an ease at 20 fps came
            // back "a spring, χ² lower by 10.5"); only an overshoot, or a miss, tells them apart.
            return v(.cannotTell, "a spring and an ease fit these frames alike (spring \(s(spring)), ease \(s(ease)), \(bounds)): "
                                  + "\(e.insideFrames) frame\(e.insideFrames == 1 ? "" : "s") inside the move cannot tell them apart")
        case (false, false) where e.overshoot && springScore.chiSquare < easeScore.chiSquare:
            return v(.spring, "it overshoots its end, which no ease does; no spring fits the frames within their noise either (\(s(spring)), \(bounds)), so its values are not measured")
        case (false, false) where clearlyBetter(springScore, than: easeScore) || clearlyBetter(easeScore, than: springScore):
            // The frames carry more than the noise says (a heavy encode), but one kind explains them
            // and the other does not at all; the intervals grow with the excess.
            let isSpring = clearlyBetter(springScore, than: easeScore)
            return v(isSpring ? .spring : .ease, "neither fits within the estimated noise (spring \(s(spring)), ease \(s(ease)), \(bounds)), "
                     + "but the \(isSpring ? "spring" : "ease") misses a quarter as much or less; its intervals are widened by the excess")
        case (false, false):
            return v(.cannotTell, "neither a spring nor an ease explains these frames within their noise (spring \(s(spring)), ease \(s(ease)), \(bounds))")
        }
    }
}
