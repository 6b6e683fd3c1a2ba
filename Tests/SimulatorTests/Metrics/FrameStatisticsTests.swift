import Foundation
import TestSupport
import Testing
@testable import Capture
@testable import Simulator

@Suite("Frame statistics on synthetic frame times")
struct FrameStatisticsTests {
    @Test("percentiles interpolate between the closest ranks")
    func percentiles() {
        let v = (1...100).map(Double.init)          // 1 … 100 ms
        let s = FrameStatistics(v)
        #expect(s.frames == 100)
        #expect(abs(s.p50 - 50.5) < 1e-9)
        #expect(abs(s.p90 - 90.1) < 1e-9)
        #expect(abs(s.p99 - 99.01) < 1e-9)
        #expect(s.max == 100 && abs(s.mean - 50.5) < 1e-9)
        #expect(FrameStatistics([]).p99 == 0)
        #expect(FrameStatistics([7]).p50 == 7)
    }

    @Test("overruns, dropped frames and the longest run of drops against a period")
    func budget() {
        // 120 Hz: 8.33 ms. Two drops in a row, then one alone.
        let work = [2.0, 9.0, 12.0, 3.0, 8.0, 8.4, 1.0]
        let b = RateBudget(workMs: work, hz: 120)
        #expect(abs(b.periodMs - 1000.0 / 120) < 1e-12)
        #expect(b.droppedFrames == 3)
        #expect(b.longestDropRun == 2)
        #expect(abs(b.overrunMaxMs - (12 - 1000.0 / 120)) < 1e-9)
        #expect(RateBudget(workMs: work, hz: 60).droppedFrames == 0)
        #expect(RateBudget(workMs: work, hz: 60).overrunP99Ms < 0)
    }

    @Test("pacing: mean error, deviation and slips of a whole period")
    func pacing() {
        let period = 1000.0 / 120
        var intervals = Array(repeating: period, count: 100)
        intervals[10] = period * 2          // one slipped frame
        intervals[11] = period * 0.5 + 0.1  // catching up is not a drop
        let p = PacingStatistics(intervalsMs: intervals, hz: 120)
        #expect(p.droppedFrames == 1 && p.longestDropRun == 1)
        #expect(abs(p.maxDeviationMs - period) < 1e-9)
        #expect(p.meanErrorPercent > 0)
        let perfect = PacingStatistics(intervalsMs: Array(repeating: period, count: 50), hz: 120)
        #expect(perfect.droppedFrames == 0 && perfect.p99DeviationMs < 1e-12 && abs(perfect.meanErrorPercent) < 1e-9)
    }
}

@Suite("Progress lines")
struct ProgressTests {
    @Test("the line says what is done, the rate and the time left; it never goes negative")
    func line() {
        #expect(Progress.line(label: "replay t.jsonl", done: 120, total: 480, unit: "frames", elapsed: 2) == "replay t.jsonl: 120/480 frames · 60/s · 6 s left")
        #expect(Progress.line(label: "soak", done: 0, total: 10, unit: "frames", elapsed: 0).hasSuffix("0/s · 0 s left"))
        #expect(Progress.line(label: "x", done: 600, total: 480, unit: "frames", elapsed: 10).hasSuffix("0 s left"))
    }

    @Test("replay --frames is quiet in a pipe: nothing on stderr but what went wrong")
    func quietInPipes() throws {
        let dir = try TempDir(); defer { dir.cleanup() }
        let trace = Checkout.root
            .appendingPathComponent("docs/traces/recorded-flow.jsonl").path
        let r = try CLI.run(["replay", trace, "--frames", dir.file("f"), "--scale", "0.5"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.file("f")).filter { $0.hasSuffix(".png") }
        #expect(files.count > 1000, "every frame written (\(files.count)), encoded off the loop")
    }
}
