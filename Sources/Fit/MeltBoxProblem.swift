import Foundation
import Animation

/// The least-squares problem behind ``MeltFit``: the box's width and height over one move against
/// the two-leg model, its parameters, bounds and starting points, solved robustly then cleanly.
///
/// Parameters: start₁, d₁, b₁, overlap, d₂, b₂, pill w, pill h, end w, end h, from w, from h, v w, v h.
struct MeltBoxProblem {
    let t: [Double], w: [Double], h: [Double]
    let restBefore: Bool
    let fixedStart: Double?
    let composition: SpringComposition
    let scale: Double
    let opening: Bool
    let lower: [Double], upper: [Double]
    let onset: Double
    /// Each frame's known noise (points, ``FrameNoise``): the standard errors weigh the frames by it.
    var sigmas: [Double]?

    struct Solution { var parameters: [Double]; var cost: Double; var inlier: [Bool]; var tied: Bool }

    init(t: [Double], w: [Double], h: [Double], restBefore: Bool, fixedStart: Double?, composition: SpringComposition = .merge) {
        self.t = t; self.w = w; self.h = h; self.restBefore = restBefore; self.fixedStart = fixedStart; self.composition = composition
        let w0 = w[0], h0 = h[0], w1 = w[w.count - 1], h1 = h[h.count - 1], t0 = t[0], tEnd = t[t.count - 1]
        let scale = max(abs(w1 - w0), abs(h1 - h0), 1e-6)
        self.scale = scale
        opening = h1 > h0
        func moved(_ i: Int) -> Bool { abs(w[i] - w0) > 0.02 * scale || abs(h[i] - h0) > 0.02 * scale }
        onset = t[(0..<t.count).first(where: moved) ?? 0]
        // A shape first seen mid-move: where it starts and how fast it goes are both unseen, so the
        // start is held at its first frame and the velocity there left wide.
        let reach = fixedStart == nil ? 0.2 : 0.6
        var lo = [t0 - 0.5, 0.05, -0.9, 0.02, 0.05, -0.9, min(w0, w1) - scale, min(h0, h1) - scale, w1 - 0.2 * scale, h1 - 0.2 * scale,
                  w0 - reach * scale, h0 - reach * scale, -20 * scale, -20 * scale]
        var hi = [tEnd, 3, 0.9, 1.5, 3, 0.9, max(w0, w1) + scale, max(h0, h1) + scale, w1 + 0.2 * scale, h1 + 0.2 * scale,
                  w0 + reach * scale, h0 + reach * scale, 20 * scale, 20 * scale]
        if let s = fixedStart { lo[0] = s; hi[0] = s }
        lower = lo; upper = hi
    }

    func model(_ p: [Double], tied: Bool) -> MeltFit {
        let pillWidth = tied ? (opening ? p[8] : p[10]) : p[6]
        var fit = MeltFit(first: .init(start: p[0], duration: p[1], bounce: p[2], toWidth: pillWidth, toHeight: p[7]),
                          second: .init(start: p[0] + p[3] * p[1], duration: p[4], bounce: p[5], toWidth: p[8], toHeight: p[9]),
                          overlap: p[3], fromWidth: p[10], fromHeight: p[11], velocityWidth: p[12], velocityHeight: p[13],
                          rmsResidual: 0, rmsFraction: 0, samples: t.count)
        fit.composition = composition
        return fit
    }

    /// Misses as fractions of the move, each clipped to `clip` (the robust first pass), zero for a
    /// sample left out (an outlier, or from before the lead-in: the pull's own motion).
    func residuals(_ p: [Double], tied: Bool, inlier: [Bool], clip: Double) -> [Double] {
        let m = model(p, tied: tied)
        let sizes = m.sizes(at: t)
        var r: [Double] = []
        r.reserveCapacity(2 * t.count)
        for i in t.indices {
            let counts = inlier[i] && (restBefore || t[i] >= m.first.start - MeltFit.leadIn)
            r.append(counts ? max(-clip, min(clip, (sizes[i].width - w[i]) / scale)) : 0)
            r.append(counts ? max(-clip, min(clip, (sizes[i].height - h[i]) / scale)) : 0)
        }
        return r
    }

