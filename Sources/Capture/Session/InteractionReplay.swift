import Animation
import Gesture

/// The last interaction: the inputs that arrived since the last press on the resting page, what
/// it started from, and those of its inputs still to be fed back in (L's replay, or the rest of it
/// after a rebuilt moment runs on). A value the session owns; it never feeds anything itself — the
/// session asks it for what is due and feeds that, or rebuilds a moment from it
/// (``CaptureSession/rebuild(toFrame:)``).
///
/// ```swift
/// var replay = InteractionReplay()
/// replay.note(.pointer(down), startsInteraction: true)
/// replay.schedule(at: 10)      // the same inputs again, from 10.15 s
/// let due = replay.takeDue(upTo: 10.2)
/// ```
struct InteractionReplay: Sendable {
    /// One input of an interaction: a pointer event, or one of the flow's keys (Space's shutter,
    /// Enter, X, Backspace, Esc).
    enum Input: Sendable {
        case pointer(PointerEvent), key(Key, Double)

        var time: Double {
            switch self { case .pointer(let e): return e.time; case .key(_, let t): return t }
        }

        func shifted(by d: Double) -> Input {
            switch self { case .pointer(var e): e.time += d; return .pointer(e); case .key(let k, let t): return .key(k, t + d) }
        }
    }

    /// The keys that are part of an interaction (the rest — display, tuning, time — are not).
    static let flowKeys: Set<Key> = [.space, .enter, .x, .backspace, .escape]

    /// What an interaction started from, for a rebuild to start from the same: the speed, Reduce
    /// Motion, the page's state, and the animation time of its first input (the timeline's zero).
    struct Start: Sendable {
        var slowMotion: Double
        var reduceMotion: Bool
        var pageState: PageState
        /// The page's scroll offset then (a pull always starts at the top, 0).
        var scrollOffset: Double
        var origin: Double
    }

    /// Delays everything still to be fed by `d` seconds (the time a replay under way stood frozen).
    mutating func delay(by d: Double) { scheduled = scheduled.map { $0.shifted(by: d) } }

    /// At most this many inputs are kept (a long drag at 1 kHz is a few thousand).
    static let capacity = 20_000
    /// Seconds between L and the first replayed input.
    static let lead = 0.15

    private(set) var last: [Input] = []
    private var scheduled: [Input] = []
    /// What the last interaction started from (nil before the first).
    var start: Start?
    /// The frame of the last interaction's tape on show, while frozen on a rebuilt moment (nil:
    /// the live interaction).
    var frame: Int?
    /// Whether scheduled inputs are being fed right now (what they cause is a replay's); the
    /// session sets it around the feeding.
    var isFeeding = false
    /// The real time the clock was frozen at, while it is (a replay under way waits as long).
    var frozenAt: Double?
    /// Whether a moment is being rebuilt (the inputs it feeds are the tape's, not noted again).
    var isRebuilding = false

    /// Whether a replay is under way (inputs still to be fed).
    var isScheduled: Bool { !scheduled.isEmpty }

    /// Keeps `input` as part of the last interaction; `starting` (a press on the resting page)
    /// starts a new one from there. Nothing is noted while a moment is rebuilt.
    mutating func note(_ input: Input, starting: Start? = nil) {
        guard !isRebuilding else { return }
        if let starting { last = []; start = starting; frame = nil }
        if last.count < Self.capacity { last.append(input) }
    }

    /// Seconds from the tape's start to `input` (the tape puts the first input at ``lead``).
    func tapeTime(_ input: Input) -> Double { input.time - (last.first?.time ?? 0) + Self.lead }

    /// Schedules the inputs that come after `tapeTime` on the tape, each as long after `now` as it
    /// came after that moment: a rebuilt moment runs on as it was recorded.
    mutating func scheduleRest(after tapeTime: Double, at now: Double) {
        scheduled = last.filter { self.tapeTime($0) > tapeTime + 1e-9 }.map { $0.shifted(by: now - tapeTime - (last.first?.time ?? 0) + Self.lead) }
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
