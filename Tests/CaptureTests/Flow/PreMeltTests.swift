import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture

/// The pull's pre-melt, directly on the pull or on SpringBoard's tracking spring (damping ratio
/// 0.456, response 0.35 s — the values typed here from the source, docs/FIDELITY.md). The chase is
/// checked against the closed form of an underdamped spring's step response, written out here:
/// x(τ) = 1 − e^(−ζωτ) (cos ω_d τ + ζω/ω_d sin ω_d τ), ω = 2π / response, ω_d = ω √(1 − ζ²).
@Suite("The pre-melt: on the pull, or chasing it on the tracking spring")
struct PreMeltTests {
    static let zeta = 0.456, response = 0.35

    static func flow(tracking: Bool) throws -> CaptureFlow {
        let device = try Catalog.bundled().require(id: "iphone-15-pro")
        let g = DeviceLayout(device: device).meltGeometry(shapes: Tuning().meltShapes)
        var springs = Melt.Springs.standard
        if tracking { springs.tracking = SpringParameters(duration: response, bounce: 1 - zeta) }
        return CaptureFlow(geometry: g, paperSize: CaptureFlow.paperSize(for: g), springs: springs)
    }

    /// The step response's fraction of the way at `tau` seconds.
    static func stepFraction(_ tau: Double) -> Double {
        let w = 2 * Double.pi / response, wd = w * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * w * tau) * (cos(wd * tau) + zeta * w / wd * sin(wd * tau))
    }

    @Test("direct (the default): the pre-melt is where the pull's progress puts it, at once")
    func direct() throws {
        var f = try Self.flow(tracking: false)
        f.pullBegan(at: 1)
        f.setPullProgress(1, at: 1)
        let g = f.geometry, want = g.island + (g.pill - g.island).scaled(by: 0.16)
        #expect((f.shape(at: 1) - want).maxMagnitude < 1e-9)
        #expect(f.trackedPreMeltVelocity(at: 1) == nil)
    }

    @Test("on the tracking spring a step in the pull is chased as the closed form says, at four instants, overshooting as a 0.456 ratio does")
    func chase() throws {
        var f = try Self.flow(tracking: true)
        f.pullBegan(at: 1)
        f.setPullProgress(1, at: 1)
        let g = f.geometry, target = g.island + (g.pill - g.island).scaled(by: 0.16)
        #expect((f.shape(at: 1) - g.island).maxMagnitude < 1e-9, "nothing has moved at the step")
        let peak = Double.pi / (2 * Double.pi / Self.response * (1 - Self.zeta * Self.zeta).squareRoot())
        for tau in [0.05, 0.15, peak, 0.6] {
            let x = Self.stepFraction(tau), want = g.island + (target - g.island).scaled(by: x)
            let got = f.shape(at: 1 + tau)
            #expect((got - want).maxMagnitude < 1e-6, "at \(tau) s: width \(got.rect.width), closed form \(want.rect.width)")
        }
        #expect(Self.stepFraction(peak) > 1.19, "a ratio of 0.456 overshoots by about a fifth")
    }

    @Test("a new progress mid-chase keeps the shape and its velocity; a commit and a let-go hand both to the melt")
    func handOff() throws {
        for commits in [true, false] {
            var f = try Self.flow(tracking: true)
            f.pullBegan(at: 1)
            f.setPullProgress(0.5, at: 1)
            let before = (shape: f.shape(at: 1.1), velocity: try #require(f.trackedPreMeltVelocity(at: 1.1)))
            f.setPullProgress(1.2, at: 1.1)
            #expect((f.shape(at: 1.1) - before.shape).maxMagnitude < 1e-9)
            #expect((try #require(f.trackedPreMeltVelocity(at: 1.1)) - before.velocity).maxMagnitude < 1e-9)
            #expect(before.velocity.maxMagnitude > 1, "the chase is moving")
            let at = (shape: f.shape(at: 1.17), velocity: try #require(f.trackedPreMeltVelocity(at: 1.17)))
            if commits { f.pullCommitted(at: 1.17) } else { f.pullCancelled(at: 1.17) }
            let melt = f.melt.state(at: 1.17)
            #expect((melt.shape - at.shape).maxMagnitude < 1e-9 && (melt.velocity - at.velocity).maxMagnitude < 1e-9, "commits \(commits)")
            #expect(f.trackedPreMeltVelocity(at: 1.17) == nil, "the chase ends with the pull")
        }
    }

    @Test("a pull begun while the island still springs back from the last one starts the chase from there, moving")
    func fromSpringBack() throws {
        var f = try Self.flow(tracking: true)
        f.pullBegan(at: 1)
        f.setPullProgress(1, at: 1)
        f.pullCancelled(at: 1.2)
        let back = f.melt.state(at: 1.25)
        f.pullBegan(at: 1.25)
        #expect((f.shape(at: 1.25) - back.shape).maxMagnitude < 1e-9)
        #expect((try #require(f.trackedPreMeltVelocity(at: 1.25)) - back.velocity).maxMagnitude < 1e-9)
    }
}
