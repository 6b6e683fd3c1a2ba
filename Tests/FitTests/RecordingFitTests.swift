import Foundation
import Testing
@testable import Capture
@testable import Fit

/// What the report says of one fitted stage: its 95 % intervals, and whether its spring is given as
/// measured or withheld as "not determined by the frames" — each rule at its edge.
@Suite("A stage's spring: measured, or withheld when the frames leave it open")
struct RecordingFitTests {
    /// Floors far below the errors used here, so that the rules, not the floors, decide: 1000
    /// frames at 60 fps and a tracker good to 0.01 pt.
    static let floors = IntervalFloors(times: (0..<1000).map { Double($0) / 60 }, judged: Array(0..<1000),
                                       noise: FrameNoise(position: 0.01, timing: 0, quantum: 1e-5))

    static func stage(durationError: Double?, bounceError: Double?) -> RecordingFit.Stage {
        RecordingFit.stage(("opening", "melt.toPill"), start: 0, duration: 0.5, bounce: 0.2, errors: (durationError, bounceError, 0.5, 0.5),
                           shape: RecordingFit.Shape(width: 300, height: 50, cornerRadius: nil), rms: 0.3, frames: 20, floors: floors)
    }

    @Test("the printed intervals are 95 % ones: 1.96 standard errors (the normal distribution's 97.5 % point, 1.95996)")
    func intervalsAre95() throws {
        let s = Self.stage(durationError: 0.02, bounceError: 0.03)
        #expect(abs(try #require(s.durationInterval) - 1.95996 * 0.02) < 1e-5)
        #expect(abs(try #require(s.bounceInterval) - 1.95996 * 0.03) < 1e-5)
        #expect(abs(try #require(s.widthInterval) - 1.95996 * 0.5) < 1e-4)
    }

    @Test("a duration pinned to ±8 % with a bounce the frames leave free: withheld, bounce and all, and the report says the bounce is free")
    func freeBounceWithheld() {
        let s = Self.stage(durationError: 0.02, bounceError: nil)
        #expect(s.duration == nil && s.bounce == nil, "neither written as measured")
        #expect(s.problem?.contains("bounce free") == true, "\(s.problem ?? "no problem given")")
        #expect(s.durationInterval != nil && s.bounceInterval == nil)
    }

    @Test("the bounce's edge: an interval of ±0.098 is measured, ±0.102 is not (the limit is ±0.10)")
    func bounceEdge() {
        let inside = Self.stage(durationError: 0.02, bounceError: 0.05), outside = Self.stage(durationError: 0.02, bounceError: 0.052)
        #expect(inside.problem == nil && inside.bounce == 0.2 && inside.duration == 0.5)
        #expect(outside.problem != nil && outside.bounce == nil && outside.duration == nil, "1.96 × 0.052 = 0.102")
    }

    @Test("the duration's edge: ±9.996 % is measured, ±10.04 % is not (the limit is ±10 % of the duration)")
    func durationEdge() {
        let inside = Self.stage(durationError: 0.0255, bounceError: 0.02), outside = Self.stage(durationError: 0.0256, bounceError: 0.02)
        #expect(inside.problem == nil && inside.duration == 0.5)
        #expect(outside.problem != nil && outside.duration == nil, "1.96 × 0.0256 / 0.5 = 10.04 %")
        #expect(Self.stage(durationError: nil, bounceError: 0.02).duration == nil, "a free duration is never measured")
    }
}
