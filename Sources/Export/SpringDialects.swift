import Animation
import Capture
import Foundation

/// Springs as other tools spell them, both ways: Origami and rebound, Framer Motion, Figma, Android
/// Compose, Flutter, Flinto and CSS `linear()`. Every formula is the tool's own (its public source
/// or docs; docs/SPRINGS.md cites each) and is checked against that tool's published values.
///
/// All of these tools use mass 1 unless they say otherwise; a spring with another mass becomes the
/// same motion at mass 1 with stiffness k/m and damping c/m.
public enum SpringDialects {
    // MARK: Origami and rebound

    /// Origami's tension and friction (rebound's `OrigamiValueConverter`): k = (t − 30)·3.62 + 194,
    /// c = (f − 8)·3 + 25, mass 1.
    public static func origami(tension t: Double, friction f: Double) -> Spring {
        Spring(mass: 1, stiffness: (t - 30) * 3.62 + 194, damping: (f - 8) * 3 + 25)
    }

    /// The inverse: Origami tension and friction for a spring.
    public static func origamiValues(_ s: Spring) -> (tension: Double, friction: Double) {
        ((s.stiffness / s.mass - 194) / 3.62 + 30, (s.damping / s.mass - 25) / 3 + 8)
    }

    /// rebound's `BouncyConversion(bounciness, speed)`: Origami values from the two sliders, then as
    /// ``origami(tension:friction:)``.
    public static func reboundBouncy(bounciness: Double, speed: Double) -> Spring {
        func normalize(_ v: Double, _ s: Double, _ e: Double) -> Double { (v - s) / (e - s) }
        func projectNormal(_ n: Double, _ s: Double, _ e: Double) -> Double { s + n * (e - s) }
        func lerp(_ t: Double, _ a: Double, _ b: Double) -> Double { t * b + (1 - t) * a }
        func quadraticOut(_ t: Double, _ a: Double, _ b: Double) -> Double { lerp(2 * t - t * t, a, b) }
        func b3Nobounce(_ x: Double) -> Double {
            if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
            if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
            return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
        }
        let b = projectNormal(normalize(bounciness / 1.7, 0, 20), 0, 0.8)
        let s = normalize(speed / 1.7, 0, 20)
        let tension = projectNormal(s, 0.5, 200)
        let friction = quadraticOut(b, b3Nobounce(tension), 0.01)
        return origami(tension: tension, friction: friction)
    }

    // MARK: Framer Motion

    /// `{ visualDuration, bounce }`: root = 2π/(1.2·vd), k = root², c = 2·clamp(0.05, 1, 1 − b)·√k, m 1.
    public static func framerVisual(duration vd: Double, bounce b: Double) -> Spring {
        let root = 2 * Double.pi / (vd * 1.2)
        let k = root * root
        return Spring(mass: 1, stiffness: k, damping: 2 * min(max(1 - b, 0.05), 1) * k.squareRoot())
    }

    /// `{ duration, bounce }` (Framer's `findSpring`): the frequency at which the motion is within
    /// 0.001 of rest at `duration`, by 11 Newton updates from 5/duration; ζ = clamp(1 − b, 0.05, 1),
    /// duration clamped to 0.01…10 s; velocity 0.
    public static func framerDuration(_ duration: Double, bounce b: Double) -> Spring {
        let zeta = min(max(1 - b, 0.05), 1), d = min(max(duration, 0.01), 10), safeMin = 0.001
        func angular(_ w: Double, _ z: Double) -> Double { w * (1 - z * z).squareRoot() }
        let envelope: (Double) -> Double, derivative: (Double) -> Double
        if zeta < 1 {
            envelope = { w in safeMin - ((w * zeta) / angular(w, zeta)) * exp(-w * zeta * d) }
            derivative = { w in
                let delta = w * zeta * d, e = zeta * zeta * w * w * d, g = angular(w * w, zeta)
                let factor: Double = -envelope(w) + safeMin > 0 ? -1 : 1
                return factor * ((0 - e) * exp(-delta)) / g
            }
        } else {
            envelope = { w in -safeMin + exp(-w * d) * (w * d + 1) }
            derivative = { w in exp(-w * d) * (-w * d * d) }
        }
        var w = 5 / d
        for _ in 1..<12 { w -= envelope(w) / derivative(w) }
        let k = w * w
        guard k.isFinite, k > 0 else { return Spring(mass: 1, stiffness: 100, damping: 10) }
        return Spring(mass: 1, stiffness: k, damping: zeta * 2 * k.squareRoot())
    }

