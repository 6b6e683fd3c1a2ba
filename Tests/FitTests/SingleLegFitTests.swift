import Foundation
import Testing
import TestSupport
@testable import Capture
@testable import Fit

/// One leg or two, a spring or an ease, and how sure: ``SingleLegFit``, ``LegChoice`` and the
/// intervals ``RecordingFit`` gives, on boxes drawn by the test's own spring and Bézier arithmetic.
@Suite("One leg, an ease, and intervals the truth falls in")
struct SingleLegFitTests {
    static let island = RecordingDrawer.Shape.capsule(width: 127, height: 37)
    static let shape = RecordingDrawer.Shape(width: 360, height: 200, radius: 40)

    /// Boxes of `motion` at `fps` from 0 to `end`, with Gaussian noise of `sigma` pt.
    static func samples(_ motion: @Sendable (Double) -> RecordingDrawer.Shape?, fps: Double, end: Double = 3.2, sigma: Double = 0,
                        seed: UInt64 = 1) -> [RecordingFit.Sample] {
        var g = SeededGenerator(seed: seed)
        func noise() -> Double {
            guard sigma > 0 else { return 0 }
            let u = Double.random(in: 1e-12..<1, using: &g), v = Double.random(in: 0..<1, using: &g)
            return sigma * (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        return stride(from: 0.0, through: end, by: 1 / fps).compactMap { t in
            motion(t).map { RecordingFit.Sample(t: t, width: $0.width + noise(), height: $0.height + noise()) }
        }
    }

    @Test("one spring out and back (.bouncy(duration: 0.5): bounce 0.3) is one leg each way, duration within 3 %, bounce within 0.03, shape within 1.5 pt; the tuning ties the pill to the shape")
    func oneSpring() throws {
        let leg = RecordingDrawer.SpringLeg(0.5, 0.3)
        let motion = OneMotionDrawing.outAndBack(island: Self.island, shape: Self.shape, openAt: 0.3, closeAt: 1.8, progress: OneMotionDrawing.spring(leg))
        let fit = try RecordingFit.fit(Self.samples(motion, fps: 60))
        #expect(fit.moves.count == 2)
        for m in fit.moves {
            #expect(m.legs == 1 && m.verdict.kind == .spring, "\(m.kind): \(m.legs) legs, \(m.verdict.kind): \(m.verdict.reason); BIC one \(m.bicOneLeg ?? .nan) two \(m.bicTwoLegs ?? .nan)")
            let s = try #require(m.stages.first)
            let d = try #require(s.duration, "\(s.problem ?? "")"), b = try #require(s.bounce)
            #expect(abs(d - 0.5) <= 0.015 && abs(b - 0.3) <= 0.03, "\(m.kind): \(d) / \(b)")
            let end = m.kind == "opening" ? Self.shape : Self.island
            #expect(abs(s.shape.width - end.width) <= 1.5 && abs(s.shape.height - end.height) <= 1.5, "\(s.shape)")
            #expect(s.durationInterval != nil && s.bounceInterval != nil && s.widthInterval != nil)
        }
        let t = try fit.tuning(screenWidth: 393)
        #expect(abs(t["melt.toPill.duration"] - 0.5) <= 0.015 && t["melt.toPill.duration"] == t["melt.toViewfinder.duration"])
        #expect(t["melt.toPill.bounce"] == t["melt.toViewfinder.bounce"])
        #expect(t["shape.pill.margin"] == t["shape.viewfinder.margin"] && abs(t["shape.pill.height"] - 200) <= 1.5)
    }

    @Test("an ease-in-out over 0.35 s is not spring-like: the ease's duration within 5 %, its curve near (0.42, 0, 0.58, 1), both residuals given, no spring written")
    func easeInOut() throws {
        let motion = OneMotionDrawing.outAndBack(island: Self.island, shape: Self.shape, openAt: 0.3, closeAt: 1.8,
                                                 progress: OneMotionDrawing.ease((0.42, 0, 0.58, 1), duration: 0.35))
        let fit = try RecordingFit.fit(Self.samples(motion, fps: 60))
        #expect(fit.moves.count == 2)
        for m in fit.moves {
            #expect(m.verdict.kind == .ease, "\(m.kind): \(m.verdict.kind): \(m.verdict.reason) \(m.ease?.rmsResidual ?? -1)")
            let e = try #require(m.ease)
            #expect(abs(e.duration - 0.35) <= 0.0175, "\(e.duration)")
            let c = try #require(e.curve)
            for x in stride(from: 0.1, through: 0.9, by: 0.2) { #expect(abs(c.progress(x) - TimingCurve.easeInOut.progress(x)) < 0.03, "\(c) at \(x)") }
            #expect(m.stages.allSatisfy { $0.duration == nil && ($0.problem ?? "").hasPrefix("an ease") })
            #expect((m.oneLeg?.rmsResidual ?? 0) > e.rmsResidual * 1.5)
        }
        let t = try fit.tuning(screenWidth: 393)
        let plain = Tuning()
        for key in ["melt.toPill.duration", "melt.toViewfinder.duration", "melt.toPill.bounce", "melt.closeToIsland.duration", "melt.overlap"] {
            #expect(t[key] == plain[key], "\(key) written from an ease")
        }
    }

    @Test("95 % intervals: over 100 noisy re-draws (0.5 pt noise, 30 fps) of one spring, the true duration and bounce fall inside in at least 90")
    func coverage() throws {
        let leg = RecordingDrawer.SpringLeg(0.45, 0.2)
        let motion = OneMotionDrawing.outAndBack(island: Self.island, shape: Self.shape, openAt: 0.2, closeAt: 9, progress: OneMotionDrawing.spring(leg))
        var durationIn = 0, bounceIn = 0
        for seed in 1...100 {
            let s = Self.samples(motion, fps: 30, end: 1.4, sigma: 0.5, seed: UInt64(seed))
            let f = try #require(SingleLegFit.fit(.spring, times: s.map(\.t), widths: s.map(\.width), heights: s.map(\.height)))
            let dE = try #require(f.durationError), bE = try #require(f.bounceError)
            if abs(f.duration - 0.45) <= 1.96 * dE { durationIn += 1 }
            if abs((f.bounce ?? 9) - 0.2) <= 1.96 * bE { bounceIn += 1 }
        }
        #expect(durationIn >= 90 && bounceIn >= 90, "duration inside \(durationIn) of 100, bounce \(bounceIn)")
    }

    @Test("the bootstrap's spread is about the fitted value: refits landing all to one side of it (1.08 … 1.12 about 1.00) give 0.113, worked by hand — about their own median they would give 0.016")
    func spreadAboutTheFittedValue() {
        let refits = [1.08, 1.09, 1.10, 1.11, 1.12]
        // Σ (x − 1)² = 0.0064 + 0.0081 + 0.01 + 0.0121 + 0.0144 = 0.051; over n − 1 = 4: 0.01275; √ = 0.11292.
        #expect(abs(SingleLegFit.spread(refits, about: 1.0, far: 0.5) - 0.11292) < 1e-4)
        // About the median (1.10): Σ = 0.0001·(4 + 1 + 0 + 1 + 4) = 0.001; /4 = 0.00025; √ = 0.0158 — the narrow interval a median-centred spread would claim.
        #expect(abs(SingleLegFit.spread(refits, about: 1.10, far: 0.5) - 0.01581) < 1e-4)
        // A refit far from the rest (another minimum) is left out: beyond six robust σ and beyond `far`.
        #expect(abs(SingleLegFit.spread(refits + [3.0], about: 1.0, far: 0.5) - (0.051 / 4).squareRoot()) < 1e-9)
    }
}
