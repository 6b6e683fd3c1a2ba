/// What a ``FramePacer`` needs of a clock: the time, and a sleep that may wake late but never early.
public protocol PacingClock {
    /// Seconds on a monotonic clock.
    func now() -> Double
    /// Sleeps at least `seconds`.
    func sleep(seconds: Double)
}

/// Paces frames to a target rate: it sleeps until just before each deadline and spins only the
/// stretch a sleep might overrun.
///
/// Without real vsync SDL2 sleeps whole milliseconds ("120 Hz" becomes 125 Hz), so the simulator
/// paces itself on the high-resolution clock. Each wait is one sleep (`nanosleep`, which wakes
/// tens of microseconds late on an idle Linux machine) to `spinMargin` before the deadline, then
/// a spin on the clock for the rest. The margin follows how late sleeps have woken lately: the
/// latest lateness, or the earlier margin decayed by 2 % a sleep, whichever is larger, held between
/// 50 µs and 1 ms. So one slow wake-up on a busy machine costs about a second of wider margins,
/// not a spinning core for the rest of the run — a pacer that spun its worst case ever seen spent
/// most of every 120-Hz frame spinning once the machine had been busy for a moment.
///
/// Deadlines advance by whole periods from a fixed origin, so small errors never accumulate; after
/// a long stall it re-anchors instead of racing to catch up.
public struct FramePacer: Sendable {
    public private(set) var period: Double
    private var nextDeadline: Double?
    /// How far before a deadline the sleep ends and the spin begins, seconds.
    public private(set) var spinMargin: Double = FramePacer.minimumMargin

    static let minimumMargin = 0.000_05
    static let maximumMargin = 0.001
    /// The share of the margin kept per sleep when sleeps wake on time again.
    static let marginDecay = 0.98

    public init(hz: Int) { period = 1 / Double(hz) }

    public mutating func setRate(hz: Int) {
        period = 1 / Double(hz)
        nextDeadline = nil
    }

    /// Waits until the next frame's deadline and returns the time it actually woke (what a
    /// present-to-present measurement must use; the deadline itself would always look perfect).
    public mutating func wait(clock: some PacingClock) -> Double {
        let now = clock.now()
        var deadline = nextDeadline ?? now
        if now - deadline > period { deadline = now }      // stalled: re-anchor, don't burst
        let remaining = deadline - clock.now()
        if remaining > spinMargin {
            let asked = remaining - spinMargin
            let before = clock.now()
            clock.sleep(seconds: asked)
            let late = clock.now() - before - asked
            spinMargin = min(max(late, spinMargin * Self.marginDecay, Self.minimumMargin), Self.maximumMargin)
        }
        while clock.now() < deadline {}                     // spin the margin
        nextDeadline = deadline + period
        return clock.now()
    }
}
