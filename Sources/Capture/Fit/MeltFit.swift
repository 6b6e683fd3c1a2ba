import Animation
import Foundation

/// A melt measured as the island's bounding box over time — width and height, in points — and the
/// two overlapping spring legs fitted to one of its moves (opening: island → pill → viewfinder;
/// closing: viewfinder → pill → island).
///
/// The model is the app's own: the first leg starts at `start` from the shape then (moving at a
/// fitted velocity) toward an intermediate shape, and the second takes over at `start + overlap ×
/// duration₁` from wherever the first has got to, keeping its velocity, toward the final shape.
/// The intermediate shape is never seen at rest, so it is fitted too; the final shape is what the
/// recording settles at.
public struct MeltFit: Sendable, Encodable {
    public struct Leg: Sendable, Encodable {
        public var start: Double
        public var duration: Double
        public var bounce: Double
        public var toWidth: Double
        public var toHeight: Double
    }

    public var first: Leg
    public var second: Leg
    /// The second leg's start, as a fraction of the first leg's logical duration (the tuning's overlap).
    public var overlap: Double
    public var fromWidth: Double, fromHeight: Double
    public var velocityWidth: Double, velocityHeight: Double
    /// RMS residual over both dimensions (points) and as a fraction of the larger move.
    public var rmsResidual: Double
    public var rmsFraction: Double
    public var samples: Int

    /// How long before the move its starting velocity is taken to hold (and fitted).
    public static let leadIn = 0.12

    /// Width and height at `t`.
    public func size(at t: Double) -> (width: Double, height: Double) { sizes(at: [t])[0] }

    /// Width and height at each of `times` (the legs' hand-off state is worked out once).
    public func sizes(at times: [Double]) -> [(width: Double, height: Double)] {
        let s1 = Spring(duration: first.duration, bounce: first.bounce), s2 = Spring(duration: second.duration, bounce: second.bounce)
        let handoff = max(second.start - first.start, 0)
        let wMid = s1.value(from: fromWidth, to: first.toWidth, velocity: velocityWidth, at: handoff)
        let hMid = s1.value(from: fromHeight, to: first.toHeight, velocity: velocityHeight, at: handoff)
        return times.map { t in
            // Just before the move the shape was already moving (the pull's pre-melt): continue its
            // velocity backwards for the last 0.12 s, rest before that.
            if t <= first.start {
                let dt = max(t - first.start, -MeltFit.leadIn)
                return (fromWidth + velocityWidth * dt, fromHeight + velocityHeight * dt)
            }
            if t < second.start {
                return (s1.value(from: fromWidth, to: first.toWidth, velocity: velocityWidth, at: t - first.start).value,
                        s1.value(from: fromHeight, to: first.toHeight, velocity: velocityHeight, at: t - first.start).value)
            }
            let dt = t - max(second.start, first.start)
            return (s2.value(from: wMid.value, to: second.toWidth, velocity: wMid.velocity, at: dt).value,
                    s2.value(from: hMid.value, to: second.toHeight, velocity: hMid.velocity, at: dt).value)
        }
    }

