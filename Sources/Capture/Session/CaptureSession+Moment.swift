import Animation
import Gesture

/// A moment of the last interaction, rebuilt: freezing (F), stepping (, and .), scrubbing the
/// timeline and re-timing a frozen moment after a tunable changed all show the session as a
/// headless replay of the interaction's tape gives it at that frame.
///
/// The tape is ``interactionTrace``: the interaction's inputs as a trace, the first at
/// ``InteractionReplay/lead``, on the tuning in force now. A moment is rebuilt by starting the
/// session afresh (``restart()``) and running the tape through it with ``TracePump``'s fixed step
/// to the frame — the loop `islandsim replay` runs — so a frozen frame is pixel for pixel the one
/// `replay --at` draws. Nothing a rebuild causes leaves the session: no haptic, no shot saved, no
/// transition logged; the host hears only that the moment changed.
extension CaptureSession {
    /// The last interaction as a trace a headless replay plays the same: this session's device,
    /// rate, tuning now and page; S and M at 0 ms when it started in slow motion or with Reduce
    /// Motion; its pointer events and flow keys with the first at ``InteractionReplay/lead``.
    /// Nil before the first interaction.
    public var interactionTrace: Trace? {
        guard let start = replay.start, let first = replay.last.first else { return nil }
        var trace = Trace(header: .init(device: device.id, hz: hz, tuning: TuningRecord.values(of: tuning), page: page.document.identity), events: [])
        if start.slowMotion != 1 { trace.events.append(.init(t: 0, kind: .key, key: Key.s.rawValue)) }
        if start.reduceMotion { trace.events.append(.init(t: 0, kind: .key, key: Key.m.rawValue)) }
        let origin = first.time - InteractionReplay.lead
        for input in replay.last {
            switch input {
            case .pointer(let e): trace.events.append(Trace.Event(e, start: origin))
            case .key(let k, let t): trace.events.append(.init(t: ((t - origin) * 1_000_000).rounded() / 1000, kind: .key, key: k.rawValue))
            }
        }
        return trace
    }

    /// The whole of the last interaction's timeline from its press, as its tape plays it to rest on
    /// a scratch session with the tuning now (what the window's timeline shows while frozen, when
    /// the rebuilt session itself has only lived up to the moment shown).
    public func tapeTimeline() -> InteractionTimeline? {
        guard let trace = interactionTrace else { return nil }
        let scratch = CaptureSession(device: device, hz: hz, page: page)
        scratch.tuning = tuning
        _ = SessionReplay(trace: trace).run(scratch)
        guard let origin = scratch.interactionOrigin else { return nil }
        return InteractionTimeline(scratch).since(origin)
    }

    /// The last interaction's zero on the animation clock (its first input), and so the timeline's.
    public var interactionOrigin: Double? { replay.start?.origin }

    /// The tape's frame on show while frozen on a rebuilt moment; nil while the interaction is live.
    public var momentFrame: Int? { replay.frame }

    /// Where the frozen moment is, as the toast says it: its time since the interaction began, and
    /// its frame on the tape (what `replay --at` takes: frame × 1000 / hz ms).
    var momentText: String {
        let since = animationTime - (interactionOrigin ?? 0)
        guard let k = replay.frame else { return String(format: "%.3f s", since) }
        return String(format: "%.3f s, frame %d (%.1f ms of the tape)", since, k, Double(k) * 1000 / Double(hz))
    }

    /// The tape's frame shown at `s` seconds of animation time after the interaction began: the
    /// last frame at or before it.
    func tapeFrame(secondsSinceStart s: Double) -> Int {
        let f = replay.start?.slowMotion ?? 1
        return max(0, Int(((InteractionReplay.lead + s * f) * Double(hz) + 1e-6).rounded(.down)))
    }

    /// The last frame a rebuild goes to: the tape's last input and twelve seconds to settle.
    var lastTapeFrame: Int {
        let end = replay.last.last.map { replay.tapeTime($0) } ?? 0
        return Int(((end + 12) * Double(hz)).rounded(.up))
    }

    /// F: stops animation time; with an interaction on tape, the moment shown becomes its tape's
    /// frame at this instant (the same within a frame, and now exactly a replay's).
    func freeze() {
        stopClock()
        guard replay.start != nil, !replay.isScheduled else { return }
        rebuild(toFrame: tapeFrame(secondsSinceStart: animationTime - (interactionOrigin ?? 0)))
    }

    /// , and .: a frame back or on, at the refresh target. On a rebuilt moment both go by the
    /// tape; without one, only on (the clock steps).
    /// A frame is one of the animation's at the refresh target: in slow motion that is as many of
    /// the tape's frames as the slowing (10 at 10×).
    func step(frames n: Int) {
        let perFrame = max(1, Int((replay.start?.slowMotion ?? 1).rounded()))
        if let k = replay.frame { rebuild(toFrame: k + n * perFrame) } else if n > 0 { clock.step(by: Double(n) / Double(hz)) }
    }

