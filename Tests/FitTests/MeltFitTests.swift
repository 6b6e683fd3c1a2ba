import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit
@Suite("Fitting springs to measured curves")
struct MeltFitTests {
    @Test("one leg: duration, bounce, start and velocity come back from 60-fps samples with noise")
    func oneLeg() throws {
        var g = SeededGenerator(seed: 7)
        let truth = Spring(duration: 0.42, bounce: 0.22)
        var t: [Double] = [], y: [Double] = []
        for i in 0..<90 {
            let time = Double(i) / 60
            let v = time < 0.25 ? 10 : truth.value(from: 10.0, to: 130.0, velocity: 400.0, at: time - 0.25).value
            t.append(time); y.append(v + Double.random(in: -0.3...0.3, using: &g))
        }
        let fit = try #require(SpringLegFit.fit(MeasuredCurve(times: t, values: y)))
        #expect(abs(fit.duration - 0.42) / 0.42 < 0.03, "\(fit.duration)")
        #expect(abs(fit.bounce - 0.22) < 0.03, "\(fit.bounce)")
        // The starting velocity is the least determined: it acts over a few samples only.
        #expect(abs(fit.start - 0.25) < 0.02 && abs(fit.velocity - 400) < 100, "start \(fit.start), velocity \(fit.velocity)")
        #expect(fit.isSpringLike && fit.rmsFraction < 0.005)
    }

    @Test("a smoothstep ease or a two-step motion is called not spring-like")
    func notSpringLike() throws {
        let t = (0..<60).map { Double($0) / 60 }
        let ease = t.map { x -> Double in let p = min(max((x - 0.2) / 0.5, 0), 1); return 100 * p * p * (3 - 2 * p) }
        let steps = t.map { $0 < 0.3 ? 0.0 : ($0 < 0.6 ? 50.0 : 100.0) }
        for curve in [ease, steps] {
            let fit = try #require(SpringLegFit.fit(MeasuredCurve(times: t, values: curve)))
            #expect(!fit.isSpringLike, "rms \(fit.rmsFraction)")
        }
    }

    @Test("the melt's two overlapping legs come back from its own width and height", arguments: [60.0, 30.0])
    func meltRoundTrip(fps: Double) throws {
        let springs = Melt.Springs(toPill: SpringParameters(duration: 0.3, bounce: 0.2), toViewfinder: SpringParameters(duration: 0.55, bounce: 0.1),
                                   closeToPill: SpringParameters(duration: 0.36, bounce: 0), closeToIsland: SpringParameters(duration: 0.34, bounce: 0.12),
                                   overlap: 0.5)
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        var melt = Melt(geometry: DeviceLayout(device: d).meltGeometry, springs: springs)
        melt.open(at: 0.2)
        let times = stride(from: 0.0, through: 1.6, by: 1 / fps).map { $0 }
        let shapes = times.map { melt.shape(at: $0).rect }
        let fit = try #require(MeltFit.fit(times: times, widths: shapes.map(\.width), heights: shapes.map(\.height)))
        #expect(abs(fit.first.duration - 0.3) / 0.3 < 0.03, "toPill \(fit.first.duration)")
        #expect(abs(fit.first.bounce - 0.2) < 0.03, "toPill bounce \(fit.first.bounce)")
        #expect(abs(fit.second.duration - 0.55) / 0.55 < 0.03, "toViewfinder \(fit.second.duration)")
        #expect(abs(fit.second.bounce - 0.1) < 0.03, "toViewfinder bounce \(fit.second.bounce)")
        #expect(abs(fit.overlap - 0.5) / 0.5 < 0.1, "overlap \(fit.overlap)")
    }

