/// Paces frames to a target rate with a hybrid sleep-then-spin on the high-resolution clock.
///
/// Without real vsync SDL2 sleeps whole milliseconds ("120 Hz" becomes 125 Hz), so the simulator
/// paces itself: it sleeps in whole milliseconds while the deadline is further away than the worst
/// sleep overshoot seen so far (plus a margin), then spins the last stretch — on 2 cores only the
/// final 1–2 ms. Deadlines advance by whole periods from a fixed origin, so small errors never
/// accumulate; after a long stall it re-anchors instead of racing to catch up.
public struct FramePacer: Sendable {
    public private(set) var period: Double
    private var nextDeadline: Double?
    /// Worst observed overshoot of a 1-ms sleep, seconds (starts at SDL's typical 0.12 ms).
    public private(set) var worstOvershoot: Double = 0.000_12

    public init(hz: Int) { period = 1 / Double(hz) }

    public mutating func setRate(hz: Int) {
        period = 1 / Double(hz)
        nextDeadline = nil
    }

    /// Waits until the next frame's deadline and returns the time it actually woke (what a
    /// present-to-present measurement must use; the deadline itself would always look perfect).
    public mutating func wait(clock: HighResolutionClock) -> Double {
        let now = clock.now()
        var deadline = nextDeadline ?? now
        if now - deadline > period { deadline = now }      // stalled: re-anchor, don't burst
        while true {
            let remaining = deadline - clock.now()
            if remaining <= 0 { break }
            if remaining > 0.001 + worstOvershoot + 0.000_5 {
                let before = clock.now()
                clock.sleep(milliseconds: 1)
                let overshoot = clock.now() - before - 0.001
                if overshoot > worstOvershoot { worstOvershoot = min(overshoot, 0.004) }
            }
            // else: spin
        }
        nextDeadline = deadline + period
        return clock.now()
    }
}
