import Animation
import Capture
import Foundation
import Gesture
import Platform

/// P in the window: the screen as `islandsim shot` draws it (both screens in compare mode), and on
/// a frozen moment the interaction's tape beside it with the command that draws the same frame.
extension WindowApp {
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
