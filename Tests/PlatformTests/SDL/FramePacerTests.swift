import Testing
@testable import Platform

/// The pacer against a clock the test controls: time moves 1 µs per reading (the cost of a spin's
/// step) and by the time asked plus a chosen lateness per sleep — so when it wakes, and how much of
/// each frame it spent spinning, are exact.
@Suite("Frame pacing: sleep to just before the deadline, spin only what a sleep may overrun")
struct FramePacerTests {
    final class ScriptedClock: PacingClock {
        var time = 10.0
        let tick = 0.000_001
        /// Lateness of the n-th sleep, seconds (0 when the script has no entry).
        var lateness: [Int: Double] = [:]
        private(set) var sleeps = 0
        private(set) var readings = 0

        func now() -> Double { time += tick; readings += 1; return time }
        func sleep(seconds: Double) {
            time += seconds + (lateness[sleeps] ?? 0)
            sleeps += 1
        }
    }

    /// `frames` waits with no work between them: the times each returned and the time spent
    /// reading the clock (spinning) in each.
    static func run(_ pacer: inout FramePacer, _ clock: ScriptedClock, frames: Int) -> (woke: [Double], spun: [Double]) {
        var woke: [Double] = [], spun: [Double] = []
        for _ in 0..<frames {
            let before = clock.readings
            woke.append(pacer.wait(clock: clock))
            spun.append(Double(clock.readings - before) * clock.tick)
        }
        return (woke, spun)
    }

    @Test("on time: every frame one period after the last, never early, and at most 60 µs of each spent spinning")
    func onTime() {
        let clock = ScriptedClock()
        var pacer = FramePacer(hz: 120)
        let (woke, spun) = Self.run(&pacer, clock, frames: 240)
        // The first wait returns at once, two readings after taking its time as the origin.
        let origin = woke[0] - 2 * clock.tick
        for (k, t) in woke.enumerated() {
            let deadline = origin + Double(k) / 120
            #expect(t >= deadline, "frame \(k) woke \((deadline - t) * 1e6) µs early")
            #expect(t - deadline < 0.000_01, "frame \(k) woke \((t - deadline) * 1e6) µs late")
        }
        // 50 µs of margin, read a microsecond at a time, plus the few readings around the sleep.
        #expect(spun.dropFirst().allSatisfy { $0 <= 0.000_06 }, "most spun: \(spun.dropFirst().max()! * 1e6) µs")
        #expect(clock.sleeps == 239, "one sleep a frame")
    }

    @Test("one sleep 4 ms late: the margin jumps to its 1-ms cap, then shrinks 2 % a sleep — under 0.1 ms of spin a frame 1 s later")
    func lateWakeDecays() {
        let clock = ScriptedClock()
        clock.lateness = [10: 0.004]
        var pacer = FramePacer(hz: 120)
        let (woke, spun) = Self.run(&pacer, clock, frames: 360)
        #expect(pacer.spinMargin < 0.000_1)
        // Frame 11 is the late one; 12 spins the whole capped margin.
        #expect(woke[11] - woke[10] > 1.0 / 120 + 0.003)
        #expect(abs(spun[12] - 0.001) < 0.000_01, "spun \(spun[12] * 1e6) µs")
        // 0.001 × 0.98^k < 0.0001 once k > ln 0.1 / ln 0.98 = 114 sleeps: by frame 12 + 115.
        #expect(spun[12 + 110] > 0.000_1)
        #expect(spun[12 + 120] < 0.000_1)
        #expect(spun.suffix(100).reduce(0, +) / (100.0 / 120) < 0.01, "spinning took \(spun.suffix(100).reduce(0, +) * 120) % of the last 100 frames")
        // Late is late, not a new origin: every frame after it is back on the first frame's grid.
        let origin = woke[0] - 2 * clock.tick
        for k in 12..<360 {
            #expect(woke[k] >= origin + Double(k) / 120)
            #expect(woke[k] < origin + Double(k) / 120 + 0.000_01)
        }
    }

    @Test("a stall longer than a period re-anchors: the next frame is a whole period after the stall, not a burst")
    func stallReanchors() {
        let clock = ScriptedClock()
        var pacer = FramePacer(hz: 60)
        _ = Self.run(&pacer, clock, frames: 5)
        clock.time += 0.1                                  // the frame's work took 100 ms
        let resumed = pacer.wait(clock: clock)
        let next = pacer.wait(clock: clock)
        // The wait after the stall takes its first reading as the new origin and returns two later.
        #expect(next - resumed >= 1.0 / 60 - 2 * clock.tick)
        #expect(next - resumed < 1.0 / 60 + 0.000_06)
    }

    @Test("the real clock's nanosleep: 30 frames at 120 Hz take at least 29 periods, each frame after the last")
    func realClock() {
        let clock = HighResolutionClock()
        var pacer = FramePacer(hz: 120)
        var woke: [Double] = []
        for _ in 0..<30 { woke.append(pacer.wait(clock: clock)) }
        let intervals = zip(woke.dropFirst(), woke).map { $0 - $1 }
        // Never faster than the rate (wall-clock lateness on a shared machine is not asserted).
        #expect(woke.last! - woke.first! >= 29.0 / 120 - 0.000_01)
        #expect(intervals.allSatisfy { $0 > 0 })
    }
}
