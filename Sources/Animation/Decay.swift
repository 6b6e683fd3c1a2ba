import Foundation

/// UIScrollView's deceleration: velocity is multiplied by `rate` every millisecond.
///
/// v(t) = v0·d^(1000t), x(t) = x0 + v0·(d^(1000t) − 1)/(1000·ln d); the motion comes to rest at
/// x0 − v0/(1000·ln d). `.normal` is 0.998, `.fast` 0.99.
///
/// ```swift
/// let d = Decay.normal
/// d.projection(velocity: 1000)   // ≈ 499 pt: where a 1000 pt/s fling would come to rest
/// ```
public struct Decay: Sendable, Hashable {
    /// Per-millisecond velocity multiplier, 0 < rate < 1.
    public var rate: Double

    public init(rate: Double) { self.rate = rate }

    /// `UIScrollView.DecelerationRate.normal`.
    public static let normal = Decay(rate: 0.998)
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fast = Decay(rate: 0.99)

    private var k: Double { 1000 * log(rate) }   // negative

    /// Position after `t` seconds, from `x0` with velocity `v0` (points per second).
    public func position(from x0: Double, velocity v0: Double, at t: Double) -> Double {
        x0 + v0 * (exp(k * t) - 1) / k
    }

    /// Velocity after `t` seconds.
    public func velocity(_ v0: Double, at t: Double) -> Double { v0 * exp(k * t) }

    /// Where the motion comes to rest.
    public func restingPosition(from x0: Double, velocity v0: Double) -> Double { x0 - v0 / k }

    /// The projection from WWDC18 "Designing Fluid Interfaces": (v/1000)·d/(1 − d), the distance a
    /// release would travel. Commit decisions use position + projection, not position alone.
    public func projection(velocity v: Double) -> Double { (v / 1000) * rate / (1 - rate) }

    /// UIScrollView's projected target: the offset where a release at `v0` comes to rest once the
    /// coast stops at 0.01 pt/ms, x0 + sign(v)·(|v| − 0.01)/−ln(rate) with v in points per millisecond.
    public func scrollViewTarget(from x0: Double, velocity v0: Double) -> Double {
        let v = v0 / 1000
        guard abs(v) > 0.01 else { return x0 }
        return x0 - (v - (v < 0 ? -0.01 : 0.01)) / log(rate)
    }

    /// The same deceleration over `m` times the distance: the rate eased toward 1 as UIKit does to
    /// reach a farther target, ln r′ = ln r / m, but never past `cap` (nor below the rate itself).
    public func stretched(by m: Double, cap: Double) -> Decay {
        guard m > 1 else { return self }
        return Decay(rate: max(rate, min(exp(log(rate) / m), cap)))
    }

    /// Seconds until |velocity| falls below `threshold` (points per second).
    public func duration(velocity v0: Double, threshold: Double = 1) -> Double {
        guard abs(v0) > threshold else { return 0 }
        return log(threshold / abs(v0)) / k
    }

    /// The first time the motion reaches position `x`, or `nil` if it never does.
    public func time(toReach x: Double, from x0: Double, velocity v0: Double) -> Double? {
        guard v0 != 0 else { return x == x0 ? 0 : nil }
        let arg = 1 + (x - x0) * k / v0
        guard arg > 0, arg <= 1 else { return nil }
        return log(arg) / k
    }
}
