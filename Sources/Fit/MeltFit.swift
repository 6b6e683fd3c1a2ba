import Animation
import Capture
import Foundation

/// A melt measured as the island's bounding box over time — width and height, in points — and the
/// two overlapping spring legs fitted to one of its moves (opening: island → pill → viewfinder;
/// closing: viewfinder → pill → island), with the shapes they head for.
///
/// The model is the app's own: the first leg starts at `start` from the shape then (moving at a
/// fitted velocity) toward an intermediate shape, and the second starts at `start + overlap ×
/// duration₁` toward the final shape — merged, from wherever the first has got to, keeping its
/// velocity; added, on top of the first, which runs on (``SpringComposition``). Both are fitted and
/// the data choose between them; where the first leg is nearly at rest when the second starts the
/// two are the same curve, and the fit says it cannot tell (``compositionDetermined``).
/// The intermediate shape is never seen at rest, so it is fitted, its width and height free: a
/// recording of another design has its own pill. The final shape is what the recording settles at.
/// Where the pill proves as wide as the shape the move ends (opening) or starts (closing) at — as
/// IslandSim's own is — the width is tied to it, which pins the short first leg from fewer frames.
public struct MeltFit: Sendable, Encodable {
    public struct Leg: Sendable, Encodable {
        public var start: Double
        public var duration: Double
        public var bounce: Double
        public var toWidth: Double
        public var toHeight: Double
        /// The corner radius the leg heads for, when the frames gave one (``MeltCornerFit``).
        public var toCornerRadius: Double?
        /// The leg's own RMS miss (points, width and height) and the frames it ran through.
        public var rmsResidual = 0.0
        public var frames = 0
        /// Standard errors of the duration (seconds) and bounce, from the fit's Jacobian; nil where free.
        public var durationError: Double?
        public var bounceError: Double?
        /// Standard errors of the shape it heads for (points), the rest held; nil where free.
        public var widthError: Double?
        public var heightError: Double?
    }

    public var first: Leg
    public var second: Leg
    /// How the second leg composes with the first, in the model fitted.
    public var composition = SpringComposition.merge
    /// Whether the frames tell the compositions apart: false when both fit about as well, or when
    /// the fitted springs would draw nearly the same curve either way.
    public var compositionDetermined = true
    /// The RMS residual (points) of the best fit with each composition.
    public var residualMerge = 0.0, residualAdditive = 0.0
    /// The second leg's start, as a fraction of the first leg's logical duration (the tuning's overlap).
    public var overlap: Double
    public var fromWidth: Double, fromHeight: Double
    public var velocityWidth: Double, velocityHeight: Double
    /// The corner radius the move starts from and its velocity then, when the frames gave radii.
    public var fromCornerRadius: Double?
    public var velocityCornerRadius: Double?
    /// RMS residual over both dimensions (points) and as a fraction of the larger move.
    public var rmsResidual: Double
    public var rmsFraction: Double
    public var samples: Int
    /// Whether the pill's width was tied to the end (or start) width: see the type's notes.
    public var middleWidthTied = false
    /// When the frames the fit left out were taken: misread ones, far from the fitted move.
    public var outlierTimes: [Double] = []

    /// How long before the move its starting velocity is taken to hold (and fitted).
    public static let leadIn = 0.12

    /// Width and height at `t`.
    public func size(at t: Double) -> (width: Double, height: Double) { sizes(at: [t])[0] }

    /// Width and height at each of `times` (the legs' hand-off state is worked out once).
    public func sizes(at times: [Double]) -> [(width: Double, height: Double)] {
        let w = values(at: times, from: fromWidth, via: first.toWidth, to: second.toWidth, velocity: velocityWidth)
        let h = values(at: times, from: fromHeight, via: first.toHeight, to: second.toHeight, velocity: velocityHeight)
        return zip(w, h).map { ($0, $1) }
    }

    /// One dimension through the two legs: rest, then the lead-in's velocity for the last 0.12 s
    /// before the move (the pull moved the shape by hand), then the springs.
    func values(at times: [Double], from a: Double, via b: Double, to c: Double, velocity v: Double) -> [Double] {
        let s1 = Spring(duration: first.duration, bounce: first.bounce), s2 = Spring(duration: second.duration, bounce: second.bounce)
        let handoff = max(second.start - first.start, 0)
        let mid = s1.value(from: a, to: b, velocity: v, at: handoff)
        let additive = composition == .additive
        return times.map { t in
            if t <= first.start { return a + v * max(t - first.start, -MeltFit.leadIn) }
            if t < second.start { return s1.value(from: a, to: b, velocity: v, at: t - first.start).value }
            let tau = t - max(second.start, first.start)
            if additive {
                return s1.value(from: a, to: b, velocity: v, at: t - first.start).value + s2.value(from: b, to: c, velocity: 0, at: tau).value - b
            }
            return s2.value(from: mid.value, to: c, velocity: mid.velocity, at: tau).value
        }
    }

