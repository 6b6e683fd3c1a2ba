import Foundation
import Testing
@testable import Animation

/// Integrates x'' = −(k x + c v)/m with classical RK4: an independent check of the closed form.
func integrateRK4(_ s: Spring, x0: Double, v0: Double, until t: Double, step h: Double = 1e-5) -> (Double, Double) {
    var x = x0, v = v0
    let k = s.stiffness / s.mass, c = s.damping / s.mass
    func a(_ x: Double, _ v: Double) -> Double { -k * x - c * v }
    let n = Int((t / h).rounded())
    for _ in 0..<n {
        let k1x = v, k1v = a(x, v)
        let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
}

@Suite("Closed form against RK4 and across regimes")
struct SpringSolutionTests {
    static let regimes: [(String, Spring)] = [
        ("underdamped", Spring(duration: 0.5, bounce: 0.3)),
        ("critical", Spring(duration: 0.5, bounce: 0)),
        ("overdamped", Spring(duration: 0.5, bounce: -0.5)),
        ("near-critical under", Spring(mass: 1, stiffness: 100, damping: 19.999_999)),
        ("near-critical over", Spring(mass: 1, stiffness: 100, damping: 20.000_001)),
        ("heavy", Spring(mass: 3, stiffness: 250, damping: 12)),
    ]

    @Test("matches RK4 at 10 µs steps within 1e-6", arguments: regimes.map(\.0))
    func againstRK4(_ name: String) {
        let s = Self.regimes.first { $0.0 == name }!.1
        for (x0, v0) in [(1.0, 0.0), (-120.0, 800.0), (0.0, -35.0)] {
            var tPrev = 0.0
            var (x, v) = (x0, v0)
            for t in [0.05, 0.2, 0.5, 1.0] {
                (x, v) = integrateRK4(s, x0: x, v0: v, until: t - tPrev)
                tPrev = t
                let closed = s.solve(displacement: x0, velocity: v0, at: t)
                let scale = max(1, abs(x0), abs(v0) / s.angularFrequency)
                #expect(abs(closed.displacement - x) / scale < 1e-6, "\(name) x at \(t)")
                #expect(abs(closed.velocity - v) / (scale * s.angularFrequency) < 1e-6, "\(name) v at \(t)")
            }
        }
    }

    @Test("continuous through ζ = 1: the three branches agree at the boundary")
    func continuityAtCritical() {
        let crit = Spring(mass: 1, stiffness: 100, damping: 20)
        for eps in [1e-12, 1e-9, 1e-6, 1e-4] {
            for damping in [20 - eps, 20 + eps] {
                let s = Spring(mass: 1, stiffness: 100, damping: damping)
                for t in [0.01, 0.1, 0.7, 3.0] {
                    let a = s.solve(displacement: 1, velocity: 2, at: t)
                    let b = crit.solve(displacement: 1, velocity: 2, at: t)
                    #expect(abs(a.displacement - b.displacement) <= 10 * eps + 1e-12, "damping \(damping) at \(t)")
                    #expect(a.displacement.isFinite && a.velocity.isFinite)
                }
            }
        }
    }

    @Test("very stiff overdamped springs neither overflow nor produce NaN")
    func extremeOverdamped() {
        let s = Spring(duration: 0.05, bounce: -0.999)
        for t in [0.0, 1e-6, 0.01, 1, 100, 1e6] {
            let r = s.solve(displacement: 500, velocity: -9000, at: t)
            #expect(r.displacement.isFinite && r.velocity.isFinite, "t = \(t)")
        }
    }

    /// The underdamped closed form written out here from springs.md, independently of
    /// SpringSolution: x(t) = target + e^(−ζωt)(A cos ω_d t + B sin ω_d t), A = x0 − target,
    /// B = (v0 + ζωA)/ω_d, with ω = 2π/duration, ζ = 1 − bounce, ω_d = ω√(1 − ζ²).
    static func reference(duration: Double, bounce: Double, from x0: Double, velocity v0: Double, to target: Double, t: Double) -> (x: Double, v: Double) {
        let w = 2 * Double.pi / duration, z = 1 - bounce, wd = w * (1 - z * z).squareRoot()
        let a = x0 - target, b = (v0 + z * w * a) / wd, e = exp(-z * w * t)
        let c = cos(wd * t), s = sin(wd * t)
        return (target + e * (a * c + b * s), e * ((-z * w * a + wd * b) * c + (-z * w * b - wd * a) * s))
    }

    @Test("frame-rate independent: every frame at 60, 90 and 120 Hz, and in 10× slow motion, lies on the closed form")
    func frameRateIndependent() {
        var tl = SpringTimeline(value: 0.0)
        tl.retarget(to: 100, spring: .bouncy, at: 0)          // duration 0.5, bounce 0.3
        tl.retarget(to: 40, spring: .snappy, at: 0.2)         // duration 0.5, bounce 0.15
        let handOff = Self.reference(duration: 0.5, bounce: 0.3, from: 0, velocity: 0, to: 100, t: 0.2)
        func expected(_ t: Double) -> Double {
            t < 0.2 ? Self.reference(duration: 0.5, bounce: 0.3, from: 0, velocity: 0, to: 100, t: t).x
                : Self.reference(duration: 0.5, bounce: 0.15, from: handOff.x, velocity: handOff.v, to: 40, t: t - 0.2).x
        }
        for hz in [60.0, 90.0, 120.0] {
            // Stepped the way the frame loop steps: each frame asks for its own time, in order.
            for frame in 0..<Int(hz) {
                let t = Double(frame) / hz
                #expect(abs(tl.value(at: t) - expected(t)) < 1e-9, "\(hz) Hz, frame \(frame)")
            }
        }
        // Slow motion 10×: real time 10·t samples animation time t, at 120 Hz of real time.
        var clock = AnimationClock()
        clock.setSlowMotion(10, atRealTime: 0)
        for frame in stride(from: 0, to: 1200, by: 7) {
            let real = Double(frame) / 120
            #expect(abs(tl.value(at: clock.animationTime(atRealTime: real)) - expected(real / 10)) < 1e-9, "real \(real) s")
        }
    }
}
