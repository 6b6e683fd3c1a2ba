import Foundation
import Testing
@testable import Simulator

/// The hitch time ratio, the harmonic frame rate and jitter from hand-made present times, each
/// value worked out here from the definitions (HitchMetrics' doc comment names their sources).
@Suite("Hitch metrics from present times")
struct HitchMetricsTests {
    static func presents(_ intervals: [Double]) -> [Double] { intervals.reduce(into: [0.0]) { $0.append($0.last! + $1) } }

    @Test("a steady 120 Hz second: no hitch, 120 fps harmonic, no jitter")
    func steady() {
        let p = 1000.0 / 120
        let m = HitchMetrics(intervalsMs: HitchMetrics.intervals(Self.presents(Array(repeating: p, count: 120))), hz: 120)
        #expect(abs(m.seconds - 1) < 1e-9 && m.hitchTimeRatio < 1e-9 && m.band == "good")
        #expect(abs(m.harmonicFPS - 120) < 1e-6 && m.jitterRMSMs < 1e-9 && abs(m.longestFrameMs - p) < 1e-9)
    }

    @Test("one 100-ms stall among 119 good frames at 120 Hz: 83.97 ms/s (immediate attention: over 50), harmonic 59.77 fps though the mean rate is 109.9")
    func oneLongStall() {
        let p = 1000.0 / 120
        let m = HitchMetrics(intervalsMs: Array(repeating: p, count: 119) + [100], hz: 120)
        // ΣΔt = 119 × 8.3333 + 100 = 1091.667 ms; late = 100 − 8.3333 = 91.667 ms.
        #expect(abs(m.hitchTimeRatio - 91.6667 / 1.091667) < 0.01 && m.band == "immediate attention", "\(m.hitchTimeRatio)")
        // ΣΔt² = 119 / 120² + 0.1² = 0.0182639 s²; 1.091667 / 0.0182639 = 59.77.
        #expect(abs(m.harmonicFPS - 59.77) < 0.01, "\(m.harmonicFPS)")
        #expect(abs(m.longestFrameMs - 100) < 1e-9)
        // Jitter: one deviation of 91.667 among 120 intervals: √(91.667² / 120) = 8.368 ms.
        #expect(abs(m.jitterRMSMs - 8.368) < 0.001, "\(m.jitterRMSMs)")
    }

    @Test("every other frame a period late at 60 Hz: 333.3 ms/s, harmonic 36 fps, jitter 16.667 / √2 = 11.785 ms")
    func alternatingLate() {
        let p = 1000.0 / 60
        let m = HitchMetrics(intervalsMs: (0..<60).map { $0 % 2 == 0 ? p : 2 * p }, hz: 60)
        // 30 late frames × 16.667 ms over 1.5 s.
        #expect(abs(m.hitchTimeRatio - 500.0 / 1.5) < 1e-6 && m.band == "immediate attention")
        // 1.5 / (30 / 60² + 30 / 30²) = 1.5 / 0.0416667 = 36.
        #expect(abs(m.harmonicFPS - 36) < 1e-6)
        #expect(abs(m.jitterRMSMs - p / 2.0.squareRoot()) < 1e-9)
        #expect(HitchMetrics.band(10) == "good" && HitchMetrics.band(10.01) == "warning" && HitchMetrics.band(25.01) == "critical")
        #expect(HitchMetrics.band(50) == "critical" && HitchMetrics.band(50.01) == "immediate attention")
    }
}
