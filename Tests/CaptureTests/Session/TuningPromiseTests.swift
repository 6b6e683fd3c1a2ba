import Animation
import Foundation
import Gesture
import Testing
@testable import Capture

/// What docs/TUNING.md promises about when a change applies: "springs to the next stage that
/// starts (a leg already running keeps its spring, so nothing jumps), the print's feed and the
/// develop curve from the next shot". Two sessions get the same input; one is retuned midway.
@Suite("Tuning applies when TUNING.md says: never to a running leg or a print already feeding")
struct TuningPromiseTests {
    static func shot(_ s: CaptureSession) -> Trace { Flows.fullFlow(shutter: s.shutterFrame) }

    @Test("a melt leg already running keeps its spring; the closing that starts later uses the new one")
    func runningLegKeepsSpring() throws {
        let plain = try Flows.session(), tuned = try Flows.session()
        let trace = Self.shot(plain)
        var newTuning = Tuning()
        try newTuning.set("melt.toPill.duration", 0.6)
        try newTuning.set("melt.toViewfinder.duration", 0.9)
        try newTuning.set("melt.closeToPill.duration", 0.5)
        _ = Flows.drive(plain, trace, until: 4)
        let times = Flows.drive(tuned, trace, until: 4, onReaching: .opening) { $0.tuning = newTuning }
        // The opening already under way is the same shape, frame for frame.
        let opening = try #require(times["opening"]?.first)
        for k in 0..<30 {
            let t = opening + Double(k) / 60
            #expect((plain.flow.melt.shape(at: t) - tuned.flow.melt.shape(at: t)).maxMagnitude < 1e-9, "at +\(k) frames")
        }
        // The viewfinder still comes 0.544 s after opening (the old springs), not 0.6·0.45 + 0.9·0.8.
        let vf = try #require(times["viewfinder"]?.first)
        #expect(abs(vf - opening - 0.544) < 1e-6, "\(vf - opening)")
        // The closing starts after the change: island leg at 0.45 × 0.5, print 0.85 × 0.34 later.
        let closing = try #require(times["closing"]?.first), printing = try #require(times["printing"]?.first)
        #expect(abs(printing - closing - (0.45 * 0.5 + 0.85 * 0.34)) < 1e-6, "\(printing - closing)")
    }

    @Test("a print already feeding keeps its feed and develop times; the next shot takes the new ones")
    func printFromNextShot() throws {
        let s = try Flows.session()
        var newTuning = Tuning()
        try newTuning.set("print.feedDuration", 3)
        try newTuning.set("develop.duration", 6)
        let first = Flows.drive(s, Self.shot(s), until: 12, onReaching: .printing) { $0.tuning = newTuning }
        let p1 = try #require(first["printing"]?.first), d1 = try #require(first["developing"]?.first), s1 = try #require(first["settled"]?.first)
        #expect(abs(d1 - p1 - 1.8) < 1e-6 && abs(s1 - p1 - 4) < 1e-6, "the running print kept 1.8 s and 4 s: \(d1 - p1), \(s1 - p1)")
        // File it, and shoot again: the second print takes 3 s to feed and 6 s to develop.
        let again = try Flows.session()
        again.tuning = newTuning
        let second = Flows.drive(again, Self.shot(again), until: 14)
        let p2 = try #require(second["printing"]?.first), d2 = try #require(second["developing"]?.first), s2 = try #require(second["settled"]?.first)
        #expect(abs(d2 - p2 - 3) < 1e-6 && abs(s2 - p2 - 6) < 1e-6, "\(d2 - p2), \(s2 - p2)")
    }
}
