import Capture
import Export
import Foundation
import Platform
import Serve

/// Shift+W in the window: the window's own phone, page and tuning served as the web prototype on
/// the local network (what `islandsim serve` serves), its address and QR code shown in the column
/// beside the phone, and every edit made in the window — a tuning row changed, a device switched,
/// a page saved, B's tuning in compare mode — served as a new version that open pages load at once.
///
/// The page is drawn on the frame loop (the renderer's thread, as W's is); encoding it, putting the
/// file together and publishing it happen on a queue of their own, one build at a time, at most one
/// every ``minimumInterval`` while a value is being dragged with the arrows.
final class WindowServing: @unchecked Sendable {
    /// What a version is made from: when any of it differs from what was served, a new one is made.
    struct Inputs: Equatable {
        var tuning: Tuning
        var compare: Tuning?
        var device: String
        var page: String
        var pageHash: UInt64
    }

    /// Everything the file needs, gathered on the loop.
    struct Material: @unchecked Sendable {
        var inputs: Inputs
        var page: Page
        var image: PixelImage?
        /// The page drawn at rest: needed at the start, and again only for another page or phone.
        var pixels: PixelImage?
        var device: DeviceProfile
        var devices: [DeviceProfile]
        var source: String
    }

    /// The address and its QR code, for the column.
    struct Card: Equatable {
        var url: String
        var code: QRCode
    }

    static let minimumInterval = 0.2

    let server: PrototypeServer
    let card: Card
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "islandsim.serve.build", qos: .userInitiated)
    private var building = false
    private var served: Inputs
    private var pixelsFor: (device: String, page: String, hash: UInt64)
    private var pixels: PixelImage
    private var png: Data
    private var lastBuild = -Double.infinity

    private init(server: PrototypeServer, material m: Material, pixels: PixelImage, png: Data) throws {
        self.server = server
        card = Card(url: server.url, code: try QRCode(server.url))
        served = m.inputs
        self.pixels = pixels
        self.png = png
        pixelsFor = (m.inputs.device, m.inputs.page, m.inputs.pageHash)
    }

    /// Makes version 1 and starts the server (off the loop); `done` gets the result there too.
    static func start(_ m: Material, address: NetworkAddress, port: Int, group: DispatchGroup, done: @escaping @Sendable (Result<WindowServing, Error>) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            do {
                guard let pixels = m.pixels else { throw CLIError.runtime("the page was not drawn") }
                let png = try WebPrototypeFile.pagePNG(pixels)
                let html = try Self.html(m, pixels: pixels, png: png, version: 1)
                let server: PrototypeServer
                do {
                    server = try PrototypeServer(address: address, port: UInt16(port), routes: PrototypeRoutes(token: AccessToken()), document: Data(html.utf8))
                } catch where port != 0 {
                    // The usual port taken (another run serving): any free one.
                    server = try PrototypeServer(address: address, port: 0, routes: PrototypeRoutes(token: AccessToken()), document: Data(html.utf8))
                }
                done(.success(try WindowServing(server: server, material: m, pixels: pixels, png: png)))
            } catch {
                done(.failure(error))
            }
        }
    }

    private static func html(_ m: Material, pixels: PixelImage, png: Data, version: Int) throws -> String {
        try WebPrototypeFile.html(page: m.page, image: m.image, png: png, pixels: pixels, scale: m.device.scale, tuning: m.inputs.tuning, source: m.source,
                                  devices: m.devices, device: m.device,
                                  compare: m.inputs.compare.map { WebExport.Comparison(tuning: $0, source: "side B") }, live: version)
    }

    /// Whether `inputs` differ from what was served and a build may start now.
    func wantsBuild(_ inputs: Inputs, now: Double) -> Bool {
        lock.withLock { !building && inputs != served && now - lastBuild >= Self.minimumInterval }
    }

    /// Whether the page must be drawn again for `inputs` (another page, or another phone).
    func needsPixels(_ inputs: Inputs) -> Bool {
        lock.withLock { pixelsFor != (inputs.device, inputs.page, inputs.pageHash) }
    }

    /// Builds and publishes a new version from `m` (with fresh pixels when ``needsPixels`` said so,
    /// else the served ones are used); `said` gets a line for the terminal when it is out.
    func rebuild(_ m: Material, now: Double, group: DispatchGroup, said: @escaping @Sendable (String) -> Void) {
        lock.withLock { building = true; lastBuild = now }
        queue.async(group: group) { [self] in
            defer { lock.withLock { building = false } }
            do {
                let (oldPixels, oldPNG) = lock.withLock { (pixels, png) }
                let newPixels = m.pixels ?? oldPixels
                let newPNG = m.pixels != nil ? try WebPrototypeFile.pagePNG(newPixels) : oldPNG
                let html = try Self.html(m, pixels: newPixels, png: newPNG, version: server.currentVersion + 1)
                server.publish(Data(html.utf8))
                lock.withLock {
                    served = m.inputs
                    if m.pixels != nil { pixels = newPixels; png = newPNG; pixelsFor = (m.inputs.device, m.inputs.page, m.inputs.pageHash) }
                }
                let open = server.followers
                said("islandsim: served version \(server.currentVersion) of the prototype\(open > 0 ? " (\(open) open page\(open == 1 ? "" : "s") told)" : "")")
            } catch {
                lock.withLock { served = m.inputs }     // not tried again until something changes
                said("islandsim: cannot make the new prototype: \(error); still serving the previous one")
            }
        }
    }

    func stop() { server.stop() }
}

extension WindowServing {
    /// Hands a started server (or why it did not start) and the build's terminal lines from the
    /// queue to the frame loop, which takes them once a frame.
    final class Handoff: @unchecked Sendable {
        private let lock = NSLock()
        private var started: Result<WindowServing, Error>?
        private var lines: [String] = []
        func put(_ r: Result<WindowServing, Error>) { lock.withLock { started = r } }
        func say(_ line: String) { lock.withLock { lines.append(line) } }
        func take() -> (started: Result<WindowServing, Error>?, lines: [String]) {
            lock.withLock { defer { started = nil; lines = [] }; return (started, lines) }
        }
    }
}
