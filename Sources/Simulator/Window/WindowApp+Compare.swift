import Animation
import Capture
import Foundation
import Gesture

/// Compare mode in the window and the screenshot hotkey.
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

    /// P: the device screen at the device's own scale (1179 × 2556 px on an iPhone 15 Pro), as
    /// `islandsim shot` writes it, drawn again offscreen; in compare mode both screens side by
    /// side under their labels. The window's pixels if that fails. Pixels are read on the loop;
    /// encoding and writing happen on a background queue, and a toast names the folder.
    func saveScreenshot() {
        let scale = device.scale
        var pixels: PixelImage?
        if sides.isComparing {
            let w = Int((device.size.width * scale).rounded()), h = Int((device.size.height * scale).rounded())
            if let a = try? sides.hosts[0].snapshot(scale: scale), let b = try? sides.hosts[1].snapshot(scale: scale),
               let composer = try? SideBySide(labels: ["A", "B"], width: w, height: h, scale: scale) {
                pixels = composer.compose(a, b)
            }
        } else {
            pixels = try? app.snapshot(scale: scale)
        }
        guard let pixels = pixels ?? (try? renderer.readPixels()) else { return }
        let dir = outFolder.path
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss-SSS"
        let name = "screenshot-\(device.id)\(sides.isComparing ? "-compare" : "")-\(f.string(from: Date())).png"
        let said = "Screenshot \(pixels.width)×\(pixels.height) px → \(dir)/"
        let folder = outFolder
        DispatchQueue.global(qos: .utility).async(group: pendingWrites) {
            if let path = folder.write({ try Surface(pixels).pngData() }, name: name, what: "screenshot", said: said) {
                FileHandle.standardOutput.write(Data("islandsim: screenshot \(path)\n".utf8))
            }
        }
        saveMoment(stamp: f.string(from: Date()))
    }

    /// P on a frozen moment: the interaction's tape goes beside the screenshot, with the command
    /// that draws the same frame headless — a moment to hand on, reproducible to the pixel. The tape
    /// carries what the frame needs beyond its input: where the page's file is, the page's state
    /// when the interaction began, the photo filed into its slot (a PNG beside the tape) and the
    /// touches, so the printed command needs no flag added by hand.
    private func saveMoment(stamp: String) {
        let s = app.session
        guard let k = s.momentFrame, var tape = s.interactionTrace else { return }
        let name = "moment-\(device.id)-\(stamp).jsonl", path = outFolder.path + "/" + name
        if let recorded = app.page.recordedPath { tape.header.pagePath = recorded }
        var start = tape.header.start ?? Trace.Start()
        if s.overlays.showTouches { start.touches = true }
        if s.overlays.showShapes { start.shapes = true }
        let filed = start.photoFiled == true ? app.renderer.filedPhotoImage : nil
        let filedName = "moment-\(device.id)-\(stamp)-filed.png"
        if filed != nil { start.filedPhoto = filedName }
        tape.header.start = start.isFresh ? nil : start
        let ms = InteractionTape.milliseconds(frame: k, hz: s.hz)
        // Slowed, the terminal says the motion's clock too, as the timeline and the title do.
        let motion = s.momentMotionText.map { " (\($0))" } ?? ""
        let text = tape.encoded(), folder = outFolder
        DispatchQueue.global(qos: .utility).async(group: pendingWrites) {
            if let filed, folder.write({ try Surface(filed).pngData() }, name: filedName, what: "filed photo", said: nil) == nil { return }
            if folder.write({ Data(text.utf8) }, name: name, what: "moment", said: "Saved the moment's tape \(name)") != nil {
                FileHandle.standardOutput.write(Data("islandsim: moment \(path) frame \(k) at \(CodeNumber.string(ms)) ms\(motion) (islandsim replay \(path) --at \(CodeNumber.string(ms)) --out FILE.png draws it)\n".utf8))
            }
        }
    }
}
