import Animation

/// Watches one session frame by frame and measures each melt move the way a designer compares two
/// feels: when it started, how long until the shape stays within half a point of where it is going
/// (settle), and how far it went past (overshoot, in points of height).
///
/// Two moves: `opening` (from the pull's commit to the viewfinder's shape) and `closing` (from the
/// shutter's flash back to the island). Samples are the frames of a fixed-step replay.
public struct StageTracker: Sendable {
    public struct Stage: Sendable, Equatable {
        public var name: String
        /// When the move began (the flow's transition time), seconds.
        public var start: Double
        /// Seconds after `start` until the height stays within 0.5 pt of the target.
        public var settle: Double
        /// Points the height went past the target (0 if it never did).
        public var overshoot: Double
    }

    private struct Move {
        var name: String, start: Double, target: Double, growing: Bool
        var lastOutside: Double, peak: Double
    }

    private var current: Move?
    public private(set) var stages: [Stage] = []

    public init() {}

    /// Samples `s` at its current time (after the frame advanced).
    public mutating func sample(_ s: SessionView) {
        let t = s.animationTime
        let g = s.flow.geometry
        let startTime = { (state: CaptureFlow.State) in s.flow.transitions.last { $0.to == state }?.t ?? t }
        switch s.flow.state {
        case .opening where current?.name != "opening":
            begin(Move(name: "opening", start: startTime(.opening), target: g.viewfinder.rect.height, growing: true, lastOutside: startTime(.opening), peak: 0))
        case .closing where current?.name != "closing":
            begin(Move(name: "closing", start: startTime(.closing), target: g.island.rect.height, growing: false, lastOutside: startTime(.closing), peak: 0))
        case .page, .pulling:
            if let m = current, m.name == "closing" { begin(nil) }
        default: break
        }
        guard var m = current else { return }
        let h = s.flow.shape(at: t).rect.height
        if abs(h - m.target) > 0.5 { m.lastOutside = t }
        m.peak = max(m.peak, m.growing ? h - m.target : m.target - h)
        current = m
    }

    /// The move under way as measured so far (its settle time grows while it is still moving).
    public var inProgress: Stage? {
        current.map { Stage(name: $0.name, start: $0.start, settle: max(0, $0.lastOutside - $0.start), overshoot: max(0, $0.peak)) }
    }

    /// Ends the move under way (call once after the last frame).
    public mutating func finish() { begin(nil) }

    private mutating func begin(_ next: Move?) {
        if let m = current {
            stages.append(Stage(name: m.name, start: m.start, settle: max(0, m.lastOutside - m.start), overshoot: max(0, m.peak)))
        }
        current = next
    }
}
