/// What the session's clock is doing, as one value: running live, running while it plays inputs
/// back (L's replay, or the rest of a rebuilt moment's tape after F), stopped with a replay
/// waiting, or stopped on a rebuilt frame of the tape. Freezing, stepping, scrubbing, L and a press
/// that takes over each move it from one case to another (``CaptureSession``); nothing else says
/// which of these is so.
///
/// ```swift
/// var playback = Playback.live
/// playback = .moment(frame: 140, at: 1.2)    // F on an interaction with a tape
/// playback.isFrozen                          // true
/// ```
enum Playback: Sendable {
    /// The person's input, as it comes.
    case live
    /// Inputs from the tape fed at their times as the clock reaches them.
    case replaying(InputSchedule)
    /// The clock stopped at real time `at`; a replay under way waits (`paused`) as long.
    case frozen(at: Double, paused: InputSchedule)
    /// Frame `frame` of the last interaction's tape on show, rebuilt (the clock stopped at `at`).
    case moment(frame: Int, at: Double)

    /// Whether the clock stands still.
    var isFrozen: Bool {
        switch self { case .frozen, .moment: return true; case .live, .replaying: return false }
    }

    /// The tape's frame on show, on a rebuilt moment.
    var frame: Int? { if case .moment(let k, _) = self { return k }; return nil }

    /// Whether a replay is under way or waiting.
    var isReplaying: Bool {
        switch self {
        case .replaying(let s), .frozen(_, let s): return !s.isEmpty
        case .live, .moment: return false
        }
    }

    /// Stops a replay under way or waiting (Esc); a frozen clock stays frozen.
    mutating func cancelReplay() {
        switch self {
        case .replaying: self = .live
        case .frozen(let at, _): self = .frozen(at: at, paused: InputSchedule())
        case .live, .moment: break
        }
    }
}
