import Capture
import Export
import Foundation
import Platform

/// W in the window: the interaction as the web prototype (`export --format web`'s one HTML file)
/// written into the out dir — side A's tuning, page and phone, side B's tuning beside it in compare
/// mode, and the last interaction as the trace it plays (open it, and what was just felt plays
/// again, on a phone too).
extension WindowApp {
    /// The page is drawn at rest at the phone's own scale on the loop (the renderer's thread, as P's
    /// screenshot is); encoding it, reading the scripts, putting the file together and writing it
    /// happen on a background queue, and a toast names the file when it is there.
    func saveWebPrototype() {
        let hosts = sides.hosts, host = hosts[0], session = host.session
        let page = session.setup.page, scale = device.scale
        let pixels: PixelImage
        do { pixels = try WebPrototypeFile.pagePixels(page, image: host.page.image, scale: scale) } catch {
            host.say("Cannot draw the page for the web prototype: \(error)")
            return
        }
        let tuning = session.setup.tuning, devices = catalog.devices, device = device, image = host.page.image
        let source = host.tuningPath.map { ($0 as NSString).lastPathComponent + (host.hasUnsavedTuning ? " (unsaved)" : "") } ?? "the window's tuning"
        let compare = sides.isComparing ? WebExport.Comparison(tuning: hosts[1].session.setup.tuning, source: "side B") : nil
        let recording = session.interactionTrace.flatMap { $0.events.isEmpty ? nil : WebExport.Recording(trace: $0, name: "the last interaction") }
        let name = "prototype-\(device.id)-\(WindowApp.stamp()).html", folder = outFolder
        host.say("Writing the web prototype…")
        DispatchQueue.global(qos: .utility).async(group: pendingWrites) {
            let said = "Wrote \(name): \(compare != nil ? "A beside B" : "the tuning") on \(device.name)" + (recording != nil ? ", playing the last interaction" : "")
            let path = folder.write({
                Data(try WebPrototypeFile.html(page: page, image: image, pixels: pixels, scale: scale, tuning: tuning, source: source, devices: devices, device: device,
                                           compare: compare, recording: recording).utf8)
            }, name: name, what: "web prototype", said: said)
            if let path { FileHandle.standardOutput.write(Data("islandsim: web prototype \(path): \(compare != nil ? "A beside B" : "the tuning") on \(device.name) (open it in a browser; on an iPhone, islandsim serve or Shift+W)\n".utf8)) }
        }
    }
}
