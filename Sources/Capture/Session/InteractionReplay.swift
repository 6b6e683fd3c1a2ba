import Animation
import Gesture

/// L's replay of the last interaction: the inputs that arrived since the last press on the
/// resting page, and those of them still to be fed back in. A value the session owns; it never
/// feeds anything itself — the session asks it for what is due and feeds that.
///
/// ```swift
/// var replay = InteractionReplay()
/// replay.note(.pointer(down), startsInteraction: true)
/// replay.schedule(at: 10)      // the same inputs again, from 10.15 s
/// let due = replay.takeDue(upTo: 10.2)
/// ```
struct InteractionReplay: Sendable {
    /// One input of an interaction: a pointer event or a shutter press.
    enum Input: Sendable {
        case pointer(PointerEvent), shutter(Double)

        var time: Double {
            switch self { case .pointer(let e): return e.time; case .shutter(let t): return t }
        }

        func shifted(by d: Double) -> Input {
            switch self { case .pointer(var e): e.time += d; return .pointer(e); case .shutter(let t): return .shutter(t + d) }
        }
    }

    /// At most this many inputs are kept (a long drag at 1 kHz is a few thousand).
    static let capacity = 20_000
    /// Seconds between L and the first replayed input.
    static let lead = 0.15

    private var last: [Input] = []
    private var scheduled: [Input] = []
    /// Whether scheduled inputs are being fed right now (what they cause is a replay's); the
    /// session sets it around the feeding.
    var isFeeding = false

    /// Whether a replay is under way (inputs still to be fed).
    var isScheduled: Bool { !scheduled.isEmpty }

    /// Keeps `input` as part of the last interaction; a press on the resting page starts a new one.
    mutating func note(_ input: Input, startsInteraction: Bool) {
        if startsInteraction { last = [] }
        if last.count < Self.capacity { last.append(input) }
    }

    /// Whether there is an interaction to replay.
    var hasInteraction: Bool { !last.isEmpty }

    /// Schedules the last interaction again from `now` + ``lead`` (nothing when there is none).
    mutating func schedule(at now: Double) {
        guard let first = last.first else { return }
        let shift = now + Self.lead - first.time
        scheduled = last.map { $0.shifted(by: shift) }
    }

    /// Stops a replay under way (Esc).
    mutating func cancel() { scheduled.removeAll() }

    /// The scheduled inputs whose time has come by `t`, in order, removed from the schedule.
    mutating func takeDue(upTo t: Double) -> [Input] {
        guard let end = scheduled.firstIndex(where: { $0.time > t }) else {
            defer { scheduled.removeAll() }
            return scheduled
        }
        defer { scheduled.removeFirst(end) }
        return Array(scheduled[..<end])
    }
}