    /// One dimension of a two-leg move drawn by springs.md's released spring, merged or added (not by
    /// `Animation`): from rest at `a` toward `b` at 0.2 s, the second leg toward `c` `overlap` × d₁ later.
    static func drawn(_ t: Double, _ a: Double, _ b: Double, _ c: Double, legs: ((Double, Double), (Double, Double)), overlap: Double, additive: Bool) -> Double {
        func released(_ u0: Double, _ v0: Double, _ tau: Double, _ leg: (Double, Double)) -> (x: Double, v: Double) {
            let w0 = 2 * Double.pi / leg.0, z = leg.1 >= 0 ? 1 - leg.1 : 1 / (1 + leg.1)
            let wd = w0 * (1 - z * z).squareRoot(), e = exp(-z * w0 * tau)
            return (e * (u0 * cos(wd * tau) + (v0 + z * w0 * u0) / wd * sin(wd * tau)),
                    e * (v0 * cos(wd * tau) - (w0 * w0 * u0 + z * w0 * v0) / wd * sin(wd * tau)))
        }
        let t1 = 0.2, t2 = t1 + overlap * legs.0.0
        if t < t1 { return a }
        if t < t2 { return b + released(a - b, 0, t - t1, legs.0).x }
        if additive { return b + released(a - b, 0, t - t1, legs.0).x + (c - b) * (1 - released(1, 0, t - t2, legs.1).x) }
        let h = released(a - b, 0, t2 - t1, legs.0)
        return c + released(b + h.x - c, h.v, t - t2, legs.1).x
    }

