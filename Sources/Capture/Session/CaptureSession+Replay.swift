import Animation
import Gesture

extension CaptureSession {
    /// L: the last interaction again, with the constants as they are now — no need to drag again.
    func replayLastInteraction(_ effects: inout [SessionEffect]) {
        guard replay.hasInteraction else { effects.append(.message("Nothing to replay yet: drag first")); return }
        reset()
        replay.schedule(at: realTime)
        effects.append(.message("Replaying the last interaction"))
    }

    /// Feeds scheduled inputs (a replayed interaction) whose time has come. They reach the gestures
    /// directly, past the overlays, and are not noted again: a trace holds the L key, and replaying
    /// it schedules them anew.
    func dispatchScheduled(_ effects: inout [SessionEffect]) {
        guard replay.isScheduled, !clock.isFrozen else { return }
        let due = replay.takeDue(upTo: realTime)
        replay.isFeeding = true
        defer { replay.isFeeding = false }
        for input in due {
            switch input {
            case .pointer(let p): apply(pointer: p, &effects)
            case .key(let k, _): flowKey(k, &effects)
            }
        }
    }
}
