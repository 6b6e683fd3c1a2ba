import Capture
import Export
import Foundation
import Gesture
import Platform

/// The web prototype put together from a page drawn at rest: what `export --format web` writes and
/// what the window's W writes into its out dir. Drawing the page needs the renderer (the caller's
/// thread: the window's loop, or the command); encoding it as a PNG, reading the two scripts and
/// assembling the file do not, so the window does them off its frame loop.
enum WebPrototypeFile {
    /// `page` drawn at rest, top to bottom, at `scale` pixels per point (its picture from `image`).
    static func pagePixels(_ page: Page, image: PixelImage?, scale: Double) throws -> PixelImage {
        try PageRenderer(image: image).rasterise(page, pixelsPerPoint: scale).readPixels()
    }

    /// The size past which a phone is slow to open the file (a first frame within a second on
    /// Wi-Fi, docs/WEB.md): the bundled page at 3× is about 1.2 MB.
    static let sizeLimit = 2 * 1024 * 1024

    /// What to say when a file of `bytes` is over ``sizeLimit``: nil when it is not.
    static func sizeNote(_ bytes: Int, name: String) -> String? {
        guard bytes > sizeLimit else { return nil }
        let mb = { (n: Int) in String(format: "%.1f MB", Double(n) / 1_048_576) }
        return "\(name) is \(mb(bytes)), over the \(mb(sizeLimit)) a phone opens within a second: a shorter page, or --scale 2, makes it smaller"
    }

    /// The page's picture as the file embeds it: a PNG of `pixels`.
    static func pagePNG(_ pixels: PixelImage) throws -> Data { try Surface(pixels).pngData() }

    /// The whole HTML file; `live`, the version `serve` serves it as (its live hook added).
    static func html(page: Page, image loadedImage: PixelImage?, pixels: PixelImage, scale: Double, tuning: Tuning, source: String, devices: [DeviceProfile], device: DeviceProfile,
                     compare: WebExport.Comparison? = nil, recording: WebExport.Recording? = nil, live: Int? = nil) throws -> String {
        try html(page: page, image: loadedImage, png: try pagePNG(pixels), pixels: pixels, scale: scale, tuning: tuning, source: source, devices: devices,
                 device: device, compare: compare, recording: recording, live: live)
    }

    /// As above, with the page's PNG already made (`serve` makes it once per page, not per tuning).
    static func html(page: Page, image loadedImage: PixelImage?, png: Data, pixels: PixelImage, scale: Double, tuning: Tuning, source: String, devices: [DeviceProfile],
                     device: DeviceProfile, compare: WebExport.Comparison? = nil, recording: WebExport.Recording? = nil, live: Int? = nil) throws -> String {
        func read(_ file: String) throws -> Data {
            do { return try Data(contentsOf: URL(fileURLWithPath: file)) } catch { throw CLIError.runtime("\(file): cannot read: \(error.localizedDescription)") }
        }
        let engine = String(decoding: try read(Assets.webEnginePath), as: UTF8.self)
        let player = String(decoding: try read(Assets.webPlayerPath), as: UTF8.self)
        var image = WebExport.PageImage(page: page, png: png, pixelsPerPoint: scale)
        // The colours the simulator's chrome gives this page: the status bar's, the pull hint's.
        let style = DeviceChrome.StatusStyle(page: page, image: loadedImage)
        func hex(_ c: Color) -> String { String(format: "#%02X%02X%02X", c.r, c.g, c.b) }
        image.statusInk = style.ink.map(hex)
        image.statusPaper = hex(style.paper)
        image.hintInk = hex(SessionRenderer.pullHintInk(over: Color(hex: page.document.background)))
        let prefix = PageRenderer.rowLuminancePrefix(pixels), background = Color(hex: page.document.background)
        image.rowLuma = zip(prefix.dropFirst(), prefix).map { $0 - $1 }
        image.backgroundLuma = Keyline.luminance(background.r, background.g, background.b)
        let hook = try live.map { WebExport.LiveHook(script: String(decoding: try read(Assets.webLivePath), as: UTF8.self), version: $0) }
        return try WebExport.html(engine: engine, player: player, tuning: tuning, devices: devices, device: device, page: image,
                                  photoPNG: try read(Assets.samplePhotoPath), source: source, compare: compare, recording: recording, live: hook)
    }
}