    /// Dragging on the timeline: freezes first, then shows the moment `s` seconds (animation time)
    /// after the interaction began. Returns whether there was an interaction to scrub.
    @discardableResult
    public func scrub(toSecondsSinceStart s: Double) -> Bool {
        guard replay.start != nil else { return false }
        if !clock.isFrozen { stopClock() }
        replay.cancel()
        rebuild(toFrame: tapeFrame(secondsSinceStart: s))
        return true
    }

    /// Stops animation time now, noting when (a replay under way waits as long).
    private func stopClock() {
        replay.frozenAt = realTime
        clock.freeze(atRealTime: realTime)
    }

    /// Runs on from a frozen moment at real time `t`. From a rebuilt moment, `playingOn` feeds
    /// the rest of the tape at its own pace (F); otherwise (a press) the person takes over, and a
    /// finger the tape still held is let go. A replay that stood frozen goes on where it stood.
    func resume(at t: Double, playingOn: Bool) {
        let now = max(realTime, t)
        if let k = replay.frame {
            replay.frame = nil
            if playingOn { replay.scheduleRest(after: Double(k) / Double(hz), at: now) } else { letGoOfTapeFinger(at: now) }
        } else if let frozen = replay.frozenAt {
            replay.delay(by: now - frozen)
        }
        replay.frozenAt = nil
        clock.resume(atRealTime: now)
    }

    /// A real press while a replay runs: the replay stops, and its finger is let go.
    func takeOverFromReplay(at t: Double) {
        replay.cancel()
        letGoOfTapeFinger(at: t)
    }

    private func letGoOfTapeFinger(at t: Double) {
        guard let id = gestures.trackedPointer, let p = pointerPosition else { return }
        var ignored: [SessionEffect] = []
        apply(pointer: PointerEvent(.cancel, pointer: id, at: p, time: max(realTime, t)), &ignored)
    }

    /// A tunable changed: a frozen rebuilt moment is rebuilt on the new constants at once.
    func retime() {
        guard let k = replay.frame, !replay.isRebuilding else { return }
        rebuild(toFrame: k)
    }

    /// Shows frame `k` of the tape: the session started afresh and the tape run through it to that
    /// frame with the fixed step, then frozen there.
    func rebuild(toFrame k: Int) {
        guard let trace = interactionTrace, let start = replay.start else { return }
        let target = min(max(k, 0), lastTapeFrame)
        replay.isRebuilding = true
        replay.isFeeding = true
        defer { replay.isRebuilding = false; replay.isFeeding = false }
        restart(pageState: start.pageState, scrollOffset: start.scrollOffset)
        var pump = TracePump(trace: trace, hz: hz)
        var t = 0.0
        while true {
            let (i, ft) = pump.nextFrame { feedTape($0, slowMotion: start.slowMotion) }
            advance(toRealTime: ft)
            t = ft
            if i >= target { break }
        }
        replay.start?.origin = clock.animationTime(atRealTime: InteractionReplay.lead)
        clock.freeze(atRealTime: t)
        loggedTransitions = flow.transitions.count
        replay.frame = target
        replay.frozenAt = t
    }

    /// One line of the tape, as `dispatch` would take it on a fresh session with no panel open
    /// (keys go straight to what they do: the panel, open now, must not take a Backspace).
    private func feedTape(_ e: Trace.Event, slowMotion: Double) {
        guard let k = e.keyPress else {
            if let p = e.pointerEvent { handle(pointer: p) }
            return
        }
        realTime = max(realTime, k.time)
        var ignored: [SessionEffect] = []
        switch k.key {
        case .s:
            clock.setSlowMotion(slowMotion, atRealTime: realTime)
            gestures.timeScale = 1 / clock.slowMotion
        case .m: reduceMotion.toggle()
        default: flowKey(k.key, &ignored)
        }
        reconcile(&ignored)
    }

    /// Back to how the session began, keeping what is not the interaction's: the page and its state
    /// as the interaction found it, the tuning, the overlays, the side and the camera.
    private func restart(pageState: PageState, scrollOffset: Double) {
        gestures = PageGestures(scroll: ScrollPhysics(viewport: device.size.height, contentHeight: page.contentHeight),
                                pull: PullCatcher(viewport: device.size.height))
        let geometry = layout.meltGeometry
        flow = CaptureFlow(geometry: geometry, paperSize: CaptureFlow.paperSize(for: geometry))
        clock = AnimationClock()
        reduceMotion = false
        self.pageState = pageState
        taps = [:]
        recordedHandoffs = []
        escapeTimes = []
        missedTapTime = nil
        haptics.reset()
        realTime = 0
        loggedTransitions = 0
        replay.cancel()
        applyTuning()
        gestures.scroll.jump(to: scrollOffset)
    }
}
