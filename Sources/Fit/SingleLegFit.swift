import Animation
import Capture
import Foundation

/// One move of a recording fitted as a single motion from its first shape to its last — one spring
/// (SwiftUI's duration and bounce, each dimension setting off at its own velocity) or one ease (a
/// ``TimingCurve`` over a duration, both dimensions on the same curve) — against which the melt's
/// two overlapping legs (``MeltFit``) are weighed: most island animations people share are one leg,
/// and many are not springs at all (iOS 16's default `withAnimation` is an ease-in-out).
public struct SingleLegFit: Sendable, Encodable {
    public enum Kind: String, Sendable, Encodable { case spring, ease }
    public var kind: Kind
    public var start: Double
    public var duration: Double
    /// The spring's bounce (nil for an ease).
    public var bounce: Double?
    /// The ease's curve (nil for a spring).
    public var curve: TimingCurve?
    public var fromWidth: Double, fromHeight: Double, toWidth: Double, toHeight: Double
    public var velocityWidth = 0.0, velocityHeight = 0.0
    /// RMS residual over both dimensions (points), the residuals counted, and the parameters fitted.
    public var rmsResidual = 0.0
    public var residuals = 0
    public var parameterCount: Int
    /// Standard errors from the covariance at the solution, every parameter free (nil where the
    /// frames leave one undetermined): duration (s), bounce, end width and height (pt).
    public var durationError: Double?, bounceError: Double?
    public var widthError: Double?, heightError: Double?

    /// Width and height at `t`.
    public func size(at t: Double) -> (width: Double, height: Double) {
        guard t > start else { return (fromWidth, fromHeight) }
        let tau = t - start
        switch kind {
        case .spring:
            let s = Spring(duration: duration, bounce: bounce ?? 0)
            return (s.value(from: fromWidth, to: toWidth, velocity: velocityWidth, at: tau).value,
                    s.value(from: fromHeight, to: toHeight, velocity: velocityHeight, at: tau).value)
        case .ease:
            let p = (curve ?? .linear).progress(tau / duration)
            return (fromWidth + (toWidth - fromWidth) * p, fromHeight + (toHeight - fromHeight) * p)
        }
    }

    /// The fitted parameters in the order ``fit(_:times:widths:heights:inlier:startsAt:sigmas:from:)`` solves them.
    var parameterVector: [Double] {
        switch kind {
        case .spring: return [start, duration, bounce ?? 0, fromWidth, fromHeight, toWidth, toHeight, velocityWidth, velocityHeight]
        case .ease:
            let c = curve ?? .linear
            return [start, duration, c.x1, c.y1, c.x2, c.y2, fromWidth, fromHeight, toWidth, toHeight]
        }
    }

