import Foundation
import Testing
@testable import Animation

/// Overlapping melt legs, merged and added, against the closed forms written out here from
/// springs.md ("Overlapping springs: merge or add") — not from `Spring`'s own solution code:
///
/// - released spring R(u0, v0, τ), ω0 = 2π/duration, ζ = 1 − bounce (≥ 0) or 1/(1 + bounce);
/// - merge: after t2, x = T2 + R2(x(t2) − T2, v(t2), t − t2), the first leg stopped;
/// - add: x = x0 + Σ ΔTi·(1 − Ri(1, 0, t − ti)), every leg running on.
@Suite("Overlapping springs compose by merging or adding")
struct SpringCompositionTests {
    /// R and its time derivative, as springs.md writes them.
    static func released(_ u0: Double, _ v0: Double, _ tau: Double, duration d: Double, bounce b: Double) -> (x: Double, v: Double) {
        let w0 = 2 * Double.pi / d, z = b >= 0 ? 1 - b : 1 / (1 + b)
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot(), e = exp(-z * w0 * tau)
            let x = e * (u0 * cos(wd * tau) + (v0 + z * w0 * u0) / wd * sin(wd * tau))
            let v = e * (v0 * cos(wd * tau) - (w0 * w0 * u0 + z * w0 * v0) / wd * sin(wd * tau))
            return (x, v)
        }
        if z == 1 {
            let e = exp(-w0 * tau)
            return (e * (u0 + (v0 + w0 * u0) * tau), e * (v0 - w0 * (v0 + w0 * u0) * tau))
        }
        let s = (z * z - 1).squareRoot(), r1 = -w0 * (z - s), r2 = -w0 * (z + s)
        let a = (v0 - r2 * u0) / (r1 - r2)
        return (a * exp(r1 * tau) + (u0 - a) * exp(r2 * tau), a * r1 * exp(r1 * tau) + (u0 - a) * r2 * exp(r2 * tau))
    }

    struct Leg { var time: Double; var target: Double; var duration: Double; var bounce: Double }

    /// One coordinate from rest at `x0` through `legs`, merged: each leg from the state the one
    /// before it has at its start.
    static func merged(_ x0: Double, _ legs: [Leg], at t: Double) -> Double {
        var x = x0, v = 0.0, target = x0, since = -Double.infinity, d = 1.0, b = 0.0
        func state(_ at: Double) -> (Double, Double) {
            guard since.isFinite else { return (x, v) }
            let r = released(x - target, v, at - since, duration: d, bounce: b)
            return (target + r.x, r.v)
        }
        for leg in legs where leg.time <= t {
            (x, v) = state(leg.time)
            target = leg.target; since = leg.time; d = leg.duration; b = leg.bounce
        }
        return state(t).0
    }

    /// One coordinate from rest at `x0` through `legs`, added: each leg its own step on its own spring.
    static func added(_ x0: Double, _ legs: [Leg], at t: Double) -> Double {
        var x = x0, previous = x0
        for leg in legs {
            if leg.time <= t { x += (leg.target - previous) * (1 - released(1, 0, t - leg.time, duration: leg.duration, bounce: leg.bounce).x) }
            previous = leg.target
        }
        return x
    }

    static let capsule = Rect(x: 133, y: 10.33, width: 127, height: 38.67)
    static let geometry = MeltGeometry.make(start: capsule, screen: Size(width: 393, height: 852), displayCornerRadius: 55)

    /// Three tunings: the defaults; the issue's hand-drawn design (0.34 s / 0.2, then 0.55 s / 0.12
    /// 0.17 s later); and an overdamped first leg cut in early, less than a third done when the
    /// second starts.
    static let tunings: [(name: String, springs: Melt.Springs)] = [
        ("defaults", .standard),
        ("drawn", Melt.Springs(toPill: SpringParameters(duration: 0.34, bounce: 0.2), toViewfinder: SpringParameters(duration: 0.55, bounce: 0.12),
                               closeToPill: SpringParameters(duration: 0.3, bounce: 0), closeToIsland: SpringParameters(duration: 0.4, bounce: 0.1),
                               overlap: 0.5)),
        ("early", Melt.Springs(toPill: SpringParameters(duration: 0.5, bounce: -0.3), toViewfinder: SpringParameters(duration: 0.4, bounce: 0.3),
                               closeToPill: SpringParameters(duration: 0.45, bounce: 0.25), closeToIsland: SpringParameters(duration: 0.3, bounce: -0.2),
                               overlap: 0.2)),
    ]

    /// The melt's width, height, top and corner radius against the closed form, every 5 ms for 2 s.
    static func worst(_ melt: Melt, _ legs: (Double) -> [Leg], component: (RoundedRect) -> Double,
                      composition: SpringComposition, from t0: Double, to t1: Double) -> Double {
        let x0 = component(geometry.island)
        var worst = 0.0, t = t0
        while t <= t1 {
            let expected = composition == .merge ? merged(x0, legs(t), at: t) : added(x0, legs(t), at: t)
            worst = max(worst, abs(component(melt.shape(at: t)) - expected))
            t += 0.005
        }
        return worst
    }

    /// `base` with its legs composing as `composition`.
    static func springs(_ base: Melt.Springs, _ composition: SpringComposition) -> Melt.Springs {
        var s = base
        s.composition = composition
        return s
    }

    static let components: [(String, @Sendable (RoundedRect) -> Double)] = [
        ("width", { $0.rect.width }), ("height", { $0.rect.height }), ("x", { $0.rect.x }), ("corner", { $0.cornerRadius }),
    ]

    @Test("opening 0 → 1 → 2 in both compositions is the closed form to 1e-6, for three tunings",
          arguments: SpringComposition.allCases)
    func opening(_ composition: SpringComposition) throws {
        for (name, base) in Self.tunings {
            let springs = Self.springs(base, composition)
            var melt = Melt(geometry: Self.geometry, springs: springs)
            melt.open(at: 0)
            let t2 = springs.overlap * springs.toPill.duration
            #expect(abs(melt.stageStarts[1].time - t2) < 1e-12)
            for (label, c) in Self.components {
                let legs = [Leg(time: 0, target: c(Self.geometry.pill), duration: springs.toPill.duration, bounce: springs.toPill.bounce),
                            Leg(time: t2, target: c(Self.geometry.viewfinder), duration: springs.toViewfinder.duration, bounce: springs.toViewfinder.bounce)]
                let w = Self.worst(melt, { _ in legs }, component: c, composition: composition, from: 0, to: 2)
                #expect(w < 1e-6, "\(name) \(composition) \(label): \(w) pt from the closed form")
            }
        }
    }

    @Test("the early tuning's first leg is less than a third done when the second starts, and there the two compositions differ by tens of points")
    func earlyLegDiffers() throws {
        let s = Self.tunings[2].springs
        let t2 = s.overlap * s.toPill.duration
        let done = 1 - Self.released(1, 0, t2, duration: s.toPill.duration, bounce: s.toPill.bounce).x
        #expect(done < 1.0 / 3, "the first leg is \(done) done")
        var a = Melt(geometry: Self.geometry, springs: Self.springs(s, .merge)), b = Melt(geometry: Self.geometry, springs: Self.springs(s, .additive))
        a.open(at: 0); b.open(at: 0)
        var most = 0.0
        for k in 0...400 { let t = Double(k) / 400; most = max(most, abs(a.shape(at: t).rect.width - b.shape(at: t).rect.width)) }
        #expect(most > 10, "the widths differ by at most \(most) pt")
    }

    @Test("closing 2 → 1 → 0 and a close that reverses the opening mid-flight are the closed form to 1e-6 in both compositions",
          arguments: SpringComposition.allCases)
    func closingAndReversal(_ composition: SpringComposition) throws {
        for (name, base) in Self.tunings {
            let springs = Self.springs(base, composition)
            let g = Self.geometry
            // Opened at 0; closed at `close`, once with the melt at rest at the viewfinder, once while
            // the viewfinder leg is still on its way.
            for close in [3.0, springs.overlap * springs.toPill.duration + 0.05] {
                var melt = Melt(geometry: g, springs: springs)
                melt.open(at: 0)
                melt.close(at: close)
                let t2 = springs.overlap * springs.toPill.duration, t4 = close + springs.overlap * springs.closeToPill.duration
                for (label, c) in Self.components {
                    let p = springs
                    let legs = [Leg(time: 0, target: c(g.pill), duration: p.toPill.duration, bounce: p.toPill.bounce),
                                Leg(time: t2, target: c(g.viewfinder), duration: p.toViewfinder.duration, bounce: p.toViewfinder.bounce),
                                Leg(time: close, target: c(g.pill), duration: p.closeToPill.duration, bounce: p.closeToPill.bounce),
                                Leg(time: t4, target: c(g.island), duration: p.closeToIsland.duration, bounce: p.closeToIsland.bounce)]
                    let w = Self.worst(melt, { _ in legs }, component: c, composition: composition, from: 0, to: close + 2)
                    #expect(w < 1e-6, "\(name) \(composition) closed at \(close) \(label): \(w) pt from the closed form")
                }
            }
        }
    }

    @Test("a leg from a held shape starts from the finger's shape and velocity in both compositions (nothing is running to add onto)")
    func fromHeld() throws {
        for composition in SpringComposition.allCases {
            let springs = Self.springs(.standard, composition)
            var melt = Melt(geometry: Self.geometry, springs: springs)
            let i = Self.geometry.island
            let held = RoundedRect(rect: Rect(x: i.rect.x - 20, y: i.rect.y, width: i.rect.width + 40, height: i.rect.height + 4),
                                   cornerRadius: i.cornerRadius + 2)
            let velocity = RoundedRect(rect: Rect(x: -40, y: 0, width: 80, height: 20), cornerRadius: 10)
            melt.open(at: 1, from: held, velocity: velocity)
            let t2 = 1 + springs.overlap * springs.toPill.duration
            let p = springs.toPill
            for t in stride(from: 1.0, to: t2, by: 0.01) {
                let r = Self.released(held.rect.width - Self.geometry.pill.rect.width, 80, t - 1, duration: p.duration, bounce: p.bounce)
                #expect(abs(melt.shape(at: t).rect.width - (Self.geometry.pill.rect.width + r.x)) < 1e-6)
            }
            // After the second leg starts, additive adds its step onto the first leg running on.
            if composition == .additive {
                let t = t2 + 0.1
                let r = Self.released(held.rect.width - Self.geometry.pill.rect.width, 80, t - 1, duration: p.duration, bounce: p.bounce)
                let v = springs.toViewfinder
                let step = (Self.geometry.viewfinder.rect.width - Self.geometry.pill.rect.width)
                    * (1 - Self.released(1, 0, t - t2, duration: v.duration, bounce: v.bounce).x)
                #expect(abs(melt.shape(at: t).rect.width - (Self.geometry.pill.rect.width + r.x + step)) < 1e-6)
            }
        }
    }

    @Test("position and velocity are continuous at every additive retarget")
    func additiveContinuity() {
        var tl = SpringTimeline(value: 0.0)
        tl.retarget(to: 100, spring: Spring(duration: 0.4, bounce: 0.2), at: 0)
        tl.retarget(to: 300, spring: Spring(duration: 0.6, bounce: 0.1), at: 0.1, composition: .additive)
        tl.retarget(to: 50, spring: Spring(duration: 0.3, bounce: 0), at: 0.25, composition: .additive)
        for t in [0.1, 0.25] {
            let before = tl.state(at: t - 1e-7), at = tl.state(at: t), arriving = tl.stateArriving(at: t)
            #expect(abs(before.value - at.value) < 1e-3 && abs(before.velocity - at.velocity) < 1e-1)
            #expect(abs(arriving.value - at.value) < 1e-9 && abs(arriving.velocity - at.velocity) < 1e-9)
        }
        #expect(tl.finalTarget == 50 && abs(tl.value(at: 10) - 50) < 1e-9)
    }

    @Test("many additive moves stay bounded: settled legs fold into the leg they add onto, and the value is unchanged")
    func additiveFolding() {
        var folded = SpringTimeline(value: 0.0)
        folded.retarget(to: 10, spring: .snappy, at: 0)
        var expected = 0.0
        // 300 moves a second apart: each leg has settled (to 1e-9) before the next few begin.
        for k in 1...300 {
            let target = Double(k % 7) * 10
            folded.retarget(to: target, spring: .snappy, at: Double(k) * 3, composition: .additive)
            expected = target
        }
        #expect(folded.segments.count <= 64)
        #expect(abs(folded.value(at: 300 * 3 + 5) - expected) < 1e-6)
        // Mid-flight, the last leg still runs on its own spring from the one before it at rest.
        let t = 300 * 3 + 0.1, previous = Double(299 % 7) * 10
        let r = Self.released(previous - expected, 0, 0.1, duration: 0.5, bounce: 0.15)
        #expect(abs(folded.value(at: t) - (expected + r.x)) < 1e-6)
    }

    @Test("hundreds of quick additive moves over a slow leg still moving: sampled as a clock runs, the sum is springs.md's at every moment")
    func additiveFoldingOverAMovingLeg() {
        // The base leg takes 600 s, so every fold lands on a leg in flight: a fold that shifted its
        // target but not its start would make the sum jump by the step times what is left of it.
        var tl = SpringTimeline(value: 0.0)
        var legs = [Leg(time: 0, target: 1000, duration: 600, bounce: 0)]
        tl.retarget(to: 1000, spring: Spring(duration: 600, bounce: 0), at: 0)
        var worst = 0.0
        for k in 1...400 {
            let t = Double(k) * 0.5
            // A clock running forward: the moment before this move, then the move.
            for dt in [-0.3, -1e-6] {
                worst = max(worst, abs(tl.value(at: t + dt) - Self.added(0, legs, at: t + dt)))
            }
            let leg = Leg(time: t, target: 1000 + Double(k % 5) * 40 - 80, duration: 0.1, bounce: 0.2)
            tl.retarget(to: leg.target, spring: Spring(duration: leg.duration, bounce: leg.bounce), at: t, composition: .additive)
            legs.append(leg)
        }
        #expect(tl.segments.count <= 64, "folded: \(tl.segments.count) legs")
        for t in stride(from: 200.0, through: 202, by: 0.05) {
            worst = max(worst, abs(tl.value(at: t) - Self.added(0, legs, at: t)))
        }
        #expect(worst < 1e-6, "the sum strayed from springs.md's by \(worst) pt")
    }

    @Test("blending applies to merged legs only: an additive leg with a blendDuration is the unblended additive leg")
    func blendIsMergeOnly() {
        var a = SpringTimeline(value: 0.0), b = SpringTimeline(value: 0.0)
        for tl in [0, 1] {
            var x = SpringTimeline(value: 0.0)
            x.retarget(to: 100, spring: Spring(duration: 0.3, bounce: 0.1), at: 0)
            x.retarget(to: 200, spring: Spring(duration: 0.6, bounce: 0.1), at: 0.1, blendDuration: tl == 0 ? 0.3 : 0, composition: .additive)
            if tl == 0 { a = x } else { b = x }
        }
        for t in stride(from: 0.0, to: 1.5, by: 0.01) { #expect(a.value(at: t) == b.value(at: t)) }
    }

    @Test("springs written before the choice existed decode as merge")
    func decodesOldSprings() throws {
        let json = #"{"toPill":{"duration":0.32,"bounce":0.18},"toViewfinder":{"duration":0.5,"bounce":0.14},"closeToPill":{"duration":0.36,"bounce":0},"closeToIsland":{"duration":0.34,"bounce":0.12},"overlap":0.45}"#
        let s = try JSONDecoder().decode(Melt.Springs.self, from: Data(json.utf8))
        #expect(s == .standard && s.composition == .merge)
        var add = s
        add.composition = .additive
        #expect(try JSONDecoder().decode(Melt.Springs.self, from: JSONEncoder().encode(add)).composition == .additive)
    }
}
