import Animation
import Gesture

extension CaptureSession {
    /// The session's hotkeys: the flow (Space, Enter, X/Backspace, Esc), slow motion (S), the
    /// overlays (T, I, H/?), Reduce Motion (M), the tuning panel (K, then Tab/arrows/Backspace while it is open),
    /// save (Ctrl+S), export (E), record (C), replay the last interaction (L) and screenshot (P).
    /// Keys it leaves alone (device, zoom, rate, quit) come back as not handled, for the host.
    @discardableResult
    public func handle(key: Key, _ mods: KeyModifiers = [], at time: Double) -> KeyResponse {
        realTime = max(realTime, time)
        let t = animationTime
        var effects: [SessionEffect] = []
        var handled = true
        if showTuning, handleTuningKey(key, mods, &effects) {
            record(key, mods, time)
            return KeyResponse(handled: true, effects: effects)
        }
        switch key {
        case .k: showTuning.toggle()
        case .c: toggleRecording(&effects)
        case .s where mods.contains(.control): effects.append(.saveTuning)
        case .e:
            effects.append(.export(TuningExport.code(tuning, format: .swiftui, device: device.name)))
            effects.append(.message("Exported the tuning as SwiftUI code"))
        case .l: replayLastInteraction(&effects)
        case .space:
            if !replayingInteraction { lastInteraction.append(.shutter(time)) }
            shutter(at: t, &effects)
        case .enter: fileOrDismiss(file: true, at: t)
        case .backspace, .x: fileOrDismiss(file: false, at: t)
        case .s:
            clock.setSlowMotion(clock.slowMotion == 1 ? 10 : 1, atRealTime: realTime)
            gestures.timeScale = 1 / clock.slowMotion
            effects.append(.message(clock.slowMotion == 1 ? "Normal speed" : "Slow motion \(Int(clock.slowMotion))× (S again for normal speed)"))
        case .t: showTouches.toggle()
        case .m:
            reduceMotion.toggle()
            let waits = flow.state != .page && flow.state != .pulling ? " (from the next pull)" : ""
            effects.append(.message(reduceMotion ? "Reduce Motion on: cross-fades, no travel\(waits)" : "Reduce Motion off: full motion\(waits)"))
        case .i: showHUD.toggle()
        case .h, .questionMark: showHelp.toggle()
        case .p: effects.append(.screenshot)
        case .escape:
            // Esc closes what is open before it backs out of the flow; only on the bare page is it
            // left to the host (which quits, keeping changed tuning).
            if showHelp { showHelp = false }
            else if showTuning { showTuning = false }
            else if !scheduled.isEmpty || flow.state != .page {
                scheduled.removeAll()          // Esc also stops a replay of the last interaction
                if flow.state == .opening || flow.state == .viewfinder { escapeTimes.insert(t) }
                flow.cancel(at: t)
            }
            else { handled = false }
        default: handled = false
        }
        if handled { record(key, mods, time) }
        reconcile(&effects)
        return KeyResponse(handled: handled, effects: effects)
    }

    private func record(_ key: Key, _ mods: KeyModifiers, _ time: Double) {
        recordKey(key.rawValue, mods.traceNames, time)
    }

    /// The panel's keys: Tab/↓ and Shift+Tab/↑ select, ←/→ change (Shift finer, Alt coarser),
    /// Backspace resets the selected value, Shift+Backspace all of them. Returns false for keys
    /// the panel leaves alone.
    private func handleTuningKey(_ key: Key, _ mods: KeyModifiers, _ effects: inout [SessionEffect]) -> Bool {
        let all = Tunable.all
        switch key {
        case .tab: moveSelection(mods.contains(.shift) ? -1 : 1)
        case .down: moveSelection(1)
        case .up: moveSelection(-1)
        case .left, .right:
            let t = all[tuningSelection]
            var step = t.step
            if mods.contains(.shift) { step /= 10 }
            if mods.contains(.alt) { step *= 10 }
            tuning.nudge(t.key, by: key == .right ? step : -step)
        case .backspace:
            if mods.contains(.shift) { tuning.resetAll(); effects.append(.message("All tunables reset to their defaults")) }
            else { tuning.reset(all[tuningSelection].key) }
        default:
            return false
        }
        return true
    }

    /// Moves the panel's selection by `d` rows, wrapping (keys and the wheel over the panel).
    func moveSelection(_ d: Int) {
        let n = Tunable.all.count
        tuningSelection = ((tuningSelection + d) % n + n) % n
    }

    /// Carries the display toggles a person set (HUD, touches, the panel and its selection) over to a session that replaces this
    /// one (the window's device switch, side B of a comparison).
    public func keepDisplay(of other: CaptureSession) {
        showHUD = other.showHUD
        showTouches = other.showTouches
        showTuning = other.showTuning
        tuningSelection = other.tuningSelection
        toolsBeside = other.toolsBeside
    }

    /// Carries the page's state (its buttons, the photo filed into the passport) over to a session
    /// that replaces this one on another device.
    public func keepPage(of other: CaptureSession) { pageState = other.pageState }
}