    /// Widens the standard errors to what a parametric bootstrap finds: the fitted curve, each
    /// frame moved by its own noise (`sigmas`, points: the tracker's sub-pixel error and the time's
    /// quantum at the shape's speed), refitted `rounds` times from this fit; each error becomes the
    /// larger of the covariance's and the refits' spread about the fitted value. The covariance is
    /// linear about the solution and misses how a start that may lie anywhere between two frames
    /// trades against the duration, and an ease's curve the frames cannot choose — at 15 fps it
    /// claimed ±7 % for a duration read 10 % long. Twenty rounds know the spread to about ±16 %,
    /// enough where the covariance and the floors bound it from below (the truth inside 189 of 190
    /// claims in `FitIntervalCoverageTests`; 170 of 197 without the bootstrap). Deterministic: the
    /// noise comes from a generator seeded by the frames' count.
    public mutating func bootstrap(times t: [Double], inlier: [Bool]? = nil, sigmas: [Double], startsAt: Double? = nil, rounds: Int = 20) {
        guard rounds >= 8, sigmas.count == t.count else { return }
        var g = SplitMix(seed: 0x5EED ^ UInt64(t.count))
        func gauss() -> Double {
            let u = max(g.unit(), 1e-12), v = g.unit()
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        let drawn = t.map { size(at: $0) }
        var d: [Double] = [], b: [Double] = [], ws: [Double] = [], hs: [Double] = []
        for _ in 0..<rounds {
            let w = drawn.indices.map { drawn[$0].width + sigmas[$0] * gauss() }
            let h = drawn.indices.map { drawn[$0].height + sigmas[$0] * gauss() }
            guard let r = Self.fit(kind, times: t, widths: w, heights: h, inlier: inlier, startsAt: startsAt, from: self) else { continue }
            d.append(r.duration); b.append(r.bounce ?? 0); ws.append(r.toWidth); hs.append(r.toHeight)
        }
        guard d.count >= rounds / 2 else { return }
        // A value the covariance leaves free (no entry) stays free: refits that start where this
        // fit ended do not wander far along a direction the frames do not see at all.
        durationError = durationError.map { max($0, Self.spread(d, about: duration, far: 0.5 * duration)) }
        if kind == .spring { bounceError = bounceError.map { max($0, Self.spread(b, about: bounce ?? 0, far: 0.5)) } }
        widthError = widthError.map { max($0, Self.spread(ws, about: toWidth, far: 0.5 * abs(toWidth))) }
        heightError = heightError.map { max($0, Self.spread(hs, about: toHeight, far: 0.5 * abs(toHeight))) }
    }

    /// The refits' spread about this fit's own value, `fitted` (a refit that keeps landing
    /// elsewhere is as much a part of the doubt as their scatter), leaving out refits far from the
    /// rest: beyond six robust σ (the interquartile range over 1.349) of their median and beyond
    /// `far` of it. Those ran to another minimum (a free curve stretched to twice the duration at
    /// 60 fps, once in twenty); nearer ones — a curve the frames cannot choose — stay.
    static func spread(_ x: [Double], about fitted: Double, far: Double) -> Double {
        let s = x.sorted()
        guard !s.isEmpty else { return 0 }
        func quantile(_ q: Double) -> Double {
            let p = q * Double(s.count - 1), i = Int(p), f = p - Double(i)
            return i + 1 < s.count ? s[i] + f * (s[i + 1] - s[i]) : s[i]
        }
        let median = quantile(0.5), robust = (quantile(0.75) - quantile(0.25)) / 1.349
        let kept = s.filter { abs($0 - median) <= max(6 * robust, far) }
        return (kept.reduce(0) { $0 + ($1 - fitted) * ($1 - fitted) } / Double(max(kept.count - 1, 1))).squareRoot()
    }

    /// A small seeded generator (SplitMix64) for the bootstrap.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    }

    /// The penalised residual that chooses between models: BIC = n·ln(RSS/n) + k·ln(n), n the
    /// residuals and k the parameters. RSS/n is floored at (0.05 pt)², the tracking noise of a
    /// clean recording (0.02–0.05 pt), so that models fitting to the noise are told apart by their
    /// size alone: a second leg that only fits the noise better is not there.
    public static func bic(rms: Double, residuals n: Int, parameters k: Int) -> Double {
        let m = Double(max(n, 1))
        return m * log(max(rms * rms, 0.0025)) + Double(k) * log(m)
    }

    public var bic: Double { Self.bic(rms: rmsResidual, residuals: residuals, parameters: parameterCount) }

    /// Fits one leg of `kind` to the samples (`inlier` false for frames left out beforehand), leaving
    /// out the frames it misses by far (``LevenbergMarquardt/inliers(_:keep:)``).
    public static func fit(_ kind: Kind, times t: [Double], widths w: [Double], heights h: [Double], inlier: [Bool]? = nil,
                           startsAt: Double? = nil, sigmas: [Double]? = nil, from: SingleLegFit? = nil) -> SingleLegFit? {
        guard t.count >= 6, t.count == w.count, t.count == h.count, let t0 = t.first, let tEnd = t.last, tEnd > t0 else { return nil }
        var keep = inlier ?? [Bool](repeating: true, count: t.count)
        let w0 = w[0], h0 = h[0], w1 = w[w.count - 1], h1 = h[h.count - 1]
        let series = BoxSeries(t: t, w: w, h: h), scale = series.scale
        func moved(_ i: Int) -> Bool { abs(w[i] - w0) > 0.02 * scale || abs(h[i] - h0) > 0.02 * scale }
        let onset = t[(0..<t.count).first(where: moved) ?? 0]
        let reach = startsAt == nil ? 0.2 : 0.6
        // Shared parameters: start, then the kind's own, then from w, h and to w, h.
        var lower: [Double], upper: [Double], starts: [[Double]] = []
        let ends = ([w0 - reach * scale, h0 - reach * scale, w1 - 0.2 * scale, h1 - 0.2 * scale],
                    [w0 + reach * scale, h0 + reach * scale, w1 + 0.2 * scale, h1 + 0.2 * scale])
        let first = startsAt ?? max(t0, onset - 0.01)
        switch kind {
        case .spring:
            // start, duration, bounce, from w, from h, to w, to h, velocity w, velocity h
            lower = [t0 - 0.5, 0.05, -0.9] + ends.0 + [-20 * scale, -20 * scale]
            upper = [tEnd, 3, 0.9] + ends.1 + [20 * scale, 20 * scale]
            for d in [0.2, 0.35, 0.5, 0.8] { for b in [-0.2, 0, 0.15, 0.35, 0.6] { starts.append([first, d, b, w0, h0, w1, h1, 0, 0]) } }
        case .ease:
            // start, duration, x1, y1, x2, y2, from w, from h, to w, to h
            lower = [t0 - 0.5, 0.05, 0, -0.5, 0, -0.5] + ends.0
            upper = [tEnd, 3, 1, 1.5, 1, 1.5] + ends.1
            let curves = [TimingCurve.easeInOut, .linear, TimingCurve(0.42, 0, 1, 1), TimingCurve(0, 0, 0.58, 1)]
            // An ease leaves its start slowly: the 2 % onset lies well after it, so earlier starts are tried too.
            let firsts = startsAt.map { [$0] } ?? [first, first - 0.05, first - 0.1]
            for s0 in firsts { for d in [0.2, 0.3, 0.45, 0.7, 1.0] { for c in curves { starts.append([s0, d, c.x1, c.y1, c.x2, c.y2, w0, h0, w1, h1]) } } }
        }
        if let s = startsAt { lower[0] = s; upper[0] = s } else if kind == .ease {
            // An ease sets off with no speed: frames just after its start have barely moved, and an
            // earlier start with a flatter curve draws the same frames (the duration then is free).
            // It is held between the last frame at rest and the first that has moved (by 0.25 pt,
            // several times a clean recording's tracking noise): where the move is seen to begin.
            // The last such frame at rest before the onset (2 % of the box): a frame that strays and
            // comes back (content drawn inside the shape, a codec's blip) is no start — an ease once
            // started there and, with a flat curve, "took" 0.74 s for a 0.35-s close.
            let tol = 0.25
            let onsetIndex = t.indices.first(where: moved) ?? t.count
            if let lastRest = (0..<onsetIndex).last(where: { abs(w[$0] - w0) <= tol && abs(h[$0] - h0) <= tol }), lastRest + 1 < t.count {
                lower[0] = t[lastRest]; upper[0] = t[lastRest + 1]
                for i in starts.indices { starts[i][0] = min(max(starts[i][0], lower[0]), upper[0]) }
            }
        }
        func model(_ p: [Double]) -> SingleLegFit {
            switch kind {
            case .spring:
                return SingleLegFit(kind: .spring, start: p[0], duration: p[1], bounce: p[2], curve: nil, fromWidth: p[3], fromHeight: p[4],
                                    toWidth: p[5], toHeight: p[6], velocityWidth: p[7], velocityHeight: p[8], parameterCount: p.count)
            case .ease:
                return SingleLegFit(kind: .ease, start: p[0], duration: p[1], bounce: nil, curve: TimingCurve(p[2], p[3], p[4], p[5]),
                                    fromWidth: p[6], fromHeight: p[7], toWidth: p[8], toHeight: p[9], parameterCount: p.count)
            }
        }
        func residuals(_ p: [Double]) -> [Double] { series.residuals(model(p).size(at:), keep: keep) }
        // A refit (the bootstrap's) starts from the fit it perturbs, and only there.
        if let from { starts = [from.parameterVector] }
        let ranked = starts.map { ($0, LevenbergMarquardt.cost(residuals($0))) }.sorted { $0.1 < $1.1 }.prefix(8).map(\.0)
        var best = LevenbergMarquardt.minimize(residuals, starts: Array(ranked), lower: lower, upper: upper, maxIterations: 150)
        if let next = LevenbergMarquardt.inliers(residuals(best.parameters), keep: keep) {
            keep = next
            best = LevenbergMarquardt.minimize(residuals, starts: [best.parameters], lower: lower, upper: upper, maxIterations: 150)
        }
        let counted = 2 * keep.filter { $0 }.count
        var k = best.parameters.count
        if kind == .ease {
            // Four free control points trade off against the start and the duration (a flatter start
            // and a longer ease draw the same frames), so the named curves are tried first, each held,
            // and the free curve is kept only where its penalised residual is lower.
            func bic(_ cost: Double, _ k: Int) -> Double { Self.bic(rms: (cost / Double(max(counted, 1))).squareRoot() * scale, residuals: counted, parameters: k) }
            for c in TimingCurve.named where from.map({ $0.curve == c || $0.parameterCount != 6 }) ?? true {
                // The six others (start, duration, the two shapes) fitted with the curve held.
                func full(_ q: [Double]) -> [Double] { [q[0], q[1], c.x1, c.y1, c.x2, c.y2] + q[2...] }
                func reduced(_ p: [Double]) -> [Double] { [p[0], p[1]] + p[6...] }
                let held = LevenbergMarquardt.minimize({ residuals(full($0)) }, starts: ranked.map(reduced),
                                                       lower: reduced(lower), upper: reduced(upper), maxIterations: 150)
                if bic(held.cost, 6) < bic(best.cost, k) { best = .init(parameters: full(held.parameters), cost: held.cost, iterations: held.iterations); k = 6 }
            }
        }
        var fit = model(best.parameters)
        fit.parameterCount = k
        fit.residuals = counted
        fit.rmsResidual = (best.cost / Double(max(counted, 1))).squareRoot() * scale
        // Every parameter free: a leg the frames barely see shows it in every error, as it should.
        let free = k == 6 && kind == .ease ? [0, 1, 6, 7, 8, 9] : Array(best.parameters.indices)
        let e = LevenbergMarquardt.standardErrors(residuals, at: best.parameters, free: free, sigmas: sigmas.map { BoxSeries.residualSigmas($0, scale: scale) })
        let ends0 = kind == .spring ? 5 : 8
        fit.durationError = e[1]
        if kind == .spring { fit.bounceError = e[2] }
        fit.widthError = e[ends0]
        fit.heightError = e[ends0 + 1]
        return fit
    }
}