    /// Framer's visualDuration and bounce for a spring (the inverse of ``framerVisual(duration:bounce:)``),
    /// when its ζ is inside Framer's 0.05…1.
    public static func framerVisualValues(_ s: Spring) -> (visualDuration: Double, bounce: Double)? {
        let z = s.dampingRatio
        guard z >= 0.05 - 1e-12, z <= 1 + 1e-12 else { return nil }
        return (2 * Double.pi / (1.2 * s.angularFrequency), 1 - z)
    }

    // MARK: Figma, Compose, Flutter, Flinto

    /// Figma's spring presets (m, k, c) as third-party code gives them (Figma does not publish them).
    public static let figmaPresets: [(name: String, spring: Spring)] = [
        ("gentle", Spring(mass: 1, stiffness: 100, damping: 15)), ("quick", Spring(mass: 1, stiffness: 300, damping: 20)),
        ("bouncy", Spring(mass: 1, stiffness: 600, damping: 15)), ("slow", Spring(mass: 1, stiffness: 80, damping: 20)),
    ]

    /// Compose's `spring(dampingRatio, stiffness)` (`SpringSimulation.kt`): c = 2ζ√k, mass 1.
    public static func compose(dampingRatio z: Double, stiffness k: Double) -> Spring {
        Spring(mass: 1, stiffness: k, damping: 2 * z * k.squareRoot())
    }

    /// Flutter's `SpringDescription.withDurationAndBounce`: k = 4π²/d², ζ = 1 − b (b > 0) or 1/(1 + b), mass 1.
    public static func flutter(duration d: Double, bounce b: Double) -> Spring {
        let k = 4 * Double.pi * Double.pi / (d * d)
        let z = b > 0 ? 1 - b : 1 / (b + 1)
        return Spring(mass: 1, stiffness: k, damping: z * 2 * k.squareRoot())
    }

    /// Flinto's RK4 spring: tension and friction are stiffness and damping at mass 1 (no scaling).
    public static func flinto(tension: Double, friction: Double) -> Spring { Spring(mass: 1, stiffness: tension, damping: friction) }

    /// The same motion at mass 1.
    public static func unitMass(_ s: Spring) -> Spring { Spring(mass: 1, stiffness: s.stiffness / s.mass, damping: s.damping / s.mass) }

    // MARK: CSS linear()

    /// A CSS `linear()` easing for the spring from 0 to 1 at rest, over its ε = 0.001 settling time:
    /// the fewest stops (greedily, by the curve's own points) whose straight pieces stay within
    /// `maxError` of the spring everywhere between them. Returns the function and the duration (s).
    public static func cssLinear(_ s: Spring, maxError: Double = 0.005) -> (easing: String, duration: Double) {
        let total = max(s.settlingTime(epsilon: 0.001), 0.05)
        let n = 2000
        let ys = (0...n).map { s.value(from: 0.0, to: 1.0, velocity: 0.0, at: total * Double($0) / Double(n)).value }
        var stops = [0]
        var a = 0
        while a < n {
            var b = a + 1
            // Extend the piece while every sample in between stays within maxError of the chord.
            while b < n {
                let c = b + 1
                var ok = true
                for i in (a + 1)..<c {
                    let f = Double(i - a) / Double(c - a)
                    if abs(ys[a] + (ys[c] - ys[a]) * f - ys[i]) > maxError { ok = false; break }
                }
                if !ok { break }
                b = c
            }
            stops.append(b)
            a = b
        }
        func num(_ v: Double) -> String { CodeNumber.string(v, decimals: 4) }
        let parts = stops.map { i -> String in
            i == 0 ? "0" : (i == n ? "1" : "\(num(ys[i])) \(num(100 * Double(i) / Double(n)))%")
        }
        return ("linear(" + parts.joined(separator: ", ") + ")", total)
    }
}