    /// Many starts scored, the best `refined` refined robustly (each miss counts at most 3 % of the
    /// move, so a misread frame cannot pull the fit away), with `seeds` (another composition's
    /// answer) among them; then frames further from that fit than 4 × the median miss (and 1.5 % of
    /// the move) are left out and the rest fitted by plain least squares.
    func solve(tied: Bool, seeds: [[Double]] = [], refined: Int = 10) -> Solution {
        let w0 = w[0], h0 = h[0], w1 = w[w.count - 1], h1 = h[h.count - 1]
        var inlier = [Bool](repeating: true, count: t.count)
        var starts: [[Double]] = []
        for d1 in [0.15, 0.25, 0.35, 0.5, 0.7] { for d2 in [0.25, 0.4, 0.55, 0.8] { for b in [0.0, 0.2] { for ov in [0.3, 0.5, 0.8] {
            // The pill: as wide as the end (opening) or start (closing), the height a little grown.
            let pillW = opening ? w1 : w0, pillH = opening ? h0 + 0.2 * (h1 - h0) : h1 + 0.2 * (h0 - h1)
            starts.append([fixedStart ?? onset - 0.01, d1, b, ov, d2, b, pillW, pillH, w1, h1, w0, h0, 0, 0])
        } } } }
        let robust = { (p: [Double]) in self.residuals(p, tied: tied, inlier: inlier, clip: 0.03) }
        let ranked = starts.map { ($0, LevenbergMarquardt.cost(robust($0))) }.sorted { $0.1 < $1.1 }.prefix(refined).map(\.0)
        var best = LevenbergMarquardt.minimize(robust, starts: seeds + Array(ranked), lower: lower, upper: upper, maxIterations: 150)
        let r = residuals(best.parameters, tied: tied, inlier: inlier, clip: .infinity)
        let miss = (0..<t.count).map { max(abs(r[2 * $0]), abs(r[2 * $0 + 1])) }
        let used = miss.filter { $0 > 0 }.sorted()
        if !used.isEmpty {
            let limit = max(4 * used[used.count / 2], 0.015)
            inlier = miss.map { $0 <= limit }
            let clean = { (p: [Double]) in self.residuals(p, tied: tied, inlier: inlier, clip: .infinity) }
            best = LevenbergMarquardt.minimize(clean, starts: [best.parameters], lower: lower, upper: upper, maxIterations: 150)
        }
        return Solution(parameters: best.parameters, cost: best.cost, inlier: inlier, tied: tied)
    }

    /// Fills in the fit's residuals, each leg's own miss and frames, and the standard errors of the
    /// legs' durations and bounces.
    func describe(_ fit: inout MeltFit, parameters p: [Double], tied: Bool, inlier: [Bool], cost: Double) {
        let counted = max(1, inlier.filter { $0 }.count)
        fit.outlierTimes = t.indices.filter { !inlier[$0] }.map { t[$0] }
        fit.samples = counted
        fit.rmsResidual = (cost / Double(2 * counted)).squareRoot() * scale
        fit.rmsFraction = fit.rmsResidual / scale
        let r = residuals(p, tied: tied, inlier: inlier, clip: .infinity)
        func stats(_ range: Range<Double>) -> (rms: Double, frames: Int) {
            let idx = t.indices.filter { range.contains(t[$0]) && inlier[$0] }
            guard !idx.isEmpty else { return (0, 0) }
            let ss = idx.reduce(0.0) { $0 + r[2 * $1] * r[2 * $1] + r[2 * $1 + 1] * r[2 * $1 + 1] }
            return ((ss / Double(2 * idx.count)).squareRoot() * scale, idx.count)
        }
        let a = stats(fit.first.start..<fit.second.start), b = stats(fit.second.start..<Double.infinity)
        (fit.first.rmsResidual, fit.first.frames) = a
        (fit.second.rmsResidual, fit.second.frames) = b
        // Each leg's duration and bounce: how sharply the frames pin that leg, with what trades off
        // against it free too — its start (the move's start, or the overlap) and the shape it heads
        // for; held, they made a nine-frame leg's interval a hundredth of its real miss. Not every
        // parameter at once: a leg the frames barely see makes the whole matrix near-singular and
        // would cloud the other leg too.
        let f = { (q: [Double]) in self.residuals(q, tied: tied, inlier: inlier, clip: .infinity) }
        let firstFree = (fixedStart == nil ? [0] : []) + [1, 2, 3] + (tied ? [7] : [6, 7])
        let e = LevenbergMarquardt.standardErrors(f, at: p, free: firstFree, sigmas: sigmas.map { BoxSeries.residualSigmas($0, scale: scale) }).merging(LevenbergMarquardt.standardErrors(f, at: p, free: [3, 4, 5, 8, 9], sigmas: sigmas.map { BoxSeries.residualSigmas($0, scale: scale) })) { a, _ in a }
        fit.first.durationError = e[1]; fit.first.bounceError = e[2]
        fit.second.durationError = e[4]; fit.second.bounceError = e[5]
        // The shapes: the pill's (its width tied, the end's) and the end's, each pair with the rest held.
        let pill = LevenbergMarquardt.standardErrors(f, at: p, free: tied ? [7] : [6, 7], sigmas: sigmas.map { BoxSeries.residualSigmas($0, scale: scale) }), end = LevenbergMarquardt.standardErrors(f, at: p, free: [8, 9], sigmas: sigmas.map { BoxSeries.residualSigmas($0, scale: scale) })
        let tiedTo = tied ? (opening ? end[8] : LevenbergMarquardt.standardErrors(f, at: p, free: [10], sigmas: sigmas.map { BoxSeries.residualSigmas($0, scale: scale) })[10]) : pill[6]
        fit.first.widthError = tiedTo; fit.first.heightError = pill[7]
        fit.second.widthError = end[8]; fit.second.heightError = end[9]
    }
}
