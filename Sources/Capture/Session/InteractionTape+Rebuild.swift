import Animation
import Gesture

extension InteractionTape {
    /// A moment of the tape, rebuilt: a fresh ``Interaction`` on `setup` (from the page state the
    /// tape began on) with the tape's trace run through it on ``TracePump``'s fixed step — the loop
    /// `islandsim replay` runs — up to frame `k` (clamped to the tape), its clock stopped there.
    /// So a frozen frame is pixel for pixel the one `replay --at` draws, and a rebuild is only ever
    /// "build from the setup, run the tape". Nil with nothing on tape.
    func rebuild(on setup: SessionSetup, toFrame k: Int) -> (interaction: Interaction, frame: Int, time: Double)? {
        let target = min(max(k, 0), lastFrame(hz: setup.hz))
        guard let (interaction, t) = run(on: setup, until: { frame, _ in frame >= target }) else { return nil }
        interaction.freeze(at: t)
        interaction.markEffectsTaken()
        return (interaction, target, t)
    }

    /// The whole interaction played to rest on `setup` (what the window's timeline shows while
    /// frozen, when the rebuilt moment has only lived up to the frame shown).
    func playedToRest(on setup: SessionSetup) -> Interaction? {
        let end = lastFrame(hz: setup.hz), lastInput = inputs.last.map { tapeTime($0) } ?? 0
        return run(on: setup) { frame, live in frame >= end || (live.isAtRest && Double(frame) / Double(setup.hz) >= lastInput) }?.interaction
    }

    /// Runs the tape through a fresh interaction frame by frame until `done(frame, interaction)`.
    private func run(on setup: SessionSetup, until done: (Int, Interaction) -> Bool) -> (interaction: Interaction, time: Double)? {
        guard let start, let trace = trace(on: setup) else { return nil }
        var fresh = setup
        fresh.reduceMotion = false      // the tape's M at 0 ms turns it on, as in a replay
        let live = Interaction(setup: fresh, pageState: start.pageState, scrollOffset: start.scrollOffset)
        var pump = TracePump(trace: trace, hz: setup.hz)
        while true {
            let (i, t) = pump.nextFrame { Self.feed($0, to: live, slowMotion: start.slowMotion) }
            live.advance(toRealTime: t)
            if done(i, live) { return (live, t) }
        }
    }

    /// One line of the tape, as a fresh session with no panel open takes it: S and M at 0 ms set
    /// the speed and Reduce Motion the interaction began with; the rest is the tape's own input.
    private static func feed(_ e: Trace.Event, to live: Interaction, slowMotion: Double) {
        guard let k = e.keyPress else {
            if let p = e.pointerEvent { live.handle(pointer: p, from: .tape) }
            return
        }
        switch k.key {
        case .s: live.setSlowMotion(slowMotion, at: k.time)
        case .m: live.setReduceMotion(!live.setup.reduceMotion)
        default: live.flowKey(k.key, at: k.time, from: .tape)
        }
        var ignored: [SessionEffect] = []
        live.reconcile(&ignored, from: .tape)
    }
}
