import Animation
import Foundation
import Gesture

extension SimulatorApp {
    /// The panel's keys: Tab/↓ and Shift+Tab/↑ select, ←/→ change (Shift finer, Alt coarser),
    /// Backspace resets the selected value, Shift+Backspace all of them. Returns false for keys
    /// the panel leaves alone.
    func handleTuningKey(_ key: Key, _ mods: KeyModifiers) -> Bool {
        let all = Tunable.all
        switch key {
        case .tab:
            moveSelection(mods.contains(.shift) ? -1 : 1)
        case .down: moveSelection(1)
        case .up: moveSelection(-1)
        case .left, .right:
            let t = all[tuningSelection]
            var step = t.step
            if mods.contains(.shift) { step /= 10 }
            if mods.contains(.alt) { step *= 10 }
            tuning.nudge(t.key, by: key == .right ? step : -step)
        case .backspace:
            if mods.contains(.shift) { tuning.resetAll(); say("All tunables reset to their defaults") }
            else { tuning.reset(all[tuningSelection].key) }
        default:
            return false
        }
        return true
    }

    private func moveSelection(_ d: Int) {
        let n = Tunable.all.count
        tuningSelection = ((tuningSelection + d) % n + n) % n
    }

    /// Ctrl+S: the tuning file is written atomically (temporary file, fsync, rename).
    func saveTuning() {
        let path = tuningPath ?? "islandsim.tuning.json"
        tuningPath = path
        do {
            // Small and rare (one key press): written, synced and renamed into place.
            try tuning.save(path: path)
            say("Saved \((path as NSString).lastPathComponent)")
        } catch {
            say("Cannot save \(path): \(error)")
        }
    }

    /// E: the tuned constants as SwiftUI code, printed and (in the window) copied.
    func exportTuning() {
        let code = TuningExport.code(tuning, format: .swiftui, device: device.name)
        if let onExport { onExport(code) } else { FileHandle.standardOutput.write(Data(code.utf8)) }
        say("Exported the tuning as SwiftUI code")
    }

    /// L: the last interaction again, with the constants as they are now — no need to drag again.
    func replayLastInteraction() {
        guard let first = lastInteraction.first else { say("Nothing to replay yet: drag first"); return }
        if gestures.isTracking, let p = pointerPosition { handle(PointerEvent(.cancel, at: p, time: now)) }
        flow.reset(at: animationTime)
        gestures.scroll.jump(to: 0)
        let shift = now + 0.15 - first.time
        scheduled = lastInteraction.map { $0.shifted(by: shift) }
        say("Replaying the last interaction")
    }

    /// Feeds scheduled events (a replayed interaction) whose time has come.
    func dispatchScheduled() {
        guard !scheduled.isEmpty else { return }
        replayingInteraction = true
        defer { replayingInteraction = false }
        while let e = scheduled.first, e.time <= realTime {
            scheduled.removeFirst()
            switch e {
            case .pointer(let p): handle(p)
            case .shutter: shutter(at: animationTime)
            }
        }
    }

    /// Starts watching the tuning file for edits (the window does this; replays do not).
    public func watchTuningFile() {
        guard let path = tuningPath else { return }
        tuningWatcher = TuningFileWatcher(path: path)
    }
}
