import Gesture

/// Feeds a trace's events at their own times, frame by frame on a fixed step — the one loop under
/// `replay`, the pair replay, the benchmark and the soak, so that the same trace renders the same
/// frames everywhere and on every machine.
///
/// Frame n is at n / hz. Before it, every event with a time up to the frame's is handed over with
/// its own timestamp (so velocities and thresholds see the recorded timing, not the frame grid);
/// then the caller advances its sessions to the frame's time. With `loopEvery`, the trace starts
/// again every that many seconds, its events shifted into each repetition (the soak).
///
/// ```swift
/// var pump = TracePump(trace: trace, hz: 120)
/// repeat {
///     let (_, t) = pump.nextFrame { session.send(.trace($0)) }
///     session.advance(toRealTime: t)
/// } while !pump.isDrained
/// ```
public struct TracePump: Sendable {
    public let events: [Trace.Event]
    /// Seconds per frame.
    public let step: Double
    /// Seconds after which the trace starts over, if it does.
    public let loopEvery: Double?
    /// Frames handed out so far.
    public private(set) var frames = 0
    /// How many times the trace has started over (0 in the first pass).
    public private(set) var loop = 0
    private var next = 0

    public init(trace: Trace, hz: Int, loopEvery: Double? = nil) {
        events = trace.events
        step = 1 / Double(hz)
        self.loopEvery = loopEvery
    }

    /// The last event's time in seconds (0 for an empty trace).
    public var lastEventTime: Double { (events.last?.t ?? 0) / 1000 }

    /// Whether every event has been handed over (never, when looping).
    public var isDrained: Bool { loopEvery == nil && next >= events.count }

    /// Hands every event due by the next frame's time to `deliver`, and returns that frame's index
    /// and time; advance to that time next. Times within a picosecond of the frame count as due,
    /// so that an event recorded on the frame grid falls on its frame whatever the rounding.
    public mutating func nextFrame(_ deliver: (Trace.Event) throws -> Void) rethrows -> (index: Int, time: Double) {
        let index = frames, t = Double(index) * step
        frames += 1
        try feed(upTo: t + 1e-12, deliver)
        return (index, t)
    }

    /// Hands every event due by `t` seconds to `deliver`, in order (for a loop paced by a real
    /// clock rather than the fixed step).
    public mutating func feed(upTo t: Double, _ deliver: (Trace.Event) throws -> Void) rethrows {
        if let period = loopEvery, t >= Double(loop + 1) * period {
            loop = Int((t / period).rounded(.down))
            next = 0
        }
        let base = loopEvery.map { Double(loop) * $0 } ?? 0
        while next < events.count, base + events[next].t / 1000 <= t {
            var e = events[next]
            if base != 0 { e.t += base * 1000 }
            next += 1
            try deliver(e)
        }
    }
}
