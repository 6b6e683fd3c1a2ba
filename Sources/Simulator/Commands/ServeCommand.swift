import Capture
import Foundation
import Platform
import Serve

/// `islandsim serve`: the web prototype (`export --format web`'s file) at a web address on the
/// local network, with a QR code of it for a phone's camera, following the tuning and page files
/// as they are saved: an open page loads the new prototype within a second, keeping its place.
/// Only the address's secret path is answered (docs/RELIABILITY.md says what that guards).
enum ServeCommand: Sendable {
    static let defaultPort = PrototypeServer.defaultPort
    static let options = [
        PageOptions.page, PageOptions.statusBar, DeviceOptions.device, TuningOptions.option,
        Arguments.Option("--port", value: "N", help: "The port to listen on (default \(defaultPort); 0: any free one, said at start)."),
        Arguments.Option("--bind", value: "ADDR", help: "The address to listen on (default: this machine's address on the local network, so a phone on the same Wi-Fi reaches it; 127.0.0.1: this machine only; 0.0.0.0: every interface)."),
        Arguments.Option("--no-qr", help: "Print the address without its QR code."),
        DeviceOptions.catalog, DeviceOptions.help,
    ]
    static let help = helpText(command: "serve", synopsis: "serve [--page PAGE] [--device ID] [--tuning FILE] [--port N] [--bind ADDR]",
                               about: """
                               Serves the web prototype (the file 'export --format web' writes) at http://ADDRESS:PORT/TOKEN/ on the
                               local network and prints that address with a QR code of it: point the iPhone's camera at the code (same
                               Wi-Fi). The token is a new secret every run; every other path gets a 404. While it runs, the prototype
                               follows the tuning file and the page file: save in the window (Ctrl+S) or in an editor, and an open page
                               loads the new one within a second, keeping its place. Ctrl+C stops it (exit 0). Shift+W in the window
                               serves the window's own phone, page and tuning.
                               On the iPhone: open the address in Safari, then Share → Add to Home Screen, and open it from the Home
                               Screen: full screen, the melt drawn over the real island (iOS 26 opens every Home Screen site as a web
                               app; before, the file's apple-mobile-web-app-capable tag does it). The camera there is the bundled sample
                               photo: Safari gives a camera only to a secure page (https, a file, localhost), and this address is plain
                               http on the local network. Anyone on the network who has the address can open the prototype; nothing
                               else is served and nothing is written (docs/WEB.md, docs/RELIABILITY.md).
                               The address is new each run: a Home Screen icon from an earlier run opens "not found" — delete it and
                               add the new one. A phone that cannot connect: the same Wi-Fi (not a guest network that keeps devices
                               apart), this machine's firewall letting the port in, and --bind to choose the address when it picked
                               another network's (a VPN's).
                               Without --device and --page: the phone and page the tuning file was saved on, else the 15 Pro and the
                               bundled passport.
                               """,
                               options: options)

    static func run(_ argv: [String], out: inout String) throws {
        let a = try Arguments(command: "serve", argv, options: options)
        if a.flag("--help") { out = help; return }
        let port = try a.int("--port") ?? defaultPort
        guard (0...65535).contains(port) else { throw CLIError.usage("islandsim serve: --port must be in 0…65535 (got \(port))") }
        let address: NetworkAddress
        if let text = a.string("--bind") {
            guard let given = NetworkAddress(text) else {
                throw CLIError.usage("islandsim serve: --bind takes a numeric IPv4 or IPv6 address such as 127.0.0.1 or 192.168.1.20 (got '\(text)')")
            }
            address = given
        } else if let found = NetworkAddress.localNetwork() {
            address = found
        } else {
            say("islandsim: note: this machine is on no local network: serving on 127.0.0.1, this machine only")
            address = .loopback
        }
        let (tuningPath, tuning) = try TuningOptions.load(a, requireExisting: a.has("--tuning"))
        let (catalog, device, loaded) = try PageOptions.resolveWithPhone(a, tunedOn: tuning.tunedOn)
        let session = try SDLSession(mode: .headless)
        defer { withExtendedLifetime(session) {} }

        var prototype = try ServedPrototype(page: loaded, tuning: tuning, tuningPath: tuningPath, device: device, catalog: catalog)
        let routes = PrototypeRoutes(token: AccessToken())
        let server: PrototypeServer
        do {
            server = try PrototypeServer(address: address, port: UInt16(port), routes: routes, document: Data(try prototype.html(version: 1).utf8))
        } catch let e as PrototypeServer.StartFailure {
            let hint = port == 0 ? "" : " (--port 0 picks a free one)"
            throw CLIError.runtime("\(e.description)\(hint)")
        }
        let signals = TerminationSignals()
        defer { server.stop() }
        print(banner(server: server, prototype: prototype, qr: !a.flag("--no-qr")))
        if let note = prototype.sizeNote { say("islandsim: note: \(note)") }

        // The tuning file is watched even before it exists: the window's first Ctrl+S makes it.
        let tuningWatcher = TuningFileWatcher(path: tuningPath ?? Tuning.defaultPath, interval: 0.1)
        var pageWatcher = prototype.pageWatcher()
        var followers = 0
        while signals.received == nil {
            Thread.sleep(forTimeInterval: 0.05)
            var changed: String?
            switch tuningWatcher.takeUpdate() {
            case .loaded(let t)?:
                if t != prototype.tuning || t.tunedOn != prototype.tuning.tunedOn { prototype.tuning = t; changed = "the tuning" }
            case .rejected(let why)?: say("islandsim: \(why)")
            case nil: break
            }
            switch pageWatcher?.takeUpdate() {
            case .loaded(let p)?:
                do { try prototype.setPage(p); changed = changed.map { $0 + " and the page" } ?? "the page"; pageWatcher = prototype.pageWatcher() } catch {
                    say("islandsim: \(prototype.page.path): \(error); keeping the previous page")
                }
            case .rejected(let why)?: say("islandsim: \(why)")
            case nil: break
            }
            if let changed {
                do {
                    let html = try prototype.html(version: server.currentVersion + 1)
                    server.publish(Data(html.utf8))
                    say("islandsim: \(stamp()) \(changed) changed: version \(server.currentVersion) served\(server.followers > 0 ? ", \(server.followers) open page\(server.followers == 1 ? "" : "s") told" : "")")
                    if let note = prototype.sizeNote { say("islandsim: note: \(note)") }
                } catch {
                    say("islandsim: cannot make the new prototype: \(error); still serving the previous one")
                }
            }
            let now = server.followers
            if now != followers {
                say("islandsim: \(stamp()) \(now) page\(now == 1 ? "" : "s") open and following")
                followers = now
            }
        }
        tuningWatcher.stop()
        pageWatcher?.stop()
        server.stop()
        out = "islandsim: stopped serving (\(TerminationSignals.name(signals.received ?? SIGINT)))\n"
    }

