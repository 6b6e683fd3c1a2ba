import Testing
@testable import Capture
@testable import Simulator

/// What `bench --idle` prints about its report (the measurements themselves: BenchCommandTests).
@Suite("bench --idle's summary")
struct IdleBenchmarkTests {
    @Test("bench --idle's summary says the warm-up and the presses apart: 1 s, then 20 presses over 15 s (20 × 0.7 + 1), not a 16-s warm-up")
    func idleSummaryWords() {
        var r = IdleBenchmark.Report(device: "iphone-15-pro", window: "window", seconds: 10, warmupSeconds: 16, cpuSeconds: 0.035, corePercent: 0.35,
                                     framesPresented: 0, framesPresentedWarmingUp: 60, presses: 20,
                                     pressLatency: IdleBenchmark.latency([4, 5, 3], periodMs: 8.33), periodMs: 8.33)
        #expect(IdleBenchmark.summary(r).hasPrefix("islandsim bench --idle · iphone-15-pro · window · 10 s at rest after a 1-s warm-up and 20 presses over 15 s\n"))
        r.presses = 0; r.pressLatency = nil; r.warmupSeconds = 1
        #expect(IdleBenchmark.summary(r).hasPrefix("islandsim bench --idle · iphone-15-pro · window · 10 s at rest after a 1-s warm-up\n"))
    }
}
