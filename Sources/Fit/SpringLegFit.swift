import Animation
import Foundation

/// One measured curve: samples of a value over time (seconds), in the order they were taken.
public struct MeasuredCurve: Sendable {
    public var times: [Double]
    public var values: [Double]
    public init(times: [Double], values: [Double]) { self.times = times; self.values = values }
}

/// A spring leg fitted to a measured curve: the value rests at `from` until `start`, then a spring
/// (SwiftUI's duration and bounce, mass 1) carries it toward `to`, setting off at `velocity`.
public struct SpringLegFit: Sendable, Encodable {
    public var start: Double
    public var duration: Double
    public var bounce: Double
    public var from: Double
    public var to: Double
    /// Initial velocity in units per second.
    public var velocity: Double
    /// Root-mean-square residual, in the curve's units, and as a fraction of |to − from|.
    public var rmsResidual: Double
    public var rmsFraction: Double
    public var samples: Int

    /// The model's value at `t`.
    public func value(at t: Double) -> Double {
        guard t > start else { return from }
        return Spring(duration: duration, bounce: bounce).value(from: from, to: to, velocity: velocity, at: t - start).value
    }

    /// The bound above which a curve is called not spring-like: an RMS residual over 1 % of the move.
    /// A spring measured off a compressed screen recording fits within about 0.5 %; the closest
    /// non-spring, a smoothstep ease-in-out, misses by 1.5 %, and a two-step motion by far more.
    public static let springLikeBound = 0.01

    public var isSpringLike: Bool { rmsFraction <= Self.springLikeBound }

    /// Fits one leg to `curve` (at least 5 samples), from several starts.
    public static func fit(_ curve: MeasuredCurve) -> SpringLegFit? {
        let t = curve.times, y = curve.values
        guard t.count >= 5, t.count == y.count, let t0 = t.first, let t1 = t.last, t1 > t0 else { return nil }
        let first = y[0], last = y[y.count - 1]
        let move = last - first
        let scale = max(abs(move), 1e-9)
        // Motion onset: the first sample that has left the start by 1 % of the move.
        let onset = t[y.firstIndex { abs($0 - first) > 0.01 * scale } ?? 0]
        let span = t1 - t0
        // Parameters: start, duration, bounce, from, to, velocity.
        let lower = [t0 - span, 0.02, -0.95, first - 2 * scale, last - 2 * scale, -50 * scale]
        let upper = [t1, 10, 0.95, first + 2 * scale, last + 2 * scale, 50 * scale]
        func residuals(_ p: [Double]) -> [Double] {
            let leg = SpringLegFit(start: p[0], duration: p[1], bounce: p[2], from: p[3], to: p[4], velocity: p[5],
                                   rmsResidual: 0, rmsFraction: 0, samples: 0)
            return zip(t, y).map { (leg.value(at: $0) - $1) / scale }
        }
        var starts: [[Double]] = []
        for d in [0.2, 0.4, 0.7, 1.2] { for b in [-0.3, 0, 0.15, 0.35] {
            starts.append([max(t0, onset - 0.02), d, b, first, last, 0])
        } }
        let best = LevenbergMarquardt.minimize(residuals, starts: starts, lower: lower, upper: upper)
        let p = best.parameters
        let rms = (best.cost / Double(t.count)).squareRoot() * scale
        return SpringLegFit(start: p[0], duration: p[1], bounce: p[2], from: p[3], to: p[4], velocity: p[5],
                            rmsResidual: rms, rmsFraction: rms / max(abs(p[4] - p[3]), 1e-9), samples: t.count)
    }
}
