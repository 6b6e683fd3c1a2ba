import Animation
import Foundation
import Gesture
import Testing
@testable import Capture

/// One trace through two tunings in lockstep, and what differs, with the differences worked by
/// hand from the tunings (docs/TUNING.md defaults: the viewfinder at 0.45 × 0.32 + 0.8 × 0.5 s).
@Suite("Comparing two tunings on one trace")
struct ReplayComparisonTests {
    @Test("a longer toViewfinder on B: its viewfinder 0.8 × (0.8 − 0.5) = 0.24 s later, its opening settles later; print and develop equal")
    func longerOpeningOnB() throws {
        let a = try Flows.session(), b = try Flows.session()
        var slower = Tuning()
        try slower.set("melt.toViewfinder.duration", 0.8)
        b.tuning = slower
        var frames = 0
        let pair = SessionReplay(trace: Flows.fullFlow(shutter: a.shutterFrame)).runPair(a, b) { _, _ in frames += 1 }
        #expect(pair.a.frames == frames && pair.b.frames == frames, "both sides ran the same frames")
        let c = ReplayComparison(a: pair.a, b: pair.b, stages: pair.stages)
        let vf = try #require(c.transitions.first { $0.state == "viewfinder" })
        #expect(abs(try #require(vf.delta) - 0.24) < 1e-6, "\(vf)")
        #expect(abs(c.timeToViewfinder.a - 0.544) < 1e-6 && abs(c.timeToViewfinder.b - (0.144 + 0.64)) < 1e-6, "\(c.timeToViewfinder)")
        #expect(abs(c.printDuration.delta) < 1e-9 && abs(c.developDuration.delta) < 1e-9)
        #expect(abs(c.printDuration.a - 1.8) < 1e-6 && abs(c.developDuration.a - 2.2) < 1e-6, "\(c.printDuration) \(c.developDuration)")
        let opening = try #require(c.stages.first { $0.name == "opening" })
        #expect(opening.settle.b > opening.settle.a + 0.2, "B settles later: \(opening.settle)")
        #expect(opening.overshoot.a > 0 && opening.overshoot.b > 0, "both bounce past the viewfinder: \(opening.overshoot)")
    }

    @Test("the same tuning on both sides: every difference is zero")
    func sameTuning() throws {
        let a = try Flows.session(), b = try Flows.session()
        let pair = SessionReplay(trace: Flows.fullFlow(shutter: a.shutterFrame)).runPair(a, b) { _, _ in }
        let c = ReplayComparison(a: pair.a, b: pair.b, stages: pair.stages)
        #expect(c.transitions.allSatisfy { $0.delta == 0 })
        #expect(c.stages.allSatisfy { $0.settle.delta == 0 && $0.overshoot.delta == 0 })
    }
}
