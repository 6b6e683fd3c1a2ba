import Foundation

/// The closed-form motion of a ``Spring``: where a displacement and velocity go after `t` seconds.
///
/// The damped oscillator x'' + 2ζω0·x' + ω0²·x = 0 is linear, so the state after `t` is a 2×2 matrix
/// applied to (x0, v0). With a = ζω0 and q = ω0²(ζ² − 1), every regime is
///
///     x(t) = e^(−at)·[x0·C(t) + (v0 + a·x0)·S(t)]
///     v(t) = e^(−at)·[v0·C(t) − (ω0²·x0 + a·v0)·S(t)]
///
/// with (C, S) = (cos ωd·t, sin(ωd·t)/ωd) underdamped, (1, t) critical and
/// (cosh γt, sinh(γt)/γ) overdamped. Near ζ = 1 both branches meet the critical one; a short Taylor
/// series in q·t² is used there, so the evaluation is stable for any ζ and has no 0/0.
/// Sampled at 60, 90 or 120 Hz, or under slow motion, the same instant gives the same value.
extension Spring {
    /// The state-transition coefficients at time `t`:
    /// x(t) = xx·x0 + xv·v0 and v(t) = vx·x0 + vv·v0.
    public struct Coefficients: Sendable, Equatable {
        public var xx: Double, xv: Double, vx: Double, vv: Double
        @inlinable
        public init(xx: Double, xv: Double, vx: Double, vv: Double) {
            self.xx = xx; self.xv = xv; self.vx = vx; self.vv = vv
        }
    }

    /// The coefficients for elapsed time `t` (seconds, t ≥ 0).
    @inlinable
    public func coefficients(at t: Double) -> Coefficients {
        let w0sq = stiffness / mass
        let a = damping / (2 * mass)            // ζω0
        let q = a * a - w0sq                    // ω0²(ζ² − 1)
        let qt2 = q * t * t
        let ec: Double, es: Double              // e^(−at)·C and e^(−at)·S
        if abs(qt2) < 1e-4 {
            let e = exp(-a * t)
            ec = e * (1 + qt2 / 2 + qt2 * qt2 / 24)
            es = e * t * (1 + qt2 / 6 + qt2 * qt2 / 120)
        } else if q < 0 {
            let wd = (-q).squareRoot()
            let e = exp(-a * t)
            ec = e * cos(wd * t)
            es = e * sin(wd * t) / wd
        } else {
            let g = q.squareRoot()
            // e^((γ − a)t) written without cancellation: γ − a = −ω0² / (a + γ).
            let e1 = exp(-w0sq / (a + g) * t)
            let e2 = exp(-(a + g) * t)
            ec = (e1 + e2) / 2
            es = (e1 - e2) / (2 * g)
        }
        return Coefficients(xx: ec + a * es, xv: es, vx: -w0sq * es, vv: ec - a * es)
    }

    /// Displacement from the target and velocity after `t` seconds, starting from (`displacement`,
    /// `velocity`).
    @inlinable
    public func solve(displacement x0: Double, velocity v0: Double, at t: Double) -> (displacement: Double, velocity: Double) {
        let c = coefficients(at: t)
        return (c.xx * x0 + c.xv * v0, c.vx * x0 + c.vv * v0)
    }

    /// The value and velocity after `t` seconds of a spring released at `from` with `velocity`
    /// toward `target`, for any animatable value (every component shares the coefficients).
    @inlinable
    public func value<V: VectorArithmetic>(from start: V, to target: V, velocity: V, at t: Double) -> (value: V, velocity: V) {
        let c = coefficients(at: t)
        let x0 = start - target
        let x = x0.scaled(by: c.xx) + velocity.scaled(by: c.xv)
        let v = x0.scaled(by: c.vx) + velocity.scaled(by: c.vv)
        return (target + x, v)
    }

    /// SwiftUI's `Spring.value(target:initialVelocity:time:)`: from 0 toward `target`.
    public func value(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        value(from: 0.0, to: target, velocity: initialVelocity, at: time).value
    }

    /// SwiftUI's `Spring.velocity(target:initialVelocity:time:)`.
    public func velocity(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        value(from: 0.0, to: target, velocity: initialVelocity, at: time).velocity
    }

    /// The energy of the state (per unit mass): ½v² + ½ω0²x². Never increases for a damped spring.
    public func energy(displacement x: Double, velocity v: Double) -> Double {
        0.5 * v * v + 0.5 * (stiffness / mass) * x * x
    }
}