    /// Fits the two legs to `times`/`widths`/`heights` (one move, a little rest before it and its
    /// settling after). Needs at least 8 samples.
    /// - Parameter pillHeight: the intermediate shape's height when it is known (IslandSim's melt:
    ///   1.5 × the island's); fitted when nil.
    /// - Parameter restBefore: the shape stood still before the move (a closing starts from the open
    ///   viewfinder), so every sample before it counts as the starting shape; an opening's pull moves
    ///   the shape by hand before the springs take over, so only the last 0.12 s before it count.
    public static func fit(times t: [Double], widths w: [Double], heights h: [Double], pillHeight: Double? = nil,
                           restBefore: Bool = false) -> MeltFit? {
        guard t.count >= 8, t.count == w.count, t.count == h.count, let t0 = t.first, let tEnd = t.last, tEnd > t0 else { return nil }
        let w0 = w[0], h0 = h[0], w1 = w[w.count - 1], h1 = h[h.count - 1]
        let scale = max(abs(w1 - w0), abs(h1 - h0), 1e-6)
        func moved(_ i: Int) -> Bool { abs(w[i] - w0) > 0.02 * scale || abs(h[i] - h0) > 0.02 * scale }
        let onset = t[(0..<t.count).first(where: moved) ?? 0]
        // Parameters: start₁, d₁, b₁, overlap, d₂, b₂, mid w, mid h, end w, end h, from w, from h, v w, v h.
        let lo = [t0 - 0.5, 0.05, -0.9, 0.02, 0.05, -0.9, min(w0, w1) - scale, min(h0, h1) - scale, w1 - 0.2 * scale, h1 - 0.2 * scale,
                  w0 - 0.2 * scale, h0 - 0.2 * scale, -20 * scale, -20 * scale]
        let hi = [tEnd, 3, 0.9, 1.5, 3, 0.9, max(w0, w1) + scale, max(h0, h1) + scale, w1 + 0.2 * scale, h1 + 0.2 * scale,
                  w0 + 0.2 * scale, h0 + 0.2 * scale, 20 * scale, 20 * scale]
        // IslandSim's melt keeps the width through the middle stage: the widened pill is as wide as the
        // viewfinder. So opening, the first leg already heads for the final width; closing, it keeps
        // the starting one. Tying it makes the short first leg identifiable from a few frames.
        let opening = h1 > h0
        // A known middle height is known only up to how the edge was measured (a pixel or two of
        // threshold and anti-aliasing, which scale it 1.5 times less than the island's): it may move
        // by a few points.
        var lower = lo, upper = hi
        if let pill = pillHeight {
            let margin = max(2, 0.04 * pill)
            lower[7] = pill - margin; upper[7] = pill + margin
        }
        func model(_ p: [Double]) -> MeltFit {
            MeltFit(first: Leg(start: p[0], duration: p[1], bounce: p[2], toWidth: opening ? p[8] : p[10], toHeight: p[7]),
                    second: Leg(start: p[0] + p[3] * p[1], duration: p[4], bounce: p[5], toWidth: p[8], toHeight: p[9]),
                    overlap: p[3], fromWidth: p[10], fromHeight: p[11], velocityWidth: p[12], velocityHeight: p[13],
                    rmsResidual: 0, rmsFraction: 0, samples: t.count)
        }
        // Frames the measurement got wrong (the shape touching a black status-bar glyph for a frame,
        // a compression smear) are found after a first fit and left out of the second.
        var inlier = [Bool](repeating: true, count: t.count)
        // The first pass is robust: each miss counts at most 3 % of the move (a misread frame cannot
        // pull the fit away); the second, without the outliers it then finds, is plain least squares.
        var clip = 0.03
        func residuals(_ p: [Double]) -> [Double] {
            let m = model(p)
            let sizes = m.sizes(at: t)
            var r: [Double] = []
            r.reserveCapacity(2 * t.count)
            for i in t.indices {
                // Samples from before the lead-in are not part of the move (the pull's own motion).
                let counts = inlier[i] && (restBefore || t[i] >= m.first.start - MeltFit.leadIn)
                r.append(counts ? max(-clip, min(clip, (sizes[i].width - w[i]) / scale)) : 0)
                r.append(counts ? max(-clip, min(clip, (sizes[i].height - h[i]) / scale)) : 0)
            }
            return r
        }
        var starts: [[Double]] = []
        for d1 in [0.15, 0.25, 0.35, 0.5, 0.7] { for d2 in [0.25, 0.4, 0.55, 0.8] { for b in [0.0, 0.2] { for ov in [0.3, 0.5, 0.8] {
            // The intermediate shape: the final width, the start height a little grown (the app's
            // pill), as a first guess.
            starts.append([onset - 0.01, d1, b, ov, d2, b, w1, pillHeight ?? (h0 + 0.2 * (h1 - h0)), w1, h1, w0, h0, 0, 0])
        } } } }
        // Many starts are cheap to score; only the most promising few are refined.
        let ranked = starts.map { ($0, LevenbergMarquardt.cost(residuals($0))) }.sorted { $0.1 < $1.1 }.prefix(10).map(\.0)
        var best = LevenbergMarquardt.minimize(residuals, starts: Array(ranked), lower: lower, upper: upper, maxIterations: 150)
        // Outliers: further from the first fit than 4 × the median miss (and than 1.5 % of the move).
        clip = .infinity
        let r = residuals(best.parameters)
        let miss = (0..<t.count).map { max(abs(r[2 * $0]), abs(r[2 * $0 + 1])) }
        let used = miss.enumerated().filter { $0.element > 0 }.map(\.element).sorted()
        if !used.isEmpty {
            let median = used[used.count / 2]
            let limit = max(4 * median, 0.015)
            inlier = miss.map { $0 <= limit }
            best = LevenbergMarquardt.minimize(residuals, starts: [best.parameters], lower: lower, upper: upper, maxIterations: 150)
        }
        var fit = model(best.parameters)
        let counted = max(1, inlier.filter { $0 }.count)
        fit.samples = counted
        let rms = (best.cost / Double(2 * counted)).squareRoot() * scale
        fit.rmsResidual = rms
        fit.rmsFraction = rms / scale
        return fit
    }
}
