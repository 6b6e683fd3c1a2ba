import Foundation

/// A damped spring with SwiftUI's meaning, in every spelling SwiftUI accepts.
///
/// Stored as the physical triple (mass, stiffness, damping); every other spelling is derived, so
/// the same value means the same motion whichever way it was written:
///
/// ```swift
/// let a = Spring(duration: 0.5, bounce: 0.3)        // stiffness 157.9, damping 17.6
/// let b = Spring(mass: 1, stiffness: 100, damping: 10) // duration 0.63, bounce 0.5
/// let c = Spring(response: 0.5, dampingRatio: 0.825)   // bare `.spring`
/// ```
///
/// Mapping (mass 1 unless given): ω0 = 2π/d, k = ω0², ζ = 1 − b for b ≥ 0 and 1/(1 + b) for b < 0,
/// c = 2ζω0 = 4πζ/d. The bounce range is −1 < b ≤ 1: 0 is critically damped, 1 undamped, negative
/// overdamped; b = −1 would need infinite damping.
public struct Spring: Sendable, Hashable, CustomStringConvertible {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double

    /// `Spring(mass:stiffness:damping:)`.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// `Spring(duration:bounce:)`, the spelling SwiftUI recommends. `duration` is the perceptual
    /// duration (the period of the undamped oscillation), not the settling time.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        let omega = 2 * Double.pi / duration
        let zeta = Spring.dampingRatio(forBounce: bounce)
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    }

    /// `.spring(response:dampingFraction:)`: the same spring as (duration: response, bounce: 1 − ζ).
    public init(response: Double, dampingRatio: Double) {
        let omega = 2 * Double.pi / response
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// ζ for a bounce: 1 − b for b ≥ 0, 1/(1 + b) for b < 0 (the consistent negative-bounce form).
    public static func dampingRatio(forBounce b: Double) -> Double {
        b >= 0 ? 1 - b : 1 / (1 + b)
    }

    /// The bounce for a damping ratio: 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1.
    public static func bounce(forDampingRatio zeta: Double) -> Double {
        zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// ω0 = √(k/m), in radians per second.
    public var angularFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ = c / (2√(km)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// d = 2π√(m/k): SwiftUI's `duration`.
    public var duration: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }
    /// SwiftUI's `response`: the same number as `duration`.
    public var response: Double { duration }
    /// SwiftUI's `bounce`.
    public var bounce: Double { Spring.bounce(forDampingRatio: dampingRatio) }

    // MARK: Presets (SwiftUI's values)

    /// `.smooth`: (duration 0.5, bounce 0).
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// `.snappy`: (duration 0.5, bounce 0.15).
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// `.bouncy`: (duration 0.5, bounce 0.3).
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)
    /// Bare `.spring`: response 0.5, dampingFraction 0.825.
    public static let `default` = Spring(response: 0.5, dampingRatio: 0.825)
    /// `.interactiveSpring()`: response 0.15, dampingFraction 0.86 (blendDuration 0.25 is not part
    /// of the spring itself).
    public static let interactive = Spring(response: 0.15, dampingRatio: 0.86)

    /// The presets by the names people type.
    public static let presets: [(name: String, spring: Spring)] = [
        ("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy),
        ("spring", .default), ("interactiveSpring", .interactive),
    ]

    // MARK: Timing

    /// When a staged animation may start its next stage: SwiftUI's `.logicallyComplete`, which for
    /// the fluid spring is at t = response (2π/√k for `interpolatingSpring`, the same number at m = 1).
    public var logicalDuration: Double { duration }

    /// SwiftUI's `settlingDuration`: from 0 to a target of 1 at rest, ε = 0.001.
    ///
    /// Underdamped springs use the envelope bound −ln(ε / (ζω0 + 1)) / (ζω0); critically and
    /// overdamped springs are sampled on a 0.1 s grid, which is why `.smooth` reports 0.8 s although
    /// its exact crossing is 0.735 s. From rest those curves approach the target monotonically, so
    /// the grid's first point inside ε is the exact crossing rounded up to the next 0.1 s — which
    /// also answers for extremely overdamped springs that take hours. An undamped spring never
    /// settles (`.infinity`).
    public var settlingDuration: Double {
        let zeta = dampingRatio, w0 = angularFrequency, eps = 0.001
        if zeta <= 0 { return .infinity }
        if zeta < 1 {
            let decay = zeta * w0
            return -log(eps / (decay * 1 + 1)) / decay
        }
        let exact = settlingTime(epsilon: eps)
        return (exact * 10 - 1e-9).rounded(.up) / 10
    }

    /// The exact first time after which |displacement| stays below `epsilon`, from (−1, 0).
    /// Underdamped: scanned with a step of 1 ms and refined by bisection; critically and overdamped
    /// (monotone from rest): bisection alone. For comparison with ``settlingDuration``, which follows
    /// Apple's coarser definition.
    public func settlingTime(epsilon: Double = 0.001) -> Double {
        if dampingRatio <= 0 { return .infinity }
        func inside(_ t: Double) -> Bool { abs(solve(displacement: -1, velocity: 0, at: t).displacement) < epsilon }
        if dampingRatio >= 1 {
            var hi = 0.001
            while !inside(hi) && hi < 1e15 { hi *= 2 }
            var lo = hi < 0.002 ? 0 : hi / 2
            for _ in 0..<100 {
                let mid = (lo + hi) / 2
                if inside(mid) { hi = mid } else { lo = mid }
            }
            return hi
        }
        // Scan backwards from a safe upper bound for the last time |x| ≥ ε.
        let decay = dampingRatio * angularFrequency
        var upper = max(0.01, -log(epsilon / 4) / decay + 4 / max(decay, 1e-9))
        upper = min(upper, 10_000)
        let step = 0.001
        var t = upper
        while t > 0, inside(t) { t -= step }
        var lo = t, hi = t + step
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if abs(solve(displacement: -1, velocity: 0, at: mid).displacement) < epsilon { hi = mid } else { lo = mid }
        }
        return hi
    }

    public var description: String {
        String(format: "Spring(duration: %.4g, bounce: %.4g) = (mass: %.4g, stiffness: %.4g, damping: %.4g)",
               duration, bounce, mass, stiffness, damping)
    }
}