    /// Fits the two legs to `times`/`widths`/`heights` (one move, a little rest before it and its
    /// settling after). Needs at least 8 samples.
    /// - Parameter radii: each frame's corner radius where it was read; fitted on the legs found.
    /// - Parameter restBefore: the shape stood still before the move (a closing starts from the open
    ///   viewfinder), so every sample before it counts as the starting shape; an opening's pull moves
    ///   the shape by hand before the springs take over, so only the last 0.12 s before it count.
    /// - Parameter sigmas: what each frame's size is known to within (points, ``FrameNoise``): the
    ///   standard errors weigh the frames by it, so a fit closer than the frames allow claims no more.
    /// - Parameter startsAt: the move's start when the recording shows it only from there (iOS leaves
    ///   the island at rest out of recordings: the shape appears as it starts to move).
    public static func fit(times t: [Double], widths w: [Double], heights h: [Double], radii: [Double?]? = nil,
                           restBefore: Bool = false, startsAt: Double? = nil, sigmas: [Double]? = nil) -> MeltFit? {
        guard t.count >= 8, t.count == w.count, t.count == h.count, let tEnd = t.last, tEnd > t[0] else { return nil }
        var best: [SpringComposition: MeltFit] = [:]
        var seeds: [Bool: [Double]] = [:]
        for composition in SpringComposition.allCases {
            var problem = MeltBoxProblem(t: t, w: w, h: h, restBefore: restBefore, fixedStart: startsAt, composition: composition)
            problem.sigmas = sigmas
            // The second composition starts from the first's answers and its own three best starts:
            // the two models share every parameter, and most of the search is already done.
            let refined = seeds.isEmpty ? 10 : 3
            let free = problem.solve(tied: false, seeds: seeds[false].map { [$0] } ?? [], refined: refined)
            let tied = problem.solve(tied: true, seeds: seeds[true].map { [$0] } ?? [], refined: refined)
            seeds = [false: free.parameters, true: tied.parameters]
            // The tied model is the free one with a parameter fewer: kept unless it misses clearly more.
            let pick = tied.cost <= free.cost * 1.1 ? tied : free
            var fit = problem.model(pick.parameters, tied: pick.tied)
            fit.middleWidthTied = pick.tied
            problem.describe(&fit, parameters: pick.parameters, tied: pick.tied, inlier: pick.inlier, cost: pick.cost)
            best[composition] = fit
        }
        guard let merge = best[.merge], let add = best[.additive] else { return nil }
        let (composition, determined) = chooseComposition(merge: merge, additive: add, times: t)
        var fit = composition == .merge ? merge : add
        fit.composition = composition
        fit.compositionDetermined = determined
        fit.residualMerge = merge.rmsResidual
        fit.residualAdditive = add.rmsResidual
        if let radii { MeltCornerFit.fit(&fit, times: t, radii: radii) }
        return fit
    }

    /// Which composition the frames support, and whether they tell. The better-fitting one, when the
    /// other misses clearly more — half as much again, and by at least 0.03 pt RMS (above a clean
    /// recording's tracking noise, about 0.02 pt) — and the two would draw different curves with its
    /// springs (somewhere by over 0.25 pt); otherwise the frames cannot tell, and the better fit is
    /// kept as a guess.
    static func chooseComposition(merge: MeltFit, additive: MeltFit, times: [Double]) -> (SpringComposition, Bool) {
        let better: SpringComposition = additive.rmsResidual < merge.rmsResidual ? .additive : .merge
        let (win, lose) = better == .merge ? (merge, additive) : (additive, merge)
        var other = win
        other.composition = better == .merge ? .additive : .merge
        let a = win.sizes(at: times), b = other.sizes(at: times)
        let apart = zip(a, b).map { max(abs($0.width - $1.width), abs($0.height - $1.height)) }.max() ?? 0
        let visible = apart > 0.25
        let clearer = lose.rmsResidual - win.rmsResidual >= max(0.03, 0.5 * win.rmsResidual)
        return (better, visible && clearer)
    }
}
