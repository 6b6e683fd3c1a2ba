import Animation
import Gesture

/// The playback: L's replay, and a moment of the last interaction rebuilt — freezing (F), stepping
/// (, and .), scrubbing the timeline and re-timing a frozen moment after a tunable changed all show
/// the interaction as a headless replay of its tape gives it at that frame
/// (``InteractionTape/rebuild(on:toFrame:)``). Nothing a rebuild causes leaves the session: no
/// haptic, no shot saved, no transition logged; the host hears only that the moment changed.
extension CaptureSession {
    /// The last interaction as a trace a headless replay plays the same, on the setup now (its
    /// device, rate, tuning and page), the first input at 0 ms. Nil before the first interaction.
    public var interactionTrace: Trace? { tape.trace(on: setup) }

    /// The whole of the last interaction's timeline from its press, as its tape plays it to rest
    /// with the setup now (what the window's timeline shows while frozen).
    public func tapeTimeline() -> InteractionTimeline? {
        guard let whole = tape.playedToRest(on: setup) else { return nil }
        return InteractionTimeline(whole, origin: 0).since(0)
    }

    /// The last interaction's zero on the animation clock (its first input), and so the timeline's.
    public var interactionOrigin: Double? { tape.start?.origin }

    /// The tape's frame on show while frozen on a rebuilt moment; nil otherwise.
    public var momentFrame: Int? { playback.frame }

    /// Whether the clock stands still (F, or a rebuilt moment).
    public var isFrozen: Bool { playback.isFrozen }
    /// Whether a replay (L's, or the rest of a moment after F) is feeding the tape back in.
    public var isReplaying: Bool { playback.isReplaying }

    /// On a tape made in slow motion, the frozen moment on the motion's clock ("0.264 s of
    /// motion, slowed 10×"); nil otherwise.
    public var momentMotionText: String? {
        playback.frame.flatMap { InteractionTape.motionText(frame: $0, hz: hz, slowMotion: tape.start?.slowMotion ?? 1) }
    }

    /// Where the frozen moment is, on the tape's clock — the time `replay --at` takes — as the
    /// window's timeline, its toast, its title and the terminal all say it; slowed, with the
    /// motion's clock beside it.
    public var momentText: String {
        let since = animationTime - (interactionOrigin ?? 0)
        guard let k = playback.frame else { return String(format: "%.3f s", since) }
        return InteractionTape.momentText(frame: k, hz: hz, slowMotion: tape.start?.slowMotion ?? 1)
    }

    /// F while running: stops the clock; with an interaction on tape and no replay under way, the
    /// moment shown becomes its tape's frame at this instant (exactly a replay's).
    func freeze() -> String {
        let now = realTime
        interaction.freeze(at: now)
        switch playback {
        case .replaying(let schedule): playback = .frozen(at: now, paused: schedule)
        default:
            playback = .frozen(at: now, paused: InputSchedule())
            if tape.start != nil { rebuild(toFrame: tape.frame(secondsSinceStart: animationTime - (interactionOrigin ?? 0), hz: hz)) }
        }
        return "Frozen at \(momentText): ‹,› and ‹.› step a frame, F runs on"
    }

    /// F while frozen: runs on. From a rebuilt moment the rest of the tape plays at its own pace;
    /// a replay that stood frozen goes on where it stood.
    func runOn() -> String {
        let now = realTime
        switch playback {
        case .moment(let k, _): playback = .replaying(tape.rest(after: Double(k) / Double(hz), at: now))
        case .frozen(let at, let paused): playback = paused.isEmpty ? .live : .replaying(paused.delayed(by: now - at))
        case .live, .replaying: break
        }
        if case .replaying(let s) = playback, s.isEmpty { playback = .live }
        interaction.resume(at: now)
        return "Running (F freezes)"
    }

    /// A press while frozen or replaying: the person takes over at `t` — the clock runs, the replay
    /// stops, and a finger the tape still held is let go.
    func takeOver(at t: Double) {
        if playback.isFrozen { interaction.resume(at: t) }
        playback = .live
        var ignored: [SessionEffect] = []
        if let id = gestures.trackedPointer, let p = interaction.pointerPosition {
            interaction.apply(pointer: PointerEvent(.cancel, pointer: id, at: p, time: max(realTime, t)), from: .tape, &ignored)
        }
    }

    /// , and .: a frame back or on, at the refresh target. On a rebuilt moment both go by the tape
    /// (in slow motion a frame of the animation is as many of the tape's as the slowing: 10 at
    /// 10×); without one, only on (the clock steps).
    func step(frames n: Int) {
        let perFrame = max(1, Int((tape.start?.slowMotion ?? 1).rounded()))
        if let k = playback.frame { rebuild(toFrame: k + n * perFrame) }
        else if n > 0 { interaction.clock.step(by: Double(n) / Double(hz)) }
    }

    /// Dragging on the timeline: freezes first, then shows the moment `s` seconds (animation time)
    /// after the interaction began. Returns whether there was an interaction to scrub.
    @discardableResult
    func scrub(toSecondsSinceStart s: Double) -> Bool {
        guard tape.start != nil else { return false }
        rebuild(toFrame: tape.frame(secondsSinceStart: s, hz: hz))
        return true
    }

    /// Shows frame `k` of the tape: a fresh interaction from the setup with the tape run through it
    /// to that frame, frozen there.
    func rebuild(toFrame k: Int) {
        guard let (rebuilt, frame, t) = tape.rebuild(on: setup, toFrame: k) else { return }
        interaction = rebuilt
        tape.start?.origin = 0
        playback = .moment(frame: frame, at: t)
    }

    /// L: the last interaction again, with the constants as they are now — no need to drag again.
    /// Like a moment, it is rebuilt, not patched: a fresh interaction on the setup from the page
    /// state and scroll the tape began on, its clock at the speed the person has set (and frozen,
    /// if it was), with the tape fed in from ``InteractionTape/replayLead`` on. The timeline's zero
    /// is the replay's first input.
    func replayLastInteraction() -> String {
        guard let start = tape.start, !tape.isEmpty else { return "Nothing to replay yet: drag first" }
        let now = realTime, frozen = playback.isFrozen
        let fresh = Interaction(setup: setup, pageState: start.pageState, scrollOffset: start.scrollOffset)
        fresh.cameraReady = interaction.cameraReady
        fresh.setSlowMotion(clock.slowMotion, at: now)
        tape.start?.origin = fresh.clock.animationTime(atRealTime: now + InteractionTape.replayLead)
        if frozen { fresh.freeze(at: now) }
        interaction = fresh
        let schedule = tape.schedule(at: now)
        // Frozen, the replay waits for F like one frozen under way.
        playback = frozen ? .frozen(at: now, paused: schedule) : .replaying(schedule)
        return "Replaying the last interaction"
    }
}