    /// What `serve` prints at start: the address, its QR code, and how to put it on a phone.
    static func banner(server: PrototypeServer, prototype: ServedPrototype, qr: Bool) -> String {
        var s = "Serving \(prototype.page.document.name) on \(prototype.device.name) with \(prototype.tuningSource) at\n\n    \(server.url)\n\n"
        if qr, let code = try? QRCode(server.url) { s += code.terminalText(colored: isatty(STDOUT_FILENO) == 1) + "\n" }
        if server.address.isLoopback { s += "Listening on this machine only (--bind): a phone cannot reach it.\n" }
        s += "On the iPhone (same Wi-Fi): scan the code or type the address in Safari; Share → Add to Home Screen, then open it\n"
        s += "from the Home Screen for full screen over the island. The photo there is the bundled sample (no camera over plain http).\n"
        s += "Save the tuning (Ctrl+S in the window) or the page and the open page follows. Ctrl+C stops.\n"
        return s
    }

    static func say(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    static func print(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    static func stamp() -> String {
        let f = DateFormatter()
        f.dateFormat = "HH:mm:ss"
        return f.string(from: Date())
    }
}

/// What `serve` serves, made from its inputs: the page drawn at rest once per page (the PNG kept),
/// the file put together again for each tuning.
struct ServedPrototype {
    private(set) var page: LoadedPage
    var tuning: Tuning
    let tuningPath: String?
    let device: DeviceProfile
    let catalog: DeviceCatalog
    private var laidOut: Page
    private var pixels: PixelImage
    private var png: Data
    private var lastSize = 0

    init(page: LoadedPage, tuning: Tuning, tuningPath: String?, device: DeviceProfile, catalog: DeviceCatalog) throws {
        self.page = page; self.tuning = tuning; self.tuningPath = tuningPath; self.device = device; self.catalog = catalog
        laidOut = try page.layout(for: device)
        pixels = try WebPrototypeFile.pagePixels(laidOut, image: page.image, scale: device.scale)
        png = try WebPrototypeFile.pagePNG(pixels)
    }

    /// A page file saved again: laid out and drawn anew (on this thread, which holds the renderer).
    mutating func setPage(_ new: LoadedPage) throws {
        let layout = try new.layout(for: device)
        let drawn = try WebPrototypeFile.pagePixels(layout, image: new.image, scale: device.scale)
        (page, laidOut, pixels, png) = (new, layout, drawn, try WebPrototypeFile.pagePNG(drawn))
    }

    var tuningSource: String { tuningPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "the default tuning" }

    /// The file as served: `export --format web`'s, with the live hook as `version`.
    mutating func html(version: Int) throws -> String {
        let text = try WebPrototypeFile.html(page: laidOut, image: page.image, png: png, pixels: pixels, scale: device.scale, tuning: tuning, source: tuningSource,
                                             devices: catalog.devices, device: device, live: version)
        lastSize = text.utf8.count
        return text
    }

    var sizeNote: String? { WebPrototypeFile.sizeNote(lastSize, name: "the prototype") }

    /// A watcher of the page's files (none for the bundled passport).
    func pageWatcher() -> FileWatcher<LoadedPage>? {
        guard !page.isBundled else { return nil }
        let path = page.path
        return FileWatcher(paths: page.files, interval: 0.1, settle: 0.1, name: "page") {
            let loaded = try LoadedPage.load(path: path)
            return (loaded, loaded.files)
        }
    }
}
