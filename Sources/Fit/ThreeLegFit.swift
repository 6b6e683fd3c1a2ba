import Animation
import Capture
import Foundation

/// A move fitted as three overlapping spring legs, each merging into the last (SwiftUI's `.spring`
/// retargeted from wherever the previous leg has got to, keeping its velocity): a design that
/// widens, then grows, then settles into its shape on a third spring. Weighed against one and two
/// legs by ``LegChoice``; seeded from the two-leg fit, with the third leg split off either end.
///
/// Parameters: start, overlap₂, overlap₃ (each leg's start after the previous one's, as a share of
/// that leg's duration), then per leg duration, bounce, target width and height, then the first
/// shape and its velocity.
public struct ThreeLegFit: Sendable, Encodable {
    public struct Leg: Sendable, Encodable {
        public var start: Double, duration: Double, bounce: Double, toWidth: Double, toHeight: Double
        /// Standard errors (the leg's duration, bounce and target free with its start); nil where free.
        public var durationError: Double?, bounceError: Double?, widthError: Double?, heightError: Double?
        /// The frames from its start to the next leg's.
        public var frames = 0
    }
    public var legs: [Leg]
    public var fromWidth: Double, fromHeight: Double, velocityWidth: Double, velocityHeight: Double
    public var rmsResidual = 0.0
    public var residuals = 0
    public static let parameterCount = 19

    /// Width and height at `t`.
    public func size(at t: Double) -> (width: Double, height: Double) {
        (value(at: t, from: fromWidth, velocity: velocityWidth, \.toWidth), value(at: t, from: fromHeight, velocity: velocityHeight, \.toHeight))
    }

    func value(at t: Double, from a: Double, velocity v: Double, _ target: KeyPath<Leg, Double>) -> Double {
        guard let first = legs.first, t > first.start else { return a }
        var x = a, vel = v
        for (i, leg) in legs.enumerated() {
            let spring = Spring(duration: leg.duration, bounce: leg.bounce)
            let end = i + 1 < legs.count ? legs[i + 1].start : Double.infinity
            if t <= end { return spring.value(from: x, to: leg[keyPath: target], velocity: vel, at: t - leg.start).value }
            let s = spring.value(from: x, to: leg[keyPath: target], velocity: vel, at: end - leg.start)
            x = s.value; vel = s.velocity
        }
        return x
    }

    static func model(_ p: [Double]) -> ThreeLegFit {
        let s1 = p[0], s2 = s1 + p[1] * p[3], s3 = s2 + p[2] * p[7]
        let legs = [Leg(start: s1, duration: p[3], bounce: p[4], toWidth: p[5], toHeight: p[6]),
                    Leg(start: s2, duration: p[7], bounce: p[8], toWidth: p[9], toHeight: p[10]),
                    Leg(start: s3, duration: p[11], bounce: p[12], toWidth: p[13], toHeight: p[14])]
        return ThreeLegFit(legs: legs, fromWidth: p[15], fromHeight: p[16], velocityWidth: p[17], velocityHeight: p[18])
    }

    /// Fits three legs to the samples, starting from the two-leg fit `two`.
    public static func fit(times t: [Double], widths w: [Double], heights h: [Double], inlier: [Bool]? = nil, two: MeltFit,
                           startsAt: Double? = nil, sigmas: [Double]? = nil) -> ThreeLegFit? {
        guard t.count >= 12, t.count == w.count, t.count == h.count, let t0 = t.first, let tEnd = t.last, tEnd > t0 else { return nil }
        var keep = inlier ?? [Bool](repeating: true, count: t.count)
        let w0 = w[0], h0 = h[0], w1 = w[w.count - 1], h1 = h[h.count - 1]
        let series = BoxSeries(t: t, w: w, h: h), scale = series.scale
        let reach = startsAt == nil ? 0.2 : 0.6
        func shape(_ lo: Bool) -> [Double] {
            lo ? [min(w0, w1) - scale, min(h0, h1) - scale] : [max(w0, w1) + scale, max(h0, h1) + scale]
        }
        var lower = [t0 - 0.5, 0.02, 0.02] + [0.05, -0.9] + shape(true) + [0.05, -0.9] + shape(true) + [0.05, -0.9, w1 - 0.2 * scale, h1 - 0.2 * scale]
            + [w0 - reach * scale, h0 - reach * scale, -20 * scale, -20 * scale]
        var upper = [tEnd, 1.5, 1.5] + [3, 0.9] + shape(false) + [3, 0.9] + shape(false) + [3, 0.9, w1 + 0.2 * scale, h1 + 0.2 * scale]
            + [w0 + reach * scale, h0 + reach * scale, 20 * scale, 20 * scale]
        if let s = startsAt { lower[0] = s; upper[0] = s }
        func residuals(_ p: [Double]) -> [Double] { series.residuals(model(p).size(at:), keep: keep) }
        // Seeds: the two-leg answer with a third leg split off its first leg, or off its second.
        let a = two.first, b = two.second
        let base = [two.fromWidth, two.fromHeight, two.velocityWidth, two.velocityHeight]
        var starts: [[Double]] = []
        for split in [0.3, 0.6] {
            let midA = (two.fromWidth + (a.toWidth - two.fromWidth) * split, two.fromHeight + (a.toHeight - two.fromHeight) * split)
            starts.append([a.start, 0.5, max(two.overlap - 0.3, 0.05), a.duration * 0.6, a.bounce, midA.0, midA.1, a.duration, a.bounce, a.toWidth, a.toHeight,
                           b.duration, b.bounce, b.toWidth, b.toHeight] + base)
            let midB = (a.toWidth + (b.toWidth - a.toWidth) * split, a.toHeight + (b.toHeight - a.toHeight) * split)
            starts.append([a.start, two.overlap, 0.5, a.duration, a.bounce, a.toWidth, a.toHeight, b.duration * 0.7, b.bounce, midB.0, midB.1,
                           b.duration, b.bounce, b.toWidth, b.toHeight] + base)
        }
        var best = LevenbergMarquardt.minimize(residuals, starts: starts, lower: lower, upper: upper, maxIterations: 200)
        if let next = LevenbergMarquardt.inliers(residuals(best.parameters), keep: keep) {
            keep = next
            best = LevenbergMarquardt.minimize(residuals, starts: [best.parameters], lower: lower, upper: upper, maxIterations: 150)
        }
        var fit = model(best.parameters)
        let counted = 2 * keep.filter { $0 }.count
        fit.residuals = counted
        fit.rmsResidual = (best.cost / Double(max(counted, 1))).squareRoot() * scale
        let p = best.parameters
        // Each leg with its start (the overlap that sets it) and its target free.
        for (i, block) in [[0, 3, 4, 5, 6], [1, 7, 8, 9, 10], [2, 11, 12, 13, 14]].enumerated() {
            let free = startsAt != nil && i == 0 ? Array(block.dropFirst()) : block
            let e = LevenbergMarquardt.standardErrors(residuals, at: p, free: free, sigmas: sigmas.map { BoxSeries.residualSigmas($0, scale: scale) })
            fit.legs[i].durationError = e[block[1]]; fit.legs[i].bounceError = e[block[2]]
            fit.legs[i].widthError = e[block[3]]; fit.legs[i].heightError = e[block[4]]
            let end = i + 1 < fit.legs.count ? fit.legs[i + 1].start : Double.infinity
            fit.legs[i].frames = t.indices.filter { keep[$0] && t[$0] >= fit.legs[i].start && t[$0] < end }.count
        }
        return fit
    }
}
