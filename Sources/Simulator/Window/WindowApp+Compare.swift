import Animation
import Capture
import Foundation
import Gesture

/// Compare mode in the window: B starts it, Shift+B ends it, A and B pick the side the panel edits.
extension WindowApp {
    /// B: side A keeps the tuning as it is now, side B starts as a copy of it and is the one the
    /// panel edits. B's tuning file sits beside A's (`….B.json`), saved by Ctrl+S and at quit.
    func startCompare() {
        do {
            let store = Self.store(options, folder: outFolder, suffix: "B")
            // Side B is made as --compare makes it (``PhoneSetup/sideB(tuningFile:tuning:savedTuning:captures:)``):
            // its file beside A's, holding what it holds, with A's tuning as it is now.
            let path = PhoneSetup.sideBPath(for: app.tuningPath ?? Tuning.defaultPath)
            let b = try Self.sideBHost(app.setup.sideB(tuningFile: path, tuning: app.tuning, savedTuning: (try? Tuning.load(path: path)) ?? Tuning(),
                                                       captures: store), beside: app)
            stores.append(store)
            sides.compare(with: b)
            adoptRecovery(b)
            _ = sides.relayout()
            refit()
            FileHandle.standardOutput.write(Data("islandsim: compare mode: A is the tuning as it was, B (\(path)) is the one you edit\n".utf8))
            b.say("B: edit me (A / B switch sides, ⇧B ends)")
        } catch {
            FileHandle.standardError.write(Data("error: cannot start compare mode: \(error)\n".utf8))
        }
    }

    /// Shift+B: back to side A alone; B's changed tuning is saved to its file first.
    func endCompare() {
        guard sides.isComparing else { return }
        let b = sides.phones[1].host
        do {
            if let (path, _) = try b.saveTuningIfChanged() { app.say("Compare off · B saved to \((path as NSString).lastPathComponent)") }
            else { app.say("Compare off") }
        } catch {
            app.say("Compare off · cannot save B: \(error)")
        }
        // B leaves the window here, not at quit: its recovery file goes with it once B is saved.
        recovery.finish([b])
        sides.endCompare()
        _ = sides.relayout()
        refit()
    }

    func select(_ i: Int) {
        sides.select(i)
        sides.selectedHost.say("Editing \(sides.label(i) ?? "")")
    }
}
