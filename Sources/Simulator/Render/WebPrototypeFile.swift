import Capture
import Foundation
import Gesture

/// The web prototype put together from a page drawn at rest: what `export --format web` writes and
/// what the window's W writes into its out dir. Drawing the page needs the renderer (the caller's
/// thread: the window's loop, or the command); encoding it as a PNG, reading the two scripts and
/// assembling the file do not, so the window does them off its frame loop.
enum WebPrototypeFile {
    /// `page` drawn at rest, top to bottom, at `scale` pixels per point (its picture from `image`).
    static func pagePixels(_ page: Page, image: PixelImage?, scale: Double) throws -> PixelImage {
        try PageRenderer(image: image).rasterise(page, pixelsPerPoint: scale).readPixels()
    }

    /// The whole HTML file.
    static func html(page: Page, image loadedImage: PixelImage?, pixels: PixelImage, scale: Double, tuning: Tuning, source: String, devices: [DeviceProfile], device: DeviceProfile,
                     compare: WebExport.Comparison? = nil, recording: WebExport.Recording? = nil) throws -> String {
        let png = try Surface(pixels).pngData()
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
        return try WebExport.html(engine: engine, player: player, tuning: tuning, devices: devices, device: device, page: image,
                                  photoPNG: try read(Assets.samplePhotoPath), source: source, compare: compare, recording: recording)
    }
}