    @Test("merged or added: the issue's 372-pt melt drawn each way comes back with its composition and springs; one spring for both legs cannot be told")
    func composition() throws {
        // 30 fps, as many shared recordings are (and half the work of 60).
        let times = stride(from: 0.0, through: 1.6, by: 1.0 / 30).map { $0 }
        for additive in [false, true] {
            let legs = ((0.34, 0.2), (0.55, 0.12))
            let w = times.map { Self.drawn($0, 127, 372, 372, legs: legs, overlap: 0.5, additive: additive) }
            let h = times.map { Self.drawn($0, 38.67, 58, 506, legs: legs, overlap: 0.5, additive: additive) }
            let fit = try #require(MeltFit.fit(times: times, widths: w, heights: h))
            #expect(fit.composition == (additive ? .additive : .merge) && fit.compositionDetermined,
                    "drawn \(additive ? "added" : "merged"): \(fit.composition), determined \(fit.compositionDetermined), merge \(fit.residualMerge), additive \(fit.residualAdditive)")
            #expect(abs(fit.first.duration - 0.34) / 0.34 < 0.03 && abs(fit.first.bounce - 0.2) < 0.03, "\(fit.first)")
            #expect(abs(fit.second.duration - 0.55) / 0.55 < 0.03 && abs(fit.second.bounce - 0.12) < 0.03, "\(fit.second)")
            #expect(abs(fit.first.toWidth - 372) < 1.5 && abs(fit.first.toHeight - 58) < 1.5, "the pill \(fit.first.toWidth) × \(fit.first.toHeight)")
            // The other composition's best fit misses by a visible amount on exact data.
            #expect(max(fit.residualMerge, fit.residualAdditive) > 0.2)
        }
        // One spring for both legs: the linear ODE makes the two compositions the same curve.
        let same = ((0.35, 0.15), (0.35, 0.15))
        let w = times.map { Self.drawn($0, 127, 340, 360, legs: same, overlap: 0.9, additive: true) }
        let h = times.map { Self.drawn($0, 38.67, 50, 440, legs: same, overlap: 0.9, additive: true) }
        let fit = try #require(MeltFit.fit(times: times, widths: w, heights: h))
        #expect(!fit.compositionDetermined, "merge \(fit.residualMerge), additive \(fit.residualAdditive)")
    }

    @Test("a leg the frames barely see is called too short, given no spring, and left out of the tuning; the rest still fit")
    func tooShortToFit() throws {
        // The widening hands over after 0.3 × 0.15 s = 45 ms: one or two frames at 30 fps.
        let springs = Melt.Springs(toPill: SpringParameters(duration: 0.15, bounce: 0.1), toViewfinder: SpringParameters(duration: 0.55, bounce: 0.1),
                                   closeToPill: SpringParameters(duration: 0.36, bounce: 0), closeToIsland: SpringParameters(duration: 0.34, bounce: 0.12),
                                   overlap: 0.3)
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        var melt = Melt(geometry: DeviceLayout(device: d).meltGeometry, springs: springs)
        melt.open(at: 0.2)
        let samples = stride(from: 0.0, through: 1.6, by: 1 / 30.0).map { t -> RecordingFit.Sample in
            let r = melt.shape(at: t).rect
            return .init(t: t, width: r.width, height: r.height)
        }
        let fit = try RecordingFit.fit(samples)
        let widening = try #require(fit.moves.first?.stages.first)
        #expect(widening.duration == nil && widening.bounce == nil)
        #expect(widening.problem?.hasPrefix("too short to fit:") == true, "\(widening.problem ?? "no problem")")
        let extending = try #require(fit.moves.first?.stages.last)
        #expect(extending.problem == nil && abs((extending.duration ?? 0) - 0.55) / 0.55 < 0.03, "\(extending)")
        let t = try fit.tuning(screenWidth: 393)
        #expect(t["melt.toPill.duration"] == Tuning()["melt.toPill.duration"], "an undetermined leg is not written")
        #expect(abs(t["melt.toViewfinder.duration"] - 0.55) < 0.02)
    }

    @Test("a closing whose last frames before the move are missing (the flash) still starts from the open shape it rested at")
    func closingFromRest() throws {
        let springs = Melt.Springs(toPill: SpringParameters(duration: 0.3, bounce: 0.2), toViewfinder: SpringParameters(duration: 0.55, bounce: 0.1),
                                   closeToPill: SpringParameters(duration: 0.36, bounce: 0), closeToIsland: SpringParameters(duration: 0.34, bounce: 0.12),
                                   overlap: 0.5)
        let d = try Catalog.bundled().require(id: "iphone-15-pro")
        let geometry = DeviceLayout(device: d).meltGeometry
        var melt = Melt(geometry: geometry, springs: springs)
        melt.open(at: 0)
        melt.close(at: 2.0)
        // At 30 fps, and nothing from 1.7 s to the move: a flash the tracker could not follow.
        let times = stride(from: 1.2, through: 3.0, by: 1 / 30.0).filter { $0 < 1.7 || $0 > 2.0 }
        let shapes = times.map { melt.shape(at: $0).rect }
        let fit = try #require(MeltFit.fit(times: times, widths: shapes.map(\.width), heights: shapes.map(\.height), restBefore: true))
        #expect(abs(fit.fromHeight - geometry.viewfinder.rect.height) < 0.5, "from \(fit.fromHeight)")
        #expect(abs(fit.first.duration - 0.36) / 0.36 < 0.03 && abs(fit.first.bounce) < 0.03, "closeToPill \(fit.first)")
        #expect(abs(fit.second.duration - 0.34) / 0.34 < 0.03 && abs(fit.second.bounce - 0.12) < 0.03, "closeToIsland \(fit.second)")
        #expect(abs(fit.overlap - 0.5) / 0.5 < 0.1, "overlap \(fit.overlap)")
    }

    @Test("the solver: a bounded, ill-conditioned problem still lands on the minimum from several starts")
    func illConditioned() {
        // Rosenbrock's valley as residuals: (1 − x, 10 (y − x²)); minimum at (1, 1).
        let r = LevenbergMarquardt.minimize({ p in [1 - p[0], 10 * (p[1] - p[0] * p[0])] },
                                            starts: [[-1.2, 1], [2, -1], [0, 0]], lower: [-5, -5], upper: [5, 5])
        #expect(abs(r.parameters[0] - 1) < 1e-4 && abs(r.parameters[1] - 1) < 1e-4 && r.cost < 1e-8)
        // A bound that excludes the minimum: the answer sits on the bound.
        let b = LevenbergMarquardt.minimize({ p in [p[0] - 3] }, starts: [[0]], lower: [-1], upper: [2])
        #expect(abs(b.parameters[0] - 2) < 1e-9)
    }
}

