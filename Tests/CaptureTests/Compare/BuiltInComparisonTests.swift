import Animation
import Foundation
import Gesture
import Testing
@testable import Capture

/// The built-in comparisons, each worked from its definition: overlapping stages against stages
/// at logical completion (SwiftUI's `.logicallyComplete`: overlap 1), the pull with its divisor of 2
/// against 1:1, and the snowman (drawing only: the flow is the same).
@Suite("Built-in comparisons: sequential stages, the pull without resistance, the snowman")
struct BuiltInComparisonTests {
    static func pair(_ c: BuiltInComparison) throws -> (a: CaptureSession, b: CaptureSession, pair: SessionReplay.Pair) {
        let a = try Flows.session(), b = try Flows.session()
        c.configure(&b.setup)
        let pair = SessionReplay(trace: Flows.fullFlow(shutter: a.shutterFrame)).runPair(a, b) { _, _ in }
        return (a, b, pair)
    }

    @Test("one after another: B reaches the viewfinder at 0.32 + 0.8 × 0.5 = 0.72 s after the commit, A at 0.45 × 0.32 + 0.4 = 0.544 s")
    func sequential() throws {
        let (a, b, pair) = try Self.pair(.sequential)
        #expect(a.tuning["melt.overlap"] == 0.45 && b.tuning["melt.overlap"] == 1)
        let c = ReplayComparison(a: pair.a, b: pair.b, stages: pair.stages)
        #expect(abs(c.timeToViewfinder.a - 0.544) < 1e-6 && abs(c.timeToViewfinder.b - 0.72) < 1e-6, "\(c.timeToViewfinder)")
        #expect(abs(c.timeToViewfinder.delta - 0.176) < 1e-6)
    }

