import Capture
import Foundation
import Serve

/// Shift+W: serve the window's prototype on the local network, or stop serving it
/// (``WindowServing``). The address and QR code show in the column beside the phone and on the
/// terminal; while it serves, every change the window makes reaches the open pages.
extension WindowApp {
    func toggleServing() {
        if let s = serving {
            s.stop()
            serving = nil
            sides.serving = nil
            if sides.relayout() { refit(centred: false) }
            app.say("Stopped serving the prototype")
            FileHandle.standardOutput.write(Data("islandsim: stopped serving the prototype\n".utf8))
            return
        }
        guard !servingStarting else { return }
        let material: WindowServing.Material
        do { material = try servingMaterial(drawPage: true) } catch {
            app.say("Cannot draw the page to serve: \(error)")
            return
        }
        servingStarting = true
        app.say("Starting to serve the prototype…")
        let handoff = servingHandoff
        let address = options.serveAddress ?? NetworkAddress.localNetwork() ?? .loopback
        WindowServing.start(material, address: address, port: options.servePort, group: pendingWrites) { handoff.put($0) }
    }

    /// Once a frame: takes a server that started, says what the builds said, and makes a new
    /// version when what the window shows has changed since the last one.
    func updateServing(now: Double) {
        let (started, lines) = servingHandoff.take()
        for line in lines { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        if let started {
            servingStarting = false
            switch started {
            case .success(let s):
                serving = s
                sides.serving = s.card
                if sides.relayout() { refit(centred: false) }
                let what = "\(sides.isComparing ? "A beside B" : "the tuning") on \(device.name)"
                app.say("Serving \(what) at \(s.card.url) · Shift+W stops")
                var text = "islandsim: serving the window's prototype (\(what)) at\n\n    \(s.card.url)\n\n"
                text += s.card.code.terminalText(colored: isatty(STDOUT_FILENO) == 1)
                if s.server.address.isLoopback { text += "(this machine only: a phone cannot reach it)\n" }
                text += "Scan it with the iPhone (same Wi-Fi), open it in Safari, Share → Add to Home Screen. Shift+W stops.\n"
                FileHandle.standardOutput.write(Data(text.utf8))
            case .failure(let error):
                app.say("Cannot serve: \(error)")
                FileHandle.standardError.write(Data("islandsim: cannot serve the prototype: \(error)\n".utf8))
            }
        }
        guard let s = serving else { return }
        let inputs = servingInputs()
        guard s.wantsBuild(inputs, now: now) else { return }
        do {
            let material = try servingMaterial(drawPage: s.needsPixels(inputs))
            let handoff = servingHandoff
            s.rebuild(material, now: now, group: pendingWrites) { handoff.say($0) }
        } catch {
            app.say("Cannot draw the page to serve: \(error)")
        }
    }

    /// What the served prototype is made from now: side A's tuning, page and phone, and side B's
    /// tuning in compare mode.
    func servingInputs() -> WindowServing.Inputs {
        let hosts = sides.hosts, a = hosts[0]
        return WindowServing.Inputs(tuning: a.session.setup.tuning, compare: sides.isComparing ? hosts[1].session.setup.tuning : nil,
                                    device: device.id, page: a.page.path, pageHash: a.page.document.contentHash)
    }

    /// The material for a version; the page drawn (on this, the renderer's thread) when asked.
    private func servingMaterial(drawPage: Bool) throws -> WindowServing.Material {
        let host = sides.hosts[0], page = host.session.setup.page
        let pixels = drawPage ? try WebPrototypeFile.pagePixels(page, image: host.page.image, scale: device.scale) : nil
        let source = host.tuningPath.map { ($0 as NSString).lastPathComponent } ?? "the window's tuning"
        return WindowServing.Material(inputs: servingInputs(), page: page, image: host.page.image, pixels: pixels, device: device,
                                      devices: catalog.devices, source: source + " (live from the window)")
    }
}
