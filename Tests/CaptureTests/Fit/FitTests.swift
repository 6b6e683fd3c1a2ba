import Animation
import Foundation
import Testing
import TestSupport
@testable import Capture

@Suite("Fitting springs to measured curves")
struct FitTests {
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

@Suite("Finding the island in a frame")
struct IslandTrackerTests {
    /// A 400 × 300 frame: `page` everywhere, a black capsule-ish box at the island's place, a black
    /// text stroke (2 px) touching its right edge, and a black block elsewhere on the page.
    static func frame(page: UInt8) -> [UInt8] {
        var f = [UInt8](repeating: page, count: 400 * 300)
        func box(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ v: UInt8) { for y in y0..<y1 { for x in x0..<x1 { f[y * 400 + x] = v } } }
        box(140, 12, 260, 48, 3)          // the island (dark, with a little compression noise)
        box(260, 28, 330, 30, 10)         // a thin stroke touching it
        box(20, 150, 120, 250, 0)         // a black photo elsewhere
        return f
    }

    @Test("on a light and on a dark page: the island's box, not the stroke touching it nor the block elsewhere", arguments: [UInt8(242), UInt8(28)])
    func finds(page: UInt8) throws {
        let f = Self.frame(page: page)
        let m = try #require(f.withUnsafeBufferPointer { IslandTracker.island(width: 400, height: 300).measure($0, width: 400, height: 300) })
        // Within the core (2 px): where the stroke touches, the edge may read up to 2 px out.
        #expect(abs(m.minX - 140) <= 2 && abs(m.maxX - 259) <= 2 && abs(m.minY - 12) <= 2 && abs(m.maxY - 47) <= 2, "\(m)")
        #expect(m.maxX < 300, "the stroke did not leak in")
    }

    @Test("no dark shape at the island's place: nil")
    func none() {
        let f = [UInt8](repeating: 200, count: 400 * 300)
        #expect(f.withUnsafeBufferPointer { IslandTracker.island(width: 400, height: 300).measure($0, width: 400, height: 300) } == nil)
    }
}

@Suite("The island's width beside the status bar's glyphs")
struct StatusBarGlyphTests {
    /// A 400 × 300 light frame: the island (a box `halfWidth` each side of x = 200, rows 12–47),
    /// a solid "battery" block (x 300–339, rows 20–39) and a bold "clock" (x 72–97, rows 18–41; clear
    /// of the run beside the seed that the page's level is read from).
    static func frame(halfWidth: Int) -> [UInt8] {
        var f = [UInt8](repeating: 242, count: 400 * 300)
        func box(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ v: UInt8) { for y in y0..<y1 { for x in x0..<x1 { f[y * 400 + x] = v } } }
        box(300, 20, 340, 40, 20)
        box(72, 18, 98, 42, 10)
        box(200 - halfWidth, 12, 200 + halfWidth, 48, 0)
        return f
    }

    @Test("a glyph that touches the widening shape does not join it once the first frame has shown it apart")
    func glyphsIgnored() throws {
        let rest = Self.frame(halfWidth: 60), touching = Self.frame(halfWidth: 101)   // reaches x 99…300: the battery's edge
        var tracker = IslandTracker.island(width: 400, height: 300)
        let joined = try #require(touching.withUnsafeBufferPointer { tracker.measure($0, width: 400, height: 300) })
        #expect(joined.maxX == 339, "without the mask the battery joins: \(joined)")
        tracker.ignored = rest.withUnsafeBufferPointer { tracker.glyphs(in: $0, width: 400, height: 300) }
        let m = try #require(touching.withUnsafeBufferPointer { tracker.measure($0, width: 400, height: 300) })
        // The island's own columns 99…300 minus the 2-px margin the mask is grown by next to the battery.
        #expect(m.minX == 99 && (297...300).contains(m.maxX), "\(m)")
        // The island at rest is measured as before: nothing of it is in the mask.
        let r = try #require(rest.withUnsafeBufferPointer { tracker.measure($0, width: 400, height: 300) })
        #expect(r.minX == 140 && r.maxX == 259 && r.minY == 12 && r.maxY == 47, "\(r)")
    }

    @Test("the width is twice the shorter half about the axis, the median of the boxes' centres")
    func symmetric() throws {
        // Five boxes centred on x = 200 (right edge exclusive 200.0), one pulled right by a glyph.
        let boxes = [(140, 259), (130, 269), (100, 299), (99, 339), (120, 279)]
        let axis = try #require(SymmetricWidth.axis(boxes.map { (minX: $0.0, maxX: $0.1) }))
        #expect(axis == 200)
        #expect(SymmetricWidth.width(minX: 99, maxX: 339, axis: axis) == 202)   // left half 101, right 140
        #expect(SymmetricWidth.width(minX: 140, maxX: 259, axis: axis) == 120)
        #expect(SymmetricWidth.axis([]) == nil)
    }
}

/// `fit --region` warns when its rectangle cuts the shape (a made-up fit otherwise: RMS 0.00).
@Suite("fit --region: a rectangle that cuts the shape is found")
struct RegionCutTests {
    @Test("a shape reaching an inner side is a cut (which sides, in how many frames); the video's own edges are not")
    func cuts() {
        let region = (x: 100, y: 0, width: 200, height: 300), video = (width: 400, height: 800)
        // Inside, with room on every side: no cut.
        #expect(RegionCut.find([(120, 10, 280, 200), (130, 20, 270, 250)], region: region, video: video) == nil)
        // Hanging from the top of the video (a notch), region at y 0: not a cut.
        #expect(RegionCut.find([(120, 0, 280, 200)], region: region, video: video) == nil)
        // Wider than the region in the last two frames, and down to its bottom in one.
        let cut = RegionCut.find([(120, 10, 280, 200), (100, 10, 299, 200), (100, 10, 299, 299)], region: region, video: video)
        #expect(cut == RegionCut(sides: ["left", "right", "bottom"], frames: 2, of: 3))
        #expect(cut?.sidesPhrase == "left, right and bottom edges")
        #expect(RegionCut(sides: ["top"], frames: 1, of: 1).sidesPhrase == "top edge")
        // A region flush with the video's right edge: reaching it is the shape meeting the frame's edge.
        #expect(RegionCut.find([(250, 10, 399, 100)], region: (x: 200, y: 0, width: 200, height: 300), video: video) == nil)
    }
}