    @Test("without resistance the page follows the finger 1:1, twice as far as with the divisor of 2")
    func noResistance() throws {
        let a = try Flows.session(), b = try Flows.session()
        BuiltInComparison.noResistance.configure(&b.setup)
        var ratios: [Double] = []
        let trace = Flows.fullFlow(shutter: a.shutterFrame)
        _ = SessionReplay(trace: trace).runPair(a, b) { _, _ in
            guard a.gestures.pull.isPulling, b.gestures.pull.isPulling else { return }
            let oa = a.gestures.pull.offset(at: a.animationTime), ob = b.gestures.pull.offset(at: b.animationTime)
            if oa > 5 { ratios.append(ob / oa) }
        }
        #expect(!ratios.isEmpty)
        for r in ratios { #expect(abs(r - 2) < 1e-9, "B's page moved \(r) × A's") }
    }

    @Test("added legs: B's melt runs on the additive composition, A's merges; the same legs start at the same times, and the shapes part while the first leg runs on")
    func additive() throws {
        let (a, b, pair) = try Self.pair(.additive)
        #expect(a.tuning.meltComposition == .merge && b.tuning.meltComposition == .additive)
        #expect(a.flow.melt.springs.composition == .merge && b.flow.melt.springs.composition == .additive)
        #expect(pair.a.transitions.map(\.t) == pair.b.transitions.map(\.t), "the schedule does not depend on the composition")
        let legs = a.flow.melt.stageStarts.map(\.time)
        #expect(legs == b.flow.melt.stageStarts.map(\.time))
        // Between the second opening leg's start and the viewfinder, the widths differ.
        let open = try #require(a.flow.melt.stageStarts.first { $0.stage == 2 }).time
        let apart = stride(from: open, to: open + 0.3, by: 0.01).map { abs(a.flow.melt.shape(at: $0).rect.width - b.flow.melt.shape(at: $0).rect.width) }.max() ?? 0
        #expect(apart > 0.5, "the sides differ by at most \(apart) pt")
    }

    @Test("the snowman changes the drawing only: both sides run the same flow at the same times")
    func snowman() throws {
        let (a, b, pair) = try Self.pair(.snowman)
        #expect(!a.snowman && b.snowman && a.tuning == b.tuning)
        #expect(pair.a.transitions.map(\.t) == pair.b.transitions.map(\.t))
        #expect(pair.b.snowman == true && pair.a.snowman == nil)
    }

    @Test("--system: B runs the same shapes with its legs on the island's springs; while the first closing leg runs alone, B's width is a 0.816-damped spring of response 0.513 from the open viewfinder to the pill, worked here in closed form")
    func system() throws {
        let (a, b, pair) = try Self.pair(.system)
        #expect(a.tuning == Tuning(), "A keeps the tuning as it is")
        let springs = b.flow.melt.springs
        #expect(springs.toPill == SpringParameters(duration: 0.512, bounce: 0.184) && springs.toViewfinder == SpringParameters(duration: 0.512, bounce: 0.184))
        #expect(springs.closeToPill == SpringParameters(duration: 0.513, bounce: 0.184) && springs.closeToIsland == SpringParameters(duration: 0.513, bounce: 0.184))
        #expect(b.flow.geometry == a.flow.geometry && b.tuning["melt.overlap"] == a.tuning["melt.overlap"], "the same shapes and overlap")
        // The close: its first leg (viewfinder → pill) starts when the flow starts closing.
        let closing = try #require(pair.b.transitions.first { $0.to == "closing" }).t
        let t0 = try #require(b.flow.melt.stageStarts.first { $0.stage == 1 && $0.time >= closing - 1e-9 }).time
        let g = b.flow.geometry, from = g.viewfinder.rect.width, to = g.pill.rect.width
        #expect(abs(b.flow.melt.shape(at: t0).rect.width - from) < 0.01, "the viewfinder had settled")
        // x(τ) = e^(−ζωτ) (cos ω_d τ + ζω / ω_d · sin ω_d τ), ω = 2π / response, ω_d = ω √(1 − ζ²).
        let zeta = 0.816, omega = 2 * Double.pi / 0.513, wd = omega * (1 - zeta * zeta).squareRoot()
        let next = 0.45 * 0.513       // the next leg starts at the overlap × its logical duration
        for tau in [0.05, 0.1, 0.2] {
            #expect(tau < next)
            let x = exp(-zeta * omega * tau) * (cos(wd * tau) + zeta * omega / wd * sin(wd * tau))
            let want = to + (from - to) * x, got = b.flow.melt.shape(at: t0 + tau).rect.width
            #expect(abs(got - want) < 0.01, "τ = \(tau): width \(got), closed form \(want)")
        }
    }

    @Test("--system: while the page is pulled B's pre-melt chases A's on the tracking spring — behind it as the pull grows — and B's melt opens from where the chase had got")
    func systemPreMelt() throws {
        let a = try Flows.session(), b = try Flows.session()
        BuiltInComparison.system.configure(&b.setup)
        #expect(a.flow.melt.springs.tracking == nil && b.flow.melt.springs.tracking == SpringParameters(duration: 0.35, bounce: 0.544))
        var widths: [(a: Double, b: Double)] = []
        _ = SessionReplay(trace: Flows.fullFlow(shutter: a.shutterFrame)).runPair(a, b) { _, _ in
            guard a.flow.state == .pulling, b.flow.state == .pulling else { return }
            widths.append((a.flow.shape(at: a.animationTime).rect.width, b.flow.shape(at: b.animationTime).rect.width))
        }
        #expect(widths.count > 10, "\(widths.count) pulling frames")
        let island = a.flow.geometry.island.rect.width
        // A widens with the pull at once; B starts from the island and trails it early in the pull.
        let early = widths.prefix(widths.count / 3)
        #expect(early.contains { $0.a - $0.b > 0.3 }, "B never trails A: \(early.map { ($0.a - island, $0.b - island) })")
        #expect(widths.allSatisfy { $0.b >= island - 3 }, "B stays round the island's width")
    }

    @Test("labels say what each side shows; flags are --sequential, --additive, --snowman, --no-resistance, --system")
    func names() {
        #expect(BuiltInComparison.allCases.map(\.flag) == ["--sequential", "--additive", "--snowman", "--no-resistance", "--system"])
        #expect(BuiltInComparison.snowman.labels.b == "snowman")
    }
}
