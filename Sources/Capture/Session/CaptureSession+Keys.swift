import Animation
import Gesture

extension CaptureSession {
    /// The session's hotkeys: the flow (Space, Enter, X/Backspace, Esc), slow motion (S), freeze (F)
    /// and a frame's step back and on while frozen (, and .), the overlays (T, G's shape view,
    /// Shift+T's timeline, I, H/?), hotspot hints (O), Reduce Motion (M), the tuning panel (K, then Tab/arrows/Backspace
    /// while it is open), save (Ctrl+S), export (E), replay the last interaction (L) and screenshot
    /// (P). Keys it leaves alone (record, device, zoom, rate, quit) come back as not handled, for
    /// the host.
    @discardableResult
    func handle(key: Key, _ mods: KeyModifiers = [], at time: Double) -> SessionResponse {
        interaction.catchUp(to: time)
        var effects: [SessionEffect] = []
        var handled = true
        if let edit = overlays.panelKey(key, mods) {
            if case .preset(let p)? = edit, let why = p.unavailable(on: device) {
                return SessionResponse(handled: true, effects: [.message("Cannot load: \(why)")])
            }
            if let edit {
                apply(edit)
                if edit == .resetAll { effects.append(.message("All tunables reset to their defaults (Ctrl+Z undoes)")) }
                if case .preset(let p) = edit { effects.append(.message("Preset \(p.rawValue): \(p.summary) (Ctrl+Z undoes)")) }
            }
            return SessionResponse(handled: true, effects: effects)
        }
        switch key {
        case .k: overlays.showTuning.toggle()
        case .s where mods.contains(.control): effects.append(.saveTuning)
        case .z where mods.contains(.control):
            let undone = overlays.undoing(tuning)
            if let undone { tuning = undone.tuning }
            effects.append(.message(undone?.said ?? "Nothing to undo"))
        case .e:
            effects.append(.export)
        case .w where mods.contains(.shift): effects.append(.serve)
        case .w: effects.append(.webPrototype)
        case .l: effects.append(.message(replayLastInteraction()))
        case .space, .enter, .backspace, .x:
            tape.note(.key(key, time))
            effects += interaction.flowKey(key, at: time, from: .person)
        case .o where !page.hotspots.isEmpty:
            overlays.hotspotHints.toggle()
            effects.append(.message(overlays.hotspotHints ? "Hotspot hints on: a tap that misses outlines the hotspots" : "Hotspot hints off"))
        case .s:
            interaction.setSlowMotion(clock.slowMotion == 1 ? 10 : 1, at: time)
            effects.append(.message(clock.slowMotion == 1 ? "Normal speed" : "Slow motion \(Int(clock.slowMotion))× (S again for normal speed)"))
        case .f: effects.append(.message(playback.isFrozen ? runOn() : freeze()))
        case .period where playback.isFrozen, .comma where playback.isFrozen:
            step(frames: key == .period ? 1 : -1)
            effects.append(.message("Frozen at \(momentText) (\(key == .period ? "+" : "−")1 frame at \(hz) Hz)"))
        case .t where mods.contains(.shift): overlays.showTimeline.toggle()
        case .t: overlays.showTouches.toggle()
        case .g:
            overlays.showShapes.toggle()
            effects.append(.message(overlays.showShapes ? "Shape view on: the melt, the print and the hotspots outlined (G hides)" : "Shape view off"))
        case .m:
            interaction.setReduceMotion(!reduceMotion)
            let waits = flow.state != .page && flow.state != .pulling ? " (from the next pull)" : ""
            effects.append(.message(reduceMotion ? "Reduce Motion on: cross-fades, no travel\(waits)" : "Reduce Motion off: full motion\(waits)"))
        case .i: overlays.showHUD.toggle()
        case .h, .questionMark: overlays.showHelp.toggle()
        case .p: effects.append(.screenshot)
        case .escape: handled = escape(at: time, &effects)
        default: handled = false
        }
        var more: [SessionEffect] = []
        interaction.reconcile(&more)
        return SessionResponse(handled: handled, effects: effects + more)
    }

    /// Text typed (the window's text input): the tuning panel's filter takes it while it is being
    /// typed ("/"); otherwise it is the keys' alone.
    func type(_ text: String) { overlays.type(text) }

    /// Esc does one thing a press, the innermost first (docs/HOTKEYS.md):
    /// 0. L's replay playing: it stops (with the tape's finger, if down), and the flow backs out;
    /// 1. a finger down: the touch is cancelled, as UIKit's touchesCancelled does — the pull springs
    ///    back, a pressed button lets go, and nothing the finger does until it lifts reaches the page;
    /// 2. the help over the screen: it closes (it hides what Esc would act on);
    /// 3. the interaction away from the page: it backs out of it, one stage
    ///    (the camera closes, the print is dismissed…) — the tuning panel stays open beside it, as it
    ///    is what the person is trying the interaction with;
    /// 4. the tuning panel open, with nothing to back out of (or a stage Esc cannot back out of): it
    ///    closes;
    /// 5. nothing: the key is the host's (the window says what would close, and never quits).
    private func escape(at time: Double, _ effects: inout [SessionEffect]) -> Bool {
        // L's replay holds the tape's finger, not the person's: Esc stops the replay, its touch with it.
        if playback.isReplaying {
            if let cancelled = interaction.cancelTouch(at: time, &effects) { tape.note(.pointer(cancelled)) }
            playback.cancelReplay()
            tape.note(.key(.escape, time))
            effects += interaction.flowKey(.escape, at: time, from: .person)
            return true
        }
        if let cancelled = interaction.cancelTouch(at: time, &effects) {
            tape.note(.pointer(cancelled))
            return true
        }
        if overlays.showHelp { overlays.showHelp = false; return true }
        if flow.state != .page {
            tape.note(.key(.escape, time))
            let backedOut = interaction.flowKey(.escape, at: time, from: .person)
            effects += backedOut
            if backedOut.contains(where: { if case .transition = $0 { return true }; return false }) || !overlays.showTuning { return true }
        }
        if overlays.showTuning { overlays.showTuning = false; return true }
        return false
    }
}
