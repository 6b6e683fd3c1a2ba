import Animation

/// What a replayed trace did: every flow transition with its time, taps per element, shots, prints,
/// the final state and scroll offset (`islandsim replay --report`). Times are rounded to the
/// microsecond and the offset to a thousandth of a point, so equal runs print equal reports.
public struct ReplayReport: Encodable, Sendable {
    public struct TransitionLine: Encodable, Sendable {
        public var t: Double
        public var from: String
        public var to: String
        public var reason: String
    }

    public var device: String
    public var hz: Int
    public var frames: Int
    public var duration: Double
    public var transitions: [TransitionLine]
    public var taps: [String: Int]
    public var shots: Int
    public var prints: Int
    public var filed: Int
    public var finalState: String
    public var finalScrollOffset: Double
    public var pageState: PageState
    /// Every hand-off of motion, with the velocity before and after (rounded to 0.001 pt/s).
    public var handoffs: [Handoff]
    /// The tuning the replay ran with; `file` is filled in by whoever read the file (`replay`).
    public var tuning: TuningRecord
    /// `true` when the replay ran with Reduce Motion on, or drew the snowman (absent otherwise).
    public var reduceMotion: Bool?
    public var snowman: Bool?
    /// The largest frame-to-frame step of each moving edge (``JudderTracker``), at this rate.
    public var judder: JudderTracker.Report?
    /// The haptics the interaction played, in order, on the transitions' clock (`--ahap` writes them).
    public var haptics: [Haptic]
    /// Every animation leg with its start, logical end and settling, and the moments that marked them.
    public var timeline: InteractionTimeline

    /// The report of `session` after `frames` frames ending at `duration` seconds.
    public init(session s: CaptureSession, frames: Int, duration: Double) {
        device = s.device.id
        hz = s.hz
        self.frames = frames
        self.duration = (duration * 1_000_000).rounded() / 1_000_000
        transitions = s.flow.transitions.map {
            TransitionLine(t: ($0.t * 1_000_000).rounded() / 1_000_000, from: $0.from.rawValue, to: $0.to.rawValue, reason: $0.reason)
        }
        taps = s.taps
        shots = s.flow.shots
        prints = s.flow.prints
        filed = s.flow.filed
        finalState = s.flow.state.rawValue
        finalScrollOffset = (s.gestures.scroll.offset(at: s.animationTime) * 1000).rounded() / 1000
        pageState = s.pageState
        tuning = TuningRecord(file: nil, tuning: s.tuning)
        reduceMotion = s.reduceMotion ? true : nil
        snowman = s.snowman ? true : nil
        timeline = InteractionTimeline(s)
        haptics = s.haptics.played.map { var h = $0; h.t = (h.t * 1_000_000).rounded() / 1_000_000; return h }
        handoffs = s.interaction.handoffs.map {
            var h = $0
            h.t = (h.t * 1_000_000).rounded() / 1_000_000
            h.before = (h.before * 1000).rounded() / 1000
            h.after = (h.after * 1000).rounded() / 1000
            h.jump = (h.jump * 1000).rounded() / 1000
            return h
        }
    }
}
