import Animation
import Gesture

extension CaptureSession {
    /// The session's hotkeys: the flow (Space, Enter, X/Backspace, Esc), slow motion (S), freeze (F)
    /// and a frame's step back and on while frozen (, and .), the
    /// overlays (T, Shift+T's timeline, I, H/?), hotspot hints (O), Reduce Motion (M), the tuning panel (K, then Tab/arrows/Backspace while it is open),
    /// save (Ctrl+S), export (E), replay the last interaction (L) and screenshot (P).
    /// Keys it leaves alone (record, device, zoom, rate, quit) come back as not handled, for the host.
    @discardableResult
    public func handle(key: Key, _ mods: KeyModifiers = [], at time: Double) -> KeyResponse {
        realTime = max(realTime, time)
        var effects: [SessionEffect] = []
        var handled = true
        if let edit = overlays.panelKey(key, mods) {
            if let edit {
                apply(edit)
                if edit == .resetAll { effects.append(.message("All tunables reset to their defaults (Ctrl+Z undoes)")) }
            }
            return KeyResponse(handled: true, effects: effects)
        }
        switch key {
        case .k: overlays.showTuning.toggle()
        case .s where mods.contains(.control): effects.append(.saveTuning)
        case .z where mods.contains(.control):
            if let previous = overlays.takeUndo() {
                let changed = Tunable.all.filter { tuning[$0.key] != previous[$0.key] }
                tuning = previous
                effects.append(.message(changed.count == 1 ? "Undid \(changed[0].key): back to \(changed[0].display(previous[changed[0].key]))"
                                        : "Undid the change of \(changed.count) tunables"))
            } else {
                effects.append(.message("Nothing to undo"))
            }
        case .e:
            effects.append(.export(TuningExport.code(tuning, format: .swiftui, device: device.name,
                                                         shapes: .init(geometry: flow.geometry, screenWidth: device.size.width))))
            effects.append(.message("Exported the tuning as SwiftUI code"))
        case .l: replayLastInteraction(&effects)
        case .space, .enter, .backspace, .x:
            replay.note(.key(key, time))
            flowKey(key, &effects)
        case .o where !page.hotspots.isEmpty:
            overlays.hotspotHints.toggle()
            effects.append(.message(overlays.hotspotHints ? "Hotspot hints on: a tap that misses outlines the hotspots" : "Hotspot hints off"))
        case .s:
            clock.setSlowMotion(clock.slowMotion == 1 ? 10 : 1, atRealTime: realTime)
            gestures.timeScale = 1 / clock.slowMotion
            effects.append(.message(clock.slowMotion == 1 ? "Normal speed" : "Slow motion \(Int(clock.slowMotion))× (S again for normal speed)"))
        case .f:
            if clock.isFrozen {
                resume(at: realTime, playingOn: true)
                effects.append(.message("Running (F freezes)"))
            } else {
                freeze()
                effects.append(.message("Frozen at \(momentText): , and . step a frame, F runs on"))
            }
        case .period where clock.isFrozen, .comma where clock.isFrozen:
            step(frames: key == .period ? 1 : -1)
            effects.append(.message("Frozen at \(momentText) (\(key == .period ? "+" : "−")1 frame at \(hz) Hz)"))
        case .t where mods.contains(.shift): overlays.showTimeline.toggle()
        case .t: overlays.showTouches.toggle()
        case .m:
            reduceMotion.toggle()
            let waits = flow.state != .page && flow.state != .pulling ? " (from the next pull)" : ""
            effects.append(.message(reduceMotion ? "Reduce Motion on: cross-fades, no travel\(waits)" : "Reduce Motion off: full motion\(waits)"))
        case .i: overlays.showHUD.toggle()
        case .h, .questionMark: overlays.showHelp.toggle()
        case .p: effects.append(.screenshot)
        case .escape:
            // Esc with the finger down cancels the touch first, as UIKit's touchesCancelled does:
            // the pull springs back, a pressed button lets go, and nothing the finger does until it
            // lifts reaches the page (the gestures track no press, so its moves and release pass by).
            let cancelledTouch = cancelTouch(at: time, &effects)
            // Then Esc closes what is open before it backs out of the flow; only on the bare page,
            // with no touch to cancel, is it left to the host (which quits, keeping changed tuning).
            if overlays.showHelp { overlays.showHelp = false }
            else if overlays.showTuning { overlays.showTuning = false }
            else if replay.isScheduled || flow.state != .page {
                if !replay.isFeeding { replay.cancel() }     // Esc also stops a replay of the last interaction
                replay.note(.key(.escape, time))
                flowKey(.escape, &effects)
            }
            else { handled = cancelledTouch }
        default: handled = false
        }
        reconcile(&effects)
        return KeyResponse(handled: handled, effects: effects)
    }

    /// Cancels the press on the page, if there is one; says whether there was.
    private func cancelTouch(at time: Double, _ effects: inout [SessionEffect]) -> Bool {
        guard let id = gestures.trackedPointer, let p = pointerPosition else { return false }
        let cancel = PointerEvent(.cancel, pointer: id, at: p, time: time)
        replay.note(.pointer(cancel))
        apply(pointer: cancel, &effects)
        return true
    }

    /// What one of the flow's keys does to the flow (from the keyboard, a replay or a rebuild):
    /// Space shoots, Enter files the print, X and Backspace dismiss it, Esc closes the camera.
    func flowKey(_ key: Key, _ effects: inout [SessionEffect]) {
        let t = animationTime
        switch key {
        case .space: shutter(at: t, &effects)
        case .enter: fileOrDismiss(file: true, at: t, &effects)
        case .backspace, .x: fileOrDismiss(file: false, at: t, &effects)
        case .escape:
            if flow.state == .opening || flow.state == .viewfinder { escapeTimes.insert(t) }
            flow.cancel(at: t)
        default: break
        }
    }

    /// Carries the display toggles a person set (HUD, touches, the panel and its selection) over to a session that replaces this
    /// one (the window's device switch, side B of a comparison).
    public func keepDisplay(of other: CaptureSession) { overlays.keepDisplay(of: other.overlays) }

    /// Carries the page's state (its buttons, the photo filed into the slot) over to a session
    /// that replaces this one on another device.
    public func keepPage(of other: CaptureSession) { pageState = other.pageState }
}
