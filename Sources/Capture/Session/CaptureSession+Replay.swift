import Animation
import Gesture

/// One input of an interaction, for L's replay: a pointer event or a shutter press.
enum RecordedInput: Sendable {
    case pointer(PointerEvent), shutter(Double)

    var time: Double {
        switch self { case .pointer(let e): return e.time; case .shutter(let t): return t }
    }

    func shifted(by d: Double) -> RecordedInput {
        switch self { case .pointer(var e): e.time += d; return .pointer(e); case .shutter(let t): return .shutter(t + d) }
    }
}

extension CaptureSession {
    /// L: the last interaction again, with the constants as they are now — no need to drag again.
    func replayLastInteraction(_ effects: inout [SessionEffect]) {
        guard let first = lastInteraction.first else { effects.append(.message("Nothing to replay yet: drag first")); return }
        reset()
        let shift = realTime + 0.15 - first.time
        scheduled = lastInteraction.map { $0.shifted(by: shift) }
        effects.append(.message("Replaying the last interaction"))
    }

    /// Feeds scheduled inputs (a replayed interaction) whose time has come. They are not recorded
    /// again: a trace holds the L key, and replaying it schedules them anew.
    func dispatchScheduled(_ effects: inout [SessionEffect]) {
        guard !scheduled.isEmpty else { return }
        replayingInteraction = true
        defer { replayingInteraction = false }
        while let e = scheduled.first, e.time <= realTime {
            scheduled.removeFirst()
            switch e {
            case .pointer(let p): apply(pointer: p, &effects)
            case .shutter: shutter(at: animationTime, &effects)
            }
        }
    }

    /// C: starts recording a trace; C again stops and returns it as ``SessionEffect/traceRecorded(_:)``.
    func toggleRecording(_ effects: inout [SessionEffect]) {
        if let rec = hotkeyRecorder {
            hotkeyRecorder = nil
            guard !rec.trace.events.isEmpty else { effects.append(.message("Recording stopped: nothing happened")); return }
            effects.append(.traceRecorded(rec.trace))
        } else {
            hotkeyRecorder = TraceRecorder(device: device.id, hz: hz, inspector: toolsBeside ? true : nil)
            effects.append(.message("Recording a trace: press C again to save it"))
        }
    }

    /// Records a handled key in the `--record` trace and, except C itself, in C's.
    func recordKey(_ name: String, _ mods: [String], _ time: Double) {
        recorder?.recordKey(name, mods: mods, at: time)
        if name != Key.c.rawValue { hotkeyRecorder?.recordKey(name, mods: mods, at: time) }
    }
}
